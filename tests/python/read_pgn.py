#!/usr/bin/env python3
"""Reads a PGN file of `vorpal match` with python-chess, as any chess tool would: every game
must parse without errors, replay legally to its last move, and, when it ended by mate, end
in a position python-chess also calls mate. Prints `N games read` on success.

Usage: read_pgn.py FILE   (the `chess` package must be installed: full_games.py installs it)"""

import sys

import chess.pgn

games = 0
with open(sys.argv[1]) as pgn:
    while (game := chess.pgn.read_game(pgn)) is not None:
        games += 1
        assert not game.errors, f"game {games}: {game.errors}"
        board = game.end().board()
        plies = len(list(game.mainline_moves()))
        assert plies == int(game.headers["PlyCount"]), f"game {games}: {plies} plies read"
        if "mates" in game.end().comment:
            assert board.is_checkmate(), f"game {games}: python-chess sees no mate"
assert games > 0, "no game in the file"
print(f"{games} games read")
