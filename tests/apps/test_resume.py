"""Autosave and resume: a new app (a new kernel, a reload) given the page's key resumes its game.

The page's key arrives as a message to the app's :class:`ResumeKey` widget
(``_handle_message`` here, as the browser would send it). Every test writes
under its own ``HOTELEDU_AUTOSAVE_DIR``.
"""

from __future__ import annotations

import json
import os
import stat

import numpy as np
import plotly.io
import pytest
from app_helpers import press_something, progress

from hoteledu.apps import autosave
from hoteledu.apps.controller import AUTOSAVE_FORMAT


@pytest.fixture(autouse=True)
def autosave_dir(tmp_path, monkeypatch):
    folder = tmp_path / "autosave"
    monkeypatch.setenv(autosave.AUTOSAVE_DIR_VARIABLE, str(folder))
    return folder


def send_key(app, key):
    """What the page sends when the app starts: its stored key (or null)."""
    app.resume_key._handle_message(None, {"key": key}, [])


def play_some(app, presses: int, seed: int = 0) -> None:
    """Random presses until the game has moved on (bounded), never Undo."""
    rng = np.random.default_rng(seed)
    start = progress(app.controller)
    for _ in range(presses):
        press_something(app, rng, undo=False)
        if len(app.controller.state.history) >= 6 and progress(app.controller) > start:
            return


SEATS = ("human", "random")


def test_a_new_app_with_the_key_resumes_the_exact_position(make_app, autosave_dir):
    key = autosave.new_key()
    app = make_app(SEATS, 5)
    send_key(app, key)
    play_some(app, 200)
    c = app.controller
    assert len(c.state.history) >= 6
    files = list(autosave_dir.iterdir())
    assert len(files) == 1 and key not in files[0].name
    assert stat.S_IMODE(files[0].stat().st_mode) == 0o600
    before_state, before_log = c.state.to_json_str(), list(c.log)

    again = make_app(SEATS, 99)  # another seed: the resumed game's own seed comes back
    fresh = again.controller.state.to_json_str()
    send_key(again, key)
    r = again.controller
    assert r.state.to_json_str() == before_state != fresh
    assert r.log[: len(before_log)] == before_log and r.log[-1].startswith("resumed your game")
    assert r.seats == c.seats and r.seed == c.seed == 5
    assert again.seed_input.value == 5
    assert "your game is back where it was" in r.message
    # the dice go on as they would have: the generator came back too
    assert r.rng.bit_generator.state == c.rng.bit_generator.state
    bots = [(a.rng.bit_generator.state if a else None) for a in c.agents]
    assert [(a.rng.bit_generator.state if a else None) for a in r.agents] == bots
    # and the resumed game plays on, autosaving again
    play_some(again, 200, seed=1)
    assert json.loads(files[0].read_text())["record"]["actions"] == [
        a.to_json() for a in r.state.history
    ]


def test_without_a_key_the_page_is_given_one_and_two_keys_never_cross(make_app, autosave_dir):
    app = make_app(SEATS, 2)
    sent = []
    app.resume_key.send = sent.append
    send_key(app, None)  # a browser that has no key yet
    assert len(sent) == 1 and autosave.key_is_valid(sent[0]["store"])
    play_some(app, 200)
    mine = app.controller.state.to_json_str()

    other = make_app(SEATS, 2)  # a second student: another browser, another key
    send_key(other, autosave.new_key())
    assert len(other.controller.state.history) < len(app.controller.state.history)
    assert other.controller.state.to_json_str() != mine
    assert len(list(autosave_dir.iterdir())) == 2  # one file each

    back = make_app(SEATS, 2)
    send_key(back, sent[0]["store"])
    assert back.controller.state.to_json_str() == mine


def test_only_the_first_key_counts(make_app):
    """A later key (a second view, a forged message) changes nothing: the kernel decides."""
    first, second = autosave.new_key(), autosave.new_key()
    theirs = make_app(SEATS, 3)
    send_key(theirs, second)
    play_some(theirs, 200)
    app = make_app(SEATS, 3)
    send_key(app, first)
    position = app.controller.state.to_json_str()
    send_key(app, second)
    app.resume_key._handle_message(None, {"key": ["not", "a", "key"]}, [])
    assert app.controller.state.to_json_str() == position
    assert app._autosave_path == autosave.autosave_path(first, app.adapter.game)


def _tamper(data: dict, field: str, value) -> dict:
    data = json.loads(json.dumps(data))
    if field.startswith("record."):
        data["record"][field.split(".", 1)[1]] = value
    else:
        data[field] = value
    return data


TAMPERED = [
    ("format", "hoteledu-record/1", "'format'"),
    ("game", "chess", "'game'"),
    ("seats", ["human", "god"], "'seats'"),
    ("seats", ["human"], "'seats' names 1 seats"),
    ("strength", 10**9, "'strength'"),
    ("seed", -1, "'seed'"),
    ("autoplay", "yes", "'autoplay'"),
    ("log", ["x" * 5000], "'log'"),
    ("rng", {"bit_generator": "MT19937"}, "'rng'"),
    ("rng", {"bit_generator": "PCG64", "state": "x"}, "'rng'"),
    ("bot_rngs", [None], "'bot_rngs'"),
    ("bot_rngs", [None, {"bit_generator": "PCG64"}], "'bot_rngs'"),
    ("record.options", {"players": 9}, "'players' is 9"),
    ("record.actions", [{"type": "nonsense"}], "action 0"),
]


NOT_OBJECTS = [b"", b"{", b"\xff\xfe", b"[1, 2]", b" " * 5_000_000]


def test_a_tampered_autosave_is_refused_with_the_field_and_changes_nothing(make_app):
    key = autosave.new_key()
    app = make_app(SEATS, 4)
    send_key(app, key)
    play_some(app, 200)
    path = app._autosave_path
    good = json.loads(path.read_text())
    assert good["format"] == AUTOSAVE_FORMAT
    cases = [(json.dumps(_tamper(good, f, v)).encode(), named) for f, v, named in TAMPERED]
    cases += [(text, "") for text in NOT_OBJECTS]
    for text, named in cases:
        path.write_bytes(text)
        again = make_app(SEATS, 8)
        fresh, log = again.controller.state.to_json_str(), list(again.controller.log)
        send_key(again, key)
        c = again.controller
        assert c.message.startswith("could not resume your autosaved game"), c.message
        assert named in c.message, c.message
        assert c.state.to_json_str() == fresh and c.log == log and c.seed == 8


def test_a_person_who_pressed_first_keeps_their_game(make_app):
    key = autosave.new_key()
    app = make_app(SEATS, 6)
    send_key(app, key)
    play_some(app, 200)
    late = make_app(SEATS, 6)
    play_some(late, 200, seed=3)  # pressed before the page's key arrived
    mine = late.controller.state.to_json_str()
    send_key(late, key)
    assert late.controller.state.to_json_str() == mine


def test_old_autosaves_are_pruned(make_app, autosave_dir):
    autosave_dir.mkdir()
    old, recent = autosave_dir / "amsterdam-old.json", autosave_dir / "amsterdam-new.json"
    old.write_text("{}")
    recent.write_text("{}")
    month = 31 * 86_400
    os.utime(old, (old.stat().st_atime - month, old.stat().st_mtime - month))
    send_key(make_app(SEATS, 1), autosave.new_key())
    assert not old.exists() and recent.exists()


def test_an_unrun_app_cell_says_to_run_it(make_app):
    bundle = make_app(SEATS, 1)._repr_mimebundle_()
    assert "run this cell to start the app" in bundle["text/plain"]
    assert "VBox" not in bundle["text/plain"]
    assert "application/vnd.jupyter.widget-view+json" in bundle


# ------------------------------------------------------------- hot seat
def test_a_resumed_hot_seat_game_shows_nobody_s_cards_until_the_hand_over():
    """Two people at one laptop: the resumed game opens on the "pass the laptop" screen
    (as Save shows the public part only while the laptop passes), never on a seat's view."""
    from ga_hidden_cards import hidden_card_words
    from test_hot_seat_privacy import _press_to_the_cover, browser_held

    from hoteledu.grand_austria.app import make_app as make_ga_app

    key = autosave.new_key()
    app = make_ga_app(players=2, seats=("human", "human"), seed=3, threaded=False)
    send_key(app, key)
    _press_to_the_cover(app)
    app.cover_button.click()  # P2 has the laptop and sees their hand
    assert app.controller.viewer == 1 and not app.controller.needs_handover()

    from ipywidgets.widgets.widget import _instances

    before = set(_instances)
    again = make_ga_app(players=2, seats=("human", "human"), seed=3, threaded=False)
    send_key(again, key)
    c = again.controller
    assert c.state.to_json_str() == app.controller.state.to_json_str()
    assert c.viewer is None and c.needs_handover() and c.laptop_seat() is None
    assert again.cover.layout.display == "" and again._board_widget not in again.board_box.children
    held = json.dumps(browser_held(before, {}))
    leaks = [w for w in hidden_card_words(c.state, set()) if w in held]
    assert not leaks, f"a resumed page holds hidden cards before the hand-over: {leaks[:5]}"
    again.cover_button.click()
    assert c.viewer == c.mover()


def test_a_secret_entered_before_the_reload_stays_entered_and_hidden():
    """Boutique between two people: P1's secret prices are entered, then the page reloads:
    the resumed game still holds them (P1 need not enter them again) and opens on the
    "pass the laptop" screen for P2; a tampered entry is refused by the game's own rule."""
    from hoteledu.boutique.app import make_app as make_boutique_app

    key = autosave.new_key()
    app = make_boutique_app(players=2, seats=("human", "human"), seed=2, threaded=False)
    send_key(app, key)
    c = app.controller
    for _ in range(60):
        if c.pending:
            break
        if c.needs_handover():
            app.cover_button.click()
        elif c.form() is not None:
            app.form_button.click()
        elif c.chance_waits_for_human():
            app.chance_button.click()
        else:
            app.action_buttons[0].click()
    assert c.pending, c.status()
    entered = dict(c.pending)

    again = make_boutique_app(players=2, seats=("human", "human"), seed=2, threaded=False)
    send_key(again, key)
    r = again.controller
    assert r.pending == entered and r.state.to_json_str() == c.state.to_json_str()
    assert r.needs_handover() and r.laptop_seat() is None and r.mover() == c.mover()
    assert again.form_box.layout.display == "none"  # no form (nobody's entries) under the cover

    data = json.loads(again._autosave_path.read_text())
    seat, part = next(iter(data["pending"].items()))
    illegal = {**part, "days": [99] * len(part["days"])}  # no such price
    for bad, named in [({"5": part}, "not a seat"), ({seat: illegal}, ""), ([1], "'pending'")]:
        again._autosave_path.write_text(json.dumps({**data, "pending": bad}))
        third = make_boutique_app(players=2, seats=("human", "human"), seed=9, threaded=False)
        fresh = third.controller.state.to_json_str()
        send_key(third, key)
        assert third.controller.message.startswith("could not resume"), third.controller.message
        assert named in third.controller.message
        assert third.controller.state.to_json_str() == fresh and not third.controller.pending


def test_a_resumed_plotly_board_is_a_new_widget_drawn_from_the_resumed_game(
    make_plotly_app,
):
    """A plotly view created before the key arrived missed the resume's updates (a CI reload
    showed the opening board): the resume puts a new board widget in, whose state at
    creation (what a new view draws from) is the resumed game."""
    key = autosave.new_key()
    app = make_plotly_app(SEATS, 5)
    send_key(app, key)
    play_some(app, 200)

    again = make_plotly_app(SEATS, 99)
    old = again.figure
    data = lambda figure: json.loads(plotly.io.to_json(figure))["data"]  # noqa: E731
    opening = data(old)
    send_key(again, key)
    c = again.controller
    assert c.log[-1].startswith("resumed your game")
    assert again.figure is not old and old.comm is None  # the old board is closed
    assert again.board_box.children.count(again.figure) == 1
    created = data(again.figure)  # the new widget as made (no update sent to it yet)
    assert created == data(again.adapter.board_figure(c.scene(), c.highlight(), {}))
    assert created != opening
