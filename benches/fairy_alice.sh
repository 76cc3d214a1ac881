#!/usr/bin/env bash
# Builds Fairy-Stockfish's `alice` branch (the engine behind PyChess's Alice Chess) into
# target/fairy-alice/fairy-alice, once, from the source distribution of the PyPI package
# pyffish-alice, and prints its path. Needs pip and g++; the other benches call it.
# Usage: benches/fairy_alice.sh
set -euo pipefail
cd "$(dirname "$0")/.."
dir=target/fairy-alice
engine=$dir/fairy-alice
if [ -x "$engine" ]; then
  echo "$engine"
  exit 0
fi
mkdir -p "$dir"
if [ ! -d "$dir/src" ]; then
  pip download --quiet --no-deps --no-binary :all: --dest "$dir" pyffish-alice==0.0.3 >&2
  tar -xzf "$dir/pyffish_alice-0.0.3.tar.gz" -C "$dir" --strip-components=1
fi
flags=(-O3 -std=c++17 -DNDEBUG -DIS_64BIT -DUSE_POPCNT -mpopcnt -DNNUE_EMBEDDING_OFF -w)
# PEXT is fast on Zen 3 and later and on Intel; only ask for it where the processor has BMI2.
if grep -qw bmi2 /proc/cpuinfo; then flags+=(-DUSE_PEXT -mbmi2); fi
sources=()
for f in "$dir"/src/*.cpp "$dir"/src/nnue/*.cpp "$dir"/src/nnue/features/*.cpp "$dir"/src/syzygy/*.cpp; do
  case $(basename "$f") in pyffish.cpp | ffishjs.cpp) ;; *) sources+=("$f") ;; esac
done
echo "building Fairy-Stockfish alice (about a minute per core)..." >&2
objects=()
for f in "${sources[@]}"; do
  o=$dir/obj/$(basename "${f%.cpp}").o
  mkdir -p "$dir/obj"
  objects+=("$o")
  g++ "${flags[@]}" -c "$f" -o "$o" &
  # Two compilers at a time: the machines have two cores.
  if [ "$(jobs -rp | wc -l)" -ge 2 ]; then wait -n; fi
done
wait
g++ "${objects[@]}" -o "$engine" -lpthread
echo "$engine"
