"""The start page agrees with the lessons it lists, and explains what a student sees.

Each lesson's own first cell is the one source of its level and time; the
start page's tables copy them, and this test says which row to correct when a
header changes (issue 20).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
START = NOTEBOOKS / "00_start_here.ipynb"
LESSONS = sorted(p for p in NOTEBOOKS.glob("*/*.ipynb") if ".ipynb_checkpoints" not in p.parts)
ROW = re.compile(r"^\| \[[^\]]+\]\(([^)]+\.ipynb)\) \| [^|]+ \| ([^|]+) \| ([^|]+) \|$", re.M)


def lesson_id(path: Path) -> str:
    return path.relative_to(NOTEBOOKS).with_suffix("").as_posix()


def cells(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def markdown(path: Path) -> str:
    return "\n".join("".join(c["source"]) for c in cells(path) if c["cell_type"] == "markdown")


def header(path: Path) -> tuple[str, str]:
    """(level, time) as the lesson's first cell states them, asides in brackets left out.

    "introductory (first-year probability)" is listed as "introductory", and
    "about 25 minutes (a game against the bot takes about 15 of them)" as
    "about 25 minutes".
    """
    first = " ".join("".join(cells(path)[0]["source"]).split())
    level = re.search(r"\*\*Level:\*\*(.+?)·\s*\*\*Prerequisites", first)
    time = re.search(r"\*\*Time:\*\*\s*(about \d+ minutes)", first)
    assert level and time, f"{lesson_id(path)}: no 'Level: · Prerequisites' or 'Time: about N'"
    return re.sub(r"\s*\([^)]*\)", "", level.group(1)).strip(), time.group(1)


def table() -> dict[Path, tuple[str, str]]:
    rows = {}
    for target, level, time in ROW.findall(markdown(START)):
        path = (NOTEBOOKS / target).resolve()
        assert path not in rows, f"the start page lists {target} twice"
        rows[path] = (level.strip(), time.strip())
    return rows


def test_header_reading() -> None:
    play = NOTEBOOKS / "amsterdam" / "01_play.ipynb"
    assert header(play) == ("beginner", "about 25 minutes")


def test_every_lesson_is_listed_once() -> None:
    listed = set(table())
    assert listed == {p.resolve() for p in LESSONS}, sorted(
        lesson_id(p) for p in listed.symmetric_difference(p.resolve() for p in LESSONS)
    )


@pytest.mark.parametrize("path", LESSONS, ids=lesson_id)
def test_start_page_level_and_time_are_the_lessons_own(path: Path) -> None:
    level, time = header(path)
    listed = table()[path.resolve()]
    assert listed == (level, time), (
        f"the start page lists {lesson_id(path)} as {listed}, its own header says "
        f"{(level, time)}: copy the header into the start page's row"
    )


def test_the_nbval_marker_is_explained_where_students_see_it() -> None:
    visible = [
        lesson_id(path)
        for path in [START, *LESSONS]
        for cell in cells(path)
        if cell["cell_type"] == "code"
        and "NBVAL_CHECK_OUTPUT" in "".join(cell["source"])
        and not cell.get("metadata", {}).get("jupyter", {}).get("source_hidden")
    ]
    if visible:
        text = " ".join(markdown(START).split())
        assert "`# NBVAL_CHECK_OUTPUT`" in text and "nbval" in text.replace("`", ""), visible


def test_start_page_prints_no_stray_bracket_spaces() -> None:
    # print("(x is", x, ")") printed "to move: -1 (hoteledu.CHANCE is -1 )".
    outputs = [
        "".join(o.get("text", ""))
        for c in cells(START)
        if c["cell_type"] == "code"
        for o in c.get("outputs", [])
    ]
    for text in outputs:
        assert not re.search(r"\( | \)", text), text
