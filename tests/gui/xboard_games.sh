#!/usr/bin/env bash
# The real-GUI test: plays one Vorpal-vs-Vorpal game in XBoard 4.9 under Xvfb for every variant
# Vorpal offers XBoard (or the ones named), checks that each ends with a proper result and that
# XBoard's debug log has no illegal-move, forfeit or false-claim complaint, and saves a screenshot
# of each game in progress. Installs xboard, xvfb and imagemagick with apt when they are missing.
#
# Usage: tests/gui/xboard_games.sh [--out DIR] [VARIANT...]
set -euo pipefail
cd "$(dirname "$0")/../.."
out=target/xboard-gui
if [[ ${1:-} == --out ]]; then out=$2; shift 2; fi
export PATH=$PATH:/usr/games

if ! command -v xboard >/dev/null || ! command -v Xvfb >/dev/null || ! command -v import >/dev/null; then
    sudo=""; [[ $(id -u) == 0 ]] || sudo=sudo
    $sudo apt-get update -q
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q xboard xvfb imagemagick
fi
cargo build --release -q
mkdir -p "$out"
# A copy, so a rebuild during the run does not change the engine under XBoard.
cp target/release/vorpal "$out/vorpal"
engine=$PWD/$out/vorpal
[[ $out == /* ]] && engine=$out/vorpal

variants=("$@")
if [[ ${#variants[@]} == 0 ]]; then
    list=$(printf 'xboard\nprotover 2\nquit\n' | "$engine" | sed -n 's/.* variants="\([^"]*\)".*/\1/p')
    IFS=, read -r -a variants <<<"$list"
fi

failures=0
screen=$((90 + RANDOM % 100))
for variant in "${variants[@]}"; do
    Xvfb ":$screen" -screen 0 1600x1200x24 >/dev/null 2>&1 &
    xvfb=$!
    sleep 1
    # XBoard knows FIDE chess; for the others only Vorpal knows the rules (see the README).
    legality=false; [[ $variant == normal ]] && legality=true
    rm -f "$out/$variant".{pgn,debug,png}
    DISPLAY=":$screen" timeout 900 xboard -fcp "$engine" -scp "$engine" -variant "$variant" \
        -matchGames 1 -tc 0:20 -mps 40 -inc 0 -testLegality "$legality" -adjudicateDrawMoves 150 \
        -boardSize Medium \
        -xexit -saveSettingsOnExit false -saveGameFile "$out/$variant.pgn" \
        -debug -nameOfDebugFile "$out/$variant.debug" >/dev/null 2>&1 &
    xboard=$!
    sleep 12
    DISPLAY=":$screen" import -window root -trim "$out/$variant.png" 2>/dev/null || true
    wait "$xboard" || true
    kill "$xvfb" 2>/dev/null || true
    wait "$xvfb" 2>/dev/null || true
    result=$(sed -n 's/^\[Result "\(.*\)"\]/\1/p' "$out/$variant.pgn" 2>/dev/null || true)
    complaint=$(grep -i -m1 -E "illegal move|invalid move|forfeit|false .*claim|xboard exit|Error \(" "$out/$variant.debug" 2>/dev/null || true)
    last=$(grep -o -E '\{[^}]*\} *(1-0|0-1|1/2-1/2)' "$out/$variant.pgn" 2>/dev/null | tail -1 || true)
    if [[ $result =~ ^(1-0|0-1|1/2-1/2)$ && -z $complaint ]]; then
        echo "ok   $variant: $last"
    else
        echo "FAIL $variant: result '${result:-none}' ${complaint:+complaint: $complaint}"
        failures=$((failures + 1))
    fi
done
echo "$(( ${#variants[@]} - failures )) of ${#variants[@]} games ended properly; PGN, debug logs and screenshots in $out"
[[ $failures == 0 ]]
