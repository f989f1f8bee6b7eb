"""A Grand Austria Hotel bot that plans its turn: an evaluation plus a short lookahead.

:class:`PlanAgent` plays like a person who knows the game: at the start of each
turn it tries the turns it could take (a guest or none, each die, each split of
its strength, each staff card), finishes each one the way a player would (serve
what a guest needs, check a complete guest in, claim a politics card), and
keeps the turn whose end position :func:`evaluate` scores highest. The plan it
follows is written down in ``docs/grand_austria_bot.md``.

:func:`evaluate` is the projected final score of one player: the VP banked,
plus what the position is worth at the final scoring (rooms, krones, dishes,
end-game staff cards), plus what it will still earn, each term weighted by
the turns left (:data:`WEIGHTS`, tuned in seeded games):

* café guests, by how likely their order can be completed and checked in in
  time (a guest left in the café costs 5 VP);
* staff cards in play, by the dice they will still trigger (5 VP on a "3",
  4 VP on a "4", ...), the guests they will still reward, the rounds they act;
* the emperor track, by the next scorings: its VP, the tile's bonus at space 3
  or more after moving back, the penalty at 0;
* prepared rooms not yet occupied, groups nearly full, politics cards nearly met.

The bot plans on a *determinisation* of its own view (``PlayerView.determinise``:
the rival's hand and the decks resampled), so it never reads a hidden card;
its work per turn is a fixed number of evaluations (:attr:`PlanAgent.budget`),
never a time budget.

Examples
--------
>>> from hoteledu.grand_austria.rules import scenario
>>> from hoteledu.core.agents import PlayerView
>>> state = scenario(2, (2, 2, 2, 2, 1, 1))
>>> bot = PlanAgent(seed=0)
>>> bot.act(PlayerView(state, 0)) in state.legal_actions()
True
"""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping, Sequence
from typing import Any

from hoteledu.core.actions import Action
from hoteledu.core.agents import PlayerView, SeedLike, make_rng
from hoteledu.core.state import CHANCE
from hoteledu.grand_austria import effects as fx
from hoteledu.grand_austria import tasks as tk
from hoteledu.grand_austria.actions import (
    CheckIn,
    ClaimPolitics,
    EndTurn,
    Pass,
    PickStaff,
    Serve,
    ServeFromKitchen,
    TakeDie,
    TakeGuest,
    UseStaff,
)
from hoteledu.grand_austria.bots import HeuristicAgent
from hoteledu.grand_austria.hotel import (
    CAFE_GUEST_PENALTY_VP,
    EMPEROR_BONUS_MIN_SPACE,
    EMPEROR_TRACK_MAX,
    EMPEROR_TRACK_VP,
    POLITICS_VP,
    ROOM_FINAL_VP,
    ROUNDS,
)
from hoteledu.grand_austria.turns import SCORING_ROUNDS

WEIGHTS: dict[str, float] = {
    "money": 1.0,  # a krone is 1 VP at the end, and pays for rooms, guests, staff
    "money_early": 0.15,  # ... and a little more while there is time to spend it
    "reserve": 3.0,  # each of the first krones (up to reserve_krones) more, while turns are left
    "reserve_krones": 5,  # krones kept at hand to act: a guest, a +1, space 6, the kitchen
    "spare_item": 0.6,  # a dish no guest needs yet: 1 VP at the end, or a future order
    "item_cost": 1.0,  # a dish still to fetch: a share of a die
    "stocked_item": 0.2,  # a dish in the kitchen a guest needs: a krone moves three
    "roomless": 0.3,  # the best chance of a guest with no free room of its colour
    "guest": 1.0,  # a café guest's VP and reward, times the chance to check in
    "vacant_room": 0.55,  # a prepared room's final VP, if a guest will fill it
    "group": 0.35,  # a group's occupancy bonus, by the share already occupied
    "emperor": 1.2,  # the next emperor scorings
    "emperor_later": 0.5,  # each later scoring counts this share of the one before
    "staff": 0.8,  # the future of the staff cards in play
    "hand": 0.0,  # a staff card in hand: an option, if it is worth its cost
    "politics": 1.0,  # a politics card nearly met, by how near
    "serve_share": 0.45,  # the share of the dice left that can go to guests' orders
}
"""The evaluation's weights (VP per unit of each feature), tuned by seeded
self-play against :class:`~hoteledu.grand_austria.bots.HeuristicAgent`
(``docs/grand_austria_bot.md``)."""

FIT: tuple[tuple[float, ...], ...] = (
    (1.000, 1.834, 0.589, 1.864, 1.570, -3.115, 1.061, 0.808, 1.000, 0.704),
    (1.000, 1.760, 0.780, 0.923, 0.415, 4.541, 1.080, 0.807, 1.000, 0.746),
    (1.000, 1.847, 0.739, 0.806, 1.029, 0.789, 1.219, 0.694, 1.000, 0.954),
    (1.000, 1.476, 0.807, 1.054, 0.781, 3.233, 1.198, 0.922, 1.000, 0.765),
    (1.000, 1.581, 0.693, 0.947, 0.966, 2.231, 1.168, 0.775, 1.000, 0.703),
    (1.000, 1.243, 0.842, 0.956, 1.881, 3.371, 0.927, 0.930, 1.000, 0.734),
    (1.000, 1.121, 0.608, 1.032, 0.956, 3.692, 0.767, 0.747, 1.000, 0.764),
)
"""Multipliers of the evaluation's parts (:data:`TERMS`) in rounds 1 to 7: a least-squares
fit of the plan bot's final score on the parts at the end of its turns (200 games against
the heuristic, seed 5101, ridge 1.0 toward 1, by ``benchmarks/grand_austria_fit_eval.py``).
Used by ``PlanAgent(fitted=True)`` only: no gain shown (``docs/grand_austria_bot.md``)."""

ITEM_VALUE = 0.8
"""A dish or drink received by a reward, in VP (what a die's share buys)."""
TURNS_PER_ROUND = 2
"""Dice each player takes per round (the two numbers of a turn order tile)."""
Plan = list[tuple[tuple[Any, ...], Action]]
"""A planned turn: each action with the signature of the position it is meant for."""


# ------------------------------------------------------------------ card values
def effect_value(e: Mapping[str, Any]) -> float:
    """Rough VP worth of one effect received now (a guest's reward, a bonus)."""
    kind = e["kind"]
    if kind == "gain":
        items = sum(fx.param(e, name) for name in ("strudel", "cake", "wine", "coffee"))
        return (
            fx.param(e, "vp")
            + fx.param(e, "krones")
            + 0.9 * fx.param(e, "emperor")
            + ITEM_VALUE * (items + fx.param(e, "any_item"))
        ) * (3 if fx.param(e, "per") else 1)
    if kind == "prepare_rooms":
        each = 2.5 if fx.param(e, "free") else 1.2 + 0.5 * fx.param(e, "discount")
        return each * fx.param(e, "count") + (3.0 if fx.param(e, "occupy") else 0.0)
    if kind == "occupy_rooms":
        return 4.0 * fx.param(e, "count")
    if kind == "take_guest":
        return 2.0
    if kind == "draw_staff":
        return 1.0 * fx.param(e, "count")
    if kind == "play_staff":
        if fx.param(e, "free"):
            return 5.0
        return 2.0 + 0.6 * fx.param(e, "discount")
    if kind == "complete_order":
        return 6.0
    if kind == "extra_turn":
        return 7.0
    if kind == "lose":
        return -(fx.param(e, "vp") + fx.param(e, "krones")) * (3 if fx.param(e, "per") else 1)
    if kind == "lose_staff":
        return -3.0 * fx.param(e, "count")
    if kind == "remove_rooms":
        return -4.0 * fx.param(e, "count")
    if kind == "discard_items":
        return -3.0
    return 0.0


@functools.cache
def guest_reward_value(guest: int) -> float:
    """VP worth of a guest's reward (received when the guest checks in)."""
    return sum(effect_value(e.to_json()) for e in fx.catalog().guests[guest].reward)


@functools.cache
def tile_values(tile: str) -> tuple[float, float]:
    """An emperor tile's bonus and penalty in VP (the penalty: the milder option)."""
    t = fx.catalog().emperor[tile]
    bonus = sum(effect_value(e.to_json()) for e in t.bonus)
    first = -sum(effect_value(e.to_json()) for e in t.penalty)
    if not t.fallback:
        return bonus, first
    second = -sum(effect_value(e.to_json()) for e in t.fallback)
    return bonus, min(first, second)


@functools.cache
def staff_rates(card: int) -> tuple[float, float, float, float]:
    """What a played staff card earns in VP: per own turn, per round, per guest
    checked in and per emperor scoring still to come."""
    cat = fx.catalog()
    per_turn = per_round = per_guest = per_scoring = 0.0
    staff = cat.staff[card]
    for faces, gain in cat.die_triggers.get(card, ()):
        # the bot favours the faces its cards reward: about 1 turn in 3 per face
        use = min(0.6, 0.32 * len(faces))
        per_turn += use * effect_value(gain)
    for m in cat.modifiers.get(card, ()):
        use = min(0.6, 0.3 * len(m.faces))
        per_turn += use * (ITEM_VALUE * m.extra_items + 1.0 * m.extra_strength)
        per_turn += use * (1.5 * m.extra_discount + (2.5 if m.both_tracks else 0.0))
    for colour, min_order, gain in cat.checkin_triggers.get(card, ()):
        share = 1.0 if colour == "any" else 0.28
        if min_order:
            share *= 0.3
        per_guest += share * effect_value(gain)
    for gain in cat.occupied_triggers.get(card, ()):
        per_guest += 1.2 * effect_value(gain)
    for gain in cat.bonus_triggers.get(card, ()):
        per_scoring += 0.6 * effect_value(gain)
    for what, _colour, _fee in cat.waives.get(card, ()):
        if what == "room_cost":
            per_turn += 0.35
        elif what == "guest_cost":
            per_turn += 0.5
        elif what == "serving_cost":
            per_turn += 0.2
        elif what == "emperor_penalty":
            per_scoring += 2.0
    if staff.timing == "once_per_round":
        per_round += sum(effect_value(e.to_json()) for e in staff.effects)
    return per_turn, per_round, per_guest, per_scoring


ENDGAME_GROWTH = {
    27: 3 * 0.12,  # Booking Manager: 3 VP per red room occupied from now
    28: 3 * 0.12,
    30: 3 * 0.12,
    31: 0.45,  # Chambermaid: 1 VP per room
    32: 2 * 0.2,  # Assistant Manager: 2 VP per staff card
    34: 0.6,  # Receptionist: 1 VP per room tile
    37: 2 * 0.15,
    40: 5 * 0.06,
    41: 0.5,
    46: 5 * 0.04,
    47: 5 * 0.05,
    48: 4 * 0.08,
    29: 0.4,
}
"""VP per own turn left that an end-game staff card is expected to add (rough)."""


def hand_card_worth(card: int, left: int, scorings: int) -> float:
    """A staff card in hand: what it would earn if played a few dice from now, less its cost."""
    later = max(0, left - 3)
    per_turn, per_round, _per_guest, per_scoring = staff_rates(card)
    worth = per_turn * later + per_round * later / 2 + ENDGAME_GROWTH.get(card, 0) * later
    worth += per_scoring * max(0, scorings - 1) + (2.0 if card in ENDGAME_GROWTH else 0.0)
    return max(0.0, worth - fx.catalog().staff[card].cost)


# ------------------------------------------------------------------ evaluation
def turns_left(state: Any, p: int) -> int:
    """Dice player ``p`` will still take this game (two a round)."""
    if state.round <= 0:
        return ROUNDS * TURNS_PER_ROUND
    return max(0, (ROUNDS - state.round) * TURNS_PER_ROUND + TURNS_PER_ROUND - state.covered[p])


def _scorings_left(state: Any) -> list[int]:
    """The emperor scoring rounds still to come (this round's included)."""
    if state.stage == "over":
        return []
    rnd = max(1, state.round)
    done = state.round in SCORING_ROUNDS and not _round_running(state)
    return [r for r in SCORING_ROUNDS if r > rnd or (r == rnd and not done)]


def _round_running(state: Any) -> bool:
    return bool(state.tasks) and not isinstance(state.tasks[-1], (tk.Roll,))


def emperor_value(state: Any, p: int, later: float = 0.5) -> float:
    """The coming emperor scorings in VP: the space's VP, the tile's bonus or penalty.

    With turns left before a scoring, the bonus (space 3 or more after moving
    back) and the penalty (space 0) are ramps, each step up the track worth a
    share of them: a one-step lookahead then sees every step's worth. The next
    scoring counts fully, later ones (by the space carried over) half as much.
    """
    e = state.emperor[p]
    value = 0.0
    tiles = state.emperor_tiles
    weight = 1.0
    left = turns_left(state, p)
    for r in _scorings_left(state):
        back = SCORING_ROUNDS[r]
        index = list(SCORING_ROUNDS).index(r)
        bonus, penalty = tile_values(tiles[index]) if index < len(tiles) else (0.0, 0.0)
        before = left - (ROUNDS - r) * TURNS_PER_ROUND  # own dice before this scoring
        value += weight * EMPEROR_TRACK_VP[min(e, EMPEROR_TRACK_MAX)]
        if before <= 0:  # nothing can change it now
            after = max(0, e - back)
            if after >= EMPEROR_BONUS_MIN_SPACE:
                value += weight * bonus
            elif after == 0:
                value -= weight * penalty
        else:
            safe = min(1.0, max(0.0, (e - back) / EMPEROR_BONUS_MIN_SPACE))
            unsafe = min(1.0, max(0.0, (back + 1 - e) / (back + 1)))
            value += weight * (bonus * safe - penalty * unsafe)
        e = max(0, e - back)
        weight *= later  # later scorings: the track will move again before them
    return value


def _politics_progress(state: Any, p: int, number: int) -> float:
    """How near player ``p`` is to a politics card's condition, 0..1."""
    kind, need = fx._condition(number)
    rooms = state.rooms[p]
    if kind == "at_least":
        parts = []
        if need["krones"]:
            parts.append(state.money[p] / need["krones"])
        if need["emperor"]:
            parts.append(state.emperor[p] / need["emperor"])
        if need["staff"]:
            parts.append(len(state.staff[p]) / need["staff"])
        if need["rooms"]:
            parts.append((20 - rooms.count(0)) / need["rooms"])
        return min(1.0, min(parts)) if parts else 0.0
    if kind == "occupied_rooms":
        want = sum(need[c] for c in fx.ROOM_COLOURS)
        have = sum(min(need[c], fx.occupied_count(rooms, c)) for c in fx.ROOM_COLOURS)
        return have / want if want else 0.0
    unit, count = need["unit"], need["count"]
    shares = sorted(
        (sum(1 for r in members if rooms[r] == 2) / len(members) for members in fx._units(unit)),
        reverse=True,
    )
    return sum(shares[:count]) / count


def evaluate(
    state: Any,
    p: int,
    weights: Mapping[str, float] = WEIGHTS,
    fit: Sequence[Sequence[float]] | None = None,
) -> float:
    """Player ``p``'s projected final score: banked VP plus what the position will earn.

    At the end of the game it is the final score itself.

    Examples
    --------
    >>> from hoteledu.grand_austria.rules import scenario
    >>> state = scenario(2)  # politics card A here asks for 20 krones
    >>> richer = state.clone()
    >>> richer.money[0] += 5
    >>> round(evaluate(richer, 0) - evaluate(state, 0), 2)  # 5 krones, and nearer card A
    10.44
    """
    if not state.tasks:
        return float(state.vp[p])
    terms = evaluation_terms(state, p, weights)
    if fit is None:
        return sum(terms)
    scale = fit[min(len(fit) - 1, max(0, state.round - 1))]
    return sum(t * s for t, s in zip(terms, scale, strict=True))


TERMS = (
    "banked",
    "money",
    "guests",
    "kitchen",
    "vacant_rooms",
    "groups",
    "emperor",
    "staff",
    "hand",
    "politics",
)
"""The parts of :func:`evaluate`, in the order :func:`evaluation_terms` gives them."""


def evaluation_terms(
    state: Any, p: int, weights: Mapping[str, float] = WEIGHTS
) -> tuple[float, ...]:
    """The parts of :func:`evaluate` (named by :data:`TERMS`), each already weighted:
    their sum is the evaluation (a game not over)."""
    w = weights
    cat = fx.catalog()
    left = turns_left(state, p)
    frac = left / (ROUNDS * TURNS_PER_ROUND)
    rooms = state.rooms[p]
    staff = state.staff[p]
    # ---- banked: the final scoring as if the game ended now
    banked = float(state.vp[p])
    banked += sum(ROOM_FINAL_VP[cat.floor[r]] for r in range(20) if rooms[r] == 2)
    banked += fx.endgame_vp(state, p)
    money = state.money[p] * (w["money"] + w["money_early"] * frac)
    money += w["reserve"] * min(state.money[p], w["reserve_krones"]) * min(1.0, left / 4)
    guest_sum = group_sum = hand_sum = politics = 0.0
    # ---- café guests: each needs its order and a free room of its colour
    kitchen = [k + f for k, f in zip(state.kitchen[p], state.fresh[p], strict=True)]
    free = [r for r in range(20) if rooms[r] == 1]
    guests = cat.guests
    cafe = sorted(
        state.cafe[p],
        key=lambda entry: sum(guests[entry[0]].order) - sum(entry[1:5]),
    )
    per_guest = sum(staff_rates(c)[2] for c in staff)
    queued = 0.0  # dice the guests ahead in the café already need
    for entry in cafe:
        g = guests[entry[0]]
        missing = stocked = 0  # still to fetch; in the kitchen, still to serve
        for i in range(4):
            need = g.order[i] - entry[1 + i]
            use = min(need, kitchen[i])
            kitchen[i] -= use
            stocked += use
            missing += need - use
        room = next((r for r in free if g.colour == "green" or cat.colour[r] == g.colour), None)
        if room is not None:
            free.remove(room)
            room_vp = ROOM_FINAL_VP[cat.floor[room]]
        else:
            room_vp = 1.0
        # dice needed: about 3 dishes a die, and a room action if no room is free
        queued += missing / 3.5 + (0.0 if room is not None else 0.7)
        if missing == 0 and room is not None:
            # ready: checking in now banks all of it, so waiting is worth a little less
            chance = 0.95 if stocked == 0 else 0.9
        elif left == 0:
            chance = 0.0
        else:
            # about half of the dice left can go to serving guests; a guest with
            # no room of its colour waits for a room action too
            slack = w["serve_share"] * left - queued
            cap = 0.85 if room is not None else w["roomless"]
            chance = max(0.0, min(cap, slack / 1.5))
        done = g.vp + guest_reward_value(g.number) + room_vp + per_guest
        cost = w["item_cost"] * missing + w["stocked_item"] * stocked
        guest_sum += w["guest"] * (chance * (done - cost) - (1 - chance) * CAFE_GUEST_PENALTY_VP)
    spare = w["spare_item"] * sum(kitchen) if left else float(sum(kitchen))
    # ---- prepared rooms no guest is waiting for, and groups nearly occupied
    fill = min(1.0, left / 6)
    vacant = w["vacant_room"] * fill * sum(ROOM_FINAL_VP[cat.floor[r]] for r in free)
    if left:
        done_groups = state.bonus_done[p]
        for name, members in cat.group_rooms.items():
            if name in done_groups or len(members) < 2:
                continue
            occupied = sum(1 for r in members if rooms[r] == 2)
            if occupied:
                bonus = cat.occupancy_bonus[cat.colour[members[0]]][len(members)]
                group_sum += w["group"] * bonus * (occupied / len(members)) ** 2 * fill
    # ---- the emperor track
    emperor = w["emperor"] * emperor_value(state, p, w["emperor_later"])
    # ---- staff cards: in play, and in hand
    rounds_left = max(0, left - 1) // TURNS_PER_ROUND + (1 if left else 0)
    scorings = len(_scorings_left(state))
    guests_left = left * 0.45
    used = state.used[p]
    future = 0.0
    for c in staff:
        per_turn, per_round, per_g, per_scoring = staff_rates(c)
        rounds = rounds_left - (1 if c in used else 0)
        future += per_turn * left + per_round * max(0, rounds) + per_scoring * scorings
        future += per_g * guests_left
        future += ENDGAME_GROWTH.get(c, 0.0) * left
    staff_future = w["staff"] * future
    hand = state.hand[p]
    if left > 2 and isinstance(hand, list):
        for c in hand:
            hand_sum += w["hand"] * hand_card_worth(c, left, scorings)
    # ---- politics cards still open to this player
    if left:
        for i, number in enumerate(state.politics):
            claims = state.claims[i]
            if p in claims or len(claims) >= len(POLITICS_VP):
                continue
            near = _politics_progress(state, p, number)
            politics += w["politics"] * POLITICS_VP[len(claims)] * near**2
    return (
        banked,
        money,
        guest_sum,
        spare,
        vacant,
        group_sum,
        emperor,
        staff_future,
        hand_sum,
        politics,
    )


# ------------------------------------------------------------------ the planner
def _auto(state: Any, rng: Any) -> None:
    """Resolve chance nodes (sampled with the planner's own stream)."""
    while state.tasks and state.current_player() == CHANCE:
        state._apply(state.sample_chance(rng))


def _apply(state: Any, action: Action, rng: Any) -> None:
    """Apply an action taken from ``legal_actions`` (no second check), then chance."""
    state._apply(action)
    _auto(state, rng)


def serve_choice(state: Any, p: int, legal: list[Action]) -> Action:
    """Serve the dish the guest nearest to complete needs; Done when none fits."""
    cat = fx.catalog()
    best, best_key = None, None
    for a in legal:
        if isinstance(a, Serve):
            entry = state.cafe[p][a.slot]
            missing = sum(cat.guests[entry[0]].order) - sum(entry[1:5])
            key = (missing, a.slot, a.item)
            if best_key is None or key < best_key:
                best, best_key = a, key
    return best if best is not None else legal[-1]


class PlanAgent:
    """Plans each turn by trying its options and scoring the positions they reach.

    Parameters
    ----------
    seed : int, SeedSequence, Generator or None
        The bot's own random stream (determinisations and the chance it samples).
    name : str
        Shown in records and tournaments.
    budget : int
        Evaluations per turn plan at most: the fixed work of one decision.
    weights : mapping or None
        The evaluation's weights (default :data:`WEIGHTS`).
    guest_width : int
        Guests of the row tried with every die (the best by a first look).
    lookahead : int
        The best turns re-valued by p's next turn of the same round (0, the
        default: none). Tried with 3 and ``budget=1200`` (``docs/grand_austria_bot.md``):
        no gain shown on fresh seeds, so off.
    next_budget : int
        Evaluations for each such next turn (guests of the row: the best one).
    lookahead_cap : int
        No lookahead started past this many evaluations in the decision.
    fitted : bool
        Scale the evaluation's parts by :data:`FIT` (fitted to final scores).
    """

    def __init__(
        self,
        seed: SeedLike = None,
        name: str = "plan",
        budget: int = 1500,
        weights: Mapping[str, float] | None = None,
        guest_width: int = 2,
        lookahead: int = 0,
        next_budget: int = 200,
        lookahead_cap: int = 1800,
        fitted: bool = False,
    ) -> None:
        self.name = name
        self.rng = make_rng(seed)
        self.budget = budget
        self.weights = dict(WEIGHTS if weights is None else weights)
        self.guest_width = guest_width
        self.lookahead = lookahead
        self.next_budget = next_budget
        self.lookahead_cap = lookahead_cap
        self.fitted = fitted
        self._fit = FIT if fitted else None
        self._plan: Plan = []
        self.evaluations = 0
        # work limits of the turn being planned (evaluations): no die tried past
        # ``_stop``, no choice branched past ``_flat``
        self._stop = budget
        self._flat = 2 * budget
        self._rival = HeuristicAgent(self.rng)

    def reseeded(self, seed: SeedLike) -> PlanAgent:
        return PlanAgent(
            seed,
            self.name,
            self.budget,
            self.weights,
            self.guest_width,
            self.lookahead,
            self.next_budget,
            self.lookahead_cap,
            self.fitted,
        )

    # ------------------------------------------------------------------ act
    @property
    def nodes(self) -> int:
        """Positions evaluated for the last decision: its work (0 when it followed its plan)."""
        return self.evaluations

    def act(self, view: PlayerView) -> Action:
        self.evaluations = 0
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        obs = view.observation
        sig = _obs_signature(obs, view.player)
        if self._plan and self._plan[0][0] == sig and self._plan[0][1] in legal:
            return self._take(legal)
        self._plan = []
        state = view.determinise(self.rng)
        top = state.tasks[-1]
        if isinstance(top, tk.Turn) and not state.turn["die"]:
            self._plan = self.plan_turn(state, view.player)
            if self._plan and self._plan[0][1] in legal:
                return self._take(legal)
            self._plan = []
        return self.greedy(state, view.player, state.legal_actions())

    def _take(self, legal: list[Action]) -> Action:
        _sig, action = self._plan.pop(0)
        return legal[legal.index(action)]

    # ------------------------------------------------------------ one step
    def value(self, state: Any, p: int) -> float:
        self.evaluations += 1
        return evaluate(state, p, self.weights, self._fit)

    def greedy(self, state: Any, p: int, legal: list[Action], depth: int = 2) -> Action:
        """The action whose next position scores best (serving follows a rule)."""
        top = state.tasks[-1]
        if isinstance(top, tk.Serve):
            return serve_choice(state, p, legal)
        for a in legal:  # free VP and free dishes: always at once
            if isinstance(a, (ClaimPolitics, UseStaff)):
                return a
        if isinstance(top, tk.DraftPick):  # the draft: the card worth most in hand
            picks = [a for a in legal if isinstance(a, PickStaff)]
            return max(picks, key=lambda a: (hand_card_worth(a.card, 14, 3), -a.card))
        # a complete guest with a free room goes in at once: its VP and reward are
        # banked, where waiting risks the 5 VP of a guest left in the café
        check_ins = [a for a in legal if isinstance(a, CheckIn)]
        if check_ins:
            legal = check_ins
        best, best_value = legal[0], -math.inf
        for a in legal:
            child = state.clone()
            _apply(child, a, self.rng)
            v = self._settled_value(child, p, depth)
            if v > best_value:
                best, best_value = a, v
        return best

    def _settled_value(self, state: Any, p: int, depth: int = 2) -> float:
        """Value after finishing the choices this step left pending (serving by
        rule, a reward's room or staff card by a shallower look), up to p's turn."""
        while state.tasks and state.current_player() == p:
            top = state.tasks[-1]
            if isinstance(top, tk.Turn):  # a check-in this step made possible counts too
                if not state.turn["die"]:
                    break
                check_in = next((a for a in state.legal_actions() if isinstance(a, CheckIn)), None)
                if check_in is None:
                    break
                _apply(state, check_in, self.rng)
                continue
            legal = state.legal_actions()
            if isinstance(top, tk.Serve):
                action = serve_choice(state, p, legal)
            elif len(legal) == 1:
                action = legal[0]
            elif depth > 0:
                action = self.greedy(state, p, legal, depth - 1)
            else:
                break
            _apply(state, action, self.rng)
        return self.value(state, p)

    # ---------------------------------------------------------- the turn
    def plan_turn(self, state: Any, p: int) -> Plan:
        """The best turn found from ``state`` (p's turn, no die taken yet), as
        (signature, action) pairs: :meth:`plan_turns`' first."""
        turns = self.plan_turns(state, p)
        return turns[0][1] if turns else []

    def plan_turns(self, state: Any, p: int) -> list[tuple[float, Plan]]:
        """The turns tried from ``state``, best first, each with its value.

        Tries no guest and the most promising guests of the row, each with every
        die; each die's choices (the split of dishes, of action 4, the staff
        card) are branched, the rest (serving, rooms, check-ins) chosen step by
        step. With ``lookahead``, the best few turns are then valued by what
        they leave for p's next turn this round (the rival's turns between
        played by the heuristic on the determinisation): those come first.
        """
        self._stop, self._flat = self.budget, 2 * self.budget
        found = self._turns(state, p, self.guest_width)
        found.sort(key=lambda t: -t[0])
        ahead = [
            t
            for t in found
            if t[2] is not None and t[2].round == state.round and t[2].covered[p] < TURNS_PER_ROUND
        ][: max(0, self.lookahead)]
        rescored = []
        for _v, steps, end in ahead:
            # the lookahead's own cap: the decision's work stays bounded
            if self.evaluations > self.lookahead_cap:
                break
            rescored.append((self._next_turn_value(end, p), steps))
        rescored.sort(key=lambda t: -t[0])
        chosen = {id(steps) for _v, steps in rescored}
        return rescored + [(v, steps) for v, steps, _end in found if id(steps) not in chosen]

    def _turns(self, state: Any, p: int, width: int) -> list[tuple[float, Plan, Any]]:
        """No guest and the ``width`` best guests of the row, each with every die."""
        legal = state.legal_actions()
        sig = _state_signature(state, p)
        starts: list[tuple[Plan, Any]] = [([], state)]
        scored = []
        for a in legal:
            if isinstance(a, TakeGuest):
                child = state.clone()
                _apply(child, a, self.rng)
                scored.append((self.value(child, p), a, child))
        scored.sort(key=lambda t: -t[0])
        for _v, a, child in scored[:width]:
            starts.append(([(sig, a)], child))
        found: list[tuple[float, Plan, Any]] = []
        for prefix, start in starts:
            found += self._dice(start, p, prefix)
        return found

    def _next_turn_value(self, state: Any, p: int) -> float:
        """The value of p's best next turn this round from the end of a planned turn
        (the rival's turns between played by the heuristic), or of the round's end."""
        start_round = state.round
        for _ in range(200):  # a bound on the steps (a turn takes a few)
            if not state.tasks or state.round != start_round:
                break
            mover = state.current_player()
            if mover == CHANCE:
                state._apply(state.sample_chance(self.rng))
                continue
            top = state.tasks[-1]
            if mover == p and isinstance(top, tk.Turn) and not state.turn["die"]:
                stop, flat = self._stop, self._flat
                self._stop = self.evaluations + self.next_budget
                self._flat = self.evaluations + self.next_budget
                try:
                    found = self._turns(state, p, 1)
                finally:
                    self._stop, self._flat = stop, flat
                if found:
                    return max(v for v, _steps, _end in found)
                break
            legal = state.legal_actions()
            if mover == p:
                action = legal[0] if len(legal) == 1 else self.greedy(state, p, legal, 0)
            else:
                action = self._rival.act(_PlayoutView(state, mover))  # type: ignore[arg-type]
            state._apply(action)
        return self.value(state, p)

    def _dice(self, state: Any, p: int, prefix: Plan) -> list[tuple[float, Plan, Any]]:
        """Each die (and the pass) from ``state``, the turn finished: (value, steps,
        the end position, None after a pass)."""
        found: list[tuple[float, Plan, Any]] = []
        sig = _state_signature(state, p)
        for a in state.legal_actions():
            if not isinstance(a, (TakeDie, Pass)):
                continue
            if self.evaluations > self._stop and found:
                break
            child = state.clone()
            _apply(child, a, self.rng)
            if isinstance(a, Pass):
                # a pass may cost the turn (the dice can run out): valued as lost
                child.covered[p] += 1
                found.append((self.value(child, p), [*prefix, (sig, a)], None))
                continue
            v, steps, end = self._finish(child, p, branch=True)
            found.append((v, [*prefix, (sig, a), *steps], end))
        return found

    def _finish(self, state: Any, p: int, branch: bool) -> tuple[float, Plan, Any]:
        """Finish p's turn: branch the die's own choice, then step by step to EndTurn
        (value, steps, the end position)."""
        steps: Plan = []
        # past twice the budget (a die with many splits, each finished two steps deep)
        # no more branching and one-step looks: the decision's work stays bounded
        over = self.evaluations > self._flat
        branch = branch and not over
        while state.tasks and state.current_player() == p:
            top = state.tasks[-1]
            legal = state.legal_actions()
            sig = _state_signature(state, p)
            if branch and isinstance(top, (tk.Items, tk.Split, tk.Hire)) and len(legal) > 1:
                best: tuple[float, Plan, Any] = (-math.inf, [], None)
                for a in legal:
                    child = state.clone()
                    _apply(child, a, self.rng)
                    v, rest, end = self._finish(child, p, branch=False)
                    if v > best[0]:
                        best = (v, [(sig, a), *rest], end)
                return best[0], steps + best[1], best[2]
            if (
                isinstance(top, tk.Turn)
                and state.turn["die"]
                and all(isinstance(a, EndTurn) or not _worth_trying(a) for a in legal)
            ):
                action: Action = next(a for a in legal if isinstance(a, EndTurn))
            elif len(legal) == 1:
                action = legal[0]
            else:
                action = self.greedy(state, p, legal, 0 if over else 2)
            steps.append((sig, action))
            _apply(state, action, self.rng)
            if isinstance(action, (EndTurn, Pass)) and isinstance(top, tk.Turn):
                break
        # valued once p has settled what the turn's end left (an emperor tile's bonus,
        # dishes to serve): before that, a scoring's reward is not yet banked
        return self._settled_value(state, p, 0), steps, state


class _PlayoutView:
    """A seat's view of a *determinised* state, without the deep copy of
    ``observation()``, for the heuristic that plays in the lookahead and in
    :mod:`~hoteledu.grand_austria.search`'s playouts: it only reads it, and every card
    in it was already resampled from the bot's own view (``PlayerView.determinise``),
    so nothing hidden is read."""

    def __init__(self, state: Any, player: int) -> None:
        self._state = state
        self.player = player
        obs = dict(state.__dict__)
        obs["tasks"] = [state.tasks[-1].to_json()] if state.tasks else []
        self.observation = obs

    def legal_actions(self) -> list[Action]:
        return self._state.legal_actions()


def _worth_trying(action: Action) -> bool:
    return isinstance(action, (CheckIn, ClaimPolitics, UseStaff, ServeFromKitchen))


def _state_signature(state: Any, p: int) -> tuple[Any, ...]:
    """What p sees of a position that a plan depends on (compared before each step)."""
    return (
        _freeze(state.tasks[-1].to_json()) if state.tasks else (),
        tuple(tuple(e) for e in state.cafe[p]),
        tuple(state.kitchen[p]),
        tuple(state.fresh[p]),
        state.money[p],
        tuple(state.rooms[p]),
        tuple(state.hand[p]),
        tuple(state.staff[p]),
        tuple(state.queue),
        tuple(state.dice),
        state.emperor[p],
    )


def _obs_signature(obs: Mapping[str, Any], p: int) -> tuple[Any, ...]:
    """The same as :func:`_state_signature`, read from p's observation."""
    tasks = obs["tasks"]
    return (
        _freeze(tasks[-1]) if tasks else (),
        tuple(tuple(e) for e in obs["cafe"][p]),
        tuple(obs["kitchen"][p]),
        tuple(obs["fresh"][p]),
        obs["money"][p],
        tuple(obs["rooms"][p]),
        tuple(obs["hand"][p]),
        tuple(obs["staff"][p]),
        tuple(obs["queue"]),
        tuple(obs["dice"]),
        obs["emperor"][p],
    )


def _freeze(x: Any) -> Any:
    if isinstance(x, list):
        return tuple(_freeze(y) for y in x)
    if isinstance(x, dict):
        return tuple(sorted((k, _freeze(v)) for k, v in x.items()))
    return x


__all__ = ["FIT", "TERMS", "WEIGHTS", "PlanAgent", "evaluate", "evaluation_terms"]
