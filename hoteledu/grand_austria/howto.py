"""How to play Grand Austria Hotel: the app's "How to play" panel and the printable handout.

One text (:data:`HOW_TO_PLAY`) serves both (:mod:`hoteledu.apps.howto`); each
step cites the rule IDs of the checklist, and the board's parts are named as
the SVG board (every app's default) labels them; an app drawn with
``board="plotly"`` shows :data:`HOW_TO_PLAY_PLOTLY`, the plotly board's labels
(tests read the labels from both boards).

Examples
--------
>>> HOW_TO_PLAY.turn[0].rules
('GAH-R02',)
"""

from __future__ import annotations

from dataclasses import replace

from hoteledu.apps.howto import HowToPlay, Part, Step

# what both boards draw alike
_EMPEROR_TRACK = (
    "spaces 0 to 13 with the VP each scores at an emperor scoring; ▼ marks a player's disc"
)
_KITCHEN = "dishes and drinks you hold (not yet on a guest's order)"
_VP_TRACK = Part("VP track, ◆", "the victory points; ◆ marks each player")

SVG_BOARD: tuple[Part, ...] = (
    Part(
        "Action spaces: Space 1 ... Space 6",
        "the six action spaces: 1 strudel or cake, 2 wine or coffee, 3 prepare rooms, 4 "
        "emperor steps or krones, 5 hire staff, 6 any of 1 to 5 for 1 krone; each die on a "
        "space shows its number in pips, and how many dice there are is the action's "
        "strength",
    ),
    Part(
        "Round 1 of 7 · dice on the action spaces · dustbin",
        "the round, the dice still on the action spaces and the dice set aside after a pass",
    ),
    Part(
        "Guest row",
        "guests to take into your café: each card has the guest's name, the order as "
        "strudel, cake, wine and coffee tokens, its VP, the room colour it needs (green: "
        "any colour), its reward and under it the cost in krones",
    ),
    Part(
        "Politics goals",
        "three goals; the first to meet one scores 15 VP, the second 10, the third 5",
    ),
    Part(
        "Emperor scorings",
        "what each scoring after rounds 3, 5 and 7 gives on emperor space 3 or more and "
        "takes on space 0",
    ),
    Part(
        "P1 (you: this view) · VP · krones · emperor space · turn order",
        "a player's hotel board: victory points, money, the place on the emperor track, and "
        "the turn order tile (the lowest number not yet covered, grey, moves next)",
    ),
    Part(
        "Rooms · to prepare",
        "rooms by colour on floors 1 to 4, with the krones to prepare a room on each floor: "
        "white = no tile yet, pale = prepared, full colour with a white disc = occupied; a "
        "group, row, column or floor fully occupied counts for the politics goals",
    ),
    Part(
        "Café",
        "your guests waiting for their order: a filled token is served, a hollow one still ordered",
    ),
    Part("Kitchen", _KITCHEN),
    Part(
        "Staff played · Hand",
        "your staff cards: played ones with when they work (always works, once, when "
        "played, once a round, scores at the end; used this round), and your hand with each "
        "card's cost in krones; another seat's hand shows only how many cards, face down",
    ),
    Part(
        "Emperor track, ▼",
        _EMPEROR_TRACK,
    ),
    _VP_TRACK,
    Part("Key", "the board's own key under it: VP, krones, dice, tokens, rooms, tracks"),
    Part("orange outline", "where you may click now: a space, a guest, a room"),
)
"""The board's parts as the SVG board (every app's default) labels them."""

PLOTLY_BOARD: tuple[Part, ...] = (
    Part(
        "space 1 ... space 6",
        "the six action spaces (strudel/cake, wine/coffee, prepare rooms, "
        "emperor/money, staff card, any action); the number in each blue square is "
        "its dice, the action's strength",
    ),
    Part(
        "Round 1 of 7 · dice on the board · dustbin · emperor tiles A1 B4 C1",
        "the round, the dice still on the board, dice set aside, and the emperor "
        "tile of each of the three emperor scorings",
    ),
    Part(
        "politics goals A, B, C",
        "three goals; the first to meet one scores the most VP, one disc per goal and player",
    ),
    Part(
        "guest card: Poet SSSW 0/4, 5 VP, costs 3 kr",
        "a guest in the guest row or your café: the name, the order and how much of "
        "it is served/ordered, its VP, and (in the row) its cost in krones",
    ),
    Part("S, C, W, K", "an order's dishes and drinks: S strudel, C cake, W wine, K coffee"),
    Part(
        "P1 (this view): VP · krones · emperor track · turn order 2/3: moves as 2",
        "a player's hotel board: victory points, money, the place on the emperor "
        "track and the turn order tile (the lowest number not yet covered by a die "
        "moves next; passed: waits for the others)",
    ),
    Part(
        "rooms by colour (red, blue, yellow): open square, o, ●",
        "an open square has no tile yet, a pale square with o is prepared, a full "
        "square with ● is occupied; rows are floors; a group, row, column or floor "
        "fully occupied counts for the politics goals",
    ),
    Part("kitchen", _KITCHEN),
    Part(
        "played / hand",
        "your staff cards: played ones with when they work (always works, once "
        "when played, once a round, scores at the end; used this round), and your "
        "hand with each card's cost "
        "in kr (none or empty: no card); another seat's hand shows only how many "
        "cards (hidden)",
    ),
    Part(
        "emperor track (VP it scores), ▼",
        _EMPEROR_TRACK,
    ),
    _VP_TRACK,
    Part("Key", "the board's own line of abbreviations: VP victory points, kr krones"),
    Part("orange rings", "where you may click now: a space, a guest, a room"),
)
"""The board's parts as the plotly board (``board="plotly"``) labels them: orders in
letters, krones as kr, the politics goals as A, B, C."""

HOW_TO_PLAY = HowToPlay(
    game="grand_austria",
    title="Grand Austria Hotel",
    goal=(
        "Have the most victory points (VP) after 7 rounds: serve guests in your café "
        "and check them into rooms, prepare rooms, hire staff, meet politics goals and "
        "keep the emperor's favour."
    ),
    turn=(
        Step(
            "A round starts: the start player rolls all the dice, and they are sorted by "
            "number onto the six action spaces.",
            ("GAH-R02",),
        ),
        Step(
            "On your turn (the lowest uncovered number on the turn order tiles moves "
            "next) you may first take one guest from the guest row into a free place in "
            "your café, paying the cost under it: 3, 2, 1, 0, 0 krones from the left. "
            "With three café guests you cannot take one.",
            ("GAH-R04", "GAH-G01", "GAH-G02"),
        ),
        Step(
            "Take one die from an action space and put it on your turn order tile: the "
            "dice on that space are the action's strength. Space 1 gives strudel or cake, "
            "space 2 wine or coffee (never more cake than strudel, nor more coffee than "
            "wine), space 3 prepares rooms next to your rooms, space 4 moves you on the "
            "emperor track or gives money, space 5 plays a staff card (each die makes it 1 "
            "krone cheaper), space 6 does any of these for 1 krone. Or pass: when everyone "
            "else is done, one die goes to the dustbin and the rest are rolled again.",
            (
                "GAH-D01",
                "GAH-D02",
                "GAH-D03",
                "GAH-D05",
                "GAH-D07",
                "GAH-D08",
                "GAH-D09",
                "GAH-R05",
            ),
        ),
        Step(
            "Then, as often as you can pay: 1 krone for +1 strength (once a turn), 1 "
            "krone to move up to 3 dishes and drinks from the kitchen onto orders, claim "
            "a politics goal you meet, use a played staff card, and check a guest whose "
            "order is complete into a free prepared room of its colour: you score its VP "
            "and its reward.",
            ("GAH-A01", "GAH-A02", "GAH-A03", "GAH-A04", "GAH-A05"),
        ),
        Step(
            "End your turn. The round ends when every turn order number is covered or "
            "no dice are left; after rounds 3, 5 and 7 the emperor scores you (VP for "
            "your place on the track, a bonus or a penalty), then you move back.",
            ("GAH-R06", "GAH-R01", "GAH-E02", "GAH-E03"),
        ),
    ),
    board=SVG_BOARD,
    end=(
        "After round 7: staff cards that score at the end score; each occupied room scores "
        "1 to 4 VP by its floor; every krone and every dish or drink left is 1 VP; each "
        "guest still in the café costs 5 VP. The most VP wins; a tie goes to the most "
        "dishes, drinks and krones left."
    ),
    end_rules=("GAH-F01", "GAH-F02", "GAH-F03", "GAH-F04", "GAH-F05"),
)
"""Grand Austria Hotel's how to play, the board as the SVG board (the default) draws it: the
app's panel and the printed handout."""

HOW_TO_PLAY_PLOTLY = replace(HOW_TO_PLAY, board=PLOTLY_BOARD)
"""The same, the board as the plotly board (``board="plotly"``) labels it."""


def how_to_play(board: str = "svg") -> HowToPlay:
    """The text for an app that draws ``board`` ("svg" or "plotly")."""
    return HOW_TO_PLAY_PLOTLY if board == "plotly" else HOW_TO_PLAY


__all__ = ["HOW_TO_PLAY", "HOW_TO_PLAY_PLOTLY", "how_to_play"]
