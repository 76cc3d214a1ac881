#!/usr/bin/env python3
"""Vorpal (over UCI, through python-chess) against Fairy-Max (over XBoard, driven here, since
python-chess's XBoard client needs `setboard`, which Fairy-Max lacks) in FIDE chess.

Each opening (a few random plies from a fixed seed) is played with both colours. Clocks are
kept here from wall time: an engine whose clock runs out loses on time; an illegal move loses.
Usage: fairymax_match.py VORPAL GAMES [--concurrency K] [--moves 40] [--seconds 60] [--seed S]
"""

import argparse
import random
import subprocess
import sys
import threading
import time

import chess
import chess.engine

FAIRYMAX = "/usr/games/fairymax"
MAX_PLIES = 400


class FairyMax:
    """A minimal XBoard client: enough to play one game of FIDE chess."""

    def __init__(self):
        self.p = subprocess.Popen([FAIRYMAX], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.send("xboard")
        self.send("protover 2")
        self.wait_for(lambda l: "done=1" in l, 10)

    def send(self, text):
        self.p.stdin.write(text + "\n")
        self.p.stdin.flush()

    def wait_for(self, test, timeout):
        end = time.time() + timeout
        while time.time() < end:
            line = self.p.stdout.readline()
            if not line:
                return None
            if test(line.strip()):
                return line.strip()
        return None

    def new_game(self, moves, seconds):
        self.send("new")
        self.send("easy")
        self.send("nopost")
        self.send(f"level {moves} {seconds // 60}:{seconds % 60:02d} 0")
        self.send("force")

    def play(self, board, own_cs, other_cs, timeout):
        """Sends the clocks and asks for a move; returns the move text, 'resign' or None."""
        self.send(f"time {own_cs}")
        self.send(f"otim {other_cs}")
        self.send("go")
        line = self.wait_for(lambda l: l.startswith("move ") or l == "resign" or "resign" in l, timeout)
        self.send("force")
        if line is None:
            return None
        if line.startswith("move "):
            return line.split()[1]
        return "resign"

    def tell(self, move_text):
        self.send(move_text)

    def quit(self):
        try:
            self.send("quit")
            self.p.wait(timeout=5)
        except Exception:
            self.p.kill()


def opening(rng):
    board = chess.Board()
    for _ in range(4):
        board.push(rng.choice(list(board.legal_moves)))
    return [m.uci() for m in board.move_stack]


def play_game(vorpal_cmd, vorpal_white, opening_moves, moves_per_session, seconds):
    """Plays one game; returns (result for Vorpal: 1, 0.5 or 0, reason, pgn moves)."""
    vorpal = chess.engine.SimpleEngine.popen_uci(vorpal_cmd)
    fm = FairyMax()
    fm.new_game(moves_per_session, seconds)
    board = chess.Board()
    for m in opening_moves:
        fm.tell(m)
        board.push_uci(m)
    clock = {chess.WHITE: float(seconds), chess.BLACK: float(seconds)}
    moved = {chess.WHITE: 0, chess.BLACK: 0}
    result, reason = None, None
    try:
        while result is None:
            if board.is_game_over(claim_draw=True):
                outcome = board.outcome(claim_draw=True)
                if outcome.winner is None:
                    result = 0.5
                else:
                    result = 1.0 if (outcome.winner == chess.WHITE) == vorpal_white else 0.0
                reason = outcome.termination.name.lower()
                break
            if len(board.move_stack) >= MAX_PLIES:
                result, reason = 0.5, "move limit"
                break
            side = board.turn
            vorpal_to_move = (side == chess.WHITE) == vorpal_white
            to_go = moves_per_session - moved[side] % moves_per_session
            start = time.monotonic()
            if vorpal_to_move:
                limit = chess.engine.Limit(white_clock=clock[chess.WHITE], black_clock=clock[chess.BLACK],
                                           remaining_moves=to_go)
                try:
                    move = vorpal.play(board, limit).move
                except (chess.engine.EngineError, chess.engine.EngineTerminatedError) as e:
                    result, reason = 0.0, f"vorpal error: {e}"
                    break
                text = move.uci() if move else None
            else:
                text = fm.play(board, int(clock[side] * 100), int(clock[not side] * 100), clock[side] + 5)
            spent = time.monotonic() - start
            clock[side] -= spent
            if clock[side] < 0:
                result = 0.0 if vorpal_to_move else 1.0
                reason = ("vorpal" if vorpal_to_move else "fairymax") + " lost on time"
                break
            if text == "resign":
                result, reason = 1.0, "fairymax resigns"
                break
            try:
                move = chess.Move.from_uci(text) if text else None
            except ValueError:
                move = None
            if move is None or move not in board.legal_moves:
                result = 0.0 if vorpal_to_move else 1.0
                reason = ("vorpal" if vorpal_to_move else "fairymax") + f" illegal move {text}"
                break
            board.push(move)
            if vorpal_to_move:
                fm.tell(text)
            moved[side] += 1
            if moved[side] % moves_per_session == 0:
                clock[side] += seconds
    finally:
        vorpal.quit()
        fm.quit()
    return result, reason, " ".join(m.uci() for m in board.move_stack)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("vorpal")
    ap.add_argument("games", type=int)
    ap.add_argument("--concurrency", type=int, default=2)
    ap.add_argument("--moves", type=int, default=40)
    ap.add_argument("--seconds", type=int, default=60)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    jobs = []
    for i in range((args.games + 1) // 2):
        line = opening(rng)
        jobs += [(line, True), (line, False)]
    jobs = jobs[:args.games]
    lock = threading.Lock()
    tally = {"w": 0, "d": 0, "l": 0, "forfeits": 0, "illegal": 0}
    done = [0]

    def worker():
        while True:
            with lock:
                if not jobs:
                    return
                line, white = jobs.pop(0)
            result, reason, moves = play_game([args.vorpal], white, line, args.moves, args.seconds)
            with lock:
                tally["w" if result == 1 else "d" if result == 0.5 else "l"] += 1
                if "on time" in reason:
                    tally["forfeits"] += 1
                if "illegal" in reason or "error" in reason:
                    tally["illegal"] += 1
                done[0] += 1
                n = done[0]
                score = (tally["w"] + tally["d"] / 2) / n
                colour = "white" if white else "black"
                print(f"game {n}: vorpal {colour} {result} ({reason}) | +{tally['w']} ={tally['d']} -{tally['l']} "
                      f"score {100 * score:.1f}% | {moves}", flush=True)

    threads = [threading.Thread(target=worker) for _ in range(args.concurrency)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    n = max(done[0], 1)
    score = (tally["w"] + tally["d"] / 2) / n
    print(f"final: games {done[0]} +{tally['w']} ={tally['d']} -{tally['l']} score {100 * score:.1f}% "
          f"time forfeits {tally['forfeits']} illegal/errors {tally['illegal']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
