#!/usr/bin/env python3
"""Labels the positions of played games with a stronger engine's own scores, for `vorpal tune`.

Reads PGN files that `vorpal match` wrote (each move followed by `{SCORE/DEPTH ...}`), and for
every position in which the engine named ENGINE chose its move writes `FEN;SCORE`: SCORE is
that engine's score for White mapped to an expected score, 1 / (1 + 10^(-cp/400)), mates as 20
pawns, as benches/stockfish_labels.py does. These are the positions that Vorpal's own play
leads to against that engine, which self-play samples seldom hold, and each comes with a score
searched for the whole of a move. As with `vorpal datagen`, a position is kept only when the
move chosen in it is quiet (no capture, no promotion) and the side to move is not in check, so
that a static evaluation can stand for what the search said. The games must be FIDE chess.
Installs python-chess when it is missing.

Usage: benches/game_labels.py ENGINE OUT PGN...   (e.g. Stockfish-2400 sf-games.txt benches/results/vs-stockfish-2400-*.pgn)
"""

import re
import subprocess
import sys

SCORE = re.compile(r"^([+-]?)(M?)(\d+(?:\.\d+)?)/\d+")

try:
    import chess.pgn
except ImportError:
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "chess"], check=True)
    import chess.pgn

from stockfish_labels import MATE_CP, label


def centipawns(comment):
    """The score at the head of a move's comment, in centipawns for the side that moved."""
    found = SCORE.match(comment)
    if not found:
        return None
    sign, mate, value = found.groups()
    cp = MATE_CP if mate else min(MATE_CP, round(float(value) * 100))
    return -cp if sign == "-" else cp


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__.strip().splitlines()[-1])
    engine, target, sources = sys.argv[1], sys.argv[2], sys.argv[3:]
    written = games = 0
    with open(target, "w") as out:
        for source in sources:
            with open(source) as pgn:
                while (game := chess.pgn.read_game(pgn)) is not None:
                    games += 1
                    colour = {game.headers.get("White"): chess.WHITE, game.headers.get("Black"): chess.BLACK}
                    if engine not in colour:
                        continue
                    board = game.board()
                    for node in game.mainline():
                        move = node.move
                        cp = centipawns(node.comment) if board.turn == colour[engine] else None
                        quiet = not board.is_capture(move) and move.promotion is None
                        if cp is not None and quiet and not board.is_check():
                            white_cp = cp if board.turn == chess.WHITE else -cp
                            out.write(label(board.fen(), white_cp))
                            written += 1
                        board.push(move)
    print(f"{written} positions from {games} games written to {target}")


if __name__ == "__main__":
    main()
