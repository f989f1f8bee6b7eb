"""The three classroom experiments: parameters, validation, play through the engines, theory.

Every experiment asks each student for one whole number (a price face, a bid in
hundreds, a threshold). When a round closes, every pair of students plays once
(round robin) with **common random numbers**: each pairing draws its chance
(the check-in day and guest card, or the dice) from the same seed, the one the
dashboard shows, so two students are compared on the same luck.

- ``pricing``: Boutique Hotel Manager's one-booking pricing game. Each hotel
  sets one flat day rate (faces 1..6 = 100..600 a night, breakfast 100) before
  the guests are known; the engine reveals a check-in day and a guest card and
  books them into the cheapest hotel (equal totals: both bid the blank card,
  so both are paid, decision 4 of docs/boutique.md).
- ``bid``: the sealed marketing bid (theory: the exact all-pay analysis of
  :mod:`hoteledu.boutique.analysis.auction`). Both hotels quote the same total
  for the guests shown on the page, so the engine asks for sealed bids in hundreds
  (every bid is paid to the bank; the higher bid gets the guests; equal bids:
  both get them).
- ``take_or_pass``: Grand Austria's take-or-pass decision. With ``dice`` dice
  on the board and one action left, the student names a threshold ``t``: take
  the strongest space when it holds at least ``t`` dice, otherwise pass (one die
  to the dustbin, the rest rerolled; after that the best rule plays on). Scored
  on ``boards`` seeded boards, the same for everyone.

Payoffs are the **money lead** over the opponent (own money gained minus the
opponent's): a two-player game of Boutique is won by the most money, and with
the rulebook's ties (both hotels paid) the plain money game makes every equal
pair of prices an equilibrium. The lead makes both Boutique games zero-sum,
with a value and optimal mixes (pricing: nashpy's linear program; the bid:
the exact analysis of :mod:`hoteledu.boutique.analysis.auction`). Take-or-pass is a
decision against the dice: its "equilibrium" is the optimal threshold
(:func:`hoteledu.grand_austria.analysis.strength.stopping_value`); its score is
the strength obtained.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    from hoteledu.boutique.analysis.auction import BidGame

MAX_VALUE_TEXT = 20
"""Longest text accepted as a submitted value (characters)."""


class ExperimentError(ValueError):
    """A bad parameter or submitted value; the message names the field."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field


@dataclasses.dataclass(frozen=True)
class Parameter:
    """A whole-number parameter with its range and default."""

    name: str
    label: str
    low: int
    high: int
    default: int


@dataclasses.dataclass(frozen=True)
class Experiment:
    """One experiment: what students are asked, how a pairing plays, what theory says."""

    key: str
    title: str
    parameters: tuple[Parameter, ...]
    question: Callable[[Mapping[str, int], int], str]
    """(params, seed) -> the question shown to students (HTML-free text)."""
    choices: Callable[[Mapping[str, int]], tuple[int, ...]]
    play_pair: Callable[[Mapping[str, int], int, int, int], tuple[float, float]]
    """(params, seed, a, b) -> payoffs of a and b in one pairing."""
    theory: Callable[[Mapping[str, int], int], Theory]
    value_label: str

    def check_params(self, params: Mapping[str, Any] | None = None) -> dict[str, int]:
        """The full parameter set with defaults; an unknown or out-of-range one is refused."""
        params = dict(params or {})
        unknown = sorted(set(params) - {p.name for p in self.parameters})
        if unknown:
            raise ExperimentError(unknown[0], f"unknown parameter of {self.key}")
        result = {}
        for p in self.parameters:
            value = params.get(p.name, p.default)
            if isinstance(value, bool) or not isinstance(value, int):
                raise ExperimentError(p.name, f"must be a whole number, got {value!r}")
            if not p.low <= value <= p.high:
                raise ExperimentError(p.name, f"must be {p.low}..{p.high}, got {value}")
            result[p.name] = value
        if self.key == "pricing" and result["lowest"] > result["highest"]:
            raise ExperimentError("lowest", "must not be above highest")
        return result

    def validate(self, text: Any, params: Mapping[str, int]) -> int:
        """The submitted value as a whole number in range, or a clear error."""
        choices = self.choices(params)
        raw = str(text).strip()
        if not raw:
            raise ExperimentError("value", "empty: type a whole number")
        if len(raw) > MAX_VALUE_TEXT:
            raise ExperimentError("value", f"too long (at most {MAX_VALUE_TEXT} characters)")
        try:
            value = int(raw)
        except ValueError:
            raise ExperimentError("value", f"not a whole number: {raw!r}") from None
        if value not in choices:
            raise ExperimentError(
                "value", f"out of range: {value} (allowed {choices[0]}..{choices[-1]})"
            )
        return value


@dataclasses.dataclass(frozen=True)
class Theory:
    """What the analysis predicts: an optimal mix over the choices, and why."""

    choices: tuple[int, ...]
    mix: tuple[float, ...]
    """Probability of each choice (sums to 1)."""
    value: float
    """The game's value (zero-sum) or the best expected strength (take-or-pass)."""
    expected: tuple[float, ...]
    """Expected payoff of each choice against the mix (or alone, take-or-pass)."""
    note: str


# ---------------------------------------------------------------- Boutique: one booking
BREAKFAST_FACE = 1


@cache
def _card_chance() -> tuple[tuple[int, Fraction], ...]:
    """The first guest card's distribution in a new 2-player game (the engine's chance)."""
    state = _booking_state(3, 3)
    state.apply_action(_check_in(1))
    return tuple((action.card, p) for action, p in state.chance_outcomes())  # type: ignore[attr-defined]


def _booking_state(face_a: int, face_b: int):
    from hoteledu.boutique.actions import KeepPrices, SetPrices
    from hoteledu.boutique.rules import new_game
    from hoteledu.core.actions import JointAction

    state = new_game(players=2, weeks=1, room_choice="canonical")
    state.apply_action(
        JointAction(
            (
                SetPrices(days=(face_a,) * 7, breakfast=BREAKFAST_FACE),
                SetPrices(days=(face_b,) * 7, breakfast=BREAKFAST_FACE),
            )
        )
    )
    state.apply_action(KeepPrices())
    return state


def _check_in(face: int):
    from hoteledu.boutique.actions import CheckInDie

    return CheckInDie(face)


def play_booking(
    face_a: int,
    face_b: int,
    seed: int,
    bids: tuple[int, int] = (0, 0),
    card: int | None = None,
) -> tuple[int, int, str]:
    """One booking of a new 2-player game through the engine: money gained by each, the event.

    The check-in die and the card come from ``numpy.random.default_rng(seed)``
    through the engine's own ``sample_chance``: the same seed gives every
    pairing the same guests. ``card`` (an id) reveals that card instead of a
    drawn one. Equal totals and ratings go to sealed bids (``bids`` in money,
    0 = the blank card).
    """
    from hoteledu.boutique.actions import Bid
    from hoteledu.boutique.rules import START_MONEY
    from hoteledu.core.actions import JointAction

    state = _dealt(face_a, face_b, seed, card)
    if state.phase == "bid":
        state.apply_action(JointAction((Bid(bids[0]), Bid(bids[1]))))
    gained = (state.money[0] - START_MONEY, state.money[1] - START_MONEY)
    return gained[0], gained[1], state.last_event


def _dealt(face_a: int, face_b: int, seed: int, card: int | None = None):
    """The booking state after the seeded check-in day and the (seeded or given) card."""
    from hoteledu.boutique.actions import RevealCard

    state = _booking_state(face_a, face_b)
    rng = np.random.default_rng(seed)
    state.apply_action(state.sample_chance(rng))  # check-in day
    state.apply_action(state.sample_chance(rng) if card is None else RevealCard(card))
    return state


def booking_card(seed: int, card: int | None = None) -> tuple[int, str, int]:
    """The guest card and check-in day of the seed: (card id, text, room-nights)."""
    from hoteledu.boutique.mat import DAY_NAMES

    state = _dealt(3, 3, seed, card)
    day = state.checkin - state.week_start
    guests = state.card_of(state.card)
    nights = sum(len(o) for o in state.geometry[guests.id].offsets)
    breakfast = "with breakfast" if guests.breakfast else "no breakfast"
    text = (
        f"card {guests.id} ({guests.name}), {nights} room-nights, {breakfast}, "
        f"from {DAY_NAMES[day]}"
    )
    return guests.id, text, nights


def _lead(gains: tuple[int, int, str]) -> tuple[float, float]:
    lead = gains[0] - gains[1]
    return float(lead), float(-lead)


def _pricing_choices(params: Mapping[str, int]) -> tuple[int, ...]:
    return tuple(range(params["lowest"], params["highest"] + 1))


def _pricing_pair(params: Mapping[str, int], seed: int, a: int, b: int) -> tuple[float, float]:
    return _lead(play_booking(a, b, seed))


@cache
def pricing_matrix(choices: tuple[int, ...]) -> tuple[tuple[Fraction, ...], ...]:
    """Expected lead of the row price against the column price, exact over the guest card.

    Each total comes from the engine's ``stay_price`` (flat rates, so the day
    does not matter); the winner rule is the engine's: cheapest wins, equal
    totals both paid (lead 0). A test plays the engine to check it.
    """
    state = _booking_state(3, 3)
    totals: dict[int, Fraction] = {}
    for face in choices:
        state.prices[0] = [face] * 7
        totals[face] = sum(
            (p * state.stay_price(0, card, 0) for card, p in _card_chance()), Fraction(0)
        )
    rows = []
    for a in choices:
        row = []
        for b in choices:
            row.append(totals[a] if a < b else -totals[b] if a > b else Fraction(0))
        rows.append(tuple(row))
    return tuple(rows)


def _zero_sum_theory(
    choices: tuple[int, ...], matrix: Sequence[Sequence[float]], note: str
) -> Theory:
    mix = optimal_mix(matrix)
    a = np.asarray(matrix, dtype=float)
    expected = a @ np.asarray(mix)
    return Theory(
        choices=choices,
        mix=tuple(mix),
        value=float(np.asarray(mix) @ a @ np.asarray(mix)),
        expected=tuple(float(x) for x in expected),
        note=note,
    )


def optimal_mix(matrix: Sequence[Sequence[float]]) -> list[float]:
    """An optimal mixed strategy of the row player of a zero-sum game (nashpy's linear program)."""
    from hoteledu.core.matrix_game import MatrixGame

    row = np.clip(MatrixGame.zero_sum(matrix).optimal_row_mix(), 0.0, None)
    row[row < 1e-9] = 0.0
    return [float(x) for x in row / row.sum()]


def _pricing_theory(params: Mapping[str, int], seed: int) -> Theory:
    choices = _pricing_choices(params)
    matrix = [[float(x) for x in row] for row in pricing_matrix(choices)]
    return _zero_sum_theory(
        choices,
        matrix,
        "Zero-sum in the money lead: undercutting by one face always gains the booking, "
        "so theory (Bertrand) says everyone charges the lowest price.",
    )


def _pricing_question(params: Mapping[str, int], seed: int) -> str:
    low, high = params["lowest"], params["highest"]
    return (
        f"Boutique Hotel Manager, one booking against each classmate: choose your flat "
        f"price per night, a face {low}..{high} ({100 * low}..{100 * high}; breakfast 100). "
        f"The guests are revealed after everyone has chosen; the cheapest hotel gets them, "
        f"equal prices both get them. You score your money lead over each opponent."
    )


PRICING = Experiment(
    key="pricing",
    title="Boutique: one-booking pricing game",
    parameters=(
        Parameter("lowest", "lowest price face", 1, 6, 1),
        Parameter("highest", "highest price face", 1, 6, 6),
    ),
    question=_pricing_question,
    choices=_pricing_choices,
    play_pair=_pricing_pair,
    theory=_pricing_theory,
    value_label="price face",
)


# ---------------------------------------------------------------- Boutique: marketing bid
def _bid_choices(params: Mapping[str, int]) -> tuple[int, ...]:
    return tuple(range(params["max_bid"] + 1))


def _bid_pair(params: Mapping[str, int], seed: int, a: int, b: int) -> tuple[float, float]:
    face = params["price"]
    return _lead(play_booking(face, face, seed, (100 * a, 100 * b), params["card"] or None))


def _bid_prize(params: Mapping[str, int], seed: int) -> int:
    """The total both hotels quote for the seed's guests (the prize of the bid)."""
    face = params["price"]
    return _dealt(face, face, seed, params["card"] or None).offer


def bid_matrix(prize: int, max_bid: int) -> list[list[int]]:
    """Lead of bidding ``a`` hundreds against ``b``: all pay, higher bid takes ``prize``."""
    rows = []
    for a in range(max_bid + 1):
        row = []
        for b in range(max_bid + 1):
            won = prize if a > b else -prize if a < b else 0
            row.append(won - 100 * a + 100 * b)
        rows.append(row)
    return rows


def bid_game(prize: int, max_bid: int) -> BidGame:
    """The all-pay game of the experiment in bq-auction's exact analysis (ties: both win)."""
    from hoteledu.boutique.analysis.auction import all_pay_game

    cap = 100 * max_bid
    return all_pay_game(prize, (cap, cap), tie="all_win", objective="difference")


def _bid_theory(params: Mapping[str, int], seed: int) -> Theory:
    from hoteledu.boutique.analysis.auction import equilibria, symmetric_equilibrium

    prize = _bid_prize(params, seed)
    game = bid_game(prize, params["max_bid"])
    found = equilibria(game)
    symmetric = sum(1 for e in found if e.symmetric)
    mix = symmetric_equilibrium(game).row
    which = (
        "the only equilibrium"
        if len(found) == 1
        else f"the centre of the {symmetric} symmetric extreme equilibria ({len(found)} in all) "
        "that vertex enumeration finds; a zero-sum game's optimal mixes form a convex set, "
        "so the centre is optimal too"
    )
    a = np.array([[float(x) for x in row] for row in game.row_payoffs])
    p = np.array([float(x) for x in mix])
    return Theory(
        choices=_bid_choices(params),
        mix=tuple(float(x) for x in mix),
        value=float(p @ a @ p),
        expected=tuple(float(x) for x in a @ p),
        note=(
            f"All-pay auction for a prize of {prize}, zero-sum in the money lead, solved "
            f"exactly (hoteledu.boutique.analysis.auction): {which}."
        ),
    )


def _bid_question(params: Mapping[str, int], seed: int) -> str:
    _card, text, _nights = booking_card(seed, params["card"] or None)
    prize = _bid_prize(params, seed)
    return (
        f"Boutique Hotel Manager, sealed marketing bid: you and each classmate quote the same "
        f"total, {prize}, for the guests ({text}). Bid in hundreds, 0..{params['max_bid']} "
        f"(0 is the blank card). Every bid is paid to the bank; the higher bid gets the "
        f"guests, equal bids both get them. You score your money lead over each opponent."
    )


BID = Experiment(
    key="bid",
    title="Boutique: sealed marketing bid",
    parameters=(
        Parameter("price", "flat price face both hotels quote", 1, 6, 2),
        Parameter("card", "guest card id (0 = drawn from the seed)", 0, 28, 3),
        Parameter("max_bid", "highest bid (hundreds, start money 500)", 1, 5, 5),
    ),
    question=_bid_question,
    choices=_bid_choices,
    play_pair=_bid_pair,
    theory=_bid_theory,
    value_label="bid (hundreds)",
)


# ---------------------------------------------------------------- Grand Austria: take or pass
def _wanted(params: Mapping[str, int]) -> int | None:
    return params["wanted"] or None


def _strength(counts: Sequence[int], wanted: int | None) -> int:
    if wanted is None:
        return max(counts)
    return max(counts[wanted - 1], counts[5])


@lru_cache(maxsize=8)  # a few rounds' boards; a long class session does not pile them up
def _boards(dice: int, boards: int, seed: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Seeded boards: for each, the rolls with dice, dice - 1, ..., 1 dice (GA's dice)."""
    from hoteledu.grand_austria.dice import sample_roll

    rng = np.random.default_rng(seed)
    return tuple(tuple(sample_roll(m, rng) for m in range(dice, 0, -1)) for _ in range(boards))


def take_or_pass_score(params: Mapping[str, int], seed: int, threshold: int) -> float:
    """Mean strength over the seeded boards: threshold first, then the best rule."""
    return _score(params["dice"], params["wanted"], params["boards"], seed, threshold)


@lru_cache(maxsize=4096)
def _score(dice: int, wanted_action: int, boards: int, seed: int, threshold: int) -> float:
    from hoteledu.grand_austria.analysis.strength import stopping_value

    params = {"dice": dice, "wanted": wanted_action, "boards": boards}
    wanted = _wanted(params)
    rule = stopping_value(dice, wanted)
    total = 0
    for rolls in _boards(dice, params["boards"], seed):
        for m, counts in zip(range(dice, 0, -1), rolls, strict=True):
            x = _strength(counts, wanted)
            limit = threshold if m == dice else rule.thresholds[m]
            if x >= limit and x > 0:
                total += x
                break
    return total / params["boards"]


def _take_pair(params: Mapping[str, int], seed: int, a: int, b: int) -> tuple[float, float]:
    return take_or_pass_score(params, seed, a), take_or_pass_score(params, seed, b)


def _take_choices(params: Mapping[str, int]) -> tuple[int, ...]:
    return tuple(range(1, params["dice"] + 2))


def threshold_values(dice: int, wanted: int | None) -> list[Fraction]:
    """Exact expected strength of each threshold 1..dice+1, the best rule after a pass."""
    from hoteledu.grand_austria.analysis.strength import stopping_value, strength_distribution

    after = stopping_value(dice, wanted).values[dice - 1]
    distribution = strength_distribution(dice, wanted)
    values = []
    for t in range(1, dice + 2):
        values.append(
            sum(
                (p * (x if x >= t and x > 0 else after) for x, p in enumerate(distribution)),
                Fraction(0),
            )
        )
    return values


def _take_theory(params: Mapping[str, int], seed: int) -> Theory:
    dice, wanted = params["dice"], _wanted(params)
    values = threshold_values(dice, wanted)
    best = max(values)
    optimal = [v == best for v in values]
    share = 1 / sum(optimal)
    return Theory(
        choices=_take_choices(params),
        mix=tuple(share if o else 0.0 for o in optimal),
        value=float(best),
        expected=tuple(float(v) for v in values),
        note=(
            "A decision against the dice: the optimal threshold(s) from "
            "stopping_value (take when the strength is at least the value of passing)."
        ),
    )


def _take_question(params: Mapping[str, int], seed: int) -> str:
    dice = params["dice"]
    what = (
        "the strongest space"
        if not params["wanted"]
        else f"action {params['wanted']} (or the wild space 6)"
    )
    return (
        f"Grand Austria Hotel, one action left, {dice} dice on the board. Choose a threshold "
        f"1..{dice + 1}: you take {what} when it holds at least that many dice; otherwise you "
        f"pass (one die to the dustbin, the rest rerolled, then the best rule plays on; "
        f"{dice + 1} = always pass). You score the mean strength on {params['boards']} boards, "
        f"the same boards for everyone."
    )


TAKE_OR_PASS = Experiment(
    key="take_or_pass",
    title="Grand Austria: take or pass",
    parameters=(
        Parameter("dice", "dice on the board", 2, 14, 6),
        Parameter("wanted", "wanted action (0 = the strongest space)", 0, 5, 0),
        Parameter("boards", "seeded boards per round", 10, 2000, 200),
    ),
    question=_take_question,
    choices=_take_choices,
    play_pair=_take_pair,
    theory=_take_theory,
    value_label="threshold",
)

EXPERIMENTS: dict[str, Experiment] = {e.key: e for e in (PRICING, BID, TAKE_OR_PASS)}


def get_experiment(key: str) -> Experiment:
    """The experiment called ``key``, or an error naming the known ones."""
    try:
        return EXPERIMENTS[key]
    except KeyError:
        raise ExperimentError(
            "experiment", f"unknown experiment {key!r} (known: {', '.join(EXPERIMENTS)})"
        ) from None


# ---------------------------------------------------------------- a round's results
def play_round(
    experiment: Experiment,
    params: Mapping[str, int],
    seed: int,
    submissions: Mapping[str, int],
) -> dict[str, Any]:
    """Round robin over the submissions (name -> value), common random numbers from ``seed``.

    Each pair plays once; a player's score is their mean payoff over their
    opponents (take-or-pass: their own mean strength). Payoffs of equal
    values are computed once (the same chance gives the same result).
    """
    names = sorted(submissions)
    cache_pairs: dict[tuple[int, int], tuple[float, float]] = {}
    totals = dict.fromkeys(names, 0.0)
    record = {name: [0, 0, 0] for name in names}  # wins, draws, losses
    pairings = 0
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            key = (submissions[a], submissions[b])
            if key not in cache_pairs:
                cache_pairs[key] = experiment.play_pair(params, seed, *key)
            pa, pb = cache_pairs[key]
            totals[a] += pa
            totals[b] += pb
            pairings += 1
            if pa > pb:
                record[a][0] += 1
                record[b][2] += 1
            elif pa < pb:
                record[a][2] += 1
                record[b][0] += 1
            else:
                record[a][1] += 1
                record[b][1] += 1
    opponents = max(len(names) - 1, 1)
    if experiment.key == "take_or_pass":
        scores = {n: take_or_pass_score(params, seed, submissions[n]) for n in names}
    else:
        scores = {n: totals[n] / opponents for n in names}
    board = sorted(names, key=lambda n: (-scores[n], n))
    return {
        "seed": seed,
        "pairings": pairings,
        "leaderboard": [
            {
                "name": n,
                "value": submissions[n],
                "score": round(scores[n], 3),
                "wins": record[n][0],
                "draws": record[n][1],
                "losses": record[n][2],
            }
            for n in board
        ],
    }


# ---------------------------------------------------------------- fit test
@dataclasses.dataclass(frozen=True)
class FitTest:
    """Chi-square goodness of fit of the class's choices against the theory's mix."""

    observed: tuple[int, ...]
    expected: tuple[float, ...]
    statistic: float
    dof: int
    p_value: float
    message: str


def fit_test(choices: Sequence[int], mix: Sequence[float], values: Sequence[int]) -> FitTest:
    """Chi-square test of ``values`` (the class's choices) against ``mix`` over ``choices``.

    A choice the mix never plays (probability 0) that someone chose rejects at
    once (p = 0). Over the mix's support the usual Pearson statistic with
    ``support - 1`` degrees of freedom; with an expected count below 5 the
    chi-square approximation is unreliable and the message says so.
    """
    from scipy import stats

    n = len(values)
    observed = tuple(sum(1 for v in values if v == c) for c in choices)
    expected = tuple(n * p for p in mix)
    if n == 0:
        return FitTest(observed, expected, math.nan, 0, math.nan, "no choices to test")
    outside = sum(o for o, p in zip(observed, mix, strict=True) if p == 0)
    support = [(o, e) for o, e, p in zip(observed, expected, mix, strict=True) if p > 0]
    if outside:
        return FitTest(
            observed,
            expected,
            math.inf,
            len(support) - 1,
            0.0,
            f"{outside} of {n} choices are outside the equilibrium's support "
            "(probability 0 in theory): the fit is rejected outright.",
        )
    if len(support) == 1:
        return FitTest(
            observed, expected, 0.0, 0, 1.0, "every choice is the equilibrium's one choice"
        )
    obs = np.array([o for o, _ in support], dtype=float)
    exp = np.array([e for _, e in support], dtype=float)
    statistic, p_value = stats.chisquare(obs, exp)
    small = int((exp < 5).sum())
    caveat = (
        f" Caution: {small} expected count(s) below 5, the chi-square approximation "
        "is unreliable with so few choices."
        if small
        else ""
    )
    return FitTest(
        observed,
        expected,
        float(statistic),
        len(support) - 1,
        float(p_value),
        f"chi-square = {statistic:.2f} with {len(support) - 1} degrees of freedom, "
        f"p = {p_value:.3f}." + caveat,
    )
