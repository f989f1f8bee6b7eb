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

# Read in the lesson before revealing, on purpose (the asked answers are not printed):
SHOWN = {
    "1b example",  # the reordered tree keeps two rows of the printed tree; its count 5 is hidden
}
