#!/usr/bin/env bash
# A variant's network against its hand-made terms: the current build as it is, against the same
# build with `network = none` for the variant (its built-in engine.ini section, copied into a
# config of its own). One thread and 16 MB of hash each, two games at a time, openings as in
# benches/vs_build.sh. SEED and SPRT (e.g. elo0=0,elo1=10,alpha=0.05,beta=0.05) from the
# environment; NETWORK=FILE plays that network file instead of the built-in one, to try a
# network before it is built in; with AGAINST=network as well, that file plays the built-in
# network instead of the terms (a network's next generation against the one before).
# Writes the PGN and the match output into benches/results/.
# Usage: benches/vs_terms.sh VARIANT [GAMES] [TC]   (defaults: 200 games, 10+0.1)
set -euo pipefail
cd "$(dirname "$0")/.."
variant=${1:?a variant with a network}
games=${2:-200}
tc=${3:-10+0.1}
cargo build --release --quiet
# A copy of this run's own, so that a rebuild or a second run beside it changes nothing.
engine=$PWD/target/vorpal-vs-terms-$variant-$$
cp target/release/vorpal "$engine"
trap 'rm -f "$engine" "${terms:-}" "${trial:-}"' EXIT
# The variant's section of engine.ini with `network = $1`.
section_with_network() {
  awk -v name="$variant" -v network="$1" '
    /^\[/ { inside = ($1 ~ "^\\[" name "(:[a-z0-9]+)?\\]$") }
    inside && !/^network *=/ { print }
    END { print "network = " network }' engine.ini
}
terms=$PWD/target/terms-$variant-$$.ini
section_with_network none > "$terms"
grep -q "^\[$variant[]:]" "$terms" || { echo "no section [$variant] in engine.ini" >&2; exit 2; }
network_engine=$engine
opponent="$engine --config $terms" opponent_name=Vorpal-terms
case ${AGAINST:-terms} in
  terms) ;;
  network)
    [ -n "${NETWORK:-}" ] || { echo "AGAINST=network needs NETWORK=FILE to play against it" >&2; exit 2; }
    opponent=$engine opponent_name=Vorpal-built-in ;;
  *) echo "AGAINST is terms or network, not '$AGAINST'" >&2; exit 2 ;;
esac
if [ -n "${NETWORK:-}" ]; then
  trial=$PWD/target/trial-$variant-$$.ini
  section_with_network "$(realpath "$NETWORK")" > "$trial"
  network_engine="$engine --config $trial"
fi
. benches/match_common.sh
play_match "$engine" "benches/results/vs-${AGAINST:-terms}-$variant-$games-$tc-$(date +%Y-%m-%d-%H%M)" \
  "cmd=\"$network_engine\" name=Vorpal-network option.Hash=16 option.Threads=1" \
  "cmd=\"$opponent\" name=$opponent_name option.Hash=16 option.Threads=1"
