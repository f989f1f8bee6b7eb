"""How to play Hotel Amsterdam: the app's "How to play" panel and the printable handout.

One text (:data:`HOW_TO_PLAY`) serves both (:mod:`hoteledu.apps.howto`); each
step cites the rule IDs of the checklist, and the board's parts are named as
the board labels them (a test reads the labels from the board figure).

Examples
--------
>>> HOW_TO_PLAY.rules[0]
'AMS-07'
"""

from __future__ import annotations

from hoteledu.apps.howto import HowToPlay, Part, Step

HOW_TO_PLAY = HowToPlay(
    game="amsterdam",
    title="Hotel Amsterdam",
    goal=(
        "Gather tourists around your two hotels. Each tourist on one of the four tiles "
        "around a hotel is 1 point to its owner (a tile next to both your hotels counts "
        "once). The first to 15 points with 2 players (12 with 3 or 4) wins."
    ),
    turn=(
        Step(
            "Roll both dice: the white Mayor die and the black Nightwatchman die, each 1, 2 or 3.",
            ("AMS-07",),
        ),
        Step(
            "The boat sails clockwise around the canal by the sum, picking up the tourists "
            "waiting on each quay it passes. A new tourist from the supply joins it, and "
            "all aboard go onto the building next to where it stops; in a bend they wait "
            "on that quay.",
            ("AMS-08", "AMS-09", "AMS-10", "AMS-11"),
        ),
        Step(
            "In each of your first two turns, place a hotel on a free intersection, the "
            "corner where four tiles meet (next to the Dam too).",
            ("AMS-12", "AMS-13", "AMS-14"),
        ),
        Step(
            "Walk the Mayor exactly as many steps along the streets as the white die shows, "
            "the Nightwatchman as many as the black die; the Dam may be crossed diagonally, "
            "and the two never end on the same intersection.",
            ("AMS-15", "AMS-16", "AMS-17"),
        ),
        Step(
            "Each pawn may turn over one tile around it: the Mayor a night tile, the "
            "Nightwatchman a day tile (never the Dam). Its tourists move together to the "
            "tile now showing the function they were visiting with the fewest tourists "
            "(you choose among ties), or to the Dam if there is none. A pawn at the Dam "
            "may instead lead one tourist from the Dam to a random tile: the Mayor to a "
            "day tile, the Nightwatchman to a night tile.",
            ("AMS-18", "AMS-19", "AMS-20", "AMS-21", "AMS-22", "AMS-23"),
        ),
    ),
    board=(
        Part(
            "Dam",
            "the square in the middle; it never turns over, and chased tourists with "
            "nowhere to go gather there",
        ),
        Part(
            "museum, mansion, market, church, park, gallery",
            "the day functions: a light tile with a dark name shows its day side",
        ),
        Part(
            "coffee shop, bar, theatre, nightclub, casino, jazz club",
            "the night functions: a dark tile with a light name shows its night side",
        ),
        Part("boat", "on the canal ring around the city, with how many tourists are aboard"),
        Part(
            "quays",
            "the four bends of the canal: tourists wait there in an orange disc until the "
            "boat passes again",
        ),
        Part("orange disc with a number", "the tourists on a tile (the number is the count)"),
        Part("coloured squares", "the hotels, in their player's colour, on intersections"),
        Part("white and black discs", "the Mayor (white die) and the Nightwatchman (black die)"),
        Part("orange rings", "where you may click now (a legal choice)"),
        Part(
            "P1: 0 | P2: 0 (supply: 26)",
            "each player's points, and the tourists still in the supply",
        ),
    ),
    end=(
        "The game ends at once when a player reaches the target, or when the supply is "
        "empty: the player who dropped the last tourist finishes the turn, then the most "
        "points wins. Tourists still on a quay score nothing."
    ),
    end_rules=("AMS-25", "AMS-26", "AMS-27"),
)
"""Hotel Amsterdam's how to play (the family game with dice)."""

__all__ = ["HOW_TO_PLAY"]
