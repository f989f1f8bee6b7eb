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
from hoteledu.grand_austria import cards as card_data
from hoteledu.grand_austria import effects as fx
from hoteledu.grand_austria import hotel as hotel_data
from hoteledu.grand_austria import render
from hoteledu.grand_austria import tasks as tk  # the task records: tk.Prepare, tk.Roll, ...
from hoteledu.grand_austria.actions import (
    ACTION_TYPES,
    ITEMS,
    AvoidPenalty,
    CheckIn,
    ChoosePenalty,
    ClaimPolitics,
    CompleteOrder,
    DiscardStaff,
    Done,
    DrawGuest,
    DrawStaff,
    EndTurn,
    Gain,
    Hire,
    Occupy,
    Pass,
    PickStaff,
    Prepare,
    RemoveRoom,
    ReturnStaff,
    Reveal,
    Roll,
    Serve,
    ServeFromKitchen,
    Split,
    StartPlayer,
    TakeDie,
    TakeGuest,
    TakeItems,
    UseStaff,
)
from hoteledu.grand_austria.dice import roll_outcomes, roll_probability, sample_roll
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
SCORING_ROUNDS = dict(
    zip(hotel_data.EMPEROR_SCORING_ROUNDS, hotel_data.EMPEROR_STEP_BACK, strict=True)
)
"""Rounds with an emperor scoring, and how far the disks move back."""
ROUNDS = hotel_data.ROUNDS
START_MONEY = hotel_data.START_KRONES
START_KITCHEN = [hotel_data.START_ITEMS[item] for item in ITEMS]
HAND_SIZE = hotel_data.START_STAFF_HAND
CAFE_SIZE = hotel_data.CAFE_SPACES
CAFE_PENALTY_VP = hotel_data.CAFE_GUEST_PENALTY_VP
MAX_ROOM_COST = max(hotel_data.FLOOR_COSTS)
GUEST_SPACES = hotel_data.GUEST_SPACES

CHANCE_TASKS = tk.CHANCE_TASKS
AUTO_TASKS = tk.AUTO_TASKS


_TURN_ACTIONS = (
    TakeGuest,
    TakeDie,
    Pass,
    EndTurn,
    CheckIn,
    ServeFromKitchen,
    ClaimPolitics,
    UseStaff,
)

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


def _describe(action: Action) -> str:
    """An action's text; its repr when its fields are out of range (no text then)."""
    try:
        return str(action)
    except (KeyError, IndexError, TypeError, ValueError):
        return repr(action)


def _rule(text: str, rule: str) -> IllegalActionError:
    return IllegalActionError(text, rule=rule)


class GrandAustriaState(State):
    """A position of Grand Austria Hotel (2 to 4 players)."""

    game_name = "grand_austria"
    action_types = ACTION_TYPES

    def __init__(self, options: Mapping[str, Any], *, _blank: bool = False) -> None:
        # info.py is the one place options and their choices are written
        super().__init__(GAME_INFO.resolve_options(options))
        n = self.options["players"]
        self.n = n
        for name, field in STATE_FIELDS.items():
            setattr(self, name, field.start(n))
        if not _blank:
            self._setup_tasks()
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
            return Roll(sample_roll(top.dice, rng))
        if kind == "refill":
            return DrawGuest(self.guest_deck[int(rng.integers(len(self.guest_deck)))])
        if kind == "draw_staff" and self.staff_deck:
            return DrawStaff(self.staff_deck[int(rng.integers(len(self.staff_deck)))])
        return super().sample_chance(rng)

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
                reason = f"{_describe(action)} is not a roll of {top.dice} dice"
            elif kind in ("refill", "draw_staff"):
                reason = f"{_describe(action)} is not a card of the deck"
            else:
                reason = f"{_describe(action)} is not a possible chance outcome here"
            raise IllegalActionError(f"{reason} ({CHANCE_RULES[kind]})", rule="chance")
        super().check_action(action)

    def _is_legal(self, player: int, action: Action) -> bool:
        return action in self._legal_actions(player)

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

    # ================================================================== setup
    def _setup_tasks(self) -> None:
        """Setup as a stack of tasks (the last pushed runs first)."""
        push = self.tasks.append
        push(tk.FLOW_SETUP_GUESTS)
        staff_setup = self.options["staff_setup"]
        if staff_setup == "draft":
            push(tk.FLOW_DRAFT)
            for p in reversed(range(self.n)):
                for _ in range(HAND_SIZE):
                    push(tk.DrawStaff(p, "packet"))
        elif staff_setup == "introductory":
            push(tk.FLOW_INTRODUCTORY)
        else:
            for p in reversed(range(self.n)):
                for _ in range(HAND_SIZE):
                    push(tk.DrawStaff(p, "hand"))
        for _ in range(GUEST_SPACES):
            push(tk.REFILL)
        for letter in "CBA":
            push(tk.Reveal("emperor", letter))
        for letter in "CBA":
            push(tk.Reveal("politics", letter))
        push(tk.START_PLAYER)

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
            if kind in CHANCE_TASKS:
                if kind == "refill" and not self.guest_deck:
                    tasks.pop()  # the guest deck is empty: the space stays empty
                    continue
                if kind == "draw_staff" and not self.staff_deck and not self.staff_bottom:
                    tasks.pop()
                    continue
                return
            if kind in AUTO_TASKS:
                tasks.pop()
                if isinstance(top, tk.Flow):
                    self._flow(top.step)
                elif isinstance(top, tk.Effect):
                    fx.apply_effect(self, top.player, top.effect)
                elif isinstance(top, tk.OfferRest):
                    self._return_offer(top.player)
                elif kind == "emperor_scoring":
                    self._emperor_scoring()
                elif kind == "cleanup":
                    self._cleanup()
                elif kind == "draft_pass":
                    self.packets = [self.packets[(p - 1) % self.n] for p in range(self.n)]
                continue
            if kind == "turn":
                return
            if isinstance(top, tk.Serve):
                if not self._serve_options(top.player, top.source):
                    tasks.pop()
                    self._finish_serve(top)
                    continue
                return
            if not self._task_options(top):
                # nothing possible (no room fits, no card affordable, café full...): skip
                tasks.pop()
                if isinstance(top, tk.Hire) and top.source == "offer":
                    self._return_offer(top.player)
                continue
            return
        # no task left: the game is over

    def _flow(self, step: str) -> None:
        push = self.tasks.append
        if step == "draft":
            self._draft_round()
        elif step == "introductory":
            self._deal_staff_sets()
        elif step == "setup_guests":
            push(tk.FLOW_SETUP_ROOMS)
            for p in self.turn_order():  # pushed in order, so the last player picks first
                push(tk.REFILL)
                push(tk.SetupGuest(p))
        elif step == "setup_rooms":
            push(tk.FLOW_ROUND_START)
            for p in reversed(self.turn_order()):
                push(tk.Prepare(p, 3))
        elif step == "round_start":
            self.round += 1
            self.stage = "round"
            self.covered = [0] * self.n
            self.passed = [False] * self.n
            self.dustbin = 0
            self.dice = [0] * 6
            push(tk.FLOW_NEXT)
            push(tk.Roll(DICE_PER_PLAYERS[self.n]))
        elif step == "next":
            self._next_turn()
        elif step == "round_end":
            self._round_end()
        elif step == "final":
            self._final_scoring()

    def _visible(self, p: int) -> int | None:
        c = self.covered[p]
        return self.tiles[p][c] if c < 2 else None

    def _next_turn(self) -> None:
        """The lowest visible number moves next (GAH-R04); passing and rerolls (GAH-R05)."""
        if sum(self.dice) == 0:
            self.tasks.append(tk.FLOW_ROUND_END)
            return
        active = [p for p in range(self.n) if self.covered[p] < 2]
        if not active:
            self.tasks.append(tk.FLOW_ROUND_END)
            return
        waiting = [p for p in active if not self.passed[p]]
        if waiting:
            p = min(waiting, key=lambda q: self._visible(q) or 0)
            self.tasks.append(tk.FLOW_NEXT)
            self.tasks.append(tk.Turn(p))
            self.turn = {"p": p, "guest": False, "die": False, "boost": False, "bonus": False}
            return
        # everyone left has passed: one die to the dustbin, the rest rerolled
        total = sum(self.dice) - 1
        self.dustbin += 1
        self.dice = [0] * 6
        if total <= 0:
            self.tasks.append(tk.FLOW_ROUND_END)
            return
        self.passed = [False] * self.n
        self.tasks.append(tk.FLOW_NEXT)
        self.tasks.append(tk.Roll(total))

    def _round_end(self) -> None:
        """Emperor scoring (rounds 3, 5, 7), staff face up, tiles clockwise (GAH-R07)."""
        self.turn = None
        push = self.tasks.append
        if self.round >= ROUNDS:
            push(tk.FLOW_FINAL)
        else:
            push(tk.FLOW_ROUND_START)
        push(tk.CLEANUP)
        if self.round in SCORING_ROUNDS:
            push(tk.EMPEROR_SCORING)

    def _cleanup(self) -> None:
        self.used = [[] for _ in range(self.n)]
        self.tiles = [list(self.tiles[(p - 1) % self.n]) for p in range(self.n)]
        self.start_player = self.turn_order()[0]

    def _emperor_scoring(self) -> None:
        """GAH-E02/E03: VP for the space, move back, then tile bonus or penalty."""
        back = SCORING_ROUNDS[self.round]
        index = list(SCORING_ROUNDS).index(self.round)
        tile = self.emperor_tiles[index] if index < len(self.emperor_tiles) else None
        order = self.turn_order()
        for p in order:
            self.vp[p] += EMPEROR_VP[self.emperor[p]]
            self.emperor[p] = max(0, self.emperor[p] - back)
        if tile is None:
            return
        # bonuses and penalties resolve in turn order: push in reverse
        for p in reversed(order):
            if self.emperor[p] >= EMPEROR_BONUS_SPACE:
                fx.push_emperor_bonus(self, p, tile)
            elif self.emperor[p] == 0:
                fx.push_emperor_penalty(self, p, tile)

    def _final_scoring(self) -> None:
        """GAH-F01..F04."""
        cat = fx.catalog()
        self.final = []
        for p in range(self.n):
            staff_vp = fx.endgame_vp(self, p)
            rooms_vp = sum(cat.final_vp[cat.floor[r]] for r in range(20) if self.rooms[p][r] == 2)
            items = sum(self.kitchen[p])
            cafe = -CAFE_PENALTY_VP * len(self.cafe[p])
            money = self.money[p]
            self.vp[p] += staff_vp + rooms_vp + money + items + cafe
            self.final.append(
                {"staff": staff_vp, "rooms": rooms_vp, "money": money, "items": items, "cafe": cafe}
            )
        self.stage = "over"

    # ====================================================== introductory sets
    def _deal_staff_sets(self) -> None:
        """GAH-S09: the start player takes set A, the next player B, ...; the rest is the deck.

        The deck stays an unordered pile (each draw a uniform chance node), which
        is what shuffling the rest into the draw pile amounts to.
        """
        sets = card_data.staff_sets()
        for i in range(self.n):
            p = (self.start_player + i) % self.n
            self.hand[p] = sorted(sets[i].cards)
            for card in sets[i].cards:
                self.staff_deck.remove(card)

    # ================================================================== draft
    def _draft_round(self) -> None:
        if not any(self.packets):
            return
        self.tasks.append(tk.FLOW_DRAFT)
        self.tasks.append(tk.DRAFT_PASS)
        for p in reversed(range(self.n)):
            self.tasks.append(tk.DraftPick(p))

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
        self.tasks.append(tk.Serve(p, "fresh", 99))

    def room_cost(self, p: int, room: int, discount: int = 0, free: bool = False) -> int:
        """Krones to prepare ``room``: its floor's cost less the discount (GAH-D05)."""
        cat = fx.catalog()
        if free or fx.free_colour(self.staff[p], cat.colour[room]):
            return 0
        return max(0, cat.floor_cost[cat.floor[room]] - discount)

    def hire_cost(self, card: int, discount: int) -> int:
        """Krones to play staff ``card``: its cost less the discount, never below 0 (GAH-D08)."""
        return max(0, fx.catalog().staff[card].cost - discount)

    def guest_cost(self, p: int, slot: int) -> int:
        """Krones for player ``p`` to take the guest on ``slot`` in a turn (GAH-G01)."""
        if fx.has_waive(self.staff[p], "guest_cost") is not None:
            return 0
        return QUEUE_COSTS[slot]

    def _serving_fee(self, p: int) -> int:
        return 0 if fx.has_waive(self.staff[p], "serving_cost") is not None else 1

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
        for r in range(20):
            if rooms[r] or cat.floor[r] > max_floor or colour not in ("any", cat.colour[r]):
                continue
            if any(rooms[a] for a in cat.adjacent[r]):
                out.append(r)
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
        entry = self.cafe[p][slot]
        order = fx.catalog().guests[entry[0]].order
        return (
            entry[1] == order[0]
            and entry[2] == order[1]
            and entry[3] == order[2]
            and (entry[4] == order[3])
        )

    def _needs(self, entry: list[int], item: int) -> bool:
        return entry[1 + item] < fx.catalog().guests[entry[0]].order[item]

    def free_rooms_for(self, p: int, guest: int) -> list[int]:
        cat = fx.catalog()
        colour = cat.guests[guest].colour
        rooms = self.rooms[p]
        return [
            r for r in range(20) if rooms[r] == 1 and (colour == "green" or cat.colour[r] == colour)
        ]

    # =========================================================== decisions
    def _legal_actions(self, player: int) -> list[Action]:
        top = self.tasks[-1]
        if isinstance(top, tk.Turn):
            return self._turn_actions(top.player)
        return self._task_options(top)

    def _task_options(self, top: Any) -> list[Action]:
        stage = STAGES.get(type(top))
        return stage.options(self, top) if stage is not None and stage.options else []

    def _items_options(self, top: Any) -> list[Action]:
        n, pair = top.strength, top.pair
        out: list[Action] = []
        for second in range(n // 2 + 1):  # cake <= strudel, coffee <= wine
            first = n - second
            out.append(TakeItems(first, second) if pair == 0 else TakeItems(0, 0, first, second))
        return out

    def _serve_stage_options(self, top: Any) -> list[Action]:
        p = top.player
        out = self._serve_options(p, top.source)
        out.append(Done())
        return out

    def _prepare_options(self, top: Any) -> list[Action]:
        p = top.player
        money = self.money[p]
        out = [
            Prepare(r)
            for r in self.placeable_rooms(p, top.max_floor, top.colour)
            if self.room_cost(p, r, top.discount, top.free) <= money
        ]
        if out:
            out.append(Done())
        return out

    def _split_options(self, top: Any) -> list[Action]:
        n = top.strength
        return [Split(e, n - e) for e in range(n + 1)]

    def _hire_options(self, top: Any) -> list[Action]:
        p = top.player
        discount = top.discount
        cards = self.hand[p] if top.source == "hand" else self.offer
        out = [Hire(c) for c in cards if self.hire_cost(c, discount) <= self.money[p]]
        if out and not top.mandatory:
            out.append(Done())
        return out

    def _choose_item_options(self, top: Any) -> list[Action]:
        return [Gain(i) for i in range(4)]

    def _occupy_options(self, top: Any) -> list[Action]:
        p = top.player
        colour = top.colour
        cat = fx.catalog()
        out = [
            Occupy(r)
            for r in range(20)
            if self.rooms[p][r] == 1 and (colour == "any" or cat.colour[r] == colour)
        ]
        if out:
            out.append(Done())
        return out

    def _guest_options(self, top: Any) -> list[Action]:
        p = top.player
        if len(self.cafe[p]) >= CAFE_SIZE:
            return []
        free = top.kind == "setup_guest" or top.free
        out = [
            TakeGuest(s)
            for s in range(GUEST_SPACES)
            if self.queue[s] is not None and (free or QUEUE_COSTS[s] <= self.money[p])
        ]
        if out and top.kind == "free_guest":
            out.append(Done())
        return out

    def _complete_order_options(self, top: Any) -> list[Action]:
        p = top.player
        colour = top.colour
        cat = fx.catalog()
        out = [
            CompleteOrder(s)
            for s, entry in enumerate(self.cafe[p])
            if (colour == "any" or cat.guests[entry[0]].colour == colour)
            and not self.guest_complete(p, s)
        ]
        if out:
            out.append(Done())
        return out

    def _draft_pick_options(self, top: Any) -> list[Action]:
        p = top.player
        return [PickStaff(c) for c in self.packets[p]]

    def _remove_rooms_options(self, top: Any) -> list[Action]:
        return [RemoveRoom(r) for r in self._removable(top)]

    def _return_staff_options(self, top: Any) -> list[Action]:
        p = top.player
        return [ReturnStaff(c) for c in self.hand[p]] if top.count > 0 else []

    def _discard_staff_options(self, top: Any) -> list[Action]:
        p = top.player
        return [DiscardStaff(c) for c in fx.hired(self, p, top.timing)] if top.count > 0 else []

    def _conference_options(self, top: Any) -> list[Action]:
        return [AvoidPenalty(True), AvoidPenalty(False)]

    def _choose_penalty_options(self, top: Any) -> list[Action]:
        return [ChoosePenalty(0), ChoosePenalty(1)]

    def _extra_action_options(self, top: Any) -> list[Action]:
        p = top.player
        out = []
        rooms_cache: dict[int, bool] = {}
        refuse = self.options.get("impossible_die_action", "refuse") == "refuse"
        for space in range(1, 7):
            if not self.dice[space - 1]:
                continue
            if self._die_fees(p, space, False) > self.money[p]:
                continue
            for act in range(1, 6) if space == 6 else (space,):
                money = self.money[p] - self._die_fees(p, space, False)
                if (
                    refuse
                    and act in (3, 5)
                    and not self._action_possible(p, space, False, act, money, rooms_cache)
                ):
                    continue
                out.append(TakeDie(space, False, act if space == 6 else 0))
        return out

    def _serve_options(self, p: int, source: str) -> list[Action]:
        pool = self.fresh[p] if source == "fresh" else self.kitchen[p]
        out: list[Action] = []
        for s, entry in enumerate(self.cafe[p]):
            for i in range(4):
                if pool[i] and self._needs(entry, i):
                    out.append(Serve(s, i))
        return out

    def _removable(self, top: tk.RemoveRooms) -> list[int]:
        """Rooms a removal penalty may take now: on the highest floor holding one.

        With ``one_per_floor`` (tile C2) a floor already used is skipped.
        """
        p, status, one_per_floor, floors_done = (
            top.player,
            top.status,
            top.one_per_floor,
            top.floors_done,
        )
        if top.count <= 0:
            return []
        cat = fx.catalog()
        rooms = self.rooms[p]
        candidates = [
            r
            for r in range(20)
            if rooms[r] == status and not (one_per_floor and cat.floor[r] in floors_done)
        ]
        if not candidates:
            return []
        top_floor = max(cat.floor[r] for r in candidates)
        return [r for r in candidates if cat.floor[r] == top_floor]

    def _die_fees(self, p: int, space: int, boost: bool) -> int:
        fee = 1 if boost else 0
        if space == 6:
            fee += fx.six_fee(self.staff[p])
        return fee

    def die_strength(self, p: int, space: int, boost: bool, act: int) -> int:
        """Action strength: dice on the space, +1 bought, plus staff modifiers."""
        strength = self.dice[space - 1] + (1 if boost else 0)
        return strength + fx.strength_bonus(self.staff[p], space, act)

    def _turn_actions(self, p: int) -> list[Action]:
        turn = self.turn
        assert turn is not None
        out: list[Action] = []
        if not turn["die"]:
            money = self.money[p]
            if not turn["guest"] and len(self.cafe[p]) < CAFE_SIZE:
                free = fx.has_waive(self.staff[p], "guest_cost") is not None
                for s in range(GUEST_SPACES):
                    if self.queue[s] is not None and (free or QUEUE_COSTS[s] <= money):
                        out.append(TakeGuest(s))
            dice = []
            rooms_cache = {}
            refuse = self.options.get("impossible_die_action", "refuse") == "refuse"
            for space in range(1, 7):
                if not self.dice[space - 1]:
                    continue
                for boost in (False, True):
                    fee = self._die_fees(p, space, boost)
                    if fee > money:
                        continue
                    for act in range(1, 6) if space == 6 else (space,):
                        if (
                            refuse
                            and act in (3, 5)
                            and not self._action_possible(
                                p, space, boost, act, money - fee, rooms_cache
                            )
                        ):
                            continue
                        dice.append(TakeDie(space, boost, act if space == 6 else 0))
            out += dice
            if self.options.get("additional_actions", "after_die") == "any_time":
                out += self._additional_actions(p)
            # a pass replaces the whole turn: only before anything was done, or
            # when no die can be taken after all (GAH-R03)
            if not (turn["guest"] or turn.get("acted")) or not dice:
                out.append(Pass())
            return out
        out = self._additional_actions(p)
        out.append(EndTurn())
        return out

    def _additional_actions(self, p: int) -> list[Action]:
        """GAH-A02..A05: check-ins, serving from the kitchen, politics, staff once a round."""
        out: list[Action] = []
        for s, entry in enumerate(self.cafe[p]):
            if self.guest_complete(p, s):
                for r in self.free_rooms_for(p, entry[0]):
                    out.append(CheckIn(s, r))
        if (self.money[p] >= 1 or fx.has_waive(self.staff[p], "serving_cost") is not None) and (
            self._serve_options(p, "kitchen")
        ):
            out.append(ServeFromKitchen())
        for i in range(len(self.politics)):
            claims = self.claims[i]
            if p not in claims and len(claims) < 3 and fx.politics_met(self, p, self.politics[i]):
                out.append(ClaimPolitics(i))
        for c in self.staff[p]:
            if c not in self.used[p] and fx.catalog().staff[c].timing == "once_per_round":
                out.append(UseStaff(c))
        return out

    def _action_possible(
        self,
        p: int,
        space: int,
        boost: bool,
        act: int,
        money: int,
        rooms_cache: dict[int, bool] | None = None,
    ) -> bool:
        """Whether action ``act`` (die from ``space``) can be carried out with ``money``.

        Actions 1, 2 and 4 always can. (With option ``impossible_die_action="allow"``
        the callers take any die: an impossible action does nothing.) ``rooms_cache``
        keeps the action-3 answer per amount of money within one listing.
        """
        if act not in (3, 5):
            return True
        if act == 5:
            return self._can_hire_with(p, self.die_strength(p, space, boost, 5), money, space)
        if rooms_cache is None:
            return self._can_prepare_with(p, money)
        if money not in rooms_cache:
            rooms_cache[money] = self._can_prepare_with(p, money)
        return rooms_cache[money]

    def _can_prepare_with(self, p: int, money: int) -> bool:
        """Whether some room can be placed (GAH-D05) and paid with ``money``."""
        rooms = self.rooms[p]
        if not any(rooms):
            return self.room_cost(p, 0) <= money  # the bottom-left room comes first
        adjacent = fx.catalog().adjacent
        rich = money >= MAX_ROOM_COST  # every room is affordable: only placement matters
        for r in range(20):
            if (
                not rooms[r]
                and any(rooms[a] for a in adjacent[r])
                and (rich or self.room_cost(p, r) <= money)
            ):
                return True
        return False

    def _die_action_impossible(self, p: int, space: int, boost: bool, act: int) -> str:
        """Why the action of this die cannot be carried out ("" if it can)."""
        money = self.money[p] - self._die_fees(p, space, boost)
        if self.options.get("impossible_die_action", "refuse") == "allow":
            return ""
        if self._action_possible(p, space, boost, act, money):
            return ""
        note = (
            " (a die is taken to carry out its action; option "
            'impossible_die_action="allow" lets it be taken for nothing)'
        )
        if act == 5:
            return "you cannot afford any staff card in your hand" + note + " [GAH-D08]"
        return (
            "you cannot prepare any room: none placeable that you can afford"
            + note
            + (" [GAH-D05]")
        )

    def hire_discount(self, p: int, space: int, strength: int, dice: int | None = None) -> int:
        """Krones off a staff card for action 5: the strength plus Checker-like cards.

        ``dice`` is how many dice showed on ``space`` when the die was taken
        (default: the dice there now), used by option ``checker="per_die"``.
        """
        if self.options.get("checker", "die_taken") == "per_die":
            count = self.dice[space - 1] if dice is None else dice
            return strength + fx.hire_discount_per_die(self.staff[p], space) * count
        return strength + fx.hire_discount_bonus(self.staff[p], space)

    def _can_hire_with(self, p: int, strength: int, money: int, space: int) -> bool:
        discount = self.hire_discount(p, space, strength)
        return any(self.hire_cost(c, discount) <= money for c in self.hand[p])

    # ============================================================== explain
    def _task_ask(self, top: Any) -> tuple[str, str, tuple[type[Action], ...]]:
        """What the decision on top asks for, the rule it follows, the action types it takes."""
        kind = top.kind
        stage = STAGES.get(type(top))
        if stage is not None and stage.ask is not None:
            return (*stage.ask, stage.takes)
        if kind == "turn":
            turn = self.turn
            if turn is not None and turn["die"]:
                return (
                    "take additional actions (check in, serve from the kitchen, claim "
                    "politics, use a staff card) or end the turn",
                    "GAH-A02..GAH-A05",
                    _TURN_ACTIONS,
                )
            return (
                "take a guest (optional, once), then take a die, or pass",
                "GAH-R03",
                _TURN_ACTIONS,
            )
        if kind == "items":
            what = "dishes (action 1)" if top.pair == 0 else "drinks (action 2)"
            rule = ("GAH-D02", "GAH-D03")[top.pair]
            return f"choose the {top.strength} {what} to take", rule, (TakeItems,)
        if kind == "serve":
            rule = "GAH-D04" if top.source == "fresh" else "GAH-A02"
            return (
                "serve dishes and drinks onto café guests' orders, or finish (Done)",
                rule,
                (
                    Serve,
                    Done,
                ),
            )
        if kind == "prepare":
            rule = "GAH-S08" if self.stage == "setup" else "GAH-D05"
            return (
                f"prepare up to {top.count} more room(s), or finish (Done)",
                rule,
                (Prepare, Done),
            )
        return ("finish the current step", "GAH-R03", ())

    def _not_now(self, action: Action, ask: str, rule: str) -> str:
        """``action`` does not fit the decision asked now: say what is asked, and the
        legal actions when there are few."""
        who = self.current_player()
        legal = self.legal_actions()
        hint = ""
        if 0 < len(legal) <= 6:
            hint = "; legal now: " + "; ".join(_describe(a) for a in legal)
        return f"{_describe(action)} is not possible now: P{who + 1} must {ask}{hint} [{rule}]"

    def explain_illegal(self, action: Action) -> str:
        """Why ``action`` is refused, naming the rule (a GAH ID of the checklist)."""
        if not self.tasks:
            return "the game is over: no more actions [GAH-R01]"
        top = self.tasks[-1]
        ask, rule, types = self._task_ask(top)
        if not isinstance(action, types):
            return self._not_now(action, ask, rule)
        if isinstance(top, tk.Turn):
            reason = self._explain_turn(top.player, action)
        else:
            reason = self._explain_task(top, action)
        return reason or self._not_now(action, ask, rule)

    def _explain_guest(self, p: int, slot: Any, free: bool, setup: bool = False) -> str:
        rule = "GAH-S07" if setup else "GAH-G01"
        if len(self.cafe[p]) >= CAFE_SIZE:
            return "the café is full: you cannot take a guest [GAH-G02]"
        if not isinstance(slot, int) or not 0 <= slot < GUEST_SPACES:
            return f"guest spaces are numbered 0 to {GUEST_SPACES - 1} [{rule}]"
        if self.queue[slot] is None:
            return f"there is no guest on that space [{rule}]"
        if not free and QUEUE_COSTS[slot] > self.money[p]:
            return (
                f"you cannot afford this guest: space {slot} costs {QUEUE_COSTS[slot]} "
                f"krones, you have {self.money[p]} [{rule}]"
            )
        return ""

    def _explain_turn(self, p: int, action: Action) -> str:
        turn = self.turn
        assert turn is not None
        if isinstance(action, TakeGuest):
            if turn["guest"] or turn["die"]:
                return "a guest may be taken only once, before taking a die [GAH-G01]"
            free = fx.has_waive(self.staff[p], "guest_cost") is not None
            return self._explain_guest(p, action.slot, free)
        if (
            isinstance(action, (CheckIn, ServeFromKitchen, ClaimPolitics, UseStaff))
            and not turn["die"]
            and self.options.get("additional_actions", "after_die") == "after_die"
        ):
            return (
                "additional actions come after taking a die (option "
                'additional_actions="any_time" allows them before) [GAH-A02..GAH-A05]'
            )
        if isinstance(action, CheckIn):
            if not isinstance(action.slot, int) or not 0 <= action.slot < len(self.cafe[p]):
                return "there is no guest at that café table [GAH-A05]"
            if not self.guest_complete(p, action.slot):
                return "this guest's order is not complete [GAH-G04]"
            rooms = self.free_rooms_for(p, self.cafe[p][action.slot][0])
            colour = fx.catalog().guests[self.cafe[p][action.slot][0]].colour
            if not rooms:
                return f"no free {colour} room for this guest [GAH-A06]"
            return (
                f"room {action.room} is not a free prepared room for this {colour} guest; "
                f"free rooms: {rooms} [GAH-A05]"
            )
        if isinstance(action, TakeDie):
            return self._explain_die(p, action, turn["boost"] if turn["die"] else False)
        if isinstance(action, ClaimPolitics):
            if not isinstance(action.index, int) or not 0 <= action.index < len(self.politics):
                return "politics cards are numbered 0, 1, 2 (A, B, C) [GAH-A03]"
            claims = self.claims[action.index]
            if p in claims:
                return "you already have a disk on this politics card [GAH-A03]"
            if len(claims) >= 3:
                return "this politics card has no free space left [GAH-A03]"
            return "you do not meet this politics card's condition [GAH-P01]"
        if isinstance(action, UseStaff):
            if action.card not in self.staff[p]:
                return "you have not played this staff card [GAH-A04]"
            if fx.catalog().staff[action.card].timing != "once_per_round":
                return "this staff card has no once-per-round effect [GAH-A04]"
            return "this staff card was already used this round [GAH-A04]"
        if isinstance(action, ServeFromKitchen):
            if self.money[p] < 1 and fx.has_waive(self.staff[p], "serving_cost") is None:
                return "serving from the kitchen costs 1 krone [GAH-A02]"
            return "no café guest needs an item from your kitchen [GAH-A02]"
        if isinstance(action, Pass):
            return "you can pass only instead of a turn, before taking a guest or die [GAH-R03]"
        if isinstance(action, EndTurn):
            return "you must take a die (or pass) before ending your turn [GAH-D01]"
        return ""

    def _explain_die(self, p: int, action: TakeDie, extra: bool = False) -> str:
        """Why a die (or Gizia's extra action) on ``action.space`` is refused."""
        rule = "GAH-GUEST-97" if extra else "GAH-D01"
        if self.turn and self.turn["die"] and not extra:
            return "you have already taken a die this turn [GAH-D01]"
        space = action.space
        if not isinstance(space, int) or not 1 <= space <= 6:
            return f"action spaces are numbered 1 to 6 [{rule}]"
        if not self.dice[space - 1]:
            return f"there is no die on that action space [{rule}]"
        if space == 6 and action.imitate not in (1, 2, 3, 4, 5):
            return "space 6 must name one of the actions 1 to 5 (imitate=1..5) [GAH-D09]"
        if space != 6 and action.imitate != 0:
            return "only a die from space 6 imitates another action (imitate=0 here) [GAH-D09]"
        if extra and action.boost:
            return "the extra action cannot be strengthened for a krone [GAH-GUEST-97]"
        fee = self._die_fees(p, space, bool(action.boost))
        if fee > self.money[p]:
            return f"you cannot pay the {fee} krone(s) this needs [GAH-A01/GAH-D09]"
        act = action.imitate if space == 6 else space
        reason = self._die_action_impossible(p, space, bool(action.boost), act)
        if reason:
            return reason
        return f"this die cannot be taken now [{rule}]"

    def _explain_task(self, top: Any, action: Action) -> str:
        """Why an action of the right kind does not fit the decision on top."""
        kind, p = top.kind, top.player
        if kind == "items" and isinstance(action, TakeItems):
            c = action.counts
            if top.pair == 0 and c[1] > c[0]:
                return "you cannot take more cake than strudel [GAH-D02]"
            if top.pair == 1 and c[3] > c[2]:
                return "you cannot take more coffee than wine [GAH-D03]"
            what = ("strudel and cake", "wine and coffee")[top.pair]
            return (
                f"take exactly {top.strength} {what}, one per point of strength "
                f"[{('GAH-D02', 'GAH-D03')[top.pair]}]"
            )
        if kind == "serve" and isinstance(action, Serve):
            rule = "GAH-D04" if top.source == "fresh" else "GAH-A02"
            return f"that guest does not need this item, or you do not have it [{rule}]"
        if kind == "prepare" and isinstance(action, Prepare):
            return self._explain_prepare(top, action.room)
        if kind == "split" and isinstance(action, Split):
            return f"split exactly {top.strength} between the emperor and money tracks [GAH-D07]"
        if kind == "hire":
            if isinstance(action, Done):
                return "action 5 must play exactly one staff card [GAH-D08]"
            where = "your hand" if top.source == "hand" else "the cards drawn"
            return (
                f"you can play only a staff card from {where} that you can afford: its cost "
                f"less {top.discount} krones (never below 0) [GAH-D08]"
            )
        if kind == "choose_item":
            return "choose one of strudel, cake, wine, coffee (item 0 to 3) [GAH-A05]"
        if kind == "occupy":
            colour = "" if top.colour == "any" else f" {top.colour}"
            return f"occupy a prepared (vacant){colour} room of your hotel [GAH-A05]"
        if kind in ("free_guest", "setup_guest") and isinstance(action, TakeGuest):
            free = kind == "setup_guest" or bool(top.free)
            return self._explain_guest(p, action.slot, free, setup=kind == "setup_guest")
        if kind == "complete_order":
            return "choose a café guest whose order is not yet complete [GAH-G04]"
        if kind == "draft_pick":
            return "keep one staff card of the packet you hold [GAH-S10]"
        if kind == "remove_rooms":
            return (
                f"the penalty removes rooms from the highest floor holding one: rooms "
                f"{self._removable(top)} [GAH-E04]"
            )
        if kind == "return_staff":
            return "put a staff card from your hand under the deck [GAH-E04]"
        if kind == "discard_staff":
            return "discard one of your played staff cards of the penalty's kind [GAH-E04]"
        if kind == "extra_action" and isinstance(action, TakeDie):
            return self._explain_die(p, action, extra=True)
        return ""

    def _explain_prepare(self, top: tk.Prepare, room: Any) -> str:
        p, discount, free, max_floor, colour = (
            top.player,
            top.discount,
            top.free,
            top.max_floor,
            top.colour,
        )
        rule = "GAH-S08" if self.stage == "setup" else "GAH-D05"
        if not isinstance(room, int) or not 0 <= room < 20:
            return f"rooms are numbered 0 to 19 (floor * 5 + column) [{rule}]"
        if self.rooms[p][room]:
            return f"that room is already prepared [{rule}]"
        if room not in self.placeable_rooms(p, max_floor, colour):
            if not any(self.rooms[p]):
                return "the first room must be the bottom-left room [GAH-S08]"
            return (
                "a room tile must go next to an already placed room on a free space of "
                f"this reward's floors and colour [{rule}]"
            )
        cost = self.room_cost(p, room, discount, free)
        return f"you cannot afford this room: it costs {cost}, you have {self.money[p]} [{rule}]"

    # ================================================================= apply
    def _apply(self, action: Action) -> None:
        top = self.tasks[-1]
        STAGES[type(top)].apply(self, top, action)
        self._advance()

    # -------------------------------------------------------------- chance
    def _do_start_player(self, top: tk.Task, action: StartPlayer) -> None:
        self.tasks.pop()
        self.start_player = action.player
        pairs = TURN_ORDER_TILES[self.n]
        for i in range(self.n):
            self.tiles[(action.player + i) % self.n] = list(pairs[i])

    def _do_reveal(self, top: tk.Task, action: Reveal) -> None:
        self.tasks.pop()
        (self.politics if action.what == "politics" else self.emperor_tiles).append(action.card)

    def _do_refill(self, top: tk.Task, action: DrawGuest) -> None:
        self.tasks.pop()
        self.guest_deck.remove(action.guest)
        # new guests enter on the leftmost empty space
        slot = self.queue.index(None) if None in self.queue else 0
        self.queue[slot] = action.guest

    def _do_draw_staff(self, top: tk.DrawStaff, action: DrawStaff) -> None:
        self.tasks.pop()
        if self.staff_deck:
            self.staff_deck.remove(action.card)
        else:
            self.staff_bottom.pop(0)
        dest, p = top.dest, top.player
        if dest == "hand":
            self.hand[p].append(action.card)
            self.hand[p].sort()
        elif dest == "packet":
            self.packets[p].append(action.card)
            self.packets[p].sort()
        else:
            self.offer.append(action.card)

    def _do_roll(self, top: tk.Task, action: Roll) -> None:
        self.tasks.pop()
        self.dice = list(action.counts)

    # ----------------------------------------------------------- setup
    def _do_draft_pick(self, top: tk.DraftPick, action: PickStaff) -> None:
        self.tasks.pop()
        p = top.player
        self.packets[p].remove(action.card)
        self.hand[p].append(action.card)
        self.hand[p].sort()

    def _do_setup_guest(self, top: tk.SetupGuest, action: TakeGuest) -> None:
        self.tasks.pop()
        self._take_guest(top.player, action.slot, pay=False)

    def _take_guest(self, p: int, slot: int, pay: bool) -> None:
        guest = self.queue[slot]
        assert guest is not None
        if pay:
            self.pay(p, self.guest_cost(p, slot), "GAH-G01")
        self.cafe[p].append([guest, 0, 0, 0, 0])
        # the guests to the left slide right; the leftmost space is refilled
        for s in range(slot, 0, -1):
            self.queue[s] = self.queue[s - 1]
        self.queue[0] = None

    # ------------------------------------------------------------- turn
    def _do_turn(self, top: tk.Turn, action: Action) -> None:
        p = top.player
        turn = self.turn
        assert turn is not None
        if isinstance(action, TakeGuest):
            turn["guest"] = True
            self._take_guest(p, action.slot, pay=True)
            self.tasks.append(tk.REFILL)
        elif isinstance(action, TakeDie):
            self._take_die(p, action)
        elif isinstance(action, Pass):
            self.tasks.pop()
            if not turn["bonus"]:
                self.passed[p] = True
            self.turn = None
        elif isinstance(action, EndTurn):
            self.tasks.pop()
            self.turn = None
            if turn.get("gizia"):
                self._bonus_turn(p, turn["gizia"] - 1)
        elif isinstance(action, CheckIn):
            turn["acted"] = True
            self.check_in(p, action.slot, action.room)
        elif isinstance(action, ServeFromKitchen):
            turn["acted"] = True
            self.pay(p, self._serving_fee(p), "GAH-A02")
            self.tasks.append(tk.Serve(p, "kitchen", 3))
        elif isinstance(action, ClaimPolitics):
            turn["acted"] = True
            claims = self.claims[action.index]
            self.vp[p] += POLITICS_VP[len(claims)]
            claims.append(p)
        elif isinstance(action, UseStaff):
            turn["acted"] = True
            self.used[p].append(action.card)
            fx.push_effects(self, p, fx.catalog().staff[action.card].effects)

    def _bonus_turn(self, p: int, more: int) -> None:
        """E. Gizia: another turn in which the die taken is not removed."""
        self.tasks.append(tk.Turn(p))
        self.turn = {"p": p, "guest": False, "die": False, "boost": False, "bonus": True}
        if more:
            self.turn["gizia"] = more

    def grant_gizia(self, p: int, scope: str = "turn") -> None:
        """E. Gizia's reward: another turn (rulebook) or one extra action (option)."""
        if self.options.get("gizia", "extra_turn") == "extra_action":
            self.tasks.append(tk.ExtraAction(p))
        elif self.turn is not None and self.turn["p"] == p:
            self.turn["gizia"] = self.turn.get("gizia", 0) + 1

    def _take_die(self, p: int, action: TakeDie) -> None:
        turn = self.turn
        assert turn is not None
        space = action.space
        act = action.imitate if space == 6 else space
        strength = self.die_strength(p, space, action.boost, act)
        self.pay(p, self._die_fees(p, space, action.boost), "GAH-A01/GAH-D09")
        turn["die"] = True
        turn["boost"] = action.boost
        dice = self.dice[space - 1]
        if not turn["bonus"]:
            self.dice[space - 1] -= 1
            self.covered[p] += 1
        self.start_action(p, act, strength, space, dice)

    def start_action(
        self, p: int, act: int, strength: int, space: int, dice: int | None = None
    ) -> None:
        """Push the tasks of action ``act`` with ``strength`` (die on ``space``, where
        ``dice`` dice showed when it was taken)."""
        # die-face staff effects resolve after the action itself: push them first
        fx.push_die_effects(self, p, space, act)
        if act in (1, 2):
            self.tasks.append(tk.Items(p, act - 1, strength))
        elif act == 3:
            self.tasks.append(tk.Prepare(p, strength))
        elif act == 4:
            if fx.both_tracks(self.staff[p], space):
                self.advance_emperor(p, strength)
                self.gain_money(p, strength)
            else:
                self.tasks.append(tk.Split(p, strength))
        elif act == 5:
            discount = self.hire_discount(p, space, strength, dice)
            self.tasks.append(tk.Hire(p, discount, True, "hand"))

    def _do_extra_action(self, top: tk.ExtraAction, action: TakeDie) -> None:
        """Gizia's extra action (option): an action space's action without a die."""
        self.tasks.pop()
        p = top.player
        self.pay(p, self._die_fees(p, action.space, False), "GAH-D09")
        act = action.imitate if action.space == 6 else action.space
        self.start_action(p, act, self.die_strength(p, action.space, False, act), action.space)

    def check_in(self, p: int, slot: int, room: int) -> None:
        """GAH-A05: the guest moves in; VP, staff triggers, occupancy bonus, reward."""
        cat = fx.catalog()
        entry = self.cafe[p].pop(slot)
        guest = cat.guests[entry[0]]
        self.guest_discard.append(entry[0])
        self.vp[p] += guest.vp
        self.occupy_room(p, room)
        fx.on_check_in(self, p, guest)
        fx.push_effects(self, p, guest.reward)

    # ---------------------------------------------------------- subtasks
    def _do_items(self, top: tk.Items, action: TakeItems) -> None:
        self.tasks.pop()
        self.receive_items(top.player, action.counts)

    def _do_serve(self, top: tk.Serve, action: Action) -> None:
        p = top.player
        if isinstance(action, Done):
            self.tasks.pop()
            self._finish_serve(top)
            return
        assert isinstance(action, Serve)
        pool = self.fresh[p] if top.source == "fresh" else self.kitchen[p]
        pool[action.item] -= 1
        self.cafe[p][action.slot][1 + action.item] += 1
        self._count_down(top)

    def _count_down(self, top: Any, **changes: Any) -> None:
        """One done of a task taken ``count`` times; at 0 it goes (serving: the rest too).

        The action may have pushed tasks above it (a room occupied triggers staff
        effects): the count is lowered where the task sits and, at 0, the top of the
        stack is popped, as the engine always did, so saved games replay unchanged.
        """
        tasks = self.tasks
        if top.count <= 1 and tasks[-1] is top:  # the usual last one: no new record
            tasks.pop()
            if isinstance(top, tk.Serve):
                self._finish_serve(top)
            return
        index = len(tasks) - 1
        while tasks[index] is not top:
            index -= 1
        left = top.less(**changes)
        tasks[index] = left
        if left.count <= 0:
            tasks.pop()
            if isinstance(top, tk.Serve):
                self._finish_serve(top)

    def _finish_serve(self, top: tk.Serve) -> None:
        p = top.player
        if top.source == "fresh":
            kitchen, fresh = self.kitchen[p], self.fresh[p]
            for i in range(4):
                kitchen[i] += fresh[i]
                fresh[i] = 0

    def _do_prepare(self, top: tk.Prepare, action: Action) -> None:
        p = top.player
        if isinstance(action, Done):
            self.tasks.pop()
            return
        assert isinstance(action, Prepare)
        cat = fx.catalog()
        self.pay(p, self.room_cost(p, action.room, top.discount, top.free), "GAH-D05")
        self.rooms[p][action.room] = 1
        self.vp[p] += cat.prepare_vp.get(action.room, 0)
        if top.occupy:
            self.occupy_room(p, action.room)
        self._count_down(top)

    def _do_split(self, top: tk.Split, action: Split) -> None:
        self.tasks.pop()
        self.advance_emperor(top.player, action.emperor)
        self.gain_money(top.player, action.money)

    def _do_hire(self, top: tk.Hire, action: Action) -> None:
        self.tasks.pop()
        p, discount, source = top.player, top.discount, top.source
        if source == "offer":
            self.tasks.append(tk.OfferRest(p))
        if isinstance(action, Done):
            return
        assert isinstance(action, Hire)
        self.hire(p, action.card, discount, source)

    def hire(self, p: int, card: int, discount: int, source: str = "hand") -> None:
        """Play a staff card: pay its cost less the discount (never below 0)."""
        staff = fx.catalog().staff[card]
        (self.hand[p] if source == "hand" else self.offer).remove(card)
        self.pay(p, self.hire_cost(card, discount), "GAH-D08")
        self.staff[p].append(card)
        if staff.timing == "one_time":
            fx.push_effects(self, p, staff.effects)

    def _return_offer(self, p: int) -> None:
        for c in self.offer:
            self.staff_bottom.append([c, p])
        self.offer = []

    def _do_choose_item(self, top: tk.ChooseItem, action: Gain) -> None:
        # the task goes first: the item received may start tasks of its own
        self._count_down(top)
        counts = [0, 0, 0, 0]
        counts[action.item] = 1
        self.receive_items(top.player, counts)

    def _do_occupy(self, top: tk.Occupy, action: Action) -> None:
        if isinstance(action, Done):
            self.tasks.pop()
            return
        assert isinstance(action, Occupy)
        self.occupy_room(top.player, action.room)
        self._count_down(top)

    def _do_free_guest(self, top: tk.FreeGuest, action: Action) -> None:
        self.tasks.pop()
        if isinstance(action, TakeGuest):
            self._take_guest(top.player, action.slot, pay=not top.free)
            self.tasks.append(tk.REFILL)

    def _do_complete_order(self, top: tk.CompleteOrder, action: Action) -> None:
        self.tasks.pop()
        if isinstance(action, CompleteOrder):
            entry = self.cafe[top.player][action.slot]
            entry[1:5] = list(fx.catalog().guests[entry[0]].order)

    def _do_remove_rooms(self, top: tk.RemoveRooms, action: RemoveRoom) -> None:
        p = top.player
        self.rooms[p][action.room] = 0
        floor = fx.catalog().floor[action.room]
        self._count_down(top, floors_done=(*top.floors_done, floor))

    def _do_return_staff(self, top: tk.ReturnStaff, action: ReturnStaff) -> None:
        p = top.player
        self.hand[p].remove(action.card)
        self.staff_bottom.append([action.card, p])
        self._count_down(top)

    def _do_discard_staff(self, top: tk.DiscardStaff, action: DiscardStaff) -> None:
        self.staff[top.player].remove(action.card)
        self.staff_discard.append(action.card)
        self._count_down(top)

    def _do_choose_penalty(self, top: tk.ChoosePenalty, action: ChoosePenalty) -> None:
        self.tasks.pop()
        fx.push_penalty_option(self, top.player, top.tile, action.option)

    def _do_conference(self, top: tk.Conference, action: AvoidPenalty) -> None:
        self.tasks.pop()
        p = top.player
        if action.pay:
            self.pay(p, top.fee, "GAH-STAFF-26")
        else:
            fx.push_penalty_effects(self, p, top.tile)

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
        state = self.clone()
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


@dataclasses.dataclass(frozen=True)
class Stage:
    """One task kind's stage (boardgame.io's stages, done in Python).

    What the decision asks and the rule it follows (``None``: the words depend on
    the state, :meth:`GrandAustriaState._task_ask`), the action types it takes, how
    its legal options are listed (``None``: a chance node or the turn, listed by
    ``chance_outcomes`` or ``_turn_actions``) and how an action applies.
    """

    ask: tuple[str, str] | None
    takes: tuple[type[Action], ...]
    options: Callable[[Any, Any], list[Action]] | None
    apply: Callable[[Any, Any, Action], None]


STAGES: dict[type[tk.Task], Stage] = {
    tk.Turn: Stage(None, _TURN_ACTIONS, None, GrandAustriaState._do_turn),
    tk.Items: Stage(
        None, (TakeItems,), GrandAustriaState._items_options, GrandAustriaState._do_items
    ),
    tk.Serve: Stage(
        None, (Serve, Done), GrandAustriaState._serve_stage_options, GrandAustriaState._do_serve
    ),
    tk.Prepare: Stage(
        None, (Prepare, Done), GrandAustriaState._prepare_options, GrandAustriaState._do_prepare
    ),
    tk.Split: Stage(
        ("split the strength between the emperor and money tracks", "GAH-D07"),
        (Split,),
        GrandAustriaState._split_options,
        GrandAustriaState._do_split,
    ),
    tk.Hire: Stage(
        ("play a staff card", "GAH-D08"),
        (Hire, Done),
        GrandAustriaState._hire_options,
        GrandAustriaState._do_hire,
    ),
    tk.ChooseItem: Stage(
        ("choose the dish or drink of a reward", "GAH-A05"),
        (Gain,),
        GrandAustriaState._choose_item_options,
        GrandAustriaState._do_choose_item,
    ),
    tk.Occupy: Stage(
        ("occupy a prepared room (a reward), or finish (Done)", "GAH-A05"),
        (Occupy, Done),
        GrandAustriaState._occupy_options,
        GrandAustriaState._do_occupy,
    ),
    tk.FreeGuest: Stage(
        ("take a guest (a reward), or finish (Done)", "GAH-G01"),
        (TakeGuest, Done),
        GrandAustriaState._guest_options,
        GrandAustriaState._do_free_guest,
    ),
    tk.SetupGuest: Stage(
        ("take a face-up guest into the café, free", "GAH-S07"),
        (TakeGuest,),
        GrandAustriaState._guest_options,
        GrandAustriaState._do_setup_guest,
    ),
    tk.CompleteOrder: Stage(
        ("complete a café guest's order (a reward), or finish (Done)", "GAH-G04"),
        (CompleteOrder, Done),
        GrandAustriaState._complete_order_options,
        GrandAustriaState._do_complete_order,
    ),
    tk.DraftPick: Stage(
        ("keep one staff card of the packet", "GAH-S10"),
        (PickStaff,),
        GrandAustriaState._draft_pick_options,
        GrandAustriaState._do_draft_pick,
    ),
    tk.RemoveRooms: Stage(
        ("remove a room tile (an emperor penalty)", "GAH-E04"),
        (RemoveRoom,),
        GrandAustriaState._remove_rooms_options,
        GrandAustriaState._do_remove_rooms,
    ),
    tk.ReturnStaff: Stage(
        ("put a staff card from the hand under the deck (an emperor penalty)", "GAH-E04"),
        (ReturnStaff,),
        GrandAustriaState._return_staff_options,
        GrandAustriaState._do_return_staff,
    ),
    tk.DiscardStaff: Stage(
        ("discard a played staff card (an emperor penalty)", "GAH-E04"),
        (DiscardStaff,),
        GrandAustriaState._discard_staff_options,
        GrandAustriaState._do_discard_staff,
    ),
    tk.Conference: Stage(
        ("pay the Conference Manager's krone or accept the emperor penalty", "GAH-STAFF-26"),
        (AvoidPenalty,),
        GrandAustriaState._conference_options,
        GrandAustriaState._do_conference,
    ),
    tk.ExtraAction: Stage(
        (
            "carry out one action of a space with dice, without taking a die (E. Gizia)",
            "GAH-GUEST-97",
        ),
        (TakeDie,),
        GrandAustriaState._extra_action_options,
        GrandAustriaState._do_extra_action,
    ),
    tk.ChoosePenalty: Stage(
        ("choose which option of the emperor penalty to take", "GAH-E04"),
        (ChoosePenalty,),
        GrandAustriaState._choose_penalty_options,
        GrandAustriaState._do_choose_penalty,
    ),
    tk.StartPlayer: Stage(None, (), None, GrandAustriaState._do_start_player),
    tk.Reveal: Stage(None, (), None, GrandAustriaState._do_reveal),
    tk.Refill: Stage(None, (), None, GrandAustriaState._do_refill),
    tk.DrawStaff: Stage(None, (), None, GrandAustriaState._do_draw_staff),
    tk.Roll: Stage(None, (), None, GrandAustriaState._do_roll),
}
"""A table entry per task kind that a player or chance decides (the automatic ones,
flow, effect, offer_rest, emperor_scoring, cleanup, draft_pass, run in ``_advance``)."""


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
