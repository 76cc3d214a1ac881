#!/usr/bin/env python3
"""`vorpal gui` under hostile clients, measured: how long `GET /` takes while 70 requests hold
their bodies back and 150 questions about news wait, and the server's resident memory after
500 games were created and abandoned (Vorpal searching in each, so each made its table).

Usage: benches/gui_hostile.py [VORPAL] (default: target/release/vorpal)
Prints one line per measurement; needs only Python's standard library.
"""

import os
import socket
import statistics
import subprocess
import sys
import time

vorpal = sys.argv[1] if len(sys.argv) > 1 else "target/release/vorpal"
server = subprocess.Popen([vorpal, "gui", "--port", "0"], stdout=subprocess.PIPE, text=True)
address = server.stdout.readline().split("http://")[1].split()[0].rstrip("/")
host, port = address.split(":")
port = int(port)


def ask(method, target):
    """One request; the status, the body and the seconds it took."""
    started = time.monotonic()
    with socket.create_connection((host, port), timeout=60) as s:
        s.sendall(f"{method} {target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: 0\r\n\r\n".encode())
        answer = b""
        while chunk := s.recv(65536):
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    return int(head.split()[1]), body.decode(), time.monotonic() - started


def hold(text):
    s = socket.create_connection((host, port), timeout=60)
    s.sendall(text.encode())
    return s


def rss_mib():
    with open(f"/proc/{server.pid}/status") as f:
        line = next(l for l in f if l.startswith("VmRSS:"))
    return int(line.split()[1]) / 1024


def field(body, key):
    return body.split(f'"{key}":"')[1].split('"')[0]


try:
    _, body, _ = ask("POST", "/api/new?white=human&black=human")
    session = field(body, "session")
    _, state, _ = ask("GET", f"/api/state?session={session}")
    version = state.split('"version":')[1].split(",")[0]
    stalled = [hold("POST /api/move HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n") for _ in range(70)]
    polls = [hold(f"GET /api/state?session={session}&after={version} HTTP/1.1\r\nHost: x\r\n\r\n") for _ in range(150)]
    times, statuses = [], []
    for _ in range(40):
        status, _, took = ask("GET", "/")
        statuses.append(status)
        times.append(took * 1000)
    print(f"GET / beside 70 stalled bodies and 150 polls: {statuses.count(200)}/40 answered 200, "
          f"median {statistics.median(times):.1f} ms, max {max(times):.1f} ms")
    for s in stalled + polls:
        s.close()

    with socket.create_connection((host, port), timeout=60) as s:
        s.sendall(b"GET / HTTP/1.1\r\nX-Long: " + b"a" * (1 << 20))
        answer = s.recv(200).decode(errors="replace")
    print(f"a 1 MB header line: {answer.splitlines()[0] if answer else 'no answer'}")

    before = rss_mib()
    started = time.monotonic()
    for i in range(500):
        variant = ["normal", "alice", "lma", "insideout", "monochrome"][i % 5]
        status, body, _ = ask("POST", f"/api/new?variant={variant}&white=vorpal&black=human&think=0.02")
        assert status == 200, body
    # The last games' searches end within their 0.02 s: wait for the newest to show its move.
    session = field(body, "session")
    while '"moves":[]' in ask("GET", f"/api/state?session={session}")[1]:
        time.sleep(0.05)
    print(f"500 games with Vorpal searching, created and abandoned in {time.monotonic() - started:.1f} s: "
          f"RSS {before:.1f} MiB before, {rss_mib():.1f} MiB after")
finally:
    server.kill()
