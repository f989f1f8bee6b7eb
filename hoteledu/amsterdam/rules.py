"""Hotel Amsterdam: the rules engine.

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

import html
from collections.abc import Mapping
from fractions import Fraction
from typing import Any, ClassVar

import numpy as np

from hoteledu.amsterdam.actions import (
    ACTION_TYPES,
    MAYOR,
    NIGHTWATCHMAN,
    PAWN_NAMES,
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
    point_text,
)
from hoteledu.amsterdam.board import (
    BENDS,
    BUILDING_TILES,
    CANAL_INDEX,
    CANAL_TILES,
    COLOURS,
    DAM,
    DAM_CORNERS,
    DIE_FACES,
    FACING,
    INTERSECTIONS,
    MAYOR_START,
    NIGHTWATCHMAN_START,
    street_pairs,
    tiles_around,
)
from hoteledu.amsterdam.tiles import DAY_FUNCTION, FUNCTIONS, NIGHT_FUNCTION, TILES
from hoteledu.core import snapshot_checks
from hoteledu.core.actions import Action
from hoteledu.core.errors import IllegalActionError, MalformedRecordError
from hoteledu.core.state import CHANCE, TERMINAL, State, player_name
from hoteledu.core.validation import check_option_type, is_int, short_repr

# --------------------------------------------------------------------- constants
TOTAL_TOURISTS = 30
START_TILES: tuple[tuple[int, int], ...] = ((2, 2), (2, 4), (4, 2), (4, 4))
"""The four building tiles with a tourist at the start (diagonally next to the Dam)."""
HOTELS_PER_PLAYER = 2
TARGET, TARGET_TWO_PLAYERS = 12, 15
"""Tourists around one's hotels that end the game (AMS-25): 12, or 15 with two players."""
MAX_TACTICAL_BOAT = 4
MAX_TACTICAL_STEPS, MAX_TACTICAL_EACH = 4, 3
TACTICAL_FULL_TILE = 4

# Phases, with the names shown to players.
DEAL = "deal tiles"
ROLL = "roll dice"
BOAT = "move boat"
HOTEL = "place hotel"
SPLIT = "split steps"
MOVE_MAYOR = "move the Mayor"
MOVE_NIGHTWATCHMAN = "move the Nightwatchman"
ACT_MAYOR = "the Mayor acts"
ACT_NIGHTWATCHMAN = "the Nightwatchman acts"
CHASE = "chased tourists"
DAM_LEAD = "lead from the Dam"
OVER = "game over"
PHASES = (
    DEAL,
    ROLL,
    BOAT,
    HOTEL,
    SPLIT,
    MOVE_MAYOR,
    MOVE_NIGHTWATCHMAN,
    ACT_MAYOR,
    ACT_NIGHTWATCHMAN,
    CHASE,
    DAM_LEAD,
    OVER,
)
CHANCE_PHASES = frozenset({DEAL, ROLL, DAM_LEAD})

# Places that hold tourists: building places 0..23 (BUILDING_TILES order), the Dam 24.
NUM_PLACES = len(BUILDING_TILES)
DAM_PLACE = NUM_PLACES
PLACE_OF: dict[tuple[int, int], int] = {t: i for i, t in enumerate(BUILDING_TILES)}
PLACE_OF[DAM] = DAM_PLACE
PLACE_TILES: tuple[tuple[int, int], ...] = (*BUILDING_TILES, DAM)
INTERSECTION_INDEX: dict[tuple[int, int], int] = {x: i for i, x in enumerate(INTERSECTIONS)}
FACING_PLACE: tuple[int, ...] = tuple(-1 if f is None else PLACE_OF[f] for f in FACING)
BEND_LIST: tuple[int, ...] = tuple(sorted(BENDS))
QUAY_OF: tuple[int, ...] = tuple(
    BEND_LIST.index(i) if i in BENDS else -1 for i in range(len(CANAL_TILES))
)
# Building places around each intersection (can be turned) and the places a hotel scores.
TURNABLE_AROUND: tuple[tuple[int, ...], ...] = tuple(
    tuple(PLACE_OF[t] for t in tiles_around(x) if t in PLACE_OF and t != DAM) for x in INTERSECTIONS
)
SCORING_AROUND: tuple[tuple[int, ...], ...] = tuple(
    tuple(PLACE_OF[t] for t in tiles_around(x) if t in PLACE_OF) for x in INTERSECTIONS
)
DAM_CORNER_INDICES = frozenset(INTERSECTION_INDEX[x] for x in DAM_CORNERS)
# Checkerboard of the setup: day side up where row + column is even.
DAY_UP_AT_START: tuple[bool, ...] = tuple((r + c) % 2 == 0 for r, c in BUILDING_TILES)
STANDARD_LAYOUT: tuple[int, ...] = tuple(range(NUM_PLACES))
"""Tile number on each building place in the standard layout (place k holds tile k)."""


def _walk_destinations(dam_diagonals: bool) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """``table[k][x]``: intersections at the end of a walk of exactly k steps from x."""
    neighbours: list[set[int]] = [set() for _ in INTERSECTIONS]
    for a, b in street_pairs(dam_diagonals):
        ia, ib = INTERSECTION_INDEX[a], INTERSECTION_INDEX[b]
        neighbours[ia].add(ib)
        neighbours[ib].add(ia)
    table = [tuple((x,) for x in range(len(INTERSECTIONS)))]
    for _ in range(MAX_TACTICAL_EACH):
        previous = table[-1]
        table.append(
            tuple(
                tuple(sorted({n for y in previous[x] for n in neighbours[y]}))
                for x in range(len(INTERSECTIONS))
            )
        )
    return tuple(table)


WALKS = {True: _walk_destinations(True), False: _walk_destinations(False)}
"""Precomputed walk destinations for k = 0..3 steps, with and without the Dam diagonals."""

# Action objects are made once and shared: creating frozen dataclasses is slow,
# and list membership tests identity first.
_ROLLS = tuple(RollDice(w, b) for w in DIE_FACES for b in DIE_FACES)
_ROLL_OUTCOMES = tuple((a, Fraction(1, 9)) for a in _ROLLS)
_BOATS = tuple(MoveBoat(s) for s in range(1, MAX_TACTICAL_BOAT + 1))
_HOTELS = tuple(PlaceHotel(x) for x in INTERSECTIONS)
_SPLITS = tuple(
    SplitSteps(m, n)
    for m in range(MAX_TACTICAL_EACH + 1)
    for n in range(MAX_TACTICAL_EACH + 1)
    if m + n <= MAX_TACTICAL_STEPS
)
_MOVES = {p: tuple(MovePawn(p, x) for x in INTERSECTIONS) for p in PAWNS}
_TURNS = {p: tuple(TurnTile(p, t) for t in BUILDING_TILES) for p in PAWNS}
_LEADS = {p: LeadFromDam(p) for p in PAWNS}
_SKIPS = {p: Skip(p) for p in PAWNS}
_CHASES = tuple(ChaseTo(t) for t in BUILDING_TILES)
_DAM_LEADS = tuple(DamLead(t) for t in BUILDING_TILES)
_DEALS = tuple(tuple(DealTile(place, k) for k in range(len(TILES))) for place in BUILDING_TILES)


def _rule(message: str, rule: str) -> str:
    return f"{message} ({rule})"


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
        if players not in (2, 3, 4):
            raise ValueError(f"Hotel Amsterdam is for 2 to 4 players, not {players!r} (AMS-01)")
        self._n = players
        self.tactical = self.options["variant"] == "tactical"
        target = self.options.get("target")
        self.target = (
            target if target is not None else (TARGET_TWO_PLAYERS if players == 2 else TARGET)
        )
        self._walks = WALKS[bool(self.options["dam_diagonals"])]
        self._pickup_on_departure = bool(self.options["pickup_on_departure"])
        self._end_immediately = self.options.get("end_rule", "immediate") == "immediate"
        # "choose": the player picks where a tourist led from the Dam goes (no chance left
        # in the tactical variant); "random": the rulebook's random location (AMS-23).
        self._dam_lead_chosen = self.options.get("dam_lead", "random") == "choose"
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

    def _turn_start_phase(self) -> str:
        return BOAT if self.tactical else ROLL

    def shown_function(self, place: int) -> int:
        """Function number (0..11) the building place shows; 0..5 day, 6..11 night."""
        tile = self.tile_at[place]
        return DAY_FUNCTION[tile] if self.day_up[place] else NIGHT_FUNCTION[tile]

    def score(self, player: int) -> int:
        """Tourists on the distinct building tiles and Dam around the player's hotels."""
        places: set[int] = set()
        for x in self.hotels[player]:
            places.update(SCORING_AROUND[INTERSECTION_INDEX[x]])
        tourists = self.tourists
        return sum(tourists[p] for p in places)

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
        """Whose turn it is and what happens now, in words."""
        if self.phase == OVER:
            scores = self.scores()
            win = ", ".join(f"{player_name(p)} ({COLOURS[p]})" for p in self.winners())
            return f"game over: scores {scores}; winner {win}"
        if self.phase == DEAL:
            return "setup: dealing the building tiles"
        who = f"{player_name(self.player)} ({COLOURS[self.player]})"
        detail = self.phase
        if self.phase == MOVE_MAYOR:
            detail += f" {self.steps[0]} steps"
        elif self.phase == MOVE_NIGHTWATCHMAN:
            detail += f" {self.steps[1]} steps"
        elif self.phase == CHASE:
            detail = f"choose where {self.chased} chased tourists go"
        return f"{who}: {detail}"

    # ------------------------------------------------------------- chance
    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        phase = self.phase
        if phase == ROLL:
            return list(_ROLL_OUTCOMES)
        if phase == DAM_LEAD and not self._dam_lead_chosen:
            targets = self._dam_lead_targets(self._acting_pawn())
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
            targets = self._dam_lead_targets(self._acting_pawn())
            return _DAM_LEADS[targets[int(rng.random() * len(targets))]]
        if phase == DEAL:
            left = self._undealt()
            return _DEALS[self.tile_at.index(-1)][left[int(rng.random() * len(left))]]
        raise IllegalActionError("this is not a chance node", rule="protocol")

    def _undealt(self) -> list[int]:
        dealt = set(self.tile_at)
        return [k for k in range(len(TILES)) if k not in dealt]

    def _acting_pawn(self) -> str:
        # During phase 6 (and its chase or Dam lead): which pawn is acting.
        return MAYOR if self._acting_mayor else NIGHTWATCHMAN

    def _dam_lead_targets(self, pawn: str) -> list[int]:
        # The Mayor leads to a day location, the Nightwatchman to a night location.
        want_day = pawn == MAYOR
        return [p for p in range(NUM_PLACES) if self.day_up[p] == want_day]

    # ------------------------------------------------------------ decisions
    def _legal_actions(self, player: int) -> list[Action]:
        phase = self.phase
        if phase == HOTEL:
            taken = {INTERSECTION_INDEX[x] for h in self.hotels for x in h}
            return [_HOTELS[x] for x in range(len(INTERSECTIONS)) if x not in taken]
        if phase in (MOVE_MAYOR, MOVE_NIGHTWATCHMAN):
            pawn = MAYOR if phase == MOVE_MAYOR else NIGHTWATCHMAN
            moves = _MOVES[pawn]
            if pawn == MAYOR:
                start, other, steps = self.mayor, self.nightwatchman, self.steps[0]
            else:
                start, other, steps = self.nightwatchman, self.mayor, self.steps[1]
            other_index = INTERSECTION_INDEX[other]
            return [
                moves[x] for x in self._walks[steps][INTERSECTION_INDEX[start]] if x != other_index
            ]
        if phase in (ACT_MAYOR, ACT_NIGHTWATCHMAN):
            pawn = MAYOR if phase == ACT_MAYOR else NIGHTWATCHMAN
            return self._pawn_actions(pawn)
        if phase == CHASE:
            return [_CHASES[p] for p in self._chase_targets()]
        if phase == DAM_LEAD:  # only reached with the option dam_lead="choose"
            return [_DAM_LEADS[t] for t in self._dam_lead_targets(self._acting_pawn())]
        if phase == BOAT:
            return list(_BOATS)
        if phase == SPLIT:
            return list(_SPLITS)
        return []

    def _turnable(self, pawn: str) -> list[int]:
        where = self.mayor if pawn == MAYOR else self.nightwatchman
        # The Mayor turns night tiles (black symbol), the Nightwatchman day tiles.
        want_day = pawn == NIGHTWATCHMAN
        places = [
            p for p in TURNABLE_AROUND[INTERSECTION_INDEX[where]] if self.day_up[p] == want_day
        ]
        if self.tactical:
            places = [p for p in places if self.tourists[p] < TACTICAL_FULL_TILE]
        return places

    def _can_lead(self, pawn: str) -> bool:
        where = self.mayor if pawn == MAYOR else self.nightwatchman
        return (
            INTERSECTION_INDEX[where] in DAM_CORNER_INDICES
            and self.tourists[DAM_PLACE] > 0
            and bool(self._dam_lead_targets(pawn))
        )

    def _pawn_actions(self, pawn: str) -> list[Action]:
        turns = _TURNS[pawn]
        actions: list[Action] = [turns[p] for p in self._turnable(pawn)]
        if self._can_lead(pawn):
            actions.append(_LEADS[pawn])
        actions.append(_SKIPS[pawn])
        return actions

    def _chase_targets(self) -> list[int]:
        """Places showing the chased tourists' function with the fewest tourists."""
        function = self.chase_function
        candidates = [p for p in range(NUM_PLACES) if self.shown_function(p) == function]
        if not candidates:
            return []
        fewest = min(self.tourists[p] for p in candidates)
        return [p for p in candidates if self.tourists[p] == fewest]

    # ---------------------------------------------------------------- apply
    def _apply(self, action: Action) -> None:
        kind = type(action)
        if kind is RollDice:
            self.dice = (action.white, action.black)  # type: ignore[attr-defined]
            self.steps = self.dice
            self._sail(action.white + action.black)  # type: ignore[attr-defined]
        elif kind is MovePawn:
            self._move_pawn(action.pawn, action.destination)  # type: ignore[attr-defined]
        elif kind is TurnTile:
            self._turn_tile(PLACE_OF[action.tile])  # type: ignore[attr-defined]
        elif kind is Skip:
            self._after_act()
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
        ring = len(CANAL_TILES)
        load = self.boat_load
        first = 0 if self._pickup_on_departure else 1
        for k in range(first, steps):  # the bends passed on the way
            quay = QUAY_OF[(start + k) % ring]
            if quay >= 0 and self.quays[quay]:
                load += self.quays[quay]
                self.quays[quay] = 0
        self.boat = stop = (start + steps) % ring
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
        function = self.shown_function(place)
        chased = self.tourists[place]
        self.tourists[place] = 0
        self.day_up[place] = not self.day_up[place]
        if chased:
            self.chased = chased
            self.chase_function = function
            targets = self._chase_targets()
            if not targets:  # no location with that function: to the Dam (AMS-21)
                self.tourists[DAM_PLACE] += chased
            elif len(targets) == 1:
                self.tourists[targets[0]] += chased
            else:
                self.phase = CHASE  # the player chooses among the ties (AMS-20)
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
        """Note a player at the target; True when the game ends here and now (AMS-25).

        The rulebook's "ends as soon as" (default ``end_rule="immediate"``) stops the game
        at the action that brings a player to the target; ``end_rule="end_of_turn"``
        keeps the older reading that lets the turn finish first.
        """
        if not self.target_reached:
            target = self.target
            for p in range(self._n):
                if self.hotels[p] and self.score(p) >= target:
                    self.target_reached = True
                    break
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
                how = f"{who} reached {self.target} tourists: the game ends at once (AMS-25)"
            else:
                how = (
                    f"a player reached {self.target} tourists and the turn was finished "
                    "(end_rule='end_of_turn', AMS-25)"
                )
        else:
            how = "the supply is empty and the last turn is finished (AMS-26)"
        return f"{how}; {who} {won} with {best} tourists"

    def _end_turn(self) -> None:
        self.turns_taken[self.player] += 1
        self.dice = None
        self.steps = (0, 0)
        if self.target_reached or self.supply == 0:
            self.phase = OVER  # AMS-25 / AMS-26: this turn was the last
            return
        self.player = (self.player + 1) % self._n
        self.phase = self._turn_start_phase()

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
        phase = self.phase
        if phase == OVER:
            return f"the game is over: {self.end_reason()}"
        if phase == DEAL:
            return _rule(
                "now chance places the next shuffled building tile around the Dam", "AMS-02"
            )
        if phase == ROLL:
            return _rule(
                "now the boat moves: throw the dice, the white Mayor die and the black "
                "Nightwatchman die",
                "AMS-07",
            )
        if phase == BOAT:
            return _rule("now move the canal tour boat forward 1, 2, 3 or 4 places", "AMS-28")
        if phase == HOTEL:
            return _rule("now place a hotel on an intersection of four tiles", "AMS-12")
        if phase == SPLIT:
            return _rule(
                "now divide a maximum of 4 steps between the Mayor and the Nightwatchman",
                "AMS-29",
            )
        if phase in (MOVE_MAYOR, MOVE_NIGHTWATCHMAN):
            mayor = phase == MOVE_MAYOR
            steps = self.steps[0] if mayor else self.steps[1]
            die = f" (the {'white' if mayor else 'black'} die)" if not self.tactical else ""
            pawn = PAWN_NAMES[MAYOR if mayor else NIGHTWATCHMAN]
            unit = "step" if steps == 1 else "steps"
            return _rule(f"now move {pawn} by {steps} {unit}{die}", "AMS-15")
        if phase in (ACT_MAYOR, ACT_NIGHTWATCHMAN):
            pawn = MAYOR if phase == ACT_MAYOR else NIGHTWATCHMAN
            symbol = "black" if pawn == MAYOR else "white"
            lead = ", lead a tourist from the Dam (AMS-23)" if self._can_lead(pawn) else ""
            return (
                f"now {PAWN_NAMES[pawn]} can turn over one of the surrounding building tiles "
                f"with a {symbol} symbol (AMS-18){lead}, or do nothing"
            )
        if phase == CHASE:
            return _rule(
                "now choose where the chased tourists go: a location with the "
                "same function, but with the fewest tourists",
                "AMS-20",
            )
        # DAM_LEAD
        kind = (
            "day location (white symbol)"
            if self._acting_pawn() == MAYOR
            else ("night location (black symbol)")
        )
        if self._dam_lead_chosen:
            return _rule(f"now choose the {kind} the tourist from the Dam goes to", "AMS-23")
        return _rule(f"now the tourist from the Dam goes to a random {kind}", "AMS-23")

    def _not_now(self, message: str, rule: str) -> str:
        # A refusal for an action of another phase: the rule, then what is legal now.
        return f"{_rule(message, rule)}; {self.what_now()}"

    def explain_illegal(self, action: Action) -> str:
        """Why ``action`` is refused, naming the rule (AMS-xx) and what may be done now."""
        phase = self.phase
        kind = type(action)
        if phase == OVER:
            return self.what_now()
        if kind is PlaceHotel:
            x = action.intersection  # type: ignore[attr-defined]
            if phase != HOTEL:
                if self.turns_taken[self.player] >= HOTELS_PER_PLAYER:
                    return self._not_now(
                        "hotels must be placed during the first two turns", "AMS-12"
                    )
                return self._not_now(
                    f"a hotel is placed in phase 4, not during '{phase}'", "AMS-12"
                )
            if x not in INTERSECTION_INDEX:
                return _rule(
                    f"{x} is not an intersection of four tiles (rows and columns 1..6)", "AMS-12"
                )
            return _rule("there is already a hotel on this intersection", "AMS-13")
        if kind is MovePawn:
            pawn, x = action.pawn, action.destination  # type: ignore[attr-defined]
            wanted = {MOVE_MAYOR: MAYOR, MOVE_NIGHTWATCHMAN: NIGHTWATCHMAN}.get(phase)
            if wanted is None:
                return self._not_now(f"the pawns walk in phase 5, not during '{phase}'", "AMS-15")
            if pawn != wanted:
                return _rule(f"now {PAWN_NAMES[wanted]} walks", "AMS-15")
            other = self.nightwatchman if pawn == MAYOR else self.mayor
            if x == other:
                return _rule(
                    "the Mayor and the Nightwatchman cannot be on the same location", "AMS-17"
                )
            steps = self.steps[0] if pawn == MAYOR else self.steps[1]
            die = "white" if pawn == MAYOR else "black"
            how = f"as many steps as the {die} die shows" if not self.tactical else "its steps"
            return _rule(
                f"{PAWN_NAMES[pawn]} moves exactly {steps} steps ({how}); "
                f"{point_text(x) if isinstance(x, tuple) else x} cannot be reached",
                "AMS-15",
            )
        if kind is TurnTile or kind is LeadFromDam or kind is Skip:
            pawn = action.pawn  # type: ignore[attr-defined]
            wanted = {ACT_MAYOR: MAYOR, ACT_NIGHTWATCHMAN: NIGHTWATCHMAN}.get(phase)
            if wanted is None:
                what = "tiles are turned" if kind is TurnTile else "the pawns act"
                return self._not_now(f"{what} in phase 6, not during '{phase}'", "AMS-18")
            if pawn != wanted:
                return _rule(f"now {PAWN_NAMES[wanted]} acts", "AMS-18")
            where = self.mayor if pawn == MAYOR else self.nightwatchman
            if kind is LeadFromDam:
                if where not in DAM_CORNERS:
                    return _rule(
                        "only a pawn placed next to the Dam can lead a tourist from the Dam",
                        "AMS-23",
                    )
                if not self.tourists[DAM_PLACE]:
                    return _rule("there is no tourist on the Dam to lead", "AMS-23")
                return _rule(
                    "there is no location of the right kind to lead a tourist to", "AMS-23"
                )
            tile = action.tile  # type: ignore[attr-defined]
            if tile == DAM:
                return _rule("the Dam tile can never be turned over", "AMS-22")
            if tile not in BUILDING_TILES or tile not in tiles_around(where):
                return _rule(
                    f"{PAWN_NAMES[pawn]} can only turn over one of the building tiles "
                    "around the intersection on which it has arrived",
                    "AMS-18",
                )
            place = PLACE_OF[tile]
            if pawn == MAYOR and self.day_up[place]:
                return _rule("the Mayor can only turn over a tile with a black symbol", "AMS-19")
            if pawn == NIGHTWATCHMAN and not self.day_up[place]:
                return _rule(
                    "the Nightwatchman can only turn over a tile with a white symbol", "AMS-19"
                )
            return _rule(
                "if there are four tourists on a tile, this tile can no longer be turned over",
                "AMS-30",
            )
        if kind is ChaseTo:
            if phase != CHASE:
                return self._not_now("no tourists are being chased away now", "AMS-20")
            return _rule(
                "chased tourists go to a location with the function they visited "
                "and the fewest tourists",
                "AMS-20",
            )
        if kind is MoveBoat:
            if not self.tactical:
                return self._not_now("the dice decide how far the boat moves", "AMS-08")
            if phase != BOAT:
                return self._not_now(f"the boat moves in phase 2, not during '{phase}'", "AMS-28")
            return _rule("you can move the canal tour boat forward 1, 2, 3 or 4 places", "AMS-28")
        if kind is SplitSteps:
            if not self.tactical:
                return self._not_now("the dice decide how far the pawns walk", "AMS-15")
            if phase != SPLIT:
                return self._not_now(
                    f"the steps are divided in phase 5, not during '{phase}'", "AMS-29"
                )
            return _rule(
                "you can divide a maximum of 4 steps between the Mayor and the Nightwatchman; "
                "both pieces cannot move more than 3 steps",
                "AMS-29",
            )
        if kind is RollDice:
            if self.tactical:
                return self._not_now(
                    f"'{action}' is an outcome of chance, and the tactical variant uses no dice",
                    "AMS-28",
                )
            if phase == ROLL:
                return _rule(
                    f"'{action}' is not a possible chance outcome here: the white Mayor die and "
                    "the black Nightwatchman die each show 1, 2 or 3",
                    "AMS-07",
                )
            return self._not_now(
                f"'{action}' is an outcome of chance: the dice are thrown in phase 1", "AMS-07"
            )
        if kind is DamLead:
            if phase != DAM_LEAD:
                return self._not_now(
                    f"'{action}' is an outcome of chance, after a pawn next to the Dam leads "
                    "a tourist from it",
                    "AMS-23",
                )
            day = self._acting_pawn() == MAYOR
            where = "day (white)" if day else "night (black)"
            if self._dam_lead_chosen:
                return _rule(
                    f"{PAWN_NAMES[self._acting_pawn()]} can only lead a tourist to a "
                    f"{where} location",
                    "AMS-23",
                )
            return _rule(
                f"'{action}' is not a possible chance outcome here: "
                f"{PAWN_NAMES[self._acting_pawn()]} can only move a tourist to a random "
                f"{where} location",
                "AMS-23",
            )
        if kind is DealTile:
            # Not str(action): it names the tile, and an unknown tile number has no name.
            action = f"building tile {action.tile!r} on {action.place!r}"  # type: ignore[attr-defined]
            if phase == DEAL:
                return _rule(
                    f"{action} is not a possible chance outcome here: the shuffled building "
                    "tiles are placed around the Dam one by one, each tile once",
                    "AMS-02",
                )
            return self._not_now(
                f"{action} is an outcome of chance: the building tiles are placed before "
                "the first turn",
                "AMS-02",
            )
        return f"{action} is not a Hotel Amsterdam action; {self.what_now()}"

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
        _load_snapshot(state, snapshot)
        return state

    # ------------------------------------------------------------- display
    def render_text(self) -> str:
        """An ASCII board: tiles (DAY in capitals, night in lower case, tourists),
        the canal (``B`` the boat, quay counts), hotels (player digits) and the
        Mayor ``M`` / Nightwatchman ``N`` on the intersections."""
        width = 8
        marks: dict[tuple[int, int], str] = {}
        for p, hotels in enumerate(self.hotels):
            for x in hotels:
                marks[x] = str(p)
        marks[self.mayor] = "M" + marks.get(self.mayor, "")
        marks[self.nightwatchman] = "N" + marks.get(self.nightwatchman, "")
        lines = []
        for i in range(8):
            row = ""
            for j in range(8):
                mark = marks.get((i, j), "+")
                row += mark + "-" * (width - len(mark))
            lines.append(row[: 7 * width + 1])
            if i == 7:
                break
            cells = "".join("|" + self._cell_text(i, j).ljust(width - 1) for j in range(7))
            lines.append(cells + "|")
        counts = self.tourists
        lines.append(
            f"supply {self.supply}   Dam {counts[DAM_PLACE]}   quays {self.quays}   "
            f"target {self.target}"
        )
        for p in range(self._n):
            hotels = " ".join(point_text(x) for x in self.hotels[p]) or "-"
            lines.append(f"{player_name(p)} ({COLOURS[p]}): hotels {hotels}, score {self.score(p)}")
        dice = f"   dice {self.dice}" if self.dice else ""
        lines.append(self.summary() + dice)
        return "\n".join(lines)

    def _cell_text(self, r: int, c: int) -> str:
        tile = (r, c)
        if tile == DAM:
            return f"DAM {self.tourists[DAM_PLACE]}"
        if tile in CANAL_INDEX:
            index = CANAL_INDEX[tile]
            boat = "B" if index == self.boat else ""
            if index in BENDS:
                return f"{boat}q{self.quays[QUAY_OF[index]]}"
            return boat or "~"
        place = PLACE_OF[tile]
        if self.tile_at[place] < 0:
            return "?"
        name = FUNCTIONS[self.shown_function(place)][:3]
        name = name.upper() if self.day_up[place] else name.lower()
        return f"{name} {self.tourists[place]}"

    def _repr_html_(self) -> str:
        rows = []
        for r in range(7):
            cells = []
            for c in range(7):
                tile = (r, c)
                text = html.escape(self._cell_text(r, c))
                if tile == DAM:
                    style = "background:#bbb"
                elif tile in CANAL_INDEX:
                    style = "background:#cfe8ff"
                elif self.tile_at[PLACE_OF[tile]] >= 0 and self.day_up[PLACE_OF[tile]]:
                    style = "background:#fff6cc"
                else:
                    style = "background:#223;color:#fff"
                cells.append(
                    f'<td style="{style};padding:4px;text-align:center;min-width:4em">{text}</td>'
                )
            rows.append("<tr>" + "".join(cells) + "</tr>")
        info = "<br>".join(html.escape(line) for line in self.render_text().splitlines()[15:])
        pawns = html.escape(
            f"Mayor at {point_text(self.mayor)}, Nightwatchman at {point_text(self.nightwatchman)}"
        )
        return (
            '<div><table style="border-collapse:collapse">'
            + "".join(rows)
            + f"</table><div>{pawns}<br>{info}</div></div>"
        )


# ----------------------------------------------------------- snapshot loading
def _int_list(value: Any, name: str, length: int, low: int, high: int) -> list[int]:
    return snapshot_checks.int_list(value, name, length, low, high)


def _intersection(value: Any, name: str) -> tuple[int, int]:
    if (
        not isinstance(value, (list, tuple))
        or len(value) != 2
        or tuple(value) not in INTERSECTION_INDEX
    ):
        raise MalformedRecordError(f"'{name}' must be an intersection [i, j] with i, j in 1..6")
    return (int(value[0]), int(value[1]))


def _load_snapshot(state: AmsterdamState, snap: Mapping[str, Any]) -> None:
    snapshot_checks.check_fields(snap, state.to_snapshot(), "Hotel Amsterdam")
    n = state.num_players
    state.tile_at = _int_list(snap["tile_at"], "tile_at", NUM_PLACES, -1, len(TILES) - 1)
    dealt = [t for t in state.tile_at if t >= 0]
    if len(set(dealt)) != len(dealt):
        raise MalformedRecordError("'tile_at' places one building tile twice")
    if not isinstance(snap["day_up"], list) or len(snap["day_up"]) != NUM_PLACES:
        raise MalformedRecordError(f"'day_up' must be a list of {NUM_PLACES} booleans")
    if not all(isinstance(v, bool) for v in snap["day_up"]):
        raise MalformedRecordError("'day_up' must hold booleans")
    state.day_up = list(snap["day_up"])
    state.tourists = _int_list(snap["tourists"], "tourists", NUM_PLACES + 1, 0, TOTAL_TOURISTS)
    state.quays = _int_list(snap["quays"], "quays", len(BEND_LIST), 0, TOTAL_TOURISTS)
    state.boat = _int_list([snap["boat"]], "boat", 1, 0, len(CANAL_TILES) - 1)[0]
    state.boat_load = _int_list([snap["boat_load"]], "boat_load", 1, 0, TOTAL_TOURISTS)[0]
    state.supply = _int_list([snap["supply"]], "supply", 1, 0, TOTAL_TOURISTS)[0]
    state.chased = _int_list([snap["chased"]], "chased", 1, 0, TOTAL_TOURISTS)[0]
    state.chase_function = _int_list([snap["chase_function"]], "chase_function", 1, -1, 11)[0]
    hotels = snap["hotels"]
    if not isinstance(hotels, list) or len(hotels) != n:
        raise MalformedRecordError(f"'hotels' must hold one list per player ({n})")
    state.hotels = []
    for p, own in enumerate(hotels):
        if not isinstance(own, list) or len(own) > HOTELS_PER_PLAYER:
            raise MalformedRecordError(f"{player_name(p)} may have at most 2 hotels (AMS-01)")
        state.hotels.append([_intersection(x, f"hotels[{p}]") for x in own])
    every = [x for h in state.hotels for x in h]
    if len(set(every)) != len(every):
        raise MalformedRecordError("two hotels stand on one intersection (AMS-13)")
    state.mayor = _intersection(snap["mayor"], "mayor")
    state.nightwatchman = _intersection(snap["nightwatchman"], "nightwatchman")
    if state.mayor == state.nightwatchman:
        raise MalformedRecordError(
            "the Mayor and the Nightwatchman cannot be on the same location (AMS-17)"
        )
    state.player = _int_list([snap["player"]], "player", 1, 0, n - 1)[0]
    state.turns_taken = _int_list(snap["turns_taken"], "turns_taken", n, 0, 10_000)
    if snap["phase"] not in PHASES:
        raise MalformedRecordError(f"unknown phase {snap['phase']!r}; phases: {PHASES}")
    state.phase = snap["phase"]
    if (state.phase == DEAL) != (-1 in state.tile_at):
        raise MalformedRecordError("tiles are undealt exactly during the 'deal tiles' phase")
    dice = snap["dice"]
    state.dice = None if dice is None else tuple(_int_list(dice, "dice", 2, 1, 3))  # type: ignore[assignment]
    state.steps = tuple(_int_list(snap["steps"], "steps", 2, 0, 3))  # type: ignore[assignment]
    for key in ("acting_mayor", "target_reached"):
        if not isinstance(snap[key], bool):
            raise MalformedRecordError(f"'{key}' must be true or false")
    state._acting_mayor = snap["acting_mayor"]
    state.target_reached = snap["target_reached"]
    if state.target_reached and state._end_immediately and state.phase != OVER:
        raise MalformedRecordError(
            "a player has reached the target, so the game is over (AMS-25, end_rule='immediate')"
        )
    if state.total_tourists() != TOTAL_TOURISTS:
        raise MalformedRecordError(
            f"the position holds {state.total_tourists()} tourists, not {TOTAL_TOURISTS} (AMS-05)"
        )
    if state.phase == CHASE and (state.chased == 0 or state.chase_function < 0):
        raise MalformedRecordError("the 'chased tourists' phase needs chased tourists")


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
        2, 3 or 4 players (AMS-01).
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
        Whether the pawns may cross the Dam diagonally (AMS-16).
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
    # Options come from saved records too: exact types (2.0 and True are not 2 and 1).
    check_option_type("players", players, int)
    check_option_type("pickup_on_departure", pickup_on_departure, bool)
    check_option_type("dam_diagonals", dam_diagonals, bool)
    if variant not in ("dice", "tactical"):
        raise ValueError(f"variant must be 'dice' or 'tactical', not {short_repr(variant)}")
    if layout not in ("standard", "shuffled"):
        raise ValueError(f"layout must be 'standard' or 'shuffled', not {short_repr(layout)}")
    if dam_lead not in ("random", "choose"):
        raise ValueError(f"dam_lead must be 'random' or 'choose', not {short_repr(dam_lead)}")
    if end_rule not in ("immediate", "end_of_turn"):
        raise ValueError(
            f"end_rule must be 'immediate' or 'end_of_turn', not {short_repr(end_rule)}"
        )
    if target is not None and (not is_int(target) or not 1 <= target <= 1000):
        raise ValueError(f"target must be an integer 1..1000 or None, not {short_repr(target)}")
    return AmsterdamState(
        {
            "players": players,
            "variant": variant,
            "layout": layout,
            "target": target,
            "pickup_on_departure": pickup_on_departure,
            "dam_diagonals": dam_diagonals,
            "dam_lead": dam_lead,
            "end_rule": end_rule,
        }
    )


def score(state: AmsterdamState, player: int) -> int:
    """Tourists on the distinct building tiles and Dam around ``player``'s hotels (AMS-24)."""
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
