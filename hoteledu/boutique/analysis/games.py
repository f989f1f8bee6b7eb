"""Pricing games built from the Boutique engine, and a what-if for one guest.

A *pricing game* plays one part of Boutique Hotel Manager through the engine
(``new_game`` and ``apply_action``, nothing re-implemented) for every profile
of price choices from a menu, and returns the players' payoffs as matrices
(a :class:`nashpy.Game` for two players).

API
---
``pricing_game(part="booking", prices=(1, ..., 6), objective="profit",
players=2, deck="standard", samples=200, seed=2026, ...) -> PricingGame``

``part``
    ``"booking"``: the first booking of a new game (seat P1's turn: the
    check-in die, one guest card, the tie rules). ``"week"``: the whole
    booking phase of week 1 (5 guest cards per player), stopping before
    staff is hired. ``"walkin"``: one walk-in day (the budget die and a card
    per walk-in) on empty hotels, P1 ranked first unless ``ranking`` says
    otherwise.
``prices``
    The menu of price choices: a face ``f`` (1..6) is the flat price
    ``f x 100`` on all seven days with the breakfast die ``breakfast``;
    a :class:`SetPrices` is any vector. ``rival_prices`` gives the other
    players their own menu (default: the same).
``objective``
    ``"profit"``: the money a player gains in the part (income minus
    marketing bids). ``"difference"``: that gain minus the rivals' mean
    gain (with two players: minus the rival's gain); the game is then
    zero-sum.
Exactness
    ``exact=None`` (default) computes expectations exactly, with Fractions,
    over every outcome of the engine's ``chance_outcomes`` whenever the part
    is ``"booking"`` or ``"walkin"`` (a few hundred outcomes per profile).
    The booking week is too large for that: it is sampled over ``samples``
    seeded deals with *common random numbers* (deal ``s`` draws from
    ``numpy.random.default_rng([seed, s])`` for every profile, so every
    profile meets the same dice and the same cards) and the result carries
    standard errors.

Fixed policies for every other decision (the defaults, as the bots play
them): nobody changes a price die during the part (keep prices); in a tie
every tied player bids ``tie_bid`` (default 0, the blank card), so tied
hotels that all bid nothing all get the guests at their full price
(rulebook: "Bei anhaltendem Gleichstand erhalten alle beteiligten Spieler
Gäste"); guests take the lowest-numbered rooms that fit (the option
``room_choice="canonical"``); staff, if a what-if reaches hiring, is the
week's largest daily need as the bots hire it; nobody builds.

What the engine's payoffs show (tests check each): in one booking a
player's best reply to a rival's price is to *match* it (both get the guests
at the full price) rather than undercut, so with ``"profit"`` every matched
price is an equilibrium; with ``"difference"`` undercutting pays and the
only equilibrium of the one booking is the lowest price. Over the booking
week the three rooms fill up: the undercutter is full early and the dearer
hotel takes the rest, so with ``"difference"`` the best replies cycle
(undercut, undercut, ..., then jump back up: an Edgeworth cycle).

The what-if for one guest ("what would this price have earned here") is
:mod:`hoteledu.boutique.analysis.what_if`.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import lru_cache
from typing import Any

import nashpy
import numpy as np

from hoteledu.boutique.actions import (
    Bid,
    EndExpansion,
    KeepPrices,
    SetPrices,
)
from hoteledu.boutique.bots import BoutiqueBot
from hoteledu.boutique.cards import Deck, standard_deck
from hoteledu.boutique.mat import PRICE_STEP
from hoteledu.boutique.rules import BoutiqueState, new_game
from hoteledu.core.actions import Action, JointAction
from hoteledu.core.matrix_game import MatrixGame
from hoteledu.core.state import CHANCE, SIMULTANEOUS, TERMINAL

__all__ = [
    "OBJECTIVES",
    "PARTS",
    "TURN_PHASES",
    "PricingGame",
    "as_prices",
    "bertrand_game",
    "choice_label",
    "decide",
    "deck_of",
    "expected_money",
    "objective_payoffs",
    "play_profile",
    "pricing_game",
    "turn_moment",
    "walkin_position",
]

PARTS = ("booking", "week", "walkin")
OBJECTIVES = ("profit", "difference")
TURN_PHASES = frozenset(
    {
        "booking_change",
        "checkin",
        "reveal",
        "bid",
        "place",
        "walkin_change",
        "budget",
        "walkin_card",
    }
)
"""Phases inside one guest's turn (a booking turn or a walk-in)."""
_STAFF_PLANNER = BoutiqueBot()


# ------------------------------------------------------------------ inputs
def as_prices(choice: int | SetPrices, breakfast: int = 1) -> SetPrices:
    """A menu entry as a price vector: a face f is f x 100 on all 7 days."""
    if isinstance(choice, SetPrices):
        return choice
    if isinstance(choice, bool) or not isinstance(choice, (int, np.integer)):
        raise TypeError(f"a price choice is a face 1..6 or a SetPrices, not {choice!r}")
    if not 1 <= int(choice) <= 6 or not 1 <= breakfast <= 6:
        raise ValueError(
            f"a price die shows 1 to 6 (100 to 600), got {choice!r} (breakfast {breakfast!r})"
        )
    return SetPrices((int(choice),) * 7, int(breakfast))


def choice_label(choice: int | SetPrices) -> str:
    """How a menu choice is labelled: a face f as f x 100, a vector as itself."""
    if isinstance(choice, SetPrices):
        return str(choice)
    return str(int(choice) * PRICE_STEP)


def deck_of(*card_ids: int) -> dict[str, Any]:
    """Deck data holding only these cards of the standard deck (e.g. a one-card deck).

    >>> deck_of(28)["cards"][0]["name"]
    'Tour group'
    """
    full = standard_deck().to_json()
    by_id = {card["id"]: card for card in full["cards"]}
    missing = [c for c in card_ids if c not in by_id]
    if missing or not card_ids:
        raise ValueError(f"cards must be ids of the standard deck (1..28), got {list(card_ids)}")
    return {"name": "cards " + ", ".join(map(str, card_ids)), "cards": [by_id[c] for c in card_ids]}


def _deck_option(deck: Any) -> Any:
    if isinstance(deck, Deck):
        return deck.to_json()
    if isinstance(deck, (list, tuple)) and deck and all(isinstance(c, int) for c in deck):
        return deck_of(*deck)
    return deck


# ---------------------------------------------------------------- policies
def policy_action(state: BoutiqueState, player: int, tie_bid: int = 0) -> Action:
    """The fixed policy for a decision outside the price choice (see the module docstring)."""
    legal = state.legal_actions(player)
    if len(legal) == 1:
        return legal[0]
    phase = state.phase
    if phase in ("booking_change", "walkin_change"):
        return KeepPrices()
    if phase in ("bid", "rank_bid"):
        return Bid(min(tie_bid, state.money[player]) // 100 * 100)
    if phase == "hire":
        return _STAFF_PLANNER.hire(state, player)
    if phase == "expand":
        return EndExpansion()
    if phase == "place":
        return legal[0]  # the lowest-numbered rooms that fit
    raise ValueError(f"no fixed policy for the phase {phase!r}")


def decide(state: BoutiqueState, tie_bid: int, recorded: Callable[..., Any] | None) -> Action:
    """The action at a decision node: a recorded one if given and legal, else the policy."""
    mover = state.current_player()
    if mover == SIMULTANEOUS:
        parts = []
        for p in range(state.n):
            part = recorded(p) if recorded else None
            if part is None or not _legal_for(state, p, part):
                part = policy_action(state, p, tie_bid)
            parts.append(part)
        return JointAction(tuple(parts))
    part = recorded(mover) if recorded else None
    if part is not None and _legal_for(state, mover, part):
        return part
    return policy_action(state, mover, tie_bid)


def _legal_for(state: BoutiqueState, player: int, action: Action) -> bool:
    return state._problem(player, action) is None


# ----------------------------------------------------------------- playing
def _clone(state: BoutiqueState) -> BoutiqueState:
    return state.clone()  # type: ignore[return-value]


def _step(state: BoutiqueState, action: Action) -> None:
    """Apply an action taken from the engine's own legal actions or chance outcomes.

    The engine's ``apply_action`` would check it again; the pricing games
    only apply outcomes the engine listed and policy actions checked legal,
    so they take the engine's transition directly (a third faster).
    """
    state._apply(action)
    state.history.append(action)


def turn_moment(state: BoutiqueState) -> tuple[int, int, int, int, int]:
    """Which guest the game is at: (week, stage, booking turn, walk-in day, walk-in)."""
    return (state.week, int(state.stage == "walkin"), state.turn, state.day, state.walkin)


def _part_done(part: str, start: BoutiqueState) -> Callable[[BoutiqueState], bool]:
    week, _, turn, day, _ = turn_moment(start)

    def done(state: BoutiqueState) -> bool:
        if state.current_player() == TERMINAL:
            return True
        if part == "booking":
            return (state.week, state.turn) != (week, turn) or state.phase == "hire"
        if part == "week":
            return state.phase == "hire" or state.week != week
        # walk-in day
        return (state.week, state.stage, state.day) != (week, "walkin", day) or state.phase not in (
            TURN_PHASES
        )

    return done


def expected_money(
    state: BoutiqueState,
    done: Callable[[BoutiqueState], bool],
    tie_bid: int,
    chance_given: Callable[[BoutiqueState], Action | None] | None = None,
    recorded: Callable[[BoutiqueState], Callable[[int], Action | None] | None] | None = None,
) -> list[Fraction]:
    """Exact expected money of every player when ``done``; ``state`` is used up."""
    while not done(state):
        if state.current_player() == CHANCE:
            given = chance_given(state) if chance_given else None
            if given is not None:
                _step(state, given)
                continue
            total = [Fraction(0)] * state.n
            for outcome, probability in state.chance_outcomes():
                child = _clone(state)
                _step(child, outcome)
                money = expected_money(child, done, tie_bid, chance_given, recorded)
                total = [t + probability * m for t, m in zip(total, money, strict=True)]
            return total
        _step(state, decide(state, tie_bid, recorded(state) if recorded else None))
    return [Fraction(m) for m in state.money]


def _sampled_money(
    state: BoutiqueState, done: Callable[[BoutiqueState], bool], tie_bid: int, rng: Any
) -> list[int]:
    while not done(state):
        if state.current_player() == CHANCE:
            _step(state, state.sample_chance(rng))
        else:
            _step(state, decide(state, tie_bid, None))
    return list(state.money)


def walkin_position(
    profile: Sequence[SetPrices],
    deck: Any = "standard",
    day: int = 0,
    ranking: Sequence[int] | None = None,
    walkin_budget: str = "with_breakfast",
) -> BoutiqueState:
    """Empty hotels at the start of walk-in day ``day`` (0 = Monday) with these prices.

    Built as a saved position is loaded (``BoutiqueState.from_snapshot``, which
    checks every field): booking is over with no guest on any mat, nobody
    hired staff, every player holds 500 and the walk-in ranking is
    ``ranking`` (default P1, P2, ...: as if the players' money had come in
    that order).
    """
    players = len(profile)
    base = new_game(
        players=players,
        deck=_deck_option(deck),
        room_choice="canonical",
        weeks=1,
        walkin_budget=walkin_budget,
    )
    order = list(range(players)) if ranking is None else [int(p) for p in ranking]
    if sorted(order) != list(range(players)):
        raise ValueError(f"ranking must list each player 0..{players - 1} once, got {order}")
    if not 0 <= day <= 6:
        raise ValueError(f"day must be 0..6 (Monday..Sunday), got {day}")
    snap = base.to_snapshot()
    snap.update(
        phase="walkin_change",
        stage="walkin",
        turn=base.turns,
        day=day,
        prices=[list(p.days) for p in profile],
        breakfast=[p.breakfast for p in profile],
        staff=[[0, 0, 0] for _ in range(players)],
        ranking=[[p] for p in order],
    )
    return BoutiqueState.from_snapshot(base.options, snap)  # type: ignore[return-value]


def _start_position(
    part: str, profile: Sequence[SetPrices], deck: Any, options: dict[str, Any]
) -> BoutiqueState:
    if part == "walkin":
        return walkin_position(
            profile,
            deck,
            day=options.get("day", 0),
            ranking=options.get("ranking"),
            walkin_budget=options.get("walkin_budget", "with_breakfast"),
        )
    state = new_game(
        players=len(profile),
        deck=_deck_option(deck),
        room_choice="canonical",
        weeks=1,
        walkin_budget=options.get("walkin_budget", "with_breakfast"),
    )
    state.apply_action(JointAction(tuple(profile)))
    return state


def play_profile(
    profile: Sequence[int | SetPrices],
    part: str = "booking",
    deck: Any = "standard",
    breakfast: int = 1,
    tie_bid: int = 0,
    exact: bool = True,
    samples: int = 200,
    seed: int = 2026,
    **options: Any,
) -> np.ndarray:
    """Money each player gains in ``part`` for one price profile.

    Exact: a 1-d array of Fractions (dtype object). Sampled: an array of
    shape (samples, players), deal ``s`` drawn from ``default_rng([seed, s])``.
    """
    _check_part(part)
    vectors = [as_prices(c, breakfast) for c in profile]
    start = _start_position(part, vectors, deck, options)
    before = list(start.money)
    done = _part_done(part, start)
    if exact:
        money = expected_money(_clone(start), done, tie_bid)
        return np.array([m - b for m, b in zip(money, before, strict=True)], dtype=object)
    draws = np.empty((samples, len(vectors)))
    for s in range(samples):
        rng = np.random.default_rng([seed, s])
        sampled = _sampled_money(_clone(start), done, tie_bid, rng)
        draws[s] = np.subtract(sampled, before)
    return draws


def _check_part(part: str) -> None:
    if part not in PARTS:
        raise ValueError(f"part must be one of {PARTS}, got {part!r}")


def objective_payoffs(gains: np.ndarray, objective: str) -> np.ndarray:
    """Turn gains (last axis = players) into the objective's payoffs.

    ``"profit"``: the gains. ``"difference"``: each gain minus the mean of
    the rivals' gains (zero-sum).
    """
    if objective not in OBJECTIVES:
        raise ValueError(f"objective must be one of {OBJECTIVES}, got {objective!r}")
    if objective == "profit":
        return gains
    n = gains.shape[-1]
    if n == 2:  # exactly antisymmetric in floating point, so nashpy sees a zero-sum game
        return gains - gains[..., ::-1]
    total = gains.sum(axis=-1, keepdims=True)
    return gains - (total - gains) / (n - 1)


# ------------------------------------------------------------------ result
@dataclasses.dataclass(frozen=True)
class PricingGame:
    """The payoffs of a pricing game for every profile of price choices.

    Attributes
    ----------
    part, objective : str
        What was played and what each player maximises.
    labels : tuple of tuple of str
        Each player's strategy labels (a flat face f is labelled f x 100).
    choices : tuple of tuple of SetPrices
        Each player's price vectors, in label order.
    gains : numpy.ndarray
        Money gained, shape (k1, ..., kn, n): float means (exact values in
        ``exact_gains``).
    payoffs : tuple of numpy.ndarray
        Player i's payoff for each profile under ``objective``, shape (k1, ..., kn).
    standard_errors : tuple of numpy.ndarray or None
        Standard error of each payoff (sampled games only).
    exact : bool
        Whether the payoffs are exact expectations over the chance outcomes.
    exact_gains : numpy.ndarray or None
        The exact gains as Fractions (dtype object), when ``exact``.
    draws : numpy.ndarray or None
        Sampled gains per deal, shape (samples, k1, ..., kn, n) (common
        random numbers: deal s is the same deal for every profile).
    """

    part: str
    objective: str
    labels: tuple[tuple[str, ...], ...]
    choices: tuple[tuple[SetPrices, ...], ...]
    gains: np.ndarray
    payoffs: tuple[np.ndarray, ...]
    standard_errors: tuple[np.ndarray, ...] | None
    exact: bool
    exact_gains: np.ndarray | None = None
    draws: np.ndarray | None = None

    @property
    def players(self) -> int:
        return len(self.labels)

    @property
    def game(self) -> nashpy.Game:
        """The two-player game as a :class:`nashpy.Game` (row player P1)."""
        return self.matrix_game().nashpy()

    def matrix_game(self) -> MatrixGame:
        """The two-player game as a :class:`~hoteledu.core.matrix_game.MatrixGame` (row P1)."""
        if self.players != 2:
            raise ValueError("nashpy games have two players; use .payoffs for more")
        return MatrixGame(self.payoffs[0], self.payoffs[1])

    @property
    def samples(self) -> int:
        return 0 if self.draws is None else int(self.draws.shape[0])

    def exact_payoffs(self, player: int = 0) -> np.ndarray:
        """Player's exact payoffs as Fractions (exact games only)."""
        if self.exact_gains is None:
            raise ValueError("this game was sampled: it has no exact payoffs")
        return objective_payoffs(self.exact_gains, self.objective)[..., player]

    def compare(
        self, player: int, first: tuple[int, ...], second: tuple[int, ...]
    ) -> tuple[float, float]:
        """Player's payoff at profile ``first`` minus at ``second``, and its standard error.

        With common random numbers the difference is taken deal by deal, so
        its error uses the pairing (deals that are good for both profiles
        cancel). Exact games have error 0.
        """
        gap = float(self.payoffs[player][first] - self.payoffs[player][second])
        if self.draws is None:
            return gap, 0.0
        per_draw = objective_payoffs(self.draws, self.objective)[..., player]
        at_first: Any = (slice(None), *first)
        at_second: Any = (slice(None), *second)
        deals = per_draw[at_first] - per_draw[at_second]
        return gap, float(deals.std(ddof=1) / np.sqrt(len(deals)))

    def with_objective(self, objective: str) -> PricingGame:
        """The same plays scored with another objective (no replay)."""
        payoffs, errors = _score(self.gains, self.draws, objective)
        return dataclasses.replace(
            self, objective=objective, payoffs=payoffs, standard_errors=errors
        )


def _score(
    gains: np.ndarray, draws: np.ndarray | None, objective: str
) -> tuple[tuple[np.ndarray, ...], tuple[np.ndarray, ...] | None]:
    values = objective_payoffs(gains.astype(float), objective)
    n = gains.shape[-1]
    payoffs = tuple(np.array(values[..., i], dtype=float) for i in range(n))
    if draws is None:
        return payoffs, None
    per_draw = objective_payoffs(draws, objective)
    samples = draws.shape[0]
    spread = per_draw.std(axis=0, ddof=1) / np.sqrt(samples)
    return payoffs, tuple(np.array(spread[..., i]) for i in range(n))


def pricing_game(
    part: str = "booking",
    prices: Sequence[int | SetPrices] = (1, 2, 3, 4, 5, 6),
    objective: str = "profit",
    players: int = 2,
    deck: Any = "standard",
    samples: int = 200,
    seed: int = 2026,
    exact: bool | None = None,
    rival_prices: Sequence[int | SetPrices] | None = None,
    breakfast: int = 1,
    tie_bid: int = 0,
    progress: bool = False,
    symmetric: bool = False,
    **options: Any,
) -> PricingGame:
    """Play ``part`` for every profile of price choices; see the module docstring.

    Parameters
    ----------
    part : {"booking", "week", "walkin"}
    prices : sequence of faces 1..6 or SetPrices
        P1's menu (and every player's unless ``rival_prices`` is given).
    objective : {"profit", "difference"}
    players : int
        2 to 5 (nashpy's ``.game`` needs 2).
    deck : "standard", a Deck, deck data, or card ids of the standard deck
        (``deck=[28]`` is a one-card deck of the tour group).
    samples, seed : int
        Deals for a sampled game (common random numbers).
    exact : bool or None
        None: exact for "booking" and "walkin", sampled for "week".
    rival_prices : sequence or None
        The menu of P2..Pn.
    breakfast : int
        Breakfast die of the flat price choices.
    tie_bid : int
        What every tied player bids (0: the blank card).
    progress : bool
        Show a progress bar over the profiles (stderr; for lessons).
    symmetric : bool
        Two players with one menu only: play each unordered pair of choices
        once and mirror it (P2 at i, P1 at j is P1 at i, P2 at j with the
        seats swapped). Valid when the seats play alike, as they do in
        "booking" and "week" under the fixed policies (tested), not in
        "walkin", where the ranking orders the seats. About 40% faster.
    options
        ``day`` and ``ranking`` for "walkin"; ``walkin_budget`` for the game.

    Examples
    --------
    >>> g = pricing_game("booking", prices=(2, 3), deck=[28])
    >>> g.payoffs[0].tolist()   # the tour group: 3 room-nights
    [[600.0, 600.0], [0.0, 900.0]]
    """
    _check_part(part)
    if not 2 <= players <= 5:
        raise ValueError(f"players must be 2..5, got {players}")
    if objective not in OBJECTIVES:
        raise ValueError(f"objective must be one of {OBJECTIVES}, got {objective!r}")
    if not prices:
        raise ValueError("prices must offer at least one choice")
    menus = [tuple(prices)] + [tuple(rival_prices or prices)] * (players - 1)
    vectors = tuple(tuple(as_prices(c, breakfast) for c in menu) for menu in menus)
    labels = tuple(tuple(choice_label(c) for c in menu) for menu in menus)
    if exact is None:
        exact = part != "week"
    shape = tuple(len(m) for m in menus)
    gains = np.empty((*shape, players), dtype=object if exact else float)
    draws = None if exact else np.empty((samples, *shape, players))
    if symmetric and (players != 2 or rival_prices is not None):
        raise ValueError("symmetric=True needs two players with one menu")
    profiles: Any = [
        index
        for index in itertools.product(*(range(k) for k in shape))
        if not symmetric or index[0] <= index[1]
    ]
    if progress:
        from hoteledu.lessons import progress as bar

        profiles = bar(profiles, total=len(profiles), desc=f"{part} game")
    for index in profiles:
        profile = tuple(vectors[p][i] for p, i in enumerate(index))
        result = _cached_profile(
            profile, part, _freeze(deck), tie_bid, exact, samples, seed, options
        )
        cells = [(index, result)]
        if symmetric and index[0] != index[1]:
            cells.append((index[::-1], result[..., ::-1]))
        for cell, value in cells:
            if exact:
                gains[cell] = value
            else:
                draws[(slice(None), *cell)] = value  # type: ignore[index]
                gains[cell] = value.mean(axis=0)
    exact_gains = gains if exact else None
    float_gains = gains.astype(float)
    payoffs, errors = _score(float_gains, draws, objective)
    return PricingGame(
        part=part,
        objective=objective,
        labels=labels,
        choices=vectors,
        gains=float_gains,
        payoffs=payoffs,
        standard_errors=errors,
        exact=exact,
        exact_gains=exact_gains,
        draws=draws,
    )


def _freeze(value: Any) -> str:
    """A hashable form of a deck or option value (for the cache): its JSON text."""
    if isinstance(value, Deck):
        value = value.to_json()
    return json.dumps(value, sort_keys=True)


def _cached_profile(
    profile: tuple[SetPrices, ...],
    part: str,
    deck: Any,
    tie_bid: int,
    exact: bool,
    samples: int,
    seed: int,
    options: dict[str, Any],
) -> np.ndarray:
    frozen = tuple(sorted((k, _freeze(v)) for k, v in options.items()))
    return _profile_result(profile, part, deck, tie_bid, exact, samples, seed, frozen)


@lru_cache(maxsize=4096)
def _profile_result(
    profile: tuple[SetPrices, ...],
    part: str,
    deck: Any,
    tie_bid: int,
    exact: bool,
    samples: int,
    seed: int,
    options: tuple[tuple[str, Any], ...],
) -> np.ndarray:
    result = play_profile(
        profile,
        part,
        json.loads(deck),
        tie_bid=tie_bid,
        exact=exact,
        samples=samples,
        seed=seed,
        **{k: json.loads(v) for k, v in options},
    )
    result.setflags(write=False)
    return result


def bertrand_game(
    prices: Sequence[float] = (1, 2, 3, 4, 5, 6), cost: float = 0.0, demand: float = 1.0
) -> nashpy.Game:
    """The textbook Bertrand duopoly on a price grid (not the board game).

    ``demand`` units are bought from the cheaper firm; at equal prices the
    firms split them; each unit costs ``cost``. Payoff: (price - cost) x units.
    On a grid of step 1 its pure equilibria are the matched prices from
    ``cost`` (if on the grid) up to ``cost + 2``: undercutting a matched
    price p gains (p - 1 - cost) x demand against (p - cost) x demand / 2.
    """
    grid = np.asarray(prices, dtype=float)
    a = np.zeros((len(grid), len(grid)))
    for i, p in enumerate(grid):
        for j, q in enumerate(grid):
            share = 1.0 if p < q else 0.5 if p == q else 0.0
            a[i, j] = (p - cost) * demand * share
    return nashpy.Game(a, a.T)
