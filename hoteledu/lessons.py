"""Helpers the lesson notebooks share (light: no plotly, no ipywidgets).

A lesson's answers are stated in two places a student opens only to reveal them:
the prose behind "Show the answer" and, for the numbers, ``hoteledu/answers/<lesson>.py``
(one module per lesson, the single source of truth that the checks, the scan for
leaked answers and the graded assignments read). The lesson's checking cell holds
only the code that computes each answer: :func:`check_answers` compares it with the
stated answers and prints how many agree, never the answers themselves, so a student
sees nothing before revealing while nbval still fails the lesson when a number changes.
"""

from __future__ import annotations

import importlib.util
import math
import re
from collections.abc import Iterable, Mapping
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

__all__ = [
    "ANSWERS_ROOT",
    "DEFAULT_TOLERANCE",
    "AnswerMismatch",
    "answer_lessons",
    "answers_agree",
    "check_answers",
    "progress",
    "shown_answers",
    "stated_answers",
    "stated_tolerance",
]

ANSWERS_ROOT = Path(__file__).resolve().parent / "answers"
"""``hoteledu/answers/``: ``<lesson>.py`` beside the lesson's path under ``notebooks/``."""

DEFAULT_TOLERANCE = 5e-4
"""How far a computed float may be from a stated one (absolute): 0.192 agrees with 0.1915."""

_LESSON_NAME = re.compile(r"[a-z0-9_]+(/[a-z0-9_]+)?")


class AnswerMismatch(AssertionError):
    """A number an answer states is not what the code computes."""


@cache
def _answers_module(lesson: str) -> Any:
    if not _LESSON_NAME.fullmatch(lesson):
        raise ValueError(
            f"a lesson is named by its path under notebooks/ without .ipynb "
            f"(like 'grand_austria/03_drafting_and_passing'), not {lesson!r}"
        )
    path = ANSWERS_ROOT / f"{lesson}.py"
    if not path.is_file():
        raise ValueError(f"lesson {lesson!r} has no stated answers: {path} is missing")
    spec = importlib.util.spec_from_file_location(f"hoteledu.answers._{lesson}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # our own package's file, never user input
    answers = getattr(module, "ANSWERS", None)
    if not isinstance(answers, dict) or not answers:
        raise ValueError(f"{path} must define ANSWERS, a non-empty dict of name: answer")
    unknown = set(getattr(module, "SHOWN", ())) - set(answers)
    if unknown:
        raise ValueError(f"{path}: SHOWN names answers it does not state: {sorted(unknown)}")
    return module


def stated_answers(lesson: str) -> dict[str, Any]:
    """The answers lesson ``lesson`` states, by name (a copy: the module stays as written).

    >>> "1 space 5 empty" in stated_answers("grand_austria/02_dice_on_the_board")
    True
    """
    return dict(_answers_module(lesson).ANSWERS)


def shown_answers(lesson: str) -> frozenset[str]:
    """The answers the lesson itself prints or states before its exercises (``SHOWN``).

    They are ingredients of an answer (a number read off a printed table), not
    secrets: the scan for leaked answers checks that they really are shown.
    """
    return frozenset(getattr(_answers_module(lesson), "SHOWN", ()))


def stated_tolerance(lesson: str) -> float:
    """The lesson's tolerance for floats (``TOLERANCE`` in its module, else the default)."""
    return float(getattr(_answers_module(lesson), "TOLERANCE", DEFAULT_TOLERANCE))


def answer_lessons() -> list[str]:
    """Every lesson with stated answers, as ``game/lesson`` names (the start page alone)."""
    return sorted(
        path.relative_to(ANSWERS_ROOT).with_suffix("").as_posix()
        for path in ANSWERS_ROOT.rglob("*.py")
        if path.name != "__init__.py"
    )


def answers_agree(computed: Any, stated: Any, tolerance: float = DEFAULT_TOLERANCE) -> bool:
    """Whether ``computed`` is the answer ``stated``: floats within ``tolerance``
    (absolute), everything else equal, element by element inside lists, tuples and dicts.

    >>> answers_agree([0.19149, Fraction(1, 3)], (0.191, Fraction(1, 3)))
    True
    """
    if isinstance(stated, float) or isinstance(computed, float):
        if isinstance(computed, (int, float, Fraction)) and isinstance(
            stated, (int, float, Fraction)
        ):
            return math.isclose(float(computed), float(stated), abs_tol=tolerance, rel_tol=0)
        return False
    if isinstance(stated, (list, tuple)) and isinstance(computed, (list, tuple)):
        return len(stated) == len(computed) and all(
            answers_agree(c, s, tolerance) for c, s in zip(computed, stated, strict=True)
        )
    if isinstance(stated, Mapping) and isinstance(computed, Mapping):
        return set(stated) == set(computed) and all(
            answers_agree(computed[k], stated[k], tolerance) for k in stated
        )
    return bool(computed == stated)


def _right(computed: Any, stated: Any, tolerance: float) -> bool:
    if callable(computed):
        return bool(computed(stated))
    return answers_agree(computed, stated, tolerance)


def check_answers(lesson: str, computed: Mapping[str, Any], tolerance: float | None = None) -> str:
    """Check what a lesson computes against the answers it states; print and return a verdict.

    ``computed`` maps each answer's name to the value the lesson's code gives, or
    to a function that says whether the stated answer is right (for an answer
    that is an example, like a move order); the stated values come from
    ``hoteledu/answers/<lesson>.py``. Floats agree
    within the tolerance (absolute); Fractions, integers, strings, sets, lists and
    dicts must be equal (floats inside them within the tolerance). A disagreement,
    or an answer stated but not computed (or computed but not stated), raises
    :class:`AnswerMismatch` naming the answer, so the notebook fails loudly. The
    message shows the values: it is for the lesson's author, the verdict for students.

    >>> lesson = "grand_austria/02_dice_on_the_board"
    >>> check_answers(lesson, stated_answers(lesson))  # doctest: +ELLIPSIS
    1... answers checked: all agree with the text.
    '1... answers checked: all agree with the text.'
    """
    stated = stated_answers(lesson)
    if tolerance is None:
        tolerance = stated_tolerance(lesson)
    wrong = [
        f"answer {name}: stated, but the lesson computes nothing for it"
        for name in stated
        if name not in computed
    ]
    wrong += [
        f"answer {name}: computed, but hoteledu/answers/{lesson}.py states nothing for it"
        for name in computed
        if name not in stated
    ]
    wrong += [
        f"answer {name}: the text says {stated[name]!r}, the code computes {value!r}"
        for name, value in computed.items()
        if name in stated and not _right(value, stated[name], tolerance)
    ]
    if wrong:
        raise AnswerMismatch(f"{lesson}: " + "; ".join(wrong))
    verdict = f"{len(stated)} answers checked: all agree with the text."
    if len(stated) == 1:
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
