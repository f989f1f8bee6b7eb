"""``hoteledu site`` builds the stored lessons into static pages (nbconvert, no
kernel, no network): every figure is there as a picture, every answer and every
cell that checks the answers stays hidden, links between lessons lead to pages.

The site is built once for the module from the repository's own notebooks,
refusing to draw a missing picture: a stored figure without its PNG fails here.
"""

from __future__ import annotations

import functools
import html.parser
import json
import re
from pathlib import Path

import pytest

from hoteledu import cli
from hoteledu.site import MATHJAX_CDN, lesson_notebooks, local_mathjax, site_link

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
LESSONS = lesson_notebooks(NOTEBOOKS)
FIGURE_MIME = "application/vnd.plotly.v1+json"
START = "00_start_here.ipynb"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site")
    assert cli.main(["site", "--notebooks", str(NOTEBOOKS), "--out", str(out), "--no-draw"]) == 0
    return out


def _page(site: Path, notebook: Path) -> Path:
    return site / notebook.relative_to(NOTEBOOKS).with_suffix(".html")


def _cells(notebook: Path) -> list[dict]:
    return json.loads(notebook.read_text(encoding="utf-8"))["cells"]


def _text(source: str | list[str]) -> str:
    return "".join(source)


class _Reader(html.parser.HTMLParser):
    """A page's text, split into what shows and what waits inside a closed <details>."""

    def __init__(self) -> None:
        super().__init__()
        self.shown: list[str] = []
        self.folded: list[str] = []
        self.details_open: list[bool] = []
        self.skip = 0
        self.links: list[str] = []
        self.pictures = 0
        self.alts: list[str] = []
        self.interactive = 0
        self.scripts: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if tag == "details":
            self.details_open.append("open" in values)
        elif tag in ("script", "style"):
            self.skip += 1
            self.interactive += "hoteledu-figure" in (values.get("class") or "")
            if values.get("src"):
                self.scripts.append(values["src"] or "")
        elif tag == "a" and values.get("href"):
            self.links.append(values["href"] or "")
        elif tag == "img" and (values.get("src") or "").startswith("data:image/png;base64,"):
            self.pictures += 1
            self.alts.append(values.get("alt") or "")

    def handle_endtag(self, tag: str) -> None:
        if tag == "details" and self.details_open:
            self.details_open.pop()
        elif tag in ("script", "style"):
            self.skip -= 1

    def handle_data(self, data: str) -> None:
        if self.skip:
            return
        folded = any(not is_open for is_open in self.details_open)
        (self.folded if folded else self.shown).append(data)


@functools.cache  # each page is read by several tests
def _read(page: Path) -> _Reader:
    reader = _Reader()
    reader.feed(page.read_text(encoding="utf-8"))
    return reader


def _words(text: str) -> str:
    """Only letters and digits: markup, math delimiters and line breaks differ on a page."""
    return re.sub(r"[^0-9a-z]+", "", text.lower())


def _answer_blocks(cells: list[dict]) -> list[str]:
    markdown = "\n".join(_text(c["source"]) for c in cells if c["cell_type"] == "markdown")
    return re.findall(r"<details>\s*<summary>.*?</summary>(.*?)</details>", markdown, re.S)


def test_every_lesson_has_a_page_and_the_index_links_them_all(site: Path) -> None:
    assert len(LESSONS) >= 20
    index = _read(site / "index.html")
    assert sorted(index.links) == sorted(
        p.relative_to(NOTEBOOKS).with_suffix(".html").as_posix() for p in LESSONS
    )
    assert all(_page(site, notebook).is_file() for notebook in LESSONS)


@pytest.mark.parametrize("notebook", LESSONS, ids=lambda p: p.stem)
def test_every_stored_figure_is_a_picture_on_its_page(site: Path, notebook: Path) -> None:
    figures = sum(
        FIGURE_MIME in output.get("data", {})
        for cell in _cells(notebook)
        for output in cell.get("outputs", [])
    )
    page = _read(_page(site, notebook))
    assert page.pictures == figures
    assert page.interactive == figures  # and its figure, which plotly.js draws where it runs


@pytest.mark.parametrize("notebook", LESSONS, ids=lambda p: p.stem)
def test_a_picture_is_described_by_its_figure_title(site: Path, notebook: Path) -> None:
    titles = [
        output["data"][FIGURE_MIME].get("layout", {}).get("title", {}).get("text", "")
        for cell in _cells(notebook)
        for output in cell.get("outputs", [])
        if FIGURE_MIME in output.get("data", {})
    ]
    alts = _read(_page(site, notebook)).alts
    assert [re.sub(r"<[^>]+>", " ", t).strip() or "A figure (no title)" for t in titles] == alts


@pytest.mark.parametrize("notebook", LESSONS, ids=lambda p: p.stem)
def test_a_page_loads_nothing_from_the_network_but_maths_without_mathjax(
    site: Path, notebook: Path
) -> None:
    """With jupyter-server-mathjax (the [site] extra) the site carries MathJax itself."""
    page = _page(site, notebook)
    for script in _read(page).scripts:
        if "://" in script:
            assert local_mathjax() is None and script == MATHJAX_CDN, script
        else:
            assert (page.parent / script.split("?")[0]).resolve().is_file(), script


def test_the_lessons_have_figures_to_count() -> None:
    """The figure count above is not vacuous: the lessons store 41 figures or more."""
    figures = sum(
        FIGURE_MIME in output.get("data", {})
        for notebook in LESSONS
        for cell in _cells(notebook)
        for output in cell.get("outputs", [])
    )
    assert figures >= 41


@pytest.mark.parametrize("notebook", LESSONS, ids=lambda p: p.stem)
def test_no_answer_is_visible_before_revealing(site: Path, notebook: Path) -> None:
    cells = _cells(notebook)
    page = _read(_page(site, notebook))
    shown, folded = _words(" ".join(page.shown)), _words(" ".join(page.folded))
    # The cells that check the answers hold them in their source: none of it on the page
    # (a line that another cell or an output shows as well, like "# NBVAL_CHECK_OUTPUT"
    # or a printed label, tells nothing).
    hidden = [c for c in cells if "remove-input" in c.get("metadata", {}).get("tags", [])]
    printed = [
        _text(o.get("text", "")) + _text(o.get("data", {}).get("text/plain", ""))
        for c in cells
        for o in c.get("outputs", [])
    ]
    visible_sources = [_text(c["source"]) for c in cells if c not in hidden]
    elsewhere = _words(" ".join(visible_sources + printed))
    for cell in hidden:
        for line in _text(cell["source"]).splitlines():
            words = _words(line)
            if len(words) >= 12 and words not in elsewhere:
                assert words not in shown + folded, f"{notebook.stem}: {line!r} is on the page"
    # The answers wait in closed <details>: every line of one is folded, none shows.
    blocks = _answer_blocks(cells)
    for block in blocks:
        for line in block.splitlines():
            # a list's numbers and a link's address are not text on the page
            line = re.sub(r"^\s*(\d+\.|[-*+])\s+", "", re.sub(r"\]\([^)]*\)", "]", line))
            words = _words(line)
            if len(words) >= 25:
                assert words not in shown, f"{notebook.stem}: answer {line!r} shows"
                assert words in folded, f"{notebook.stem}: answer {line!r} is lost"
    if "01_play" not in notebook.stem and notebook.stem != "00_start_here":
        assert blocks, f"{notebook.stem} has no answers to check"


@pytest.mark.parametrize("notebook", LESSONS, ids=lambda p: p.stem)
def test_links_between_lessons_lead_to_their_pages(site: Path, notebook: Path) -> None:
    page = _page(site, notebook)
    for link in _read(page).links:
        target = link.split("#")[0]
        if not target or "://" in target or target.startswith("mailto:"):
            continue
        assert not target.endswith(".ipynb"), f"{page.name}: {link} is a notebook, not a page"
        assert (page.parent / target).resolve().is_file(), f"{page.name}: {link} leads nowhere"


@pytest.mark.parametrize("notebook", LESSONS, ids=lambda p: p.stem)
def test_a_stored_widget_says_what_it_does_on_its_page(site: Path, notebook: Path) -> None:
    """Not ipywidgets' repr ('VBox(children=(HBox(...'): a reader without a kernel sees this."""
    sentences = [
        _text(output["data"]["text/plain"])
        for cell in _cells(notebook)
        for output in cell.get("outputs", [])
        if "application/vnd.jupyter.widget-view+json" in output.get("data", {})
        and not re.search(r"\d+%\|", _text(output["data"].get("text/plain", "")))
    ]
    shown = " ".join(_read(_page(site, notebook)).shown)
    for sentence in sentences:
        # a lesson widget: "run the notebook"; an app: "run this cell" (its game resumes)
        said = sentence.lower()
        assert not re.match(r"^\w+\(", sentence)
        assert "run the notebook" in said or "run this cell" in said, sentence
        assert sentence.split(":")[0] in shown


@pytest.mark.parametrize("notebook", LESSONS, ids=lambda p: p.stem)
def test_a_progress_bar_shows_nothing(site: Path, notebook: Path) -> None:
    """A stored bar is frozen at 0 % (tqdm's text when it was displayed): the page leaves it out."""
    page = " ".join(_read(_page(site, notebook)).shown)
    assert not re.search(r"\d+%\|", page), "a progress bar frozen at its start"


def test_a_link_to_a_lesson_becomes_a_link_to_its_page() -> None:
    lessons = {"00_start_here.ipynb", "amsterdam/02_city_graph.ipynb"}
    text = "[back](../00_start_here.ipynb) [on](02_city_graph.ipynb#Exercises) [x](nowhere.ipynb)"
    assert site_link(text, lessons, "amsterdam") == (
        "[back](../00_start_here.html) [on](02_city_graph.html#Exercises) [x](nowhere.ipynb)"
    )


def test_the_site_command_explains_itself(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.main(["site", "--help"])
    out = capsys.readouterr().out
    assert "static page" in out and "--out" in out and "--no-draw" in out


def test_tags_on_a_small_site_and_pictures_only(tmp_path: Path) -> None:
    import nbformat
    from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook, new_output

    from hoteledu.site import build_site

    lessons = tmp_path / "notebooks"
    (lessons / "game").mkdir(parents=True)
    picture = {"image/png": "iVBORw0KGgo=", FIGURE_MIME: {"data": [], "layout": {}}}
    cells = [
        new_markdown_cell("# A lesson\n[start](../00_start_here.ipynb)"),
        new_code_cell("shown_code = 1", metadata={"tags": ["hide-input"]}),
        new_code_cell("secret_cell = 2", metadata={"tags": ["remove-cell"]}),
        new_code_cell("figure_code = 3", outputs=[new_output("display_data", data=picture)]),
        new_code_cell(
            "quiet = 4",
            metadata={"tags": ["remove-output"]},
            outputs=[new_output("stream", text="printed_text")],
        ),
    ]
    nbformat.write(new_notebook(cells=cells), lessons / "game" / "lesson.ipynb")
    nbformat.write(new_notebook(cells=[new_markdown_cell("# Start")]), lessons / START)
    out = tmp_path / "site"
    pages = build_site(lessons, out, draw_missing=False, interactive=False)
    assert [(p.page.name, p.figures) for p in pages] == [
        ("00_start_here.html", 0),
        ("lesson.html", 1),
    ]
    page = (out / "game" / "lesson.html").read_text()
    reader = _read(out / "game" / "lesson.html")
    assert "secret_cell" not in page and "printed_text" not in page
    assert "shown_code" in " ".join(reader.folded) and "shown_code" not in " ".join(reader.shown)
    assert reader.links.count("../00_start_here.html") == 1
    assert (reader.pictures, reader.interactive) == (1, 0)
    assert not (out / "_static" / "plotly.min.js").exists()
    build_site(lessons, out, draw_missing=False)  # a site built before is built anew
    assert (out / "_static" / "plotly.min.js").exists()


def test_a_folder_that_is_not_a_site_is_never_replaced(tmp_path: Path) -> None:
    import nbformat
    from nbformat.v4 import new_notebook

    from hoteledu.site import SiteError, build_site

    lessons = tmp_path / "notebooks"
    lessons.mkdir()
    nbformat.write(new_notebook(), lessons / START)
    (tmp_path / "work").mkdir()
    (tmp_path / "work" / "essay.txt").write_text("mine")
    with pytest.raises(SiteError, match="not a site that hoteledu built"):
        build_site(lessons, tmp_path / "work", draw_missing=False)
    with pytest.raises(SiteError, match="holds the lessons"):
        build_site(lessons, tmp_path, draw_missing=False)
    with pytest.raises(SiteError, match="lies among them"):
        build_site(lessons, lessons / "site", draw_missing=False)
    assert (tmp_path / "work" / "essay.txt").read_text() == "mine"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notebooks", "work"]


def test_a_figure_stored_without_its_picture_is_refused_or_drawn(tmp_path: Path) -> None:
    """--no-draw names the lesson; by default the picture is drawn for the page only."""
    import os

    import nbformat
    from nbformat.v4 import new_code_cell, new_notebook, new_output

    from hoteledu.site import SiteError, build_site
    from hoteledu.static_figures import CHROMIUM

    lessons = tmp_path / "notebooks"
    lessons.mkdir()
    figure = {"data": [{"type": "bar", "x": [1, 2], "y": [2, 1]}], "layout": {"width": 300}}
    cell = new_code_cell("bars()", outputs=[new_output("display_data", data={FIGURE_MIME: figure})])
    nbformat.write(new_notebook(cells=[cell]), lessons / START)
    stored = (lessons / START).read_bytes()
    with pytest.raises(SiteError, match=f"1 stored figures have no picture .*{START}"):
        build_site(lessons, tmp_path / "site", draw_missing=False)
    browser = Path(os.environ.get("BROWSER_PATH", CHROMIUM))
    if not browser.exists() and not os.environ.get("HOTELEDU_REQUIRE_BROWSER"):
        pytest.skip(f"drawing a figure needs Chromium at {CHROMIUM}")
    build_site(lessons, tmp_path / "site", interactive=False)
    assert _read(tmp_path / "site" / "00_start_here.html").pictures == 1
    assert (lessons / START).read_bytes() == stored
