"""Grand Austria Hotel: the rules engine.

What it teaches: dice drafting. Every round ``n`` dice (10/12/14 for 2/3/4
players) are rolled and sorted onto six action spaces; the number of dice on
a space is the strength of its action, and taking a die weakens that space
for everyone after you. The counts are multinomial (see :mod:`.dice`).

The state is a stack of small *tasks*. Each task is a decision (a player
chooses), a chance node (a card is drawn, dice are rolled) or an automatic
step. A compound turn is a sequence of decisions ending with
:class:`~.actions.EndTurn`. Card effects are data, interpreted by
:mod:`.effects`. Sources and decisions: ``docs/grand_austria.md``.

This module holds the state, its protocol and the helpers card effects call
(``pay``, ``gain_money``, ``occupy_room``...). The round and the turn are in
:mod:`.turns`, each decision's options and how it applies in :mod:`.stages`,
the explanations of refusals in :mod:`.refusals`.
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

import numpy as np

from hoteledu.core.actions import Action
from hoteledu.core.errors import IllegalActionError
from hoteledu.core.state import CHANCE, TERMINAL, State, player_name
from hoteledu.grand_austria import effects as fx
from hoteledu.grand_austria import hotel as hotel_data
from hoteledu.grand_austria import playout, refusals, render, stages, turns
from hoteledu.grand_austria import tasks as tk  # the task records: tk.Prepare, tk.Roll, ...
from hoteledu.grand_austria.actions import (
    ACTION_TYPES,
    DRAW_GUEST,
    DRAW_STAFF,
    ITEMS,
    ROLL,
    Done,
    DrawGuest,
    DrawStaff,
    Hire,
    Prepare,
    Reveal,
    Roll,
    ServeFromKitchen,
    StartPlayer,
    TakeDie,
    TakeGuest,
)
from hoteledu.grand_austria.dice import (
    roll_outcomes,
    roll_probability,
    sample_roll,
    uniform_index,
)
from hoteledu.grand_austria.info import GAME_INFO
from hoteledu.grand_austria.snapshot import load_snapshot

# ---------------------------------------------------------------- constants
# One source each: the game-board numbers are read from data/hotel.json by hotel.py
# (validated there and checked by test_data); these names are that data, not copies.
DICE_PER_PLAYERS = hotel_data.DICE_BY_PLAYERS
TURN_ORDER_TILES = hotel_data.TURN_ORDER_TILES
QUEUE_COSTS = hotel_data.GUEST_QUEUE_COSTS
"""Cost of the five guest spaces, from the left (where new guests enter)."""
EMPEROR_VP = hotel_data.EMPEROR_TRACK_VP
EMPEROR_TOP = hotel_data.EMPEROR_TRACK_MAX
EMPEROR_BONUS_SPACE = hotel_data.EMPEROR_BONUS_MIN_SPACE
POLITICS_VP = hotel_data.POLITICS_VP
SCORING_ROUNDS = turns.SCORING_ROUNDS
ROUNDS = hotel_data.ROUNDS
START_MONEY = hotel_data.START_KRONES
START_KITCHEN = [hotel_data.START_ITEMS[item] for item in ITEMS]
HAND_SIZE = hotel_data.START_STAFF_HAND
CAFE_SIZE = hotel_data.CAFE_SPACES
CAFE_PENALTY_VP = hotel_data.CAFE_GUEST_PENALTY_VP
MAX_ROOM_COST = turns.MAX_ROOM_COST
GUEST_SPACES = hotel_data.GUEST_SPACES

CHANCE_TASKS = tk.CHANCE_TASKS
AUTO_TASKS = tk.AUTO_TASKS
ALWAYS_OPTIONS = frozenset({"items", "split", "choose_item"})
"""Decisions that always have an option (a split of any strength, a dish or a drink)."""
STOPS = frozenset({"turn", "roll", "reveal", "start_player"}) | ALWAYS_OPTIONS
"""Where ``_advance`` always stops: a turn, the chance nodes never empty, the decisions
in ALWAYS_OPTIONS (their listing is never empty: no need to list it there)."""
AUTO_STEPS = stages.AUTO_STEPS
"""What each automatic task does (``_advance`` runs them; they are ``AUTO_TASKS``)."""


CHANCE_RULES = {
    "start_player": "GAH-S06",
    "reveal": "GAH-S03",
    "refill": "GAH-G03",
    "draw_staff": "GAH-S02",
    "roll": "GAH-R02",
}
"""The rule each chance node follows (named when an impossible outcome is refused)."""


@dataclasses.dataclass(frozen=True)
class StateField:
    """One field of the state: how ``clone()`` copies it and its value at the start."""

    copy: str
    """"value" (immutable), "list", "lists" (a list of lists), "cafe" (three deep),
    "dict" (a dict or None), "dicts" (a list of dicts or None)."""
    start: Callable[[int], Any]
    """Its value in a new game of ``n`` players."""


STATE_FIELDS: dict[str, StateField] = {
    "round": StateField("value", lambda n: 0),
    "start_player": StateField("value", lambda n: -1),
    "tiles": StateField("lists", lambda n: [[0, 0] for _ in range(n)]),
    "covered": StateField("list", lambda n: [0] * n),
    "passed": StateField("list", lambda n: [False] * n),
    "dice": StateField("list", lambda n: [0] * 6),
    "dustbin": StateField("value", lambda n: 0),
    "queue": StateField("list", lambda n: [None] * GUEST_SPACES),
    "guest_deck": StateField("list", lambda n: sorted(fx.catalog().guests)),
    "guest_discard": StateField("list", lambda n: []),
    "staff_deck": StateField("list", lambda n: sorted(fx.catalog().staff)),
    "staff_bottom": StateField("lists", lambda n: []),  # [card, player who knows it]
    "staff_discard": StateField("list", lambda n: []),
    "politics": StateField("list", lambda n: []),
    "claims": StateField("lists", lambda n: [[], [], []]),
    "emperor_tiles": StateField("list", lambda n: []),
    "money": StateField("list", lambda n: [START_MONEY] * n),
    "vp": StateField("list", lambda n: [0] * n),
    "emperor": StateField("list", lambda n: [0] * n),
    "kitchen": StateField("lists", lambda n: [list(START_KITCHEN) for _ in range(n)]),
    "fresh": StateField("lists", lambda n: [[0, 0, 0, 0] for _ in range(n)]),
    "cafe": StateField("cafe", lambda n: [[] for _ in range(n)]),  # [guest, s, c, w, k placed]
    "rooms": StateField(
        "lists", lambda n: [[0] * 20 for _ in range(n)]
    ),  # 0, 1 prepared, 2 occupied
    "bonus_done": StateField("lists", lambda n: [[] for _ in range(n)]),
    "hand": StateField("lists", lambda n: [[] for _ in range(n)]),
    "staff": StateField("lists", lambda n: [[] for _ in range(n)]),
    "used": StateField("lists", lambda n: [[] for _ in range(n)]),
    "offer": StateField("list", lambda n: []),
    "packets": StateField("lists", lambda n: [[] for _ in range(n)]),
    "tasks": StateField("list", lambda n: []),  # tk.Task records, immutable
    "turn": StateField("dict", lambda n: None),
    "final": StateField("dicts", lambda n: None),
    "stage": StateField("value", lambda n: "setup"),
}
"""The state's fields, listed once: ``__init__``, ``to_snapshot``, ``clone`` and the
snapshot loader follow this table (in its order)."""
_COPIED = {
    kind: tuple(n for n, f in STATE_FIELDS.items() if f.copy == kind)
    for kind in ("list", "lists", "cafe", "dict", "dicts")
}


class GrandAustriaState(State):
    """A position of Grand Austria Hotel (2 to 4 players)."""

    game_name = "grand_austria"
    action_types = ACTION_TYPES

    def __init__(self, options: Mapping[str, Any], *, _blank: bool = False) -> None:
        # info.py is the one place options and their choices are written
        super().__init__(GAME_INFO.resolve_options(options))
        n = self.options["players"]
        self.n = n
        self._legal: tuple[tk.Task, list[Action]] | None = None
        for name, field in STATE_FIELDS.items():
            setattr(self, name, field.start(n))
        if not _blank:
            turns.setup_tasks(self)
            self._advance()

    # ================================================================ protocol
    @property
    def num_players(self) -> int:
        return self.n

    def current_player(self) -> int:
        if not self.tasks:
            return TERMINAL
        top = self.tasks[-1]
        if top.kind in CHANCE_TASKS:
            return CHANCE
        return top.player  # type: ignore[attr-defined]

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        if not self.tasks or self.tasks[-1].kind not in CHANCE_TASKS:
            raise IllegalActionError("this is not a chance node", rule="protocol")
        top = self.tasks[-1]
        kind = top.kind
        if isinstance(top, tk.Roll):
            return [(Roll(c), p) for c, p in roll_outcomes(top.dice)]
        if kind == "start_player":
            return [(StartPlayer(p), Fraction(1, self.n)) for p in range(self.n)]
        if isinstance(top, tk.Reveal):
            cards = fx.catalog().letter_cards(top.what, top.letter)
            return [(Reveal(top.what, c), Fraction(1, len(cards))) for c in cards]
        if kind == "refill":
            deck = self.guest_deck
            return [(DrawGuest(g), Fraction(1, len(deck))) for g in deck]
        # draw_staff: uniformly from the unordered pile, else the bottom cards in order
        if self.staff_deck:
            deck = self.staff_deck
            return [(DrawStaff(c), Fraction(1, len(deck))) for c in deck]
        return [(DrawStaff(self.staff_bottom[0][0]), Fraction(1))]

    def sample_chance(self, rng: np.random.Generator) -> Action:
        """Draw a chance outcome quickly (same distribution as ``chance_outcomes``)."""
        if not self.tasks or self.tasks[-1].kind not in CHANCE_TASKS:
            raise IllegalActionError("this is not a chance node", rule="protocol")
        top = self.tasks[-1]
        kind = top.kind
        if isinstance(top, tk.Roll):
            return ROLL[sample_roll(top.dice, rng)]
        if kind == "refill":
            return DRAW_GUEST[self.guest_deck[int(rng.integers(len(self.guest_deck)))]]
        if kind == "draw_staff" and self.staff_deck:
            return DRAW_STAFF[self.staff_deck[int(rng.integers(len(self.staff_deck)))]]
        # the start player, a politics card or emperor tile, the staff deck's bottom:
        # a few equally likely outcomes, drawn as State.sample_chance draws them
        if kind == "start_player":
            return StartPlayer(uniform_index(self.n, rng))
        if isinstance(top, tk.Reveal):
            cards = fx.catalog().letter_cards(top.what, top.letter)
            return Reveal(top.what, cards[uniform_index(len(cards), rng)])
        outcomes = self.chance_outcomes()
        return outcomes[uniform_index(len(outcomes), rng)][0]

    def _is_chance_outcome(self, action: Action) -> bool:
        """Whether ``action`` is an outcome here, without listing 11628 rolls or a deck."""
        top = self.tasks[-1]
        kind = top.kind
        if isinstance(top, tk.Roll):
            counts = action.counts if isinstance(action, Roll) else ()
            return (
                len(counts) == 6
                and all(type(k) is int and k >= 0 for k in counts)
                and sum(counts) == top.dice
            )
        if kind == "refill":
            return isinstance(action, DrawGuest) and action.guest in self.guest_deck
        if kind == "draw_staff":
            if not isinstance(action, DrawStaff):
                return False
            if self.staff_deck:
                return action.card in self.staff_deck
            return action.card == self.staff_bottom[0][0]
        return super()._is_chance_outcome(action)

    def check_action(self, action: Action) -> None:
        """Legality check; chance outcomes go through :meth:`_is_chance_outcome` (fast)."""
        if not self.tasks:
            raise IllegalActionError(
                "the game is over (final scoring after round 7): no more actions", rule="GAH-R01"
            )
        top = self.tasks[-1]
        if top.kind in CHANCE_TASKS:
            if self._is_chance_outcome(action):
                return
            kind = top.kind
            if isinstance(top, tk.Roll):
                reason = f"{refusals.describe(action)} is not a roll of {top.dice} dice"
            elif kind in ("refill", "draw_staff"):
                reason = f"{refusals.describe(action)} is not a card of the deck"
            else:
                reason = f"{refusals.describe(action)} is not a possible chance outcome here"
            raise IllegalActionError(f"{reason} ({CHANCE_RULES[kind]})", rule="chance")
        super().check_action(action)

    def _is_legal(self, player: int, action: Action) -> bool:
        kept = self._legal
        if kept is not None and kept[0] is self.tasks[-1]:
            for legal in kept[1]:  # handed out for this very position: no second listing
                if legal is action:
                    return True
        return action in self._list_legal_actions()

    # The base class answers these through current_player(); a playout asks them
    # at every step, so they look at the top task directly.
    def is_terminal(self) -> bool:
        return not self.tasks

    def is_simultaneous_node(self) -> bool:
        return False  # one player decides at a time

    def is_chance_node(self) -> bool:
        tasks = self.tasks
        return bool(tasks) and tasks[-1].kind in CHANCE_TASKS

    def legal_actions(self, player: int | None = None) -> list[Action]:
        tasks = self.tasks
        if player is None and tasks and tasks[-1].kind not in CHANCE_TASKS:
            return list(self._list_legal_actions())  # a copy: the caller may change it
        return super().legal_actions(player)

    def random_playout(self, rng: np.random.Generator, max_actions: int = 10_000) -> None:
        """``State.random_playout`` (the reference), each step looked up once.

        The same game from the same generator: :func:`.playout.random_playout`
        (tests/grand_austria/test_playout.py compares the two).
        """
        playout.random_playout(self, rng, max_actions)

    def returns(self) -> list[float]:
        return [float(v) for v in self.vp]

    def winners(self) -> list[int]:
        """Most VP; ties go to more dishes, drinks and krones left (GAH-F05)."""
        best = max(self.vp)
        tied = [p for p in range(self.n) if self.vp[p] == best]
        if len(tied) == 1:
            return tied
        left = {p: sum(self.kitchen[p]) + self.money[p] for p in tied}
        most = max(left.values())
        return [p for p in tied if left[p] == most]

    def turn_order(self) -> list[int]:
        """Players by the low number of their turn order tile (start player first)."""
        return sorted(range(self.n), key=lambda p: self.tiles[p][0])

    # ============================================================ task engine
    def _advance(self) -> None:
        """Run automatic tasks until a decision, a chance node or the end."""
        tasks = self.tasks
        while tasks:
            top = tasks[-1]
            kind = top.kind
            if kind in STOPS:  # the usual stop: a player's turn
                return
            if top is tk.FLOW_NEXT:  # the most frequent automatic step: after every turn
                tasks.pop()
                turns.next_turn(self)
                continue
            if kind in AUTO_TASKS:
                tasks.pop()
                AUTO_STEPS[kind](self, top)
                continue
            if kind == "refill" or kind == "draw_staff":  # chance nodes that may be empty
                if kind == "refill" and not self.guest_deck:
                    tasks.pop()  # the guest deck is empty: the space stays empty
                    continue
                if kind == "draw_staff" and not self.staff_deck and not self.staff_bottom:
                    tasks.pop()
                    continue
                return
            if kind == "serve":
                if not turns.can_serve(self, top.player, top.source):
                    tasks.pop()
                    stages.finish_serve(self, top)
                    continue
                return
            if not stages.task_options(self, top):
                # nothing possible (no room fits, no card affordable, café full...): skip
                tasks.pop()
                if isinstance(top, tk.Hire) and top.source == "offer":
                    stages.return_offer(self, top.player)
                continue
            return
        # no task left: the game is over

    # ============================================================== helpers
    def advance_emperor(self, p: int, steps: int) -> None:
        """Move up the emperor track; steps beyond 13 give 1 VP each (GAH-E01)."""
        e = self.emperor[p] + steps
        if e > EMPEROR_TOP:
            self.vp[p] += e - EMPEROR_TOP
            e = EMPEROR_TOP
        self.emperor[p] = e

    def pay(self, p: int, amount: int, rule: str) -> None:
        """Take ``amount`` krones from player ``p``: the one door for money out.

        ``rule`` names the rule that charges (the GAH ID a refusal of the same
        payment would name); legal actions never ask more than a player holds.
        """
        if not 0 <= amount <= self.money[p]:
            raise IllegalActionError(
                f"{player_name(p)} cannot pay {amount} krones with {self.money[p]}", rule=rule
            )
        self.money[p] -= amount

    def gain_money(self, p: int, amount: int) -> None:
        """Give ``amount`` krones to player ``p`` (up to option money_cap): the door in."""
        cap = self.options["money_cap"]
        self.money[p] += amount
        if cap is not None and self.money[p] > cap:
            self.money[p] = cap

    def receive_items(self, p: int, counts: tuple[int, ...] | list[int]) -> None:
        """New dishes/drinks: may go straight onto guests' orders (GAH-D04)."""
        fresh = self.fresh[p]
        for i in range(4):
            fresh[i] += counts[i]
        self.tasks.append(tk.SERVE_FRESH[p])  # tk.Serve(p, "fresh", 99), shared

    def room_cost(self, p: int, room: int, discount: int = 0, free: bool = False) -> int:
        """Krones to prepare ``room``: its floor's cost less the discount (GAH-D05)."""
        if free:
            return 0
        # the floor's cost, 0 when a played card waives the colour (fx.free_colour)
        return max(0, fx.staff_profile(self.staff[p]).room_cost[room] - discount)

    def hire_cost(self, card: int, discount: int) -> int:
        """Krones to play staff ``card``: its cost less the discount, never below 0 (GAH-D08)."""
        return max(0, fx.catalog().staff[card].cost - discount)

    def guest_cost(self, p: int, slot: int) -> int:
        """Krones for player ``p`` to take the guest on ``slot`` in a turn (GAH-G01)."""
        if fx.staff_profile(self.staff[p]).guest_free:  # a waive of guest_cost
            return 0
        return QUEUE_COSTS[slot]

    def _serving_fee(self, p: int) -> int:
        return 0 if fx.staff_profile(self.staff[p]).serving_free else 1

    def action_cost(self, action: Action) -> int:
        """Krones the player to move pays for ``action`` now, as the engine charges it.

        For the app's buttons and the bots: a die (a bought +1, space 6's fee), a
        guest, a room, a staff card, serving from the kitchen; 0 for the rest.
        """
        if not self.tasks:
            return 0
        top = self.tasks[-1]
        kind, p = top.kind, self.current_player()
        if isinstance(action, TakeDie) and kind == "turn":
            return self._die_fees(p, action.space, bool(action.boost))
        if isinstance(action, TakeGuest) and kind == "turn":
            return self.guest_cost(p, action.slot)
        if isinstance(action, ServeFromKitchen) and kind == "turn":
            return self._serving_fee(p)
        if isinstance(action, Prepare) and isinstance(top, tk.Prepare):
            return self.room_cost(p, action.room, top.discount, top.free)
        if isinstance(action, Hire) and isinstance(top, tk.Hire):
            return self.hire_cost(action.card, top.discount)
        return 0

    def placeable_rooms(self, p: int, max_floor: int = 3, colour: str = "any") -> list[int]:
        """Empty spaces where a room tile may go: bottom-left first, then adjacent (GAH-D05)."""
        cat = fx.catalog()
        rooms = self.rooms[p]
        if not any(rooms):
            return [0] if colour in ("any", cat.colour[0]) else []
        out = []
        floor, colours, adjacent = cat.floor, cat.colour, cat.adjacent
        for r in range(20):
            if rooms[r] or floor[r] > max_floor or (colour != "any" and colour != colours[r]):
                continue
            for a in adjacent[r]:
                if rooms[a]:  # next to a room tile
                    out.append(r)
                    break
        return out

    def occupy_room(self, p: int, room: int) -> None:
        """Turn a room to occupied; the last room of a group gives its bonus once (GAH-A07)."""
        cat = fx.catalog()
        rooms = self.rooms[p]
        rooms[room] = 2
        fx.on_room_occupied(self, p)
        group = cat.group[room]
        if group in self.bonus_done[p]:
            return
        members = cat.group_rooms[group]
        if all(rooms[r] == 2 for r in members):
            self.bonus_done[p].append(group)
            colour = cat.colour[room]
            amount = cat.occupancy_bonus[colour][len(members)]
            if colour == "blue":
                self.vp[p] += amount
            elif colour == "red":
                self.gain_money(p, amount)
            else:
                self.advance_emperor(p, amount)

    def guest_complete(self, p: int, slot: int) -> bool:
        entry = self.cafe[p][slot]  # [guest, strudel, cake, wine, coffee placed]
        return tuple(entry[1:5]) == fx.catalog().guests[entry[0]].order

    def _needs(self, entry: list[int], item: int) -> bool:
        return entry[1 + item] < fx.catalog().guests[entry[0]].order[item]

    def free_rooms_for(self, p: int, guest: int) -> list[int]:
        colour = fx.catalog().guests[guest].colour
        rooms = self.rooms[p]
        # a prepared room of the guest's colour (a green guest takes any colour)
        return [r for r in fx.rooms_for_guest(colour) if rooms[r] == 1]

    # =========================================================== decisions
    def _legal_actions(self, player: int) -> list[Action]:
        return list(self._list_legal_actions())  # a copy: the caller may change it

    def _list_legal_actions(self) -> list[Action]:
        """The legal actions, listed anew (a position arranged by hand is listed right).

        The list is kept with the task it answers until the next action, so
        that ``apply_action`` recognises an action object handed out here
        without listing again: a player's choice costs one listing.
        """
        top = self.tasks[-1]
        if top.kind == "turn":
            actions = turns.turn_actions(self, top.player)
        else:
            actions = stages.OPTIONS[type(top)](self, top)  # stages.task_options
        self._legal = (top, actions)
        return actions

    def _die_fees(self, p: int, space: int, boost: bool) -> int:
        fee = 1 if boost else 0
        if space == 6:
            fee += fx.staff_profile(self.staff[p]).six_fee
        return fee

    def die_strength(self, p: int, space: int, boost: bool, act: int) -> int:
        """Action strength: dice on the space, +1 bought, plus staff modifiers."""
        strength = self.dice[space - 1] + (1 if boost else 0)
        # fx.strength_bonus(self.staff[p], space, act), kept per set of played cards
        return strength + fx.staff_profile(self.staff[p]).strength[space][act]

    def hire_discount(self, p: int, space: int, strength: int, dice: int | None = None) -> int:
        """Krones off a staff card for action 5: the strength plus Checker-like cards.

        ``dice`` is how many dice showed on ``space`` when the die was taken
        (default: the dice there now), used by option ``checker="per_die"``.
        """
        if self.options.get("checker", "die_taken") == "per_die":
            count = self.dice[space - 1] if dice is None else dice
            return strength + fx.hire_discount_per_die(self.staff[p], space) * count
        # fx.hire_discount_bonus(self.staff[p], space), kept per set of played cards
        return strength + fx.staff_profile(self.staff[p]).discount[space]

    def explain_illegal(self, action: Action) -> str:
        """Why ``action`` is refused, naming the rule (a GAH ID of the checklist)."""
        return refusals.explain_illegal(self, action)

    # ================================================================= apply
    def _apply(self, action: Action) -> None:
        self._legal = None
        top = self.tasks[-1]
        stages.APPLY[type(top)](self, top, action)  # STAGES[type(top)].apply
        self._advance()

    def grant_gizia(self, p: int, scope: str = "turn") -> None:
        """E. Gizia's reward: another turn (rulebook) or one extra action (option)."""
        if self.options.get("gizia", "extra_turn") == "extra_action":
            self.tasks.append(tk.ExtraAction(p))
        elif self.turn is not None and self.turn["p"] == p:
            self.turn["gizia"] = self.turn.get("gizia", 0) + 1

    # ============================================================ snapshot
    _FIELDS = tuple(STATE_FIELDS)

    def to_snapshot(self) -> dict[str, Any]:
        snap = {
            name: copy.deepcopy(getattr(self, name)) for name in self._FIELDS if name != "tasks"
        }
        snap["tasks"] = copy.deepcopy([task.to_json() for task in self.tasks])
        return {name: snap[name] for name in self._FIELDS}

    @classmethod
    def from_snapshot(cls, options: Mapping[str, Any], snapshot: Mapping[str, Any]) -> State:
        state = cls(options, _blank=True)
        load_snapshot(state, snapshot)
        return state

    def clone(self) -> GrandAustriaState:
        new = GrandAustriaState.__new__(GrandAustriaState)
        d = self.__dict__
        nd = new.__dict__
        nd.update(d)
        nd["options"] = dict(self.options)
        nd["history"] = list(self.history)
        for name in _COPIED["list"]:
            nd[name] = list(d[name])
        for name in _COPIED["lists"]:
            nd[name] = [list(x) for x in d[name]]
        nd["cafe"] = [[list(e) for e in c] for c in d["cafe"]]
        nd["turn"] = dict(d["turn"]) if d["turn"] is not None else None
        nd["final"] = [dict(f) for f in d["final"]] if d["final"] is not None else None
        nd["_legal"] = None  # a clone may be changed by hand before it is asked
        return new

    # ===================================================== hidden information
    def observation(self, player: int) -> dict[str, Any]:
        """What ``player`` sees: own hand, others' hand sizes, no deck order."""
        view = self.to_snapshot()
        view["hand"] = [h if q == player else len(h) for q, h in enumerate(self.hand)]
        view["packets"] = [h if q == player else len(h) for q, h in enumerate(self.packets)]
        view["staff_deck"] = len(self.staff_deck)
        view["guest_deck"] = len(self.guest_deck)
        view["staff_bottom"] = [c if k == player else None for c, k in self.staff_bottom]
        actor = self.tasks[-1].player if self.offer and self.tasks else None  # type: ignore[attr-defined]
        view["offer"] = self.offer if actor == player else len(self.offer)
        view["player"] = player
        return view

    def determinise(self, player: int, rng: np.random.Generator) -> GrandAustriaState:
        """Resample the staff cards ``player`` cannot see (others' hands, deck).

        The result depends only on ``observation(player)`` and ``rng``: the
        unseen cards are pooled in sorted order before they are dealt, and the
        history is emptied, because the true history holds every staff draw
        (replaying it would rebuild the true hands). Search only appends to it.
        """
        state = self.clone()  # its kept legal actions are dropped: hands change below
        state.history = []
        actor = self.tasks[-1].player if self.offer and self.tasks else None  # type: ignore[attr-defined]
        pool = list(state.staff_deck)
        for q in range(self.n):
            if q != player:
                pool += state.hand[q] + state.packets[q]
        unknown_bottom = [i for i, (_, k) in enumerate(state.staff_bottom) if k != player]
        pool += [state.staff_bottom[i][0] for i in unknown_bottom]
        hide_offer = actor != player
        if hide_offer:
            pool += state.offer
        pool.sort()  # where the unseen cards truly are must not steer the deal
        order = [pool[i] for i in rng.permutation(len(pool))]
        for q in range(self.n):
            if q != player:
                k = len(state.hand[q])
                state.hand[q] = sorted(order[:k])
                order = order[k:]
                k = len(state.packets[q])
                state.packets[q] = sorted(order[:k])
                order = order[k:]
        for i in unknown_bottom:
            state.staff_bottom[i][0] = order.pop()
        if hide_offer:
            k = len(state.offer)
            state.offer = order[:k]
            order = order[k:]
        state.staff_deck = sorted(order)
        return state

    # ============================================================== display
    def render_text(self) -> str:
        return render.render_text(self)

    def _repr_html_(self) -> str:
        return render.state_html(self)


def new_game(
    players: int = 2,
    staff_setup: str = "deal",
    gizia: str = "extra_turn",
    money_cap: int | None = None,
    additional_actions: str = "after_die",
    emperor_penalty: str = "choice",
    impossible_die_action: str = "refuse",
    checker: str = "die_taken",
) -> GrandAustriaState:
    """A new game of Grand Austria Hotel, at its first chance node (the start player).

    Parameters
    ----------
    players
        2, 3 or 4.
    staff_setup
        ``"deal"``: 6 random staff cards each (GAH-S02); ``"draft"``: the
        experienced variant (GAH-S10); ``"introductory"``: equal sets A, B, C, D
        by seat from the start player (GAH-S09; hoteledu's own sets, see
        ``data/staff_sets.json``).
    gizia
        E. Gizia's reward: ``"extra_turn"`` (rulebook 000) or ``"extra_action"``.
    money_cap
        Highest krones a player may hold; ``None`` (rulebook) for no limit, or 20.
    additional_actions
        ``"after_die"`` (rulebook 001, step 3) or ``"any_time"`` of the turn,
        also before the die (000 says only "during your turn").
    emperor_penalty
        ``"choice"``: with both options of a penalty possible the player chooses
        (GAH-E04); ``"first"``: the first option is compulsory when possible.
    impossible_die_action
        ``"refuse"``: a die whose action cannot be carried out at all cannot be
        taken (actions 3 and 5 alike); ``"allow"``: it can, and does nothing.
    checker
        Checker (18): ``"die_taken"`` (2 krones off for the die taken from
        space 5) or ``"per_die"`` (each die on space 5 is worth 2 krones).

    Examples
    --------
    >>> state = new_game(players=3)
    >>> state.num_players, state.current_player() == CHANCE
    (3, True)
    """
    # the options are checked, against info.py's choices, by the state itself
    return GrandAustriaState(
        {
            "players": players,
            "staff_setup": staff_setup,
            "gizia": gizia,
            "money_cap": money_cap,
            "additional_actions": additional_actions,
            "emperor_penalty": emperor_penalty,
            "impossible_die_action": impossible_die_action,
            "checker": checker,
        }
    )


def roll_chance(state: GrandAustriaState) -> Fraction:
    """Probability of the dice roll at the current node (helper for lessons)."""
    return roll_probability(tuple(state.dice))


def scenario(
    players: int = 2,
    dice: tuple[int, ...] | None = None,
    *,
    start_player: int = 0,
    **options: Any,
) -> GrandAustriaState:
    """A position at the first turn of round 1 with a chosen roll, for lessons and tests.

    Chance nodes take their first outcome (the lowest-numbered card), each
    player takes the rightmost free guest and prepares no room at setup.
    The caller may then arrange hands, cafés and rooms.

    Examples
    --------
    >>> s = scenario(2, (4, 2, 2, 1, 1, 0))
    >>> s.dice, s.current_player()
    ([4, 2, 2, 1, 1, 0], 0)
    """
    opts = {
        "players": players,
        "staff_setup": "deal",
        "gizia": "extra_turn",
        "money_cap": None,
        "additional_actions": "after_die",
        "emperor_penalty": "choice",
        "impossible_die_action": "refuse",
        "checker": "die_taken",
    }
    opts.update(options)
    state = GrandAustriaState(opts)
    if dice is None:  # the dice spread as evenly as possible
        n = DICE_PER_PLAYERS[players]
        dice = tuple(n // 6 + (1 if s < n % 6 else 0) for s in range(6))
    while state.tasks and state.tasks[-1].kind != "turn":
        kind = state.tasks[-1].kind
        if kind == "roll":
            state.apply_action(Roll(tuple(dice[:6])))
        elif kind == "start_player":
            state.apply_action(StartPlayer(start_player))
        elif kind in CHANCE_TASKS:
            state.apply_action(state.chance_outcomes()[0][0])
        elif kind == "setup_guest":
            state.apply_action(state.legal_actions()[-1])
        elif kind == "draft_pick":
            state.apply_action(state.legal_actions()[0])
        else:
            state.apply_action(Done())
    return state
