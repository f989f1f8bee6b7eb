"""A whole game against a bot by real clicks in Voilà, and reloads that must show the live game.

The page serves a small notebook in which the greedy bot is P1: it plays its
first turn while the app is built, *before* the page draws the board. So the
first view already starts from a position that is not the opening one (the
bug: views created after in-place updates showed the opening position and
stayed frozen). Every press made in the page is replayed on a headless
controller with the same seed, and the page's figure data (hotels, tourists,
boat, the pawns) is compared with the headless figure's after each reload
and at the end.
"""

from __future__ import annotations

import re
import time
from typing import Any

import pytest

from hoteledu.amsterdam.app import AmsterdamController
from hoteledu.amsterdam.figures import board_trace_updates, scene_from_state

SEED = 5
COMPARED_TRACES = ("hotels", "tourists", "boat", "mayor", "nightwatchman", "quays")
NOTEBOOK_SOURCE = f"""\
from hoteledu.amsterdam.widget import AmsterdamApp
app = AmsterdamApp(players=2, seats=("greedy", "human"), seed={SEED})
app"""

FIGURE_DATA = """(names) => {
  const gd = document.querySelector('.js-plotly-plot');
  const out = {};
  for (const t of gd.data) if (names.includes(t.name))
    out[t.name] = {x: Array.from(t.x || []), y: Array.from(t.y || []),
                   text: t.text === undefined ? null : Array.from(t.text)};
  return out;
}"""
LOG_LINES = """() => {
  const log = document.querySelector('.hoteledu-log');
  return log ? log.innerText.split('\\n').filter(l => l.trim()).length : 0;
}"""
DATA_TO_PAGE = """([x, y]) => {
  const gd = document.querySelector('.js-plotly-plot');
  const layout = gd._fullLayout, box = gd.getBoundingClientRect();
  return [box.left + layout._size.l + layout.xaxis.d2p(x),
          box.top + layout._size.t + layout.yaxis.d2p(y)];
}"""
POINT = re.compile(r"^(hotel at|the Mayor to|the Nightwatchman to) \((\d),(\d)\)$")


def _notebook(tmp_path) -> str:
    import nbformat

    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(NOTEBOOK_SOURCE)]
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    path = tmp_path / "amsterdam_game.ipynb"
    nbformat.write(nb, path)
    return str(path)


def _expected(controller: AmsterdamController) -> dict[str, Any]:
    scene = scene_from_state(controller.state, caption="")
    updates = board_trace_updates(scene, controller.highlight())
    from hoteledu.amsterdam.figures import BOARD_TRACE_NAMES

    out = {}
    for name, data in zip(BOARD_TRACE_NAMES, updates, strict=True):
        if name in COMPARED_TRACES:
            out[name] = {
                "x": [round(v, 3) for v in data["x"]],
                "y": [round(v, 3) for v in data["y"]],
                "text": data.get("text"),
            }
    return out


def _shown(page: Any) -> dict[str, Any]:
    # the app may have replaced a board whose view never answered (its watchdog)
    page.wait_for_selector(".js-plotly-plot", timeout=20_000)
    data = page.evaluate(FIGURE_DATA, list(COMPARED_TRACES))
    for trace in data.values():
        trace["x"] = [round(v, 3) for v in trace["x"]]
        trace["y"] = [round(v, 3) for v in trace["y"]]
    return data


def _assert_board_is_the_game(page: Any, controller: AmsterdamController) -> None:
    expected = _expected(controller)
    deadline = time.monotonic() + 10
    while True:
        shown = _shown(page)
        if all(
            shown[n]["x"] == expected[n]["x"]
            and shown[n]["y"] == expected[n]["y"]
            and (expected[n]["text"] is None or shown[n]["text"] == expected[n]["text"])
            for n in COMPARED_TRACES
        ):
            return
        if time.monotonic() > deadline:
            diff = {n: (shown[n], expected[n]) for n in COMPARED_TRACES if shown[n] != expected[n]}
            raise AssertionError(f"the page's board is not the game: {diff}")
        page.wait_for_timeout(100)


def _open(page: Any, url: str, reload: bool = False) -> None:
    if reload:
        page.reload(timeout=45_000)
    else:
        page.goto(url, timeout=45_000)
    page.wait_for_selector(".hoteledu-log", timeout=45_000)
    page.wait_for_selector(".js-plotly-plot", timeout=20_000)
    page.wait_for_function(
        "() => document.querySelector('.hoteledu-log').innerText.includes('greedy')",
        timeout=20_000,
    )


def _press(page: Any, controller: AmsterdamController, turn: int) -> None:
    """One real press (the dice, a button, or a board click), mirrored headless."""
    lines = page.evaluate(LOG_LINES)
    roll = page.get_by_role("button", name="Roll the dice")
    if roll.is_visible():
        roll.click()
        controller.roll()
    else:
        buttons = page.locator(".hoteledu-actions button")
        buttons.first.wait_for(timeout=15_000)
        labels = buttons.all_inner_texts()
        label = labels[turn % len(labels)]
        match = POINT.match(label)
        if match and turn % 2 == 0:  # a real click on the board's point
            i, j = int(match.group(2)), int(match.group(3))
            page.wait_for_selector(".js-plotly-plot", timeout=20_000)
            page.evaluate("() => document.querySelector('.js-plotly-plot').scrollIntoView()")
            x, y = page.evaluate(DATA_TO_PAGE, [j - 0.5, i - 0.5])
            page.mouse.move(x, y)
            page.mouse.click(x, y)
        else:
            buttons.nth(labels.index(label)).click()
        assert controller.play_text(label), controller.message
    page.wait_for_function(f"() => ({LOG_LINES})() > {lines}", timeout=15_000)


@pytest.mark.browser
def test_a_whole_game_against_a_bot_with_reloads(browser, serve_voila, tmp_path):
    start = time.monotonic()
    notebook = _notebook(tmp_path)
    with serve_voila(notebook) as url:
        page = browser.new_page(viewport={"width": 1300, "height": 1100})
        _open(page, url)
        controller = AmsterdamController(players=2, seats=("greedy", "human"), seed=SEED)
        # the bot played before the page drew the board: the board shows its hotel
        assert len(controller.state.hotels[0]) == 1
        _assert_board_is_the_game(page, controller)

        # a few presses, then a reload: a new page (a new kernel, the same seeded game)
        for turn in range(8):
            _press(page, controller, turn)
        _assert_board_is_the_game(page, controller)
        _open(page, url, reload=True)
        controller = AmsterdamController(players=2, seats=("greedy", "human"), seed=SEED)
        _assert_board_is_the_game(page, controller)

        # the whole game by real presses; the board checked along the way
        turn = 0
        while not controller.state.is_terminal():
            assert turn < 400, "the game did not end"
            _press(page, controller, turn)
            turn += 1
            if turn % 15 == 0:
                _assert_board_is_the_game(page, controller)
        _assert_board_is_the_game(page, controller)
        status = page.locator(".hoteledu-status").inner_text()
        assert "game over" in status and controller.state.end_reason() in status
        page.close()
    assert time.monotonic() - start < 180, "the browser test should take under three minutes"
