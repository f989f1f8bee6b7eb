"""Fixed-size numeric tensors of what a player observes, for neural learners.

Every game's observation (``State.observation(player)``, the same dict its
observation string is the JSON of) is laid out as named slices of one float32
vector; the sizes follow from the game's options (the number of players, the
deck). Because a tensor is computed from the observation alone, two states a
player cannot tell apart give that player equal tensors. The layouts are
listed by :meth:`TensorLayout.describe` and in ``docs/interop.md``.

Conventions: numbers are kept as they are (counts, krones, card numbers, board
coordinates), ``True``/``False`` are 1/0, a missing value (``None``) is -1, a
word is a one-hot over the words the game uses plus one "other" slot, a
player is a one-hot over the seats, and a set of cards is a count per card
number. Lists of varying length are padded with -1 up to a stated bound;
a longer one raises ``ValueError`` naming the slice and the bound.

Examples
--------
>>> layout = tensor_layout("amsterdam", players=2)
>>> layout.size, layout.shape_of("tourists")
(116, (25,))
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np

Observation = Mapping[str, Any]
Encoder = Callable[[Observation], Sequence[float]]

MISSING = -1.0
"""The value of ``None`` and of padding."""


@dataclasses.dataclass(frozen=True)
class Slice:
    """One named part of a tensor: its shape, how it is read from the observation."""

    name: str
    shape: tuple[int, ...]
    encode: Encoder
    description: str

    @property
    def size(self) -> int:
        return int(np.prod(self.shape))


class TensorLayout:
    """The named slices of one game's observation tensor, in order."""

    def __init__(self, game: str, slices: Sequence[Slice]) -> None:
        self.game = game
        self.slices = tuple(slices)
        self.offsets: dict[str, int] = {}
        offset = 0
        for part in self.slices:
            self.offsets[part.name] = offset
            offset += part.size
        self.size = offset

    def shape_of(self, name: str) -> tuple[int, ...]:
        return next(part.shape for part in self.slices if part.name == name)

    def encode_into(self, observation: Observation, out: np.ndarray) -> None:
        """Write ``observation``'s tensor into ``out`` (a float32 vector of :attr:`size`)."""
        for part in self.slices:
            values = np.asarray(part.encode(observation), dtype=np.float32).ravel()
            if values.size != part.size:
                raise ValueError(
                    f"{self.game} tensor: slice {part.name!r} holds {part.size} numbers "
                    f"({part.description}), the observation gave {values.size}"
                )
            start = self.offsets[part.name]
            out[start : start + part.size] = values

    def encode(self, observation: Observation) -> np.ndarray:
        out = np.zeros(self.size, np.float32)
        self.encode_into(observation, out)
        return out

    def views(self, tensor: np.ndarray) -> dict[str, np.ndarray]:
        """Each slice of ``tensor`` by name, shaped (views: writing them writes the tensor)."""
        return {
            part.name: tensor[
                self.offsets[part.name] : self.offsets[part.name] + part.size
            ].reshape(part.shape)
            for part in self.slices
        }

    def describe(self) -> str:
        """The layout as a Markdown table: slice, offset, shape, meaning."""
        lines = ["| slice | offset | shape | meaning |", "|---|---:|---|---|"]
        for part in self.slices:
            shape = " x ".join(map(str, part.shape))
            lines.append(
                f"| `{part.name}` | {self.offsets[part.name]} | {shape} | {part.description} |"
            )
        return "\n".join(lines)


# ----------------------------------------------------------- encoders
def _flat(value: Any) -> list[float]:
    if isinstance(value, (list, tuple)):
        return [x for item in value for x in _flat(item)]
    if value is None:
        return [MISSING]
    if isinstance(value, str):
        raise ValueError(f"a word where a number was expected: {value!r}")
    return [float(value)]


def raw(key: str) -> Encoder:
    """The numbers of ``key`` as they are (nested lists flattened)."""
    return lambda o: _flat(o[key])


def padded(key: str, size: int, get: Callable[[Observation], Any] | None = None) -> Encoder:
    """The numbers of ``key`` flattened and padded with -1 to ``size``."""

    def encode(o: Observation) -> list[float]:
        values = _flat(get(o) if get else o[key])
        if len(values) > size:
            raise ValueError(f"slice {key!r} is bounded by {size} numbers, got {len(values)}")
        return values + [MISSING] * (size - len(values))

    return encode


def one_hot(words: Sequence[str], get: Callable[[Observation], Any]) -> Encoder:
    """A one-hot over ``words`` plus a last "other" slot (all 0 for ``None``)."""
    position = {w: k for k, w in enumerate(words)}

    def encode(o: Observation) -> list[float]:
        out = [0.0] * (len(words) + 1)
        value = get(o)
        if value is not None:
            out[position.get(value, len(words))] = 1.0
        return out

    return encode


def seat(players: int, get: Callable[[Observation], Any]) -> Encoder:
    """A one-hot over the seats (all 0 for ``None`` or a negative index)."""

    def encode(o: Observation) -> list[float]:
        out = [0.0] * players
        value = get(o)
        if isinstance(value, int) and 0 <= value < players:
            out[value] = 1.0
        return out

    return encode


def bag(size: int, get: Callable[[Observation], Any], what: str) -> Encoder:
    """How many of each number ``0..size-1`` a list holds (zeros where it is hidden)."""

    def encode(o: Observation) -> list[float]:
        out = [0.0] * size
        value = get(o)
        if isinstance(value, list):
            for card in _flat(value):
                if not 0 <= card < size:
                    raise ValueError(f"{what}: card number {card:g} is beyond the bound {size}")
                out[int(card)] += 1.0
        return out

    return encode


def counts(key: str) -> Encoder:
    """Per entry of ``key``: its length (a list) or the number given instead (hidden)."""
    return lambda o: [float(len(v)) if isinstance(v, list) else float(v) for v in o[key]]


def per_player_bags(players: int, size: int, key: str) -> Encoder:
    """One :func:`bag` per player of ``key`` (the others' hidden ones all 0)."""
    encoders = [bag(size, lambda o, p=p: o[key][p], key) for p in range(players)]
    return lambda o: [x for encode in encoders for x in encode(o)]


# ---------------------------------------------------------- the games
AMSTERDAM_PHASES = (
    "deal tiles",
    "place hotel",
    "roll dice",
    "move boat",
    "split steps",
    "move the Mayor",
    "move the Nightwatchman",
    "the Mayor acts",
    "the Nightwatchman acts",
    "chased tourists",
    "lead from the Dam",
)


def amsterdam_layout(players: int, **options: Any) -> TensorLayout:
    n = players
    return TensorLayout(
        "amsterdam",
        [
            Slice(
                "to_move",
                (n,),
                seat(n, lambda o: o["player"]),
                "the player to move (perfect information: every player's tensor is the same)",
            ),
            Slice(
                "phase",
                (len(AMSTERDAM_PHASES) + 1,),
                one_hot(AMSTERDAM_PHASES, lambda o: o["phase"]),
                "the phase (one-hot, last: other)",
            ),
            Slice("tile_at", (24,), raw("tile_at"), "the tile at each of the 24 places"),
            Slice("day_up", (24,), raw("day_up"), "1 where a tile shows its day side"),
            Slice("tourists", (25,), raw("tourists"), "tourists at each place (the Dam last)"),
            Slice("quays", (4,), raw("quays"), "tourists waiting at the four quays"),
            Slice(
                "boat",
                (3,),
                lambda o: [o["boat"], o["boat_load"], o["supply"]],
                "the boat's stop, its load, the tourists left in the supply",
            ),
            Slice(
                "hotels",
                (n, 2, 2),
                padded("hotels", n * 4),
                "each player's two hotels as board points (x, y); -1 before placing",
            ),
            Slice(
                "pawns",
                (2, 2),
                lambda o: _flat([o["mayor"], o["nightwatchman"]]),
                "the Mayor's and the Nightwatchman's points",
            ),
            Slice("turns_taken", (n,), raw("turns_taken"), "turns taken per player"),
            Slice(
                "dice",
                (4,),
                lambda o: padded("dice", 2)(o) + padded("steps", 2)(o),
                "the two dice (-1 unrolled), the steps left per pawn",
            ),
            Slice(
                "turn_flags",
                (4,),
                lambda o: [
                    o["acting_mayor"],
                    o["chased"],
                    o["chase_function"],
                    o["target_reached"],
                ],
                "acting pawn is the Mayor, tourists chased, chase function (-1 none), "
                "target reached",
            ),
        ],
    )


GRAND_AUSTRIA_TASKS = (
    "turn",
    "roll",
    "setup_guest",
    "draw_staff",
    "draft_pick",
    "discard_staff",
    "return_staff",
    "hire",
    "serve",
    "items",
    "split",
    "prepare",
    "occupy",
    "free_guest",
    "refill",
    "remove_rooms",
    "reveal",
    "choose_penalty",
    "start_player",
)
GRAND_AUSTRIA_CARDS = 128
"""Card numbers (guests, staff, politics) are below this bound."""


def _top_task(o: Observation) -> list[Any]:
    return o["tasks"][-1] if o["tasks"] else []


def _emperor_tiles(o: Observation) -> list[float]:
    out: list[float] = []
    for tile in o["emperor_tiles"]:
        letter = [0.0, 0.0, 0.0]
        letter["ABC".index(tile[0])] = 1.0
        out += [*letter, float(tile[1:])]
    return out + [0.0] * (12 - len(out))  # no tiles yet during set-up


def _turn(o: Observation) -> list[float]:
    turn = o["turn"]
    if turn is None:
        return [0.0] + [MISSING] * 6
    flags = [turn.get(k, MISSING) for k in ("guest", "die", "boost", "bonus", "acted")]
    return [1.0, turn["p"], *flags]


def grand_austria_layout(players: int, **options: Any) -> TensorLayout:
    n, cards = players, GRAND_AUSTRIA_CARDS
    return TensorLayout(
        "grand_austria",
        [
            Slice("observer", (n,), seat(n, lambda o: o["player"]), "the observing seat"),
            Slice(
                "round",
                (4,),
                lambda o: [o["round"], o["start_player"], o["stage"] == "setup", o["dustbin"]],
                "round (0-7), start player (-1 none), 1 during set-up, dice in the dustbin",
            ),
            Slice(
                "task",
                (len(GRAND_AUSTRIA_TASKS) + 1 + n + 1,),
                lambda o: (
                    one_hot(GRAND_AUSTRIA_TASKS, lambda o: (_top_task(o) or [None])[0])(o)
                    + seat(n, lambda o: [*_top_task(o), None, None][1])(o)
                    + [len(o["tasks"])]
                ),
                "the pending task: its kind (one-hot, last: other), its player, tasks pending",
            ),
            Slice(
                "turn",
                (7,),
                _turn,
                "the turn in progress: present, player, flags guest/die/boost/bonus/acted "
                "(-1 unset)",
            ),
            Slice("dice", (6,), raw("dice"), "dice on the six action spaces"),
            Slice(
                "tiles",
                (n, 3),
                lambda o: [
                    x
                    for p in range(n)
                    for x in [*padded("tiles", 2, lambda o, p=p: o["tiles"][p])(o), o["covered"][p]]
                ],
                "each player's turn-order tile pair and how many are covered",
            ),
            Slice("passed", (n,), raw("passed"), "1 where a player has passed this round"),
            Slice("queue", (5,), padded("queue", 5), "the guest row's card numbers (-1 empty)"),
            Slice(
                "decks",
                (5,),
                lambda o: [
                    o["guest_deck"],
                    len(o["guest_discard"]),
                    o["staff_deck"],
                    len(o["staff_bottom"]),
                    len(o["staff_discard"]),
                ],
                "cards in the guest deck and discard, the staff deck, its bottom, its discard",
            ),
            Slice(
                "politics", (3,), padded("politics", 3), "the politics cards' numbers (-1 none yet)"
            ),
            Slice(
                "claims",
                (3, n),
                lambda o: [float(p in claimed) for claimed in o["claims"] for p in range(n)],
                "1 where a player has claimed a politics card",
            ),
            Slice("emperor_tiles", (3, 4), _emperor_tiles, "each emperor tile: letter, number"),
            Slice(
                "purse",
                (n, 3),
                lambda o: _flat(list(zip(o["money"], o["vp"], o["emperor"], strict=True))),
                "each player's krones, victory points and emperor track",
            ),
            Slice("kitchen", (n, 4), raw("kitchen"), "each player's kitchen (four foods)"),
            Slice("fresh", (n, 4), raw("fresh"), "food fresh from this turn"),
            Slice(
                "cafe",
                (n, 3, 5),
                lambda o: _flat(
                    [padded("cafe", 15, lambda o, p=p: o["cafe"][p])(o) for p in range(n)]
                ),
                "each player's café tables: guest number and what it still needs (-1 empty)",
            ),
            Slice("rooms", (n, 20), raw("rooms"), "each player's 20 rooms (0 empty, 1, 2)"),
            Slice("bonus_done", (n,), counts("bonus_done"), "bonuses each player has taken"),
            Slice(
                "hand",
                (cards,),
                bag(cards, lambda o: o["hand"][o["player"]], "hand"),
                "the observer's staff cards (count per card number)",
            ),
            Slice("hand_sizes", (n,), counts("hand"), "staff cards in each player's hand"),
            Slice(
                "packets",
                (cards + n,),
                lambda o: (
                    bag(cards, lambda o: o["packets"][o["player"]], "packets")(o)
                    + counts("packets")(o)
                ),
                "the observer's draft packet (counts), then each packet's size",
            ),
            Slice(
                "offer",
                (cards + 1,),
                lambda o: (
                    [
                        *bag(cards, lambda o: o["offer"], "offer")(o),
                        len(o["offer"]) if isinstance(o["offer"], list) else o["offer"],
                    ]
                ),
                "staff cards offered to the observer (counts), then the offer's size",
            ),
            Slice(
                "staff",
                (n, cards),
                per_player_bags(n, cards, "staff"),
                "each player's hired staff (count per card number)",
            ),
            Slice("used", (n,), counts("used"), "staff cards each player has used this round"),
        ],
    )


BOUTIQUE_PHASES = (
    "prices",
    "booking_change",
    "checkin",
    "reveal",
    "bid",
    "place",
    "hire",
    "rank_bid",
    "rank_roll",
    "budget",
    "walkin_change",
    "walkin_card",
    "expand",
    "end",
)
BOUTIQUE_ROOMS = 8
BOUTIQUE_DAYS = 7


def _stays(players: int) -> Encoder:
    def encode(o: Observation) -> list[float]:
        nights = [[0.0] * BOUTIQUE_DAYS for _ in range(players)]
        income = [0.0] * players
        for player, _card, day, rooms, amount, _kind in o["stays"]:
            nights[player][day % BOUTIQUE_DAYS] += len(rooms)
            income[player] += amount
        return _flat(nights) + income

    return encode


def _own_choice(o: Observation) -> list[float]:
    choice = o.get("interop_own_choice")
    return [0.0] if choice is None else [1.0]


def boutique_layout(
    players: int, weeks: int = 2, deck_cards: int = 28, **options: Any
) -> TensorLayout:
    n = players
    return TensorLayout(
        "boutique",
        [
            Slice("observer", (n,), seat(n, lambda o: o["player"]), "the observing seat"),
            Slice(
                "phase",
                (len(BOUTIQUE_PHASES) + 1 + 2,),
                lambda o: (
                    [
                        *one_hot(BOUTIQUE_PHASES, lambda o: o["phase"])(o),
                        o["stage"] == "booking",
                        o["stage"] == "walkin",
                    ]
                ),
                "the phase (one-hot, last: other), then booking or walk-in stage",
            ),
            Slice(
                "clock",
                (11,),
                lambda o: [
                    o[k]
                    for k in (
                        "week",
                        "turn",
                        "turns",
                        "walkins_per_day",
                        "day",
                        "walkin",
                        "checkin",
                        "card",
                        "budget",
                        "offer",
                        "expander",
                    )
                ],
                "week, turn, turns, walk-ins a day, day, walk-in, check-in day, card, budget, "
                "offer, expander (-1 none)",
            ),
            Slice("prices", (n, 7), raw("prices"), "each player's price die per day"),
            Slice(
                "purse",
                (n, 4),
                lambda o: _flat(
                    list(zip(o["breakfast"], o["money"], o["stars"], o["staff_hired"], strict=True))
                ),
                "breakfast price, money, stars, staff hired",
            ),
            Slice("lost", (weeks,), raw("lost"), "guests no hotel could take, per week"),
            Slice(
                "eliminated",
                (n,),
                raw("eliminated_week"),
                "the week a player was eliminated (-1 still in)",
            ),
            Slice(
                "built",
                (n, BOUTIQUE_ROOMS),
                lambda o: [
                    float(room in o["built"][p]) for p in range(n) for room in range(BOUTIQUE_ROOMS)
                ],
                "1 where a player has built a room",
            ),
            Slice(
                "staff",
                (n, 4),
                lambda o: _flat(
                    [
                        [0.0, MISSING, MISSING, MISSING] if s is None else [1.0, *s]
                        for s in o["staff"]
                    ]
                ),
                "each player's staff this week: present, then per category (-1 not hired yet)",
            ),
            Slice("ledger", (n, 4), raw("ledger"), "each player's ledger (four amounts)"),
            Slice(
                "stays",
                (n * BOUTIQUE_DAYS + n,),
                _stays(n),
                "rooms occupied per player and day of the week, then each player's income",
            ),
            Slice(
                "deck",
                (deck_cards,),
                lambda o: [count for _card, count in o["deck_counts"]],
                "copies of each guest card left in the deck",
            ),
            Slice(
                "bidders",
                (n,),
                lambda o: [float(p in o["bidders"]) for p in range(n)],
                "1 where a player bids now",
            ),
            Slice(
                "queues",
                (n, 2),
                lambda o: padded("place_queue", 2 * n)(o),
                "players waiting to place guests: player and amount (-1 none)",
            ),
            Slice(
                "ranking",
                (n,),
                padded("ranking", n, lambda o: [r[0] for r in o["ranking"]]),
                "the walk-in ranking, first to last (-1 not ranked)",
            ),
            Slice(
                "shortfalls",
                (n,),
                lambda o: [float(sum(sum(week[p]) for week in o["shortfalls"])) for p in range(n)],
                "staff shortfalls per player over the weeks",
            ),
            Slice(
                "own_choice",
                (1,),
                _own_choice,
                "1 once the observer has made its secret choice at an open decision",
            ),
        ],
    )


LAYOUTS: dict[str, Callable[..., TensorLayout]] = {
    "amsterdam": amsterdam_layout,
    "grand_austria": grand_austria_layout,
    "boutique": boutique_layout,
}


def tensor_layout(game: str, **options: Any) -> TensorLayout:
    """The tensor layout of ``game`` with these options (``players`` at least)."""
    from hoteledu.core.registry import game_info

    resolved = game_info(game).resolve_options(options)
    if game == "boutique":
        deck = game_info(game).load(**resolved).observation(0)["deck_counts"]
        resolved["deck_cards"] = len(deck)
    return LAYOUTS[game](**resolved)


__all__ = ["Slice", "TensorLayout", "tensor_layout"]
