"""The answers of `notebooks/amsterdam/04_tourist_flows.ipynb`.

Its checking cell compares them with what its code computes (``check_answers``).
"""

from fractions import Fraction

ANSWERS = {
    "1": Fraction(3677, 8192),
    "1 (decimal)": 0.449,
    "2": [6, 3, 3, 3],
    "5 (model)": Fraction(1, 2),
    "5 (games)": (1108, 2881),
    "5 (share)": 0.385,
}

# Read in the lesson before revealing: printed before the exercises (an answer
# builds on them) or the same number printed for another purpose.
SHOWN = {
    "5 (games)",
}
