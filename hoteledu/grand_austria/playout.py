"""Grand Austria Hotel's quick random playout: the reference loop, each step looked up once.

``State.random_playout`` (the reference) asks the protocol at every step
(``current_player``, ``is_chance_node``, a copy of ``legal_actions``...);
:func:`random_playout` plays the same game from the same generator with the
engine's own tables: the top task's type picks its sampler (a chance node) or
its listing (a decision: :func:`.turns.turn_actions` or ``stages.OPTIONS``),
the drawn index picks the action from that list, and ``stages.APPLY`` applies
it, as ``GrandAustriaState._apply`` does. The numbers are read in blocks
(:class:`~hoteledu.core.draws.Draws`); a roll of the dice is drawn by
:func:`.dice.roll_from_uniforms` (NumPy's multinomial written out), so that the
reader never gives the generator back in the middle of a playout.
tests/grand_austria/test_playout.py compares the two loops.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import numpy as np

from hoteledu.core.actions import Action
from hoteledu.grand_austria import effects as fx
from hoteledu.grand_austria import stages, turns
from hoteledu.grand_austria import tasks as tk
from hoteledu.grand_austria.actions import DONE, DRAW_GUEST, DRAW_STAFF, ROLL, Reveal, StartPlayer
from hoteledu.grand_austria.dice import roll_from_uniforms, uniform_from


def _roll(state: Any, top: tk.Roll, draws: Any) -> Action:
    return ROLL[roll_from_uniforms(top.dice, draws.random)]


def _refill(state: Any, top: tk.Task, draws: Any) -> Action:
    deck = state.guest_deck
    return DRAW_GUEST[deck[draws.below(len(deck))]]


def _draw_staff(state: Any, top: tk.Task, draws: Any) -> Action:
    deck = state.staff_deck
    if deck:
        return DRAW_STAFF[deck[draws.below(len(deck))]]
    return state.sample_chance(draws)  # the bottom of the deck: one outcome, one draw


def _start_player(state: Any, top: tk.Task, draws: Any) -> Action:
    return StartPlayer(uniform_from(state.n, draws.random))


def _reveal(state: Any, top: tk.Reveal, draws: Any) -> Action:
    cards = _letter_cards(top.what, top.letter)
    return Reveal(top.what, cards[uniform_from(len(cards), draws.random)])


@functools.cache
def _letter_cards(what: str, letter: str) -> list[Any]:
    return fx.catalog().letter_cards(what, letter)


SAMPLERS: dict[type[tk.Task], Callable[[Any, Any, Any], Action]] = {
    tk.Roll: _roll,
    tk.Refill: _refill,
    tk.DrawStaff: _draw_staff,
    tk.StartPlayer: _start_player,
    tk.Reveal: _reveal,
}
"""Each chance task's draw, the one ``GrandAustriaState.sample_chance`` makes."""


def random_playout(state: Any, rng: np.random.Generator, max_actions: int = 10_000) -> None:
    """Play ``state`` (a :class:`~.rules.GrandAustriaState`) at random, as the reference does.

    Each step first runs the automatic tasks as ``GrandAustriaState._advance``
    does (here, inline: the engine runs it after every action, so at the start
    it changes nothing), keeping the options it lists to see whether a decision
    has any; then draws the choice or the chance outcome and applies it.
    """
    from hoteledu.core.draws import Draws  # loads numpy.random: not at import time

    tasks = state.tasks
    append = state.history.append
    apply = stages.APPLY
    options = _OPTIONS
    samplers = SAMPLERS
    turn_actions = turns.turn_actions
    turn_steps = turns.TURN_STEPS
    serve_options = turns.serve_options
    next_turn = turns.next_turn
    stops, flow_next, auto_tasks, auto_steps = _STOPS, _FLOW_NEXT, _AUTO_TASKS, _AUTO_STEPS
    state._legal = None  # as _apply leaves it: no list handed out is kept
    with Draws(rng) as draws:
        below = draws.below
        for _ in range(max_actions):
            legal: list[Action] | None = None  # the options _advance listed, if any
            while tasks:  # _advance: to the next decision or chance node
                top = tasks[-1]
                cls = type(top)
                if cls in stops:  # a turn, a draw, a decision never empty
                    break
                if top is flow_next:  # the most frequent automatic step: after every turn
                    tasks.pop()
                    next_turn(state)
                    continue
                kind = top.kind
                if kind in auto_tasks:
                    tasks.pop()
                    auto_steps[kind](state, top)
                    continue
                if cls is _REFILL:
                    if state.guest_deck:
                        break
                    tasks.pop()  # the guest deck is empty: the space stays empty
                    continue
                if cls is _DRAW_STAFF:
                    if state.staff_deck or state.staff_bottom:
                        break
                    tasks.pop()
                    continue
                if cls is _SERVE:  # turns.can_serve is "serve_options lists something"
                    legal = serve_options(state, top.player, top.source)
                    if legal:
                        legal.append(DONE)  # stages.serve_stage_options
                        break
                    legal = None
                    tasks.pop()
                    stages.finish_serve(state, top)
                    continue
                legal = options[cls](state, top)
                if legal:
                    break
                # nothing possible (no room fits, no card affordable, café full...): skip
                legal = None
                tasks.pop()
                if cls is _HIRE and top.source == "offer":
                    stages.return_offer(state, top.player)
            else:
                return  # no task left: the game is over
            if cls is _TURN:  # the most frequent step; turns.apply_turn without its call
                legal = turn_actions(state, top.player)
                action = legal[below(len(legal))]
                turn_steps[type(action)](state, top.player, state.turn, action)
            else:
                if legal is None:
                    sample = samplers.get(cls)
                    if sample is not None:
                        action = sample(state, top, draws)
                    else:  # a decision that always has options (rules.ALWAYS_OPTIONS)
                        legal = options[cls](state, top)
                if legal is not None:
                    action = legal[below(len(legal))]
                apply[cls](state, top, action)
            append(action)
        else:
            state._advance()  # cut short: leave the position as _apply leaves it


_TURN = tk.Turn
_SERVE = tk.Serve
_HIRE = tk.Hire
_REFILL = tk.Refill
_DRAW_STAFF = tk.DrawStaff
_FLOW_NEXT = tk.FLOW_NEXT
_OPTIONS = stages.OPTIONS
_AUTO_TASKS = tk.AUTO_TASKS
_AUTO_STEPS = stages.AUTO_STEPS
_STOPS = frozenset({tk.Turn, tk.Roll, tk.Reveal, tk.StartPlayer, tk.Items, tk.Split, tk.ChooseItem})
"""Where ``GrandAustriaState._advance`` always stops (``rules.STOPS``): a turn, the
chance nodes never empty and the decisions that always have options."""
