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

# Read in the lesson before revealing, on purpose (the asked answers are not printed):
SHOWN = {
    "5 (games)",  # 2881 is the printed number of chases; the 1108 with two or more is not
}
