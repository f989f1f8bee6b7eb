"""Staffing as a newsvendor (issue 11).

Staff is hired once, before the walk-ins arrive (BHM-20); each employee costs
300; the rating takes stars for the week's need left uncovered (BHM-30/31):
with the default ``shortfall="per_staff"`` one star per missing employee
below the week's need ``N`` of a category (its largest daily need). So a
category staffed with ``s`` costs

    C(s) = 300 s + w E[(N - s)^+]

where ``w`` is what a star is worth in money. Hiring one more pays while
``w P(N > s) > 300``: the best level is the smallest ``s`` with

    P(N <= s) >= (w - 300) / w,

the **critical ratio** of the newsvendor (underage cost ``w - 300``, overage
cost ``300``). Under ``"per_category"`` (one star if ``N > s``) and
``"per_day"`` (one star per day short) the cost is computed the same way but
the quantile rule does not hold in general: :func:`staffing_costs` takes the
minimum of the computed costs, whichever the reading.

The distribution of ``N`` comes from the engine: the bookings are known
when hiring, the walk-ins are not. :func:`need_samples` plays the rest of
the week many times (seeded; prices kept, blank ranking bids) and
:func:`exact_need_distribution` walks every chance outcome where the tree is
small (the last walk-in day or two).

**What a star is worth** is an assumption, not a rule: a star wins price ties
(the better-rated hotel takes the guests without bidding), breaks the final
tie, and at 0 stars the player is out of the game. The lessons take a star
as worth ``w`` in money and show, for each staffing level, the break-even
star value ``300 / P(N > s)`` above which one more employee pays
(:func:`break_even_star_values`). The +1 star for a week without any
shortfall couples the categories and is left out of the per-category cost.

Examples
--------
>>> costs = staffing_costs({0: Fraction(1, 2), 2: Fraction(1, 2)}, star_value=900)
>>> costs.best, costs.critical_ratio
(2, Fraction(2, 3))
"""

from __future__ import annotations

import dataclasses
import itertools
from collections import Counter
from collections.abc import Mapping, Sequence
from fractions import Fraction

import numpy as np

from hoteledu.boutique.actions import Bid, Hire, KeepPrices, Pass
from hoteledu.boutique.bots import BOTS, BoutiqueBot
from hoteledu.boutique.mat import MAX_STAFF, STAFF_COST
from hoteledu.boutique.rules import SHORTFALL_RULES, BoutiqueState, new_game
from hoteledu.core.actions import Action, JointAction
from hoteledu.core.simulate import next_action
from hoteledu.core.state import CHANCE, SIMULTANEOUS

CATEGORIES: tuple[str, ...] = ("housekeeping", "check-in", "kitchen")
LEVELS = tuple(range(MAX_STAFF + 1))
DEFAULT_STAR_VALUE = 500
"""The assumed money value of a star (the start money): an assumption, see the module text."""
WALKIN_PHASES = frozenset(
    {"rank_bid", "rank_roll", "walkin_change", "budget", "walkin_card", "place"}
)


def hiring_position(
    bots: Sequence[str] = ("peakload", "peakload"), seed: int = 0, players: int | None = None
) -> BoutiqueState:
    """A real position at the hiring of week 1: the bots play the booking phase (seeded)."""
    for name in bots:
        if name not in BOTS:
            raise ValueError(f"unknown bot {name!r}; choose from {sorted(BOTS)}")
    rng = np.random.default_rng(seed)
    agents = [BOTS[name](seed) for name in bots]
    state = new_game(players=players or len(bots), weeks=1, room_choice="canonical")
    while state.phase != "hire":
        state.apply_action(next_action(state, agents, rng))
    return state


def bot_hires(state: BoutiqueState) -> JointAction:
    """Every player hires the week's largest booked need (the bots' shared plan)."""
    plan = BoutiqueBot()
    return JointAction(tuple(plan.hire(state, p) for p in range(state.n)))


def week_need(state: BoutiqueState, player: int, week: int = 1) -> tuple[int, int, int]:
    """The week's need per category: its largest daily need (BHM-30)."""
    need = state.demand(player, week)
    return tuple(max(day[c] for day in need) for c in range(3))  # type: ignore[return-value]


def _fixed_policy(state: BoutiqueState) -> Action:
    """Keep prices, bid the blank card in ranking ties, the first rooms that fit."""
    if state.current_player() == SIMULTANEOUS:
        return JointAction(
            tuple(
                Bid(0)
                if state.phase == "rank_bid" and p in state.bidders
                else Pass()
                if state.phase == "rank_bid"
                else KeepPrices()
                for p in range(state.n)
            )
        )
    return state.legal_actions()[0]


def _to_rating(state: BoutiqueState, hires: JointAction | None) -> BoutiqueState:
    if state.phase == "hire":
        state = state.clone()  # type: ignore[assignment]
        state.apply_action(hires or bot_hires(state))
    elif state.phase not in WALKIN_PHASES:
        raise ValueError(f"the position must be at hiring or in the walk-ins, not {state.phase!r}")
    return state


@dataclasses.dataclass(frozen=True)
class NeedSample:
    """Seeded samples of one player's week: the week's need and the daily need."""

    week: np.ndarray
    """samples x 3: the week's need per category."""
    daily: np.ndarray
    """samples x 7 x 3: the daily need."""

    def distribution(self, category: int) -> dict[int, float]:
        """Estimated P(N = n) for one category (0 housekeeping, 1 check-in, 2 kitchen)."""
        counts = Counter(int(x) for x in self.week[:, category])
        n = len(self.week)
        return {k: counts[k] / n for k in sorted(counts)}

    def mean(self, category: int) -> tuple[float, float]:
        """Mean week's need and its standard error."""
        x = self.week[:, category]
        return float(x.mean()), float(x.std(ddof=1) / np.sqrt(len(x)))


def need_samples(
    state: BoutiqueState,
    player: int = 0,
    samples: int = 500,
    seed: int = 0,
    hires: JointAction | None = None,
) -> NeedSample:
    """Play the rest of the week ``samples`` times and record ``player``'s need.

    From the hiring (everyone hires ``hires``, by default the bots' plan) or
    from inside the walk-ins. The ranking is by money after hiring, so the
    hires fix it; the distribution is for that ranking.
    """
    start = _to_rating(state, hires)
    rng = np.random.default_rng(seed)
    week = np.zeros((samples, 3), dtype=int)
    daily = np.zeros((samples, 7, 3), dtype=int)
    w = start.week
    for k in range(samples):
        s: BoutiqueState = start.clone()  # type: ignore[assignment]
        while s.phase in WALKIN_PHASES:
            if s.current_player() == CHANCE:
                s.apply_action(s.sample_chance(rng))
            else:
                s.apply_action(_fixed_policy(s))
        need = s.demand(player, w)
        daily[k] = need
        week[k] = [max(day[c] for day in need) for c in range(3)]
    return NeedSample(week, daily)


def exact_need_distribution(
    state: BoutiqueState, player: int = 0, max_leaves: int = 50_000
) -> dict[tuple[int, int, int], Fraction]:
    """P(week's need = (h, c, k)) exactly, walking every chance outcome to the rating.

    The players keep their prices and bid blank cards. Raises when the tree
    has more than ``max_leaves`` ends: use :func:`need_samples` there.
    """
    start = _to_rating(state, None) if state.phase == "hire" else state
    if start.phase not in WALKIN_PHASES:
        raise ValueError(f"the position must be at hiring or in the walk-ins, not {start.phase!r}")
    w = start.week
    law: dict[tuple[int, int, int], Fraction] = {}
    leaves = 0
    stack: list[tuple[BoutiqueState, Fraction]] = [(start, Fraction(1))]
    while stack:
        s, p = stack.pop()
        if s.phase not in WALKIN_PHASES:
            leaves += 1
            if leaves > max_leaves:
                raise ValueError(f"more than {max_leaves} chance paths: sample instead")
            key = week_need(s, player, w)
            law[key] = law.get(key, Fraction(0)) + p
            continue
        if s.current_player() == CHANCE:
            for action, q in s.chance_outcomes():
                child: BoutiqueState = s.clone()  # type: ignore[assignment]
                child.apply_action(action)
                stack.append((child, p * q))
        else:
            child = s.clone()  # type: ignore[assignment]
            child.apply_action(_fixed_policy(child))
            stack.append((child, p))
    return dict(sorted(law.items()))


def marginal(law: Mapping[tuple[int, ...], Fraction], category: int) -> dict[int, Fraction]:
    """The law of one category's week's need from the joint law."""
    out: dict[int, Fraction] = {}
    for key, p in law.items():
        out[key[category]] = out.get(key[category], Fraction(0)) + p
    return dict(sorted(out.items()))


# ------------------------------------------------------------ newsvendor
Number = Fraction | float


@dataclasses.dataclass(frozen=True)
class StaffingCosts:
    """Expected cost of each staffing level of one category."""

    levels: tuple[int, ...]
    money: tuple[int, ...]
    stars: tuple[Number, ...]
    """Expected stars lost at each level."""
    total: tuple[Number, ...]
    """Money plus the stars at ``star_value`` each."""
    star_value: Number
    rule: str
    critical_ratio: Number
    """``(w - 300) / w`` (0 when a star is worth no more than an employee)."""

    @property
    def best(self) -> int:
        """The cheapest level (the fewest staff on a tie)."""
        return self.levels[min(range(len(self.levels)), key=lambda i: (self.total[i], i))]


def _tail(law: Mapping[int, Number], s: int) -> Number:
    return sum((p for n, p in law.items() if n > s), Fraction(0))


def staffing_costs(
    law: Mapping[int, Number],
    star_value: Number = DEFAULT_STAR_VALUE,
    rule: str = "per_staff",
    daily_law: Mapping[tuple[int, ...], Number] | None = None,
) -> StaffingCosts:
    """The newsvendor's cost curve for one category's week's need ``law`` (P(N = n)).

    ``"per_staff"``: E[(N - s)^+] stars; ``"per_category"``: P(N > s);
    ``"per_day"`` needs ``daily_law``, the law of the 7 daily needs of the
    category (P of each 7-tuple): E[#days with need > s].
    """
    if rule not in SHORTFALL_RULES:
        raise ValueError(f"shortfall rule must be one of {SHORTFALL_RULES}, got {rule!r}")
    if rule == "per_day" and daily_law is None:
        raise ValueError("the 'per_day' reading needs the law of the daily needs (daily_law)")
    stars: list[Number] = []
    for s in LEVELS:
        if rule == "per_staff":
            stars.append(sum((p * max(0, n - s) for n, p in law.items()), Fraction(0)))
        elif rule == "per_category":
            stars.append(_tail(law, s))
        else:
            assert daily_law is not None
            stars.append(
                sum((p * sum(d > s for d in days) for days, p in daily_law.items()), Fraction(0))
            )
    money = tuple(STAFF_COST * s for s in LEVELS)
    total = tuple(m + star_value * x for m, x in zip(money, stars, strict=True))
    ratio = critical_ratio(star_value)
    return StaffingCosts(LEVELS, money, tuple(stars), total, star_value, rule, ratio)


def critical_ratio(star_value: Number) -> Number:
    """``(w - 300) / w``: underage cost over underage plus overage cost (0 if ``w <= 300``)."""
    if star_value <= STAFF_COST:
        return Fraction(0)
    if isinstance(star_value, int):
        return Fraction(star_value - STAFF_COST, star_value)
    return (star_value - STAFF_COST) / star_value


def newsvendor_level(law: Mapping[int, Number], star_value: Number = DEFAULT_STAR_VALUE) -> int:
    """The smallest ``s`` with P(N <= s) >= (w - 300) / w: the critical-ratio quantile."""
    if star_value <= STAFF_COST:
        return 0
    ratio = critical_ratio(star_value)
    below: Number = Fraction(0)
    for s in LEVELS:
        below += law.get(s, 0)
        if below >= ratio:
            return s
    return LEVELS[-1]


def break_even_star_values(law: Mapping[int, Number]) -> list[Number | None]:
    """For each level ``s``: the star value above which the ``(s + 1)``-th employee pays.

    ``300 / P(N > s)``; ``None`` where ``P(N > s) = 0`` (never worth it).
    """
    out: list[Number | None] = []
    for s in LEVELS[:-1]:
        tail = _tail(law, s)
        out.append(None if tail == 0 else STAFF_COST / tail)
    return out


def daily_law(sample: NeedSample, category: int) -> dict[tuple[int, ...], float]:
    """The estimated law of the 7 daily needs of one category (for ``"per_day"``)."""
    rows = Counter(tuple(int(x) for x in row) for row in sample.daily[:, :, category])
    n = len(sample.daily)
    return {k: v / n for k, v in rows.items()}


# ------------------------------------------------- the decision the rules allow
@dataclasses.dataclass(frozen=True)
class StaffingOption:
    """One affordable hire and what the rating does with it (estimated from samples)."""

    staff: tuple[int, int, int]
    wages: int
    star_change: float
    """Expected change of the rating: +1 for a week without shortfall, else minus the
    stars lost, within 0..5 stars."""
    no_shortfall: float
    """P(no shortfall at all): the +1 star."""
    knocked_out: float
    """P(the rating falls to 0 stars): out of the game (BHM-32)."""
    cost: float
    """Wages minus the star change at the star value, plus the knock-out at its value."""


@dataclasses.dataclass(frozen=True)
class StaffingDecision:
    """Every hire the rules allow a player at the hiring, ranked by expected cost."""

    player: int
    money: int
    stars: int
    affordable: int
    """The most employees the player's money pays for (300 each)."""
    booked_need: tuple[int, int, int]
    star_value: float
    out_value: float
    samples: int
    options: tuple[StaffingOption, ...]
    rankings: dict[int, tuple[tuple[int, ...], ...]]
    """Walk-in ranking (first to last; tied players in one block) for each total hired."""
    needs: dict[int, np.ndarray] = dataclasses.field(repr=False, default_factory=dict)
    """Sampled week's needs (samples x 3) for each total hired."""

    def per_sample_cost(self, staff: Sequence[int]) -> np.ndarray:
        """The cost of hiring ``staff`` in each sampled week (the same weeks for every hire)."""
        total = sum(staff)
        if total > self.affordable:
            raise ValueError(f"{tuple(staff)} costs more than the {self.money} held")
        after = rating_after(self.needs[total], staff, self.stars)
        return (
            STAFF_COST * total
            - self.star_value * (after - self.stars)
            + self.out_value * (after == 0)
        )

    def compare(self, first: Sequence[int], second: Sequence[int]) -> tuple[float, float]:
        """Expected cost of ``first`` minus ``second`` and its standard error (paired weeks)."""
        d = self.per_sample_cost(first) - self.per_sample_cost(second)
        return float(d.mean()), float(d.std(ddof=1) / np.sqrt(len(d)))

    @property
    def best(self) -> StaffingOption:
        return self.options[0]

    def option(self, staff: Sequence[int]) -> StaffingOption:
        """The option hiring ``staff`` (housekeeping, check-in, kitchen)."""
        for o in self.options:
            if o.staff == tuple(staff):
                return o
        raise ValueError(f"{tuple(staff)} is not an affordable hire here")


def rating_after(
    needs: np.ndarray, staff: Sequence[int], stars: int, rule: str = "per_staff"
) -> np.ndarray:
    """Stars after the rating for each sampled week's need (samples x 3), per the rules.

    ``per_staff``: one star per missing employee below each category's week's
    need; a week without any shortfall adds a star; the rating stays in 0..5.
    """
    if rule != "per_staff":
        raise ValueError("the joint decision is computed for the default reading 'per_staff'")
    short = np.clip(needs - np.asarray(staff)[None, :], 0, None).sum(axis=1)
    after = np.where(short == 0, stars + 1, stars - short)
    return np.clip(after, 0, 5)


def staffing_decision(
    state: BoutiqueState,
    player: int = 0,
    star_value: float = DEFAULT_STAR_VALUE,
    out_value: float = 0.0,
    samples: int = 600,
    seed: int = 0,
) -> StaffingDecision:
    """Rank every hire ``player`` can afford at a hiring position, as the rules rate it.

    The rivals hire by the bots' plan. The walk-in ranking is by money after
    hiring, so it can depend on how many the player hires: the week's need is
    sampled (seeded, the same seed for every ranking) once per ranking that
    occurs. A hire's cost is its wages minus ``star_value`` times the expected
    change of the rating (+1 star for a week without shortfall, a star lost
    per missing employee, 0..5 stars), plus ``out_value`` times the chance of
    falling to 0 stars (out of the game). Sampled, so the costs carry sampling
    error; the same deals are used for every hire (common random numbers).
    """
    if state.phase != "hire":
        raise ValueError(f"the position must be at the hiring, not {state.phase!r}")
    plan = bot_hires(state)
    money, stars = state.money[player], state.stars[player]
    affordable = min(money // STAFF_COST, 3 * MAX_STAFF)
    by_ranking: dict[tuple[tuple[int, ...], ...], np.ndarray] = {}
    rankings: dict[int, tuple[tuple[int, ...], ...]] = {}
    for total in range(affordable + 1):
        split = [min(MAX_STAFF, total), 0, 0]
        split[1] = min(MAX_STAFF, total - split[0])
        split[2] = total - split[0] - split[1]
        mine = Hire(*split)
        hires = JointAction(tuple(mine if p == player else plan.actions[p] for p in range(state.n)))
        after: BoutiqueState = state.clone()  # type: ignore[assignment]
        after.apply_action(hires)
        # Blocks of tied players stay together: a tie is settled by bids and a die.
        order = tuple(tuple(block) for block in after.ranking)
        rankings[total] = order  # type: ignore[assignment]
        if order not in by_ranking:
            by_ranking[order] = need_samples(state, player, samples, seed, hires).week
    options = []
    for staff in itertools.product(LEVELS, repeat=3):
        total = sum(staff)
        if total > affordable:
            continue
        needs = by_ranking[rankings[total]]
        after_stars = rating_after(needs, staff, stars)
        change = float((after_stars - stars).mean())
        out = float((after_stars == 0).mean())
        options.append(
            StaffingOption(
                staff,  # type: ignore[arg-type]
                STAFF_COST * total,
                change,
                float((np.clip(needs - np.asarray(staff), 0, None).sum(axis=1) == 0).mean()),
                out,
                STAFF_COST * total - star_value * change + out_value * out,
            )
        )
    options.sort(key=lambda o: (round(o.cost, 9), o.wages, o.staff))
    booked = week_need(state, player, state.week)
    return StaffingDecision(
        player,
        money,
        stars,
        affordable,
        booked,
        star_value,
        out_value,
        samples,
        tuple(options),
        rankings,
        {total: by_ranking[rankings[total]] for total in rankings},
    )
