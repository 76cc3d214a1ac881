#!/usr/bin/env bash
# The current build against an earlier revision of Vorpal in one variant: one thread and 16 MB
# of hash each, two games at a time (CONCURRENCY), openings from random plies (FIDE chess 6, others 4; Alice
# from its balanced openings file). The revision is built once in a git worktree under target/.
# Writes the PGN and the match output into benches/results/.
# Usage: benches/vs_build.sh REVISION VARIANT [GAMES] [TC]   (defaults: 100 games, 10+0.1)
set -euo pipefail
cd "$(dirname "$0")/.."
rev=$(git rev-parse --short "${1:?a revision to play against}")
variant=${2:?a variant}
games=${3:-100}
tc=${4:-10+0.1}
cargo build --release --quiet
old=target/vorpal-$rev
if [ ! -x "$old" ]; then
  tree=target/worktree-$rev
  [ -d "$tree" ] || git worktree add --detach "$tree" "$rev" >/dev/null
  CARGO_TARGET_DIR=target/worktree-target cargo build --release --quiet --manifest-path "$tree/Cargo.toml"
  cp target/worktree-target/release/vorpal "$old"
  git worktree remove --force "$tree"
fi
# A copy, so that a rebuild during the match changes nothing.
cp target/release/vorpal target/vorpal-vs-build
case $variant in
  alice | lma) openings=(--openings "file=benches/openings/$variant.epd order=random") ;;
  normal | fischerandom) openings=(--random-plies 6) ;;
  *) openings=(--random-plies 4) ;;
esac
mkdir -p benches/results
out=benches/results/vs-$rev-$variant-$games-$tc-$(date +%Y-%m-%d-%H%M)
target/vorpal-vs-build match --variant "$variant" --games "$games" --tc "$tc" --concurrency "${CONCURRENCY:-2}" \
  --engine "target/vorpal-vs-build name=Vorpal option.Hash=16 option.Threads=1" \
  --engine "$old name=Vorpal-$rev option.Hash=16 option.Threads=1" \
  "${openings[@]}" --seed "${SEED:-$RANDOM}" --resign 4,800 --draw 30,10 ${SPRT:+--sprt "$SPRT"} \
  --pgn "$out.pgn" | tee "$out.txt"
echo "PGN: $out.pgn, output: $out.txt"
