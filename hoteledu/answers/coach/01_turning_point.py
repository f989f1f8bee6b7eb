"""The answers of `notebooks/coach/01_turning_point.ipynb`.

Its checking cell compares them with what its code computes (``check_answers``).
"""

ANSWERS = {
    "1 from": 127,
    "1 to": 133,
    "1 points": -88,
    "1 whose turn": "P2",
    "1 tourists": ([10, 5], [8, 10]),
    "2 overlap": False,
    "3 playouts": 160,
    "3 half width": 8,
}

# Read in the lesson before revealing, on purpose: the table the exercise reads
# prints every turn start's actions so far.
SHOWN = {"1 from", "1 to"}
