#!/usr/bin/env bash
# Vorpal against Fairy-Stockfish's `alice` branch in Alice Chess: one thread and 16 MB of hash
# each, every opening of benches/openings/alice.epd played with both colours in random order,
# two games at a time. Writes the PGN and the match output into benches/results/.
# Usage: [SEED=N] benches/vs_fairy_alice.sh [GAMES] [TC]   (defaults: 40 games, 10+0.1, a random seed)
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-40}
tc=${2:-10+0.1}
cargo build --release --quiet
fairy=$(benches/fairy_alice.sh)
mkdir -p benches/results
# A copy, so that a rebuild during the match changes nothing.
cp target/release/vorpal target/vorpal-vs-fairy
out=benches/results/vs-fairy-alice-$games-$tc-$(date +%Y-%m-%d-%H%M)
target/vorpal-vs-fairy match --variant alice --games "$games" --tc "$tc" --concurrency 2 \
  --engine "target/vorpal-vs-fairy name=Vorpal option.Hash=16 option.Threads=1" \
  --engine "$fairy name=Fairy-Stockfish-alice notation=fairy option.Hash=16 option.Threads=1" \
  --openings "file=benches/openings/alice.epd order=random" --seed "${SEED:-$RANDOM}" \
  --pgn "$out.pgn" | tee "$out.txt"
echo "PGN: $out.pgn, output: $out.txt"
