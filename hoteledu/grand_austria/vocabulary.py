"""The effect vocabulary of Grand Austria's cards: every ability as a kind and a few parameters.

An :class:`Effect` is a kind of :data:`EFFECT_KINDS` and its parameters, so the
rules engine (:mod:`.effects`) implements each kind once and every card
follows; politics conditions use the same shape (:class:`Condition`,
:data:`CONDITION_KINDS`). The items and colours every card and board speak of
are defined here too, at the bottom of the package (nothing here imports the
cards, the board or the rules).

Examples
--------
>>> print(effect("gain", krones=2).describe())
gain 2 krones
>>> ITEMS
('strudel', 'cake', 'wine', 'coffee')
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from typing import Any

from hoteledu.core.words import plural

ITEMS: tuple[str, ...] = ("strudel", "cake", "wine", "coffee")
"""The four dishes and drinks, in the order used by every guest order."""
ITEM_LETTERS = "SCWK"
"""Their initials, as guest orders are written ("SSW": 2 strudels, 1 wine)."""
GUEST_COLOURS: tuple[str, ...] = ("yellow", "blue", "red", "green")
"""Guest colours: artists, nobles, citizens, tourists (tourists take any room)."""
ROOM_COLOURS: tuple[str, ...] = ("yellow", "blue", "red")
STAFF_TIMINGS: tuple[str, ...] = ("one_time", "permanent", "once_per_round", "game_end")
"""When a staff card acts: see docs/grand_austria_cards.md, section Timings."""
STAFF_TIMING_WORDS: Mapping[str, str] = {
    "once_per_round": "once a round",
    "permanent": "always works",
    "game_end": "scores at the end",
    "one_time": "once, when played",
}
"""When a staff card works, in the words the boards write on it."""

_ANY_COLOUR = ("any", *ROOM_COLOURS)
_GUEST_COLOUR_FILTER = ("any", *GUEST_COLOURS)


# --------------------------------------------------------------- vocabulary
@dataclasses.dataclass(frozen=True)
class ParamSpec:
    """One parameter of an effect or condition kind.

    ``type`` is ``"int"`` (a whole number >= 0), ``"bool"``, ``"choice"`` (one
    of ``choices``), ``"faces"`` (a tuple of die faces 1..6) or ``"effect"``
    (a nested :class:`Effect`).
    """

    name: str
    type: str
    default: Any
    doc: str
    choices: tuple[str, ...] = ()


@dataclasses.dataclass(frozen=True)
class KindSpec:
    """A kind of the vocabulary: its meaning, its parameters and its English form."""

    kind: str
    meaning: str
    params: tuple[ParamSpec, ...]
    render: Callable[[Callable[[str], Any]], str] = dataclasses.field(compare=False, repr=False)

    def spec(self, name: str) -> ParamSpec | None:
        for param in self.params:
            if param.name == name:
                return param
        return None


_GAIN_WORDS = {
    "krones": ("krone", "krones"),
    "vp": ("VP", "VP"),
    "emperor": ("emperor step", "emperor steps"),
    "strudel": ("strudel", "strudels"),
    "cake": ("cake", "cakes"),
    "wine": ("wine", "wines"),
    "coffee": ("coffee", "coffees"),
    "any_item": ("dish or drink of your choice", "dishes or drinks of your choice"),
}

PER_WORDS = {
    "": "",
    "staff": "staff card played (a staff card counts itself)",
    "occupied_room": "occupied room",
    "room": "room tile placed (prepared or occupied)",
    "occupied_group": "fully occupied room group",
    "occupied_floor": "fully occupied floor",
    "occupied_column": "fully occupied column",
    "colour_set": "set of 3 occupied rooms of different colours (red, blue, yellow), "
    "i.e. the smallest of the three occupied counts",
    "politics_disk": "politics card holding your disk",
    "emperor_space": "space of your emperor marker",
}


def _amounts(p: Callable[[str], Any], names: tuple[str, ...]) -> str:
    parts = []
    for name in names:
        count = p(name)
        if count:
            word, many = _GAIN_WORDS[name]
            parts.append(plural(count, word, many))
    return ", ".join(parts) or "nothing"


def _per(p: Callable[[str], Any]) -> str:
    per = p("per")
    if not per:
        return ""
    words = PER_WORDS[per]
    if per == "occupied_room" and p("colour") != "any":
        words = f"occupied {p('colour')} room"
    text = f" per {words}"
    if p("max"):
        text += f" (at most {p('max')})"
    return text


def _render_gain(p: Callable[[str], Any]) -> str:
    return "gain " + _amounts(p, tuple(_GAIN_WORDS)) + _per(p)


def _render_lose(p: Callable[[str], Any]) -> str:
    text = _amounts(p, ("krones", "vp")) + _per(p)
    return "pay " + text if p("krones") else "lose " + text


def _render_prepare(p: Callable[[str], Any]) -> str:
    count = p("count")
    text = "prepare " + ("1 room" if count == 1 else f"up to {count} rooms")
    if p("colour") != "any":
        text = text.replace("room", f"{p('colour')} room")
    if p("free"):
        text += " at no cost"
    elif p("discount"):
        text += f" paying {p('discount')} krone{'s' if p('discount') > 1 else ''} less"
    else:
        text += " paying the normal cost"
    if p("max_floor") < 3:
        text += f" on floors 1 to {p('max_floor') + 1} only"
    if p("occupy"):
        text += ", and turn it to occupied"
    return text


def _render_occupy(p: Callable[[str], Any]) -> str:
    room = "prepared room" if p("colour") == "any" else f"prepared {p('colour')} room"
    return f"turn up to {plural(p('count'), room)} to occupied (no guest needed)"


def _render_take_guest(p: Callable[[str], Any]) -> str:
    return "take a face-up guest into your café" + (" at no cost" if p("free") else "")


def _render_draw(p: Callable[[str], Any]) -> str:
    return f"draw {plural(p('count'), 'staff card')} into your hand"


def _render_play_staff(p: Callable[[str], Any]) -> str:
    if p("source") == "top3":
        text = "draw 3 staff cards and play 1 of them"
    else:
        text = "play 1 staff card from your hand"
    if p("free"):
        text += " at no cost"
    elif p("discount"):
        text += f" paying {p('discount')} krone{'s' if p('discount') > 1 else ''} less"
    else:
        text += " paying its full cost"
    if p("source") == "top3":
        text += " (the others go under the deck)"
    return text


def _render_complete(p: Callable[[str], Any]) -> str:
    guest = "a guest's" if p("colour") == "any" else f"a {p('colour')} guest's"
    return f"complete {guest} order in your café from the general supply"


def _render_extra_turn(p: Callable[[str], Any]) -> str:
    if p("scope") == "action":
        text = "carry out one more action (1 to 6) with the dice on its space"
    else:
        text = "take another turn"
    if not p("remove_die"):
        text += " without removing a die"
    return text


def _render_on_event(p: Callable[[str], Any]) -> str:
    event = p("event")
    if event == "check_in":
        who = "a guest" if p("colour") == "any" else f"a {p('colour')} guest"
        if p("min_order"):
            who += f" with an order of {p('min_order')} or more dishes and drinks"
        when = f"whenever {who} checks in at your hotel"
    elif event == "take_die":
        faces = " or ".join(f'"{f}"' for f in p("faces"))
        when = f"whenever you take a die showing {faces}"
    elif event == "emperor_bonus":
        when = "whenever you receive an emperor tile bonus"
    else:
        when = "whenever one of your rooms becomes occupied (by a guest or an effect)"
    return f"{when}: {p('effect').describe()}"


def _render_modify(p: Callable[[str], Any]) -> str:
    faces = " or ".join(f'"{f}"' for f in p("faces"))
    parts = []
    if p("fee") != 1:
        parts.append(f"pay {p('fee')} krones instead of 1 for action 6")
    if p("extra_strength"):
        parts.append(f"the action is {p('extra_strength')} stronger")
    if p("extra_items"):
        items = plural(p("extra_items"), "additional dish or drink", "additional dishes or drinks")
        parts.append(f"take {items} of the action's kinds")
    if p("extra_discount"):
        parts.append(f"the staff card costs {p('extra_discount')} krones less")
    if p("both_tracks"):
        parts.append("each point of strength advances both the emperor and the money track")
    return f"whenever you take a die showing {faces}: " + "; ".join(parts)


def _render_waive(p: Callable[[str], Any]) -> str:
    what = p("what")
    if what == "room_cost":
        room = "rooms" if p("colour") == "any" else f"{p('colour')} rooms"
        return f"prepare {room} at no cost"
    if what == "serving_cost":
        return "move dishes and drinks from your kitchen to guests at no cost"
    if what == "guest_cost":
        return "take guests from the game board at no cost"
    fee = p("fee")
    return f"at an emperor scoring, pay {plural(fee, 'krone')} to avoid the penalty"


def _render_copy(p: Callable[[str], Any]) -> str:
    return "at game end, score one end-game staff card of another player as if it were yours"


def _render_discard_items(p: Callable[[str], Any]) -> str:
    if p("where") == "kitchen":
        return "return all dishes and drinks in your kitchen"
    return "return all dishes and drinks in your kitchen and on your café guests"


def _render_lose_staff(p: Callable[[str], Any]) -> str:
    if p("source") == "hand":
        return f"put {plural(p('count'), 'staff card')} from your hand under the deck"
    kind = " end-game" if p("timing") == "game_end" else ""
    return f"discard {p('count')} of your hired{kind} staff cards"


def _render_remove_rooms(p: Callable[[str], Any]) -> str:
    state = p("state")
    if p("one_per_floor"):
        return (
            f"remove 1 {state} room from each of your {p('count')} highest floors "
            f"that have {state} rooms"
        )
    return f"remove {plural(p('count'), f'{state} room')}, highest floor first"


def _kind(kind: str, meaning: str, render: Callable, *params: ParamSpec) -> KindSpec:
    return KindSpec(kind, meaning, tuple(params), render)


_COUNT = ParamSpec("count", "int", 1, "how many")
_DISCOUNT = ParamSpec("discount", "int", 0, "krones off the normal cost (never below 0)")
_FREE = ParamSpec("free", "bool", False, "no cost at all")
_PER = ParamSpec(
    "per",
    "choice",
    "",
    "multiply every amount by this count of the player's (empty: once)",
    tuple(PER_WORDS),
)
_PER_COLOUR = ParamSpec(
    "colour", "choice", "any", "with per=occupied_room: count only this colour", _ANY_COLOUR
)
_MAX = ParamSpec("max", "int", 0, "cap on the total after `per` (0: no cap)")

EFFECT_KINDS: dict[str, KindSpec] = {
    spec.kind: spec
    for spec in (
        _kind(
            "gain",
            "The player receives the amounts at once: krones, VP, emperor steps (a step "
            "beyond space 13 gives 1 VP instead, GAH-E01), dishes and drinks from the "
            "supply. Dishes and drinks received may go straight onto café guests' orders "
            "(GAH-D04). With `per`, every amount is multiplied by that count.",
            _render_gain,
            *(ParamSpec(name, "int", 0, f"{_GAIN_WORDS[name][1]} gained") for name in _GAIN_WORDS),
            _PER,
            _PER_COLOUR,
            _MAX,
        ),
        _kind(
            "lose",
            "Penalty: pay krones and/or lose VP. Paying krones is possible only with "
            "enough krones; losing VP is always possible (VP may go below 0). Where an "
            "emperor penalty is impossible its `fallback` applies instead (GAH-E04).",
            _render_lose,
            ParamSpec("krones", "int", 0, "krones paid"),
            ParamSpec("vp", "int", 0, "VP lost"),
            _PER,
            _PER_COLOUR,
            _MAX,
        ),
        _kind(
            "prepare_rooms",
            "Prepare up to `count` rooms, one at a time, each by the placement rule "
            "(orthogonally adjacent to a placed room, on a space of its colour, GAH-D05), "
            "paying the floor cost less `discount` (or nothing if `free`); printed VP "
            "score (GAH-D06). The player may prepare fewer, e.g. when no space fits.",
            _render_prepare,
            _COUNT,
            _DISCOUNT,
            _FREE,
            ParamSpec("colour", "choice", "any", "only rooms of this colour", _ANY_COLOUR),
            ParamSpec("max_floor", "int", 3, "highest floor allowed (0 = ground floor)"),
            ParamSpec(
                "occupy",
                "bool",
                False,
                "the new room is at once turned to occupied (occupancy bonus applies)",
            ),
        ),
        _kind(
            "occupy_rooms",
            "Turn up to `count` of the player's prepared, vacant rooms to occupied "
            "without a guest (no guest VP or reward; the occupancy bonus applies, GAH-A07).",
            _render_occupy,
            _COUNT,
            ParamSpec("colour", "choice", "any", "only rooms of this colour", _ANY_COLOUR),
        ),
        _kind(
            "take_guest",
            "Take one face-up guest from the game board into a free café space, paying "
            "its space's cost unless `free`; the row slides right and is refilled "
            "(GAH-G01, GAH-G03). Impossible (skipped) with a full café (GAH-G02).",
            _render_take_guest,
            ParamSpec("free", "bool", True, "no cost"),
        ),
        _kind(
            "draw_staff",
            "Draw `count` staff cards from the deck into the hand.",
            _render_draw,
            _COUNT,
        ),
        _kind(
            "play_staff",
            "Play (hire) exactly one staff card, paying its cost less `discount` (never "
            "below 0, no money back), or nothing if `free`. source=hand: from the hand; "
            "source=top3: draw 3 cards, play one of them, put the other two under the "
            "deck in any order. The player may decline (then top3 cards all go under the "
            "deck). The played card's one-time effect resolves at once.",
            _render_play_staff,
            ParamSpec("source", "choice", "hand", "where the card comes from", ("hand", "top3")),
            _DISCOUNT,
            _FREE,
        ),
        _kind(
            "complete_order",
            "Fill every missing dish and drink of one guest in the player's café from the "
            "general supply (the guest may then check in as usual).",
            _render_complete,
            ParamSpec(
                "colour", "choice", "any", "only a guest of this colour", _GUEST_COLOUR_FILTER
            ),
        ),
        _kind(
            "extra_turn",
            "scope=turn (rulebook 000): after this check-in and all its rewards, the "
            "player takes another whole turn (optional guest, a die action, additional "
            "actions) but does not remove the die from its space; the turn order tile is "
            "not covered. scope=action (retail reading): only one more die action with "
            "the strength of its space, no die removed, after the other rewards.",
            _render_extra_turn,
            ParamSpec("scope", "choice", "turn", "a whole turn or one action", ("turn", "action")),
            ParamSpec("remove_die", "bool", False, "whether a die is removed"),
        ),
        _kind(
            "on_event",
            "Permanent trigger: from the moment the staff card is played, each time "
            "`event` happens to the owner, resolve `effect` once. "
            "check_in: a guest (of `colour`, with at least `min_order` items in its "
            "order) moves into one of the owner's rooms; resolves with the guest's "
            "reward. take_die: the owner carries out the die action of an action space "
            "whose number is in `faces` (also in E. Gizia's extra turn, where no die is "
            "removed; space 6 counts as 6 whatever action it imitates); resolves after "
            "the action, once per die action whatever its strength. emperor_bonus: the "
            "owner receives an emperor tile bonus (at an emperor scoring). room_occupied: "
            "any room of the owner's turns to occupied, by a guest or an effect.",
            _render_on_event,
            ParamSpec(
                "event",
                "choice",
                "check_in",
                "what triggers",
                ("check_in", "take_die", "emperor_bonus", "room_occupied"),
            ),
            ParamSpec("colour", "choice", "any", "check_in: guest colour", _GUEST_COLOUR_FILTER),
            ParamSpec("min_order", "int", 0, "check_in: least number of items in the order"),
            ParamSpec("faces", "faces", (), "take_die: die faces that trigger"),
            ParamSpec("effect", "effect", None, "what the owner receives"),
        ),
        _kind(
            "modify_action",
            "Permanent change to the owner's die action from an action space whose number "
            "is in `faces` (space 6 counts as 6 whatever it imitates): `fee` replaces "
            "action 6's 1-krone fee; "
            "`extra_strength` adds to the strength (on top of the once-per-turn krone); "
            "`extra_items` adds that many items of the action's own kinds (action 1: "
            "strudel or cake; action 2: wine or coffee; the cake<=strudel and "
            "coffee<=wine rules count them); `extra_discount` lowers the staff card's "
            "cost further; `both_tracks`: each point of action 4's strength advances "
            "both the emperor and the money track.",
            _render_modify,
            ParamSpec("faces", "faces", (), "die faces concerned"),
            ParamSpec("fee", "int", 1, "krones paid for action 6"),
            ParamSpec("extra_strength", "int", 0, "added strength"),
            ParamSpec("extra_items", "int", 0, "additional dishes or drinks"),
            ParamSpec("extra_discount", "int", 0, "additional krones off the staff card"),
            ParamSpec("both_tracks", "bool", False, "action 4 strength goes to both tracks"),
        ),
        _kind(
            "waive",
            "Permanent relief: room_cost: preparing rooms of `colour` costs nothing (by any "
            "means); serving_cost: moving dishes and drinks from the kitchen to guests "
            "costs nothing (GAH-A02); guest_cost: taking a guest from the board costs "
            "nothing (GAH-G01); emperor_penalty: at an emperor scoring ending on 0, the "
            "owner may pay `fee` krones instead of suffering the tile's penalty.",
            _render_waive,
            ParamSpec(
                "what",
                "choice",
                "room_cost",
                "which cost",
                ("room_cost", "serving_cost", "guest_cost", "emperor_penalty"),
            ),
            ParamSpec("colour", "choice", "any", "room_cost: room colour", _ANY_COLOUR),
            ParamSpec("fee", "int", 0, "emperor_penalty: krones paid instead"),
        ),
        _kind(
            "copy_staff",
            "At game end, the owner chooses one end-game (timing game_end) staff card "
            "another player has played and scores its effect on the owner's own hotel.",
            _render_copy,
        ),
        _kind(
            "discard_items",
            "Penalty: all dishes and drinks in the kitchen (and, with "
            "where=kitchen_and_cafe, those placed on café guests' orders) go back to "
            "the supply. Always possible.",
            _render_discard_items,
            ParamSpec("where", "choice", "kitchen", "which items", ("kitchen", "kitchen_and_cafe")),
        ),
        _kind(
            "lose_staff",
            "Penalty: source=hand: put `count` staff cards of the player's choice from the "
            "hand under the deck; source=hired: discard `count` played staff cards (of "
            "`timing`). Impossible with fewer than `count` such cards (the fallback "
            "applies).",
            _render_lose_staff,
            _COUNT,
            ParamSpec("source", "choice", "hand", "hand or played cards", ("hand", "hired")),
            ParamSpec(
                "timing",
                "choice",
                "any",
                "source=hired: only cards of this timing",
                ("any", *STAFF_TIMINGS),
            ),
        ),
        _kind(
            "remove_rooms",
            "Penalty: take `count` room tiles in `state` off the hotel board, highest floor "
            "first (the player chooses within a floor); with one_per_floor, one from each "
            "of the `count` highest floors holding such a room. A removed room's space "
            "becomes empty again (it may be prepared later). Impossible with fewer than "
            "`count` such rooms (the fallback applies; with one_per_floor, remove what "
            "there is).",
            _render_remove_rooms,
            _COUNT,
            ParamSpec(
                "state",
                "choice",
                "vacant",
                "prepared-vacant or occupied rooms",
                ("vacant", "occupied"),
            ),
            ParamSpec("one_per_floor", "bool", False, "one room from each of the highest floors"),
        ),
    )
}
"""Every effect kind: its meaning, parameters and English rendering."""

CONDITION_KINDS: dict[str, KindSpec] = {
    spec.kind: spec
    for spec in (
        _kind(
            "at_least",
            "The player has at least the given amounts: krones on the money track, "
            "emperor track space, played staff cards, room tiles placed (prepared or "
            "occupied). Only the nonzero parameters are checked.",
            lambda p: (
                "have at least "
                + ", ".join(
                    f"{p(n)} {w}"
                    for n, w in (
                        ("krones", "krones"),
                        ("emperor", "on the emperor track"),
                        ("staff", "staff cards played"),
                        ("rooms", "room tiles (prepared or occupied)"),
                    )
                    if p(n)
                )
            ),
            ParamSpec("krones", "int", 0, "krones"),
            ParamSpec("emperor", "int", 0, "emperor track space"),
            ParamSpec("staff", "int", 0, "staff cards played"),
            ParamSpec("rooms", "int", 0, "room tiles placed"),
        ),
        _kind(
            "fully_occupied",
            "At least `count` units whose every room space holds an occupied room: "
            "floors (rows of 5), columns (of 4), room groups, or colours (all 6 yellow, "
            "7 blue or 7 red rooms).",
            lambda p: (
                f"at least {p('count')} "
                + {
                    "floor": "floors",
                    "column": "columns",
                    "group": "room groups",
                    "colour": "colour (every room of it)",
                }[p("unit")]
                + " fully occupied"
            ),
            ParamSpec(
                "unit",
                "choice",
                "floor",
                "what must be full",
                ("floor", "column", "group", "colour"),
            ),
            _COUNT,
        ),
        _kind(
            "occupied_rooms",
            "At least the given numbers of occupied rooms of each colour.",
            lambda p: (
                "at least "
                + ", ".join(f"{p(c)} occupied {c}" for c in ROOM_COLOURS if p(c))
                + " rooms"
            ),
            *(ParamSpec(c, "int", 0, f"occupied {c} rooms") for c in ROOM_COLOURS),
        ),
    )
}
"""Every politics condition kind (the engine implements each predicate)."""


_AMOUNTS = ("krones", "vp", "emperor", *ITEMS, "any_item")

# Rules between the parameters of one kind: (holds(param), what it requires).
# They are checked on load and listed in the vocabulary docs.
CONSISTENCY_CHECKS: dict[str, tuple[tuple[Callable[[Callable[[str], Any]], bool], str], ...]] = {
    "gain": (
        (lambda p: any(p(n) for n in _AMOUNTS), "at least one amount is above 0"),
        (lambda p: not p("max") or bool(p("per")), "`max` only with `per`"),
        (
            lambda p: p("colour") == "any" or p("per") == "occupied_room",
            "`colour` only with per=occupied_room",
        ),
    ),
    "lose": (
        (lambda p: bool(p("krones") or p("vp")), "at least one amount is above 0"),
        (lambda p: not p("max") or bool(p("per")), "`max` only with `per`"),
        (
            lambda p: p("colour") == "any" or p("per") == "occupied_room",
            "`colour` only with per=occupied_room",
        ),
    ),
    "prepare_rooms": (
        (lambda p: p("count") >= 1, "`count` is at least 1"),
        (lambda p: not (p("free") and p("discount")), "not both `free` and `discount`"),
        (lambda p: p("max_floor") <= 3, "`max_floor` is 0..3"),
    ),
    "occupy_rooms": ((lambda p: p("count") >= 1, "`count` is at least 1"),),
    "draw_staff": ((lambda p: p("count") >= 1, "`count` is at least 1"),),
    "play_staff": (
        (lambda p: not (p("free") and p("discount")), "not both `free` and `discount`"),
    ),
    "on_event": (
        (
            lambda p: (p("event") == "take_die") == bool(p("faces")),
            "`faces` exactly with event=take_die",
        ),
        (
            lambda p: p("event") == "check_in" or (p("colour") == "any" and not p("min_order")),
            "`colour` and `min_order` only with event=check_in",
        ),
    ),
    "modify_action": (
        (lambda p: bool(p("faces")), "`faces` is given"),
        (
            lambda p: any(
                (
                    p("fee") != 1,
                    p("extra_strength"),
                    p("extra_items"),
                    p("extra_discount"),
                    p("both_tracks"),
                )
            ),
            "at least one change",
        ),
        (lambda p: p("fee") == 1 or p("faces") == (6,), "`fee` only with faces=[6]"),
        (lambda p: not p("both_tracks") or p("faces") == (4,), "`both_tracks` only with faces=[4]"),
        (
            lambda p: not p("extra_discount") or p("faces") == (5,),
            "`extra_discount` only with faces=[5]",
        ),
        (
            lambda p: not p("extra_items") or set(p("faces")) <= {1, 2},
            "`extra_items` only with faces among 1, 2",
        ),
    ),
    "waive": (
        (
            lambda p: p("colour") == "any" or p("what") == "room_cost",
            "`colour` only with what=room_cost",
        ),
        (
            lambda p: not p("fee") or p("what") == "emperor_penalty",
            "`fee` only with what=emperor_penalty",
        ),
    ),
    "lose_staff": (
        (lambda p: p("count") >= 1, "`count` is at least 1"),
        (
            lambda p: p("timing") == "any" or p("source") == "hired",
            "`timing` only with source=hired",
        ),
    ),
    "remove_rooms": ((lambda p: p("count") >= 1, "`count` is at least 1"),),
    "at_least": (
        (
            lambda p: bool(p("krones") or p("emperor") or p("staff") or p("rooms")),
            "at least one amount is above 0",
        ),
    ),
    "fully_occupied": ((lambda p: p("count") >= 1, "`count` is at least 1"),),
    "occupied_rooms": (
        (lambda p: any(p(c) for c in ROOM_COLOURS), "at least one count is above 0"),
    ),
}


class _Term:
    """Shared behaviour of :class:`Effect` and :class:`Condition`."""

    kind: str
    params: tuple[tuple[str, Any], ...]
    _kinds: dict[str, KindSpec]

    def param(self, name: str) -> Any:
        """The parameter's value, or its documented default when not given."""
        for key, value in self.params:
            if key == name:
                return value
        spec = self._kinds[self.kind].spec(name)
        if spec is None:
            raise KeyError(f"{self.kind} has no parameter {name!r}")
        return spec.default

    def describe(self) -> str:
        """The term in plain English."""
        return self._kinds[self.kind].render(self.param)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind}
        for key, value in self.params:
            if isinstance(value, _Term):
                data[key] = value.to_json()
            elif isinstance(value, tuple):
                data[key] = list(value)
            else:
                data[key] = value
        return data

    def __str__(self) -> str:
        return self.describe()

    @classmethod
    def from_json(cls, data: Any) -> Any:
        """Parse and validate the JSON form (``{"kind": ..., param: value}``)."""
        return parse_term(data, cls._kinds, cls)


@dataclasses.dataclass(frozen=True)
class Effect(_Term):
    """One ability: a kind from :data:`EFFECT_KINDS` and its parameters.

    ``params`` holds only the parameters that differ from their documented
    default, sorted by name, so equal effects compare equal; ask with
    :meth:`param`, which falls back to the default. Build one with
    :func:`effect` or :meth:`from_json`, which validate and normalise.
    """

    kind: str
    params: tuple[tuple[str, Any], ...] = ()
    _kinds = EFFECT_KINDS


@dataclasses.dataclass(frozen=True)
class Condition(_Term):
    """A politics card's requirement: a kind from :data:`CONDITION_KINDS`."""

    kind: str
    params: tuple[tuple[str, Any], ...] = ()
    _kinds = CONDITION_KINDS


def _check_value(spec: ParamSpec, value: Any, kinds: dict[str, KindSpec]) -> Any:
    """The validated value (lists become tuples); ValueError says what is wrong."""
    if spec.type == "int":
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ValueError(f"must be a whole number >= 0, got {value!r}")
        return value
    if spec.type == "bool":
        if not isinstance(value, bool):
            raise ValueError(f"must be true or false, got {value!r}")
        return value
    if spec.type == "choice":
        if value not in spec.choices:
            raise ValueError(f"must be one of {list(spec.choices)}, got {value!r}")
        return value
    if spec.type == "faces":
        if not isinstance(value, (list, tuple)) or not value:
            raise ValueError(f"must be a non-empty list of die faces 1..6, got {value!r}")
        if any(isinstance(f, bool) or f not in range(1, 7) for f in value):
            raise ValueError(f"die faces must be 1..6, got {value!r}")
        return tuple(value)
    if spec.type == "effect":
        if isinstance(value, Effect):
            return value
        return parse_term(value, EFFECT_KINDS, Effect)
    raise AssertionError(spec.type)


def parse_term(data: Any, kinds: dict[str, KindSpec], cls: type) -> Any:
    if isinstance(data, cls):
        return data
    if not isinstance(data, Mapping) or "kind" not in data:
        raise ValueError(f"must be an object with a 'kind', got {data!r}")
    kind = data["kind"]
    if kind not in kinds:
        raise ValueError(f"unknown kind {kind!r}; known kinds: {sorted(kinds)}")
    spec = kinds[kind]
    params = []
    for key in sorted(k for k in data if k != "kind"):
        param_spec = spec.spec(key)
        if param_spec is None:
            known = [p.name for p in spec.params]
            raise ValueError(f"{kind} has no parameter {key!r}; its parameters are {known}")
        try:
            value = _check_value(param_spec, data[key], kinds)
        except ValueError as error:
            raise ValueError(f"{kind}.{key} {error}") from None
        # Defaults are dropped so that equal effects compare (and hash) equal.
        if value != param_spec.default:
            params.append((key, value))
    for param_spec in spec.params:
        if param_spec.type == "effect" and param_spec.name not in data:
            # A nested effect has no sensible default: on_event must say what it gives.
            raise ValueError(f"{kind} needs the parameter {param_spec.name!r}")
    term = cls(kind, tuple(params))
    for holds, requirement in CONSISTENCY_CHECKS.get(kind, ()):
        if not holds(term.param):
            raise ValueError(f"{kind}: {requirement} (got {term.to_json()})")
    return term


def effect(kind: str, **params: Any) -> Effect:
    """A validated :class:`Effect`.

    Parameters
    ----------
    kind
        One of :data:`EFFECT_KINDS`.
    **params
        Its parameters; defaults may be left out (they are dropped anyway).

    Raises
    ------
    ValueError
        For an unknown kind or parameter, a value of the wrong type, or
        parameters that contradict each other.

    Examples
    --------
    >>> effect("gain", krones=2, strudel=1).describe()
    'gain 2 krones, 1 strudel'
    """
    return parse_term({"kind": kind, **params}, EFFECT_KINDS, Effect)
