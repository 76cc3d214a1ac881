"""Takes the screenshots of the browser GUI shown in the README and docs/gui.md.

Usage: screenshots.py URL OUTDIR ; writes OUTDIR/gui-VARIANT.png for each variant below, each
after a few moves, with a piece lifted to show its destinations; OUTDIR/gui-hidden.png, White's
view of hidden Looking-Glass with a black knight remembered in the Mirror world; OUTDIR/gui-start.png, the start page; and
OUTDIR/gui-phone.png, an Alice game at a phone's width.
"""

import sys
import time

from selenium.webdriver.common.by import By

from blind import order, remembered_scene
from browser import driver, wait_for

# Per variant: the moves played, then the square of the piece lifted.
SCENES = {
    "alice": (["1e22e4", "1d72d5", "2e41e5", "1b82c6"], "1g1"),
    "alice3": (["1e22e4", "1e72e5", "1g13f3"], "1g8"),
    "lma": (["2c22c4", "1d61d4", "2b12d3"], "1c7"),
    "monochrome": (["e2e4", "d7d5"], "e4"),
    "insideout": (["1c22c3", "1d52d4"], "1b1"),
}


def main():
    url, out = sys.argv[1], sys.argv[2]
    browser = driver()
    browser.set_window_size(1500, 760)
    try:
        for variant, (moves, lifted) in SCENES.items():
            browser.get(f"{url}/?variant={variant}&white=human&black=human")
            wait_for(lambda: browser.execute_script("return state && state.variant") == variant, "the board")
            for move in moves:
                count = browser.execute_script("return state.moves.length")
                browser.execute_script("send('/api/move', { move: arguments[0] })", move)
                wait_for(lambda: browser.execute_script("return state.moves.length") > count, move)
            browser.find_element(By.CSS_SELECTOR, f'[data-square="{lifted}"]').click()
            time.sleep(0.3)
            browser.save_screenshot(f"{out}/gui-{variant}.png")
            print(f"{out}/gui-{variant}.png")
        browser.get(f"{url}/")
        wait_for(lambda: browser.execute_script("return document.body.dataset.start"), "the start page")
        browser.save_screenshot(f"{out}/gui-start.png")
        print(f"{out}/gui-start.png")
        browser.set_window_size(390, 844)
        browser.get(f"{url}/?variant=alice&white=human&black=human")
        wait_for(lambda: browser.execute_script("return state && state.variant") == "alice", "the board")
        for move in ["1e22e4", "1d72d5"]:
            count = browser.execute_script("return state.moves.length")
            browser.execute_script("send('/api/move', { move: arguments[0] })", move)
            wait_for(lambda: browser.execute_script("return state.moves.length") > count, move)
        browser.save_screenshot(f"{out}/gui-phone.png")
        print(f"{out}/gui-phone.png")
        browser.set_window_size(1500, 760)
        # Hidden Looking-Glass, White's view: Black's knight was announced on its arrival in the
        # Mirror world one move before.
        square, white, black = remembered_scene(url, browser)
        assert order(url, white, "1a21a3").startswith("Carried out")
        assert order(url, black, "2a72a6").startswith("Carried out")
        wait_for(lambda: browser.find_element(By.CSS_SELECTOR, f'[data-square="{square}"]').get_attribute("data-age")
                 == "1", "the knight remembered")
        browser.save_screenshot(f"{out}/gui-hidden.png")
        print(f"{out}/gui-hidden.png")
    finally:
        browser.quit()


if __name__ == "__main__":
    main()
