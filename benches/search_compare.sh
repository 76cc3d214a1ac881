#!/bin/bash
# Search speed of two builds per variant, long enough to time: each built-in variant's start
# position searched to a depth that takes about half a second (`vorpal search --depth`), the two
# builds interleaved round by round on one core (CORE, default 1, where taskset exists); the
# median nps of each and new / old. vorpal bench's own searches last a few milliseconds each,
# too short to time one variant on a shared machine. Says when the builds search different trees.
# TOGETHER=1 runs the two builds at the same time instead, one on each of cores 0 and 1, the
# cores swapped every round: a host whose speed drifts between runs slows both alike, and the
# median of the rounds' own ratios is printed beside the ratio of the medians.
# Usage: [CORE=C] [TOGETHER=1] benches/search_compare.sh OLD_BINARY NEW_BINARY [ROUNDS]   (default 7)
set -euo pipefail
OLD=$1 NEW=$2 ROUNDS=${3:-7}
pin=()
if command -v taskset >/dev/null; then pin=(taskset -c "${CORE:-1}"); fi
rows=$(mktemp)
trap 'rm -f "$rows" "$rows.old" "$rows.new"' EXIT
# Depths at which each start position takes 0.4-0.7 s (AMD EPYC, 2026-12-02).
depths="normal:18 fischerandom:18 alice:15 alice2:13 msalice:13 odonohue:11 duo:10 alice3:11
alice8x4:18 lma:15 lmadouble:12 monochrome:21 insideout:15 lookingglass:12"
for entry in $depths; do
    variant=${entry%:*} depth=${entry#*:}
    for round in $(seq "$ROUNDS"); do
        if [ "${TOGETHER:-0}" = 1 ]; then
            old_core=$((round % 2)) new_core=$((1 - round % 2))
            taskset -c "$old_core" "$OLD" search --variant "$variant" --depth "$depth" >"$rows.old" &
            taskset -c "$new_core" "$NEW" search --variant "$variant" --depth "$depth" >"$rows.new"
            wait
        else
            "${pin[@]}" "$OLD" search --variant "$variant" --depth "$depth" >"$rows.old"
            "${pin[@]}" "$NEW" search --variant "$variant" --depth "$depth" >"$rows.new"
        fi
        for build in old new; do
            line=$(grep '^info depth' "$rows.$build" | tail -1)
            nodes=$(echo "$line" | sed 's/.* nodes \([0-9]*\) .*/\1/')
            ms=$(echo "$line" | sed 's/.* time \([0-9]*\).*/\1/')
            echo "$variant $build $round $nodes $ms" >>"$rows"
        done
    done
done
python3 - "$rows" <<'PY'
import collections, statistics, sys
nps, nodes, order = collections.defaultdict(dict), {}, []
for line in open(sys.argv[1]):
    variant, build, round_, n, ms = line.split()
    nps[variant, build][round_] = int(n) * 1000 / max(int(ms), 1)
    nodes[variant, build] = int(n)
    if variant not in order:
        order.append(variant)
print(f"{'variant':13} {'old nodes':>10} {'new nodes':>10} {'old Mnps':>9} {'new Mnps':>9} {'ratio':>6}"
      f" {'paired':>6} {'old min-max Mnps':>17}")
for v in order:
    olds, news = nps[v, 'old'], nps[v, 'new']
    old, new = statistics.median(olds.values()), statistics.median(news.values())
    paired = statistics.median(news[r] / olds[r] for r in olds)
    spread = f"{min(olds.values()) / 1e6:.3f}-{max(olds.values()) / 1e6:.3f}"
    note = "" if nodes[v, 'old'] == nodes[v, 'new'] else "  (different trees)"
    print(f"{v:13} {nodes[v, 'old']:>10} {nodes[v, 'new']:>10} {old / 1e6:>9.3f} {new / 1e6:>9.3f} {new / old:>6.3f}"
          f" {paired:>6.3f} {spread:>17}{note}")
PY
