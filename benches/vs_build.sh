#!/usr/bin/env bash
# The current build against an earlier revision of Vorpal in one variant: one thread and 16 MB
# of hash each, two games at a time (CONCURRENCY), the openings benches/match_common.sh chooses
# (a variant's balanced openings file where there is one, else random plies). The revision is
# built once in a git worktree under target/.
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
. benches/match_common.sh
play_match target/vorpal-vs-build "benches/results/vs-$rev-$variant-$games-$tc-$(date +%Y-%m-%d-%H%M)" \
  "target/vorpal-vs-build name=Vorpal option.Hash=16 option.Threads=1" \
  "$old name=Vorpal-$rev option.Hash=16 option.Threads=1"
