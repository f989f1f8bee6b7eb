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

# Read in the lesson before revealing: printed before the exercises (an answer
# builds on them) or the same number printed for another purpose.
SHOWN = {
    "2 gap d3",
    "3 u_4",
}
