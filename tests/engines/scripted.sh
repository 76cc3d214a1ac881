#!/bin/sh
# A hidden-game player for the referee's tests: it answers its Nth turn with the Nth line given
# as an argument, written as is, and every turn after the last with the last line again.
# `scripted.sh "order 1a11a1"` gives an order the referee refuses, at once, on every turn.
while read -r line; do
    case "$line" in
        lgp) echo "id name Scripted"; echo "lgpok" ;;
        go*)
            echo "$1"
            [ $# -gt 1 ] && shift
            ;;
        quit) exit 0 ;;
    esac
done
