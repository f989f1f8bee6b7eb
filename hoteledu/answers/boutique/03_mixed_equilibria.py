"""The answers of `notebooks/boutique/03_mixed_equilibria.ipynb`.

Its checking cell compares them with what its code computes (``check_answers``).
"""

ANSWERS = {
    "1 mix": 0.6,
    "1 value": 1.0,
    "2 reply": "500",
    "2 earns": 222.5,
    "2 against 400": -952,
    "2 against 600": 1397,
    "2 lead": (183, 190),
    "2 with 4,000 deals": ("500", 232.5, "400", 57),
    "3": 240,
    "4 equilibrium": True,
    "4 listed": False,
}

# Read in the lesson before revealing: printed before the exercises (an answer
# builds on them) or the same number printed for another purpose.
SHOWN = {
    # the exercise averages two cells of the printed week matrix (500 against 400 and
    # against 600) to find the best reply: the cells are read off on purpose
    "2 against 400",
    "2 against 600",
}
