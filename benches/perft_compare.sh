#!/usr/bin/env bash
# Perft speed of Vorpal beside Stockfish and Fairy-Stockfish (Debian's builds) in FIDE chess, and
# beside Fairy-Stockfish's alice branch (built by benches/fairy_alice.sh) in Alice Chess, medians
# of RUNS runs. Usage: benches/perft_compare.sh [RUNS]   (default 5). Installs the engines if missing.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
export PATH=$PATH:/usr/games
if ! command -v stockfish >/dev/null || ! command -v fairy-stockfish >/dev/null; then
  apt-get update >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y stockfish fairy-stockfish >/dev/null
fi
cargo build --release --quiet
fairy_alice=$(benches/fairy_alice.sh)
command -v bc >/dev/null || { apt-get update >/dev/null && apt-get install -y bc >/dev/null; }
out=$(mktemp -d)
kiwipete="r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

# Seconds taken by a UCI engine for `go perft DEPTH` (wall clock, start-up included: a few ms);
# a fourth argument is a command sent first (the variant).
uci_perft() {
  local engine=$1 position=$2 depth=$3 setup=${4:-isready} start end
  start=$(date +%s.%N)
  printf '%s\n%s\ngo perft %s\nquit\n' "$setup" "$position" "$depth" | "$engine" >"$out/uci.txt"
  end=$(date +%s.%N)
  grep -q "Nodes searched" "$out/uci.txt" || { echo "$engine gave no perft result" >&2; exit 1; }
  echo "$(grep 'Nodes searched' "$out/uci.txt" | awk '{print $3}') $(echo "$end - $start" | bc -l)"
}

for i in $(seq "$runs"); do
  target/release/vorpal bench-perft --threads 2 | tail -n +2 | awk '{print "vorpal-" $2 "t", $1, $3, $4}' >>"$out/rows"
  for engine in stockfish fairy-stockfish; do
    read -r n s < <(uci_perft "$engine" "position startpos" 6); echo "$engine fide-start $n $s" >>"$out/rows"
    read -r n s < <(uci_perft "$engine" "position fen $kiwipete" 5); echo "$engine kiwipete $n $s" >>"$out/rows"
  done
  read -r n s < <(uci_perft "$fairy_alice" "position startpos" 6 "setoption name UCI_Variant value alice")
  echo "fairy-alice alice-start $n $s" >>"$out/rows"
done

python3 - "$out/rows" "$runs" <<'PY'
import sys, statistics, collections
rows = collections.defaultdict(list)
nodes = {}
for line in open(sys.argv[1]):
    engine, pos, n, s = line.split()
    rows[(engine, pos)].append(float(s)); nodes[(engine, pos)] = int(n)
print(f"medians of {sys.argv[2]} runs")
print(f"{'engine':<16} {'position':<12} {'nodes':>11} {'seconds':>8} {'Mnps':>7}")
med = {}
for (engine, pos), secs in rows.items():
    m = statistics.median(secs); med[(engine, pos)] = m
    print(f"{engine:<16} {pos:<12} {nodes[(engine, pos)]:>11} {m:>8.3f} {nodes[(engine, pos)] / m / 1e6:>7.1f}")
print("\nratios of speed (nodes per second), single thread unless marked:")
for pos in ("fide-start", "kiwipete"):
    v = nodes[("vorpal-1t", pos)] / med[("vorpal-1t", pos)]
    for other in ("stockfish", "fairy-stockfish"):
        o = nodes[(other, pos)] / med[(other, pos)]
        print(f"  {pos:<12} vorpal / {other:<16} {v / o:5.2f}")
v = nodes[("vorpal-1t", "alice-start")] / med[("vorpal-1t", "alice-start")]
o = nodes[("fairy-alice", "alice-start")] / med[("fairy-alice", "alice-start")]
print(f"  {'alice-start':<12} vorpal / {'fairy-alice':<16} {v / o:5.2f}")
fide = nodes[("vorpal-1t", "fide-start")] / med[("vorpal-1t", "fide-start")]
alice = nodes[("vorpal-1t", "alice-start")] / med[("vorpal-1t", "alice-start")]
print(f"  alice-start / fide-start (vorpal)          {alice / fide:5.2f}")
for pos in ("fide-start", "kiwipete", "alice-start", "lma-start"):
    t = [k for k in med if k[1] == pos and k[0].startswith("vorpal-") and k[0] != "vorpal-1t"]
    for k in t:
        print(f"  {pos:<12} {k[0]} / vorpal-1t            {med[('vorpal-1t', pos)] / med[k]:5.2f}")
PY
