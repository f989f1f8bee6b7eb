"""The answers of `notebooks/amsterdam/02_city_graph.ipynb`.

Its checking cell compares them with what its code computes (``check_answers``).
"""

from fractions import Fraction

ANSWERS = {
    "1 ends and walks": {(1, 1): 2, (2, 2): 2, (1, 3): 1, (3, 1): 1},
    "2 with the diagonals": 2,
    "2 without": 0,
    "3 uniform destination": Fraction(13, 44),
    "3 random walk": Fraction(25079, 62376),
    "4 largest degree": {(i, j) for i in range(2, 6) for j in range(2, 6)},
    "4 range": (0.112, 0.192),
    "4 largest betweenness": {(3, 3), (3, 4), (4, 3), (4, 4)},
    "4 not largest": 12,
}

# Read in the lesson before revealing, on purpose (the asked answers are not printed):
SHOWN = {
    "4 range",  # 0.192 is printed for the board with the Dam diagonals; 0.112 is not printed
}
