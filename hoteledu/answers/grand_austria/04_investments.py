"""The answers of `notebooks/grand_austria/04_investments.ipynb`.

Its checking cell compares them with what its code computes (``check_answers``).
"""

ANSWERS = {
    "1 a use": 0.546,
    "1 expected cost": 1.570,
    "1 net in round 2": 1.71,
    "1 last round": 5,
    "1 net in round 5": 0.07,
    "1 across the interval": (None, 6),
    "2 space 5": 2.496,
    "2 cheaper": 2.267,
    "2 different boards": 0.229,
    "2 same boards": 2.197,
    "2 saving": 0.299,
    "3 plan from 0": (4, 7, 8),
    "3 zones from 0": ("nothing", "nothing", "nothing"),
    "3 track, cost, net": (13, 16, -3),
    "3 plan from 1": ((5, 8, 8), ("nothing", "bonus", "nothing")),
    "3 net from 1": 7,
    "3 worth": 10,
    "4 width": 20,
    "4 games": 80,
    "4 same s": 73,
    "4 quantiles": (2.093, 1.993),
    "4 stored width": 7.5,
    "4 s": (27.1, 21.8),
}

# Read in the lesson before revealing: printed before the exercises (an answer
# builds on them) or the same number printed for another purpose.
SHOWN = {
    # the exercise asks for the card's net return: its expected cost with 14 dice is
    # read off the printed table of hiring costs, on purpose
    "1 expected cost",
}
