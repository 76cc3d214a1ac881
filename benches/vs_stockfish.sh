#!/usr/bin/env bash
# Vorpal against Stockfish held to a strength (`UCI_LimitStrength`, `UCI_Elo`) in FIDE chess:
# one thread and 16 MB of hash each, two games at a time (CONCURRENCY=N for another number),
# every opening of benches/openings/normal.epd (6 random plies that Stockfish scores level)
# played with both colours in random order; OPENINGS=random plays 6 random plies instead, as
# the runs up to 2026-11-28 did.
# SEED from the environment fixes the openings' order (else a random one). Installs Debian's
# stockfish when it is missing. Writes the PGN and the match output into benches/results/.
# Usage: benches/vs_stockfish.sh [ELO] [GAMES] [TC]   (defaults: 2400, 100 games, 10+0.1)
set -euo pipefail
cd "$(dirname "$0")/.."
elo=${1:-2400}
games=${2:-100}
tc=${3:-10+0.1}
stockfish=$(benches/stockfish.sh)
cargo build --release --quiet
# A copy of this run's own, so that a rebuild or another run at the same time cannot touch it.
vorpal=target/vorpal-vs-stockfish-$$
cp target/release/vorpal "$vorpal"
trap 'rm -f "$vorpal"' EXIT
if [ "${OPENINGS:-balanced}" = random ]; then
  openings=(--random-plies 6)
else
  openings=(--openings "file=benches/openings/normal.epd order=random")
fi
mkdir -p benches/results
out=benches/results/vs-stockfish-$elo-$games-$tc-$(date +%Y-%m-%d-%H%M)
$vorpal match --variant normal --games "$games" --tc "$tc" --concurrency "${CONCURRENCY:-2}" \
  --engine "$vorpal name=Vorpal option.Hash=16 option.Threads=1" \
  --engine "$stockfish name=Stockfish-$elo option.Hash=16 option.Threads=1 option.UCI_LimitStrength=true option.UCI_Elo=$elo" \
  "${openings[@]}" --seed "${SEED:-$RANDOM}" --pgn "$out.pgn" | tee "$out.txt"
echo "PGN: $out.pgn, output: $out.txt"
