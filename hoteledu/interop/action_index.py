"""A stable numbering of each game's actions: the integers OpenSpiel and PettingZoo use.

OpenSpiel and reinforcement-learning libraries name an action by an integer
``0 <= id < num_distinct_actions`` that must mean the same action in every
state (a policy network's output unit, a column of a tabular policy). hoteledu
names actions by frozen dataclasses. :func:`action_index` builds, for a game
and its options, two deterministic tuples:

* ``player_actions``: every action a player can be offered, in a fixed order
  (action type by action type, each type's fields in increasing order);
* ``chance_outcomes``: every outcome a chance node can have, likewise.

The id of an action is its position in the tuple. The order is written out
below, game by game, from the games' public constants (board, tiles, cards,
dice), never from a set or a dict's iteration order, so it is the same in every
process and on every machine; ``fingerprint()`` hashes it, and a test pins the
fingerprints so that a change of numbering is a visible, deliberate change.

Where a game's action space is unbounded (Boutique's bids can be any multiple
of 100 a player holds; Grand Austria's split of a die's strength depends on
the strength), the index is a *bounded encoding*: bids up to
``MAX_INDEXED_BID``, strengths up to ``MAX_INDEXED_STRENGTH``. These bounds
are far above anything a game reaches (a test plays random games and checks
every legal action has an id); an action beyond them raises
:class:`ActionIndexError` naming the bound instead of being silently dropped.

Sizes with the default options (2 players): Amsterdam 225 player actions and
609 chance outcomes, Grand Austria 1,474 and 8,138 (38,892 with 4 players:
every roll of up to 14 dice), Boutique 1,145 and 42 (360 with 5 players).
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import itertools
import json
from collections.abc import Iterable, Mapping
from typing import Any

import numpy as np

from hoteledu.core.actions import Action
from hoteledu.core.registry import game_info
from hoteledu.core.state import State

MAX_INDEXED_BID = 30_000
"""Highest Boutique bid with an id (a player starts with 500; bids are in hundreds)."""
MAX_INDEXED_STRENGTH = 30
"""Highest Grand Austria action strength with ids for its item and emperor/money splits."""


class ActionIndexError(ValueError):
    """An action that has no id in a game's index (or an id that names no action)."""


@dataclasses.dataclass(frozen=True)
class ActionIndex:
    """The stable ids of one game's player actions and chance outcomes."""

    game: str
    player_actions: tuple[Action, ...]
    chance_outcomes: tuple[Action, ...]
    _player_ids: dict[Action, int] = dataclasses.field(init=False, repr=False, compare=False)
    _chance_ids: dict[Action, int] = dataclasses.field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        for name, actions in (("player", self.player_actions), ("chance", self.chance_outcomes)):
            ids = {a: i for i, a in enumerate(actions)}
            if len(ids) != len(actions):
                raise ActionIndexError(f"the {self.game} {name} index lists an action twice")
            object.__setattr__(self, f"_{name}_ids", ids)

    @property
    def num_player_actions(self) -> int:
        return len(self.player_actions)

    @property
    def num_chance_outcomes(self) -> int:
        return len(self.chance_outcomes)

    def player_id(self, action: Action) -> int:
        """The id of a player action; ActionIndexError if it has none."""
        try:
            return self._player_ids[action]
        except (KeyError, TypeError):
            raise ActionIndexError(self._missing(action, "player action")) from None

    def chance_id(self, action: Action) -> int:
        """The id of a chance outcome; ActionIndexError if it has none."""
        try:
            return self._chance_ids[action]
        except (KeyError, TypeError):
            raise ActionIndexError(self._missing(action, "chance outcome")) from None

    def player_action(self, action_id: int) -> Action:
        return self._lookup(self.player_actions, action_id, "player action")

    def chance_action(self, action_id: int) -> Action:
        return self._lookup(self.chance_outcomes, action_id, "chance outcome")

    def legal_player_ids(self, state: State, player: int) -> list[int]:
        """Sorted ids of ``player``'s legal actions in ``state``."""
        return sorted(self.player_id(a) for a in state.legal_actions(player))

    def fingerprint(self) -> str:
        """SHA-256 of the numbering (both tuples as JSON): equal means same ids."""
        data = {
            "player": [a.to_json() for a in self.player_actions],
            "chance": [a.to_json() for a in self.chance_outcomes],
        }
        return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()

    def _lookup(self, actions: tuple[Action, ...], action_id: Any, what: str) -> Action:
        if isinstance(action_id, (bool, np.bool_)):
            raise ActionIndexError(f"a {what} id must be an integer, got {action_id!r}")
        if not isinstance(action_id, int):
            try:
                action_id = int(action_id)  # NumPy integers
            except (TypeError, ValueError):
                raise ActionIndexError(
                    f"a {what} id must be an integer, got {action_id!r}"
                ) from None
        if not 0 <= action_id < len(actions):
            raise ActionIndexError(
                f"{self.game} has {what} ids 0..{len(actions) - 1}; {action_id} names none"
            )
        return actions[action_id]

    def _missing(self, action: Action, what: str) -> str:
        text = f"{action!r} has no {what} id in the {self.game} action index"
        if type(action).__name__ == "Bid":
            text += f" (bids are numbered up to {MAX_INDEXED_BID})"
        elif type(action).__name__ in ("TakeItems", "Split"):
            text += f" (strengths are numbered up to {MAX_INDEXED_STRENGTH})"
        return text


def _freeze(value: Any) -> Any:
    """A hashable key for an option value (Boutique's deck may be JSON data)."""
    return json.dumps(value, sort_keys=True, default=str)


def action_index(game: str, **options: Any) -> ActionIndex:
    """The action index of ``game`` with these options (defaults filled in)."""
    resolved = game_info(game).resolve_options(options)
    key = tuple(sorted((name, _freeze(value)) for name, value in resolved.items()))
    return _cached_index(game, key)


@functools.lru_cache(maxsize=32)
def _cached_index(game: str, key: tuple[tuple[str, str], ...]) -> ActionIndex:
    options = {name: json.loads(value) for name, value in key}
    builder = _BUILDERS.get(game)
    if builder is None:
        raise ActionIndexError(f"no action index for the game {game!r}; games: {sorted(_BUILDERS)}")
    player, chance = builder(options)
    return ActionIndex(game, tuple(player), tuple(chance))


# ------------------------------------------------------------------- Amsterdam
def _amsterdam(options: Mapping[str, Any]) -> tuple[list[Action], list[Action]]:
    from hoteledu.amsterdam import actions as am
    from hoteledu.amsterdam.board import BUILDING_TILES, DIE_FACES, INTERSECTIONS
    from hoteledu.amsterdam.rules import MAX_TACTICAL_BOAT, MAX_TACTICAL_EACH, MAX_TACTICAL_STEPS
    from hoteledu.amsterdam.tiles import TILES

    player: list[Action] = [am.MoveBoat(s) for s in range(1, MAX_TACTICAL_BOAT + 1)]
    player += [am.PlaceHotel(x) for x in INTERSECTIONS]
    player += [
        am.SplitSteps(m, n)
        for m in range(MAX_TACTICAL_EACH + 1)
        for n in range(MAX_TACTICAL_EACH + 1)
        if m + n <= MAX_TACTICAL_STEPS
    ]
    for pawn in am.PAWNS:
        player += [am.MovePawn(pawn, x) for x in INTERSECTIONS]
        player += [am.TurnTile(pawn, t) for t in BUILDING_TILES]
        player += [am.LeadFromDam(pawn), am.Skip(pawn)]
    player += [am.ChaseTo(t) for t in BUILDING_TILES]
    player += [am.DamLead(t) for t in BUILDING_TILES]  # dam_lead="choose": a player's choice
    chance: list[Action] = [am.RollDice(w, b) for w in DIE_FACES for b in DIE_FACES]
    chance += [am.DealTile(place, k) for place in BUILDING_TILES for k in range(len(TILES))]
    chance += [am.DamLead(t) for t in BUILDING_TILES]
    return player, chance


# --------------------------------------------------------------- Grand Austria
def _grand_austria(options: Mapping[str, Any]) -> tuple[list[Action], list[Action]]:
    from hoteledu.grand_austria import actions as ga
    from hoteledu.grand_austria import cards, effects, hotel
    from hoteledu.grand_austria.dice import compositions

    staff = sorted(c.number for c in cards.staff_cards())
    guests = sorted(c.number for c in cards.guest_cards())
    rooms = range(20)
    cafe = range(hotel.CAFE_SPACES)
    strength = range(MAX_INDEXED_STRENGTH + 1)
    player: list[Action] = [ga.PickStaff(c) for c in staff]
    player += [ga.TakeGuest(s) for s in range(5)]
    player += [
        ga.TakeDie(space, boost, imitate)
        for space in range(1, 7)
        for boost in (False, True)
        for imitate in range(6)
    ]
    player.append(ga.Pass())
    # A die's strength n gives (first, second) with second <= first (cake <= strudel).
    player += [ga.TakeItems(n - k, k) for n in strength for k in range(n // 2 + 1)]
    player += [ga.TakeItems(0, 0, n - k, k) for n in strength[1:] for k in range(n // 2 + 1)]
    player += [ga.Gain(i) for i in ga.ITEM_INDICES]
    player += [ga.Serve(s, i) for s in cafe for i in ga.ITEM_INDICES]
    player += [ga.Prepare(r) for r in rooms]
    player += [ga.Occupy(r) for r in rooms]
    player += [ga.RemoveRoom(r) for r in rooms]
    player += [ga.Split(e, n - e) for n in strength for e in range(n + 1)]
    player += [ga.Hire(c) for c in staff]
    player += [ga.ReturnStaff(c) for c in staff]
    player += [ga.DiscardStaff(c) for c in staff]
    player += [ga.CompleteOrder(s) for s in cafe]
    player += [ga.Done(), ga.ServeFromKitchen()]
    player += [ga.CheckIn(s, r) for s in cafe for r in rooms]
    player += [ga.ClaimPolitics(i) for i in range(3)]
    player += [ga.UseStaff(c) for c in staff]
    player += [ga.AvoidPenalty(False), ga.AvoidPenalty(True), ga.EndTurn()]
    player += [ga.ChoosePenalty(0), ga.ChoosePenalty(1)]
    catalog = effects.catalog()
    dice = hotel.DICE_BY_PLAYERS[options["players"]]
    chance: list[Action] = [ga.StartPlayer(p) for p in range(options["players"])]
    for what in ("politics", "emperor"):
        for letter in cards.LETTERS:
            chance += [ga.Reveal(what, c) for c in catalog.letter_cards(what, letter)]
    chance += [ga.DrawGuest(g) for g in guests]
    chance += [ga.DrawStaff(c) for c in staff]
    chance += [ga.Roll(c) for n in range(dice + 1) for c in compositions(n)]
    return player, chance


# -------------------------------------------------------------------- Boutique
def _boutique(options: Mapping[str, Any]) -> tuple[list[Action], list[Action]]:
    from hoteledu.boutique import actions as bq
    from hoteledu.boutique.cards import resolve_deck
    from hoteledu.boutique.mat import BID_STEP, MAX_STAFF
    from hoteledu.boutique.phases import PRICE_MENU

    deck = resolve_deck(options["deck"])
    most_rooms = max(len(card.rooms) for card in deck.cards)
    spaces = range(8)
    player: list[Action] = list(PRICE_MENU)
    player += [bq.ChangePrice(d, f) for d in range(8) for f in bq.FACES]
    player += [bq.KeepPrices(), bq.Pass()]
    player += [bq.Bid(a) for a in range(0, MAX_INDEXED_BID + 1, BID_STEP)]
    player += [
        bq.BlockRooms(rooms)
        for k in range(1, most_rooms + 1)
        for rooms in itertools.permutations(spaces, k)
    ]
    player += [bq.Hire(h, c, k) for h, c, k in itertools.product(range(MAX_STAFF + 1), repeat=3)]
    player += [bq.Expand(s) for s in spaces] + [bq.EndExpansion()]
    chance: list[Action] = [bq.CheckInDie(f) for f in bq.FACES]
    chance += [bq.RevealCard(c) for c in sorted(set(deck.ids))]
    chance += [bq.BudgetDie(f) for f in bq.FACES]
    seats = range(options["players"])
    chance += [
        bq.TieOrder(order)
        for k in range(2, options["players"] + 1)
        for group in itertools.combinations(seats, k)
        for order in itertools.permutations(group)
    ]
    return player, chance


_BUILDERS = {"amsterdam": _amsterdam, "grand_austria": _grand_austria, "boutique": _boutique}
GAMES: tuple[str, ...] = tuple(_BUILDERS)
"""The games with an action index."""


def index_sizes(games: Iterable[str] = GAMES) -> dict[str, tuple[int, int]]:
    """``{game: (player actions, chance outcomes)}`` with default options."""
    sizes = {}
    for game in games:
        index = action_index(game)
        sizes[game] = (index.num_player_actions, index.num_chance_outcomes)
    return sizes
