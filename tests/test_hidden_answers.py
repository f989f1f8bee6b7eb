"""No answer is visible before a student reveals it (issue 19).

A lesson's answers are written in two places only: the prose behind "Show the
answer" (a ``<details>`` block, collapsed in JupyterLab, Voilà, GitHub and a static
page) and ``hoteledu/answers/<lesson>.py``, the single source of truth that the
checking cell compares the code with. So every stated answer is looked for in all
else a student sees: every code cell's source (a collapsed cell expands with one
click), the markdown outside ``<details>`` and every stored output.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from hoteledu.lessons import answer_lessons, shown_answers, stated_answers

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
PATHS = sorted(p for p in NOTEBOOKS.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)
DETAILS = re.compile(r"<details>.*?</details>", re.S)
TEXT_OUTPUTS = ("text/plain", "text/html", "text/markdown", "text/latex")


def lesson_name(path: Path) -> str:
    return path.relative_to(NOTEBOOKS).with_suffix("").as_posix()


def cells(path: Path) -> list[dict[str, Any]]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def visible_texts(path: Path) -> Iterator[tuple[str, str]]:
    """(where, text) for everything a student sees before revealing an answer."""
    for cell in cells(path):
        source = "".join(cell["source"])
        if cell["cell_type"] == "markdown":
            yield f"markdown {cell['id']}", DETAILS.sub("", source)
            continue
        yield f"source of {cell['id']}", source
        for output in cell.get("outputs", []):
            if "text" in output:
                yield f"output of {cell['id']}", "".join(output["text"])
            for mime, data in output.get("data", {}).items():
                text = "".join(data) if isinstance(data, list) else data
                if mime in TEXT_OUTPUTS:
                    yield f"output of {cell['id']}", text
                elif mime == "application/vnd.plotly.v1+json":
                    yield f"figure in {cell['id']}", plotly_words(data)


def plotly_words(figure: dict[str, Any]) -> str:
    """A figure's titles, labels and hover texts: what it shows in words (not its data)."""
    words: list[str] = []

    def walk(node: Any, key: str = "") -> None:
        if isinstance(node, dict):
            for k, v in node.items():
                walk(v, k)
        elif isinstance(node, list):
            for v in node:
                walk(v, key)
        elif isinstance(node, str) and key in {"text", "name", "title", "hovertemplate"}:
            words.append(node)

    walk(figure)
    return "\n".join(words)


def number(text: str) -> str:
    """A regular expression for a number as a lesson writes it (not inside a longer one)."""
    return rf"(?<![\d.]){text}(?![\d])"


def patterns(answer: Any) -> Iterator[str]:
    """The ways an answer could be written that would give it away.

    Only distinctive forms: a float with two significant digits or more, an integer
    of three digits or more (not a multiple of 100), a fraction with a two-digit
    numerator or denominator, a run of three numbers, a phrase of six characters or more.
    Small numbers, hundreds and booleans appear in every lesson's prose.
    """
    if isinstance(answer, bool) or answer is None:
        return
    if isinstance(answer, float) and answer.is_integer():
        answer = int(answer)
    if isinstance(answer, Fraction) and answer.denominator == 1:
        answer = int(answer)
    if isinstance(answer, int):
        if abs(answer) >= 100 and answer % 100:  # prices and bids are hundreds everywhere
            yield number(str(answer) + r"(?:\.0+)?")
            if abs(answer) >= 1000:
                yield number(f"{answer:,}")
    elif isinstance(answer, float):
        text = repr(answer)
        digits = text.lstrip("-").replace(".", "").lstrip("0")
        if len(digits) >= 2 and "e" not in text:
            yield number(re.escape(text) + "0*")
    elif isinstance(answer, Fraction):
        n, d = answer.numerator, answer.denominator
        if abs(n) >= 10 or d >= 10:
            yield number(rf"{n}\s*/\s*{d}")
            yield rf"Fraction\({n},\s*{d}\)"
            yield rf"\\frac\{{{n}\}}\{{{d}\}}"
    elif isinstance(answer, str):
        try:
            yield from patterns(float(answer))
        except ValueError:
            if len(answer) >= 6 and not answer.isalpha():  # a phrase, not a common word
                yield re.escape(answer)
    elif isinstance(answer, dict):
        for key, value in answer.items():
            yield from patterns(key)
            yield from patterns(value)
    elif isinstance(answer, (list, tuple, set, frozenset)):
        items = list(answer)
        if len(items) >= 3 and all(isinstance(x, int) and not isinstance(x, bool) for x in items):
            yield number(r",\s*".join(str(x) for x in items))
        for item in items:
            yield from patterns(item)


def code_patterns(answer: Any) -> Iterator[str]:
    """In code, a list, tuple, dict, set or string answer written as a Python literal
    gives it away whatever its size: ``[8, 7]``, ``["P1"]``."""
    literal = repr(answer)
    if isinstance(answer, (list, tuple, dict, set, str)) and len(literal) >= 6:
        yield re.escape(literal).replace(r"\ ", r"\s*")


def sightings(path: Path, name: str, answer: Any) -> list[str]:
    """Where the answer ``name`` can be read before revealing."""
    found = []
    texts = list(visible_texts(path))
    for pattern in dict.fromkeys(patterns(answer)):
        for where, text in texts:
            match = re.search(pattern, text)
            if match:
                found.append(f"answer {name!r} ({match.group(0)!r}) in the {where}")
    for pattern in code_patterns(answer):
        for where, text in texts:
            match = re.search(pattern, text) if where.startswith("source") else None
            if match:
                found.append(f"answer {name!r} ({match.group(0)!r}) in the {where}")
    return found


LESSONS_WITH_ANSWERS = [p for p in PATHS if lesson_name(p) in answer_lessons()]


def test_every_lesson_that_checks_answers_states_them_in_one_place() -> None:
    checking = {
        lesson_name(p)
        for p in PATHS
        if any("check_answers(" in "".join(c["source"]) for c in cells(p))
    }
    assert checking == set(answer_lessons())
    assert len(checking) == 21


@pytest.mark.parametrize("path", LESSONS_WITH_ANSWERS, ids=lesson_name)
def test_no_answer_is_visible_before_revealing(path: Path) -> None:
    lesson = lesson_name(path)
    shown = shown_answers(lesson)
    found = [
        sighting
        for name, answer in stated_answers(lesson).items()
        if name not in shown
        for sighting in sightings(path, name, answer)
    ]
    assert not found, f"{lesson} shows {len(found)} answers: " + "; ".join(found)


@pytest.mark.parametrize("path", LESSONS_WITH_ANSWERS, ids=lesson_name)
def test_answers_said_to_be_shown_are_shown(path: Path) -> None:
    # SHOWN is no way around the scan: each answer it names is printed by the lesson
    lesson = lesson_name(path)
    answers = stated_answers(lesson)
    unseen = [name for name in shown_answers(lesson) if not sightings(path, name, answers[name])]
    assert not unseen, f"{lesson}: SHOWN names answers the lesson does not show: {unseen}"


def test_the_scan_finds_an_answer_written_in_a_cell() -> None:
    # the scan itself: the old checking cells held every answer as a literal
    old_cell = '"3 plan from 0": (c1.targets, (4, 7, 8)),\n"1 a use": (x, 0.546)'
    found = {p for answer in ((4, 7, 8), 0.546, Fraction(17, 42)) for p in patterns(answer)}
    assert sum(bool(re.search(p, old_cell)) for p in found) == 2
    assert re.search(next(patterns(Fraction(17, 42))), "the chance is 17/42")
    assert not any(re.search(p, "0.5467 and 14, 7, 8, 9") for p in found)
    # small lists and words say nothing in prose, but as a literal in code they are the answer
    assert not list(patterns(["P1"]))
    assert re.search(next(code_patterns(["P1"])), "\"2, winners\": (w, ['P1'])")


@pytest.mark.parametrize("path", PATHS, ids=lesson_name)
def test_cells_that_check_answers_hide_their_source(path: Path) -> None:
    # the checking code shows how each answer is computed: collapsed, and left out of pages
    checking = [
        c
        for c in cells(path)
        if c["cell_type"] == "code" and "check_answers(" in "".join(c["source"])
    ]
    for cell in checking:
        metadata = cell.get("metadata", {})
        assert metadata.get("jupyter", {}).get("source_hidden") is True, cell["id"]
        assert "remove-input" in metadata.get("tags", []), cell["id"]
