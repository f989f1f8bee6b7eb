"""The answers of `notebooks/grand_austria/03_drafting_and_passing.ipynb`.

Its checking cell compares them with what its code computes (``check_answers``).
"""

ANSWERS = {
    "1 plain order": [6.81, 5.82, 5.25, 4.82],
    "1 gaps": (1.98, 1.19),
    "1 larger by": 0.80,
    "2 two players": [37.07, 36.60],
    "2 seats": [5.50, 5.02],
    "2 four players": [39.68, 40.05, 40.18, 38.99],
    "3 threshold": 3,
    "3 V(7)": 2.219,
    "3 option": 0.5319,
    "3 V(8), E[X_8]": (2.496, 1.964),
    "4 threshold": 3,
    "4 same board": True,
    "4 expectation": 3.383,
}

# Read in the lesson before revealing: printed before the exercises (an answer
# builds on them) or the same number printed for another purpose.
SHOWN = {
    # the exercise compares the plain order's gap with the snake's 1.19, printed above
    "1 gaps",
    # a game's total is built from the printed 2-player seat values (4 x 5.50 + 3 x 5.02)
    "2 seats",
}
