"""Plays every variant of `vorpal gui` in a real browser (headless Chromium through its
WebDriver), by clicks, against Vorpal: at least ten moves each (or to the game's end), a
transfer, a capture, castling and a promotion whenever one is on offer. After every move the
page's board is compared with `vorpal play` of the same moves. Then a whole game per variant,
from the start to its result, by random clicks.

Usage: browser.py URL VORPAL THINK VARIANT... ; prints one line per variant and the median
time from the click that makes a move to Vorpal's reply on the page.
"""

import random
import statistics
import subprocess
import sys
import time
import urllib.parse

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.by import By

MOVES_PER_GAME = 10

# A whole game against Vorpal by random clicks ends long before this many plies.
MOST_PLIES = 600

# Positions where a promotion is on offer at once: the tests of the moves a short game from the
# start does not reach.
PROMOTIONS = {
    "normal": "8/P6k/8/8/8/8/8/K7 w - - 0 1",
    "alice": "8/P6k/8/8/8/8/8/K7|8/8/8/8/8/8/8/8 w - - 0 1",
}


def driver():
    options = Options()
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1600,1000"):
        options.add_argument(arg)
    options.binary_location = "/usr/bin/chromium"
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def wait_for(predicate, what, timeout=30.0):
    """The predicate's first true value; a page still loading (an element or variable not there
    yet) counts as not yet."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            value = predicate()
        except (WebDriverException, TypeError, KeyError):
            value = None
        if value:
            return value
        time.sleep(0.005)
    raise AssertionError("timed out waiting for " + what)


def refused_to_a_third(link):
    """An invitation already taken is refused to a third browser that opens it."""
    intruder = driver()
    try:
        intruder.get(link)
        wait_for(lambda: "no such invitation" in intruder.find_element(By.ID, "error").text, "the refusal")
    finally:
        intruder.quit()


def page_state(browser):
    return browser.execute_script("return state")


def page_cells(browser):
    """Every cell of the page: square -> piece letter ('' when empty)."""
    return browser.execute_script(
        "const out = {};"
        "for (const c of document.querySelectorAll('[data-board] [data-square]'))"
        "  out[c.dataset.square] = c.querySelector(':scope > [data-piece]')?.dataset.piece || '';"
        "return out;")


def vorpal_cells(vorpal, variant, fen, moves, boards):
    """The cells `vorpal play` prints for the same game, read from its diagram."""
    out = subprocess.run([vorpal, "play", "--variant", variant, "--fen", fen, *moves],
                         capture_output=True, text=True, check=True).stdout.splitlines()
    files = boards[0]["files"]
    ranks = len(boards[0]["rows"])
    width = 2 * files + 6
    cells = {}
    for row, line in enumerate(out[2:2 + ranks]):
        rank = ranks - 1 - row
        for layer in range(len(boards)):
            block = line[layer * width:(layer + 1) * width]
            for file in range(files):
                char = block[4 + 2 * file] if len(block) > 4 + 2 * file else " "
                if char == " ":
                    continue
                name = f"{chr(97 + file)}{rank + 1}"
                if len(boards) > 1:
                    name = f"{layer + 1}{name}"
                cells[name] = "" if char == "." else char
    return cells


def board_of(square):
    return square[0] if square[0].isdigit() else "1"


def best_move(vorpal, variant, fen):
    """Vorpal's choice for the person's side, so that the game lasts."""
    out = subprocess.run([vorpal, "search", "--variant", variant, "--fen", fen, "--nodes", "20000"],
                         capture_output=True, text=True, check=True).stdout
    return out.split()[-1]


def choose(legal, cells, seen, best, ply, played):
    """The move to make: castling or a promotion whenever one is on offer, else Vorpal's choice
    (unless played before: its search sees no history, and would repeat), or, from the sixth
    move on, a kind of move not shown yet (capture, transfer)."""
    by_squares = {}
    for move in legal:
        by_squares.setdefault((move["from"], move["to"]), []).append(move)
    kinds = []
    for move in legal:
        piece = cells.get(move["from"], "").upper()
        promotion = len(by_squares[(move["from"], move["to"])]) > 1 or (piece == "P" and move["text"][-1].isalpha())
        castling = piece == "K" and abs(ord(move["from"][-2]) - ord(move["to"][-2])) >= 2 and not move["capture"]
        kinds.append((move, {
            "promotion": promotion,
            "castling": castling,
            "capture": move["capture"] is not None,
            "transfer": board_of(move["from"]) != board_of(move["to"]),
        }))
    wanted = ("promotion", "castling") + (("capture", "transfer") if ply >= 5 else ())
    for kind in wanted:
        for move, has in kinds:
            if has[kind] and kind not in seen:
                return move, has
    fresh = [k for k in kinds if k[0]["text"] not in played] or kinds
    return next((k for k in fresh if k[0]["text"] == best), fresh[0])


def click(browser, square):
    browser.find_element(By.CSS_SELECTOR, f'[data-square="{square}"]').click()


def play(browser, url, vorpal, variant, think, fen=None, count=MOVES_PER_GAME):
    query = urllib.parse.urlencode({"variant": variant, "white": "human", "black": "vorpal", "think": think,
                                    **({"fen": fen} if fen else {})})
    browser.get(f"{url}/?{query}")
    wait_for(lambda: browser.execute_script("return state && state.variant") == variant, "the board")
    state = page_state(browser)
    start_fen = state["fen"]
    seen = {}
    plies = []
    latencies = []
    for ply in range(count):
        state = page_state(browser)
        if state["result"]:
            break
        wait_for(lambda: page_state(browser)["legal"], "a move to make")
        state = page_state(browser)
        before = len(state["moves"])
        best = best_move(vorpal, variant, state["fen"])
        move, has = choose(state["legal"], page_cells(browser), seen, best, ply, plies)
        click(browser, move["from"])
        wait_for(lambda: browser.find_elements(By.CSS_SELECTOR, ".cell.target"), "the destinations shown")
        targets = {e.get_attribute("data-square") for e in browser.find_elements(By.CSS_SELECTOR, ".cell.target")}
        assert move["to"] in targets, f"{variant}: {move['to']} not shown as a destination of {move['from']}"
        # Timed inside the page, from the click to the reply drawn in the move list, so that
        # the WebDriver's own round trips do not count.
        browser.execute_script(
            "const [square, want] = arguments; window.timing = {};"
            "document.querySelector(`[data-square='${square}']`).addEventListener("
            "  'click', () => { window.timing.click = performance.now(); }, { capture: true, once: true });"
            "const watch = new MutationObserver(() => {"
            "  if (document.querySelectorAll('#moves [data-ply]').length >= want) {"
            "    window.timing.reply = performance.now(); watch.disconnect(); } });"
            "watch.observe(document.getElementById('moves'), { childList: true });", move["to"], before + 2)
        click(browser, move["to"])
        choices = browser.find_elements(By.CSS_SELECTOR, f'#choices button[data-move="{move["text"]}"]')
        if choices:
            choices[0].click()
        wait_for(lambda: len(page_state(browser)["moves"]) > before, "the move on the page")
        state = wait_for(lambda: (lambda s: s if len(s["moves"]) >= before + 2 or s["result"] else None)(page_state(browser)),
                         "Vorpal's reply")
        if len(state["moves"]) >= before + 2:
            timing = wait_for(lambda: browser.execute_script("return window.timing.reply && window.timing"), "the timing")
            latencies.append((timing["reply"] - timing["click"]) / 1000)
        for kind, present in has.items():
            if present:
                seen[kind] = True
        plies.append(move["text"])
        moves = [m["text"] for m in state["moves"]]
        expected = vorpal_cells(vorpal, variant, start_fen, moves, state["boards"])
        shown = page_cells(browser)
        assert shown == expected, f"{variant} after {moves}: the page shows {shown}, vorpal play {expected}"
    kinds = ", ".join(k for k in ("transfer", "capture", "castling", "promotion") if k in seen) or "none"
    result = page_state(browser)["result"] or "*"
    start = " from " + fen if fen else ""
    print(f"{variant}{start}: {len(plies)} moves by clicks ({kinds}); result {result}", flush=True)
    return latencies


def play_to_the_end(browser, url, vorpal, variant, think, seed):
    """A whole game by clicks, the person's moves random (so that Vorpal ends it soon), to the
    result the page shows; the final board is compared with `vorpal play`."""
    rng = random.Random(seed)
    query = urllib.parse.urlencode({"variant": variant, "white": "human", "black": "vorpal", "think": think})
    browser.get(f"{url}/?{query}")
    wait_for(lambda: browser.execute_script("return state && state.variant") == variant, "the board")
    start_fen = page_state(browser)["fen"]
    for _ in range(MOST_PLIES // 2):
        state = wait_for(lambda: (lambda s: s if s["result"] or (s["legal"] and not s["thinking"]) else None)(
            page_state(browser)), "the person's turn or the end")
        if state["result"]:
            break
        move = rng.choice(state["legal"])
        before = len(state["moves"])
        click(browser, move["from"])
        click(browser, move["to"])
        choices = browser.find_elements(By.CSS_SELECTOR, f'#choices button[data-move="{move["text"]}"]')
        if choices:
            choices[0].click()
        wait_for(lambda: len(page_state(browser)["moves"]) > before, "the move on the page")
    state = page_state(browser)
    assert state["result"], f"{variant}: no result after {len(state['moves'])} plies"
    moves = [m["text"] for m in state["moves"]]
    expected = vorpal_cells(vorpal, variant, start_fen, moves, state["boards"])
    assert page_cells(browser) == expected, f"{variant}: the final board differs from vorpal play"
    print(f"{variant} to the end: {len(moves)} plies by clicks, result {state['result']}", flush=True)


def main():
    url, vorpal, think, variants = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
    browser = driver()
    try:
        latencies = []
        for number, variant in enumerate(variants):
            latencies += play(browser, url, vorpal, variant, think)
            if variant in PROMOTIONS:
                play(browser, url, vorpal, variant, think, PROMOTIONS[variant], 1)
            play_to_the_end(browser, url, vorpal, variant, think, number)
        print(f"reply latency: median {statistics.median(latencies) * 1000:.0f} ms over {len(latencies)} moves "
              f"(Vorpal's time per move {float(think) * 1000:.0f} ms)", flush=True)
    finally:
        browser.quit()


if __name__ == "__main__":
    main()
