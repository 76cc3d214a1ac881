#!/bin/sh
# Soak: Vorpal against itself in every variant at a short time control, over UCI and (where XBoard
# can show the variant) XBoard, with pondering on for some engines; then counts what must never
# happen: crashes, hangs, illegal moves, false claims, refusals and time forfeits.
# Usage: benches/soak.sh [GAMES_PER_VARIANT] [TC] [OUT_DIR] [HIDDEN_GAMES]
#   GAMES_PER_VARIANT  default 80 (14 variants: 1,120 games), split over the three pairings below
#   TC                 default 1+0.02 (seconds + increment)
#   OUT_DIR            default target/soak (one PGN and one log per variant and pairing)
#   HIDDEN_GAMES       default 200: hidden Looking-Glass, the blind player against the naive one,
#                      two games at once, at TC
# Pairings per variant: UCI vs UCI, two games at once (half the games); UCI with pondering vs UCI,
# one at a time (a quarter); XBoard with pondering vs XBoard (a quarter; UCI vs UCI with pondering
# where XBoard cannot show the variant). Pondering games run one at a time so that a pondering
# engine's thread never takes the core its opponent's clock is running on.
set -eu
GAMES=${1:-80}
TC=${2:-1+0.02}
cd "$(dirname "$0")/.."
OUT=${3:-target/soak}
HIDDEN=${4:-200}
cargo build --release --quiet
rm -rf "$OUT" && mkdir -p "$OUT"
# A copy, so that a rebuild while the soak runs does not change what it soaks.
cp target/release/vorpal "$OUT/vorpal"
V=$(cd "$OUT" && pwd)/vorpal
xboard_variants=$(printf 'xboard\nprotover 2\nquit\n' | $V | sed -n 's/.*variants="\([^"]*\)".*/\1/p' | tr ',' ' ')
half=$((GAMES / 2))
quarter=$((GAMES / 4))
started=$(date +%s)
seed=1
play() { # name variant games concurrency engine1 engine2
    name=$1 variant=$2 games=$3 concurrency=$4
    shift 4
    status=0
    $V match --variant "$variant" --engine "$1" --engine "$2" --games "$games" --concurrency "$concurrency" \
        --tc "$TC" --random-plies 4 --seed "$seed" --pgn "$OUT/$variant-$name.pgn" >"$OUT/$variant-$name.log" 2>&1 ||
        status=$?
    seed=$((seed + 1))
    if [ "$status" -ne 0 ]; then
        echo "$variant $name: vorpal match exited with status $status (see $OUT/$variant-$name.log)"
    fi
    printf '%-13s %-15s %s\n' "$variant" "$name" "$(grep '^Finished: ' "$OUT/$variant-$name.log" || echo 'no result')"
}
for variant in $($V variants | cut -d' ' -f1); do
    play uci "$variant" "$half" 2 "$V" "$V"
    play uci-ponder "$variant" "$quarter" 1 "$V ponder" "$V"
    case " $xboard_variants " in
    *" $variant "*) play xboard-ponder "$variant" "$quarter" 1 "$V proto=xboard ponder" "$V proto=xboard" ;;
    *) play uci-both-ponder "$variant" "$quarter" 1 "$V ponder" "$V ponder" ;;
    esac
done
if [ "$HIDDEN" -gt 0 ]; then
    status=0
    $V match --variant lookingglass --hidden --engine "$V --player blind" --proto lgp \
        --engine "$V --player naive" --proto lgp --games "$HIDDEN" --concurrency 2 --tc "$TC" --seed "$seed" \
        --pgn "$OUT/hidden.pgn" >"$OUT/hidden.log" 2>&1 || status=$?
    [ "$status" -eq 0 ] || echo "hidden: vorpal match exited with status $status (see $OUT/hidden.log)"
    printf '%-13s %-15s %s\n' lookingglass hidden "$(grep '^Finished: ' "$OUT/hidden.log" || echo 'no result')"
fi
elapsed=$(($(date +%s) - started))
games=$(cat "$OUT"/*.pgn | grep -c '^\[Result ' || true)
count() { cat "$OUT"/*.pgn | grep -c "$1" || true; }
echo "== soak: $games games in $elapsed s, tc $TC"
echo "crashes (abandoned):          $(count '^\[Termination "abandoned"\]')"
echo "time forfeits and hangs:      $(count '^\[Termination "time forfeit"\]')"
echo "illegal moves, false claims:  $(count '^\[Termination "rules infraction"\]')"
echo "match runs that failed:       $(grep -L '^Finished: ' "$OUT"/*.log | wc -l)"
echo "games without a result:       $(count '^\[Result "\*"\]')"
# Every game must replay, move by move, from its PGN: a record that is cut or wrong fails here.
unreadable=0
for pgn in "$OUT"/*.pgn; do
    n=$(grep -c '^\[Result ' "$pgn" || true)
    i=1
    while [ "$i" -le "$n" ]; do
        $V play --pgn "$pgn" --game "$i" >/dev/null 2>&1 || unreadable=$((unreadable + 1))
        i=$((i + 1))
    done
done
echo "games that do not replay:     $unreadable"
