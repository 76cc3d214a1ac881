#!/usr/bin/env python3
"""Plays full FIDE games between two Vorpal processes through python-chess, one game over
XBoard and one over UCI, so a second client implementation checks both protocols. Every move
is checked legal by python-chess; the game must reach a real end (mate, stalemate, repetition,
50 moves, insufficient material) or the move cap.

Usage: full_games.py VORPAL [--movetime SECONDS] [--max-plies N]
Installs the `chess` package (pip, else apt's python3-chess) when it is missing."""

import argparse
import subprocess
import sys

def importable():
    return subprocess.run([sys.executable, "-c", "import chess.engine"]).returncode == 0


if not importable():
    # pip first; where pip is missing or refuses (an externally managed Python), Debian's package.
    for command in ([sys.executable, "-m", "pip", "install", "-q", "chess"],
                    [sys.executable, "-m", "pip", "install", "-q", "--break-system-packages", "chess"],
                    ["apt-get", "update", "-q"],
                    ["apt-get", "install", "-y", "-q", "python3-chess"],
                    ["sudo", "-n", "apt-get", "install", "-y", "-q", "python3-chess"]):
        subprocess.run(command, check=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if importable():
            break
import chess  # noqa: E402
import chess.engine  # noqa: E402


def play(open_engine, vorpal, movetime, max_plies):
    white, black = open_engine([vorpal]), open_engine([vorpal])
    board = chess.Board()
    try:
        while not board.is_game_over(claim_draw=True) and board.ply() < max_plies:
            engine = white if board.turn == chess.WHITE else black
            result = engine.play(board, chess.engine.Limit(time=movetime))
            if result.move is None or result.move not in board.legal_moves:
                raise SystemExit(f"illegal or missing move {result.move} in {board.fen()}")
            board.push(result.move)
    finally:
        white.quit()
        black.quit()
    outcome = board.outcome(claim_draw=True)
    end = outcome.termination.name if outcome else f"move cap of {max_plies} plies"
    return board, end


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("vorpal")
    parser.add_argument("--movetime", type=float, default=0.05)
    parser.add_argument("--max-plies", type=int, default=300)
    args = parser.parse_args()
    for protocol, opener in (("xboard", chess.engine.SimpleEngine.popen_xboard),
                             ("uci", chess.engine.SimpleEngine.popen_uci)):
        board, end = play(opener, args.vorpal, args.movetime, args.max_plies)
        print(f"{protocol}: {board.ply()} plies, {board.result(claim_draw=True)} ({end})")


if __name__ == "__main__":
    main()
