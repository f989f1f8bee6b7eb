"""The answers of `notebooks/amsterdam/03_canal_boat_markov.ipynb`.

Its checking cell compares them with what its code computes (``check_answers``).
"""

from fractions import Fraction

ANSWERS = {
    "1 exact": Fraction(73789, 531441),
    "1 rounded": 0.139,
    "2 columns sum to 1": {Fraction(1)},
    "3 one past": 0.3332,
    "3 five past": 0.0371,
    "3 share": 0.0988,
    "3 sum": (2 + 0.3332 + 0.0371) / 24,
    "3 next stop": Fraction(3, 32),
    "4 fewest": {(1, 4), (2, 1), (4, 5), (5, 2)},
    "4 share": 0.0463,
    "4 four past": 0.1112,
    "4 formula": (1 + 0.1112) / 24,
}

# Read in the lesson before revealing: printed before the exercises (an answer
# builds on them) or the same number printed for another purpose.
SHOWN = {
    "1 exact",
    "3 five past",
    "3 one past",
    "3 share",
    "4 four past",
}
