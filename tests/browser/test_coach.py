"""The coach in each game's app in Voilà: a real click turns it on, the page shows a win chance.

One page load per game. The app starts with the coach off (``coach=False``,
as in a class experiment); the test ticks the panel's "Coach" checkbox with a
real click, then waits (on a condition, never a sleep) until the coach's
words show the person's win chance with its uncertainty and the chart is
drawn. The click is made once: the wait is what checks that it took effect.
"""

from __future__ import annotations

import re

import pytest
from pages import open_app, write_notebook

GAMES = {
    "amsterdam": ("hoteledu.amsterdam.app", ("human", "greedy")),
    "grand_austria": ("hoteledu.grand_austria.app", ("human", "heuristic")),
    "boutique": ("hoteledu.boutique.app", ("human", "peakload")),
}
WIN_CHANCE = re.compile(r"\(you\): about (\d+)% ± (\d+)")
SHOWS_WIN_CHANCE = """() => {
  const words = document.querySelector('.hoteledu-coach');
  return words !== null && /\\(you\\): about \\d+% ± \\d+/.test(words.innerText);
}"""


@pytest.mark.browser
@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_click_turns_the_coach_on_and_the_page_shows_a_win_chance(
    browser, serve_voila, tmp_path, game
):
    module, seats = GAMES[game]
    source = (
        f"from {module} import make_app\n"
        f"app = make_app(players=2, seats={seats!r}, seed=2, coach=False)\n"
        "app"
    )
    notebook = write_notebook(tmp_path, f"coach_{game}.ipynb", source)
    with serve_voila(notebook, timeout=90) as url:
        page = browser.new_page(viewport={"width": 1550, "height": 1400})
        try:
            open_app(page, url, "new game")
            words = page.locator(".hoteledu-coach")
            page.wait_for_function(
                "() => (document.querySelector('.hoteledu-coach') || {}).innerText"
                "?.includes('Coach off')",
                timeout=30_000,
            )
            box = page.locator(".hoteledu-coach-panel input[type='checkbox']")
            assert not box.is_checked()
            box.click()
            # the coach's first step (playouts from P1's view) is a fixed amount of work
            page.wait_for_function(SHOWS_WIN_CHANCE, timeout=120_000)
            found = WIN_CHANCE.search(words.inner_text())
            assert found, words.inner_text()
            chance, uncertainty = int(found.group(1)), int(found.group(2))
            assert 0 <= chance <= 100 and 0 <= uncertainty <= 50
            assert box.is_checked()
            # one point draws no visible line yet: the chart is there once its line is
            page.wait_for_selector(
                ".hoteledu-coach-chart svg polyline", state="attached", timeout=60_000
            )
        except Exception:
            page.screenshot(path=str(tmp_path / "failure.png"), full_page=True)
            print(f"\nthe page at the failure: {tmp_path / 'failure.png'}")
            raise
        page.screenshot(path=str(tmp_path / f"coach_{game}.png"), full_page=False)
        print(f"\n{game}: the coach says {found.group(0)}; page: {tmp_path / f'coach_{game}.png'}")
        page.close()
