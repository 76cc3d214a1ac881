"""Plays `vorpal gui --engine` in a real browser (headless Chromium through its WebDriver): a
person against the other engine with clocks, moves made by click and by drag, a take-back,
MultiPV analysis, and a game lost on time with its PGN.

Usage: clocks.py URL ; prints one line per part.
"""

import sys
import urllib.parse

from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By

from browser import driver, page_state, wait_for


def click(browser, square):
    """A click on the cell, found afresh if the page redrew it meanwhile (an analysis redraws
    the board with every line)."""
    for _ in range(50):
        try:
            browser.find_element(By.CSS_SELECTOR, f'[data-square="{square}"]').click()
            return
        except StaleElementReferenceException:
            continue
    raise AssertionError(f"{square} kept being redrawn")


def open_game(browser, url, **query):
    browser.get(f"{url}/?{urllib.parse.urlencode(query)}")
    wait_for(lambda: browser.execute_script("return state && state.variant") == query["variant"], "the board")
    return page_state(browser)


def quiet_move(browser):
    state = wait_for(lambda: (lambda s: s if s["legal"] else None)(page_state(browser)), "a move to make")
    return next(m for m in state["legal"] if not m["capture"] and len([o for o in state["legal"]
                if o["from"] == m["from"] and o["to"] == m["to"]]) == 1)


def clock_ms(browser, name):
    return int(browser.find_element(By.ID, f"clock-{name}").get_attribute("data-ms"))


def drag(browser, source, target):
    """HTML5 drag and drop as the browser fires it: dragstart on the piece's cell, drop on the target."""
    browser.execute_script(
        "const [from, to] = arguments;"
        "const cell = (s) => document.querySelector(`[data-board] [data-square='${s}']`);"
        "const data = new DataTransfer();"
        "cell(from).dispatchEvent(new DragEvent('dragstart', { bubbles: true, dataTransfer: data }));"
        "cell(to).dispatchEvent(new DragEvent('dragover', { bubbles: true, cancelable: true, dataTransfer: data }));"
        "cell(to).dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: data }));",
        source, target)


def against_the_engine(browser, url):
    state = open_game(browser, url, variant="alice", white="human", black="engine", clock="60+0.5")
    assert state["players"] == ["human", "engine"] and state["engine"], state["players"]
    assert state["clocks"] == [60000, 60000] or state["clocks"][0] <= 60000, state["clocks"]
    assert browser.find_element(By.ID, "clocks").is_displayed(), "the clocks are shown"
    first = clock_ms(browser, "white")
    wait_for(lambda: clock_ms(browser, "white") < first - 200, "White's clock running")
    assert clock_ms(browser, "black") == 60000, "Black's clock waits"
    for ply in range(4):
        move = quiet_move(browser)
        before = len(page_state(browser)["moves"])
        if ply % 2 == 0:
            click(browser, move["from"])
            click(browser, move["to"])
        else:
            drag(browser, move["from"], move["to"])
        state = wait_for(lambda: (lambda s: s if len(s["moves"]) >= before + 2 else None)(page_state(browser)),
                         "the engine's reply")
        white, black = state["moves"][-2], state["moves"][-1]
        assert white["text"] == move["text"], f"played {white['text']}, meant {move['text']}"
        assert white["clock"] is not None and black["clock"] is not None, state["moves"]
        assert black["clock"] <= 60500 + 500 * ply, black
    status = browser.find_element(By.ID, "status").text
    assert "White to move (you)" in status, status
    browser.find_element(By.ID, "undo").click()
    state = wait_for(lambda: (lambda s: s if len(s["moves"]) == 6 else None)(page_state(browser)), "the take-back")
    print(f"against {state['engine']} with clocks: 4 moves (2 by click, 2 by drag), the engine's 4 replies, "
          f"clocks {state['clocks']}, one move taken back", flush=True)


def analysis(browser, url):
    open_game(browser, url, variant="lma", white="human", black="human")
    browser.find_element(By.CSS_SELECTOR, "#analysis option[value='3']").click()
    wait_for(lambda: browser.find_element(By.ID, "line").get_attribute("data-lines") == "3", "three lines")
    wait_for(lambda: "analysing" in browser.find_element(By.ID, "status").text, "the analysis shown")
    # Each line shows its latest report: while a deeper iteration is under way, a line of the one
    # before can still lead with a move that a new line now leads with. Lines of one depth differ.
    state = wait_for(lambda: (lambda s: s if len(s["lines"]) == 3 and len({line["depth"] for line in s["lines"]}) == 1
                              else None)(page_state(browser)), "three lines of one depth")
    firsts = {line["pv"].split()[0] for line in state["lines"]}
    assert len(firsts) == 3, f"three different first moves: {state['lines']}"
    move = quiet_move(browser)
    click(browser, move["from"])
    click(browser, move["to"])
    wait_for(lambda: (lambda s: len(s["moves"]) == 1 and len(s["lines"]) == 3 and s["side"] == "black")(page_state(browser)),
             "the analysis of the next position")
    browser.find_element(By.CSS_SELECTOR, "#analysis option[value='0']").click()
    wait_for(lambda: not page_state(browser)["analysing"], "the analysis stopped")
    print(f"analysis: 3 lines ({', '.join(sorted(firsts))}), again after a move, then off", flush=True)


def lost_on_time(browser, url):
    open_game(browser, url, variant="normal", white="human", black="vorpal", clock="1+0")
    result = wait_for(lambda: browser.find_element(By.ID, "status").get_attribute("data-result"), "the flag", 6)
    assert "White loses on time" in result and result.startswith("0-1"), result
    assert clock_ms(browser, "white") == 0, clock_ms(browser, "white")
    session = browser.execute_script("return session")
    pgn = browser.execute_script(
        "return fetch('/api/pgn?session=' + arguments[0]).then((r) => r.text())", session)
    assert '[Termination "time forfeit"]' in pgn and '[Result "0-1"]' in pgn, pgn
    print("a person's flag: 0-1 on time, PGN Termination time forfeit", flush=True)


def main():
    url = sys.argv[1]
    browser = driver()
    try:
        against_the_engine(browser, url)
        analysis(browser, url)
        lost_on_time(browser, url)
    finally:
        browser.quit()


if __name__ == "__main__":
    main()
