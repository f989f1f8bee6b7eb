"""The answers of `notebooks/classroom/01_running_an_experiment.ipynb`.

Its checking cell compares them with what its code computes (``check_answers``).
"""

from fractions import Fraction

ANSWERS = {
    "1 threshold 3": 2.570,
    "1 always take": 2.408,
    "1 gives up": 0.162,
    "2 mix": {2: 1.0},
    "2 value": 0.0,
    "3 mix": (0.25, 0.25, 0.25, 0.25, 0.0, 0.0),
    "3 extremes": {
        (Fraction(1, 2), 0, Fraction(1, 2), 0, 0, 0),
        (0, Fraction(1, 2), 0, Fraction(1, 2), 0, 0),
    },
    "3 prize": "prize of 200",
}

# Read in the lesson before revealing, on purpose (the asked answers are not printed):
SHOWN = {
    "1 threshold 3",  # printed as the game's value; exercise 1 states it and asks the loss
    "3 mix",  # 25% is the class's own share in the round's histogram, not card 1's mix
}
