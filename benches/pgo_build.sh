#!/bin/sh
# A profile-guided build of vorpal, for play and for measuring: target/pgo/vorpal. An
# instrumented build plays a short game of every variant against itself and searches the
# perft suites' positions, then the build is made again with what that run recorded.
# The search is the same as the plain build's (`vorpal bench` prints the same node total).
# Needs rustup's llvm-tools (installed here if missing).
# Usage: benches/pgo_build.sh [NODES_PER_POSITION]
set -eu
NODES=${1:-200000}
cd "$(dirname "$0")/.."
rustup component add llvm-tools >/dev/null 2>&1 || true
PROFDATA="$(rustc --print sysroot)/lib/rustlib/$(rustc -vV | sed -n 's/^host: //p')/bin/llvm-profdata"
if [ ! -x "$PROFDATA" ]; then
    echo "error: llvm-profdata not found at $PROFDATA (rustup component add llvm-tools)" >&2
    exit 1
fi
# RUSTFLAGS replaces .cargo/config.toml's flags, so its processor target is repeated here.
BASE=${RUSTFLAGS:-}
if [ -z "$BASE" ] && [ "$(uname -m)" = x86_64 ]; then BASE="-C target-cpu=x86-64-v3"; fi
DATA="$PWD/target/pgo/profiles"
rm -rf "$DATA"
mkdir -p "$DATA"

echo "== instrumented build" >&2
RUSTFLAGS="$BASE -C profile-generate=$DATA" cargo build --release --quiet --target-dir target/pgo/instrumented
TRAINER=target/pgo/instrumented/release/vorpal

echo "== training: a short self-play game of every variant and the perft-suite positions" >&2
# Neither searches a variant's start position, which is what `vorpal bench` measures: each game
# opens with two random plies, and the suites' start positions are skipped.
for variant in $($TRAINER variants | cut -d' ' -f1); do
    # One game is searched with two threads, for the code only they run.
    threads=1
    [ "$variant" = lma ] && threads=2
    moves=""
    for ply in $(seq 40); do
        if [ "$ply" -le 2 ]; then set -- --personality random --seed "$ply"; else set -- --nodes "$NODES"; fi
        # Once the game is over (by repetition, say) there is no position or move to go on from.
        fen=$($TRAINER play --variant "$variant" $moves 2>/dev/null | head -1)
        move=$($TRAINER search --variant "$variant" --fen "$fen" --threads $threads "$@" 2>/dev/null |
            sed -n 's/^bestmove //p')
        [ -n "$fen" ] && [ -n "$move" ] || break
        moves="$moves $move"
    done
done
for suite in perft/*.epd; do
    variant=$(sed -n 's/^# variant: //p' "$suite")
    option=$(sed -n 's/^# option: //p' "$suite")
    start=$($TRAINER play --variant "$variant" | head -1)
    grep -v '^#' "$suite" | cut -d';' -f1 | sed 's/ *$//' | while read -r fen; do
        [ -z "$fen" ] || [ "$fen" = "$start" ] && continue
        # A suite position where the game is over has nothing to search: its error is expected.
        $TRAINER search --variant "$variant" ${option:+--option "$option"} --fen "$fen" --nodes "$NODES" \
            >/dev/null 2>&1 || true
    done
done

echo "== optimised build" >&2
"$PROFDATA" merge -o "$DATA/merged.profdata" "$DATA"
RUSTFLAGS="$BASE -C profile-use=$DATA/merged.profdata" cargo build --release --quiet --target-dir target/pgo/optimised
# Only the speed may differ: the optimised build must search exactly as the instrumented one.
expected=$($TRAINER bench --depth 6 | sed -n 's/^nodes \([0-9]*\) .*/\1/p')
got=$(target/pgo/optimised/release/vorpal bench --depth 6 | sed -n 's/^nodes \([0-9]*\) .*/\1/p')
if [ "$got" != "$expected" ]; then
    echo "error: the optimised build searched $got nodes where the instrumented one searched $expected" >&2
    exit 1
fi
cp target/pgo/optimised/release/vorpal target/pgo/vorpal
echo "built target/pgo/vorpal (bench at depth 6: $got nodes, as the instrumented build)" >&2
