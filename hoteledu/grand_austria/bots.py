"""Bots for Grand Austria Hotel: a readable heuristic a student can read and beat.

:class:`HeuristicAgent` scores every legal action with a few plain rules of
thumb and plays the best one:

* a guest is taken *before* the die and does not replace it, so a worthwhile
  guest (VP and reward, less what is still to fetch, less crowding of the café)
  is taken first; late in the game a guest who cannot be served in time is
  left alone (5 VP lost at the end);
* dice are worth their strength: a space with many dice is a strong action,
  and paying a krone for +1 is worth it only where strength matters; a die
  that triggers one of the bot's staff cards (e.g. 5 VP on a "3") is worth more;
* dishes and drinks are worth most when a café guest still needs them and the
  kitchen does not hold them yet, so the bot takes what completes orders and
  serves at once;
* a guest whose order is complete checks in at once (VP, reward, bonus);
* rooms are prepared where a waiting guest has no free room of its colour;
* the emperor track matters: every scoring pays VP for the space, the tile
  bonus needs space 3 after moving back and space 0 costs the penalty, so the
  bot wants 3 + 3, 3 + 5, 3 + 7 before the scorings of rounds 3, 5 and 7;
* staff cards cost krones (1 VP each at the end): a card is worth a few VP, and
  cards that act every round are worth less as the game runs out;
* politics cards are claimed as soon as possible, and a split of action 4
  that reaches a card's krones or emperor condition is preferred.

Measured (benchmarks/tournament_grand_austria.py, docs/grand_austria.md): these
rules raised the bot's mean score against random from about 48 to about 68 VP.

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
    ChoosePenalty,
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

TIMING_VALUE = {"game_end": 3.0, "permanent": 3.0, "once_per_round": 2.0, "one_time": 1.5}
"""Rough worth of a staff card by when it acts (before its cost); measured in
seeded games: higher values made the bot overspend its krones on staff."""


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
    >>> bot = HeuristicAgent(seed=0)
    >>> bot.act(PlayerView(state, 0))  # a guest comes before the die
    TakeGuest(slot=3)
    >>> state.apply_action(TakeGuest(3))
    >>> state.apply_action(state.chance_outcomes()[0][0])  # the row is refilled
    >>> bot.act(PlayerView(state, 0))  # then the ten dice on space 4, +1 for a krone
    TakeDie(space=4, boost=True, imitate=0)
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

    def to_fetch(self, obs: dict[str, Any], p: int) -> list[int]:
        """Dishes and drinks the café still needs beyond what the kitchen holds."""
        kitchen = obs["kitchen"][p]
        return [max(0, n - k) for n, k in zip(self.needs(obs, p), kitchen, strict=True)]

    @staticmethod
    def staff_value(obs: dict[str, Any], card: int) -> float:
        """Rough worth of a staff card: cards that act every round fade as the game ends."""
        timing = fx.catalog().staff[card].timing
        value = TIMING_VALUE[timing]
        if timing in ("permanent", "once_per_round"):
            value *= max(0, 7 - obs["round"]) / 4
        return value

    @staticmethod
    def politics_targets(obs: dict[str, Any], p: int) -> list[tuple[str, int]]:
        """Open politics cards asking for krones or emperor steps: (what, how many)."""
        cat = fx.catalog()
        targets = []
        for i, number in enumerate(obs["politics"]):
            claims = obs["claims"][i]
            condition = cat.politics[number].condition
            if p in claims or len(claims) >= 3 or condition.kind != "at_least":
                continue
            for what in ("krones", "emperor"):
                if condition.param(what):
                    targets.append((what, condition.param(what)))
        return targets

    @staticmethod
    def guests_without_room(obs: dict[str, Any], p: int) -> int:
        """Café guests with no free prepared room of their colour (tourists: any)."""
        cat = fx.catalog()
        free = [cat.colour[r] for r, status in enumerate(obs["rooms"][p]) if status == 1]
        waiting = 0
        for entry in obs["cafe"][p]:
            colours = cat.guests[entry[0]].room_colours()
            match = next((c for c in free if c in colours), None)
            if match is None:
                waiting += 1
            else:
                free.remove(match)
        return waiting

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
            return 1.5
        return 3.0 if nxt - rnd <= 1 else 2.0

    def guest_value(self, obs: dict[str, Any], p: int, guest: int) -> float:
        """VP and reward of a guest, less the dishes and drinks still to fetch.

        Late in the game a guest who cannot be served in time costs 5 VP at the end.
        """
        g = fx.catalog().guests[guest]
        kitchen = obs["kitchen"][p]
        # what the kitchen already holds counts, minus what other café guests need
        spare = [max(0, k - n) for k, n in zip(kitchen, self.needs(obs, p), strict=True)]
        covered = sum(min(k, o) for k, o in zip(spare, g.order, strict=True))
        missing = sum(g.order) - covered
        rounds_left = 7 - obs["round"]
        if missing > 2 + 3 * rounds_left:
            return -5.0
        return 2.0 + g.vp * 0.6 + len(g.reward) * 1.5 - missing * 0.8

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
            # 1 krone moves up to 3 items: worth it when it completes an order
            # (the guest then checks in) or moves 2 or more items
            kitchen = obs["kitchen"][p]
            useful = sum(min(k, n) for k, n in zip(kitchen, need, strict=True))
            return 4.0 if useful >= 2 or self._completes_from_kitchen(obs, p) else -2.0
        if isinstance(action, TakeGuest):
            task = obs["tasks"][-1][0]
            cost = 0 if task != "turn" else QUEUE_COSTS[action.slot]
            guest = obs["queue"][action.slot]
            crowd = len(obs["cafe"][p])
            late = 3.0 if obs["round"] >= 6 else 0.0
            value = self.guest_value(obs, p, guest) - cost * 1.2 - crowd * 4.0 - late
            if task == "turn" and value > 0:
                # a guest is taken *before* the die and does not replace it: take a
                # worthwhile guest first (it scores above every die), then the die
                return 40.0 + value
            return value
        if isinstance(action, TakeDie):
            return self._die_value(obs, p, action, need)
        if isinstance(action, Pass):
            return -1.0
        if isinstance(action, TakeItems):
            counts = action.counts
            fetch = self.to_fetch(obs, p)
            useful = sum(min(c, n) for c, n in zip(counts, fetch, strict=True))
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
            value = action.emperor * self.emperor_want(obs, p) + action.money * w_money
            # reaching a politics card's money or emperor condition is worth its VP
            for what, target in self.politics_targets(obs, p):
                now = money + action.money if what == "krones" else obs["emperor"][p]
                if what == "emperor":
                    now += action.emperor
                if now >= target:
                    value += 10.0
            return value
        if isinstance(action, Hire):
            staff = cat.staff[action.card]
            task = obs["tasks"][-1]
            discount = task[2] if task[0] == "hire" else 0
            cost = max(0, staff.cost - discount)
            return self.staff_value(obs, action.card) - cost * 0.8
        if isinstance(action, PickStaff):
            staff = cat.staff[action.card]
            return self.staff_value(obs, action.card) - staff.cost * 0.5
        if isinstance(action, Occupy):
            return 3.0 + self._room_fit(obs, p, action.room)
        if isinstance(action, CompleteOrder):
            entry = obs["cafe"][p][action.slot]
            return 5.0 + sum(cat.guests[entry[0]].order) - sum(entry[1:5])
        if isinstance(action, AvoidPenalty):
            return 1.0 if action.pay else 0.0
        if isinstance(action, ChoosePenalty):
            return -self._penalty_loss(obs, p, action.option)
        if isinstance(action, (ReturnStaff, DiscardStaff)):
            return float(cat.staff[action.card].cost)
        if isinstance(action, RemoveRoom):
            return -float(cat.floor[action.room])
        if isinstance(action, EndTurn):
            return 0.0
        if isinstance(action, Done):
            return 0.5
        return 0.0

    @staticmethod
    def _penalty_loss(obs: dict[str, Any], p: int, option: int) -> float:
        """Rough VP worth lost by one option of the emperor penalty (1 krone = 1 VP)."""
        tile = fx.catalog().emperor[obs["tasks"][-1][2]]
        loss = 0.0
        for e in tile.penalty if option == 0 else tile.fallback:
            d = e.to_json()
            if e.kind == "lose":  # only "lose" has a "per" parameter (C3: per hired staff card)
                per = len(obs["staff"][p]) if fx.param(d, "per") == "staff" else 1
                loss += (fx.param(d, "krones") + fx.param(d, "vp")) * per
            elif e.kind == "lose_staff":
                loss += 3.0 * fx.param(d, "count")
            elif e.kind == "remove_rooms":
                loss += 4.0 * fx.param(d, "count")
            elif e.kind == "discard_items":
                loss += float(sum(obs["kitchen"][p]))
        return loss

    @staticmethod
    def _completes_from_kitchen(obs: dict[str, Any], p: int) -> bool:
        """Whether up to 3 kitchen items complete some café guest's order."""
        guests = fx.catalog().guests
        kitchen = obs["kitchen"][p]
        for entry in obs["cafe"][p]:
            order = guests[entry[0]].order
            missing = [max(0, order[i] - entry[1 + i]) for i in range(4)]
            if 0 < sum(missing) <= 3 and all(k >= m for k, m in zip(kitchen, missing, strict=True)):
                return True
        return False

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
        fetch = self.to_fetch(obs, p)
        if act == 1:
            useful = min(strength, fetch[0] + fetch[1])
            value = useful * 2.5 + (strength - useful) * 0.4
        elif act == 2:
            useful = min(strength, fetch[2] + fetch[3])
            value = useful * 2.5 + (strength - useful) * 0.4
        elif act == 3:
            waiting = self.guests_without_room(obs, p)
            value = min(strength, waiting + 1, money + 2) * 2.2
        elif act == 4:
            value = strength * max(1.0, self.emperor_want(obs, p))
            for what, target in self.politics_targets(obs, p):
                have = money - fee if what == "krones" else obs["emperor"][p]
                if have < target <= have + strength:
                    value += 8.0  # this die reaches a politics card's condition
        else:
            hand = obs["hand"][p] if isinstance(obs["hand"][p], list) else []
            best = max(
                (
                    self.staff_value(obs, c) - max(0, cat.staff[c].cost - strength) * 0.8
                    for c in hand
                ),
                default=0.0,
            )
            value = best + 1.0
        return value + self._trigger_value(obs, p, action.space) - fee * 1.1

    @staticmethod
    def _trigger_value(obs: dict[str, Any], p: int, space: int) -> float:
        """What my staff cards give for a die from this space (e.g. 5 VP on a "3")."""
        triggers = fx.catalog().die_triggers
        value = 0.0
        for card in obs["staff"][p]:
            for faces, gain in triggers.get(card, ()):
                if space in faces and gain.get("kind") == "gain":
                    value += gain.get("vp", 0) + gain.get("krones", 0) + gain.get("emperor", 0)
        return value
