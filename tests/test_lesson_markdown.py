"""Every lesson's Markdown renders as written: no line break starts a list by accident.

A number with a full stop or bracket at the start of a line ("200) the game
has", "600. What are") is an ordered-list marker. CommonMark lets only "1."
interrupt a paragraph, but JupyterLab's renderer (marked) starts a list at any
number, so the reader sees a paragraph cut in two and "200." as a list number.
The test renders each Markdown cell with markdown-it-py (CommonMark, what
Jupyter Book and MyST use) and looks at the source lines of every paragraph
and every list it finds.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from markdown_it import MarkdownIt

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
ALL = sorted(p for p in NOTEBOOKS.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)
# A line that a lenient renderer reads as the start of an ordered list.
ORDERED_MARKER = re.compile(r"^\s*\d{1,9}[.)](\s|$)")
RENDERER = MarkdownIt("commonmark").enable("table")


def lesson_id(path: Path) -> str:
    return path.relative_to(NOTEBOOKS).with_suffix("").as_posix()


def accidental_list_lines(text: str) -> list[str]:
    """Lines of one Markdown cell where a list starts that the writer did not mean.

    Two kinds: a paragraph's continuation line that starts with a number and
    "." or ")" (marked makes it a list), and a list that CommonMark itself
    starts on the line right after a paragraph line, with no blank line between.
    """
    lines = text.split("\n")
    found = []
    for token in RENDERER.parse(text):
        if token.map is None:
            continue
        first, end = token.map
        if token.type == "paragraph_open":
            found += [lines[i] for i in range(first + 1, end) if ORDERED_MARKER.match(lines[i])]
        elif token.type in ("bullet_list_open", "ordered_list_open") and first > 0:
            before = lines[first - 1]
            if before.strip() and token.level == 0:
                found.append(lines[first])
    return found


def test_the_check_finds_both_kinds_and_passes_real_lists() -> None:
    assert accidental_list_lines("two nights at\n200) the game has") == ["200) the game has"]
    assert accidental_list_lines("* rates 300, 500 and\n  600. What are") == ["  600. What are"]
    assert accidental_list_lines("the value is\n- 1.1 here") == ["- 1.1 here"]
    assert accidental_list_lines("In class:\n\n1. Open\n2. Close\n   * nested") == []
    assert accidental_list_lines("the year\n2026 was") == []


@pytest.mark.parametrize("path", ALL, ids=lesson_id)
def test_no_line_break_starts_a_list(path: Path) -> None:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    bad = [
        line.strip()
        for cell in cells
        if cell["cell_type"] == "markdown"
        for line in accidental_list_lines("".join(cell["source"]))
    ]
    assert not bad, (
        f"{lesson_id(path)}: a line break starts a list here (rewrap so the line does not "
        f"start with a number and '.' or ')', or with '-', '*', '+'): {bad}"
    )
