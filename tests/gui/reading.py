"""Reads and plays the board page in a real browser (headless Chromium through its WebDriver)
as a player does: the coordinates of every board, a king in check marked on its square, the
move list by move number (in SAN for FIDE chess), the boards flipped, a move typed, a
promotion chosen by its piece, the cells named for screen readers, the start page with every
variant and the hidden game, the rules page, the page at a phone's width, the evaluation bar
and best-move arrow of an analysis, a PGN or FEN imported, a move made with the keyboard alone,
and a game between two people at two browsers by invitation.

Usage: reading.py URL VARIANTS ; prints one line per part.
"""

import sys
import urllib.parse

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from browser import driver, page_state, refused_to_a_third, wait_for


def open_game(browser, url, **query):
    browser.get(f"{url}/?{urllib.parse.urlencode(query)}")
    wait_for(lambda: browser.execute_script("return state && state.variant") == query["variant"], "the board")
    return page_state(browser)


def coordinates(browser, url):
    """Every board of every layout has its file letters and rank numbers, read off its cells."""
    shown = []
    for variant, boards in [("normal", 1), ("alice", 2), ("lma", 2), ("lookingglass", 2), ("insideout", 1)]:
        open_game(browser, url, variant=variant, white="human", black="human")
        figures = browser.find_elements(By.CSS_SELECTOR, "[data-board]")
        assert len(figures) == boards, f"{variant}: {len(figures)} boards drawn"
        for figure in figures:
            labels = [e.text for e in figure.find_elements(By.CSS_SELECTOR, "[data-coord]")]
            cells = [e.get_attribute("data-square") for e in figure.find_elements(By.CSS_SELECTOR, ".cell:not(.inner)")]
            files = sorted({name.lstrip("0123456789")[0] for name in cells})
            ranks = sorted({name.lstrip("0123456789")[1:] for name in cells}, key=int)
            assert set(files) <= set(labels) and set(ranks) <= set(labels), f"{variant}: {labels} for {files} {ranks}"
            caption = figure.find_element(By.TAG_NAME, "figcaption").text
            assert caption, f"{variant}: a board without its name"
        shown.append(f"{variant} {boards}")
        if variant == "insideout":
            caption = browser.find_element(By.CSS_SELECTOR, "[data-board] figcaption").text
            assert caption.startswith("Inside-out"), caption
            grid = browser.find_element(By.CSS_SELECTOR, "[data-board] .grid")
            cells = browser.find_elements(By.CSS_SELECTOR, "[data-board] .grid > .cell, [data-board] .grid > .hole")
            assert grid.size["width"] <= 6 * cells[0].size["width"] + 8, "the frame stretches past the cells"
    print("coordinates: " + ", ".join(shown), flush=True)


def check(browser, url):
    """Scholar's mate: the mated king's square is marked, and the status says so; Alice's
    check on the other board too."""
    open_game(browser, url, variant="normal", white="human", black="human")
    for move in ["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6"]:
        play_typed(browser, move)
    assert not browser.find_elements(By.CSS_SELECTOR, "[data-check='1']"), "no check yet"
    play_typed(browser, "Qxf7#")
    marked = wait_for(lambda: browser.find_elements(By.CSS_SELECTOR, "[data-check='1']"), "the king marked")
    assert [m.get_attribute("data-square") for m in marked] == ["e8"], marked
    status = browser.find_element(By.ID, "status").text
    assert "Game over" in status, status
    # Alice: a queen moves on board 2 and lands on board 1 beside Black's king.
    fen = "4k3/8/8/8/8/8/8/4K3|8/8/8/8/8/8/8/3Q4 w - - 0 1"
    open_game(browser, url, variant="alice", white="human", black="human", fen=fen)
    play_typed(browser, "2d11d7")
    marked = wait_for(lambda: browser.find_elements(By.CSS_SELECTOR, "[data-check='1']"), "Alice's king marked")
    assert [m.get_attribute("data-square") for m in marked] == ["1e8"], [m.get_attribute("data-square") for m in marked]
    assert "in check" in browser.find_element(By.ID, "status").text
    print("check: the mated king and Alice's checked king marked on their squares", flush=True)


def play_typed(browser, text):
    before = len(page_state(browser)["moves"])
    field = browser.find_element(By.ID, "typed")
    field.clear()
    field.send_keys(text + Keys.ENTER)
    wait_for(lambda: len(page_state(browser)["moves"]) > before, f"the typed move {text}")


def typed_refusal(browser, text):
    """Types a move the page must refuse; the reason it shows."""
    browser.find_element(By.ID, "typed").send_keys(text + Keys.ENTER)
    return wait_for(lambda: browser.find_element(By.ID, "error").text, "the refusal of " + text)


def move_list(browser, url):
    """FIDE chess in SAN by move number; Alice in Vorpal's notation; a typed illegal move is
    refused with its reason."""
    open_game(browser, url, variant="normal", white="human", black="human")
    for move in ["e4", "e5", "Nf3", "Nc6"]:
        play_typed(browser, move)
    fide = [e.text for e in browser.find_elements(By.CSS_SELECTOR, "#moves li")]
    assert fide == ["1. e4 e5", "2. Nf3 Nc6"], fide
    pgn = browser.execute_script("return await (await fetch(document.getElementById('pgn').href)).text()")
    for part in ['[Event "Casual game"]', '[Result "*"]', "1. e4 {"]:
        assert part in pgn, f"{part} not in the page's PGN: {pgn}"
    assert "[Termination" not in pgn and "{}" not in pgn, pgn
    error = typed_refusal(browser, "Ke3")
    assert "Ke3" in error, error
    # A transfer refused because the square the piece would land on is occupied says which.
    open_game(browser, url, variant="alice", white="human", black="human",
              fen="7k/8/8/8/8/8/8/1N5K|8/8/8/8/8/2P5/8/8 w - - 0 1")
    landing = typed_refusal(browser, "1b12c3")
    assert "would land on 2c3, which is occupied" in landing, landing
    open_game(browser, url, variant="alice", white="human", black="human",
              fen="rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|8/8/8/8/8/8/8/8 b - - 0 7")
    play_typed(browser, "1e72e5")
    rows = [e.text for e in browser.find_elements(By.CSS_SELECTOR, "#moves li")]
    assert rows == ["7... 1e72e5"], rows
    print(f"move list: {' / '.join(fide)} in FIDE chess (and in the PGN link's game); {' / '.join(rows)} in Alice "
          f"from a FEN with Black to move; a blocked transfer refused: '{landing}'", flush=True)


def flip(browser, url):
    open_game(browser, url, variant="alice", white="human", black="human")
    first = lambda: browser.find_element(By.CSS_SELECTOR, "[data-board='1'] .cell").get_attribute("data-square")
    assert first() == "1a8", first()
    browser.find_element(By.ID, "flip").click()
    wait_for(lambda: first() == "1h1", "the boards flipped")
    assert browser.find_element(By.ID, "flip").get_attribute("aria-pressed") == "true"
    labels = [e.text for e in browser.find_elements(By.CSS_SELECTOR, "[data-board='1'] .ranks [data-coord]")]
    assert labels[0] == "1" and labels[-1] == "8", labels
    print("flip: rank 1 on top, h-file on the left", flush=True)


def promotion(browser, url):
    open_game(browser, url, variant="normal", white="human", black="human", fen="4k3/1P6/8/8/8/8/8/4K3 w - - 0 1")
    browser.find_element(By.CSS_SELECTOR, "[data-square='b7']").click()
    browser.find_element(By.CSS_SELECTOR, "[data-square='b8']").click()
    buttons = wait_for(lambda: browser.find_elements(By.CSS_SELECTOR, "#choices button"), "the promotion chooser")
    pieces = [b.find_element(By.CSS_SELECTOR, "[data-piece]").get_attribute("data-piece") for b in buttons]
    assert sorted(pieces) == ["B", "N", "Q", "R"], pieces
    next(b for b in buttons if b.get_attribute("data-move").endswith("n")).click()
    wait_for(lambda: page_state(browser)["moves"], "the promotion played")
    assert browser.find_element(By.CSS_SELECTOR, "[data-square='b8'] [data-piece]").get_attribute("data-piece") == "N"
    print("promotion: chosen by its piece (a knight)", flush=True)


def screen_reader(browser, url):
    open_game(browser, url, variant="normal", white="human", black="human")
    names = {e.get_attribute("data-square"): e.get_attribute("aria-label")
             for e in browser.find_elements(By.CSS_SELECTOR, "[data-square]")}
    assert names["e1"] == "e1, white king" and names["e4"] == "e4, empty", (names["e1"], names["e4"])
    print("screen readers: every cell names its square and piece", flush=True)


def start_page(browser, url, variants):
    """The start page: a card per variant with its description, picture and links, the hidden
    game's link, and the rules page each card links to."""
    browser.get(f"{url}/")
    wait_for(lambda: browser.execute_script("return document.body.dataset.start") == str(variants), "the cards")
    cards = browser.find_elements(By.CSS_SELECTOR, "#catalogue .card[data-variant]")
    assert len(cards) == variants + 1, len(cards)
    for card in cards:
        text = card.find_element(By.TAG_NAME, "p").text
        assert len(text) > 20, f"{card.get_attribute('data-variant')}: '{text}'"
    alice = browser.find_element(By.CSS_SELECTOR, ".card[data-variant='alice']")
    assert len(alice.find_elements(By.CSS_SELECTOR, "[data-board]")) == 2, "Alice's picture has two boards"
    assert alice.find_elements(By.CSS_SELECTOR, "[data-piece='K']"), "the picture shows the pieces"
    hidden = [a.get_attribute("href") for a in browser.find_elements(By.CSS_SELECTOR, "#start a")
              if "/hidden" in a.get_attribute("href")]
    assert hidden, "no link to the hidden game"
    rules = next(a.get_attribute("href") for a in browser.find_elements(By.CSS_SELECTOR, ".card[data-variant='duo'] a")
                 if "/rules" in a.get_attribute("href"))
    assert rules.endswith("/rules#alice"), rules
    play = next(a for a in alice.find_elements(By.TAG_NAME, "a") if a.text == "Play Vorpal")
    play.click()
    wait_for(lambda: browser.execute_script("return state && state.variant") == "alice", "Alice opened from its card")
    browser.get(rules)
    headings = [h.get_attribute("id") for h in browser.find_elements(By.CSS_SELECTOR, "h2[id]")]
    for anchor in ["normal", "alice", "lma", "monochrome", "insideout", "lookingglass"]:
        assert anchor in headings, f"no section {anchor} in {headings}"
    print(f"start page: {variants} variants with descriptions and pictures, the hidden game, the rules page", flush=True)


def phone(browser, url):
    """At a phone's width the boards stack, nothing needs sideways scrolling, and a move can
    still be made by clicks."""
    browser.set_window_size(390, 844)
    try:
        open_game(browser, url, variant="alice", white="human", black="human")
        first, second = browser.find_elements(By.CSS_SELECTOR, "[data-board]")
        assert second.location["y"] >= first.location["y"] + first.size["height"] - 1, "the boards do not stack"
        width = browser.execute_script("return [document.documentElement.scrollWidth, window.innerWidth]")
        assert width[0] <= width[1], f"the page is {width[0]} px wide in a window of {width[1]}"
        browser.find_element(By.CSS_SELECTOR, "[data-square='1e2']").click()
        browser.find_element(By.CSS_SELECTOR, "[data-square='2e4']").click()
        wait_for(lambda: page_state(browser)["moves"], "the move by clicks")
    finally:
        browser.set_window_size(1600, 1000)
    print(f"phone: boards stacked in {width[1]} px, no sideways scrolling, a move by clicks", flush=True)


def analysis(browser, url):
    """While Vorpal analyses, an evaluation bar and an arrow for the best line's first move, in
    Alice from its square on board 1 to where it lands on board 2."""
    open_game(browser, url, variant="alice", white="human", black="human")
    Select(browser.find_element(By.ID, "analysis")).select_by_value("1")
    # The arrow and the line it stands for, read together: the analysis redraws both as it deepens.
    best, source, target = wait_for(lambda: browser.execute_script(
        "const a = document.getElementById('arrow'); if (!a || !state.lines.length) return null;"
        "const best = state.lines[0].pv.split(' ')[0]; const m = state.legal.find((m) => m.text === best);"
        "return m && a.dataset.from === m.from && a.dataset.to === m.to ? [best, m.from, m.to] : null"),
        "an arrow for the best line's first move")
    assert source.startswith("1") and target.startswith("2"), (source, target)
    bar = browser.find_element(By.ID, "evalbar")
    assert bar.is_displayed() and bar.get_attribute("data-score") is not None
    Select(browser.find_element(By.ID, "analysis")).select_by_value("0")
    wait_for(lambda: not browser.find_element(By.ID, "evalbar").is_displayed(), "the bar gone with the analysis")
    print(f"analysis: the bar at {bar.get_attribute('data-score')} and an arrow for {best} across the boards", flush=True)


def import_game(browser, url):
    """A pasted PGN is replayed, its comments, variations, NAGs and result left out; an Alice
    PGN sets its variant; a FEN alone sets up its position; a bad move is named."""
    def paste(text):
        if not browser.find_element(By.ID, "import").is_displayed():
            browser.find_element(By.CSS_SELECTOR, "#import-box summary").click()
        browser.execute_script("document.getElementById('import').value = arguments[0];"
                               "delete document.body.dataset.imported;", text)
        browser.find_element(By.ID, "import-go").click()

    open_game(browser, url, variant="normal", white="human", black="vorpal")
    paste('[Event "x"]\n[Variant "Standard"]\n\n1. e4 {best by test} e5 (1... c5 2. Nf3) 2. Nf3 $1 Nc6\n'
          '3. Bb5 a6 ; the Ruy Lopez\n*\n')
    wait_for(lambda: browser.execute_script("return document.body.dataset.imported") == "6", "the FIDE game replayed")
    wait_for(lambda: len(page_state(browser)["moves"]) == 6, "its six moves shown")
    rows = [e.text for e in browser.find_elements(By.CSS_SELECTOR, "#moves li")]
    assert rows[-1] == "3. Bb5 a6" and page_state(browser)["humans"] == [True, True], rows
    paste('[Variant "alice"]\n1. 1e22e4 1d72d5 2. 2e41e5 *')
    wait_for(lambda: browser.execute_script("return document.body.dataset.imported") == "3", "the Alice game replayed")
    assert page_state(browser)["variant"] == "alice"
    # A FEN alone is of the variant chosen (Alice, from the PGN before).
    paste("4k3/8/8/8/8/8/8/4K2R|8/8/8/8/8/8/8/8 w K - 0 1")
    wait_for(lambda: page_state(browser)["fen"].startswith("4k3/8/8/8/8/8/8/4K2R|"), "the FEN set up")
    paste("1. e4 e5 2. Ke3")
    error = wait_for(lambda: browser.find_element(By.ID, "error").text, "the bad move named")
    assert "move 3 (Ke3)" in error, error
    print("import: a commented FIDE PGN, an Alice PGN and a FEN replayed; a bad move named", flush=True)


def keyboard(browser, url):
    """Tab reaches the board, the arrow keys walk its cells, Enter lifts a piece and puts it down."""
    open_game(browser, url, variant="normal", white="human", black="human")
    browser.find_element(By.ID, "typed").click()
    square = lambda: browser.execute_script("return document.activeElement.dataset.square")
    actions = ActionChains(browser)
    for _ in range(20):
        if square():
            break
        actions.send_keys(Keys.TAB).perform()
    start = square()
    assert start, "Tab never reached the board"

    def walk(to):
        here = square()
        files, ranks = ord(to[0]) - ord(here[0]), int(to[1]) - int(here[1])
        keys = [Keys.ARROW_RIGHT if files > 0 else Keys.ARROW_LEFT] * abs(files) \
            + [Keys.ARROW_UP if ranks > 0 else Keys.ARROW_DOWN] * abs(ranks)
        if keys:
            ActionChains(browser).send_keys(*keys).perform()
        wait_for(lambda: square() == to, "the focus on " + to)

    walk("e2")
    ActionChains(browser).send_keys(Keys.ENTER).perform()
    wait_for(lambda: browser.find_elements(By.CSS_SELECTOR, "[data-square='e2'].from"), "e2 lifted")
    walk("e4")
    ActionChains(browser).send_keys(Keys.ENTER).perform()
    wait_for(lambda: page_state(browser)["moves"], "the move")
    assert page_state(browser)["moves"][0]["text"] == "e2e4", page_state(browser)["moves"]
    wait_for(lambda: square() == "e4", "the focus kept on e4 after the redraw")
    label = browser.execute_script("return document.activeElement.getAttribute('aria-label')")
    assert label == "e4, white pawn", label
    print(f"keyboard: Tab to {start}, arrows to e2, Enter, arrows to e4, Enter: e2e4 played; the focus "
          f"stays on '{label}'", flush=True)


def invitation(browser, url):
    """A game between two people at two browsers: the second opens the link the first is shown
    (once), plays Black with Black at the bottom, and neither can move for the other."""
    open_game(browser, url, variant="alice", white="human", black="friend")
    link = wait_for(lambda: browser.find_element(By.ID, "invite").get_attribute("data-link"), "the invitation")
    mine = urllib.parse.parse_qs(urllib.parse.urlparse(browser.current_url).query)["session"][0]
    assert mine not in link, "the invitation holds the inviter's secret"
    friend = driver()
    try:
        friend.get(link)
        wait_for(lambda: "session=" in friend.current_url and friend.execute_script("return state && state.variant"),
                 "the friend's game")
        theirs = page_state(friend)
        assert theirs["seat"] == "black" and not theirs["legal"], (theirs["seat"], len(theirs["legal"]))
        assert mine not in friend.page_source, "the friend's page holds the inviter's secret"
        first = friend.find_element(By.CSS_SELECTOR, "[data-board='1'] .cell").get_attribute("data-square")
        assert first == "1h1", f"Black is not at the bottom of the friend's page: {first}"
        assert friend.find_element(By.ID, "analysis").get_attribute("disabled"), "analysis offered during the game"
        browser.find_element(By.CSS_SELECTOR, "[data-square='1e2']").click()
        browser.find_element(By.CSS_SELECTOR, "[data-square='2e4']").click()
        wait_for(lambda: len(page_state(friend)["moves"]) == 1, "White's move on the friend's page")
        assert "(you)" in friend.find_element(By.ID, "status").text, friend.find_element(By.ID, "status").text
        wait_for(lambda: not page_state(browser)["legal"], "the inviter's page waiting")
        refusal = typed_refusal(browser, "1d72d5")
        assert "Black's move, not yours" in refusal, refusal
        play_typed(friend, "1d72d5")
        wait_for(lambda: len(page_state(browser)["moves"]) == 2, "Black's move on the inviter's page")
        # A take-back is asked by one and agreed by the other.
        assert friend.find_element(By.ID, "undo").text == "Ask to take back"
        friend.find_element(By.ID, "undo").click()
        wait_for(lambda: browser.find_element(By.ID, "undo").text == "Agree to take back", "the request shown")
        assert "asks to take back" in browser.find_element(By.ID, "status").text
        browser.find_element(By.ID, "undo").click()
        wait_for(lambda: len(page_state(friend)["moves"]) == 1, "Black's move taken back")
        refused_to_a_third(link)
    finally:
        friend.quit()
    print("invitation: the friend joined by the link (once), played Black from the bottom; "
          f"each page refused the other's move ('{refusal}'); a take-back asked and agreed", flush=True)


def premove_sound_colours(browser, url):
    """A premove made while Vorpal thinks is played when the turn comes; each move sounds; the
    board's colours change."""
    # Vorpal thinks long enough that even a busy machine makes both clicks before its answer.
    open_game(browser, url, variant="normal", white="human", black="vorpal", think="5")
    sounds = lambda: int(browser.execute_script("return document.body.dataset.sounds || 0"))
    play_typed(browser, "e4")
    assert page_state(browser)["thinking"] or len(page_state(browser)["moves"]) == 1
    # The page redraws as Vorpal's search reports: each click finds its cell afresh.
    for square in ("g1", "f3"):
        browser.execute_script(f"document.querySelector(\"[data-square='{square}']\").click()")
    marked = browser.execute_script("return [...document.querySelectorAll('.premove')].map(e => e.dataset.square)")
    assert sorted(marked) == ["f3", "g1"], marked
    assert len(page_state(browser)["moves"]) == 1, "Vorpal answered before the premove was set"
    wait_for(lambda: len(page_state(browser)["moves"]) == 3, "the premove played", timeout=60)
    assert page_state(browser)["moves"][2]["text"] == "g1f3", page_state(browser)["moves"]
    wait_for(lambda: sounds() >= 3, "a sound per move")
    Select(browser.find_element(By.ID, "colours")).select_by_value("green")
    # Read in one script: the page may redraw its cells between a lookup and a read.
    light = lambda: browser.execute_script(
        "return getComputedStyle(document.querySelector('.cell.light')).backgroundColor")
    wait_for(lambda: light() in ("rgb(238, 238, 210)", "rgba(238, 238, 210, 1)"), "the green board's light cells")
    Select(browser.find_element(By.ID, "colours")).select_by_value("wood")
    print(f"premove: g1f3 set while Vorpal thought, played on its turn; {sounds()} moves sounded; "
          "the board's colours changed", flush=True)


def main():
    url, variants = sys.argv[1], int(sys.argv[2])
    browser = driver()
    try:
        start_page(browser, url, variants)
        phone(browser, url)
        coordinates(browser, url)
        move_list(browser, url)
        check(browser, url)
        flip(browser, url)
        promotion(browser, url)
        screen_reader(browser, url)
        analysis(browser, url)
        import_game(browser, url)
        keyboard(browser, url)
        invitation(browser, url)
        premove_sound_colours(browser, url)
    finally:
        browser.quit()


if __name__ == "__main__":
    main()
