"""The answers of `notebooks/amsterdam/03b_boat_convergence.ipynb`.

Its checking cell compares them with what its code computes (``check_answers``).
"""

from fractions import Fraction

ANSWERS = {
    "1 zero eigenvalues": [8, 16],
    "1 cos 120": 0.0,
    "2 renewal limit": Fraction(1, 7),
    "2 |lambda_1| d6": 0.8152,
    "2 |lambda_1| check": 0.8152,
    "2 gap d6": 0.1848,
    "2 gap d3": 0.0449,
    "3 u_2": Fraction(1, 9),
    "3 u_4": Fraction(28, 81),
    "3 lap 2": True,
    "4 halving": 15.1,
    "4 tv at 40": 0.1008,
    "4 halved at": 56,
}

# Read in the lesson before revealing, on purpose (the asked answers are not printed):
SHOWN = {
    "2 gap d3",  # the printed gap of the real dice, the baseline exercise 2 compares with
    "3 u_4",  # exercise 3 states it and asks why it differs from u_2
}
