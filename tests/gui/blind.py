"""Plays hidden Looking-Glass in `vorpal gui` by clicks: two people in two browser sessions (the
second joining by the invitation the first is shown), then a person against Vorpal's blind
player. After every order each page is checked: its own world is seen whole, the other world
shows nothing but its own pieces (`?` elsewhere), and it never holds the other seat's secret.

Usage: blind.py URL ; prints one line per game.
"""

import json
import sys
import time
import urllib.parse
import urllib.request

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from browser import driver, refused_to_a_third, wait_for

ORDERS = 16


def state(page):
    return page.execute_script("return hiddenState")


def own_world(color):
    return "1" if color == "white" else "2"


def mine(piece, color):
    return piece not in ("", "?") and piece.isupper() == (color == "white")


def check_view(page, color, other_secret):
    """The leak check of one page."""
    s = state(page)
    for board in s["boards"]:
        for row in board["rows"]:
            for cell in row:
                piece = cell["piece"] or ""
                if str(board["number"]) == own_world(color):
                    assert piece != "?", f"{color} cannot see its own world's {cell['square']}"
                else:
                    assert piece in ("", "?") or mine(piece, color), \
                        f"{color} sees {piece} on {cell['square']} in the other world"
                    assert piece != "", f"{color} is told {cell['square']} is empty"
    shown = page.execute_script(
        "return [...document.querySelectorAll('[data-board] [data-square]')].map(c => "
        "[c.dataset.square, c.dataset.unseen ? '?' : (c.querySelector('[data-piece]')?.dataset.piece || '')])")
    for square, piece in shown:
        if not square.startswith(own_world(color)):
            assert piece == "?" or mine(piece, color), f"{color}'s page draws {piece} on {square}"
    if other_secret:
        assert other_secret not in page.page_source, f"{color}'s page holds the other seat's secret"


def candidates(s, color):
    """Orders likely to be carried out: a pawn's step or a knight's jump in the player's own world."""
    world = own_world(color)
    cells = {c["square"]: (c["piece"] or "") for b in s["boards"] for row in b["rows"] for c in row}
    forward = 1 if color == "white" else -1
    found = []
    for square, piece in cells.items():
        if not square.startswith(world) or not mine(piece, color):
            continue
        file, rank = ord(square[1]) - 97, int(square[2:])
        steps = [(0, forward)] if piece.upper() == "P" else \
            [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)] if piece.upper() == "N" else []
        for df, dr in steps:
            target = f"{world}{chr(97 + file + df)}{rank + dr}"
            if target in cells and cells[target] == "":
                found.append((square, target))
    found.sort(key=lambda order: (hash(order) % 97))
    return found


def give_order(page, color):
    """Clicks orders until one is carried out; False when none can be (the player resigns)."""
    for source, target in candidates(state(page), color)[:12]:
        before = len(state(page)["log"])
        page.find_element(By.CSS_SELECTOR, f'[data-square="{source}"]').click()
        page.find_element(By.CSS_SELECTOR, f'[data-square="{target}"]').click()
        wait_for(lambda: len(state(page)["log"]) > before, "the fate of " + source + target)
        fate = wait_for(lambda: next((line for line in state(page)["log"][before:]
                                      if line.startswith(("Carried out", "Refused", "Impossible"))), None),
                        "the fate line")
        if fate.startswith("Carried out"):
            return True
        if not state(page)["asked"]:
            return True
    page.find_element(By.ID, "h-resign").click()
    return False


def seat_of(page):
    return urllib.parse.parse_qs(urllib.parse.urlparse(page.current_url).query)["seat"][0]


def two_people(url):
    white, black = driver(), driver()
    try:
        white.get(f"{url}/hidden")
        Select(white.find_element(By.ID, "h-opponent")).select_by_value("human")
        white.find_element(By.ID, "h-start").click()
        link = wait_for(lambda: white.find_element(By.ID, "invite").get_attribute("data-link"), "the invitation")
        black.get(link)
        wait_for(lambda: "seat=" in black.current_url and state(black) and state(black)["boards"], "black's seat")
        white_secret, black_secret = seat_of(white), seat_of(black)
        # The invitation works once: whoever passed it on cannot take the seat.
        refused_to_a_third(link)
        pages = {"white": white, "black": black}
        secrets = {"white": black_secret, "black": white_secret}
        orders = 0
        while orders < ORDERS:
            wait_for(lambda: any(state(p)["asked"] or state(p)["result"] for p in pages.values()), "a player's turn")
            if state(white)["result"]:
                break
            color = "white" if state(white)["asked"] else "black"
            if not give_order(pages[color], color):
                break
            orders += 1
            for c, p in pages.items():
                check_view(p, c, secrets[c])
        time.sleep(0.3)
        for c, p in pages.items():
            check_view(p, c, secrets[c])
        print(f"two people: {orders} orders carried out; views checked after each; "
              f"result {state(white)['result'] or '*'}", flush=True)
    finally:
        white.quit()
        black.quit()


def against_vorpal(url):
    page = driver()
    try:
        page.get(f"{url}/hidden")
        page.find_element(By.ID, "h-think").clear()
        page.find_element(By.ID, "h-think").send_keys("0.05")
        page.find_element(By.ID, "h-start").click()
        wait_for(lambda: "seat=" in page.current_url and state(page) and state(page)["boards"], "the seat")
        orders = 0
        while orders < ORDERS // 2:
            wait_for(lambda: state(page)["asked"] or state(page)["result"], "my turn")
            if state(page)["result"] or not give_order(page, "white"):
                break
            orders += 1
            check_view(page, "white", None)
        print(f"against Vorpal: {orders} orders carried out; result {state(page)['result'] or '*'}", flush=True)
    finally:
        page.quit()


def other_world(url):
    """An order from a square of the other world with none of the player's pieces is refused in
    the page; an order in the other world waits for the player's yes (unless turned off); the
    strike it costs shows in the strike count."""
    page = driver()
    try:
        page.get(f"{url}/hidden")
        page.find_element(By.ID, "h-start").click()
        wait_for(lambda: "seat=" in page.current_url and state(page) and state(page)["asked"], "my turn")
        strikes = page.find_element(By.ID, "strikes")
        assert strikes.text == "Strikes: 0 of 3" and strikes.get_attribute("data-strikes") == "0", strikes.text
        cells = {c["square"]: c["piece"] for b in state(page)["boards"] for row in b["rows"] for c in row if c}
        unseen = next(sq for sq, piece in cells.items() if sq.startswith("2") and piece == "?")
        log = len(state(page)["log"])
        page.find_element(By.CSS_SELECTOR, f'[data-square="{unseen}"]').click()
        error = wait_for(lambda: page.find_element(By.ID, "error").text, "the refusal in the page")
        assert "none of your pieces" in error, error
        assert not page.find_elements(By.CSS_SELECTOR, ".cell.from"), "the square was taken as a starting square"
        empty = next(sq for sq, piece in cells.items() if sq.startswith("2") and piece == "?" and sq != unseen)
        order = unseen + empty
        page.find_element(By.ID, "order").send_keys(order)
        page.find_element(By.ID, "h-order").click()
        wait_for(lambda: page.find_elements(By.CSS_SELECTOR, "#choices [data-confirm='yes']"), "the question")
        assert "a strike (you have 0 of 3)" in page.find_element(By.ID, "choices").text
        page.find_element(By.CSS_SELECTOR, "#choices [data-confirm='no']").click()
        assert len(state(page)["log"]) == log, "a cancelled order was given"
        page.find_element(By.ID, "h-confirm").click()
        page.find_element(By.ID, "h-order").click()
        wait_for(lambda: state(page)["strikes"] == 1, "the strike")
        wait_for(lambda: page.find_element(By.ID, "strikes").get_attribute("data-strikes") == "1", "the count shown")
        print(f"other world: {unseen} refused as a starting square, {order} asked about, then struck "
              f"({page.find_element(By.ID, 'strikes').text})", flush=True)
    finally:
        page.quit()


def call(url, method, path, **params):
    """One request of the page's API, its JSON answer."""
    request = urllib.request.Request(f"{url}{path}?{urllib.parse.urlencode(params)}", method=method)
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.loads(answer.read())


def order(url, seat, text):
    """Gives an order for a seat through the API once the referee asks for it; its fate line."""
    wait_for(lambda: call(url, "GET", "/api/hidden/state", seat=seat)["asked"], "the turn of " + text)
    before = len(call(url, "GET", "/api/hidden/state", seat=seat)["log"])
    call(url, "POST", "/api/hidden/say", seat=seat, order=text)
    return wait_for(lambda: next((line for line in call(url, "GET", "/api/hidden/state", seat=seat)["log"][before:]
                                  if line.startswith(("Carried out", "Refused", "Impossible"))), None), "the fate of " + text)


def remembered_scene(url, page):
    """A game between two people in which White learns of a black knight in the Mirror world:
    Black's knight crosses into the Real world and back, and its arrival is announced. White's
    page is `page`, Black orders through the API. Returns the knight's square and both seats."""
    game = call(url, "POST", "/api/hidden/new", opponent="human", **{"as": "white"})
    black = call(url, "POST", "/api/hidden/join", invite=game["invite"])["seat"]
    page.get(f"{url}/hidden?seat={game['seat']}")
    wait_for(lambda: state(page) and state(page)["asked"], "white's turn")
    cells = {c["square"]: c["piece"] for b in call(url, "GET", "/api/hidden/state", seat=black)["boards"]
             for row in b["rows"] for c in row if c}
    knight = next(sq for sq, piece in cells.items() if sq.startswith("2") and sq.endswith("8") and piece == "n")
    files = "abcdefgh"
    step = lambda f, d: files[files.index(f) + d] if 0 <= files.index(f) + d < 8 else None
    real = next(f for f in (step(knight[1], 1), step(knight[1], -1)) if f)
    mirror = next(f for f in (step(real, 1), step(real, -1)) if f)
    assert order(url, game["seat"], "1h21h3").startswith("Carried out")
    assert order(url, black, f"{knight}2{real}6").startswith("Carried out")
    assert order(url, game["seat"], "1g21g3").startswith("Carried out")
    assert order(url, black, f"1{real}61{mirror}4").startswith("Carried out")
    return f"2{mirror}4", game["seat"], black


def remembered_pieces(url):
    """What White learned of Black's pieces in the other world is drawn there, faded, with the
    number of Black's moves since; the question's button answers in the log; and the page
    still shows nothing the referee did not say."""
    page = driver()
    try:
        square, white, black = remembered_scene(url, page)
        cell = f'[data-square="{square}"]'
        wait_for(lambda: page.find_element(By.CSS_SELECTOR, cell).get_attribute("data-remembered") == "n",
                 "the knight remembered on " + square)
        assert page.find_element(By.CSS_SELECTOR, cell).get_attribute("data-age") == "0"
        assert "seen just now (arrived there)" in page.find_element(By.CSS_SELECTOR, cell).get_attribute("title")
        assert page.find_element(By.ID, "memory-key").is_displayed()
        check_view(page, "white", None)
        log = len(state(page)["log"])
        page.find_element(By.ID, "h-ask").click()
        answer = wait_for(lambda: state(page)["log"][log:], "the answer")[0]
        assert answer in ("Yes, you have a legal move there.", "No legal move there."), answer
        wait_for(lambda: page.find_element(By.CSS_SELECTOR, "#log li:last-child").text == answer, "the answer shown")
        assert order(url, white, "1a21a3").startswith("Carried out")
        assert order(url, black, "2a72a6").startswith("Carried out")
        wait_for(lambda: page.find_element(By.CSS_SELECTOR, cell).get_attribute("data-age") == "1", "the age 1")
        assert "seen 1 move ago" in page.find_element(By.CSS_SELECTOR, cell).get_attribute("title")
        check_view(page, "white", None)
        print(f"remembered: a black knight on {square}, age 0, then 1 after Black's next move; "
              f"asked: {answer}", flush=True)
    finally:
        page.quit()


def main():
    url = sys.argv[1]
    remembered_pieces(url)
    other_world(url)
    two_people(url)
    against_vorpal(url)


if __name__ == "__main__":
    main()
