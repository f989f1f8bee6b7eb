"""The answers of `notebooks/amsterdam/05b_search_size_and_bots.ipynb`.

Its checking cell compares them with what its code computes (``check_answers``).
"""

ANSWERS = {
    "1": 103.6,
    "1 (factor)": 160,
    "1 (logs)": (93.7, 94.0),
    "2": (1305, 1305),
    "3": (2401, 49),
}

# Read in the lesson before revealing: printed before the exercises (an answer
# builds on them) or the same number printed for another purpose.
SHOWN = {
    "1 (logs)",
}
