"""The answers of `notebooks/boutique/05_walk_ins_and_staffing.ipynb`.

Its checking cell compares them with what its code computes (``check_answers``).
"""

from fractions import Fraction

ANSWERS = {
    "1 fit with breakfast": Fraction(1, 3),
    "1 revenue with breakfast": 464.3,
    "1 fit room only": Fraction(1, 2),
    "1 revenue room only": 764.3,
    "2 chance": Fraction(17, 42),
    "2 about": 0.405,
    "2 revenue": 340.5,
    "2 more than Monday": True,
    "3 ratio": Fraction(7, 10),
    "3 cooks": 1,
    "3 at most 1": 0.77,
    "3 never 0": 0,
    "4 mean": 2.48,
    "4 rule of thumb": 3,
    "4 ratio": 0.143,
    "4 at most 2": 0.52,
    "4 newsvendor": 2,
    "4 kitchen": (1.29, 2, 0, 1),
}

# Read in the lesson before revealing: printed before the exercises (an answer
# builds on them) or the same number printed for another purpose.
SHOWN = {
    # the rule of thumb rounds up the mean needs printed with the sample (kitchen 1.29,
    # housekeeping 2.48): the exercise applies it to them, on purpose
    "4 kitchen",
    "4 mean",
}
