"""What a price would have earned here: the what-if for one guest, through the engine.

``what_if(state, player, prices) -> WhatIf`` answers "what would this price
have earned here": it replays the game's own history on a new game through
the engine, with ``player``'s secret prices of this week replaced (no
field is edited), and compares the expected money the player gains on the
current guest (the booking turn or walk-in now being played; dice and cards
already shown stay as they were, the rest is enumerated exactly).
``what_if_table(state, player, choices)`` does it for a menu.

Every other decision follows the pricing games' fixed policies
(:func:`hoteledu.boutique.analysis.games.decide`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

from hoteledu.boutique.actions import KeepPrices, SetPrices
from hoteledu.boutique.analysis.games import (
    TURN_PHASES,
    as_prices,
    choice_label,
    decide,
    expected_money,
    turn_moment,
)
from hoteledu.boutique.rules import BoutiqueState
from hoteledu.core.actions import Action, JointAction
from hoteledu.core.state import CHANCE, TERMINAL

__all__ = ["WhatIf", "what_if", "what_if_table"]


@dataclasses.dataclass(frozen=True)
class WhatIf:
    """What ``player`` gains on the current guest, as played and with other prices.

    ``actual`` and ``alternative`` are exact expected money gains (Fractions)
    over the dice and cards not yet shown; ``divergent`` is True when the
    other prices changed the game earlier so much that a recorded chance
    outcome no longer applied (then the most likely outcome was used).
    """

    player: int
    prices: SetPrices
    actual: Fraction
    alternative: Fraction
    divergent: bool

    @property
    def difference(self) -> Fraction:
        return self.alternative - self.actual


def _replay(
    state: BoutiqueState, player: int, prices: SetPrices | None, keep_changes: bool
) -> tuple[BoutiqueState, dict[tuple[Any, ...], list[Action]], bool]:
    """Replay ``state``'s history up to its current guest, ``player`` pricing at ``prices``.

    Returns the replayed position at the start of the current guest's turn,
    the recorded actions of that turn (keyed by phase), and whether a
    recorded chance outcome had to be replaced.
    """
    if state.phase not in TURN_PHASES:
        raise ValueError(
            f"what_if needs a position inside a guest's turn (phases {sorted(TURN_PHASES)}), "
            f"not the phase {state.phase!r}"
        )
    target = turn_moment(state)
    shadow = BoutiqueState(state.options)
    before: dict[tuple[Any, ...], list[Action]] = {}
    current: dict[tuple[Any, ...], list[Action]] = {}
    for action in state.history:
        key = (*turn_moment(shadow), shadow.phase)
        inside = turn_moment(shadow) == target and shadow.phase in TURN_PHASES
        (current if inside else before).setdefault(key, []).append(action)
        shadow.apply_action(action)
    alt = BoutiqueState(state.options)
    divergent = False
    week = state.week

    def recorded(node: BoutiqueState, table: dict[tuple[Any, ...], list[Action]]) -> Any:
        queue = table.get((*turn_moment(node), node.phase))
        if not queue:
            return None
        action = queue.pop(0)
        if isinstance(action, JointAction):
            parts = list(action.actions)
            if node.phase == "prices" and node.week == week and prices is not None:
                parts[player] = prices
            if node.phase == "walkin_change" and node.week == week and not keep_changes:
                parts[player] = KeepPrices()
            return lambda p: parts[p]
        own_change = node.phase == "booking_change" and node.current_player() == player
        if own_change and node.week == week and not keep_changes and prices is not None:
            return lambda p: KeepPrices()
        return lambda p: action

    for _ in range(10 * len(state.history) + 100):
        if turn_moment(alt) == target and alt.phase in TURN_PHASES:
            return alt, current, divergent
        if alt.current_player() == TERMINAL or turn_moment(alt) > target:
            break
        if alt.current_player() == CHANCE:
            given = recorded(alt, before)
            outcome = given(0) if given else None
            if outcome is None or not alt._is_chance_outcome(outcome):
                divergent = True
                outcome = max(alt.chance_outcomes(), key=lambda o: o[1])[0]
            alt.apply_action(outcome)
        else:
            alt.apply_action(decide(alt, 0, recorded(alt, before)))
    raise ValueError("the other prices led the game away from the current guest's turn")


def _guest_gain(
    start: BoutiqueState, current: dict[tuple[Any, ...], list[Action]], player: int, tie_bid: int
) -> Fraction:
    """Exact expected money ``player`` gains until the current guest is settled."""
    moment = turn_moment(start)
    tables = {key: list(queue) for key, queue in current.items()}

    def done(state: BoutiqueState) -> bool:
        return state.current_player() == TERMINAL or turn_moment(state) != moment

    def lookup(state: BoutiqueState) -> Any:
        queue = tables.get((*turn_moment(state), state.phase))
        return queue[0] if queue else None

    def chance_given(state: BoutiqueState) -> Action | None:
        action = lookup(state)
        if action is not None and state._is_chance_outcome(action):
            return action
        return None

    def recorded(state: BoutiqueState) -> Callable[[int], Action | None] | None:
        action = lookup(state)
        if action is None:
            return None
        if isinstance(action, JointAction):
            return lambda p: action.actions[p]
        return lambda p: action

    before = start.money[player]
    money = expected_money(start.clone(), done, tie_bid, chance_given, recorded)
    return money[player] - before


def _drop_own_changes(
    current: dict[tuple[Any, ...], list[Action]], start: BoutiqueState, player: int
) -> None:
    """Replace ``player``'s recorded price change on the current guest by keeping prices."""
    for key, queue in current.items():
        if key[-1] == "booking_change" and start.booking_seat() == player:
            current[key] = [KeepPrices()]
        elif key[-1] == "walkin_change":
            parts = list(queue[0].actions)  # type: ignore[attr-defined]
            parts[player] = KeepPrices()
            current[key] = [JointAction(tuple(parts))]


def what_if(
    state: BoutiqueState,
    player: int,
    prices: int | SetPrices,
    breakfast: int = 1,
    keep_changes: bool = False,
    tie_bid: int = 0,
) -> WhatIf:
    """What ``player`` would gain on the current guest had they set ``prices`` this week.

    The game's history is replayed on a new game through the engine (the
    state itself is not touched), with ``player``'s secret prices of this
    week replaced by ``prices`` and, unless ``keep_changes``, their price
    die changes of this week dropped, so their prices are exactly
    ``prices``. Everything else recorded is replayed where it is still
    legal; a decision that no longer applies (a tie bid, which rooms) takes
    the fixed policy. On the current guest, dice and cards already shown
    stay; the others are enumerated exactly.

    >>> from hoteledu.boutique.analysis.games import deck_of
    >>> from hoteledu.boutique.rules import new_game
    >>> state = new_game(deck=deck_of(28), room_choice="canonical")
    >>> state.apply_action(JointAction((as_prices(3), as_prices(3))))
    >>> result = what_if(state, 0, 2)      # undercut the rival instead of matching
    >>> result.actual, result.alternative  # the tour group: 3 room-nights
    (Fraction(900, 1), Fraction(600, 1))
    """
    if state.game_name != "boutique":
        raise ValueError("what_if needs a Boutique Hotel Manager position")
    player = state._player_index(player)
    vector = as_prices(prices, breakfast)
    actual_start, current, _ = _replay(state, player, None, True)
    alt_start, alt_current, divergent = _replay(state, player, vector, keep_changes)
    if not keep_changes:  # the player's own die change on this guest is dropped too
        _drop_own_changes(alt_current, alt_start, player)
    actual = _guest_gain(actual_start, current, player, tie_bid)
    alternative = _guest_gain(alt_start, alt_current, player, tie_bid)
    return WhatIf(player, vector, actual, alternative, divergent)


def what_if_table(
    state: BoutiqueState,
    player: int,
    choices: Sequence[int | SetPrices] = (1, 2, 3, 4, 5, 6),
    breakfast: int = 1,
    tie_bid: int = 0,
) -> dict[str, Fraction]:
    """Expected gain on the current guest for each price choice (label -> Fraction)."""
    if state.game_name != "boutique":
        raise ValueError("what_if_table needs a Boutique Hotel Manager position")
    player = state._player_index(player)
    table = {}
    for choice in choices:
        start, current, _ = _replay(state, player, as_prices(choice, breakfast), False)
        _drop_own_changes(current, start, player)
        table[choice_label(choice)] = _guest_gain(start, current, player, tie_bid)
    return table
