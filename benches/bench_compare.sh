#!/bin/sh
# `vorpal bench` nps of two builds, per variant: RUNS runs of each, interleaved (old, new, old,
# ...), so that a change of the machine's load falls on both; medians, and new / old.
# Checks that both builds search the same number of nodes (a change of speed alone). Both run on
# one core (CORE, default 1, where taskset exists): a shared machine's cores differ in speed.
# DEPTH (default bench's own, 8) deepens each search: the default bench's searches take a few
# milliseconds each, too short to time on a shared machine.
# Usage: [DEPTH=D] [CORE=C] benches/bench_compare.sh OLD_BINARY NEW_BINARY [RUNS]   (default 11)
set -eu
OLD=$1 NEW=$2 RUNS=${3:-11}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
pin=""
if command -v taskset >/dev/null; then pin="taskset -c ${CORE:-1}"; fi
for i in $(seq "$RUNS"); do
    $pin "$OLD" bench ${DEPTH:+--depth "$DEPTH"} >>"$dir/old"
    $pin "$NEW" bench ${DEPTH:+--depth "$DEPTH"} >>"$dir/new"
done
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
printf '%-13s %10s %10s %10s %6s\n' variant nodes old-nps new-nps ratio
for name in $(grep -o '^[a-z][a-z0-9]* ' "$dir/old" | grep -vx 'nodes ' | sort -u) all; do
    if [ "$name" = all ]; then pattern='^nodes '; else pattern="^$name "; fi
    old_nodes=$(grep "$pattern" "$dir/old" | head -1 | awk '{print $(NF-4)}')
    new_nodes=$(grep "$pattern" "$dir/new" | head -1 | awk '{print $(NF-4)}')
    [ "$old_nodes" = "$new_nodes" ] || echo "$name: the builds search different trees ($old_nodes and $new_nodes nodes)"
    old=$(grep "$pattern" "$dir/old" | awk '{print $NF}' | median)
    new=$(grep "$pattern" "$dir/new" | awk '{print $NF}' | median)
    printf '%-13s %10s %10s %10s %6s\n' "$name" "$old_nodes" "$old" "$new" "$(echo "scale=3; $new / $old" | bc)"
done
