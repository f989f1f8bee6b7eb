"""Helpers the lesson notebooks share (light: no plotly, no ipywidgets).

``check_answers`` lets a lesson test the numbers its hidden answers state
without printing them: the stored output of the cell says only how many
answers agree, so a student sees nothing before revealing the answer, while
nbval still fails the lesson when a number changes.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import Any

__all__ = ["AnswerMismatch", "check_answers", "progress"]


class AnswerMismatch(AssertionError):
    """A number an answer states is not what the code computes."""


def _agrees(computed: Any, stated: Any, tolerance: float) -> bool:
    if isinstance(stated, float) or isinstance(computed, float):
        if isinstance(computed, (int, float, Fraction)) and isinstance(
            stated, (int, float, Fraction)
        ):
            return math.isclose(float(computed), float(stated), abs_tol=tolerance, rel_tol=0)
        return False
    if isinstance(stated, (list, tuple)) and isinstance(computed, (list, tuple)):
        return len(stated) == len(computed) and all(
            _agrees(c, s, tolerance) for c, s in zip(computed, stated, strict=True)
        )
    if isinstance(stated, Mapping) and isinstance(computed, Mapping):
        return set(stated) == set(computed) and all(
            _agrees(computed[k], stated[k], tolerance) for k in stated
        )
    return bool(computed == stated)


def check_answers(answers: Mapping[str, tuple[Any, Any]], tolerance: float = 5e-4) -> str:
    """Check each ``name: (computed, stated)`` pair; print and return a one-line verdict.

    Floats agree within ``tolerance`` (absolute: an answer stating 0.192 agrees
    with 0.1915); Fractions, integers, strings, sets, lists and dicts must be
    equal (floats inside them within ``tolerance``). A disagreement raises
    :class:`AnswerMismatch` naming the answer, so the notebook fails loudly.

    >>> check_answers({"1": (Fraction(1, 4), Fraction(1, 4)), "2": (0.19149, 0.191)})
    2 answers checked: all agree with the text.
    '2 answers checked: all agree with the text.'
    """
    if not answers:
        raise ValueError("check_answers needs at least one answer")
    wrong = [
        f"answer {name}: the text says {stated!r}, the code computes {computed!r}"
        for name, (computed, stated) in answers.items()
        if not _agrees(computed, stated, tolerance)
    ]
    if wrong:
        raise AnswerMismatch("; ".join(wrong))
    verdict = f"{len(answers)} answers checked: all agree with the text."
    if len(answers) == 1:
        verdict = "1 answer checked: it agrees with the text."
    print(verdict)
    return verdict


def progress(iterable: Iterable[Any], total: int | None = None, desc: str = "") -> Iterable[Any]:
    """A progress bar for a long loop in a lesson (tqdm, written to stderr).

    nbval leaves stderr out of the comparison, so the bar never makes a
    checked cell fail.
    """
    from tqdm.auto import tqdm  # imported here: the engine never needs it

    return tqdm(iterable, total=total, desc=desc, leave=False)
