"""What every app guarantees (design/APPS.md), tested headless for each game's adapter.

Presses are made on the real widgets (``button.click()``, ``.value = ...``);
the state and the figure (including ``figure.get_state()``, the state a view
created later starts from) are then compared with the game.
"""

from __future__ import annotations

import json
import subprocess
import sys
import threading

import numpy as np
import pytest
from app_helpers import (
    assert_new_view_shows_the_game,
    press_something,
    progress,
    shown_buttons,
    snapshot,
)

from hoteledu.core import GameRecord


# ------------------------------------------------------------ random presses
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_random_presses_apply_a_legal_action_or_change_nothing(make_app, seed):
    app = make_app(("human", "human"), seed)
    c = app.controller
    rng = np.random.default_rng(seed)
    for _ in range(120):
        if c.state.is_terminal():
            break
        before, length = snapshot(app), len(c.state.history)
        legal = c.legal_actions()  # the human's part at a simultaneous node
        press_something(app, rng)
        after = len(c.state.history)
        if after > length:
            # the first new action was legal when pressed (or chance); the record replays
            first = c.state.history[length]
            assert not legal or first in legal or c.movers[length] < 0
        elif after == length:
            assert snapshot(app) == before
        # undo went back: the position is one of the record's
    assert GameRecord.loads(c.save()).replay() == c.state
    assert_new_view_shows_the_game(app)


# ------------------------------------------------------ undo, replay, save/load
def test_undo_replay_save_load_round_trips(make_app):
    app = make_app(("human", "human"), 5)
    c = app.controller
    rng = np.random.default_rng(5)
    # 12 actions, at least 3 of them decisions (a game may open with many chance draws);
    # no Undo on the way there, so the walk moves forward in a bounded number of presses
    for _ in range(400):
        if len(c.state.history) >= 12 and sum(m >= 0 for m in c.movers) >= 3:
            break
        press_something(app, rng, undo=False)
    else:
        raise AssertionError(f"400 presses reached only {len(c.state.history)} actions")
    saved, position, total = c.save(), snapshot(app), len(c.state.history)
    # replay to the start and back
    app.replay_slider.value = 0
    assert len(c.shown_state().history) == 0 and shown_buttons(app) == []
    assert_new_view_shows_the_game(app)
    app.replay_slider.value = total
    assert snapshot(app) == position
    # undo then load the saved game: the same position again
    app.undo_button.click()
    assert len(c.state.history) < total
    app.record_text.value = saved
    app.load_button.click()
    assert snapshot(app) == position and c.message == ""
    assert_new_view_shows_the_game(app)
    # a new game, then load: same again
    app.new_game_button.click()
    assert not any(m >= 0 for m in c.movers)  # no decision yet (only chance: deals, draws)
    app.record_text.value = saved
    app.load_button.click()
    assert snapshot(app) == position


@pytest.mark.parametrize(
    "text, reason",
    [
        ("not json", "JSON"),
        ("[1, 2]", "object"),
        ('{"game": "other", "options": {}, "players": [], "actions": []}', "'other' game"),
        ('{"game": "GAME", "options": [], "players": [], "actions": []}', "options"),
        ('{"game": "GAME", "options": {"players": 2, "bogus": 1}, "actions": []}', "bogus"),
        ('{"game": "GAME", "options": {"players": 9}, "actions": []}', "players"),
        # once "object of type 'int' has no len()" (issue 20)
        (
            '{"game": "GAME", "options": {}, "players": 9, "actions": []}',
            "'players' must be a list of the players' names, got 9",
        ),
        (
            '{"game": "GAME", "options": {"players": 2}, "players": ["a", "b"], "actions": 3}',
            "list",
        ),
        (
            '{"game": "GAME", "options": {"players": 2}, "players": ["a", "b"], "actions": [{}]}',
            "action 0",
        ),
        (
            '{"game": "GAME", "options": {"players": 2}, "players": "ab", "actions": []}',
            "players",
        ),
    ],
)
def test_a_bad_saved_game_shows_why_and_changes_nothing(make_app, text, reason):
    app = make_app(("human", "human"), 3)
    rng = np.random.default_rng(3)
    for _ in range(6):
        press_something(app, rng)
    before, version = snapshot(app), app.controller.version
    app.record_text.value = text.replace("GAME", app.adapter.game)
    app.load_button.click()
    assert snapshot(app) == before and app.controller.version == version
    message = app.message_html.value
    assert "could not load" in message and reason in message.replace("&#x27;", "'")


def test_an_oversized_saved_game_is_refused_before_it_is_read(make_app):
    app = make_app(("human", "human"), 3)
    before = snapshot(app)
    big = json.dumps(
        {
            "game": app.adapter.game,
            "options": {"players": 2},
            "players": ["a", "b"],
            "actions": [None] * (app.adapter.max_record_actions + 1),
        }
    )
    assert app.controller.load(big) is False
    assert "at most" in app.controller.message and snapshot(app) == before
    assert app.controller.load("x" * (app.adapter.max_record_bytes + 1)) is False
    assert "at most" in app.controller.message


# ------------------------------------------------------------- stale presses
def test_a_press_made_while_another_thread_redraws_is_played_not_dropped(make_app):
    """The bot's thread redraws the app while the person presses (issue 22's board race).

    The press waits for the redraw and then plays; it used to be dropped in
    silence (``_updating`` was one flag for every thread), so a click in the
    browser neither played nor was refused.
    """
    app = make_app(("human", "human"), 7)
    c = app.controller
    rng = np.random.default_rng(7)
    while not shown_buttons(app):
        press_something(app, rng)
    button, length = shown_buttons(app)[0], progress(c)
    in_redraw, pressed = threading.Event(), threading.Event()
    redraw_panel = app._refresh_panel

    def slow_panel() -> None:
        redraw_panel()
        if threading.current_thread() is redrawer:
            in_redraw.set()
            pressed.wait(2)  # the old code returns at once; the new one waits for this lock

    def press() -> None:
        in_redraw.wait(10)
        button.click()
        pressed.set()

    app._refresh_panel = slow_panel
    redrawer = threading.Thread(target=app.refresh)
    presser = threading.Thread(target=press)
    redrawer.start()
    presser.start()
    redrawer.join(30)
    presser.join(30)
    assert in_redraw.is_set() and pressed.is_set()
    assert progress(c) > length, "the press made during another thread's redraw was dropped"


def test_a_stale_press_does_nothing(make_app):
    """A double press: the second arrives after the buttons were redrawn and does nothing."""
    app = make_app(("human", "human"), 7)
    c = app.controller
    rng = np.random.default_rng(7)
    while not shown_buttons(app):
        press_something(app, rng)
    button = shown_buttons(app)[0]
    length = progress(c)
    button.click()  # the first press plays that button's action
    assert progress(c) > length
    after, version = snapshot(app), c.version
    while not shown_buttons(app) and not c.state.is_terminal():
        press_something(app, rng)  # make sure new buttons are on the page
    after, version = snapshot(app), c.version
    button.click()  # the second press of the double click, drawn for the old position
    assert snapshot(app) == after and c.version == version


def test_a_press_on_buttons_drawn_two_positions_back_does_nothing(make_app):
    """Buttons are never relabelled in place: a press sent two redraws ago stays stale."""
    app = make_app(("human", "human"), 3)
    c = app.controller
    rng = np.random.default_rng(3)
    while not shown_buttons(app):
        press_something(app, rng)
    stale = shown_buttons(app)[0]
    redrawn = {c.version}
    while len(redrawn) < 3:  # two more positions with buttons on the page
        press_something(app, rng)
        if shown_buttons(app):
            redrawn.add(c.version)
    before, version = snapshot(app), c.version
    stale.click()
    assert snapshot(app) == before and c.version == version


def test_a_press_on_the_dropdown_drawn_for_an_older_position_does_nothing(make_app):
    app = make_app(("human", "human"), 8)
    c = app.controller
    rng = np.random.default_rng(8)
    while not shown_buttons(app):
        press_something(app, rng)
    dropdown, play = app.action_dropdown, app.play_button
    dropdown.value = dropdown.options[0]
    shown_buttons(app)[-1].click()  # the position moves on before Play arrives
    before, version = snapshot(app), c.version
    play.click()
    assert snapshot(app) == before and c.version == version
    if app.action_dropdown.options:
        app.action_dropdown.value = app.action_dropdown.options[0]  # the page now: it plays
        app.play_button.click()
        assert c.version > version


def test_a_roll_pressed_before_a_new_game_does_nothing_in_the_new_game(make_app):
    app = make_app(("human", "human"), 4)
    c = app.controller
    rng = np.random.default_rng(4)
    for _ in range(300):  # a game may start with other decisions than a roll
        if c.chance_waits_for_human() and not c.needs_handover():
            break
        press_something(app, rng)
    roll = app.chance_button
    app.new_game_button.click()
    before, version = snapshot(app), c.version
    roll.click()  # drawn for the previous game
    assert snapshot(app) == before and c.version == version
    if c.chance_waits_for_human():
        app.chance_button.click()
        assert len(c.state.history) > 0


def test_a_double_press_on_bot_move_moves_the_bot_once(make_app):
    app = make_app(("human", "random"), 6)
    c = app.controller
    app.autoplay_toggle.value = False
    rng = np.random.default_rng(6)
    for _ in range(100):  # a bot move after which the bot is still to move
        while not c.bot_to_move():
            press_something(app, rng)
        button = app.bot_button
        length = progress(c)
        button.click()
        assert progress(c) > length
        if c.bot_to_move():  # a second move would act on old code
            break
    else:
        pytest.fail("no bot move after which the bot moves again")
    before, version = snapshot(app), c.version
    button.click()  # the second press of the double click
    assert snapshot(app) == before and c.version == version


def test_a_double_press_on_undo_undoes_once(make_app):
    app = make_app(("human", "human"), 9)
    c = app.controller
    rng = np.random.default_rng(9)
    while sum(m >= 0 for m in c.movers) < 3:
        press_something(app, rng)
    button = app.undo_button
    button.click()
    before, version = snapshot(app), c.version
    assert any(m >= 0 for m in c.movers)  # a second undo would act on old code
    button.click()
    assert snapshot(app) == before and c.version == version


def test_a_board_click_on_a_board_not_yet_repainted_does_nothing(make_plotly_app, monkeypatch):
    """A plotly board's click arrives before the browser view applied the last update.

    (An SVG board's click names its drawing's version: ``tests/apps/test_svg_board.py``.)"""
    from plotly.callbacks import InputDeviceState, Points

    from hoteledu.apps import watchdog

    monkeypatch.setattr(watchdog, "in_kernel", lambda: True)  # as in a kernel with a browser view
    monkeypatch.setattr(watchdog, "WATCHDOG_SECONDS", 3600.0)
    app = make_plotly_app(("human", "human"), 2)
    c = app.controller
    names = [t.name for t in app.figure.data]
    rng = np.random.default_rng(2)
    trace, index = None, None
    for _ in range(600):  # a press changes the board (its update is not acknowledged yet)
        press_something(app, rng)  # ... and then a legal click is on the board
        if c.state.is_terminal():
            break
        if app.board_is_current():
            continue
        legal = c.legal_actions()
        for name in app.adapter.clickable_traces:
            candidate = app.figure.data[names.index(name)]
            for i, point in enumerate(candidate.customdata or ()):
                answer = app.adapter.click_to_action(c.state, legal, name, list(point))
                if legal and not isinstance(answer, str) and answer in legal:
                    trace, index = candidate, i
                    break
            if trace is not None:
                break
        if trace is not None:
            break
    assert trace is not None, "no legal click on the board"
    assert not app.board_is_current()
    points = Points(
        point_inds=[index],
        xs=[0],
        ys=[0],
        trace_name=trace.name,
        trace_index=names.index(trace.name),
    )
    before, version, length = snapshot(app), c.version, len(c.state.history)
    trace._dispatch_on_click(points, InputDeviceState())
    assert snapshot(app) == before and "click again" in c.message
    # the browser view applies the update and says so: the same click now plays
    app.figure._js2py_traceDeltas = {
        "trace_deltas": [],
        "trace_edit_id": app.figure._last_trace_edit_id,
    }
    assert app.board_is_current()
    trace._dispatch_on_click(points, InputDeviceState())
    assert len(c.state.history) > length and c.version > version


# ------------------------------------------------------------ views in sync
def test_a_view_created_mid_game_shows_the_live_game(make_app):
    """A page reload: the new view starts from the synced figure state, which must be live."""
    app = make_app(("human", "human"), 4)
    rng = np.random.default_rng(4)
    for _ in range(25):
        press_something(app, rng)
        assert_new_view_shows_the_game(app)


def test_the_overlay_reaches_a_new_view(make_app):
    app = make_app(("human", "human"), 4)
    for box in app.overlay_checkboxes.values():
        box.value = True
    assert_new_view_shows_the_game(app)
    for box in app.overlay_checkboxes.values():
        box.value = False
    assert_new_view_shows_the_game(app)


# ----------------------------------------------------------------- words
def test_players_are_P1_P2_and_counts_have_their_plural(make_app):
    app = make_app(("human", "human"), 9)
    c = app.controller
    rng = np.random.default_rng(9)
    texts = []
    for _ in range(200):
        if c.state.is_terminal():
            break
        press_something(app, rng)
        texts += [app.status_html.value, *(b.description for b in shown_buttons(app))]
    texts += c.log
    joined = "\n".join(texts)
    assert " 1 steps" not in joined and " 1 actions" not in joined
    assert "player 0" not in joined and "P1" in joined


# ------------------------------------------------------- pressing by the words
def test_play_text_plays_the_action_with_that_label_and_refuses_other_words(make_app):
    app = make_app(("human", "human"), 3)
    c = app.controller
    rng = np.random.default_rng(3)
    for _ in range(20):
        if c.choices():
            break
        press_something(app, rng)
    label, _action = c.choices()[-1]
    before, done = snapshot(app), progress(c)
    assert not c.play_text("no such action")
    assert c.message == "'no such action' is not a legal action now"
    assert snapshot(app) == before and progress(c) == done
    assert c.play_text(label), c.message
    assert progress(c) > done


def test_every_bot_kind_of_a_seat_is_made_and_an_unknown_kind_is_named(make_app):
    adapter = make_app(("human", "human"), 0).controller.adapter
    for kind in adapter.bot_kinds:
        bot = adapter.make_bot(kind, 1, 10, 0.2)
        assert bot.name == ("mcts 10" if kind == "mcts" else kind)
    with pytest.raises(ValueError, match=r"a seat is one of .*'human'.*not 'oracle'"):
        adapter.make_bot("oracle", 1, 10, 0.2)


# ------------------------------------------------------------------- layers
def test_import_hoteledu_and_the_rules_never_import_the_apps():
    code = (
        "import sys, hoteledu, hoteledu.amsterdam.rules, hoteledu.grand_austria, "
        "hoteledu.boutique\n"
        "bad = [m for m in sys.modules if m.startswith('hoteledu.apps') or m in "
        "('ipywidgets', 'plotly')]\n"
        "assert not bad, bad\n"
        "import hoteledu.apps.controller\n"
        "assert 'ipywidgets' not in sys.modules and 'plotly' not in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
