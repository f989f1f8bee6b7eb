"""How to play Boutique Hotel Manager: the app's "How to play" panel and the printable handout.

One text (:data:`HOW_TO_PLAY`) serves both (:mod:`hoteledu.apps.howto`); each
step cites the rule IDs of the checklist, and the board's parts are named as
the board labels them (a test reads the labels from the board figure).

Examples
--------
>>> HOW_TO_PLAY.turn[0].rules
('BHM-03',)
"""

from __future__ import annotations

from hoteledu.apps.howto import HowToPlay, Part, Step

HOW_TO_PLAY = HowToPlay(
    game="boutique",
    title="Boutique Hotel Manager",
    goal=(
        "Have the most money after the last week (two weeks, or one in the short game); "
        "a tie goes to the better rating. Every player starts with 500, 3 stars and 3 rooms."
    ),
    turn=(
        Step(
            "Set your secret prices for the week: a day rate for each of the 7 nights and "
            "a breakfast price, each 100 to 600. They are revealed when everyone has decided.",
            ("BHM-03",),
        ),
        Step(
            "Booking: in turn, a player may change one price, rolls the check-in day and "
            "shows a guest card. The cheapest hotel with the same rooms free for the whole "
            "stay wins the guests and their money; equal totals go to the better rating, "
            "then to the highest secret marketing bid (every bid is lost).",
            ("BHM-08", "BHM-09", "BHM-10", "BHM-11", "BHM-12", "BHM-13", "BHM-14", "BHM-15"),
        ),
        Step(
            "Planning: hire staff for the whole week, 300 each: housekeeping for the "
            "occupied rooms, check-in for the guests arriving that day, kitchen for the "
            "breakfasts.",
            ("BHM-20", "BHM-21", "BHM-22"),
        ),
        Step(
            "Walk-ins, Monday to Sunday: the hotels are ranked by money, lowest first; each "
            "day a guest with a budget per night goes to the first hotel in the ranking "
            "whose price fits and that has room, else the guest is lost.",
            ("BHM-23", "BHM-24", "BHM-26", "BHM-28"),
        ),
        Step(
            "Rating: each employee short of the week's largest daily need costs 1 star; a "
            "week without a shortfall gains 1. A hotel at 0 stars is out. Then you may "
            "build rooms for next week, 1000 each.",
            ("BHM-30", "BHM-31", "BHM-32", "BHM-33", "BHM-34"),
        ),
    ),
    board=(
        Part(
            "P1 red, P2 blue, P3 green, P4 orange, P5 purple",
            "the players and their colours; each has a hotel",
        ),
        Part(
            "money 500 · ★★★☆☆ · staff 3/1/1 · walk-in rank 2 · OUT",
            "each hotel's header: its money, its stars, the staff hired "
            "(housekeeping/check-in/kitchen; not hired yet) and its place in the walk-in "
            "ranking; OUT (0 stars): it has lost all stars",
        ),
        Part(
            "Mon Tue Wed Thu Fri Sat Sun",
            "each hotel is a week calendar: a column per night, a row per room",
        ),
        Part("next", "nights of a stay carried into next week"),
        Part("breakfast", "the column of the breakfast price"),
        Part("room numbers 1 to 8", "a row per room; grey numbers: rooms not built yet"),
        Part(
            "■ and ● with a number",
            "a stay: ■ the check-in night, ● a further night; brown with breakfast, "
            "green room only; the number is the guest card",
        ),
        Part("price, ?", "the row of day rates and breakfast; ? = not set yet (or still secret)"),
        Part("need", "that day's need of housekeeping/check-in/kitchen staff, as 0/0/0"),
        Part(
            "the line under the title (walk-in ranking: P2 > P1)",
            "the week, the guest card on the table (its rooms, nights, with breakfast or "
            "room only, adjoining rooms side by side), the check-in die, a walk-in's "
            "budget per night, and after last: what just happened (prices revealed, a "
            "card that checks in with each hotel's total and who wins it, bids, a guest "
            "who finds no hotel and is lost, the walk-in ranking from first to last, the "
            "rating, who builds a room)",
        ),
        Part("orange rings", "rooms you may click now"),
    ),
    end=(
        "After the last week the most money wins; a tie goes to the higher rating, and "
        "still tied it is a draw. A stay past Sunday pays Sunday's rate and carries into "
        "next week."
    ),
    end_rules=("BHM-36", "BHM-18"),
)
"""Boutique Hotel Manager's how to play."""

__all__ = ["HOW_TO_PLAY"]
