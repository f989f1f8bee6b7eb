"""Every lesson states its level, prerequisites and time, and links only where a student
can follow: to another notebook under ``notebooks/`` or to a full URL."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path

import pytest

from hoteledu import lessons
from hoteledu.lessons import AnswerMismatch, answers_agree, check_answers

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
LESSONS = sorted(p for p in NOTEBOOKS.glob("*/*.ipynb") if ".src" not in p.parts)
ALL = [NOTEBOOKS / "00_start_here.ipynb", *LESSONS]
LINK = re.compile(r"\]\(([^)\s]+)\)|href=\"([^\"]+)\"")


def lesson_id(path: Path) -> str:
    """``amsterdam/02_city_graph``: the game folder in the id, so ``-k amsterdam`` selects."""
    return path.relative_to(NOTEBOOKS).with_suffix("").as_posix()


def markdown(path: Path) -> list[str]:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return ["".join(c["source"]) for c in cells if c["cell_type"] == "markdown"]


@pytest.mark.parametrize("path", LESSONS, ids=lesson_id)
def test_lesson_states_level_prerequisites_and_time(path: Path) -> None:
    head = markdown(path)[0]
    for field in ("Level:", "Prerequisites:", "Time:"):
        assert field in head, f"{path.name}: the first cell must state '{field}'"
    assert re.search(r"Time:\**\s*about \d+", head), f"{path.name}: 'Time: about N minutes'"


@pytest.mark.parametrize("path", ALL, ids=lesson_id)
def test_links_stay_inside_notebooks_or_are_full_urls(path: Path) -> None:
    for text in markdown(path):
        for match in LINK.finditer(text):
            target = match.group(1) or match.group(2)
            if target.startswith(("http://", "https://", "#", "mailto:")):
                continue
            file = (path.parent / target.split("#")[0]).resolve()
            assert file.is_relative_to(NOTEBOOKS), f"{path.name} links outside notebooks/: {target}"
            assert ".src" not in file.parts, f"{path.name} links to a lesson source: {target}"
            assert file.exists(), f"{path.name} links to a missing file: {target}"


@pytest.mark.parametrize("path", LESSONS, ids=lesson_id)
def test_lesson_has_goals_exercises_and_hidden_answers(path: Path) -> None:
    text = "\n".join(markdown(path))
    assert re.search(r"goals", text, re.I), f"{path.name} states no learning goals"
    assert re.search(r"exercise", text, re.I), f"{path.name} has no exercises"
    assert "<details>" in text, f"{path.name} has no answers to reveal"


@pytest.fixture
def lesson(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A lesson of its own for the checks: hoteledu/answers/test_game/lesson.py in tmp_path."""
    (tmp_path / "test_game").mkdir()
    (tmp_path / "test_game" / "lesson.py").write_text(
        "from fractions import Fraction\n"
        "ANSWERS = {'1 a float': 0.192, '1 exact': Fraction(1, 3), '2 yes': True}\n"
    )
    monkeypatch.setattr(lessons, "ANSWERS_ROOT", tmp_path)
    lessons._answers_module.cache_clear()
    yield "test_game/lesson"
    lessons._answers_module.cache_clear()


def test_check_answers_agrees_and_refuses(lesson: str) -> None:
    right = {"1 a float": 0.1916, "1 exact": Fraction(1, 3), "2 yes": True}
    assert check_answers(lesson, right) == "3 answers checked: all agree with the text."
    with pytest.raises(AnswerMismatch, match=r"answer 1 a float: the text says 0\.192"):
        check_answers(lesson, {**right, "1 a float": 0.193})
    with pytest.raises(AnswerMismatch, match="answer 2 yes: stated, but"):
        check_answers(lesson, {k: v for k, v in right.items() if k != "2 yes"})
    with pytest.raises(AnswerMismatch, match="answer extra: computed, but"):
        check_answers(lesson, {**right, "extra": 1})
    with pytest.raises(AnswerMismatch, match="answer 2 yes"):
        check_answers(lesson, {**right, "2 yes": lambda stated: not stated})
    with pytest.raises(ValueError, match=r"not '\.\./x'"):
        check_answers("../x", right)
    with pytest.raises(ValueError, match="has no stated answers"):
        check_answers("test_game/missing", right)


def test_answers_compare_floats_within_the_tolerance_and_the_rest_exactly() -> None:
    assert answers_agree([0.19149, {1, 2}], (0.191, {2, 1}))
    assert not answers_agree({(1, 2)}, (1, 2))
    assert not answers_agree(0.383, 0.192)
