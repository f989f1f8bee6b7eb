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

# Read in the lesson before revealing, on purpose (the asked answers are not printed):
SHOWN = {
    "1 (logs)",  # the printed median and mean of the logs, quoted against the asked 103.6
}
