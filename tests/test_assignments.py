"""Every lesson's exercises as an otter-grader assignment (issue 19): one assignment
per game is built and graded locally (no Docker), a right and a flawed submission.

The work is bounded by what is graded: 3 builds and 6 gradings, each grading one
kernel running the few lesson cells the answers need.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import nbformat
import pytest

from hoteledu.assignments import (
    build_assignment,
    grade,
    master_notebook,
    questions,
    solution_code,
)
from hoteledu.cli import main
from hoteledu.lessons import answer_lessons, stated_answers

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
ONE_PER_GAME = ["amsterdam/01_play", "grand_austria/01_play", "boutique/01_play"]


def submission(student: Path, lesson: str, flawed: bool) -> Path:
    """The student notebook filled in: with the lesson's own code, or every other
    answer wrong (a number one too large, anything else missing)."""
    _, preparation, built, _ = questions(NOTEBOOKS / f"{lesson}.ipynb", lesson)
    stated = stated_answers(lesson)
    notebook = nbformat.read(student, as_version=4)
    templates = [
        c
        for c in notebook.cells
        if "otter_answer_cell" in c.metadata.get("tags", []) and c.source.strip()
    ]
    assert len(templates) == len(built)
    for cell, question in zip(templates, built, strict=True):
        entries = []
        for k, (name, code) in enumerate(question.solutions.items()):
            value = solution_code(code, stated[name])
            if flawed and k % 2:
                number = isinstance(stated[name], (int, float, Fraction))
                value = (
                    f"({value}) + 1" if number and not isinstance(stated[name], bool) else "None"
                )
            entries.append(f"    {name!r}: {value},")
        work = "\n".join(preparation) + "\n" if question is built[0] else ""
        cell.source = work + f"{question.variable} = {{\n" + "\n".join(entries) + "\n}"
    path = student.with_name(f"{'flawed' if flawed else 'right'}.ipynb")
    nbformat.write(notebook, path)
    return path


@pytest.mark.parametrize("lesson", ONE_PER_GAME)
def test_an_assignment_is_built_and_graded_with_partial_credit(lesson: str, tmp_path: Path) -> None:
    assignment = build_assignment(lesson, NOTEBOOKS, tmp_path)
    stated = stated_answers(lesson)
    assert assignment.points == len(stated)
    _, _, built, _ = questions(NOTEBOOKS / f"{lesson}.ipynb", lesson)

    # the student sees the questions and the templates, never a solution or a hidden test
    student_text = assignment.student.read_text(encoding="utf-8")
    assert all(f'grader.check(\\"{q.variable}\\")' in student_text for q in built)
    for question in built:
        for code in question.solutions.values():
            assert code not in student_text
    assert "answers_agree" not in student_text

    total, possible, scores = grade(
        submission(assignment.student, lesson, False), assignment.autograder
    )
    assert (total, possible) == (len(stated), len(stated))

    total, possible, scores = grade(
        submission(assignment.student, lesson, True), assignment.autograder
    )
    expected = {q.variable: float((len(q.solutions) + 1) // 2) for q in built}
    assert scores == expected
    assert total == sum(expected.values()) < possible


@pytest.mark.parametrize("lesson", answer_lessons())
def test_every_lesson_has_an_assignment(lesson: str) -> None:
    master = master_notebook(NOTEBOOKS / f"{lesson}.ipynb", lesson)
    raw = [c.source for c in master.cells if c.cell_type == "raw"]
    assert sum(s.startswith("# BEGIN QUESTION") for s in raw) >= 2
    points = sum(int(s.rsplit("points: ", 1)[1]) for s in raw if s.startswith("# BEGIN QUESTION"))
    assert points == len(stated_answers(lesson))  # every stated answer is a hidden test


def test_the_command_builds_an_assignment(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["assignments", "build", "grand_austria/01_play", "--out", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "grand_austria/01_play: 12 points" in out
    assert len(list(tmp_path.glob("grand_austria-01_play/dist/autograder/*.zip"))) == 1
    with pytest.raises(SystemExit):
        main(["assignments", "build", "nowhere/00_lesson", "--out", str(tmp_path)])
