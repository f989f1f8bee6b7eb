"""Hotel Amsterdam: the rules engine, :class:`AmsterdamState` and :func:`new_game`.

The actions are in :mod:`.actions`, the phases in :mod:`.phases`, the
refusals' words in :mod:`.refusals`, the loader of saved positions in
:mod:`.snapshot` and the text board in :mod:`.render`.

What the game teaches: a Markov chain (the boat going round the canal), the
exact distribution of the dice sum, expectations under a random relocation
(the Dam), and, in the tactical variant (no dice), minimax on a finite game of
perfect information.

A turn is a sequence of small decisions (``design/amsterdam.md``, "A turn"):

1. ``RollDice`` (a chance node, 9 outcomes of 1/9 each); the boat then moves
   by the sum, picks up the tourists on the quays it passes and drops them
   with one new tourist. Tactical variant: ``MoveBoat(1..4)`` instead.
2. ``PlaceHotel`` in each player's first two turns.
3. Tactical variant: ``SplitSteps(mayor, nightwatchman)``.
4. ``MovePawn("mayor", ...)`` then ``MovePawn("nightwatchman", ...)``: the
   destination of a walk of exactly the die's number of steps.
5. For the Mayor, then the Nightwatchman: ``TurnTile``, ``LeadFromDam`` or
   ``Skip``. Chased tourists with several equally empty places to go wait for
   ``ChaseTo``; a tourist led from the Dam goes to a random tile
   (a chance node of ``DamLead`` outcomes).

Examples
--------
>>> state = new_game(players=2)
>>> state.phase, state.current_player() == CHANCE
('roll dice', True)
>>> state.apply_action(RollDice(1, 2))
>>> state.boat, state.phase
(3, 'place hotel')
"""

from __future__ import annotations

import functools
import itertools
import operator
from collections.abc import Mapping
from fractions import Fraction
from typing import Any, ClassVar

import numpy as np

from hoteledu.amsterdam import refusals, render
from hoteledu.amsterdam.actions import (
    ACTION_TYPES,
    MAYOR,
    NIGHTWATCHMAN,
    PAWNS,
    ChaseTo,
    DamLead,
    DealTile,
    LeadFromDam,
    MoveBoat,
    MovePawn,
    PlaceHotel,
    RollDice,
    Skip,
    SplitSteps,
    TurnTile,
)
from hoteledu.amsterdam.board import (
    BEND_LIST,
    BUILDING_TILES,
    CANAL_TILES,
    DAM_CORNER_INDICES,
    DAM_PLACE,
    DAY_UP_AT_START,
    DIE_FACES,
    FACING_PLACE,
    HOTELS_PER_PLAYER,
    INTERSECTION_INDEX,
    INTERSECTIONS,
    MAX_STEPS,
    MAYOR_START,
    NIGHTWATCHMAN_START,
    NUM_PLACES,
    PLACE_OF,
    QUAY_OF,
    SCORING_AROUND,
    STANDARD_LAYOUT,
    START_TILES,
    TOTAL_TOURISTS,
    TURNABLE_AROUND,
    WALKS,
)
from hoteledu.amsterdam.info import GAME_INFO
from hoteledu.amsterdam.phases import (
    ACT_MAYOR,
    ACT_NIGHTWATCHMAN,
    BOAT,
    CHANCE_PHASES,
    CHASE,
    DAM_LEAD,
    DEAL,
    HOTEL,
    MOVE_MAYOR,
    MOVE_NIGHTWATCHMAN,
    OVER,
    PHASES,
    ROLL,
    SPLIT,
)
from hoteledu.amsterdam.snapshot import checked_snapshot
from hoteledu.amsterdam.tiles import DAY_FUNCTION, DAY_FUNCTIONS, NIGHT_FUNCTION, TILES
from hoteledu.core.actions import Action
from hoteledu.core.errors import IllegalActionError, MalformedRecordError
from hoteledu.core.state import CHANCE, TERMINAL, State

# --------------------------------------------------------------------- constants
TARGET, TARGET_TWO_PLAYERS = 12, 15
"""Tourists around one's hotels that end the game [AMS-25]: 12, or 15 with two players."""
MAX_TACTICAL_BOAT = 4
"""Tactical variant: the boat moves 1 to 4 places [AMS-28]."""
MAX_TACTICAL_STEPS, MAX_TACTICAL_EACH = 4, MAX_STEPS
"""Tactical variant: at most 4 steps split between the pawns, at most 3 each [AMS-29]."""
TACTICAL_FULL_TILE = 4
"""Tactical variant: a tile with this many tourists cannot be turned over."""

# Action objects are made once and shared: creating frozen dataclasses is slow,
# and list membership tests identity first.
_ROLLS = tuple(RollDice(w, b) for w in DIE_FACES for b in DIE_FACES)
_ROLL_OUTCOMES = tuple((a, Fraction(1, 9)) for a in _ROLLS)
_ROLL_FACES = tuple((a.white, a.black) for a in _ROLLS)
_ROLL_SUMS = tuple(a.white + a.black for a in _ROLLS)
_BOATS = tuple(MoveBoat(s) for s in range(1, MAX_TACTICAL_BOAT + 1))
_HOTELS = tuple(PlaceHotel(x) for x in INTERSECTIONS)
_HOTEL_MENU = tuple((hotel, x) for x, hotel in enumerate(_HOTELS))
"""Each hotel action with its intersection index (random playouts)."""
_SPLITS = tuple(
    SplitSteps(m, n)
    for m in range(MAX_TACTICAL_EACH + 1)
    for n in range(MAX_TACTICAL_EACH + 1)
    if m + n <= MAX_TACTICAL_STEPS
)
_MOVES = {p: tuple(MovePawn(p, x) for x in INTERSECTIONS) for p in PAWNS}
_TURNS = {p: tuple(TurnTile(p, t) for t in BUILDING_TILES) for p in PAWNS}
_TURNS_AROUND = {
    p: tuple(tuple((place, _TURNS[p][place]) for place in around) for around in TURNABLE_AROUND)
    for p in PAWNS
}
"""Per pawn and intersection index: each place the pawn may turn there, with its action."""


_LEAD = -2
"""In ``_TURNABLE_BY_SIDES``' menus: the place of leading a tourist from the Dam (a skip: -1)."""


def _turnable_by_sides() -> tuple[tuple[Any, dict[tuple[bool, ...], Any]], ...]:
    """Per intersection index: a reader of the sides up around it, and for each reading
    the Nightwatchman's and the Mayor's menus (``_pawn_actions``' list, each action with
    its place: the tile turned, ``_LEAD`` or -1), without and with a lead from the Dam."""
    tables = []
    for around in TURNABLE_AROUND:
        read = operator.itemgetter(*around, around[0])  # a tuple even for one place
        menus = {}
        for sides in itertools.product((False, True), repeat=len(around)):
            day = [p for p, up in zip(around, sides, strict=True) if up]
            night = [p for p, up in zip(around, sides, strict=True) if not up]
            entries = []
            for pawn, places in ((NIGHTWATCHMAN, day), (MAYOR, night)):
                turns = tuple((_TURNS[pawn][place], place) for place in places)
                skip = ((_SKIPS[pawn], -1),)
                lead = ((_LEADS[pawn], _LEAD),)
                entries.append((turns + skip, turns + lead + skip))
            menus[(*sides, sides[0])] = tuple(entries)
        tables.append((read, menus))
    return tuple(tables)


_LEADS = {p: LeadFromDam(p) for p in PAWNS}
_SKIPS = {p: Skip(p) for p in PAWNS}
_TURNABLE_BY_SIDES = _turnable_by_sides()
"""``[at]`` -> (read, menus): ``menus[read(day_up)][by_mayor][lead]`` is the pawn's menu,
without or with a lead from the Dam."""
_CHASES = tuple(ChaseTo(t) for t in BUILDING_TILES)
_DAM_LEADS = tuple(DamLead(t) for t in BUILDING_TILES)
_DEALS = tuple(tuple(DealTile(place, k) for k in range(len(TILES))) for place in BUILDING_TILES)


@functools.cache
def _scored_places(hotels: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
    """The distinct places (building tiles and the Dam) around these hotels [AMS-24].

    Made once per set of hotels: a score is asked after every boat trip and chase.
    """
    places: set[int] = set()
    for x in hotels:
        places.update(SCORING_AROUND[INTERSECTION_INDEX[x]])
    return tuple(sorted(places))


@functools.cache
def _quays_passed(start: int, steps: int, pickup_on_departure: bool) -> tuple[int, ...]:
    """The quays at the bends a boat passes sailing ``steps`` from canal index ``start``.

    The bend it leaves counts only with ``pickup_on_departure``; the one it stops at never.
    """
    first = 0 if pickup_on_departure else 1
    ring = len(CANAL_TILES)
    passed = (QUAY_OF[(start + k) % ring] for k in range(first, steps))
    return tuple(quay for quay in passed if quay >= 0)


_PASSED = {
    pickup: tuple(
        tuple(_quays_passed(start, steps, pickup) for steps in range(2 * max(DIE_FACES) + 1))
        for start in range(len(CANAL_TILES))
    )
    for pickup in (False, True)
}
"""``_quays_passed`` as tables: ``[pickup_on_departure][start][steps]`` (a dice roll's steps)."""

_SAILS = {
    pickup: tuple(
        tuple(
            (
                roll,
                faces,
                (start + steps) % len(CANAL_TILES),
                _PASSED[pickup][start][steps],
                FACING_PLACE[(start + steps) % len(CANAL_TILES)],
                QUAY_OF[(start + steps) % len(CANAL_TILES)],
            )
            for roll, faces, steps in zip(_ROLLS, _ROLL_FACES, _ROLL_SUMS, strict=True)
        )
        for start in range(len(CANAL_TILES))
    )
    for pickup in (False, True)
}
"""``[pickup_on_departure][boat][k]``: the roll ``_ROLLS[k]`` from canal index ``boat`` as
(action, dice, where the boat stops, the quays it passes, the place it faces, its quay)."""
_DOUBLE = 1.0 / 9007199254740992.0
"""2**-53: ``random()`` from a raw 64-bit output, as NumPy (and Draws) make it."""


@functools.cache
def _walk_ends(diagonals: bool, steps: int, start: int, other: int) -> tuple[int, ...]:
    """Where a walk of exactly ``steps`` steps from ``start`` may end: not on ``other``."""
    return tuple(x for x in WALKS[diagonals][steps][start] if x != other)


@functools.cache
def _walk_moves(
    diagonals: bool, pawn: str, steps: int, start: int, other: int
) -> tuple[MovePawn, ...]:
    """The pawn's moves of exactly ``steps`` steps from ``start``, not ending on ``other``."""
    moves = _MOVES[pawn]
    return tuple(moves[x] for x in _walk_ends(diagonals, steps, start, other))


@functools.cache
def _walk_menus(diagonals: bool) -> tuple[Any, Any]:
    """The Mayor's and the Nightwatchman's walks as tables ``[steps][start]`` for random
    playouts: (the ends, each end's move with its intersection index). ``_walk_moves``
    is that menu without the other pawn's intersection."""
    return tuple(
        tuple(
            tuple((ends, tuple((_MOVES[pawn][x], x) for x in ends)) for ends in by_start)
            for by_start in WALKS[diagonals]
        )
        for pawn in PAWNS
    )


_TILES_WITH = {
    function: tuple(
        t for t in range(len(TILES)) if function in (DAY_FUNCTION[t], NIGHT_FUNCTION[t])
    )
    for function in range(2 * len(DAY_FUNCTIONS))
}
"""The tiles that carry each function (0..5 on their day side, 6..11 on their night side)."""


@functools.cache
def _places_with(tile_at: tuple[int, ...], function: int) -> tuple[int, ...]:
    """The places, in order, of the tiles that carry ``function`` in this layout."""
    return tuple(sorted(tile_at.index(t) for t in _TILES_WITH.get(function, ()) if t in tile_at))


@functools.lru_cache(maxsize=256)
def _places_by_function(tile_at: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """``_places_with`` of every function (0..11) in this layout, made once (random playouts)."""
    return tuple(_places_with(tile_at, function) for function in range(2 * len(DAY_FUNCTIONS)))


def _chase_targets_in(
    tile_at: list[int], day_up: list[bool], tourists: list[int], function: int
) -> list[int]:
    """Places showing ``function`` with the fewest tourists: where chased tourists go [AMS-20]."""
    return _fewest(_places_with(tuple(tile_at), function), day_up, tourists, function)


def _fewest(
    places: tuple[int, ...], day_up: list[bool], tourists: list[int], function: int
) -> list[int]:
    """Of ``places`` (the tiles that carry ``function``), those showing it with the fewest
    tourists."""
    # Only the few tiles that carry the function can show it, on its side.
    want_day = function < len(DAY_FUNCTIONS)
    candidates = [p for p in places if day_up[p] == want_day]
    if not candidates:
        return []
    fewest = min([tourists[p] for p in candidates])
    return [p for p in candidates if tourists[p] == fewest]


def _someone_at(target: int, hotels: list[list[tuple[int, int]]], tourists: list[int]) -> bool:
    """Whether a player's score (as ``score()`` counts it) is at least ``target`` [AMS-25]."""
    # No score can reach the target while all the tiles and the Dam hold fewer tourists.
    if sum(tourists) < target:
        return False
    return _reached(target, [_scored_places(tuple(own)) for own in hotels if own], tourists)


def _reached(target: int, scored: list[tuple[int, ...]], tourists: list[int]) -> bool:
    """Whether the tourists on one of these sets of scored places number ``target`` or more."""
    for places in scored:  # noqa: SIM110 (a loop: no generator frame each check)
        if sum(map(tourists.__getitem__, places)) >= target:
            return True
    return False


def _reached_at(
    place: int, target: int, scored: list[tuple[int, ...]], tourists: list[int]
) -> bool:
    """``_reached`` for the players who score ``place``, the one place whose tourists grew."""
    for places in scored:
        if place in places and sum(map(tourists.__getitem__, places)) >= target:
            return True
    return False


_DECISION_PHASES = frozenset(PHASES) - CHANCE_PHASES - {OVER}
_TURN_PHASES = frozenset(
    {ROLL, HOTEL, MOVE_MAYOR, MOVE_NIGHTWATCHMAN, ACT_MAYOR, ACT_NIGHTWATCHMAN, CHASE, DAM_LEAD}
)
"""The steps of a turn of the dice game (``random_playout`` plays them quickly)."""
_WALK_PHASES = frozenset({MOVE_MAYOR, MOVE_NIGHTWATCHMAN})
"""The walks of a turn (a pawn moves by its die)."""
_ACTS = frozenset({ACT_MAYOR, ACT_NIGHTWATCHMAN})
"""The acts of a turn (turn a tile, lead from the Dam or skip)."""
_TOURIST_MOVES = frozenset({CHASE, DAM_LEAD})
"""Where an act's tourists go: chased ones (a choice among ties), one led from the Dam."""

_ATTRIBUTE_OF_FIELD = {"acting_mayor": "_acting_mayor"}
"""Snapshot fields held under another attribute name (the rest are the same)."""


# ------------------------------------------------------------------------- state
class AmsterdamState(State):
    """A position of Hotel Amsterdam.

    Public attributes (read them, change them only through actions):
    ``tile_at`` and ``day_up`` (tile number and side of each building place,
    ``BUILDING_TILES`` order), ``tourists`` (per place, the Dam last),
    ``quays`` (per bend), ``boat`` (canal index), ``supply``, ``hotels`` (per
    player, intersections), ``mayor``, ``nightwatchman``, ``player`` (whose
    turn), ``phase`` (a readable phase name), ``dice`` and ``steps``.
    """

    game_name = "amsterdam"
    action_types: ClassVar[tuple[type[Action], ...]] = ACTION_TYPES

    def __init__(self, options: Mapping[str, Any]) -> None:
        super().__init__(options)
        players = self.options["players"]
        self._n = players
        self.tactical = self.options["variant"] == "tactical"
        target = self.options["target"]
        self.target = (
            target if target is not None else (TARGET_TWO_PLAYERS if players == 2 else TARGET)
        )
        self._diagonals = bool(self.options["dam_diagonals"])
        self._walks = WALKS[self._diagonals]
        self._pickup_on_departure = bool(self.options["pickup_on_departure"])
        self._end_immediately = self.options["end_rule"] == "immediate"
        # "choose": the player picks where a tourist led from the Dam goes (no chance left
        # in the tactical variant); "random": the rulebook's random location [AMS-23].
        self._dam_lead_chosen = self.options["dam_lead"] == "choose"
        shuffled = self.options["layout"] == "shuffled"
        self.tile_at: list[int] = [-1] * NUM_PLACES if shuffled else list(STANDARD_LAYOUT)
        self.day_up: list[bool] = list(DAY_UP_AT_START)
        self.tourists: list[int] = [0] * (NUM_PLACES + 1)
        for tile in START_TILES:
            self.tourists[PLACE_OF[tile]] = 1
        self.quays: list[int] = [0] * len(BEND_LIST)
        self.boat = 0
        self.boat_load = 0
        self.supply = TOTAL_TOURISTS - len(START_TILES)
        self.hotels: list[list[tuple[int, int]]] = [[] for _ in range(players)]
        self.mayor: tuple[int, int] = MAYOR_START
        self.nightwatchman: tuple[int, int] = NIGHTWATCHMAN_START
        self.player = 0
        self.turns_taken: list[int] = [0] * players
        self.phase = DEAL if shuffled else self._turn_start_phase()
        self.dice: tuple[int, int] | None = None
        self.steps: tuple[int, int] = (0, 0)
        self.chased = 0  # tourists chased from a turned tile, waiting for ChaseTo
        self.chase_function = -1
        self.target_reached = False  # a player reached the target during this turn
        self._acting_mayor = True  # in phase 6: the Mayor acts first, then the Nightwatchman

    # -------------------------------------------------------------- basics
    @property
    def num_players(self) -> int:
        return self._n

    def current_player(self) -> int:
        phase = self.phase
        if phase in CHANCE_PHASES:
            if phase == DAM_LEAD and self._dam_lead_chosen:
                return self.player
            return CHANCE
        if phase == OVER:
            return TERMINAL
        return self.player

    # The base class answers these through current_player() and checks the player's
    # index; a playout asks them at every step, so they look at the phase directly.
    def is_terminal(self) -> bool:
        return self.phase == OVER

    def is_chance_node(self) -> bool:
        phase = self.phase
        return phase in CHANCE_PHASES and not (phase == DAM_LEAD and self._dam_lead_chosen)

    def is_simultaneous_node(self) -> bool:
        return False  # the players always take turns

    def legal_actions(self, player: int | None = None) -> list[Action]:
        if player is None and self.phase in _DECISION_PHASES:
            return self._legal_actions(self.player)
        mover = self.current_player()
        if mover >= 0 and (player is None or (type(player) is int and 0 <= player < self._n)):
            return self._legal_actions(mover) if player is None or player == mover else []
        return super().legal_actions(player)

    def _turn_start_phase(self) -> str:
        return BOAT if self.tactical else ROLL

    def shown_function(self, place: int) -> int:
        """Function number (0..11) the building place shows; 0..5 day, 6..11 night."""
        tile = self.tile_at[place]
        return DAY_FUNCTION[tile] if self.day_up[place] else NIGHT_FUNCTION[tile]

    def score(self, player: int) -> int:
        """Tourists on the distinct building tiles and Dam around the player's hotels."""
        tourists = self.tourists
        return sum([tourists[p] for p in _scored_places(tuple(self.hotels[player]))])

    def scores(self) -> list[int]:
        """Every player's current score."""
        return [self.score(p) for p in range(self._n)]

    def returns(self) -> list[float]:
        return [float(s) for s in self.scores()]

    def pawn_destinations(self, pawn: str, steps: int | None = None) -> list[tuple[int, int]]:
        """Where ``pawn`` may end a walk of exactly ``steps`` steps (default: its steps now).

        The other pawn's intersection is excluded: the two never end on the same location.
        """
        if pawn not in PAWNS:
            raise ValueError(f"the pawns are {PAWNS}, not {pawn!r}")
        if steps is None:
            steps = self.steps[0] if pawn == MAYOR else self.steps[1]
        start = self.mayor if pawn == MAYOR else self.nightwatchman
        other = self.nightwatchman if pawn == MAYOR else self.mayor
        other_index = INTERSECTION_INDEX[other]
        return [
            INTERSECTIONS[x]
            for x in self._walks[steps][INTERSECTION_INDEX[start]]
            if x != other_index
        ]

    def tourist_counts(self) -> dict[str, Any]:
        """Where the 30 tourists are: tiles, Dam, quays, boat, supply, chased.

        The totals always add up to 30.
        """
        return {
            "tiles": {t: self.tourists[i] for i, t in enumerate(BUILDING_TILES)},
            "dam": self.tourists[DAM_PLACE],
            "quays": {CANAL_TILES[b]: self.quays[q] for q, b in enumerate(BEND_LIST)},
            "boat": self.boat_load,
            "supply": self.supply,
            "chased": self.chased,
        }

    def total_tourists(self) -> int:
        """Supply + boat + quays + tiles + Dam + chased: 30 in every position."""
        return sum(self.tourists) + sum(self.quays) + self.boat_load + self.supply + self.chased

    def summary(self) -> str:
        """Whose turn it is and what happens now, in words (:func:`render.summary`)."""
        return render.summary(self)

    # ------------------------------------------------------------- chance
    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        phase = self.phase
        if phase == ROLL:
            return list(_ROLL_OUTCOMES)
        if phase == DAM_LEAD and not self._dam_lead_chosen:
            targets = self._dam_lead_targets(self.acting_pawn())
            p = Fraction(1, len(targets))
            return [(_DAM_LEADS[t], p) for t in targets]
        if phase == DEAL:
            place = self.tile_at.index(-1)
            left = self._undealt()
            p = Fraction(1, len(left))
            return [(_DEALS[place][k], p) for k in left]
        raise IllegalActionError("this is not a chance node", rule="protocol")

    def sample_chance(self, rng: np.random.Generator) -> Action:
        # Every chance node here is uniform: draw an index directly (fast).
        phase = self.phase
        if phase == ROLL:
            return _ROLLS[int(rng.random() * 9)]
        if phase == DAM_LEAD and not self._dam_lead_chosen:
            targets = self._dam_lead_targets(self.acting_pawn())
            return _DAM_LEADS[targets[int(rng.random() * len(targets))]]
        if phase == DEAL:
            left = self._undealt()
            return _DEALS[self.tile_at.index(-1)][left[int(rng.random() * len(left))]]
        raise IllegalActionError("this is not a chance node", rule="protocol")

    def _undealt(self) -> list[int]:
        dealt = set(self.tile_at)
        return [k for k in range(len(TILES)) if k not in dealt]

    def acting_pawn(self) -> str:
        """The pawn acting in phase 6 (and in its chase or Dam lead): the Mayor first."""
        return MAYOR if self._acting_mayor else NIGHTWATCHMAN

    def _dam_lead_targets(self, pawn: str) -> list[int]:
        # The Mayor leads to a day location, the Nightwatchman to a night location.
        want_day = pawn == MAYOR
        return [p for p in range(NUM_PLACES) if self.day_up[p] == want_day]

    # ------------------------------------------------------------ decisions
    def _legal_actions(self, player: int) -> list[Action]:
        # The phases of a turn, the most frequent first.
        phase = self.phase
        if phase == ACT_MAYOR:
            return self._pawn_actions(MAYOR)
        if phase == ACT_NIGHTWATCHMAN:
            return self._pawn_actions(NIGHTWATCHMAN)
        if phase == MOVE_MAYOR:
            index = INTERSECTION_INDEX
            start, other = index[self.mayor], index[self.nightwatchman]
            return list(_walk_moves(self._diagonals, MAYOR, self.steps[0], start, other))
        if phase == MOVE_NIGHTWATCHMAN:
            index = INTERSECTION_INDEX
            start, other = index[self.nightwatchman], index[self.mayor]
            return list(_walk_moves(self._diagonals, NIGHTWATCHMAN, self.steps[1], start, other))
        if phase == HOTEL:
            # Every intersection but those with a hotel (a few: taken out, last first).
            menu: list[Action] = list(_HOTELS)
            for x in sorted({INTERSECTION_INDEX[x] for h in self.hotels for x in h}, reverse=True):
                del menu[x]
            return menu
        if phase == CHASE:
            return [_CHASES[p] for p in self._chase_targets()]
        if phase == DAM_LEAD:  # only reached with the option dam_lead="choose"
            return [_DAM_LEADS[t] for t in self._dam_lead_targets(self.acting_pawn())]
        if phase == BOAT:
            return list(_BOATS)
        if phase == SPLIT:
            return list(_SPLITS)
        return []

    def _turnable(self, pawn: str) -> list[int]:
        where = self.mayor if pawn == MAYOR else self.nightwatchman
        # The Mayor turns night tiles (black symbol), the Nightwatchman day tiles.
        want_day = pawn == NIGHTWATCHMAN
        day_up = self.day_up
        places = [p for p in TURNABLE_AROUND[INTERSECTION_INDEX[where]] if day_up[p] == want_day]
        if self.tactical:
            places = [p for p in places if self.tourists[p] < TACTICAL_FULL_TILE]
        return places

    def can_lead(self, pawn: str) -> bool:
        """Whether ``pawn`` may lead a tourist from the Dam now [AMS-23]."""
        where = self.mayor if pawn == MAYOR else self.nightwatchman
        return (
            INTERSECTION_INDEX[where] in DAM_CORNER_INDICES
            and self.tourists[DAM_PLACE] > 0
            and bool(self._dam_lead_targets(pawn))
        )

    def _pawn_actions(self, pawn: str) -> list[Action]:
        # As _turnable and can_lead decide, read from tables made once (a playout's
        # most frequent question).
        mayor = pawn == MAYOR
        at = INTERSECTION_INDEX[self.mayor if mayor else self.nightwatchman]
        want_day = not mayor  # the Mayor turns night tiles, the Nightwatchman day tiles
        day_up = self.day_up
        if self.tactical:
            tourists = self.tourists
            actions: list[Action] = [
                turn
                for place, turn in _TURNS_AROUND[pawn][at]
                if day_up[place] == want_day and tourists[place] < TACTICAL_FULL_TILE
            ]
        else:
            actions = [turn for place, turn in _TURNS_AROUND[pawn][at] if day_up[place] == want_day]
        # Leading from the Dam needs a tourist there and a location of the pawn's kind.
        if at in DAM_CORNER_INDICES and self.tourists[DAM_PLACE] > 0 and mayor in day_up:
            actions.append(_LEADS[pawn])
        actions.append(_SKIPS[pawn])
        return actions

    def _chase_targets(self) -> list[int]:
        """Places showing the chased tourists' function with the fewest tourists."""
        return _chase_targets_in(self.tile_at, self.day_up, self.tourists, self.chase_function)

    # ---------------------------------------------------------------- apply
    def _apply(self, action: Action) -> None:
        kind = type(action)  # the most frequent first
        if kind is MovePawn:
            self._move_pawn(action.pawn, action.destination)  # type: ignore[attr-defined]
        elif kind is Skip:
            self._after_act()
        elif kind is TurnTile:
            self._turn_tile(PLACE_OF[action.tile])  # type: ignore[attr-defined]
        elif kind is RollDice:
            self.dice = (action.white, action.black)  # type: ignore[attr-defined]
            self.steps = self.dice
            self._sail(action.white + action.black)  # type: ignore[attr-defined]
        elif kind is PlaceHotel:
            self.hotels[self.player].append(action.intersection)  # type: ignore[attr-defined]
            if self._check_target():
                return
            self.phase = SPLIT if self.tactical else MOVE_MAYOR
        elif kind is LeadFromDam:
            self.phase = DAM_LEAD
        elif kind is DamLead:
            self.tourists[DAM_PLACE] -= 1
            self.tourists[PLACE_OF[action.tile]] += 1  # type: ignore[attr-defined]
            if not self._check_target():
                self._after_act()
        elif kind is ChaseTo:
            self.tourists[PLACE_OF[action.tile]] += self.chased  # type: ignore[attr-defined]
            self.chased = 0
            self.chase_function = -1
            if not self._check_target():
                self._after_act()
        elif kind is MoveBoat:
            self.steps = (0, 0)
            self._sail(action.steps)  # type: ignore[attr-defined]
        elif kind is SplitSteps:
            self.steps = (action.mayor, action.nightwatchman)  # type: ignore[attr-defined]
            self._start_walks()
        elif kind is DealTile:
            place = PLACE_OF[action.place]  # type: ignore[attr-defined]
            self.tile_at[place] = action.tile  # type: ignore[attr-defined]
            if place == NUM_PLACES - 1:
                self.phase = self._turn_start_phase()
        else:  # pragma: no cover - check_action refuses unknown actions first
            raise IllegalActionError(f"unknown action {action}", rule="protocol")

    def _sail(self, steps: int) -> None:
        """Phases 2 and 3: move the boat, pick up at passed bends, drop off."""
        start = self.boat
        load = self.boat_load
        quays = self.quays
        for quay in _quays_passed(start, steps, self._pickup_on_departure):
            if quays[quay]:
                load += quays[quay]
                quays[quay] = 0
        self.boat = stop = (start + steps) % len(CANAL_TILES)
        if self.supply > 0:
            self.supply -= 1
            load += 1
        place = FACING_PLACE[stop]
        if place >= 0:
            self.tourists[place] += load
        else:
            self.quays[QUAY_OF[stop]] += load
        self.boat_load = 0
        if self._check_target():
            return
        if self.turns_taken[self.player] < HOTELS_PER_PLAYER:
            self.phase = HOTEL
        elif self.tactical:
            self.phase = SPLIT
        else:
            self._start_walks()

    def _start_walks(self) -> None:
        if self.steps[0] > 0:
            self.phase = MOVE_MAYOR
        elif self.steps[1] > 0:
            self.phase = MOVE_NIGHTWATCHMAN
        else:
            self._start_acts()

    def _start_acts(self) -> None:
        self._acting_mayor = True
        self.phase = ACT_MAYOR

    def _move_pawn(self, pawn: str, destination: tuple[int, int]) -> None:
        if pawn == MAYOR:
            self.mayor = destination
            if self.steps[1] > 0:
                self.phase = MOVE_NIGHTWATCHMAN
                return
        else:
            self.nightwatchman = destination
        self._start_acts()

    def _turn_tile(self, place: int) -> None:
        tile, day = self.tile_at[place], self.day_up[place]
        function = DAY_FUNCTION[tile] if day else NIGHT_FUNCTION[tile]  # shown_function(place)
        chased = self.tourists[place]
        self.tourists[place] = 0
        self.day_up[place] = not day
        if chased:
            self.chased = chased
            self.chase_function = function
            targets = self._chase_targets()
            if not targets:  # no location with that function: to the Dam [AMS-21]
                self.tourists[DAM_PLACE] += chased
            elif len(targets) == 1:
                self.tourists[targets[0]] += chased
            else:
                self.phase = CHASE  # the player chooses among the ties [AMS-20]
                return
            self.chased = 0
            self.chase_function = -1
            if self._check_target():
                return
        self._after_act()

    def _after_act(self) -> None:
        if self._acting_mayor:
            self._acting_mayor = False
            self.phase = ACT_NIGHTWATCHMAN
        else:
            self._end_turn()

    def _check_target(self) -> bool:
        """Note a player at the target; True when the game ends here and now [AMS-25].

        The rulebook's "ends as soon as" (default ``end_rule="immediate"``) stops the game
        at the action that brings a player to the target; ``end_rule="end_of_turn"``
        keeps the older reading that lets the turn finish first.
        """
        if not self.target_reached and _someone_at(self.target, self.hotels, self.tourists):
            self.target_reached = True
        if self.target_reached and self._end_immediately:
            self.dice = None
            self.steps = (0, 0)
            self.chased = 0
            self.chase_function = -1
            self.phase = OVER
            return True
        return False

    def end_reason(self) -> str | None:
        """Why the game ended, in words (None while it goes on)."""
        if self.phase != OVER:
            return None
        scores = self.scores()
        best = max(scores)
        leaders = [p for p, s in enumerate(scores) if s == best]
        who = " and ".join(f"P{p + 1}" for p in leaders)
        won = "share the win" if len(leaders) > 1 else "wins"
        if self.target_reached:
            if self._end_immediately:
                how = f"{who} reached {self.target} tourists: the game ends at once [AMS-25]"
            else:
                how = (
                    f"a player reached {self.target} tourists and the turn was finished "
                    "(end_rule='end_of_turn') [AMS-25]"
                )
        else:
            how = "the supply is empty and the last turn is finished [AMS-26]"
        return f"{how}; {who} {won} with {best} tourists"

    def _end_turn(self) -> None:
        self.turns_taken[self.player] += 1
        self.dice = None
        self.steps = (0, 0)
        if self.target_reached or self.supply == 0:
            self.phase = OVER  # AMS-25 / AMS-26: this turn was the last
            return
        self.player = (self.player + 1) % self._n
        self.phase = BOAT if self.tactical else ROLL  # _turn_start_phase()

    # ------------------------------------------------------ the search's playouts
    def random_playout(self, rng: np.random.Generator, max_actions: int = 10_000) -> None:
        """``State.random_playout`` (the reference), the steps of a turn played quickly.

        The same game from the same generator. The steps every turn has (the
        roll, the two walks, the two acts) are played by :meth:`_random_turns`
        on local copies of the state's fields; every other step (a hotel, a
        chase with a choice, a Dam lead, dealing tiles) goes through the
        protocol, and so does all of the tactical variant (and a generator
        that is not a PCG64). ``tests/amsterdam/test_fast_paths.py`` compares
        the two.
        """
        from hoteledu.core.draws import Draws  # loads numpy.random: not at import time

        draws = Draws(rng)
        if self.tactical or not draws.reads_raw:
            return super().random_playout(rng, max_actions)
        left = max_actions
        with draws:
            while left > 0 and self.phase != OVER:
                if self.phase in _TURN_PHASES:
                    left = self._random_turns(draws, left)
                else:
                    self.history.append(self._random_step(draws))
                    left -= 1
        return None

    def _random_step(self, draws: Any) -> Action:
        """One step of the protocol's random playout: draw the action, apply it."""
        if self.is_chance_node():
            action = self.sample_chance(draws)
        else:
            legal = self.legal_actions()
            action = legal[draws.below(len(legal))]
        self._apply(action)
        return action

    def _random_turns(self, draws: Any, left: int) -> int:
        """Random steps of ``_TURN_PHASES`` while they last (at most ``left``); the actions left.

        The rules of :meth:`_apply` for these steps (``_sail``, ``_move_pawn``,
        ``_turn_tile``, ``_after_act``, ``_end_turn``, ``_check_target``)
        written again on local variables, each choice the index into the list
        ``legal_actions()`` would give, drawn as ``State.random_playout`` draws
        it but inline (:meth:`Draws.hand_over <hoteledu.core.draws.Draws.hand_over>`):
        ``below(n)`` by Lemire's method on 32-bit halves, the roll as
        ``int(random() * 9)``. It stops at any other phase (the state is written
        back first).
        """
        take, half = draws.hand_over()
        append = self.history.append
        immediate = self._end_immediately
        sails = _SAILS[self._pickup_on_departure]
        mayor_moves, watch_moves = _walk_menus(self._diagonals)
        n, target = self._n, self.target
        # The places each player scores (made again when a hotel is placed).
        hotels = self.hotels
        scored = [_scored_places(tuple(own)) for own in hotels if own]
        lead_chosen = self._dam_lead_chosen
        tile_at, day_up, tourists, quays = self.tile_at, self.day_up, self.tourists, self.quays
        with_function = _places_by_function(tuple(tile_at))
        turns_taken = self.turns_taken
        phase, player, dice, steps = self.phase, self.player, self.dice, self.steps
        mayor, watch = INTERSECTION_INDEX[self.mayor], INTERSECTION_INDEX[self.nightwatchman]
        boat, load, supply = self.boat, self.boat_load, self.supply
        reached, acting_mayor = self.target_reached, self._acting_mayor
        chased, function = self.chased, self.chase_function
        on_tiles = sum(tourists)  # tourists on the tiles and the Dam: no score is above it
        while left > 0:
            if phase == ROLL:
                # sample_chance: int(random() * 9), random() from the next raw output.
                k = int((take() >> 11) * _DOUBLE * 9)
                roll, dice, boat, passed, place, quay = sails[boat][k]
                append(roll)
                left -= 1
                steps = dice
                # The boat sails, picks up at the bends it passes and drops off.
                for bend in passed:
                    if quays[bend]:
                        load += quays[bend]
                        quays[bend] = 0
                if supply > 0:
                    supply -= 1
                    load += 1
                if place >= 0:
                    tourists[place] += load
                    on_tiles += load
                    # Only the players scoring that place came nearer the target: every
                    # change is checked, so nobody else can be at it [AMS-25].
                    if not reached and on_tiles >= target:
                        reached = _reached_at(place, target, scored, tourists)
                else:
                    quays[quay] += load
                load = 0
                if reached and immediate:
                    phase, dice, steps = OVER, None, (0, 0)
                    break
                if turns_taken[player] < HOTELS_PER_PLAYER:
                    phase = HOTEL
                elif steps[0] > 0:
                    phase = MOVE_MAYOR
                elif steps[1] > 0:
                    phase = MOVE_NIGHTWATCHMAN
                else:
                    acting_mayor, phase = True, ACT_MAYOR
                continue
            # A decision or a Dam lead: its menu (as legal_actions() or chance_outcomes()
            # lists it), then the drawn index.
            if phase in _WALK_PHASES:
                # As _walk_moves: a walk's ends, but never the other pawn's intersection
                # (``gap``: its place in the menu, passed over).
                if phase == MOVE_MAYOR:
                    ends, menu = mayor_moves[steps[0]][mayor]
                    other = watch
                else:
                    ends, menu = watch_moves[steps[1]][watch]
                    other = mayor
                if other in ends:
                    gap = ends.index(other)
                    size = len(menu) - 1
                else:
                    gap = size = len(menu)
            elif phase in _ACTS:
                # As _pawn_actions: the Mayor turns night tiles, the Nightwatchman day tiles;
                # either may lead a tourist from a corner of the Dam; or skip.
                by_mayor = phase == ACT_MAYOR
                at = mayor if by_mayor else watch
                read, menus = _TURNABLE_BY_SIDES[at]
                lead = at in DAM_CORNER_INDICES and tourists[DAM_PLACE] > 0 and by_mayor in day_up
                menu = menus[read(day_up)][by_mayor][lead]
                gap = size = len(menu)
            elif phase == HOTEL:
                # Every intersection without a hotel, in order.
                taken = {INTERSECTION_INDEX[x] for own in hotels for x in own}
                menu = [pair for pair in _HOTEL_MENU if pair[1] not in taken]
                gap = size = len(menu)
            elif phase == CHASE:
                # The places showing the chased tourists' function with the fewest [AMS-20].
                menu = [
                    (_CHASES[p], p)
                    for p in _fewest(with_function[function], day_up, tourists, function)
                ]
                gap = size = len(menu)
            elif phase == DAM_LEAD:  # a location of the pawn's kind [AMS-23]
                menu = [(_DAM_LEADS[p], p) for p in range(NUM_PLACES) if day_up[p] == acting_mayor]
                gap = size = len(menu)
            else:
                break
            if phase == DAM_LEAD and not lead_chosen:
                # drawn, as sample_chance draws it: int(random() * n), random() from a raw output
                k = int((take() >> 11) * _DOUBLE * size)
            elif size == 1:
                k = 0  # one option: nothing drawn
            else:  # Draws.below(size), inline
                if half is None:
                    raw = take()
                    half, m = raw >> 32, (raw & 0xFFFFFFFF) * size
                else:
                    m, half = half * size, None
                if m & 0xFFFFFFFF < size:
                    m, half = draws.rejected(m, size, half)
                k = m >> 32
            action, place = menu[k if k < gap else k + 1]
            append(action)
            left -= 1
            if phase == MOVE_MAYOR:
                mayor = place
                if steps[1] > 0:
                    phase = MOVE_NIGHTWATCHMAN
                else:
                    acting_mayor, phase = True, ACT_MAYOR
                continue
            if phase == MOVE_NIGHTWATCHMAN:
                watch = place
                acting_mayor, phase = True, ACT_MAYOR
                continue
            if phase == HOTEL:
                hotels[player].append(INTERSECTIONS[place])
                scored = [_scored_places(tuple(own)) for own in hotels if own]
                if not reached and on_tiles >= target:
                    reached = _reached(target, scored, tourists)
                if reached and immediate:
                    phase, dice, steps = OVER, None, (0, 0)
                    break
                phase = MOVE_MAYOR
                continue
            arrived = -1  # the place tourists came to, if any (the target is checked there)
            if phase in _TOURIST_MOVES:  # the chased tourists or one led from the Dam
                if phase == CHASE:
                    tourists[place] += chased
                    chased, function = 0, -1
                else:
                    tourists[DAM_PLACE] -= 1
                    tourists[place] += 1
                arrived = place
            elif place >= 0:  # turn the tile over
                chased = tourists[place]
                tourists[place] = 0
                day = day_up[place]
                day_up[place] = not day
                if chased:
                    tile = tile_at[place]
                    function = DAY_FUNCTION[tile] if day else NIGHT_FUNCTION[tile]
                    targets = _fewest(with_function[function], day_up, tourists, function)
                    if len(targets) > 1:  # the player chooses where they go
                        phase = CHASE
                        continue
                    arrived = targets[0] if targets else DAM_PLACE
                    tourists[arrived] += chased
                    chased, function = 0, -1
            elif place == _LEAD:
                phase = DAM_LEAD
                continue
            if arrived >= 0:
                if not reached and on_tiles >= target:
                    reached = _reached_at(arrived, target, scored, tourists)
                if reached and immediate:
                    phase, dice, steps = OVER, None, (0, 0)
                    break
            if acting_mayor:
                acting_mayor, phase = False, ACT_NIGHTWATCHMAN
            else:  # the end of the turn
                turns_taken[player] += 1
                dice, steps = None, (0, 0)
                if reached or supply == 0:
                    phase = OVER
                    break
                player = (player + 1) % n
                phase = ROLL
        draws.take_back(half)
        self.phase, self.player, self.dice, self.steps = phase, player, dice, steps
        self.mayor, self.nightwatchman = INTERSECTIONS[mayor], INTERSECTIONS[watch]
        self.boat, self.boat_load, self.supply = boat, load, supply
        self.target_reached, self._acting_mayor = reached, acting_mayor
        self.chased, self.chase_function = chased, function
        if phase == OVER and reached and immediate:  # as _check_target ends the game
            self.chased, self.chase_function = 0, -1
        return left

    # ------------------------------------------------------ illegal actions
    def check_action(self, action: Action) -> None:
        """Raise IllegalActionError naming the rule (AMS-xx) if ``action`` is not legal now.

        Like the core's check, but refusals at a chance node or after the end also go
        through :meth:`explain_illegal`, so every refusal names its rule.
        """
        mover = self.current_player()
        if mover == CHANCE:
            if not self._is_chance_outcome(action):
                raise IllegalActionError(self.explain_illegal(action))
            return
        if mover == TERMINAL or not self._is_legal(mover, action):
            raise IllegalActionError(self.explain_illegal(action))

    def what_now(self) -> str:
        """What may be done now, in the rulebook's words, with the rule's ID."""
        return refusals.what_now(self)

    def explain_illegal(self, action: Action) -> str:
        """Why ``action`` is refused, naming the rule (AMS-xx) and what may be done now."""
        return refusals.explain_illegal(self, action)

    # ------------------------------------------------------ copy and JSON
    def clone(self) -> AmsterdamState:
        state = AmsterdamState.__new__(AmsterdamState)
        state.__dict__.update(self.__dict__)
        state.options = dict(self.options)
        state.history = list(self.history)
        state.tile_at = list(self.tile_at)
        state.day_up = list(self.day_up)
        state.tourists = list(self.tourists)
        state.quays = list(self.quays)
        state.hotels = [list(h) for h in self.hotels]
        state.turns_taken = list(self.turns_taken)
        return state

    def to_snapshot(self) -> dict[str, Any]:
        return {
            "tile_at": list(self.tile_at),
            "day_up": list(self.day_up),
            "tourists": list(self.tourists),
            "quays": list(self.quays),
            "boat": self.boat,
            "boat_load": self.boat_load,
            "supply": self.supply,
            "hotels": [[list(x) for x in h] for h in self.hotels],
            "mayor": list(self.mayor),
            "nightwatchman": list(self.nightwatchman),
            "player": self.player,
            "turns_taken": list(self.turns_taken),
            "phase": self.phase,
            "dice": None if self.dice is None else list(self.dice),
            "steps": list(self.steps),
            "acting_mayor": self._acting_mayor,
            "chased": self.chased,
            "chase_function": self.chase_function,
            "target_reached": self.target_reached,
        }

    @classmethod
    def from_snapshot(cls, options: Mapping[str, Any], snapshot: Mapping[str, Any]) -> State:
        try:
            state = new_game(**dict(options))
        except (TypeError, ValueError) as error:
            raise MalformedRecordError(f"bad Hotel Amsterdam options: {error}") from error
        values = checked_snapshot(snapshot, state.options, state.to_snapshot())
        # every change is checked against the target, so no game reaches a score at the
        # target unnoted (random_playout checks only the players whose place grew)
        if (
            values["phase"] != OVER
            and not values["target_reached"]
            and _someone_at(state.target, values["hotels"], values["tourists"])
        ):
            raise MalformedRecordError(
                f"a player's score is at the target ({state.target}) but "
                "'target_reached' is false [AMS-25]"
            )
        for name, value in values.items():
            setattr(state, _ATTRIBUTE_OF_FIELD.get(name, name), value)
        return state

    # ------------------------------------------------------------- display
    def render_text(self) -> str:
        """An ASCII board: tiles (DAY in capitals, night in lower case, tourists),
        the canal (``B`` the boat, quay counts), hotels (player digits) and the
        Mayor ``M`` / Nightwatchman ``N`` on the intersections (:mod:`.render`)."""
        return render.render_text(self)

    def _repr_html_(self) -> str:
        return render.board_html(self)


# ---------------------------------------------------------------- public API
def new_game(
    players: int = 2,
    variant: str = "dice",
    layout: str = "standard",
    target: int | None = None,
    pickup_on_departure: bool = False,
    dam_diagonals: bool = True,
    dam_lead: str = "random",
    end_rule: str = "immediate",
) -> AmsterdamState:
    """A new game of Hotel Amsterdam.

    Parameters
    ----------
    players : int
        2, 3 or 4 players [AMS-01].
    variant : {"dice", "tactical"}
        The family game with dice, or the tactical variant (no dice; with the
        standard layout and ``dam_lead="choose"`` no chance at all).
    layout : {"standard", "shuffled"}
        The fixed, reproducible tile layout, or a shuffled one dealt at setup
        as 24 chance nodes.
    target : int or None
        Points that end the game; None means 12, or 15 with two players.
    pickup_on_departure : bool
        Whether a boat leaving a bend picks up the tourists waiting there.
    dam_diagonals : bool
        Whether the pawns may cross the Dam diagonally [AMS-16].
    dam_lead : {"random", "choose"}
        Where a tourist led from the Dam goes: a random location of the right
        kind (the rulebook, AMS-23), or one the player chooses, which makes the
        tactical variant a game without any chance.
    end_rule : {"immediate", "end_of_turn"}
        When reaching the target ends the game: at once, at the action that
        brings a player to the target (the rulebook's "ends as soon as", AMS-25),
        or after the rest of that turn (an older reading, kept for comparison).

    Returns
    -------
    AmsterdamState

    Examples
    --------
    >>> new_game(players=3).target
    12
    """
    options = {
        "players": players,
        "variant": variant,
        "layout": layout,
        "target": target,
        "pickup_on_departure": pickup_on_departure,
        "dam_diagonals": dam_diagonals,
        "dam_lead": dam_lead,
        "end_rule": end_rule,
    }
    # The choices are written in info.py only; saved records bring options too, so the
    # types are exact there (2.0 and True are not 2 and 1).
    for option in GAME_INFO.options:
        try:
            option.validate(options[option.name])
        except ValueError as error:
            raise ValueError(f"{error} ({option.description})") from None
    return AmsterdamState(options)


def score(state: AmsterdamState, player: int) -> int:
    """Tourists on the distinct building tiles and Dam around ``player``'s hotels [AMS-24]."""
    return state.score(player)


def tourist_counts(state: AmsterdamState) -> dict[str, Any]:
    """Where the 30 tourists are (see :meth:`AmsterdamState.tourist_counts`)."""
    return state.tourist_counts()


def pawn_destinations(
    state: AmsterdamState, pawn: str, steps: int | None = None
) -> list[tuple[int, int]]:
    """Intersections ``pawn`` may end on after exactly ``steps`` steps (default: its steps now)."""
    return state.pawn_destinations(pawn, steps)


__all__ = [
    "CHANCE",
    "TERMINAL",
    "AmsterdamState",
    "ChaseTo",
    "DamLead",
    "DealTile",
    "LeadFromDam",
    "MoveBoat",
    "MovePawn",
    "PlaceHotel",
    "RollDice",
    "Skip",
    "SplitSteps",
    "TurnTile",
    "new_game",
    "pawn_destinations",
    "score",
    "tourist_counts",
]
