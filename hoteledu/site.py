"""The lessons as a static HTML site, readable without a kernel (``hoteledu site``).

nbconvert's HTML exporter (JupyterLab's look) renders each stored notebook
under ``notebooks/`` to a page of the same path with ``.html``, beside an
``index.html`` that lists them. Nothing is run: the pages show the stored
outputs, which is why every stored figure carries a PNG beside its plotly
JSON (:mod:`hoteledu.static_figures`, drawn by ``tools/nbbuild.py``) and every
widget a sentence of what it does. The build needs no network.

What a student must not see before revealing stays hidden: a cell tagged
``remove-input`` loses its source (the cells that check the answers hold them),
``remove-output`` its outputs and ``remove-cell`` all of it; a cell tagged
``hide-input`` or collapsed in JupyterLab (``jupyter.source_hidden``) shows its
source only behind a closed "Show the code"; the answers, written inside
``<details>`` in the lessons' Markdown, stay closed ``<details>`` on the page.
Links between lessons (``02_city_graph.ipynb``) point at their pages, and
progress bars, which a stored notebook can only show at 0 %, are left out.
A picture's alternative text is its figure's title. With jupyter-server-mathjax
installed (the ``[site]`` extra), the site carries MathJax and reads offline;
without it, the pages load MathJax from a CDN.

Examples
--------
>>> site_link("[next](03_canal_boat_markov.ipynb#top)", {"03_canal_boat_markov.ipynb"})
'[next](03_canal_boat_markov.html#top)'
"""

from __future__ import annotations

import dataclasses
import html
import posixpath
import re
import shutil
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from hoteledu._display import WIDGET_VIEW_MIME
from hoteledu.static_figures import FIGURE_MIME, PICTURE_MIME, add_static_figures

START_NOTEBOOK = "00_start_here.ipynb"
SITE_MARKER = ".hoteledu-site"
"""The file that marks a folder as a site built here (only such a folder is replaced)."""
REMOVE_INPUT, REMOVE_OUTPUT, REMOVE_CELL, HIDE_INPUT = (
    "remove-input",
    "remove-output",
    "remove-cell",
    "hide-input",
)
TEMPLATE_NAME = "hoteledu_site.html.j2"
# JupyterLab's page, with the site's own plotly.js in place of require.js (only
# saved widget state needs that, from a CDN); a hidden input is a closed
# <details>; code is not run through bleach (pygments escapes it already; bleach
# took 80 % of the build); a figure is its picture, which plotly.js, where it
# runs, turns into the interactive figure.
TEMPLATE = """\
{%- extends 'lab/index.html.j2' -%}
{% block input %}
<div class="jp-CodeMirrorEditor jp-Editor jp-InputArea-editor" data-type="inline">
<div class="cm-editor cm-s-jupyter">
{{ cell.source | highlight_code(metadata=cell.metadata) }}
</div>
</div>
{%- endblock input %}
{%- block input_group -%}
{%- if cell.metadata.get('hoteledu_hide_input') -%}
<details class="hoteledu-hidden-input"><summary>Show the code</summary>
{{ super() }}
</details>
{%- else -%}
{{ super() }}
{%- endif -%}
{%- endblock input_group -%}
{%- block html_head_js_requirejs -%}
{%- if resources.hoteledu_plotly -%}
<script src="{{ resources.hoteledu_plotly | escape_html }}"></script>
{%- endif -%}
{%- endblock html_head_js_requirejs -%}
{% block data_png scoped %}
<div class="jp-RenderedImage jp-OutputArea-output {{ extra_class }}">
<img src="data:image/png;base64,{{ output.data['image/png'] | escape_html }}"
alt="{{ output.metadata.get('hoteledu_alt', 'A figure') | escape_html }}">
{%- if resources.hoteledu_plotly and 'application/vnd.plotly.v1+json' in output.data %}
<script type="application/vnd.plotly.v1+json" class="hoteledu-figure">
{{ output.data['application/vnd.plotly.v1+json'] | json_dumps | escape_html_script }}
</script>
{%- endif %}
</div>
{%- endblock data_png %}
{% block footer_js %}
{{ super() }}
{%- if resources.hoteledu_plotly %}
<script>
// With plotly.js loaded, each picture becomes its interactive figure; without, it stays.
if (window.Plotly) {
  for (const data of document.querySelectorAll("script.hoteledu-figure")) {
    const picture = data.previousElementSibling;
    const figure = JSON.parse(data.textContent);
    const place = document.createElement("div");
    picture.replaceWith(place);
    Plotly.newPlot(place, figure.data, figure.layout, {responsive: true});
  }
}
</script>
{%- endif %}
{% endblock footer_js %}
"""
MATHJAX_PARTS = ("MathJax.js", "config", "extensions", "fonts", "jax")
"""What the pages need of jupyter-server-mathjax's MathJax 2 (9 of its 12 MB)."""
MATHJAX_CONFIG = "TeX-AMS-MML_HTMLorMML-full,Safe"
MATHJAX_CDN = (
    "https://cdnjs.cloudflare.com/ajax/libs/mathjax/2.7.7/latest.js?config=TeX-AMS_CHTML-full,Safe"
)
_LINK = re.compile(r"(\]\(|href=[\"'])([^)\"'\s#]+\.ipynb)(#[^)\"'\s]*)?")
# tqdm's text: "week game:   0%|          | 0/15 [00:00<?, ?it/s]"
_PROGRESS_BAR = re.compile(r"^.*\d+%\|.*\|\s*\d+/\d+ \[")


class SiteError(RuntimeError):
    """The site cannot be built as asked; the message names the lesson and what to do."""


@dataclasses.dataclass(frozen=True)
class Page:
    """One lesson's page: where it is and what it shows."""

    notebook: Path
    page: Path
    figures: int
    widgets: int


def lesson_notebooks(notebooks: Path) -> list[Path]:
    """The stored lessons under ``notebooks`` (not checkpoints, not the hidden sources)."""
    return sorted(
        path
        for path in notebooks.rglob("*.ipynb")
        if not any(part.startswith(".") for part in path.relative_to(notebooks).parts)
    )


def site_link(text: str, lessons: Iterable[str], here: str = "") -> str:
    """``text`` with each link to a lesson in ``lessons`` (paths relative to the
    lessons folder; ``here`` is the folder ``text`` is in) pointing at its page."""
    known = set(lessons)

    def to_page(match: re.Match[str]) -> str:
        opening, target, anchor = match.group(1), match.group(2), match.group(3) or ""
        resolved = posixpath.normpath(posixpath.join(here, target))
        if "://" in target or resolved not in known:
            return match.group(0)
        return f"{opening}{target[: -len('.ipynb')]}.html{anchor}"

    return _LINK.sub(to_page, text)


def _is_progress_bar(output: dict[str, Any]) -> bool:
    data = output.get("data", {})
    return WIDGET_VIEW_MIME in data and bool(_PROGRESS_BAR.match(data.get("text/plain", "")))


def _figure_title(output: dict[str, Any]) -> str:
    """A picture's alternative text: its figure's title."""
    title = output["data"].get(FIGURE_MIME, {}).get("layout", {}).get("title", {})
    text = title.get("text", "") if isinstance(title, dict) else str(title)
    return re.sub(r"<[^>]+>", " ", text).strip() or "A figure (no title)"


def local_mathjax() -> Path | None:
    """MathJax 2 from the jupyter-server-mathjax package, if installed (the [site] extra)."""
    try:
        import jupyter_server_mathjax
    except ImportError:
        return None
    static = Path(jupyter_server_mathjax.__file__).parent / "static"
    return static if (static / "MathJax.js").is_file() else None


def _copy_mathjax(static: Path, out: Path) -> Path:
    target = out / "_static" / "mathjax"
    for part in MATHJAX_PARTS:
        source = static / part
        if source.is_dir():
            shutil.copytree(source, target / part, dirs_exist_ok=True)
        else:
            target.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / part)
    return target


def _fresh_site_folder(out: Path, notebooks: Path) -> Path:
    """``out``, emptied if it holds a site built before; any other folder is refused."""
    out = out.resolve()
    if out.is_relative_to(notebooks) or notebooks.is_relative_to(out):
        raise SiteError(f"{out} holds the lessons or lies among them: choose another folder")
    if out.exists() and any(out.iterdir()):
        if not (out / SITE_MARKER).is_file():
            raise SiteError(
                f"{out} is not empty and not a site that hoteledu built: "
                "choose a new or an empty folder"
            )
        shutil.rmtree(out)  # a site built before: built anew, no stale page stays
    out.mkdir(parents=True, exist_ok=True)
    (out / SITE_MARKER).write_text("built by `hoteledu site`, which may replace this folder\n")
    return out


def _copy_plotly_js(out: Path) -> Path:
    import plotly

    target = out / "_static" / "plotly.min.js"
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(Path(plotly.__file__).parent / "package_data" / "plotly.min.js", target)
    return target


def prepare(notebook: Any, lessons: Iterable[str], here: str) -> Any:
    """The notebook as the site shows it (changed in place and returned)."""
    lessons = list(lessons)
    cells = []
    for cell in notebook.cells:
        tags = set(cell.metadata.get("tags", []))
        if REMOVE_CELL in tags:
            continue
        if cell.cell_type == "markdown":
            cell.source = site_link(cell.source, lessons, here)
        if cell.cell_type == "code":
            if REMOVE_INPUT in tags:
                cell.source = ""
                cell.metadata["transient"] = {"remove_source": True}
            elif HIDE_INPUT in tags or cell.metadata.get("jupyter", {}).get("source_hidden"):
                cell.metadata["hoteledu_hide_input"] = True
            outputs = [] if REMOVE_OUTPUT in tags else cell.get("outputs", [])
            cell.outputs = [output for output in outputs if not _is_progress_bar(output)]
            for output in cell.outputs:
                if PICTURE_MIME in output.get("data", {}):
                    output.setdefault("metadata", {})["hoteledu_alt"] = _figure_title(output)
            if REMOVE_INPUT in tags and not cell.outputs:
                continue
        cells.append(cell)
    notebook.cells = cells
    return notebook


def _exporter() -> Any:
    import jinja2
    from nbconvert import HTMLExporter

    return HTMLExporter(
        template_name="lab",
        template_file=TEMPLATE_NAME,
        extra_loaders=[jinja2.DictLoader({TEMPLATE_NAME: TEMPLATE})],
        exclude_input_prompt=True,
        exclude_output_prompt=True,
    )


def build_site(
    notebooks: Path,
    out: Path,
    *,
    draw_missing: bool = True,
    interactive: bool = True,
) -> list[Page]:
    """Render every lesson under ``notebooks`` to ``out``; return the pages built.

    With ``interactive`` the site carries plotly.js (the installed plotly's, 4.6
    MB) and each picture becomes its interactive figure where scripts run.

    A stored figure without its picture is drawn now (kaleido and Chromium,
    not saved in the notebook) with ``draw_missing``, else it is an error that
    names the lesson: rebuild it with ``tools/nbbuild.py``. ``out`` must be new,
    empty or a site built before (it is then built anew), and apart from the lessons.
    """
    import nbformat

    notebooks = Path(notebooks).resolve()
    paths = lesson_notebooks(notebooks)
    if not paths:
        raise SiteError(f"no lessons (*.ipynb) under {notebooks}")
    lessons = [path.relative_to(notebooks).as_posix() for path in paths]
    read = [nbformat.read(path, as_version=4) for path in paths]
    missing = [
        lesson
        for lesson, notebook in zip(lessons, read, strict=True)
        for cell in notebook.cells
        for output in cell.get("outputs", [])
        if FIGURE_MIME in output.get("data", {}) and PICTURE_MIME not in output["data"]
    ]
    if missing and not draw_missing:
        raise SiteError(
            f"{len(missing)} stored figures have no picture (first in {missing[0]}): "
            f"python tools/nbbuild.py --pictures {notebooks / missing[0]}"
        )
    if missing:
        add_static_figures(read, replace=False)
    out = _fresh_site_folder(Path(out), notebooks)
    exporter = _exporter()
    mathjax = local_mathjax()
    mathjax_home = _copy_mathjax(mathjax, out) if mathjax else None
    plotly_js = _copy_plotly_js(out) if interactive else None
    pages = []
    for path, lesson, notebook in zip(paths, lessons, read, strict=True):
        here = posixpath.dirname(lesson)
        if mathjax_home is not None:  # the pages read their maths offline too
            relative = posixpath.relpath(mathjax_home.as_posix(), (out / here).as_posix())
            exporter.mathjax_url = f"{relative}/MathJax.js?config={MATHJAX_CONFIG}"
        else:
            exporter.mathjax_url = MATHJAX_CDN
        outputs = [o for cell in notebook.cells for o in cell.get("outputs", [])]
        prepared = prepare(notebook, lessons, here)
        resources: dict[str, Any] = {"metadata": {"name": path.stem}}
        if plotly_js is not None:
            resources["hoteledu_plotly"] = posixpath.relpath(
                plotly_js.as_posix(), (out / here).as_posix()
            )
        body, _ = exporter.from_notebook_node(prepared, resources=resources)
        page = out / Path(lesson).with_suffix(".html")
        page.parent.mkdir(parents=True, exist_ok=True)
        page.write_text(body, encoding="utf-8")
        pages.append(
            Page(
                notebook=path,
                page=page,
                figures=sum(FIGURE_MIME in o.get("data", {}) for o in outputs),
                widgets=sum(
                    WIDGET_VIEW_MIME in o.get("data", {}) and not _is_progress_bar(o)
                    for o in outputs
                ),
            )
        )
    (out / "index.html").write_text(index_page(pages, out), encoding="utf-8")
    handouts = notebooks / "handouts"
    if handouts.is_dir():  # the printable rules the start page links to are pages already
        shutil.copytree(handouts, out / "handouts")
    return pages


def _title(notebook: Path) -> str:
    import nbformat

    for cell in nbformat.read(notebook, as_version=4).cells:
        if cell.cell_type == "markdown":
            for line in cell.source.splitlines():
                if line.startswith("# "):
                    return line[2:].strip()
    return notebook.stem.replace("_", " ")


def index_page(pages: list[Page], out: Path) -> str:
    """The site's front page: the start page first, then every lesson by folder."""
    items = []
    for page in sorted(pages, key=lambda p: (p.page.name != "00_start_here.html", str(p.page))):
        href = page.page.relative_to(out).as_posix()
        items.append(f'<li><a href="{html.escape(href)}">{html.escape(_title(page.notebook))}</a>')
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        "<title>hoteledu lessons</title></head><body>\n"
        "<h1>hoteledu: the lessons</h1>\n"
        "<p>The stored lessons, as read without a kernel. Open a lesson in JupyterLab "
        "(<code>hoteledu lessons</code>) to run its code and play its widgets.</p>\n"
        "<ul>\n" + "\n".join(items) + "\n</ul>\n</body></html>\n"
    )
