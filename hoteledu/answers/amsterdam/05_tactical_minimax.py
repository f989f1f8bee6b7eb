"""The answers of `notebooks/amsterdam/05_tactical_minimax.ipynb`.

Its checking cell compares them with what its code computes (``check_answers``).
"""

ANSWERS = {
    "1a": 7,
    "1b": 5,
    "1b example": [[3, 12, 8], [2, 4, 6], [2, 5, 14]],
    "3": (5595, 0),
    "3 cut short": (41, 45),
    "4 evaluate": ([2, 3], [2, 0]),
    "4 evaluate_position": ([4, 4], [1, 1]),
}

# Read in the lesson before revealing: printed before the exercises (an answer
# builds on them) or the same number printed for another purpose.
SHOWN = {
    "1b example",
}
