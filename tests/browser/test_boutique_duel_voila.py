"""End to end: the pricing duel served by Voilà and played in headless Chromium by real clicks.

A one-cell notebook shows :class:`~hoteledu.boutique.widgets.duel_widget.DuelWidget`;
the test sets Monday's rate in its dropdown, plays the week, deals new guests,
plays again, and asks what flat prices would have earned, reading each answer
in the page.
"""

from __future__ import annotations

from pages import write_notebook
from playwright.sync_api import expect

SOURCE = (
    "from hoteledu.boutique.widgets.duel_widget import DuelWidget\n"
    "DuelWidget(bot='undercutter', seed=1)"
)


def test_play_the_duel_in_voila(browser, serve_voila, tmp_path):
    notebook = write_notebook(tmp_path, "duel.ipynb", SOURCE)
    with serve_voila(notebook, timeout=120) as url:  # a loaded machine starts slowly
        page = browser.new_page(viewport={"width": 1200, "height": 1000})
        page.goto(url, timeout=45_000)
        play = page.get_by_role("button", name="Play the week")
        play.wait_for(timeout=45_000)
        expect(page.locator("body")).to_contain_text("No week played yet", timeout=15_000)

        monday = page.locator("select").first
        monday.select_option(label="200")
        play.click()
        expect(page.locator("body")).to_contain_text("Deal 0 against undercutter", timeout=20_000)
        expect(page.locator("body")).to_contain_text("The week in words")

        page.get_by_role("button", name="New guests (next deal)").click()
        play.click()
        expect(page.locator("body")).to_contain_text("Deal 1 against undercutter", timeout=20_000)
        expect(page.locator("body")).to_contain_text("Over your 2 weeks")

        page.get_by_role("button", name="What would flat prices earn?").click()
        expect(page.locator("body")).to_contain_text("Flat prices on deal 1", timeout=20_000)
        page.close()
