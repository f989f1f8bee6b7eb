"""Boutique Hotel Manager: the rules engine.

The State and its constructor (:func:`new_game`); what the game teaches
and where everything else lives is in :mod:`hoteledu.boutique`. Saved
positions are validated in :mod:`hoteledu.boutique.snapshot`.

The game runs through the phases of :mod:`hoteledu.boutique.phases`, each
a small decision or a chance node: its table entry says who acts, what is
legal, the rule and how it applies. What happens between phases (awarding
guests, the walk-in ranking, the rating, the next week) is here.

Nights are counted absolutely: week 1 is nights 0..6, week 2 nights 7..13,
so a stay past Sunday simply occupies next week's nights (the markers
"beside the mat" of the rulebook) and is charged at Sunday's rate.
"""

from __future__ import annotations

import itertools
import math
from collections import defaultdict
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

import numpy as np

from hoteledu.boutique.actions import (
    ACTION_TYPES,
    Bid,
    Expand,
    Hire,
    Pass,
)
from hoteledu.boutique.cards import Deck, GuestCard, resolve_deck
from hoteledu.boutique.info import GAME_INFO
from hoteledu.boutique.mat import (
    CARDS_PER_PLAYER,
    DAY_NAMES,
    MAX_STARS,
    NIGHTS,
    PRICE_STEP,
    ROOM_COST,
    STAFF_COST,
    STANDARD_MAT,
    START_MONEY,
    START_STARS,
    HotelMat,
)
from hoteledu.boutique.phases import (
    CHANCE_PHASES,
    END_PROBLEM,
    PHASE_TABLE,
    SIMULTANEOUS_PHASES,
    Chance,
    Decision,
)
from hoteledu.core.actions import Action, JointAction
from hoteledu.core.errors import IllegalActionError
from hoteledu.core.state import CHANCE, SIMULTANEOUS, TERMINAL, State, player_name
from hoteledu.core.validation import check_option_type

SHORTFALL_RULES: tuple[str, ...] = GAME_INFO.choices("shortfall")
"""Readings of "for each shortfall 1 star" (BHM-31), the default first (docs decision 10)."""
DEFAULT_SHORTFALL = SHORTFALL_RULES[0]


def stars_lost(need: list[list[int]], staff: list[int], rule: str = DEFAULT_SHORTFALL) -> list[int]:
    """Stars lost per category [housekeeping, check-in, kitchen] for a week's need (BHM-30/31).

    ``need`` is the daily need (7 rows of 3), ``staff`` the staff hired. The
    week's need of a category is its largest daily need. ``"per_staff"``
    (default): one star per missing employee below the week's need;
    ``"per_day"``: one star per day on which the need exceeds the staff;
    ``"per_category"``: one star per category whose week's need exceeds it.

    >>> need = [[3, 1, 0], [1, 0, 0]] + [[0, 0, 0]] * 5
    >>> stars_lost(need, [1, 1, 0]), stars_lost(need, [1, 1, 0], "per_day")
    ([2, 0, 0], [1, 0, 0])
    """
    if rule not in SHORTFALL_RULES:
        raise ValueError(f"shortfall rule must be one of {SHORTFALL_RULES}, got {rule!r}")
    peak = list(map(max, zip(*need, strict=True)))  # per category, its largest daily need
    if rule == "per_staff":
        return [max(0, peak[c] - staff[c]) for c in range(3)]
    if rule == "per_category":
        return [int(peak[c] > staff[c]) for c in range(3)]
    return [sum(day[c] > staff[c] for day in need) for c in range(3)]


class _Geometry:
    """Per card: its nights per room and the neighbour pairs as lookups (for speed)."""

    __slots__ = ("bits", "card", "marks", "need", "offsets", "rate_days")

    def __init__(self, card: GuestCard) -> None:
        self.card = card
        self.offsets = tuple(room.offsets for room in card.rooms)
        # Each card-room's nights as bits (night 0 the lowest), per check-in night: a room
        # whose booked bits (BoutiqueState.booked) meet none of them is free for the stay.
        self.bits = tuple(
            tuple(sum(1 << (checkin + o) for o in offsets) for checkin in range(NIGHTS))
            for offsets in self.offsets
        )
        # Per check-in day 0..6: the rate die of every night of every room (past Sunday: Sunday's).
        self.rate_days = tuple(self.charged_days(day) for day in range(7))
        need: list[list[int]] = [[] for _ in card.rooms]
        for a, b in card.neighbours:
            need[max(a, b)].append(min(a, b))
        self.need = tuple(tuple(n) for n in need)
        # Per night of the stay (offset from check-in): the markers it puts on the mat,
        # [occupied rooms, square check-in markers, brown breakfast markers] (BHM-21).
        marks: dict[int, list[int]] = {}
        for room in card.rooms:
            for o in room.offsets:
                night = marks.setdefault(o, [0, 0, 0])
                night[0] += 1
                night[1] += o == room.start
                night[2] += bool(card.breakfast)
        self.marks = tuple((o, *night) for o, night in sorted(marks.items()))

    def charged_days(self, day: int) -> tuple[int, ...]:
        """The day whose rate each night of the stay is charged, checking in on ``day``."""
        return tuple(min(day + o, 6) for offsets in self.offsets for o in offsets)

    def days_from(self, day: int) -> tuple[int, ...]:
        """``charged_days(day)``, made once for the days of a week."""
        return self.rate_days[day] if 0 <= day < 7 else self.charged_days(day)


_GEOMETRY_CACHE: dict[int, dict[int, _Geometry]] = {}


def _geometry(deck: Deck) -> dict[int, _Geometry]:
    key = id(deck)
    cached = _GEOMETRY_CACHE.get(key)
    if cached is None:
        cached = {c.id: _Geometry(c) for c in deck.cards}
        _GEOMETRY_CACHE[key] = cached
    return cached


_WHO = {
    **{phase: SIMULTANEOUS for phase in SIMULTANEOUS_PHASES},
    **{phase: CHANCE for phase in CHANCE_PHASES},
    "end": TERMINAL,
}
"""Who acts in the phases whose mover is not a seat (see ``current_player``)."""
_DECISIONS = {name: phase for name, phase in PHASE_TABLE.items() if isinstance(phase, Decision)}
_APPLY = {name: phase.apply for name, phase in PHASE_TABLE.items()}
_SAMPLE = {name: phase.sample for name, phase in PHASE_TABLE.items() if isinstance(phase, Chance)}
_PASS = Pass()
_PICKS: dict[str, Any] = {}  # filled below _pick_from_list: each Decision's pick
_NONE_OUT = defaultdict(lambda: None)  # at phases where nobody has to pass
"""Nobody out: the seats of a phase where a player at 0 stars still chooses."""


def _search(
    candidates: list[list[int]],
    need: tuple[tuple[int, ...], ...],
    neighbours: Any,
    chosen: list[int],
    i: int,
    found: list[tuple[int, ...]],
    first_only: bool,
) -> bool:
    """``BoutiqueState.assignments`` of three card-rooms or more: from card-room ``i`` on,
    each free room not chosen yet that neighbours the rooms its door symbols join."""
    last = i + 1 == len(candidates)  # the last card-room: each fit is an assignment
    needed = need[i]
    for room in candidates[i]:
        if room in chosen[:i]:
            continue
        near = neighbours[room]
        for j in needed:
            if chosen[j] not in near:
                break
        else:  # a neighbour of every room its door symbols join
            chosen[i] = room
            if last:
                found.append(tuple(chosen))
                if first_only:
                    return True
            elif _search(candidates, need, neighbours, chosen, i + 1, found, first_only):
                return True
    return False


def _pick_from_list(decision: Decision) -> Any:
    """A phase's ``pick`` made from its ``legal``: the list, then the drawn index."""

    def pick(state: Any, player: int, below: Any) -> Action:
        legal = decision.legal(state, player)
        return legal[below(len(legal))]

    return pick


_PICKS.update((name, phase.pick or _pick_from_list(phase)) for name, phase in _DECISIONS.items())
"""Each decision phase's ``pick``, or one made from its ``legal`` (random playouts)."""
_BY_INDEX, _BY_READER, _SEAT, _EVERYONE = range(4)
_STEPS: dict[str, tuple[int, Any] | None] = {"end": None}
"""Per phase, how a random playout draws its step: a chance node's ``pick`` (an index
drawn by ``below``) or ``sample`` (handed the reader), a decision's ``pick`` for the seat
to move or for every seat; None at the end."""
for _name, _phase in PHASE_TABLE.items():
    if isinstance(_phase, Chance):
        _STEPS[_name] = (_BY_INDEX, _phase.pick) if _phase.pick else (_BY_READER, _phase.sample)
    else:
        _STEPS[_name] = (_EVERYONE if _name in SIMULTANEOUS_PHASES else _SEAT, _PICKS[_name])


def _booking_news(deck: Deck, card_id: int, day: int, offers: dict[int, int]) -> str:
    """The last event's text when a guest card's stay is offered (see ``last_event``)."""
    name = deck.card(card_id).name
    return f"card {card_id} ({name}) checks in {DAY_NAMES[day]}: " + (
        ", ".join(f"{player_name(p)} {t}" for p, t in offers.items()) or "no hotel has room"
    )


def _winners_news(winners: list[int]) -> str:
    return " -> " + ", ".join(player_name(p) for p in winners)


def _walkin_news(deck: Deck, card_id: int, budget: int, outcome: str) -> str:
    name = deck.card(card_id).name
    return f"walk-in {name} (budget {budget * 100}) {outcome}"


def deck_copies(players: int, deck_size: int) -> int:
    """How many sets of the deck a week needs: booking cards plus walk-ins.

    The rulebook plays more than 2 players "with additional sets"; hoteledu
    uses as many copies as one week can draw, and reshuffles every card
    into the deck at the start of each week.
    """
    needed = CARDS_PER_PLAYER * players + 7 * max(1, players // 2)
    return max(1, math.ceil(needed / deck_size))


class BoutiqueState(State):
    """A position of Boutique Hotel Manager (see the module docstring for phases).

    Use :func:`new_game` or ``hoteledu.load_game("boutique", players=2)``.
    """

    game_name = "boutique"
    action_types = ACTION_TYPES

    def __init__(self, options: Mapping[str, Any]) -> None:
        super().__init__(options)
        self.n: int = int(options["players"])
        if not 2 <= self.n <= 5:
            raise ValueError(f"Boutique Hotel Manager takes 2 to 5 players, not {self.n}")
        self.deck: Deck = resolve_deck(options["deck"])
        self.geometry = _geometry(self.deck)
        self.mat: HotelMat = STANDARD_MAT
        self.weeks: int = int(options["weeks"])
        self.room_choice: str = options["room_choice"]
        self.shortfall_rule: str = options["shortfall"]
        # Records saved before the option existed replay with the default.
        self.walkin_breakfast: bool = options.get("walkin_budget", "with_breakfast") == (
            "with_breakfast"
        )
        self.copies = deck_copies(self.n, len(self.deck))
        n = self.n
        # BHM-01/03/04/05/06: each player's mat, dice, money and rating.
        self.prices: list[list[int]] = [[0] * 7 for _ in range(n)]  # 0 = not set yet
        self.breakfast: list[int] = [0] * n
        self.money: list[int] = [START_MONEY] * n
        self.stars: list[int] = [START_STARS] * n
        self.built: list[list[int]] = [sorted(self.mat.start) for _ in range(n)]
        self.occ: list[list[int]] = [[-1] * (self.mat.size * NIGHTS) for _ in range(n)]
        # occ again, as each room's booked nights in the bits of an int (night 0 the lowest):
        # a room is free for a stay when no bit of the stay's nights is set.
        self.booked: list[list[int]] = [[0] * self.mat.size for _ in range(n)]
        self.staff: list[list[int] | None] = [None] * n
        self.eliminated_week: list[int | None] = [None] * n
        # Ledger per player: income, marketing, wages, building (for the invariants).
        self.ledger: list[list[int]] = [[0, 0, 0, 0] for _ in range(n)]
        self.staff_hired: list[int] = [0] * n
        # A stay: [player, card id, check-in night, rooms, price paid, "booking"|"walkin"].
        self.stays: list[list[Any]] = []
        self.deck_counts: dict[int, int] = {c.id: self.copies for c in self.deck.cards}
        self.week = 1
        self.phase = "prices"
        self.turn = 0
        self.turns = CARDS_PER_PLAYER * n
        self.walkins_per_day = max(1, n // 2)
        self.day = 0
        self.walkin = 0
        self.checkin = -1  # absolute night of the current guests' check-in
        self.card = -1  # the guest card on the table
        self.budget = 0  # budget die face of the current walk-in
        self.offer = 0  # the winning total while a tie is bid out
        self.bidders: list[int] = []
        self.place_queue: list[list[int]] = []  # [player, price] still to block rooms
        self.ranking: list[list[int]] = []  # walk-in order; inner lists are unresolved ties
        self.expander = 0
        self.lost: list[int] = [0] * self.weeks  # guests no hotel could take, per week
        self.shortfalls: list[list[list[int]]] = []  # per week, per player: [hk, ci, kitchen]
        self.stage = "booking"  # "booking" or "walkin": where a won stay came from
        self.last_event = ""
        self._placing: tuple[Any, list[tuple[int, ...]]] = (None, [])  # see _place_next

    # ----------------------------------------------------------- basics
    @property
    def num_players(self) -> int:
        return self.n

    def active(self) -> list[int]:
        """Players still in the game (not at 0 stars), in seat order."""
        out = self.eliminated_week
        if out.count(None) == self.n:  # nobody is out (the usual case): every seat
            return list(range(self.n))
        return [p for p in range(self.n) if out[p] is None]

    def current_player(self) -> int:
        phase = self.phase
        if phase == "booking_change":
            return self.booking_seat()
        if phase == "place":
            return self.place_queue[0][0]
        if phase == "expand":
            return self.expander
        # SIMULTANEOUS, CHANCE or TERMINAL (phase "end"), looked up in one step.
        return _WHO.get(phase, TERMINAL)

    # The base class answers these through current_player() and checks the player's
    # index; a playout asks them at every step, so they look at the phase directly.
    def is_terminal(self) -> bool:
        return self.phase == "end"

    def is_chance_node(self) -> bool:
        return self.phase in CHANCE_PHASES

    def is_simultaneous_node(self) -> bool:
        return self.phase in SIMULTANEOUS_PHASES

    def legal_actions(self, player: int | None = None) -> list[Action]:
        phase = self.phase
        if phase in SIMULTANEOUS_PHASES:
            if type(player) is int and 0 <= player < self.n:
                return self._legal_actions(player)
        elif player is None and phase not in CHANCE_PHASES and phase != "end":
            return self._legal_actions(self.current_player())
        return super().legal_actions(player)

    # The text of the last event. The frequent events keep the function that writes their
    # text and its arguments, written when someone reads it (a playout never does).
    @property
    def last_event(self) -> str:
        parts = self._event
        if len(parts) != 1 or type(parts[0]) is not str:
            parts = self._event = ("".join(p if type(p) is str else p[0](*p[1]) for p in parts),)
        return parts[0]

    @last_event.setter
    def last_event(self, text: str) -> None:
        self._event = (text,)

    def booking_seat(self) -> int:
        """Whose booking turn it is: seat order from the first seat (BHM-07)."""
        n = self.n
        if self.eliminated_week.count(None) == n:  # nobody is out (the usual case): every seat
            return self.turn % n
        active = self.active()
        return active[self.turn % len(active)]

    @property
    def week_start(self) -> int:
        return 7 * (self.week - 1)

    def card_of(self, card_id: int) -> GuestCard:
        return self.deck.card(card_id)

    # ----------------------------------------------------------- prices
    def night_rate(self, player: int, day: int) -> int:
        """Price of one room on ``day`` of this week (days past Sunday use Sunday's rate)."""
        return self.prices[player][min(day, 6)] * PRICE_STEP

    def stay_price(self, player: int, card_id: int, day: int) -> int:
        """Total price of the stay checking in on ``day`` (0..6), breakfast included (BHM-12)."""
        rates = self.prices[player]
        geo = self.geometry[card_id]
        extra = self.breakfast[player] if geo.card.breakfast else 0
        days = geo.days_from(day)
        return (sum(map(rates.__getitem__, days)) + extra * len(days)) * PRICE_STEP

    def fits_budget(self, player: int, card_id: int, day: int, face: int) -> bool:
        """Whether every night of every room costs at most ``face`` x 100 (walk-in fit, BHM-28).

        With the option ``walkin_budget="with_breakfast"`` (default) a room's
        night costs the day rate plus the breakfast die where the card wants
        breakfast; with ``"room_only"`` the budget is compared with the day
        rate alone (the guests still pay for breakfast).
        """
        rates = self.prices[player]
        geo = self.geometry[card_id]
        extra = self.breakfast[player] if geo.card.breakfast and self.walkin_breakfast else 0
        return max(map(rates.__getitem__, geo.days_from(day))) + extra <= face

    # ----------------------------------------------------- availability
    def assignments(
        self, player: int, card_id: int, checkin: int, first_only: bool = False
    ) -> list[tuple[int, ...]]:
        """Every way to put the stay on ``player``'s free rooms (BHM-11).

        The same room must be free for all of a card-room's nights; rooms
        joined by a door symbol must be neighbours; each card-room takes its
        own hotel room. Rooms are tried lowest number first, so the first
        assignment is the canonical one.
        """
        geo = self.geometry[card_id]
        booked = self.booked[player]
        built = self.built[player]
        if first_only and len(geo.bits) == 1:  # one room: the lowest free one
            nights = geo.bits[0][checkin]
            for r in built:
                if not booked[r] & nights:
                    return [(r,)]
            return []
        candidates = []
        for bits in geo.bits:
            # A room is free for the stay when none of the card-room's nights is booked.
            nights = bits[checkin]
            free = [r for r in built if not booked[r] & nights]
            if not free:
                return []
            candidates.append(free)
        if len(candidates) == 1:
            return [(candidates[0][0],)] if first_only else [(r,) for r in candidates[0]]
        neighbours = self.mat.neighbours
        need = geo.need
        k = len(candidates)
        if k == 2:  # two card-rooms: the pairs the search below finds, in its order
            door = bool(need[1])  # a door symbol joins them: neighbouring rooms
            pairs = (
                (a, b)
                for a in candidates[0]
                for b in candidates[1]
                if b != a and (not door or a in neighbours[b])
            )
            if first_only:
                pair = next(pairs, None)
                return [] if pair is None else [pair]
            return list(pairs)
        found: list[tuple[int, ...]] = []
        _search(candidates, need, neighbours, [0] * k, 0, found, first_only)
        return found

    def has_availability(self, player: int, card_id: int, checkin: int) -> bool:
        return bool(self.assignments(player, card_id, checkin, first_only=True))

    # ------------------------------------------------------ legal actions
    def _legal_actions(self, player: int) -> list[Action]:
        phase = _DECISIONS.get(self.phase)  # PHASE_TABLE's Decision phases
        if phase is None:
            return []
        if phase.out_players_pass and self.eliminated_week[player] is not None:
            return [Pass()]
        return phase.legal(self, player)

    @staticmethod
    def hire_cost(hire: Hire) -> int:
        """Money for the staff of a ``Hire``: every member costs ``STAFF_COST`` (BHM-22)."""
        return (hire.housekeeping + hire.checkin + hire.kitchen) * STAFF_COST

    def action_cost(self, action: Action) -> int:
        """Money ``action`` costs its player, as the engine charges it (for labels and bots).

        Staff hired (BHM-22) and a room built (BHM-34); 0 for the rest. A
        sealed bid names its own amount.
        """
        if type(action) is Hire:
            return self.hire_cost(action)
        if type(action) is Expand:
            return ROOM_COST
        return 0

    def _problem(self, player: int, action: Action) -> tuple[str, str] | None:
        """Why ``player`` may not take ``action`` now, as (message, rule); None if legal."""
        phase = PHASE_TABLE.get(self.phase)
        if not isinstance(phase, Decision):
            return END_PROBLEM
        if phase.out_players_pass and self.eliminated_week[player] is not None:
            if type(action) is Pass:
                return None
            return ("a player at 0 stars has lost the game and only passes", "BHM-32")
        return phase.problem(self, player, action)

    def night_name(self, night: int) -> str:
        week, day = divmod(night, 7)
        return f"{DAY_NAMES[day]} of week {week + 1}"

    def _is_legal(self, player: int, action: Action) -> bool:
        return self._problem(player, action) is None

    def explain_illegal(self, action: Action) -> str:
        """Why the player to move may not take ``action``, naming the rule."""
        mover = self.current_player()
        if mover >= 0:
            return self.explain_illegal_for(mover, action)
        return f"{action} is not a legal action here"

    def explain_illegal_for(self, player: int, action: Action) -> str:
        """Why ``player`` may not take ``action`` (also at simultaneous nodes), naming the rule."""
        problem = self._problem(player, action)
        if problem:
            return f"{problem[0]} [{problem[1]}]"
        return f"{action} is not a legal action here"

    def check_action(self, action: Action) -> None:
        """As the core, but a chance outcome is checked without listing every outcome.

        The core's ``check_action`` lists ``chance_outcomes()`` (28 exact
        Fractions at a card draw) for every chance action, a fifth of the time
        of a random game; :meth:`_is_chance_outcome` answers directly. Drop
        this override once the core calls ``_is_chance_outcome`` itself.
        """
        if self.current_player() == CHANCE:
            if not self._is_chance_outcome(action):
                raise IllegalActionError(
                    f"{action} is not a possible chance outcome here", rule="chance"
                )
            return
        super().check_action(action)

    # ----------------------------------------------------------- chance
    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        phase = PHASE_TABLE.get(self.phase)
        if not isinstance(phase, Chance):
            raise IllegalActionError("this is not a chance node", rule="protocol")
        return phase.outcomes(self)

    def _is_chance_outcome(self, action: Action) -> bool:
        """Whether ``action`` is an outcome of this chance node, without listing them all."""
        phase = PHASE_TABLE.get(self.phase)
        return isinstance(phase, Chance) and phase.is_outcome(self, action)

    def sample_chance(self, rng: np.random.Generator) -> Action:
        """Draw a chance outcome with exactly the probabilities of ``chance_outcomes``."""
        sample = _SAMPLE.get(self.phase)  # PHASE_TABLE[phase].sample of the chance phases
        if sample is not None:
            return sample(self, rng)
        return super().sample_chance(rng)

    # ------------------------------------------------- the search's playouts
    def random_playout(self, rng: np.random.Generator, max_actions: int = 10_000) -> None:
        """``State.random_playout`` (the reference), each phase looked up once a step.

        The same game from the same generator: a choice is the option the
        phase's ``pick`` gives for a drawn index (the index into the list
        ``legal_actions()`` would give, without making the list), a chance
        node its ``sample``, and the phase's ``apply`` carries it out.
        ``tests/boutique/test_fast_paths.py`` compares the two.
        """
        from hoteledu.core.draws import Draws  # loads numpy.random: not at import time

        append = self.history.append
        n = self.n
        with Draws(rng) as draws:
            below = draws.below
            for _ in range(max_actions):
                phase = self.phase
                step = _STEPS[phase]
                if step is None:
                    return None  # the end
                how, pick = step
                if how == _BY_INDEX:
                    action = pick(self, below)
                elif how == _SEAT:
                    action = pick(self, self.current_player(), below)
                elif how == _EVERYONE:
                    out = self.eliminated_week if _DECISIONS[phase].out_players_pass else _NONE_OUT
                    parts = []  # a loop, not a generator: one frame less a step
                    for p in range(n):
                        parts.append(_PASS if out[p] is not None else pick(self, p, below))
                    action = JointAction(tuple(parts))
                else:
                    action = pick(self, draws)
                _APPLY[phase](self, action)
                append(action)
        return None

    # ------------------------------------------------------------ apply
    def _apply(self, action: Action) -> None:
        apply = _APPLY.get(self.phase)  # PHASE_TABLE[phase].apply
        if apply is not None:
            apply(self, action)

    def _draw(self, card_id: int) -> None:
        self.deck_counts[card_id] -= 1
        self.card = card_id

    def _pay_bids(self, joint: Action) -> list[int]:
        """Every bidder pays their bid in full, winner included (marketing is not refunded)."""
        bids = [0] * self.n
        for p, part in enumerate(joint.actions):  # type: ignore[attr-defined]
            if type(part) is Bid:
                bids[p] = part.amount
                self.money[p] -= part.amount
                self.ledger[p][1] += part.amount
        return bids

    # ---------------------------------------------------------- booking
    def _resolve_booking(self) -> None:
        """The lowest total wins; ties go to the better rating, then to sealed bids."""
        card_id, checkin = self.card, self.checkin
        day = checkin - self.week_start
        offers = {}
        for p in self.active():  # a loop, not a comprehension: no frame each booking
            if self.has_availability(p, card_id, checkin):
                offers[p] = self.stay_price(p, card_id, day)
        self._event = ((_booking_news, (self.deck, card_id, day, offers)),)
        if not offers:
            self.lost[self.week - 1] += 1
            self._next_booking_turn()
            return
        best = min(offers.values())
        tied = [p for p, total in offers.items() if total == best]
        if len(tied) > 1:
            top = max(self.stars[p] for p in tied)
            tied = [p for p in tied if self.stars[p] == top]
        if len(tied) > 1:
            self.bidders = tied
            self.offer = best
            self.phase = "bid"
            return
        self._award(tied, best)

    def _award(self, winners: list[int], price: int) -> None:
        """Each winner receives the money and then blocks rooms (seat order)."""
        for p in winners:
            self.money[p] += price
            self.ledger[p][0] += price
        self._event += ((_winners_news, (winners,)),)
        self.place_queue = [[p, price] for p in winners]
        self._place_next()

    def _place_next(self) -> None:
        while self.place_queue:
            player, price = self.place_queue[0]
            canonical = self.room_choice == "canonical"
            options = self.assignments(player, self.card, self.checkin, first_only=canonical)
            if len(options) > 1:
                self.phase = "place"
                # Kept for the place menu, which asks the same (_place_legal checks the key).
                self._placing = ((player, self.card, self.checkin, len(self.stays)), options)
                return
            self.place_queue.pop(0)
            self._block(player, options[0], price)
        if self.stage == "walkin":
            self._next_walkin()
        else:
            self._next_booking_turn()

    def _block(self, player: int, rooms: tuple[int, ...], price: int) -> None:
        """Put the stay's markers on the rooms (BHM-16); nights past Sunday carry (BHM-18)."""
        index = len(self.stays)
        self.stays.append([player, self.card, self.checkin, list(rooms), price, self.stage])
        occ, booked = self.occ[player], self.booked[player]
        geo = self.geometry[self.card]
        for room, offsets, bits in zip(rooms, geo.offsets, geo.bits, strict=True):
            for o in offsets:
                occ[room * NIGHTS + self.checkin + o] = index
            booked[room] |= bits[self.checkin]

    def _next_booking_turn(self) -> None:
        self.turn += 1
        self.card = -1
        self.checkin = -1
        if self.turn >= self.turns:
            self.phase = "hire"
        else:
            self.phase = "booking_change"

    # ---------------------------------------------------------- walk-ins
    def _start_walkins(self) -> None:
        """Rank by money, lowest first; equal money is bid out, then rolled (BHM-24)."""
        self.card = -1
        self.checkin = -1
        self.stage = "walkin"
        active = self.active()
        blocks: list[list[int]] = []
        for _, group in itertools.groupby(
            sorted(active, key=lambda p: self.money[p]), key=lambda p: self.money[p]
        ):
            blocks.append(list(group))
        self.ranking = blocks
        self.day = 0
        tied = [p for block in blocks if len(block) > 1 for p in block]
        if tied:
            self.bidders = tied
            self.phase = "rank_bid"
        else:
            self._settle_ranking()

    def _settle_ranking(self) -> None:
        if any(len(block) > 1 for block in self.ranking):
            self.phase = "rank_roll"
        else:
            ranking = " > ".join(player_name(b[0]) for b in self.ranking)
            self.last_event = f"walk-in ranking: {ranking}"
            self.phase = "walkin_change"

    def ranking_order(self) -> list[int]:
        """The walk-in ranking as a flat list (ties, if still open, in seat order)."""
        return [p for block in self.ranking for p in block]

    def _resolve_walkin(self) -> None:
        """The guests go to the first hotel in ranking order that fits the budget (BHM-28)."""
        card_id, checkin, day, budget = self.card, self.checkin, self.day, self.budget
        out = self.eliminated_week
        for p in self.ranking_order():
            if out[p] is not None:
                continue
            fits = self.fits_budget(p, card_id, day, budget)
            if fits and self.has_availability(p, card_id, checkin):
                price = self.stay_price(p, card_id, day)
                self._event = ((_walkin_news, (self.deck, card_id, budget, DAY_NAMES[day])),)
                self._award([p], price)
                return
        self._event = ((_walkin_news, (self.deck, card_id, budget, "finds no hotel: lost")),)
        self.lost[self.week - 1] += 1
        self._next_walkin()

    def _next_walkin(self) -> None:
        self.card = -1
        self.walkin += 1
        if self.walkin < self.walkins_per_day:
            self.phase = "budget"
            return
        self.day += 1
        self.walkin = 0
        if self.day < 7:
            self.phase = "walkin_change"
        else:
            self.checkin = -1
            self._rating()

    # ------------------------------------------------------------ rating
    def demand(self, player: int, week: int | None = None) -> list[list[int]]:
        """Daily need of ``player`` in ``week``: [housekeeping, check-in, kitchen] per day (BHM-21).

        Housekeeping: occupied rooms; check-in: square markers (a room's first
        night); kitchen: brown markers (rooms with breakfast).
        """
        base = 7 * ((week or self.week) - 1)
        need = [[0, 0, 0] for _ in range(7)]
        geometry = self.geometry
        for owner, card_id, checkin, _rooms, _, _ in self.stays:
            if owner != player:
                continue
            # Each night of the stay: its rooms, check-ins and breakfasts (see _Geometry.marks).
            for o, rooms, checkins, breakfasts in geometry[card_id].marks:
                day = checkin + o - base
                if 0 <= day < 7:
                    row = need[day]
                    row[0] += rooms
                    row[1] += checkins
                    row[2] += breakfasts
        return need

    def count_shortfalls(self, player: int) -> list[int]:
        """Stars lost per category [housekeeping, check-in, kitchen] this week (BHM-30/31).

        Under the game's ``shortfall`` option, see :func:`stars_lost`.
        """
        return stars_lost(self.demand(player), self.staff[player] or [0, 0, 0], self.shortfall_rule)

    def _rating(self) -> None:
        week_shortfalls = []
        for p in range(self.n):
            if self.eliminated_week[p] is not None:
                week_shortfalls.append([0, 0, 0])
                continue
            short = self.count_shortfalls(p)
            week_shortfalls.append(short)
            lost = sum(short)
            if lost:
                self.stars[p] = max(0, self.stars[p] - lost)
            else:
                self.stars[p] = min(MAX_STARS, self.stars[p] + 1)
            if self.stars[p] == 0:
                self.eliminated_week[p] = self.week
        self.shortfalls.append(week_shortfalls)
        self.last_event = "rating: " + ", ".join(
            f"{player_name(p)} -{sum(s)}" if sum(s) else f"{player_name(p)} +1"
            for p, s in enumerate(week_shortfalls)
        )
        if self.week >= self.weeks or len(self.active()) <= 1:
            self.phase = "end"
            return
        self._next_expander(0)

    # --------------------------------------------------------- expansion
    def _can_expand(self, player: int) -> bool:
        return self.money[player] >= ROOM_COST and bool(
            self.mat.expansion_spaces(self.built[player])
        )

    def _next_expander(self, start: int) -> None:
        for p in range(start, self.n):
            if self.eliminated_week[p] is None and self._can_expand(p):
                self.expander = p
                self.phase = "expand"
                return
        self._start_week()

    def _start_week(self) -> None:
        """Week 2 preparation: new prices, staff removed, deck reshuffled (BHM-35)."""
        self.week += 1
        self.stage = "booking"
        self.staff = [None] * self.n
        self.deck_counts = {c.id: self.copies for c in self.deck.cards}
        active = self.active()
        self.turn = 0
        self.turns = CARDS_PER_PLAYER * len(active)
        self.walkins_per_day = max(1, len(active) // 2)
        self.ranking = []
        self.day = 0
        self.walkin = 0
        self.phase = "prices"

    # --------------------------------------------------------------- end
    def _contenders(self) -> list[int]:
        active = self.active()
        if active:
            return active
        last = max(w for w in self.eliminated_week if w is not None)
        return [p for p in range(self.n) if self.eliminated_week[p] == last]

    def winners(self) -> list[int]:
        """Most money wins; tie: higher rating; still tied: a draw (BHM-36).

        A player at 0 stars has lost and cannot win, unless everyone left
        dropped to 0 in the same rating phase (then they are compared).
        """
        contenders = self._contenders()
        best = max((self.money[p], self.stars[p]) for p in contenders)
        return [p for p in contenders if (self.money[p], self.stars[p]) == best]

    def returns(self) -> list[float]:
        """Money at the end; a player who lost the game at 0 stars scores -1."""
        contenders = set(self._contenders())
        return [float(self.money[p]) if p in contenders else -1.0 for p in range(self.n)]

    # --------------------------------------------------------- snapshots
    def to_snapshot(self) -> dict[str, Any]:
        return {
            "week": self.week,
            "phase": self.phase,
            "turn": self.turn,
            "turns": self.turns,
            "walkins_per_day": self.walkins_per_day,
            "day": self.day,
            "walkin": self.walkin,
            "checkin": self.checkin,
            "card": self.card,
            "budget": self.budget,
            "offer": self.offer,
            "prices": [list(p) for p in self.prices],
            "breakfast": list(self.breakfast),
            "money": list(self.money),
            "stars": list(self.stars),
            "built": [list(b) for b in self.built],
            "staff": [None if s is None else list(s) for s in self.staff],
            "eliminated_week": list(self.eliminated_week),
            "ledger": [list(x) for x in self.ledger],
            "staff_hired": list(self.staff_hired),
            "stays": [[p, c, n, list(r), price, kind] for p, c, n, r, price, kind in self.stays],
            "deck_counts": [[cid, count] for cid, count in self.deck_counts.items()],
            "bidders": list(self.bidders),
            "place_queue": [list(q) for q in self.place_queue],
            "ranking": [list(b) for b in self.ranking],
            "expander": self.expander,
            "lost": list(self.lost),
            "shortfalls": [[list(s) for s in week] for week in self.shortfalls],
            "last_event": self.last_event,
            "stage": self.stage,
        }

    @classmethod
    def from_snapshot(cls, options: Mapping[str, Any], snapshot: Mapping[str, Any]) -> State:
        from hoteledu.boutique.snapshot import load_snapshot

        state = cls(options)
        load_snapshot(state, snapshot)
        state.booked = [
            [
                sum(1 << night for night in range(NIGHTS) if occ[room * NIGHTS + night] >= 0)
                for room in range(state.mat.size)
            ]
            for occ in state.occ
        ]
        return state

    def clone(self) -> State:
        cls = type(self)  # a subclass (the search's planning state) stays itself
        state = cls.__new__(cls)
        state.__dict__.update(self.__dict__)
        state.options = dict(self.options)
        state.history = list(self.history)
        state.prices = [list(p) for p in self.prices]
        state.breakfast = list(self.breakfast)
        state.money = list(self.money)
        state.stars = list(self.stars)
        state.built = [list(b) for b in self.built]
        state.occ = [list(o) for o in self.occ]
        state.booked = [list(b) for b in self.booked]
        state.staff = [None if s is None else list(s) for s in self.staff]
        state.eliminated_week = list(self.eliminated_week)
        state.ledger = [list(x) for x in self.ledger]
        state.staff_hired = list(self.staff_hired)
        state.stays = [list(s) for s in self.stays]  # rooms lists are never changed in place
        state.deck_counts = dict(self.deck_counts)
        state.bidders = list(self.bidders)
        state.place_queue = [list(q) for q in self.place_queue]
        state.ranking = [list(b) for b in self.ranking]
        state.lost = list(self.lost)
        state.shortfalls = [[list(s) for s in w] for w in self.shortfalls]
        return state

    # ------------------------------------------------ hidden information
    def observation(self, player: int) -> dict[str, Any]:
        """What ``player`` sees: everything on the table.

        Secret prices and sealed bids are single simultaneous actions, so a
        position between actions never holds an unrevealed price or bid;
        guest cards are drawn when revealed, so the deck has no hidden
        order, only its remaining contents, which every player can count.
        """
        view = self.to_snapshot()
        view["player"] = player
        return view

    def determinise(self, player: int, rng: np.random.Generator) -> State:
        """Nothing is hidden between actions (see :meth:`observation`): a clone."""
        return self.clone()

    # ---------------------------------------------------------- display
    def render_text(self) -> str:
        from hoteledu.boutique.render import render_text

        return render_text(self)

    def _repr_html_(self) -> str:
        from hoteledu.boutique.render import render_html

        return render_html(self)


def new_game(
    players: int = 2,
    deck: Any = "standard",
    room_choice: str = "choose",
    shortfall: str = DEFAULT_SHORTFALL,
    weeks: int = 2,
    walkin_budget: str = "with_breakfast",
) -> BoutiqueState:
    """A new game of Boutique Hotel Manager, ready for the secret price setting.

    Parameters
    ----------
    players : int
        2 to 5 players.
    deck : "standard", Deck or JSON data
        The guest deck: a built-in deck's name, a :class:`Deck` (from
        :func:`hoteledu.boutique.cards.load_deck`, which also reads files) or
        the deck's JSON data. Never a file path: records keep this option.
    room_choice : {"choose", "canonical"}
        Whether the winner of guests chooses their rooms when several
        assignments fit, or the engine puts them in the lowest-numbered rooms.
    shortfall : {"per_staff", "per_day", "per_category"}
        The week's need of a category is its largest daily need. One star per
        missing employee below it (default, the rulebook); one per day and
        category short of staff; or one per category short (see
        :func:`stars_lost`).
    weeks : {2, 1}
        Length of the game.
    walkin_budget : {"with_breakfast", "room_only"}
        Whether a walk-in's budget per night must cover breakfast too, or the
        day rate alone.

    Examples
    --------
    >>> state = new_game(players=2)
    >>> state.phase, state.money, state.stars
    ('prices', [500, 500], [3, 3])
    """
    check_option_type("players", players, int)  # 2.0 and True are not player counts
    if isinstance(deck, Deck):  # records keep the data, so the game replays anywhere
        deck = deck.to_json()
    options = {
        "players": players,
        "deck": deck,
        "room_choice": room_choice,
        "shortfall": shortfall,
        "weeks": weeks,
        "walkin_budget": walkin_budget,
    }
    options = GAME_INFO.resolve_options(options)  # the choices are written in info.py only
    # A copy of the first new game with these options: quicker to make than a new one.
    try:
        key = tuple(options.values())  # validated, so of the exact types info.py lists
        first = _NEW_GAMES.get(key)
    except TypeError:  # a deck given as JSON data
        return BoutiqueState(options)
    if first is None:
        first = _NEW_GAMES[key] = BoutiqueState(options)
    return first.clone()  # type: ignore[return-value]


_NEW_GAMES: dict[tuple[Any, ...], BoutiqueState] = {}
"""The first new game of each set of options (never changed: ``new_game`` copies it)."""
