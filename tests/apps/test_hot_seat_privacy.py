"""Two people at one laptop: what Save shows, and what the browser holds while the laptop passes.

The browser holds every widget's synced state as last sent (``get_state()``
here), and plotly's board model also keeps every update it was sent, so for
a board every message sent since it was opened counts too. Messages are
recorded by wrapping ``Widget._send`` (the one way out to a browser).
"""

from __future__ import annotations

import json
import re
from typing import Any

import ipywidgets as w
import plotly.graph_objects as go
import pytest
from ga_hidden_cards import hidden_card_words
from ipywidgets.widgets.widget import _instances

from hoteledu.apps.controller import VIEW_FORMAT
from hoteledu.boutique.actions import SetPrices
from hoteledu.boutique.app import make_app as make_boutique_app
from hoteledu.core import GameRecord
from hoteledu.grand_austria.app import make_app


@pytest.fixture
def sent(monkeypatch) -> dict[str, list[Any]]:
    """model id -> every message sent to that widget's browser model (while the test runs)."""
    messages: dict[str, list[Any]] = {}
    send = w.Widget._send

    def recording(self, msg, buffers=None):
        if self.comm is not None:  # (none yet while a widget is being built: nothing is sent)
            messages.setdefault(self.comm.comm_id, []).append(msg)
        return send(self, msg, buffers)

    monkeypatch.setattr(w.Widget, "_send", recording)
    return messages


def browser_held(since: set[str], sent: dict[str, list[Any]]) -> dict[str, str]:
    """model id -> the text of what a browser holds of each open widget made after ``since``."""
    held = {}
    for model_id, widget in list(_instances.items()):
        if model_id in since:
            continue
        state = widget.get_state()
        state.pop("_esm", None)  # an anywidget's code (plotly's is 5 MB), the same for every game
        parts: list[Any] = [state]
        if isinstance(widget, go.FigureWidget):
            parts += sent.get(model_id, [])
        held[model_id] = json.dumps(parts, default=_buffer_text)
    return held


def _buffer_text(value: Any) -> str:
    """A binary buffer as the text it may carry (an SVG board sends its scene as UTF-8 JSON:
    its words must be searchable), other values by repr."""
    if isinstance(value, (memoryview, bytes, bytearray)):
        return bytes(value).decode("utf-8", errors="replace")
    return repr(value)


# ------------------------------------------------------------------ Grand Austria
def _ga_two_people(seed: int = 3):
    before = set(_instances)
    app = make_app(players=2, seats=("human", "human"), seed=seed, threaded=False)
    return app, before


def _press_to_the_cover(app, limit: int = 400) -> None:
    """The person at the laptop plays (mostly "pass") until the laptop must pass."""
    c = app.controller
    for _ in range(limit):
        if c.needs_handover():
            return
        if c.chance_waits_for_human():
            app.chance_button.click()
            continue
        labels = [b.description for b in app.action_buttons]
        assert labels, c.status()
        index = next((i for i, t in enumerate(labels) if t == "pass"), 0)
        app.action_buttons[index].click()
    raise AssertionError("no hand-over came")


def test_save_at_a_shared_laptop_shows_only_the_seat_holding_it(sent):
    app, _ = _ga_two_people()
    c = app.controller
    _press_to_the_cover(app)
    app.cover_button.click()  # P2 has the laptop
    assert c.viewer == 1 and c.save_hides()
    app.save_button.click()
    saved = app.record_text.value
    data = json.loads(saved)
    assert data["format"] == VIEW_FORMAT and data["seat"] == 1 and "actions" not in data
    assert data["observation"]["hand"][0] == len(c.state.hand[0])  # P1's hand: its size only
    assert data["observation"]["hand"][1] == c.state.hand[1]
    assert isinstance(data["observation"]["staff_deck"], int)
    for words in hidden_card_words(c.state, {1}):
        assert words not in saved and words not in app.download_html.value
    assert "cannot be loaded" in c.message
    # a hidden-information twin: P1's hand swapped with the deck saves the same text
    twin = c.state.clone()
    twin.hand[0][0], twin.staff_deck[0] = twin.staff_deck[0], twin.hand[0][0]
    real, c.state = c.state, twin
    try:
        assert c.save_view(1) == saved
    finally:
        c.state = real
    # a seat's view is not a game: Load says so and changes nothing
    position = c.state.to_json_str()
    app.load_button.click()
    assert "one seat's view" in c.message and c.state.to_json_str() == position


def test_the_whole_game_takes_an_explicit_choice_that_says_what_it_reveals(sent):
    app, _ = _ga_two_people()
    c = app.controller
    assert "every hand" in app.save_whole_button.description
    assert "every staff card in every hand" in app.save_whole_button.tooltip
    _press_to_the_cover(app)
    # while the laptop passes, the whole game is not on offer, and a forged press saves nothing
    assert app.save_whole_button.layout.display == "none"
    app.save_whole_button.click()
    assert app.record_text.value == "" and "the laptop is passing" in c.message
    app.cover_button.click()
    assert app.save_whole_button.layout.display == ""
    app.save_whole_button.click()
    assert "shows every staff card in every hand" in c.message
    assert GameRecord.loads(app.record_text.value).replay() == c.state
    # one person against a bot: Save is the whole game, as before
    solo = make_app(players=2, seats=("human", "heuristic"), seed=3, threaded=False)
    assert not solo.controller.save_hides() and solo.save_whole_button.layout.display == "none"
    solo.save_button.click()
    assert GameRecord.loads(solo.record_text.value).replay() == solo.controller.state


def test_while_the_laptop_passes_save_shows_the_public_part_only(sent):
    app, _ = _ga_two_people()
    c = app.controller
    _press_to_the_cover(app)
    app.save_button.click()
    data = json.loads(app.record_text.value)
    assert data["seat"] is None
    assert data["observation"]["hand"] == [len(h) for h in c.state.hand]
    for words in hidden_card_words(c.state, set()):
        assert words not in app.record_text.value


def test_nothing_a_browser_holds_at_the_cover_names_a_hidden_card(sent):
    """Every open widget's synced state, and every message to the board, at each hand-over."""
    app, before = _ga_two_people(seed=5)
    c = app.controller
    for _ in range(4):
        if c.needs_handover():
            app.cover_button.click()
        # the person at the laptop saves the whole game (the text box holds every hand) ...
        app.save_whole_button.click()
        assert app.record_text.value
        _press_to_the_cover(app)
        # ... then the laptop passes: nothing a browser holds names a card hidden from the next
        hidden = hidden_card_words(c.state, set())
        held = browser_held(before, sent)
        leaks = sorted(
            (model_id, words)
            for model_id, text in held.items()
            for words in hidden
            if re.search(rf"\b{re.escape(words)}\b", text)
        )
        assert not leaks, f"the browser holds hidden cards at the cover: {leaks[:5]}"
        assert app.record_text.value == "" and app.download_html.value == ""
        app.cover_button.click()
        # the check can see a card: the person now at the laptop has their hand drawn again
        own = hidden - hidden_card_words(c.state, {c.viewer})
        board = json.dumps(browser_held(before, sent))
        assert not own or any(words in board for words in own)


# ------------------------------------------------------------------ Boutique
def _widget_states(app, since: set[str], sent) -> list[str]:
    """What the browser holds of each widget made after ``since``, ids numbered in order."""
    held = browser_held(since, sent)
    order = {model_id: i for i, model_id in enumerate(held)}
    model = re.compile(r"IPY_MODEL_([0-9a-f]+)")
    uid = re.compile(r'"uid": "[0-9a-f-]+"')  # plotly names each trace at random

    def plain(text: str) -> str:
        return uid.sub('"uid": ""', model.sub(lambda m: f"W{order.get(m.group(1), '?')}", text))

    return [plain(text) for text in held.values()]


@pytest.mark.parametrize("prices", [(2, 2, 2, 2, 2, 2, 2, 1), (6, 5, 4, 3, 6, 5, 4, 2)])
def test_a_boutique_secret_price_leaves_no_trace_in_the_browser_at_the_cover(sent, prices):
    """Two games equal but for P1's secret prices: at the cover the browser holds the same."""

    def at_the_cover(entry) -> tuple[list[str], str, str]:
        before = set(_instances)
        app = make_boutique_app(players=2, seats=("human", "human"), seed=4, threaded=False)
        for d, face in enumerate(entry[:7]):
            app.form_fields[f"day{d}"].value = face
        app.form_fields["breakfast"].value = entry[7]
        app.save_button.click()  # (nothing is revealed yet: the save holds no entry)
        app.form_button.click()
        c = app.controller
        assert c.pending == {0: SetPrices(tuple(entry[:7]), entry[7])} and c.needs_handover()
        return _widget_states(app, before, sent), c.save_shown(), c.save()

    plain = at_the_cover((3, 3, 3, 3, 3, 3, 3, 1))
    other = at_the_cover(prices)
    assert other[1:] == plain[1:]  # Save (and the whole record) hold no secret entry
    assert len(other[0]) == len(plain[0])
    for mine, theirs in zip(other[0], plain[0], strict=True):
        assert mine == theirs
