#!/bin/sh
# Search speed: `vorpal bench` per variant (medians of RUNS), and the time the search takes to
# reach a fixed depth with 1 and with 2 threads: every variant's start position at SMP_DEPTH
# (`vorpal bench --threads`), and a few positions deeper (medians of RUNS).
# Usage: benches/search_bench.sh [RUNS] [SMP_DEPTH]
set -eu
RUNS=${1:-3}
SMP_DEPTH=${2:-10}
cd "$(dirname "$0")/.."
cargo build --release --quiet
V=target/release/vorpal
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

echo "== vorpal bench (depth 8), nps per variant, median of $RUNS"
for i in $(seq "$RUNS"); do $V bench; done > /tmp/vorpal-bench.$$
for name in $($V variants | cut -d' ' -f1) total; do
    if [ "$name" = total ]; then pattern='^nodes'; else pattern="^$name "; fi
    nodes=$(grep -E "$pattern" /tmp/vorpal-bench.$$ | head -1 | awk '{print $(NF-4)}')
    nps=$(grep -E "$pattern" /tmp/vorpal-bench.$$ | awk '{print $NF}' | median)
    printf '%-13s nodes %10s nps %10s\n' "$name" "$nodes" "$nps"
done
rm -f /tmp/vorpal-bench.$$

echo "== time to depth $SMP_DEPTH from every start position, 1 and 2 threads, median of $RUNS (ms)"
for threads in 1 2; do
    for i in $(seq "$RUNS"); do $V bench --depth "$SMP_DEPTH" --threads $threads; done > /tmp/vorpal-smp$threads.$$
done
for name in $($V variants | cut -d' ' -f1) total; do
    if [ "$name" = total ]; then pattern='^nodes'; else pattern="^$name "; fi
    one=$(grep -E "$pattern" /tmp/vorpal-smp1.$$ | awk '{print $(NF-2)}' | median)
    two=$(grep -E "$pattern" /tmp/vorpal-smp2.$$ | awk '{print $(NF-2)}' | median)
    printf '%-13s 1 thread %7s ms  2 threads %7s ms  speed-up %s\n' "$name" "$one" "$two" \
        "$(echo "scale=2; $one / $two" | bc)"
done
rm -f /tmp/vorpal-smp1.$$ /tmp/vorpal-smp2.$$

echo "== time to depth, 1 and 2 threads, median of $RUNS (ms)"
run() { # variant depth threads fen...
    variant=$1 depth=$2 threads=$3; shift 3
    for i in $(seq "$RUNS"); do
        if [ $# -gt 0 ]; then fen="$*"; set -- --fen "$fen"; fi
        $V search --variant "$variant" --depth "$depth" --threads "$threads" --hash 64 "$@" |
            grep "^info depth $depth " | tail -1 | sed 's/.* time \([0-9]*\) .*/\1/'
        if [ $# -gt 0 ]; then set -- "$fen"; fi
    done | median
}
while IFS='|' read -r variant depth fen; do
    one=$(run "$variant" "$depth" 1 $fen)
    two=$(run "$variant" "$depth" 2 $fen)
    printf '%-12s depth %2s  1 thread %6s ms  2 threads %6s ms  speed-up %s\n' "$variant" "$depth" "$one" "$two" \
        "$(echo "scale=2; $one / $two" | bc)"
done <<'POSITIONS'
normal|13|
normal|12|r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4
alice|12|
lma|11|
lookingglass|10|
POSITIONS
