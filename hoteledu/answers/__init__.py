"""The answers every lesson states, one module per lesson: ``<game>/<lesson>.py`` for
``notebooks/<game>/<lesson>.ipynb`` (``00_start_here.py`` for the start page).

Each module holds ``ANSWERS``, name to value, the single source of truth that the
lesson's checking cell compares its code with (:func:`hoteledu.lessons.check_answers`),
that the scan for leaked answers looks for (``tests/test_hidden_answers.py``) and that
the graded assignments test. ``SHOWN`` names answers the lesson itself prints before
its exercises (ingredients, not secrets). Students never need to open these files.
"""
