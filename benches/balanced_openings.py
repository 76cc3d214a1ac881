#!/usr/bin/env python3
"""Writes balanced openings of a variant as FENs, one per line: random plies from the start
position, each kept when a search to DEPTH scores it within MAXCP centipawns of equal.

Usage: benches/balanced_openings.py VARIANT COUNT [PLIES] [DEPTH] [MAXCP] [SEED] > FILE.epd
(defaults: 6 plies, depth 8, 40 cp, seed 1). The judge is target/release/vorpal (cargo build
--release), or the UCI engine ENGINE names (ENGINE=/usr/games/stockfish for FIDE chess, judged
by a stronger engine than Vorpal).
"""
import os
import random
import subprocess
import sys


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    variant, count = sys.argv[1], int(sys.argv[2])
    defaults = [6, 8, 40, 1]
    given = [int(a) for a in sys.argv[3:7]]
    plies, depth, max_cp, seed = given + defaults[len(given):]
    rng = random.Random(seed)
    judge = os.environ.get("ENGINE", "target/release/vorpal")
    engine = subprocess.Popen([judge], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def send(line):
        engine.stdin.write(line + "\n")
        engine.stdin.flush()

    def until(prefix):
        lines = []
        while True:
            line = engine.stdout.readline()
            if not line:
                sys.exit(f"{judge} stopped answering")
            lines.append(line.strip())
            if line.startswith(prefix):
                return lines

    send("uci")
    until("uciok")
    if variant != "normal":
        send(f"setoption name UCI_Variant value {variant}")
    send("isready")
    if any("error" in line for line in until("readyok")):
        sys.exit(f"{judge} does not know the variant {variant}")
    seen, tries = set(), 0
    while len(seen) < count and tries < 50 * count:
        tries += 1
        moves = []
        for _ in range(plies):
            send(f"position startpos moves {' '.join(moves)}")
            send("go perft 1")
            legal = [line.split(":")[0] for line in until("Nodes searched") if line.endswith(": 1") and not line.startswith("Nodes")]
            if not legal:
                break
            moves.append(rng.choice(legal))
        if len(moves) < plies:
            continue
        send(f"position startpos moves {' '.join(moves)}")
        send(f"go depth {depth}")
        scores = [line.split(" score ")[1].split() for line in until("bestmove") if " score " in line]
        if not scores or scores[-1][0] != "cp" or abs(int(scores[-1][1])) > max_cp:
            continue
        send("d")
        fen = next(line[len("Fen: "):] for line in until("Key: ") if line.startswith("Fen: "))
        if fen not in seen:
            seen.add(fen)
            print(fen, flush=True)
    send("quit")


if __name__ == "__main__":
    main()
