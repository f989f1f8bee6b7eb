"""The win-chance coach (hoteledu.apps.coach) headless: numbers, advice, verdicts, privacy.

Every test bounds the coach's work by a small fixed budget (steps, playouts,
search iterations); none waits on a clock.
"""

from __future__ import annotations

import threading

import pytest
from widget_forgery import forge_every_trait

from hoteledu.apps.coach import (
    Coach,
    CoachBudget,
    CoachJob,
    WinChance,
    coach_on_by_default,
    wilson_interval,
)

SMALL = CoachBudget(steps=2, playouts=4, search_iterations=12, move_playouts=3)
"""A tiny budget: the tests check behaviour, not the coach's strength."""
TINY = CoachBudget(steps=2, playouts=1, search_iterations=3, move_playouts=1)
"""Grand Austria's heuristic playouts are slow: fewer of them."""


def _amsterdam(seed=1, **kw):
    from hoteledu.amsterdam.app import AmsterdamController

    c = AmsterdamController(players=2, seats=("human", "greedy"), seed=seed, **kw)
    c.roll()
    return c


def _grand_austria(seats=("human", "heuristic"), seed=1):
    from hoteledu.grand_austria.app import GrandAustriaController

    c = GrandAustriaController(players=2, seats=seats, seed=seed)
    if c.chance_waits_for_human():
        c.resolve_chance()
    return c


def _boutique(seats=("human", "peakload"), seed=1):
    from hoteledu.boutique.app import BoutiqueController

    return BoutiqueController(players=2, seats=seats, seed=seed)


CONTROLLERS = {"amsterdam": _amsterdam, "grand_austria": _grand_austria, "boutique": _boutique}


def test_wilson_interval_matches_known_values():
    low, high = wilson_interval(31, 50)
    assert (round(low, 3), round(high, 3)) == (0.482, 0.741)
    assert WinChance(31, 50).text() == "about 62% ± 13"
    assert wilson_interval(10, 10)[1] == pytest.approx(1.0)
    assert wilson_interval(0, 10)[0] == pytest.approx(0.0)


@pytest.mark.parametrize("game", sorted(CONTROLLERS))
def test_win_chance_with_interval_and_three_legal_moves(game):
    controller = CONTROLLERS[game]()
    assert controller.human_to_decide(), controller.status()
    coach = Coach(controller.adapter, seed=3, budget=SMALL if game != "grand_austria" else TINY)
    report = coach.run(controller)
    assert report is not None and report.finished and report.seat == 0
    assert len(report.chances) == 2
    for chance in report.chances:
        assert chance.playouts == coach.budget.steps * coach.budget.playouts
        assert 0.0 <= chance.low <= chance.estimate <= chance.high <= 1.0
        assert chance.text().startswith("about ") and "±" in chance.text()
    # win shares of one playout sum to 1, so the estimates do too
    assert sum(c.estimate for c in report.chances) == pytest.approx(1.0)
    legal = controller.state.legal_actions(0)
    assert len(report.top) == 3
    assert len({m.action for m in report.top}) == 3
    for move in report.top:
        assert move.action in legal
        assert move.chance.playouts >= coach.budget.move_playouts
        assert 0.0 <= move.value <= 1.0 and 0.0 < move.share <= 1.0
        assert move.label == controller.adapter.action_label(controller.state, move.action)
        assert "of the search" in move.text()
    visits = [m.visits for m in report.top]
    assert visits == sorted(visits, reverse=True)


def test_the_coach_is_repeatable_for_a_seed():
    first = Coach(_amsterdam().adapter, seed=5, budget=SMALL).run(_amsterdam())
    second = Coach(_amsterdam().adapter, seed=5, budget=SMALL).run(_amsterdam())
    assert first == second


def test_a_seeded_blunder_is_told_what_it_lost():
    """Seeded: Amsterdam's first hotel in the far corner, against the coach's choice."""
    from hoteledu.amsterdam.actions import PlaceHotel

    controller = _amsterdam(seed=1)
    coach = Coach(controller.adapter, seed=1, budget=CoachBudget())
    before = coach.run(controller)
    blunder = PlaceHotel((6, 6))
    assert blunder in controller.legal_actions()
    assert blunder not in {m.action for m in before.top}
    assert controller.play(blunder)
    if controller.chance_waits_for_human():
        controller.roll()
    coach.run(controller)
    said = coach.verdicts[0]
    assert said.startswith("your move (hotel at (6,6)) lost about "), said
    assert "win chance: the strong bot's " in said
    lost = int(said.split("lost about ")[1].split("%")[0])
    assert lost >= 10
    # a new game: the old game's sentence goes with it (the chart too)
    controller.new_game(seed=2)
    controller.roll()
    coach.job(controller)
    assert coach.verdicts == {} and coach.series(0) == []


def test_a_good_move_is_not_called_a_loss():
    controller = _amsterdam(seed=1)
    coach = Coach(controller.adapter, seed=1, budget=CoachBudget())
    before = coach.run(controller)
    assert controller.play(before.top[0].action)
    if controller.chance_waits_for_human():
        controller.roll()
    coach.run(controller)
    assert coach.verdicts[0].endswith("was about as good as the strong bot's choice")


def test_a_result_for_a_position_the_game_left_is_discarded():
    controller = _amsterdam()
    coach = Coach(controller.adapter, seed=2, budget=SMALL)
    job = coach.job(controller)
    assert job is not None
    first = job.step()
    assert coach.accept(controller, job, first) and coach.current == first
    assert controller.play(controller.legal_actions()[0])  # the game moves on mid-job
    second = job.step()
    assert not coach.accept(controller, job, second)
    assert coach.current == first  # what the coach shows is never the stale result
    assert coach.shown(0).version != controller.version
    # the next job is for the position now
    fresh = coach.job(controller)
    assert fresh.version == controller.version and fresh.moves == len(controller.state.history)


def test_a_press_during_coaching_is_applied_at_once():
    """The coach's thread holds the app's lock only between its steps."""
    from hoteledu.amsterdam.app import make_app

    app = make_app(seats=("human", "greedy"), seed=1, threaded=False)
    app.roll_button.click()
    job = app.coach.job(app.controller)
    inside = threading.Event()
    release = threading.Event()
    original = job.step

    def slow_step():
        inside.set()
        release.wait(30)
        return original()

    job.step = slow_step
    worker = threading.Thread(target=lambda: job.step())
    worker.start()
    assert inside.wait(30)
    before = len(app.controller.state.history)
    app.action_buttons[0].click()  # while the coach is mid-step
    assert len(app.controller.state.history) > before
    release.set()
    worker.join(30)
    assert not app.coach.accept(app.controller, job, job.report())


def test_the_threaded_coach_shows_a_win_chance_for_the_position_now():
    from hoteledu.amsterdam.app import make_app

    app = make_app(seats=("human", "greedy"), seed=1)
    assert not app.coach_in_background  # outside a kernel: no unseen work
    app.coach_in_background = True
    app.coach.budget = SMALL
    app.roll_button.click()
    app.wait_for_coach()
    report = app.coach.current
    assert report is not None and report.finished
    assert report.version == app.controller.version
    assert "Win chance" in app.coach_panel.text and "(you): about " in app.coach_panel.text
    assert app.coach_panel.chart_points == [len(app.controller.state.history)]
    assert "<svg" in app.coach_panel.chart_html.value


def _staff_swapped(controller):
    """A copy of the game whose P2 holds other staff cards (P1 cannot see which)."""
    state = controller.state.clone()
    other = next(c for c in state.staff_deck if c not in state.hand[1])
    index = state.staff_deck.index(other)
    state.staff_deck[index], state.hand[1][0] = state.hand[1][0], other
    state.staff_deck.sort()
    return state


def test_grand_austria_hands_the_seat_cannot_see_change_nothing():
    controller = _grand_austria()
    twin = _grand_austria()
    twin.state = _staff_swapped(controller)
    assert twin.state.hand[1] != controller.state.hand[1]
    assert twin.state.observation(0) == controller.state.observation(0)
    reports = [Coach(c.adapter, seed=4, budget=TINY).run(c) for c in (controller, twin)]
    assert reports[0].top, "the test needs P1's decision"
    assert reports[0] == reports[1]


def test_boutique_secret_prices_the_seat_cannot_see_change_nothing():
    """P1 (a bot) has entered its secret prices; P2, coached, must not learn them."""
    from hoteledu.boutique.actions import SetPrices

    games = [_boutique(seats=("premium", "human")) for _ in range(2)]
    assert games[0].mover() == 1 and 0 in games[0].pending
    games[1].pending[0] = SetPrices((2,) * 7, 1)
    assert games[0].pending[0] != games[1].pending[0]
    reports = [Coach(c.adapter, seed=4, budget=SMALL).run(c) for c in games]
    assert reports[0].seat == 1 and reports[0].top
    assert reports[0] == reports[1]


def test_the_coach_rests_while_the_laptop_passes_and_forgets_the_last_seat():
    from hoteledu.grand_austria.app import make_app

    app = make_app(seats=("human", "human"), seed=1, threaded=False)
    c = app.controller
    for _ in range(50):  # presses until the first hand-over
        if c.needs_handover():
            break
        if c.chance_waits_for_human():
            app.chance_button.click()
        else:
            if c.legal_actions() and app.coach.current is None:
                app.coach.budget = TINY
                app.run_coach()
                assert "(you): about " in app.coach_panel.text
            app.action_buttons[0].click()
    assert c.needs_handover()
    assert app.coach.wanted(c) is None
    assert app.coach_panel.text.strip() == "" and app.coach_panel.chart_html.value == ""


def test_off_in_a_class_experiment_and_on_in_practice():
    from hoteledu.amsterdam.app import make_app

    assert coach_on_by_default("practice") and not coach_on_by_default("class")
    with pytest.raises(ValueError, match="setting"):
        coach_on_by_default("exam")
    practice = make_app(seats=("human", "greedy"), seed=1, threaded=False)
    assert practice.coach.enabled and practice.coach_panel.checkbox.value
    lesson = make_app(seats=("human", "greedy"), seed=1, threaded=False, setting="class")
    assert not lesson.coach.enabled and not lesson.coach_panel.checkbox.value
    lesson.roll_button.click()
    assert lesson.coach.wanted(lesson.controller) is None
    lesson.run_coach()
    assert lesson.coach.current is None and lesson.coach_panel.text.strip() == ""
    lesson.coach_panel.checkbox.value = True  # the person ticks it: refused in a class
    assert not lesson.coach.enabled and not lesson.coach_panel.checkbox.value
    assert lesson.coach_panel.widget.layout.display == "none"
    lesson.allow_coach(True)  # the teacher allows it (the kernel decides)
    lesson.coach_panel.checkbox.value = True
    assert lesson.coach.enabled
    lesson.coach.budget = SMALL
    lesson.run_coach()
    assert "(you): about " in lesson.coach_panel.text


def test_a_job_reads_only_the_seats_view():
    controller = _grand_austria()
    job = CoachJob(controller.adapter, controller.state.clone(), 0, controller.version, 0, SMALL)
    assert job.view.player == 0 and job.decides


def _forge(widget, **state) -> None:
    widget._handle_msg({"content": {"data": {"method": "update", "state": state}}})


@pytest.mark.parametrize("game", sorted(CONTROLLERS))
def test_in_a_class_the_coach_is_not_offered_and_no_forged_message_turns_it_on(game):
    """Issue 23: the class setting's coach is the kernel's decision, not the page's."""
    import importlib

    from hoteledu.apps.coach import COACH_NOT_ALLOWED

    seats = {"amsterdam": ("human", "greedy"), "grand_austria": ("human", "heuristic")}
    make_app = importlib.import_module(f"hoteledu.{game}.app").make_app
    app = make_app(seats=seats.get(game, ("human", "peakload")), seed=1, setting="class")
    app.coach.budget = TINY
    panel = app.coach_panel
    assert not app.coach.allowed and not app.coach.enabled
    assert panel.widget.layout.display == "none" and panel.checkbox.disabled
    # the kernel allows it (the teacher's session option): offered unticked, a tick works
    app.allow_coach(True)
    assert panel.widget.layout.display is None and not panel.checkbox.disabled
    assert not app.coach.enabled and "Coach off" in panel.text
    panel.checkbox.value = True
    app.run_coach()
    assert "(you): about " in panel.text
    # and takes it away again: off, nothing of its reports left on the page
    app.allow_coach(False)
    assert not app.coach.enabled and app.coach.reports == {} and app.coach.current is None
    assert panel.widget.layout.display == "none" and panel.text.strip() == ""
    with pytest.raises(TypeError, match="allowed must be True or False"):
        app.allow_coach("yes")

    app.coach_in_background = True  # as in a kernel: a tick that took would start its thread
    # the checkbox the page could show, made visible and enabled first, then ticked
    _forge(panel.widget.layout, display="block")
    _forge(panel.checkbox, disabled=False)
    _forge(panel.checkbox, value=True)
    assert COACH_NOT_ALLOWED in app.message_html.value
    assert panel.checkbox.value is False  # the kernel put it back
    assert forge_every_trait(app.widget) > 100
    _forge(panel.checkbox, value=True)
    assert not app.coach.allowed and not app.coach.enabled
    assert app.coach.wanted(app.controller) is None and app._coach_worker is None
    app.run_coach()
    assert app.coach.current is None and app.coach.reports == {}
    assert panel.text.strip() == "" and panel.chart_points == []
    assert panel.widget.layout.display == "none"  # the kernel's next redraw hides it again


def test_the_coach_is_allowed_and_on_in_practice_and_a_class_notebook_may_allow_it():
    from hoteledu.amsterdam.app import make_app
    from hoteledu.apps.coach import coach_allowed_by_default

    practice = make_app(seats=("human", "greedy"), seed=1)
    assert practice.coach.allowed and practice.coach.enabled
    assert practice.coach_panel.widget.layout.display is None
    allowed = make_app(seats=("human", "greedy"), seed=1, setting="class", coach=True)
    assert allowed.coach.allowed and allowed.coach.enabled
    with pytest.raises(ValueError, match="setting is one of"):
        coach_allowed_by_default("exam")
