#!/usr/bin/env python3
"""A faulty engine for the match runner's tests: it relays a real engine (Vorpal) and
misbehaves when asked for its Nth move.

Usage: faulty.py FAULT N VORPAL
FAULT: crash (exits), hang (never answers), illegal (plays a1a1), claim (claims 1-0 over
XBoard, or plays the null move 0000 over UCI); refuse (XBoard: answers the Nth move it is told
of with "Illegal move" instead of passing it on); slow (UCI: from the Nth move on, thinks N
milliseconds a move whatever its clock says)."""

import subprocess
import sys
import threading

fault, nth, vorpal = sys.argv[1], int(sys.argv[2]), sys.argv[3]
engine = subprocess.Popen([vorpal], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
asked = 0
told = 0
lock = threading.Lock()


def relay():
    for line in engine.stdout:
        with lock:
            sys.stdout.write(line)
            sys.stdout.flush()


threading.Thread(target=relay, daemon=True).start()
for line in sys.stdin:
    word = line.split()[0] if line.split() else ""
    if word == "usermove" and fault == "refuse":
        told += 1
        if told == nth:
            with lock:
                print(f"Illegal move (refused for the test): {line.split()[1]}", flush=True)
            continue
    if word == "go" and fault == "slow":
        line = f"go movetime {nth}\n"
    elif word == "go" and fault != "refuse":
        asked += 1
        if asked == nth:
            if fault == "crash":
                engine.kill()
                sys.exit(3)
            if fault == "hang":
                engine.kill()
                for _ in sys.stdin:
                    pass
                sys.exit(0)
            with lock:
                uci = "wtime" in line or "movetime" in line or "infinite" in line or "depth" in line
                if fault == "illegal":
                    print("bestmove a1a1" if uci else "move a1a1", flush=True)
                elif fault == "claim":
                    print("bestmove 0000" if uci else "1-0 {White mates}", flush=True)
            continue
    engine.stdin.write(line)
    engine.stdin.flush()
