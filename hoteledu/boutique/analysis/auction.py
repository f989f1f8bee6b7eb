"""The marketing bid as an all-pay auction (issue 11).

When two hotels offer a stay at the same total and have the same rating,
they bid money cards face down; every bid is paid, winner included, and the
highest bid gets the guests (docs/boutique.md, decision 4). That is an
**all-pay auction** for a prize ``V``, the stay's price.

Two tie rules are compared:

* ``"split"``: the textbook rule, each tied bidder gets half the prize
  (in expectation: a fair coin);
* ``"all_win"``: the game's rule, "Bei anhaltendem Gleichstand erhalten alle
  beteiligten Spieler Gäste": every tied bidder gets the guests and is paid
  the full price by the bank.

:func:`engine_bid_game` does not assume the rule: it puts the engine in a
real bid phase and asks it, for every pair of bids, who gets the guests and
how every player's money changes. The tests check that this equals
:func:`all_pay_game` with ``tie="all_win"``.

Equilibria come from nashpy (vertex enumeration; support enumeration as a
fallback), are turned into Fractions and **verified exactly**: no pure
strategy earns more than the mix, and every bid in the support earns the
same. The continuous case has a closed form (:func:`continuous_expected_bid`):
both bid uniformly on ``[0, V]``, the expected total is ``V`` and the rent
is fully dissipated; with a budget cap ``m`` (``V/2 <= m < V``) the bids are
uniform on ``[0, 2m - V]`` with an atom ``2(1 - m/V)`` at ``m``.

Examples
--------
>>> game = all_pay_game(400, step=100)
>>> eq = symmetric_equilibrium(game)
>>> [str(p) for p in eq.row]
['1/4', '1/4', '1/4', '1/4', '0']
>>> eq.dissipation
Fraction(3, 4)
"""

from __future__ import annotations

import dataclasses
import warnings
from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache

import nashpy
import numpy as np

from hoteledu.boutique.actions import Bid, CheckInDie, KeepPrices, Pass, RevealCard, SetPrices
from hoteledu.boutique.bots import BOTS
from hoteledu.boutique.mat import BID_STEP
from hoteledu.boutique.rules import BoutiqueState, new_game
from hoteledu.core.actions import JointAction
from hoteledu.core.matrix_game import MatrixGame
from hoteledu.core.simulate import next_action

TIE_RULES: tuple[str, ...] = ("split", "all_win")
"""``split``: each tied bidder gets half the prize; ``all_win``: the game's rule, each gets all."""
OBJECTIVES: tuple[str, ...] = ("profit", "difference")
"""``profit``: your own money change; ``difference``: yours minus the rival's (beat the rival)."""
DEFAULT_PRIZE_FACE = 2
DEFAULT_CARD = 3
"""The default bid: card 3 (Backpacker, 2 nights, no breakfast) at a flat 200: a prize of 400."""
START_MONEY = 500

Matrix = tuple[tuple[Fraction, ...], ...]


def bid_amounts(cap: int, step: int = BID_STEP) -> tuple[int, ...]:
    """The bids 0, step, 2 step, ... up to ``cap`` (money held): the blank card is 0."""
    if cap < 0 or step <= 0:
        raise ValueError(f"a bid cap must be at least 0 and the step positive, got {cap}, {step}")
    return tuple(range(0, cap // step * step + 1, step))


def _check(name: str, value: str, allowed: tuple[str, ...]) -> None:
    if value not in allowed:
        raise ValueError(f"{name} must be one of {allowed}, got {value!r}")


@dataclasses.dataclass(frozen=True)
class BidGame:
    """A two-bidder all-pay auction: bids and payoff matrices (row = P1, column = P2)."""

    prize: int
    row_bids: tuple[int, ...]
    col_bids: tuple[int, ...]
    row_payoffs: Matrix
    col_payoffs: Matrix
    tie: str
    objective: str
    source: str = "formula"
    winners: tuple[tuple[tuple[int, ...], ...], ...] | None = None
    """Who gets the guests for each bid pair (engine games only; 0 = P1)."""

    def game(self) -> nashpy.Game:
        """The game as a ``nashpy.Game`` (floats)."""
        return self.matrix_game().nashpy()

    def matrix_game(self) -> MatrixGame:
        """The game as a :class:`~hoteledu.core.matrix_game.MatrixGame` (floats)."""
        return MatrixGame(_floats(self.row_payoffs), _floats(self.col_payoffs))


def _floats(matrix: Matrix) -> np.ndarray:
    return np.array([[float(x) for x in row] for row in matrix])


def all_pay_game(
    prize: int,
    caps: tuple[int | None, int | None] = (None, None),
    tie: str = "split",
    objective: str = "profit",
    step: int = BID_STEP,
) -> BidGame:
    """The textbook all-pay auction for ``prize`` with bids in steps of ``step``.

    A cap ``None`` lets a bidder bid up to the prize (a higher bid is never
    worth it); an integer is the money held (a budget cap).
    """
    _check("tie", tie, TIE_RULES)
    _check("objective", objective, OBJECTIVES)
    if prize <= 0:
        raise ValueError(f"the prize must be positive, got {prize}")
    row_bids = bid_amounts(prize if caps[0] is None else caps[0], step)
    col_bids = bid_amounts(prize if caps[1] is None else caps[1], step)
    share = Fraction(1, 2) if tie == "split" else Fraction(1)
    rows, cols = [], []
    for a in row_bids:
        row, col = [], []
        for b in col_bids:
            mine = prize * (1 if a > b else share if a == b else 0) - a
            theirs = prize * (1 if b > a else share if a == b else 0) - b
            if objective == "difference":
                mine, theirs = mine - theirs, theirs - mine
            row.append(Fraction(mine))
            col.append(Fraction(theirs))
        rows.append(tuple(row))
        cols.append(tuple(col))
    return BidGame(prize, row_bids, col_bids, tuple(rows), tuple(cols), tie, objective)


# ------------------------------------------------------------------ equilibria
@dataclasses.dataclass(frozen=True)
class MixedEquilibrium:
    """An equilibrium in Fractions, checked exactly."""

    row: tuple[Fraction, ...]
    col: tuple[Fraction, ...]
    row_value: Fraction
    col_value: Fraction
    expected_total_bid: Fraction
    dissipation: Fraction
    """Expected total bids divided by the prize."""

    @property
    def symmetric(self) -> bool:
        return self.row == self.col


def _rational(vector: np.ndarray) -> tuple[Fraction, ...]:
    fractions = [Fraction(float(x)).limit_denominator(10_000) for x in vector]
    fractions = [max(Fraction(0), f) for f in fractions]
    total = sum(fractions)
    return tuple(f / total for f in fractions)


def payoff_against(matrix: Matrix, mix: Sequence[Fraction], by_row: bool) -> list[Fraction]:
    """Expected payoff of each pure bid against ``mix``: rows (``by_row``) or columns."""
    if by_row:
        return [sum((q * x for q, x in zip(mix, row, strict=True)), Fraction(0)) for row in matrix]
    return [
        sum((p * matrix[i][j] for i, p in enumerate(mix)), Fraction(0))
        for j in range(len(matrix[0]))
    ]


def is_equilibrium(game: BidGame, row: Sequence[Fraction], col: Sequence[Fraction]) -> bool:
    """Exact test: no pure bid earns more than the mix, for either bidder."""
    row_pay = payoff_against(game.row_payoffs, col, by_row=True)
    col_pay = payoff_against(game.col_payoffs, row, by_row=False)
    row_value = sum((p * v for p, v in zip(row, row_pay, strict=True)), Fraction(0))
    col_value = sum((q * v for q, v in zip(col, col_pay, strict=True)), Fraction(0))
    return max(row_pay) <= row_value and max(col_pay) <= col_value


def make_equilibrium(
    game: BidGame, row: Sequence[Fraction], col: Sequence[Fraction]
) -> MixedEquilibrium:
    """Values, expected bids and dissipation of the strategy pair (not checked here)."""
    row, col = tuple(row), tuple(col)
    row_pay = payoff_against(game.row_payoffs, col, by_row=True)
    col_pay = payoff_against(game.col_payoffs, row, by_row=False)
    row_value = sum((p * v for p, v in zip(row, row_pay, strict=True)), Fraction(0))
    col_value = sum((q * v for q, v in zip(col, col_pay, strict=True)), Fraction(0))
    total = sum((p * b for p, b in zip(row, game.row_bids, strict=True)), Fraction(0)) + sum(
        (q * b for q, b in zip(col, game.col_bids, strict=True)), Fraction(0)
    )
    return MixedEquilibrium(row, col, row_value, col_value, total, total / game.prize)


@lru_cache(maxsize=64)
def equilibria(game: BidGame) -> tuple[MixedEquilibrium, ...]:
    """Every extreme equilibrium nashpy's vertex enumeration finds, exact and verified.

    Falls back to support enumeration (degenerate games allowed) when vertex
    enumeration returns nothing that survives the exact check.
    """
    found: list[MixedEquilibrium] = []
    nash = game.game()
    for method in ("vertex", "support"):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # nashpy warns about degenerate games: we check exactly
            pairs = (
                list(nash.vertex_enumeration())
                if method == "vertex"
                else list(nash.support_enumeration(non_degenerate=False, tol=1e-12))
            )
        for x, y in pairs:
            if not (np.all(np.isfinite(x)) and np.all(np.isfinite(y))):
                continue
            row, col = _rational(x), _rational(y)
            if not is_equilibrium(game, row, col):
                continue
            eq = make_equilibrium(game, row, col)
            if all((eq.row, eq.col) != (e.row, e.col) for e in found):
                found.append(eq)
        if found:
            break
    if not found:
        raise RuntimeError("no equilibrium survived the exact check")
    return tuple(sorted(found, key=lambda e: (not e.symmetric, e.row, e.col)))


def symmetric_equilibrium(game: BidGame) -> MixedEquilibrium:
    """One symmetric equilibrium, chosen by a stated rule.

    The barycentre of the symmetric extreme equilibria if it is itself an
    equilibrium (checked exactly: for a zero-sum game it always is, and for
    the textbook auction with an even number of steps it is the uniform mix
    over the bids below the prize); otherwise the symmetric extreme
    equilibrium that pays the bidders most; otherwise the first found.
    """
    found = equilibria(game)
    symmetric = [e for e in found if e.symmetric]
    if not symmetric:
        return found[0]
    size = len(symmetric)
    centre = tuple(
        sum((e.row[i] for e in symmetric), Fraction(0)) / size for i in range(len(game.row_bids))
    )
    if len(game.row_bids) == len(game.col_bids) and is_equilibrium(game, centre, centre):
        return make_equilibrium(game, centre, centre)
    return max(symmetric, key=lambda e: e.row_value)


def textbook_mix(prize: int, cap: int | None = None, step: int = BID_STEP) -> tuple[Fraction, ...]:
    """The discrete analogue of the continuous equilibrium (ties split), over ``0..cap``.

    Weight ``step / V`` on each bid ``0, step, ..., top`` and the rest on the
    cap, where ``top = V - step`` without a binding cap and ``2m - V`` with a
    cap ``m`` (nothing below the cap when ``2m < V``). For ``V`` a multiple of
    the step this is an equilibrium (checked exactly in the tests).
    """
    cap = prize if cap is None else cap
    bids = bid_amounts(cap, step)
    top = prize - step if cap >= prize - step else 2 * bids[-1] - prize
    weights = [Fraction(step, prize) if b <= top else Fraction(0) for b in bids]
    weights[-1] += 1 - sum(weights)
    return tuple(weights)


def fast_symmetric_equilibrium(game: BidGame) -> MixedEquilibrium:
    """A symmetric equilibrium in milliseconds where a shortcut exists, verified exactly.

    Textbook auctions with equal caps: :func:`textbook_mix`; zero-sum
    (``difference``) games: nashpy's linear program. Otherwise, or if the
    shortcut fails the exact check, :func:`symmetric_equilibrium`.
    """
    mix: tuple[Fraction, ...] | None = None
    if game.objective == "difference" and game.row_bids == game.col_bids:
        row, _ = game.game().linear_program()
        mix = _rational(np.clip(row, 0, None))
    elif game.tie == "split" and game.row_bids == game.col_bids:
        mix = textbook_mix(game.prize, game.row_bids[-1], _step(game.row_bids))
    if mix is not None and is_equilibrium(game, mix, mix):
        return make_equilibrium(game, mix, mix)
    return symmetric_equilibrium(game)


def parity_mixes(prize: int, step: int = BID_STEP) -> dict[str, MixedEquilibrium]:
    """The symmetric equilibria of the textbook grid auction with an even number of steps.

    With ``k = V / step`` even, the uniform mix over the even multiples of
    the step below ``V`` (0, 2 step, ..., V - 2 step) and the one over the odd
    multiples (step, 3 step, ..., V - step) are both equilibria, and so is
    every mix of the two (the uniform mix over ``0..V - step`` is halfway):
    each bidder keeps one step and dissipation is ``(k - 2) / k`` under the
    even mix, each keeps 0 and dissipation is exactly 1 under the odd one.
    Both are verified exactly. Raises for an odd ``k`` (no such pair).
    """
    game = all_pay_game(prize, step=step)
    steps = prize // step
    if prize % step or steps % 2:
        raise ValueError(f"the prize must be an even number of steps, got {prize} / {step}")
    out: dict[str, MixedEquilibrium] = {}
    for name, parity in (("even", 0), ("odd", 1)):
        mix = tuple(
            Fraction(2, steps) if b < prize and (b // step) % 2 == parity else Fraction(0)
            for b in game.row_bids
        )
        if not is_equilibrium(game, mix, mix):
            raise RuntimeError(f"the {name} mix failed the exact check at V = {prize}")
        out[name] = make_equilibrium(game, mix, mix)
    return out


def _step(bids: Sequence[int]) -> int:
    return bids[1] - bids[0] if len(bids) > 1 else BID_STEP


# ------------------------------------------------------------ closed forms
def continuous_expected_bid(prize: float, cap: float | None = None) -> float:
    """Expected bid of one bidder in the symmetric equilibrium of the continuous all-pay auction.

    Without a cap (or ``cap >= prize``) bids are uniform on ``[0, V]``:
    ``V/2`` each, ``V`` in total. With a common cap ``m``: for ``m >= V/2``
    uniform density ``1/V`` on ``[0, 2m - V]`` and an atom ``2(1 - m/V)`` at
    ``m``; for ``m < V/2`` both bid ``m`` for sure.
    """
    if cap is None or cap >= prize:
        return prize / 2
    if cap < prize / 2:
        return float(cap)
    top = 2 * cap - prize
    return top**2 / (2 * prize) + cap * 2 * (1 - cap / prize)


def continuous_cdf(prize: float, bid: float, cap: float | None = None) -> float:
    """P(bid <= ``bid``) in the continuous symmetric equilibrium (see continuous_expected_bid)."""
    if bid < 0:
        return 0.0
    if cap is None or cap >= prize:
        return min(1.0, bid / prize)
    if bid >= cap:
        return 1.0
    if cap < prize / 2:
        return 0.0
    return min(bid, 2 * cap - prize) / prize


def cumulative(mix: Sequence[Fraction]) -> list[Fraction]:
    """The distribution function of a mix over the bid grid."""
    out, total = [], Fraction(0)
    for p in mix:
        total += p
        out.append(total)
    return out


# -------------------------------------------------------- the engine's bid
def bid_position(
    face: int = DEFAULT_PRIZE_FACE,
    card: int = DEFAULT_CARD,
    money: tuple[int, int] = (START_MONEY, START_MONEY),
) -> BoutiqueState:
    """A real engine position in the bid phase: both hotels at a flat ``face`` x 100.

    Two players set the same prices (breakfast 1), P1 keeps them, the guests
    check in on Monday and card ``card`` is revealed: equal totals, equal
    ratings, so the engine asks for bids. ``money`` is what each holds when
    bidding (the budget cap), set through a validated snapshot.
    """
    state = new_game(players=2, weeks=1, room_choice="canonical")
    state.apply_action(JointAction((SetPrices((face,) * 7, 1), SetPrices((face,) * 7, 1))))
    state.apply_action(KeepPrices())
    state.apply_action(CheckInDie(1))
    state.apply_action(RevealCard(card))
    if state.phase != "bid":
        raise ValueError(f"card {card} at {face * 100} does not lead to a bid")
    if tuple(money) != (START_MONEY, START_MONEY):
        if any(m < 0 or m % BID_STEP for m in money):
            raise ValueError(f"money must be whole hundreds and at least 0, got {money}")
        snapshot = state.to_snapshot()
        snapshot["money"] = list(money)
        # Income above the start money, or earlier marketing below it (the ledger adds up).
        snapshot["ledger"] = [
            [max(0, m - START_MONEY), max(0, START_MONEY - m), 0, 0] for m in money
        ]
        state = BoutiqueState.from_snapshot(state.options, snapshot)  # type: ignore[assignment]
    return state


def engine_outcome(state: BoutiqueState, bids: Sequence[int]) -> tuple[list[int], tuple[int, ...]]:
    """Apply ``bids`` (one per bidder, in bidder order) to a copy of a bid position.

    Returns the money change of every player and who got the guests.
    """
    if state.phase != "bid":
        raise ValueError(f"the position is in the phase {state.phase!r}, not 'bid'")
    joint = JointAction(
        tuple(
            Bid(int(bids[state.bidders.index(p)])) if p in state.bidders else Pass()
            for p in range(state.n)
        )
    )
    after: BoutiqueState = state.clone()  # type: ignore[assignment]
    stays = len(after.stays)
    after.apply_action(joint)
    change = [after.money[p] - state.money[p] for p in range(state.n)]
    return change, tuple(stay[0] for stay in after.stays[stays:])


def engine_bid_game(state: BoutiqueState | None = None, objective: str = "profit") -> BidGame:
    """The bid game the engine plays, found by asking it about every pair of legal bids.

    Payoffs are the money changes (profit) or their difference; the prize is
    the stay's total the engine offers.
    """
    _check("objective", objective, OBJECTIVES)
    state = bid_position() if state is None else state
    if state.phase != "bid" or len(state.bidders) != 2:
        raise ValueError("engine_bid_game needs a bid position with two bidders")
    p, q = state.bidders
    row_bids = tuple(b.amount for b in state.legal_actions(p))  # type: ignore[attr-defined]
    col_bids = tuple(b.amount for b in state.legal_actions(q))  # type: ignore[attr-defined]
    rows, cols, winners = [], [], []
    for a in row_bids:
        row, col, won = [], [], []
        for b in col_bids:
            change, who = engine_outcome(state, (a, b))
            mine, theirs = change[p], change[q]
            if objective == "difference":
                mine, theirs = mine - theirs, theirs - mine
            row.append(Fraction(mine))
            col.append(Fraction(theirs))
            won.append(who)
        rows.append(tuple(row))
        cols.append(tuple(col))
        winners.append(tuple(won))
    return BidGame(
        state.offer,
        row_bids,
        col_bids,
        tuple(rows),
        tuple(cols),
        "all_win",
        objective,
        source="engine",
        winners=tuple(winners),
    )


@lru_cache(maxsize=128)
def cached_engine_bid_game(
    face: int = DEFAULT_PRIZE_FACE,
    card: int = DEFAULT_CARD,
    money: tuple[int, int] = (START_MONEY, START_MONEY),
    objective: str = "profit",
) -> BidGame:
    """:func:`engine_bid_game` of :func:`bid_position`, cached (for sliders)."""
    return engine_bid_game(bid_position(face, card, money), objective)


# -------------------------------------------------------------- play
def sample_bids(
    mix: Sequence[Fraction], bids: Sequence[int], size: int, rng: np.random.Generator
) -> np.ndarray:
    """``size`` bids drawn from a mix with a seeded generator."""
    return np.asarray(bids)[rng.choice(len(bids), size=size, p=[float(p) for p in mix])]


@dataclasses.dataclass(frozen=True)
class PlayedBids:
    """Bids played in an engine bid position: each round's bids, money changes, winners."""

    prize: int
    bids: np.ndarray  # rounds x 2
    changes: np.ndarray  # rounds x 2
    both_won: np.ndarray  # rounds, bool

    @property
    def dissipation(self) -> float:
        """Total bids over the prize, averaged over the rounds."""
        return float(self.bids.sum(axis=1).mean() / self.prize)

    def mean_change(self) -> tuple[np.ndarray, np.ndarray]:
        """Mean money change per bidder and its standard error."""
        n = len(self.changes)
        return self.changes.mean(axis=0), self.changes.std(axis=0, ddof=1) / np.sqrt(n)


def play_engine_bids(
    state: BoutiqueState,
    row_mix: Sequence[Fraction],
    col_mix: Sequence[Fraction],
    rounds: int,
    seed: int,
) -> PlayedBids:
    """Play the engine's bid phase ``rounds`` times, bids drawn from the two mixes (seeded)."""
    rng = np.random.default_rng(seed)
    p, q = state.bidders
    row_bids = [b.amount for b in state.legal_actions(p)]  # type: ignore[attr-defined]
    col_bids = [b.amount for b in state.legal_actions(q)]  # type: ignore[attr-defined]
    a = sample_bids(row_mix, row_bids, rounds, rng)
    b = sample_bids(col_mix, col_bids, rounds, rng)
    changes = np.zeros((rounds, 2))
    both = np.zeros(rounds, dtype=bool)
    for k in range(rounds):
        change, who = engine_outcome(state, (int(a[k]), int(b[k])))
        changes[k] = (change[p], change[q])
        both[k] = len(who) == 2
    return PlayedBids(state.offer, np.column_stack([a, b]), changes, both)


@dataclasses.dataclass(frozen=True)
class BidRecord:
    """One marketing bid met in a played game."""

    game: int
    prize: int
    bidders: tuple[int, ...]
    bids: tuple[int, ...]
    winners: tuple[int, ...]


def bot_bid_records(
    bots: Sequence[str] = ("undercutter", "undercutter"), games: int = 20, seed: int = 0
) -> list[BidRecord]:
    """Every booking bid in ``games`` seeded games of the named bots (one week each)."""
    for name in bots:
        if name not in BOTS:
            raise ValueError(f"unknown bot {name!r}; choose from {sorted(BOTS)}")
    records: list[BidRecord] = []
    for g in range(games):
        rng = np.random.default_rng(seed + g)
        agents = [BOTS[name](seed + g) for name in bots]
        state = new_game(players=len(bots), weeks=1, room_choice="canonical")
        while not state.is_terminal():
            action = next_action(state, agents, rng)
            if state.phase == "bid":
                bidders = tuple(state.bidders)
                bids = tuple(action.actions[p].amount for p in bidders)  # type: ignore[attr-defined]
                prize, stays = state.offer, len(state.stays)
                state.apply_action(action)
                while state.phase == "place":  # canonical rooms: never asked, but be safe
                    state.apply_action(next_action(state, agents, rng))
                winners = tuple(s[0] for s in state.stays[stays:])
                records.append(BidRecord(g, prize, bidders, bids, winners))
                continue
            state.apply_action(action)
    return records


def measured_dissipation(records: Sequence[BidRecord]) -> float:
    """Total bids over total prizes of the recorded auctions (0 when there were none)."""
    prizes = sum(r.prize for r in records)
    return sum(sum(r.bids) for r in records) / prizes if prizes else 0.0
