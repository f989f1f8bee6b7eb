"""Bots for Grand Austria Hotel: a readable heuristic a student can read and beat.

:class:`HeuristicAgent` scores every legal action with a few plain rules of
thumb and plays the best one:

* dice are worth their strength: a space with many dice is a strong action,
  and paying a krone for +1 is worth it only where strength matters;
* dishes and drinks are worth most when a café guest still needs them, so the
  bot takes what completes orders and serves at once;
* a guest whose order is complete checks in at once (VP, reward, bonus);
* rooms are prepared where a waiting guest can move in;
* the emperor track matters before the scorings of rounds 3, 5 and 7: the bot
  wants to reach space 3 after moving back (3 + 3, 3 + 5, 3 + 7);
* politics cards are claimed as soon as possible.

The random agent is :class:`hoteledu.core.agents.RandomAgent`; the search
agent is :class:`hoteledu.core.mcts.MCTSAgent` (it works through
``determinise``).
"""

from __future__ import annotations

from typing import Any

from hoteledu.core.actions import Action
from hoteledu.core.agents import PlayerView, SeedLike, make_rng
from hoteledu.grand_austria import effects as fx
from hoteledu.grand_austria.actions import (
    AvoidPenalty,
    CheckIn,
    ClaimPolitics,
    CompleteOrder,
    DiscardStaff,
    Done,
    EndTurn,
    Gain,
    Hire,
    Occupy,
    Pass,
    PickStaff,
    Prepare,
    RemoveRoom,
    ReturnStaff,
    Serve,
    ServeFromKitchen,
    Split,
    TakeDie,
    TakeGuest,
    TakeItems,
    UseStaff,
)
from hoteledu.grand_austria.rules import QUEUE_COSTS

TIMING_VALUE = {"game_end": 7.0, "permanent": 5.0, "once_per_round": 4.0, "one_time": 3.0}
"""Rough worth of a staff card by when it acts (before its cost)."""


class HeuristicAgent:
    """Plays the legal action with the highest rule-of-thumb score.

    Parameters
    ----------
    seed : int, SeedSequence, Generator or None
        Breaks ties between equally scored actions.
    name : str
        Shown in records and tournaments.

    Examples
    --------
    >>> from hoteledu.grand_austria.rules import scenario
    >>> from hoteledu.core.agents import PlayerView
    >>> state = scenario(2, (0, 0, 0, 10, 0, 0))
    >>> HeuristicAgent(seed=0).act(PlayerView(state, 0)).space
    4
    """

    def __init__(self, seed: SeedLike = None, name: str = "heuristic") -> None:
        self.name = name
        self.rng = make_rng(seed)

    def reseeded(self, seed: SeedLike) -> HeuristicAgent:
        return HeuristicAgent(seed, self.name)

    def act(self, view: PlayerView) -> Action:
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        obs = view.observation
        scores = [self.score(obs, view.player, a) for a in legal]
        best = max(scores)
        top = [a for a, s in zip(legal, scores, strict=True) if s >= best - 1e-9]
        return top[int(self.rng.integers(len(top)))]

    # ---------------------------------------------------------------- needs
    @staticmethod
    def needs(obs: dict[str, Any], p: int) -> list[int]:
        """Dishes and drinks still missing on p's café orders (strudel..coffee)."""
        guests = fx.catalog().guests
        missing = [0, 0, 0, 0]
        for entry in obs["cafe"][p]:
            order = guests[entry[0]].order
            for i in range(4):
                missing[i] += max(0, order[i] - entry[1 + i])
        return missing

    @staticmethod
    def free_rooms(obs: dict[str, Any], p: int) -> int:
        return sum(1 for r in obs["rooms"][p] if r == 1)

    def emperor_want(self, obs: dict[str, Any], p: int) -> float:
        """How much an emperor step is worth now (more before a scoring)."""
        rnd = obs["round"]
        nxt = next((r for r in (3, 5, 7) if r >= rnd), 7)
        target = 3 + nxt
        gap = target - obs["emperor"][p]
        if gap <= 0:
            return 0.4
        return 1.6 if nxt - rnd <= 1 else 1.0

    def guest_value(self, obs: dict[str, Any], p: int, guest: int) -> float:
        g = fx.catalog().guests[guest]
        kitchen = obs["kitchen"][p]
        covered = sum(min(k, o) for k, o in zip(kitchen, g.order, strict=True))
        return 2.0 + g.vp * 0.6 + len(g.reward) * 1.5 - (sum(g.order) - covered) * 0.8

    # --------------------------------------------------------------- scoring
    def score(self, obs: dict[str, Any], p: int, action: Action) -> float:
        cat = fx.catalog()
        need = self.needs(obs, p)
        money = obs["money"][p]
        if isinstance(action, CheckIn):
            return (
                50.0
                + cat.guests[obs["cafe"][p][action.slot][0]].vp
                + self._room_fit(obs, p, action.room)
            )
        if isinstance(action, ClaimPolitics):
            return 45.0
        if isinstance(action, Serve):
            entry = obs["cafe"][p][action.slot]
            missing = sum(cat.guests[entry[0]].order) - sum(entry[1:5])
            return 30.0 - missing
        if isinstance(action, UseStaff):
            return 20.0
        if isinstance(action, ServeFromKitchen):
            kitchen = obs["kitchen"][p]
            useful = sum(min(k, n) for k, n in zip(kitchen, need, strict=True))
            return 4.0 if useful >= 2 or (useful and self.free_rooms(obs, p)) else -2.0
        if isinstance(action, TakeGuest):
            task = obs["tasks"][-1][0]
            cost = 0 if task != "turn" else QUEUE_COSTS[action.slot]
            guest = obs["queue"][action.slot]
            crowd = len(obs["cafe"][p])
            late = 3.0 if obs["round"] >= 6 else 0.0
            return self.guest_value(obs, p, guest) - cost * 1.2 - crowd * 2.0 - late
        if isinstance(action, TakeDie):
            return self._die_value(obs, p, action, need)
        if isinstance(action, Pass):
            return -1.0
        if isinstance(action, TakeItems):
            counts = action.counts
            useful = sum(min(c, n) for c, n in zip(counts, need, strict=True))
            return useful * 2.0 + sum(counts) * 0.3
        if isinstance(action, Gain):
            return 1.0 + need[action.item]
        if isinstance(action, Prepare):
            cost = self._room_cost(obs, p, action.room)
            colours = [cat.guests[e[0]].colour for e in obs["cafe"][p]]
            fit = 2.0 if cat.colour[action.room] in colours or "green" in colours else 0.0
            return 2.0 + fit + self._room_fit(obs, p, action.room) - cost * 0.9
        if isinstance(action, Split):
            w_money = 0.7 if money > 15 else 1.0
            return action.emperor * self.emperor_want(obs, p) + action.money * w_money
        if isinstance(action, Hire):
            staff = cat.staff[action.card]
            task = obs["tasks"][-1]
            discount = task[2] if task[0] == "hire" else 0
            cost = max(0, staff.cost - discount)
            return TIMING_VALUE[staff.timing] - cost * 0.8
        if isinstance(action, PickStaff):
            staff = cat.staff[action.card]
            return TIMING_VALUE[staff.timing] - staff.cost * 0.5
        if isinstance(action, Occupy):
            return 3.0 + self._room_fit(obs, p, action.room)
        if isinstance(action, CompleteOrder):
            entry = obs["cafe"][p][action.slot]
            return 5.0 + sum(cat.guests[entry[0]].order) - sum(entry[1:5])
        if isinstance(action, AvoidPenalty):
            return 1.0 if action.pay else 0.0
        if isinstance(action, (ReturnStaff, DiscardStaff)):
            return float(cat.staff[action.card].cost)
        if isinstance(action, RemoveRoom):
            return -float(cat.floor[action.room])
        if isinstance(action, EndTurn):
            return 0.0
        if isinstance(action, Done):
            return 0.5
        return 0.0

    def _room_cost(self, obs: dict[str, Any], p: int, room: int) -> int:
        cat = fx.catalog()
        task = obs["tasks"][-1]
        if fx.free_colour(obs["staff"][p], cat.colour[room]):
            return 0
        discount = task[3] if task[0] == "prepare" else 0
        return max(0, cat.floor_cost[cat.floor[room]] - discount)

    def _room_fit(self, obs: dict[str, Any], p: int, room: int) -> float:
        """Bonus for rooms that finish a group (occupancy bonus) and for high floors."""
        cat = fx.catalog()
        rooms = obs["rooms"][p]
        members = cat.group_rooms[cat.group[room]]
        done = sum(1 for r in members if rooms[r] == 2 or r == room)
        return cat.floor[room] * 0.3 + (1.5 if done == len(members) else 0.3 * done)

    def _die_value(self, obs: dict[str, Any], p: int, action: TakeDie, need: list[int]) -> float:
        cat = fx.catalog()
        act = action.imitate if action.space == 6 else action.space
        strength = obs["dice"][action.space - 1] + (1 if action.boost else 0)
        strength += fx.strength_bonus(obs["staff"][p], action.space, act)
        fee = (1 if action.boost else 0) + (fx.six_fee(obs["staff"][p]) if action.space == 6 else 0)
        money = obs["money"][p]
        if act == 1:
            useful = min(strength, need[0] + need[1])
            value = useful * 2.5 + (strength - useful) * 0.4
        elif act == 2:
            useful = min(strength, need[2] + need[3])
            value = useful * 2.5 + (strength - useful) * 0.4
        elif act == 3:
            waiting = len(obs["cafe"][p]) - self.free_rooms(obs, p)
            value = min(strength, max(1, waiting + 1), money + 2) * 2.2
        elif act == 4:
            value = strength * max(1.0, self.emperor_want(obs, p))
        else:
            hand = obs["hand"][p] if isinstance(obs["hand"][p], list) else []
            best = max(
                (
                    TIMING_VALUE[cat.staff[c].timing] - max(0, cat.staff[c].cost - strength) * 0.8
                    for c in hand
                ),
                default=0.0,
            )
            value = best + 1.0
        return value - fee * 1.1
