#!/usr/bin/env python3
"""Strikes per game of each player in a PGN of hidden Looking-Glass games (`vorpal match
--hidden`), read from the orders' comments, and how the games ended.
Usage: benches/hidden_strikes.py GAMES.pgn"""
import re
import sys
from collections import Counter


def games(text):
    """Each game's tags and move text."""
    for chunk in re.split(r"\n(?=\[Event )", text):
        tags = dict(re.findall(r'^\[(\w+) "([^"]*)"\]', chunk, re.M))
        if tags:
            yield tags, chunk


def main():
    text = open(sys.argv[1], encoding="utf-8").read()
    strikes, played, endings = Counter(), Counter(), Counter()
    for tags, body in games(text):
        names = {"White": tags.get("White", "?"), "Black": tags.get("Black", "?")}
        for name in names.values():
            played[name] += 1
        for side in re.findall(r"(White|Black) orders \S+: impossible", body):
            strikes[names[side]] += 1
        endings[tags.get("Termination", "?") + ", " + tags.get("Result", "?")] += 1
        last = re.findall(r"\{([^{}]*)\}\s*(?:1-0|0-1|1/2-1/2|\*)\s*$", body)
        if last and "third" in last[0]:
            endings["third strike"] += 1
    for name in sorted(played):
        print(f"{name}: {strikes[name]} strikes in {played[name]} games, {strikes[name] / played[name]:.2f} a game")
    for ending, count in endings.most_common():
        print(f"{count} {ending}")


if __name__ == "__main__":
    main()
