#!/usr/bin/env bash
# Turns a `vorpal datagen` file into training data for `vorpal train-network`: drops repeated
# positions (and a last line cut short by a stopped run), sets the run's last TEST positions
# apart as a test set (positions of games never fitted, for `train-network --test`), and scores
# both by Stockfish's static evaluation (benches/stockfish_labels.py), one process per core.
#
# Usage: benches/label_positions.sh IN OUT [TEST]   (writes OUT and OUT.test; TEST 100000 by default)
set -euo pipefail
if [ $# -lt 2 ]; then
  sed -n "s/^# Usage: /usage: /p" "$0" >&2
  exit 2
fi
in=$1 out=$2 test=${3:-100000}
here=$(cd "$(dirname "$0")" && pwd)
cores=$(nproc)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The first of each position is kept: the same position from another game adds no information.
awk -F';' 'NF == 3 && !seen[$1]++' "$in" > "$tmp/unique"
total=$(wc -l < "$tmp/unique")
if [ "$total" -le "$test" ]; then
  echo "$in holds $total distinct positions, not more than the $test to set apart for the test" >&2
  exit 1
fi
head -n $((total - test)) "$tmp/unique" > "$tmp/fit"
tail -n "$test" "$tmp/unique" > "$tmp/test"
split -n "l/$cores" -d "$tmp/fit" "$tmp/part."
pids=()
for part in "$tmp"/part.*; do
  python3 "$here/stockfish_labels.py" "$part" "$part.scored" 1 0 >/dev/null &
  pids+=($!)
done
for pid in "${pids[@]}"; do
  wait "$pid"
done
python3 "$here/stockfish_labels.py" "$tmp/test" "$out.test" 1 0 >/dev/null
cat "$tmp"/part.*.scored > "$out"
echo "$(wc -l < "$out") positions scored into $out, $(wc -l < "$out.test") into $out.test ($total distinct of $(wc -l < "$in"))"
