"""The answers of `notebooks/amsterdam/03_canal_boat_markov.ipynb`.

Its checking cell compares them with what its code computes (``check_answers``).
"""

from fractions import Fraction

ANSWERS = {
    "1 exact": Fraction(12159190882621729, 150094635296999121),
    "1 rounded": 0.081,
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

# Read in the lesson before revealing, on purpose: exercise 3 quotes the share and
# asks to split it into the landing chances printed above; exercise 4 reads one more
# entry of that table (the asked set of tiles and their rate are not printed).
SHOWN = {
    "3 five past",  # the printed landing table, a part of exercise 3's split
    "3 one past",  # the printed landing table, a part of exercise 3's split
    "3 share",  # exercise 3 states it and asks where it comes from
    "4 four past",  # the printed landing table, the reason in exercise 4
}
