#!/usr/bin/env bash
# Vorpal's blind player against one of its reference players in hidden Looking-Glass: the naive
# player, the random player, or itself with full sight (sighted: told the true position). Two
# setups drawn from the seed for each pair of games, one game at a time. Writes the PGN and the
# match output into benches/results/, then each player's strikes per game.
# Usage: benches/hidden_players.sh naive|random|sighted [GAMES] [TC] [SEED]
#        (defaults: 100 games, 10+0.1, seed 12)
set -euo pipefail
cd "$(dirname "$0")/.."
kind=${1:?naive, random or sighted}
games=${2:-100}
tc=${3:-10+0.1}
seed=${4:-12}
case $kind in
  naive | random) opponent="--player $kind" ;;
  sighted) opponent="--player blind sighted name=Sighted" ;;
  *) echo "the opponent is naive, random or sighted, not '$kind'" >&2; exit 2 ;;
esac
cargo build --release --quiet
# A copy of its own, so that a rebuild or another run of this script changes nothing.
vorpal=target/vorpal-hidden-$$
cp target/release/vorpal "$vorpal"
trap 'rm -f "$vorpal"' EXIT
mkdir -p benches/results
out=benches/results/hidden-blind-vs-$kind-$games-$tc-$(date +%Y-%m-%d-%H%M)
"$vorpal" match --variant lookingglass --hidden --games "$games" --tc "$tc" --concurrency 1 \
  --engine "$vorpal --player blind" --proto lgp \
  --engine "$vorpal $opponent" --proto lgp --seed "$seed" --pgn "$out.pgn" | tee "$out.txt"
python3 benches/hidden_strikes.py "$out.pgn" | tee -a "$out.txt"
echo "PGN: $out.pgn, output: $out.txt"
