#!/usr/bin/env bash
# Two threads against one: the current build with `Threads=2` against itself with `Threads=1`,
# 16 MB of hash each, one game at a time (the two threads need both cores of a 2-core machine;
# neither engine thinks on the other's time), the openings benches/match_common.sh chooses.
# SEED and SPRT from the environment. Writes the PGN and the match output into benches/results/.
# Usage: benches/vs_threads.sh VARIANT [GAMES] [TC]   (defaults: 200 games, 10+0.1)
set -euo pipefail
cd "$(dirname "$0")/.."
variant=${1:?a variant}
games=${2:-200}
tc=${3:-10+0.1}
cargo build --release --quiet
# A copy of this run's own, so that a rebuild during the match changes nothing.
engine=$PWD/target/vorpal-vs-threads-$$
cp target/release/vorpal "$engine"
trap 'rm -f "$engine"' EXIT
. benches/match_common.sh
play_match "$engine" "benches/results/vs-threads-$variant-$games-$tc-$(date +%Y-%m-%d-%H%M)" \
  "$engine name=Vorpal-2-threads option.Hash=16 option.Threads=2" \
  "$engine name=Vorpal-1-thread option.Hash=16 option.Threads=1" 1
