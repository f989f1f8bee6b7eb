"""How to play: the app's collapsible panel and the printable handout, from one text.

Each game writes its text once, as a :class:`HowToPlay` in its own
``hoteledu/<game>/howto.py`` (the goal, a turn in five steps with the rule IDs
of its checklist, what each part of the board is, as the board labels it, and
how the game ends). From it come

- :func:`panel_html`: the app's "How to play" panel (:func:`how_to_panel`
  builds the button and the collapsible panel; the view puts them on the page);
- :func:`handout_html`: a one-page rules-and-legend handout, a whole HTML page
  whose print stylesheet fits one A4 or Letter page;
- :func:`write_handouts`: every game's handout and an index into a folder
  (``hoteledu handouts``).

Only :func:`how_to_panel` imports ipywidgets (inside it): the handouts are
built without the widget library.

Examples
--------
>>> how = HowToPlay("pig", "Hidden Pig", "Reach 20 points first.",
...     tuple(Step(f"step {i}") for i in range(1, 6)),
...     (Part("P1", "the first player"),), "The first to 20 wins.")
>>> "<b>Goal.</b> Reach 20 points first." in panel_html(how)
True
"""

from __future__ import annotations

import html
import importlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

TURN_STEPS = 5
"""A turn is told in this many steps: short enough to hold in mind at a first game."""
HANDOUT_GAMES = (
    ("amsterdam", "hoteledu.amsterdam"),
    ("grand_austria", "hoteledu.grand_austria"),
    ("boutique", "hoteledu.boutique"),
)
"""The games with a handout: name and package (its ``howto`` module holds the text)."""


@dataclass(frozen=True)
class Step:
    """One step of a turn, in words, with the IDs of the rules it states."""

    text: str
    rules: tuple[str, ...] = ()


@dataclass(frozen=True)
class Part:
    """A part of the board: ``label`` as the board writes it, and what it is."""

    label: str
    meaning: str


@dataclass(frozen=True)
class HowToPlay:
    """A game's "how to play": goal, a turn in five steps, the board's parts, the end.

    Raises
    ------
    ValueError
        If the turn has not exactly :data:`TURN_STEPS` steps, or a part has no label.
    """

    game: str
    title: str
    goal: str
    turn: tuple[Step, ...]
    board: tuple[Part, ...]
    end: str
    end_rules: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if len(self.turn) != TURN_STEPS:
            raise ValueError(f"{self.title}: a turn has {TURN_STEPS} steps, not {len(self.turn)}")
        if any(not part.label.strip() for part in self.board):
            raise ValueError(f"{self.title}: every part of the board has a label")

    @property
    def rules(self) -> tuple[str, ...]:
        """Every rule ID the text cites, in order, once each."""
        cited = [rule for step in self.turn for rule in step.rules] + list(self.end_rules)
        return tuple(dict.fromkeys(cited))


def _cite(rules: tuple[str, ...]) -> str:
    # rule codes as the app's messages write them: [AMS-17]
    if not rules:
        return ""
    return f" <span class='hoteledu-rule'>[{html.escape(', '.join(rules))}]</span>"


def panel_html(how: HowToPlay) -> str:
    """The text of the panel (an HTML fragment): goal, turn, board, end."""
    steps = "".join(f"<li>{html.escape(s.text)}{_cite(s.rules)}</li>" for s in how.turn)
    parts = "".join(
        f"<li><b>{html.escape(p.label)}</b>: {html.escape(p.meaning)}</li>" for p in how.board
    )
    return (
        f"<div class='hoteledu-howto-text'><p><b>Goal.</b> {html.escape(how.goal)}</p>"
        f"<p><b>A turn in {TURN_STEPS} steps.</b></p><ol>{steps}</ol>"
        f"<p><b>The board.</b></p><ul>{parts}</ul>"
        f"<p><b>The end.</b> {html.escape(how.end)}{_cite(how.end_rules)}</p>"
        "<p>Rule IDs in brackets name the rulebook's rules, as the app's refusals do.</p></div>"
    )


HANDOUT_CSS = """
body { font-family: "DejaVu Sans", Arial, sans-serif; font-size: 10.5pt; line-height: 1.3;
       margin: 1.5em auto; max-width: 48em; color: #111; }
h1 { font-size: 17pt; margin: 0 0 0.2em; }
h2 { font-size: 12pt; margin: 0.6em 0 0.2em; }
p, li { margin: 0.15em 0; }
ol, ul { margin: 0.2em 0; padding-left: 1.4em; }
.hoteledu-rule { color: #555; font-size: 85%; white-space: nowrap; }
.board { columns: 2; column-gap: 1.6em; }
.board li { break-inside: avoid; }
footer { margin-top: 0.6em; font-size: 8pt; color: #555; }
@page { margin: 11mm; }
@media print {
  body { margin: 0; max-width: none; font-size: 8.6pt; line-height: 1.22; }
  h1 { font-size: 13.5pt; } h2 { font-size: 10pt; margin-top: 0.45em; }
}
"""
"""Screen and print styles; printed, the page fits one A4 and one Letter sheet."""


def handout_html(how: HowToPlay) -> str:
    """The printable one-page handout (a whole HTML page) from the panel's text."""
    steps = "".join(f"<li>{html.escape(s.text)}{_cite(s.rules)}</li>" for s in how.turn)
    parts = "".join(
        f"<li><b>{html.escape(p.label)}</b>: {html.escape(p.meaning)}</li>" for p in how.board
    )
    title = html.escape(how.title)
    return (
        "<!DOCTYPE html>\n<html lang='en'><head><meta charset='utf-8'>"
        f"<title>{title}: how to play</title><style>{HANDOUT_CSS}</style></head><body>"
        f"<h1>{title}: how to play</h1>"
        f"<p><b>Goal.</b> {html.escape(how.goal)}</p>"
        f"<h2>A turn in {TURN_STEPS} steps</h2><ol>{steps}</ol>"
        f"<h2>The board</h2><ul class='board'>{parts}</ul>"
        f"<h2>The end</h2><p>{html.escape(how.end)}{_cite(how.end_rules)}</p>"
        "<footer>Rule IDs in brackets name the rulebook's rules, as the app's refusals do. "
        "The same text is the app's \u201cHow to play\u201d panel; made by "
        "<code>hoteledu handouts</code>.</footer></body></html>\n"
    )


def game_how_to(package: str) -> HowToPlay:
    """The :class:`HowToPlay` of the game package ``package`` (its ``howto`` module)."""
    return importlib.import_module(f"{package}.howto").HOW_TO_PLAY


def write_handouts(folder: Path | str) -> list[Path]:
    """Write each game's handout (``<game>.html``) and ``index.html`` into ``folder``."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    written, links = [], []
    for game, package in HANDOUT_GAMES:
        how = game_how_to(package)
        path = folder / f"{game}.html"
        path.write_text(handout_html(how), encoding="utf-8")
        written.append(path)
        links.append(f"<li><a href='{game}.html'>{html.escape(how.title)}</a></li>")
    index = folder / "index.html"
    index.write_text(
        "<!DOCTYPE html>\n<html lang='en'><head><meta charset='utf-8'>"
        f"<title>hoteledu: how to play</title><style>{HANDOUT_CSS}</style></head><body>"
        "<h1>How to play: one printable page per game</h1>"
        f"<ul>{''.join(links)}</ul></body></html>\n",
        encoding="utf-8",
    )
    return [*written, index]


def how_to_panel(how: HowToPlay) -> tuple[Any, Any]:
    """The "How to play" toggle button and its collapsible panel (hidden until pressed).

    The panel shows public text only, so its button needs no guard: it decides
    nothing and touches no game.
    """
    import ipywidgets as w

    button = w.ToggleButton(
        value=False, description="How to play", tooltip="the goal, a turn, the board's parts"
    )
    panel = w.HTML(
        panel_html(how),
        layout=w.Layout(display="none", max_width="1100px", border="1px solid #ccc"),
    )
    button.add_class("hoteledu-howto-button")
    panel.add_class("hoteledu-howto")

    def toggle(change: dict[str, Any]) -> None:
        panel.layout.display = "" if change["new"] else "none"

    button.observe(toggle, names="value")
    return button, panel


__all__ = [
    "HANDOUT_GAMES",
    "TURN_STEPS",
    "HowToPlay",
    "Part",
    "Step",
    "game_how_to",
    "handout_html",
    "how_to_panel",
    "panel_html",
    "write_handouts",
]
