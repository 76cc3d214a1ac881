#!/usr/bin/env bash
# Perft speed of every built-in variant's start position, 1 and 2 threads, medians of RUNS runs.
# Usage: benches/perft_variants.sh [RUNS]   (default 3)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-3}
cargo build --release --quiet
command -v bc >/dev/null || { apt-get update >/dev/null && apt-get install -y bc >/dev/null; }
out=$(mktemp -d)
# Depths chosen so that one thread takes a few seconds to about ten.
depths="normal:6 alice:6 alice2:6 msalice:5 odonohue:6 duo:5 alice3:5 alice8x4:8 lma:6 lmadouble:5 monochrome:6 insideout:7 lookingglass:6"
printf '%-13s %5s %12s %10s %10s %8s %8s\n' variant depth nodes "1t secs" "2t secs" "1t Mnps" speedup
for entry in $depths; do
  v=${entry%:*}; d=${entry#*:}
  for t in 1 2; do
    for i in $(seq "$runs"); do
      start=$(date +%s.%N)
      target/release/vorpal perft --variant "$v" --depth "$d" --threads "$t" >"$out/nodes" 2>/dev/null
      echo "$(date +%s.%N) - $start" | bc -l
    done | sort -n | sed -n "$(( (runs + 1) / 2 ))p" >"$out/median-$t"
  done
  nodes=$(tail -1 "$out/nodes" | cut -d' ' -f2)
  s1=$(cat "$out/median-1"); s2=$(cat "$out/median-2")
  printf '%-13s %5s %12s %10.2f %10.2f %8.1f %8.2f\n' "$v" "$d" "$nodes" "$s1" "$s2" "$(echo "$nodes / $s1 / 1000000" | bc -l)" "$(echo "$s1 / $s2" | bc -l)"
done
