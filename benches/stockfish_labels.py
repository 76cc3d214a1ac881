#!/usr/bin/env python3
"""Labels positions with Stockfish's evaluation, for `vorpal tune` and `vorpal train-network`.

Reads `vorpal datagen`'s lines (`FEN;RESULT;SCORE`), keeps every EVERY-th position, searches each
with Stockfish to DEPTH (one thread, 16 MB of hash), or with DEPTH 0 takes Stockfish's static
evaluation (its `eval` command: over 4,000 positions a second), and writes `FEN;SCORE`, SCORE
being Stockfish's score for White mapped to an expected score, 1 / (1 + 10^(-cp/400)); mates
count as 20 pawns. A score from a strong engine is a far less noisy target than the game's
result. Installs Debian's stockfish when it is missing (benches/stockfish.sh).

Usage: benches/stockfish_labels.py IN OUT [EVERY] [DEPTH]   (defaults: every 5th, depth 8)
"""

import os
import subprocess
import sys

MATE_CP = 2000


def label(fen, white_cp):
    """A data line for `vorpal tune`: the position and White's score as an expected score."""
    return f"{fen};{1 / (1 + 10 ** (-white_cp / 400)):.4f}\n"


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__.strip().splitlines()[-1])
    source, target = sys.argv[1], sys.argv[2]
    every = int(sys.argv[3]) if len(sys.argv) > 3 else 5
    depth = int(sys.argv[4]) if len(sys.argv) > 4 else 8
    here = os.path.dirname(os.path.abspath(__file__))
    path = subprocess.run([os.path.join(here, "stockfish.sh")], check=True, capture_output=True, text=True)
    engine = subprocess.Popen([path.stdout.strip()], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              text=True, bufsize=1)

    def send(command):
        engine.stdin.write(command + "\n")

    def read_until(prefix):
        while True:
            line = engine.stdout.readline()
            if not line:
                sys.exit("stockfish stopped")
            if line.startswith(prefix):
                return line

    send("uci")
    read_until("uciok")
    send("setoption name Threads value 1")
    send("setoption name Hash value 16")
    send("isready")
    read_until("readyok")
    written = 0
    with open(source) as lines, open(target, "w") as out:
        for number, line in enumerate(lines):
            if number % every or ";" not in line:
                continue
            fen = line.split(";", 1)[0]
            send("position fen " + fen)
            cp = static_score(engine, fen) if depth == 0 else search_score(engine, depth)
            if cp is None:
                continue
            cp = max(-MATE_CP, min(MATE_CP, cp))
            if fen.split()[1] == "b":
                cp = -cp
            out.write(label(fen, cp))
            written += 1
    send("quit")
    print(f"{written} positions written to {target}")


def reply(engine):
    """Stockfish's next line."""
    line = engine.stdout.readline()
    if not line:
        sys.exit("stockfish stopped")
    return line


def search_score(engine, depth):
    """Stockfish's score of the position set, searched to `depth`, for the side to move."""
    engine.stdin.write(f"go depth {depth}\n")
    cp = None
    while not (line := reply(engine)).startswith("bestmove"):
        words = line.split()
        if "score" in words:
            kind, value = words[words.index("score") + 1:words.index("score") + 3]
            cp = int(value) if kind == "cp" else (MATE_CP if int(value) > 0 else -MATE_CP)
    return cp


def static_score(engine, fen):
    """Stockfish's static evaluation of the position set (`fen`), for the side to move; None
    in check.

    Its `eval` prints "Final evaluation +0.25 (white side)": pawns, for White."""
    engine.stdin.write("eval\n")
    while not (line := reply(engine)).startswith("Final evaluation"):
        pass
    words = line.split()
    if words[2] == "none":
        return None
    white = round(float(words[2]) * 100)
    return white if fen.split()[1] == "w" else -white


if __name__ == "__main__":
    main()
