#!/bin/sh
# Instructions per node of `vorpal bench`, per variant, counted by callgrind: the load of a shared
# machine does not change them, so they measure a speed change where timings scatter.
# Usage: benches/bench_instructions.sh [BINARY] [DEPTH]   (needs valgrind: apt-get install valgrind)
set -eu
cd "$(dirname "$0")/.."
if [ $# -ge 1 ]; then V=$1; else cargo build --release --quiet; V=target/release/vorpal; fi
DEPTH=${2:-8}
command -v valgrind >/dev/null || { echo "valgrind is needed: apt-get install valgrind" >&2; exit 1; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
# Only the searches are counted (what bench times), and a profile is dumped before each
# variant's hash is cleared: part k+1 holds variant k's search, the last part the last one's.
valgrind --tool=callgrind --collect-atstart=no --toggle-collect='vorpal::engine::run*' \
    --dump-before='*Engine::clear_hash*' --callgrind-out-file="$dir/cg" \
    "$V" bench --depth "$DEPTH" >"$dir/bench" 2>"$dir/log"
variants=$(grep -c '^[a-z][a-z0-9]* \+nodes' "$dir/bench")
parts=$(for k in $(seq 2 "$variants"); do echo "$dir/cg.$k"; done; echo "$dir/cg")
printf '%-13s %10s %15s %10s\n' variant nodes instructions per-node
grep '^[a-z][a-z0-9]* \+nodes' "$dir/bench" | paste -d' ' - "$(echo "$parts" >"$dir/parts"; echo "$dir/parts")" |
    while read -r name _ nodes _ _ _ _ part; do
        ir=$(sed -n 's/^summary: //p' "$part")
        printf '%-13s %10s %15s %10s\n' "$name" "$nodes" "$ir" "$((ir / nodes))"
    done
total_ir=$(for part in $parts; do sed -n 's/^summary: //p' "$part"; done | paste -sd+ | bc)
# Summed from the variants' lines: older builds end bench with another line.
total_nodes=$(grep '^[a-z][a-z0-9]* \+nodes' "$dir/bench" | awk '{n += $3} END {print n}')
printf '%-13s %10s %15s %10s\n' all "$total_nodes" "$total_ir" "$((total_ir / total_nodes))"
