#!/bin/sh
# A hidden-game player that answers every turn at once with an order the referee refuses (a
# piece ordered to the square it stands on): it must lose on time, not hold the game for ever.
while read -r line; do
    case "$line" in
        lgp) echo "id name Refuser"; echo "lgpok" ;;
        go*) echo "order 1a11a1" ;;
        quit) exit 0 ;;
    esac
done
