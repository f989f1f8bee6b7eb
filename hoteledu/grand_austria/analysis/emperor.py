"""The emperor track as a threshold game: what meeting each emperor scoring costs.

At the end of rounds 3, 5 and 7 each player scores the VP printed on their
emperor space, moves back 3, 5 or 7 spaces (not below 0), and then gets the
emperor tile's bonus on space 3 or more, its penalty on space 0, nothing on
spaces 1 and 2 (GAH-E02, GAH-E03). So the payoff of a scoring is a **step
function** of the space before it: to avoid the penalty at the scoring that
moves back ``b`` a player needs space ``b + 1``, for the bonus ``b + 3``.

Steps come from action 4, whose strength is split freely between the emperor
and the money track (GAH-D07): a step costs the krone the strength could have
bought, and a krone is 1 VP at the end (GAH-F03). So by default a step costs
1 VP (``step_cost``). The spaces left after a scoring carry over to the next
one, so the three scorings are one decision: :func:`best_emperor_plan` solves
it by backward induction over the 14 spaces, exactly, in Fractions.

Not modelled: steps beyond space 13 (1 VP each, GAH-E01: worth exactly their
cost at the default price), steps that come free (yellow rooms, guests), and
what the die on space 4 could have done elsewhere.

Examples
--------
>>> [(s.round, s.step_back, s.avoid_penalty, s.bonus_space) for s in SCORINGS]
[(3, 3, 4, 6), (5, 5, 6, 8), (7, 7, 8, 10)]
>>> plan = evaluate_plan((6, 8, 10), bonus=8, penalty=8)
>>> plan.steps, plan.zones, int(plan.track_vp), int(plan.net)
((6, 5, 7), ('bonus', 'bonus', 'bonus'), 15, 21)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from fractions import Fraction
from functools import cache

from hoteledu.grand_austria.cards import emperor_tile
from hoteledu.grand_austria.hotel import (
    EMPEROR_BONUS_MIN_SPACE,
    EMPEROR_SCORING_ROUNDS,
    EMPEROR_STEP_BACK,
    EMPEROR_TRACK_MAX,
    EMPEROR_TRACK_VP,
    EMPEROR_TRACK_VP_ALTERNATIVE,
)

ZONES = ("penalty", "nothing", "bonus")
"""Where the disk lands after moving back: space 0, spaces 1-2, space 3 or more."""

Number = int | Fraction


@dataclasses.dataclass(frozen=True)
class EmperorScoring:
    """One emperor scoring: its round, how far the disks move back, its two thresholds."""

    round: int
    step_back: int

    @property
    def avoid_penalty(self) -> int:
        """The lowest space before the scoring that escapes the penalty (lands on 1)."""
        return self.step_back + 1

    @property
    def bonus_space(self) -> int:
        """The lowest space before the scoring that earns the bonus (lands on 3)."""
        return self.step_back + EMPEROR_BONUS_MIN_SPACE


SCORINGS: tuple[EmperorScoring, ...] = tuple(
    EmperorScoring(r, b) for r, b in zip(EMPEROR_SCORING_ROUNDS, EMPEROR_STEP_BACK, strict=True)
)
"""The three scorings of a game (rounds 3, 5, 7; back 3, 5, 7)."""


def zone(space: int, scoring: int) -> str:
    """``"penalty"``, ``"nothing"`` or ``"bonus"`` for the disk on ``space`` before scoring 0..2."""
    _check_space(space)
    after = max(0, space - SCORINGS[_check_scoring(scoring)].step_back)
    if after >= EMPEROR_BONUS_MIN_SPACE:
        return "bonus"
    return "penalty" if after == 0 else "nothing"


def _check_space(space: int) -> int:
    if isinstance(space, bool) or not isinstance(space, int):
        raise ValueError(f"an emperor space must be a whole number, got {space!r}")
    if not 0 <= space <= EMPEROR_TRACK_MAX:
        raise ValueError(f"emperor spaces are 0..{EMPEROR_TRACK_MAX}, got {space} [GAH-E01]")
    return space


def _check_scoring(scoring: int) -> int:
    if scoring not in range(len(SCORINGS)):
        raise ValueError(f"scoring must be 0, 1 or 2 (rounds 3, 5, 7), got {scoring!r}")
    return scoring


def _per_scoring(name: str, value: Number | Sequence[Number]) -> tuple[Fraction, ...]:
    values = (value,) * len(SCORINGS) if isinstance(value, int | Fraction) else tuple(value)
    if len(values) != len(SCORINGS) or not all(
        isinstance(v, int | Fraction) and not isinstance(v, bool) for v in values
    ):
        raise ValueError(
            f"{name} must be a number of VP or one per scoring (3 whole numbers or "
            f"Fractions), got {value!r}"
        )
    if any(v < 0 for v in values):
        raise ValueError(f"{name} is a size in VP, so it must be >= 0, got {value!r}")
    return tuple(Fraction(v) for v in values)


TRACKS: dict[str, tuple[int, ...]] = {
    "engine": tuple(EMPEROR_TRACK_VP),
    "alternative": tuple(EMPEROR_TRACK_VP_ALTERNATIVE),
}
"""The two readings of the VP printed on spaces 0..13. The rulebook text gives no numbers;
the engine follows game_facts.md's reviewed web version of the 2022 retail rules ([JS]);
the alternative is its other transcription ([PY]), which differs on spaces 8 and 10."""


def _check_track(track: str) -> tuple[int, ...]:
    if track not in TRACKS:
        raise ValueError(f"track must be one of {tuple(TRACKS)}, got {track!r}")
    return TRACKS[track]


def _check_limits(max_steps: int | Sequence[int] | None) -> tuple[int, ...]:
    if max_steps is None:
        return (EMPEROR_TRACK_MAX,) * len(SCORINGS)
    limits = (max_steps,) * len(SCORINGS) if isinstance(max_steps, int) else tuple(max_steps)
    if len(limits) != len(SCORINGS) or not all(
        isinstance(m, int) and not isinstance(m, bool) and m >= 0 for m in limits
    ):
        raise ValueError(
            f"max_steps must be None, a whole number >= 0 or one per scoring, got {max_steps!r}"
        )
    return limits


def _check_cost(step_cost: Number) -> Fraction:
    if isinstance(step_cost, bool) or not isinstance(step_cost, int | Fraction) or step_cost < 0:
        raise ValueError(f"step_cost must be a whole number or Fraction >= 0, got {step_cost!r}")
    return Fraction(step_cost)


def scoring_payoff(
    space: int, scoring: int, bonus: Number = 0, penalty: Number = 0, track: str = "engine"
) -> Fraction:
    """VP of one scoring with the disk on ``space`` before it: the track VP, then bonus or penalty.

    ``bonus`` and ``penalty`` are the tile's worth in VP (both >= 0; the penalty is subtracted);
    ``track`` names the reading of the printed VP (:data:`TRACKS`).

    >>> [int(scoring_payoff(s, 0, bonus=3, penalty=3)) for s in range(8)]
    [-3, -2, -1, 0, 3, 4, 7, 8]
    """
    value = Fraction(_check_track(track)[_check_space(space)])
    where = zone(space, scoring)
    if where == "bonus":
        return value + Fraction(bonus)
    if where == "penalty":
        return value - Fraction(penalty)
    return value


def tile_values(tile: str, hired_staff: int = 0) -> tuple[Fraction, Fraction]:
    """(bonus, penalty) of an emperor tile in VP, for the tiles paid in krones or VP only.

    A krone counts 1 VP (GAH-F03). A1, B2, C1 and C3 (2 VP per hired staff
    card, ``hired_staff``) qualify; the penalty assumes the player can pay (A1,
    B2: otherwise the fallback, 5 or 7 VP). Other tiles give items, rooms or
    staff, which have no common unit: a ValueError says so.

    >>> tile_values("B2"), tile_values("C3", hired_staff=4)
    ((Fraction(5, 1), Fraction(5, 1)), (Fraction(8, 1), Fraction(8, 1)))
    """
    card = emperor_tile(tile)
    values = []
    for effects, kind in ((card.bonus, "gain"), (card.penalty, "lose")):
        total = Fraction(0)
        for effect in effects:
            params = dict(effect.params)
            per = params.pop("per", None)
            if effect.kind != kind or per not in (None, "staff") or set(params) - {"vp", "krones"}:
                raise ValueError(
                    f"emperor tile {tile}: its {effect.kind!r} effect has no value in VP "
                    "(only tiles that gain or lose krones and VP do: A1, B2, C1, C3)"
                )
            total += sum(params.values()) * (hired_staff if per == "staff" else 1)
        values.append(total)
    return values[0], values[1]


@dataclasses.dataclass(frozen=True)
class EmperorPlan:
    """A way through the three scorings: the space reached before each.

    ``steps[k]`` are climbed before scoring k (from where scoring k - 1 left the
    disk); ``track_vp[k]`` the VP printed on the space; ``tile_vp[k]`` the
    bonus (+) or penalty (-); ``cost`` the steps' price; ``net`` = all VP - cost.
    """

    targets: tuple[int, ...]
    steps: tuple[int, ...]
    zones: tuple[str, ...]
    track_vp: Fraction
    tile_vp: tuple[Fraction, ...]
    cost: Fraction
    net: Fraction
    start: int
    step_cost: Fraction


def evaluate_plan(
    targets: Sequence[int],
    bonus: Number | Sequence[Number] = 0,
    penalty: Number | Sequence[Number] = 0,
    step_cost: Number = 1,
    start: int = 0,
    max_steps: int | Sequence[int] | None = None,
    track: str = "engine",
) -> EmperorPlan:
    """VP of reaching ``targets[k]`` before scoring k from ``start`` (the disk never goes down)."""
    printed = _check_track(track)
    bonuses, penalties = _per_scoring("bonus", bonus), _per_scoring("penalty", penalty)
    price = _check_cost(step_cost)
    limits = _check_limits(max_steps)
    targets = tuple(targets)
    if len(targets) != len(SCORINGS):
        raise ValueError(f"targets must give one space per scoring (3), got {targets!r}")
    position = _check_space(start)
    steps, zones, tiles = [], [], []
    track_total = Fraction(0)
    for k, (target, scoring) in enumerate(zip(targets, SCORINGS, strict=True)):
        _check_space(target)
        if target < position:
            raise ValueError(
                f"targets[{k}] = {target}: the disk is on {position} after the previous "
                "scoring and moves only up between scorings [GAH-E02]"
            )
        if target - position > limits[k]:
            raise ValueError(
                f"targets[{k}] = {target} needs {target - position} steps, "
                f"more than max_steps[{k}] = {limits[k]}"
            )
        steps.append(target - position)
        zones.append(zone(target, k))
        track_total += printed[target]
        tiles.append(scoring_payoff(target, k, bonuses[k], penalties[k], track) - printed[target])
        position = max(0, target - scoring.step_back)
    cost = price * sum(steps)
    return EmperorPlan(
        targets=targets,
        steps=tuple(steps),
        zones=tuple(zones),
        track_vp=track_total,
        tile_vp=tuple(tiles),
        cost=cost,
        net=track_total + sum(tiles) - cost,
        start=start,
        step_cost=price,
    )


@cache
def _best_targets(
    bonuses: tuple[Fraction, ...],
    penalties: tuple[Fraction, ...],
    price: Fraction,
    start: int,
    limits: tuple[int, ...],
    track: str,
) -> tuple[int, ...]:
    spaces = range(EMPEROR_TRACK_MAX + 1)
    # value[s]: the best net VP of the scorings still to come with the disk on s
    value = {s: Fraction(0) for s in spaces}
    choice: list[dict[int, int]] = []
    for k in reversed(range(len(SCORINGS))):
        back = SCORINGS[k].step_back
        gain = {
            t: scoring_payoff(t, k, bonuses[k], penalties[k], track) + value[max(0, t - back)]
            for t in spaces
        }
        best_target = {}
        new_value = {}
        for s in spaces:
            # ties go to the lower target: fewer steps bought for the same VP
            reach = range(s, min(EMPEROR_TRACK_MAX, s + limits[k]) + 1)
            target = max(reach, key=lambda t: (gain[t] - price * t, -t))
            best_target[s] = target
            new_value[s] = gain[target] - price * (target - s)
        value = new_value
        choice.insert(0, best_target)
    targets, position = [], start
    for k, best_target in enumerate(choice):
        target = best_target[position]
        targets.append(target)
        position = max(0, target - SCORINGS[k].step_back)
    return tuple(targets)


def best_emperor_plan(
    bonus: Number | Sequence[Number] = 0,
    penalty: Number | Sequence[Number] = 0,
    step_cost: Number = 1,
    start: int = 0,
    max_steps: int | Sequence[int] | None = None,
    track: str = "engine",
) -> EmperorPlan:
    """The plan with the most net VP, by backward induction over the spaces 0..13.

    ``V_3(s) = 0``; ``V_k(s) = max over t >= s of payoff_k(t) + V_{k+1}(max(0, t - b_k))
    - step_cost * (t - s)``, ``t - s`` at most ``max_steps[k]`` (the steps a player can
    climb before scoring k; None: any). Ties go to fewer steps. ``track``: the
    reading of the printed VP (:data:`TRACKS`).

    >>> best_emperor_plan(bonus=8, penalty=8).targets  # climb early: steps score again later
    (13, 13, 10)
    >>> best_emperor_plan(bonus=8, penalty=8, max_steps=6).targets
    (6, 9, 10)
    >>> best_emperor_plan(step_cost=2).targets
    (0, 0, 0)
    """
    bonuses, penalties = _per_scoring("bonus", bonus), _per_scoring("penalty", penalty)
    price = _check_cost(step_cost)
    limits = _check_limits(max_steps)
    _check_track(track)
    targets = _best_targets(bonuses, penalties, price, _check_space(start), limits, track)
    return evaluate_plan(targets, bonuses, penalties, price, start, limits, track)


def minimal_plan(aim: str, start: int = 0) -> tuple[int, ...]:
    """The fewest steps that reach ``aim`` ("nothing": escape every penalty; "bonus") each time."""
    if aim not in ZONES[1:]:
        raise ValueError(f"aim must be 'nothing' (no penalty) or 'bonus', got {aim!r}")
    position, targets = _check_space(start), []
    for scoring in SCORINGS:
        need = scoring.avoid_penalty if aim == "nothing" else scoring.bonus_space
        targets.append(max(position, need))
        position = max(0, targets[-1] - scoring.step_back)
    return tuple(targets)
