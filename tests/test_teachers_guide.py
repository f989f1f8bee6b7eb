"""docs/teachers.md covers every lesson with the level and time of the lesson's own
header, plans courses from lessons that exist, and the start page links to it."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
GUIDE = (ROOT / "docs" / "teachers.md").read_text(encoding="utf-8")
LESSONS = [NOTEBOOKS / "00_start_here.ipynb", *sorted(NOTEBOOKS.glob("*/*.ipynb"))]


def lesson_id(path: Path) -> str:
    return path.relative_to(NOTEBOOKS).with_suffix("").as_posix()


def words(text: str) -> str:
    return " ".join(text.split())


def header(path: Path) -> tuple[str, str]:
    """A lesson's level and time, from its first cell."""
    first = json.loads(path.read_text(encoding="utf-8"))["cells"][0]
    head = words("".join(first["source"]))
    level = re.search(r"\*\*Level:\*\*\s*(.*?)\s*·", head)
    time = re.search(r"\*\*Time:\*\*\s*(about \d+ minutes)", head)
    assert level and time, f"{lesson_id(path)}: no Level or Time in its first cell"
    return level.group(1), time.group(1)


def section(lesson: str) -> str:
    match = re.search(rf"^### {re.escape(lesson)}: .*?(?=^##|\Z)", GUIDE, re.M | re.S)
    assert match, f"docs/teachers.md has no section '### {lesson}: ...'"
    return match.group(0)


@pytest.mark.parametrize("path", LESSONS, ids=lesson_id)
def test_every_lesson_is_in_the_guide_with_its_own_level_and_time(path: Path) -> None:
    level, time = header(path)
    text = words(section(lesson_id(path)))
    assert f"**Level:** {level} · **Time:** {time}" in text
    for part in (
        "Prerequisites:",
        "Goals:",
        "Misconceptions it targets:",
        "Discussion:",
        "Run live:",
    ):
        assert f"**{part}**" in text, f"{lesson_id(path)}: no '{part}'"


def test_the_course_plans_name_only_lessons_that_exist_and_every_one() -> None:
    plans = GUIDE.split("## Two course plans", 1)[1].split("## The class experiment", 1)[0]
    named = set(re.findall(r"`((?:\w+/)?\d\d\w*)`", plans))
    assert named == {lesson_id(p) for p in LESSONS}


def test_the_start_page_links_the_guide() -> None:
    start = json.loads((NOTEBOOKS / "00_start_here.ipynb").read_text(encoding="utf-8"))
    text = "".join("".join(c["source"]) for c in start["cells"] if c["cell_type"] == "markdown")
    assert "docs/teachers.md" in text
