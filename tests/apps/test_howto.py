"""The "How to play" panel and the printable handouts (issue 20, "A first game without
the rulebook").

Each game's text lives in ``hoteledu/<game>/howto.py``; the panel and the handout
are drawn from it. The main check reads the words the board figure draws (its
traces' text, annotations, title and axis labels) over seeded games and finds each
one in the panel: an abbreviation or a symbol among the parts of the board the
panel names, any other word anywhere in the panel. Card names (the game's data)
and everyday words are left out.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from hoteledu.apps import howto
from hoteledu.apps.howto import HowToPlay, Part
from hoteledu.core.actions import JointAction

REPO = Path(__file__).resolve().parents[2]
TAG = re.compile(r"<[^>]+>")
TOKEN = re.compile(r"[A-Za-z][A-Za-z'\u2019]*|[^\sA-Za-z0-9:·,()/.;+\-=|'\[\]&#]")
EVERYDAY = frozenset(
    [
        "a",
        "an",
        "the",
        "of",
        "on",
        "in",
        "at",
        "as",
        "or",
        "and",
        "to",
        "with",
        "from",
        "per",
        "no",
        "not",
        "has",
        "have",
        "this",
        "it",
        "its",
        "then",
        "one",
        "two",
        "three",
        "least",
        "left",
        "reads",
        "number",
        "is",
        "are",
        "be",
        "by",
        "for",
        "that",
        "which",
        "do",
        "go",
        "up",
    ]
)
"""Words a newcomer reads without explanation."""
ORDER_CODE = re.compile(r"[SCWK]{2,}")
"""A Grand Austria order ("SSCW"): read as its letters, each explained once."""
STEPS = 160
"""Positions drawn per game (each a figure): enough to reach every phase of a round."""


def _adapter(game: str):
    if game == "amsterdam":
        from hoteledu.amsterdam.app import AmsterdamAdapter

        return AmsterdamAdapter()
    if game == "grand_austria":
        from hoteledu.grand_austria.app import GrandAustriaAdapter

        return GrandAustriaAdapter()
    from hoteledu.boutique.app import BoutiqueAdapter

    return BoutiqueAdapter()


def _card_names(game: str) -> set[str]:
    """The words of card names (data, not labels of the board)."""
    if game == "grand_austria":
        from hoteledu.grand_austria.effects import catalog

        cat = catalog()
        names = [g.name for g in cat.guests.values()] + [s.name for s in cat.staff.values()]
    elif game == "boutique":
        from hoteledu.boutique.cards import standard_deck

        names = [card.name for card in standard_deck().cards]
    else:
        names = []
    return {word for name in names for word in TOKEN.findall(name)}


def figure_texts(figure) -> list[str]:
    """Every text a plotly board draws: trace text, legend names, annotations, title, ticks."""
    texts: list[str] = []
    for trace in figure.data:
        text = getattr(trace, "text", None)
        if text is not None:
            texts += [text] if isinstance(text, str) else [str(t) for t in text]
        if getattr(trace, "showlegend", None) and trace.name:
            texts.append(trace.name)
    texts += [a.text or "" for a in figure.layout.annotations or ()]
    if figure.layout.title and figure.layout.title.text:
        texts.append(figure.layout.title.text)
    for axis in ("xaxis", "yaxis"):
        texts += [str(t) for t in figure.layout[axis].ticktext or ()]
    return texts


def update_texts(traces: list[dict], layout: dict) -> list[str]:
    """The texts of the figure's per-position updates (what the app sends at each press)."""
    texts: list[str] = []
    for trace in traces:
        text = trace.get("text")
        if text is not None:
            texts += [text] if isinstance(text, str) else [str(t) for t in text]
    title = layout.get("title")
    if isinstance(title, dict) and title.get("text"):
        texts.append(title["text"])
    for key in ("xaxis", "yaxis"):
        texts += [str(t) for t in (layout.get(key) or {}).get("ticktext") or ()]
    return texts


def words(text: str) -> list[str]:
    """The words and symbols of a text (HTML tags and numbers removed)."""
    plain = TAG.sub(" ", text.replace("&nbsp;", " "))
    found = []
    for token in TOKEN.findall(plain):
        found += list(token) if ORDER_CODE.fullmatch(token) else [token]
    return found


def is_abbreviation(word: str) -> bool:
    """A symbol, an all-capitals word or a word of one or two letters: needs its own entry."""
    return not word.isalpha() or (word.isupper() and word != "I") or len(word) <= 2


def svg_texts(drawing) -> list[str]:
    """The painted lines of each text of an SVG board, joined; a word broken with a hyphen
    at a line's end runs on into the next line, in the same text or the next text of the
    same card (its hover title). Hover titles are not painted."""
    texts: list[str] = []
    card = None
    for item in drawing.items:
        if item["tag"] != "text":
            continue
        broken = texts and texts[-1].endswith("-") and item.get("title") == card
        text = texts.pop() if broken else ""
        for spans in item["lines"]:
            line = "".join(words for words, *_ in spans)
            if text.endswith("-"):
                text = text[:-1] + line
            else:
                text += " " + line if text else line
        texts.append(text)
        card = item.get("title")
    return texts


SVG_PLAIN = str.maketrans({"\u00e9": "e", "\u2022": " "})
"""Read "café" as a word and a bullet "•" as a list mark, not as symbols to explain."""


@pytest.fixture(scope="module")
def drawn_words() -> dict[str, dict[str, dict[str, str]]]:
    """Over seeded games, per board kind ("plotly", "svg") and game: each word the board
    draws -> a text it was found in; and "svg key": the words of the SVG board's own key
    (its texts from the one that starts "Key:" on)."""
    drawn: dict[str, dict[str, dict[str, str]]] = {"plotly": {}, "svg": {}, "svg key": {}}
    for game, _ in howto.HANDOUT_GAMES:
        adapter = _adapter(game)
        found: dict[str, str] = {}
        painted: dict[str, str] = {}
        key: dict[str, str] = {}
        for players in (adapter.player_counts[0], adapter.player_counts[-1]):
            rng = np.random.default_rng(players)
            state = adapter.new_state(players)
            for _ in range(STEPS):
                if state.is_terminal():
                    break
                mover = state.current_player()
                legal = state.legal_actions(mover) if mover >= 0 else []
                scene = adapter.scene(state, max(mover, 0), "")
                marks = adapter.highlight(state, legal)
                if not state.history:  # the figure once, then its updates (plotly is slow)
                    texts = figure_texts(adapter.board_figure(scene, marks, {}))
                else:
                    layout = adapter.layout_updates(scene)
                    texts = update_texts(adapter.trace_updates(scene, marks, {}), layout)
                for text in texts:
                    for word in words(text):
                        found.setdefault(word, text)
                in_key = False  # the key is drawn last, under the board, from "Key:" on
                for text in svg_texts(adapter.svg_scene(scene, marks, {})):
                    in_key = in_key or text.startswith("Key:")
                    for word in words(text.translate(SVG_PLAIN)):
                        word = re.sub(r"['\u2019]s$", "", word)  # "the action's strength"
                        (key if in_key else painted).setdefault(word, text)
                if mover == -1:
                    state.apply_action(state.sample_chance(rng))
                elif mover == -2:
                    picks = []
                    for p in range(state.num_players):
                        options = state.legal_actions(p)
                        picks.append(options[int(rng.integers(len(options)))])
                    state.apply_action(JointAction(tuple(picks)))
                else:
                    state.apply_action(legal[int(rng.integers(len(legal)))])
        drawn["plotly"][game], drawn["svg"][game], drawn["svg key"][game] = found, painted, key
    return drawn


@pytest.fixture(scope="module")
def board_words(drawn_words) -> dict[str, dict[str, str]]:
    """Game -> each word the plotly board draws over seeded games -> a text it was found in."""
    return drawn_words["plotly"]


def unexplained(how: HowToPlay, drawn: dict[str, str], names: set[str]) -> list[str]:
    """The board's words the panel does not explain, each with where the board draws it."""
    panel = words(howto.panel_html(how))
    anywhere = {w.lower() for w in panel}
    terms = {w for part in how.board for w in words(part.label)}
    missing = []
    for word, where in sorted(drawn.items()):
        if word in names or word.lower() in EVERYDAY:
            continue
        if is_abbreviation(word):
            known = word in terms
        else:
            base = word.lower()
            known = base in anywhere or (base.endswith("s") and base[:-1] in anywhere)
        if not known:
            missing.append(f"{word!r} (in {where[:80]!r})")
    return missing


@pytest.mark.parametrize("game", [g for g, _ in howto.HANDOUT_GAMES])
def test_every_label_the_board_draws_is_explained_in_the_panel(game, board_words):
    how = _adapter(game).how_to_play("plotly")  # the text an app with the plotly board shows
    assert how is not None and how.game == game
    drawn = board_words[game]
    assert len(drawn) > 10, drawn  # the board was read
    missing = unexplained(how, drawn, _card_names(game))
    assert not missing, f"{how.title}'s panel does not explain: {'; '.join(missing)}"


def svg_unexplained(how: HowToPlay, game: str, painted: dict, key: dict) -> list[str]:
    """The abbreviations and symbols an SVG board paints that neither the panel's parts nor
    the board's own key explain."""
    short = {w: where for w, where in painted.items() if is_abbreviation(w)}
    return [m for m in unexplained(how, short, _card_names(game)) if m.split()[0][1:-1] not in key]


@pytest.mark.parametrize("game", [g for g, _ in howto.HANDOUT_GAMES])
def test_every_abbreviation_the_svg_board_draws_is_explained_on_the_page(game, drawn_words):
    """The SVG board (every app's default; the test above reads the plotly board): each
    abbreviation or symbol it paints is a part the panel names or is in the board's own key
    line, under the board."""
    how = _adapter(game).how_to_play()
    painted, key = drawn_words["svg"][game], drawn_words["svg key"][game]
    assert len(painted) > 10 and key, (painted, key)  # the board and its key were read
    missing = svg_unexplained(how, game, painted, key)
    assert not missing, f"{how.title}: the SVG board paints, unexplained: {'; '.join(missing)}"


def test_the_svg_check_finds_what_neither_the_panel_nor_the_key_explains(drawn_words):
    """Grand Austria's SVG board paints "VP" (explained by a part of the panel and by its
    key): with neither it is reported."""
    how = _adapter("grand_austria").how_to_play()
    painted, key = drawn_words["svg"]["grand_austria"], drawn_words["svg key"]["grand_austria"]
    assert "VP" in painted and not svg_unexplained(how, "grand_austria", painted, key)
    parts = tuple(p for p in how.board if "VP" not in words(p.label))
    cut = HowToPlay(how.game, how.title, how.goal, how.turn, parts, how.end, how.end_rules)
    missing = svg_unexplained(cut, "grand_austria", painted, key)
    assert not any(m.startswith("'VP'") for m in missing), missing  # the key still says it
    missing = svg_unexplained(cut, "grand_austria", painted, {})
    assert any(m.startswith("'VP'") for m in missing), missing


def label_words_not_drawn(how: HowToPlay, painted: set[str]) -> list[str]:
    """The words of the panel's part labels that the board does not paint (any case)."""
    return [
        f"{word!r} (in {part.label!r})"
        for part in how.board
        for word in words(part.label.translate(SVG_PLAIN))
        if word.lower() not in painted
    ]


def test_grand_austria_s_panel_names_the_parts_as_the_svg_board_draws_them(drawn_words):
    """Issue 20: Grand Austria's panel and handout named the parts as the plotly board
    labels them ("guest card: Poet SSSW 0/4, 5 VP, costs 3 kr", "politics goals A, B, C",
    "turn order 2/3", "orange rings") beside the SVG board, which draws none of them: every
    word of a part's label is painted on the SVG board (the app's default). (Amsterdam's
    and Boutique's parts are described in words, "the line under the title", and their
    two boards draw the same pieces.)"""
    painted = {w.lower() for kind in ("svg", "svg key") for w in drawn_words[kind]["grand_austria"]}
    missing = label_words_not_drawn(_adapter("grand_austria").how_to_play(), painted)
    assert not missing, f"the SVG board paints none of {'; '.join(missing)}"


def test_an_app_on_the_plotly_board_shows_the_plotly_board_s_labels(drawn_words):
    from hoteledu.grand_austria.app import make_app

    painted = {w.lower() for w in drawn_words["svg"]["grand_austria"]}
    plotly = _adapter("grand_austria").how_to_play("plotly")
    assert any(m.startswith("'kr'") for m in label_words_not_drawn(plotly, painted))
    svg_app = make_app(threaded=False)
    plotly_app = make_app(threaded=False, board="plotly")
    assert "SSSW" in plotly_app.how_to_panel.value and "SSSW" not in svg_app.how_to_panel.value


def test_the_check_finds_a_label_the_panel_leaves_out(board_words):
    """Without its "Key" entry Grand Austria's panel misses the key line's VP and kr."""
    how = _adapter("grand_austria").how_to_play("plotly")
    parts = tuple(p for p in how.board if p.label != "Key" and "VP" not in p.label)
    cut = HowToPlay(how.game, how.title, how.goal, how.turn, parts, how.end, how.end_rules)
    missing = unexplained(cut, board_words["grand_austria"], _card_names("grand_austria"))
    assert any(m.startswith("'kr'") for m in missing), missing
    assert any(m.startswith("'VP'") for m in missing), missing


@pytest.mark.parametrize("game", [g for g, _ in howto.HANDOUT_GAMES])
def test_each_cited_rule_is_a_rule_the_tests_check(game):
    """Every rule ID the text cites is named by a test of that rule (the checklists' promise)."""
    how = _adapter(game).how_to_play()
    tests = "\n".join(p.read_text(encoding="utf-8") for p in (REPO / "tests").rglob("test_*.py"))
    assert len(how.rules) >= 5
    unknown = [r for r in how.rules if r not in tests and r.replace("-", "_") not in tests]
    assert not unknown, f"no test names {unknown}"


def test_a_turn_has_five_steps_and_every_part_a_label():
    with pytest.raises(ValueError, match="5 steps, not 4"):
        HowToPlay("g", "G", "goal", (howto.Step("s"),) * 4, (), "end")
    with pytest.raises(ValueError, match="label"):
        HowToPlay("g", "G", "goal", (howto.Step("s"),) * 5, (Part(" ", "m"),), "end")


@pytest.mark.parametrize("game", ["amsterdam", "grand_austria", "boutique"])
def test_the_app_shows_the_panel_when_how_to_play_is_pressed(game):
    import importlib

    app = importlib.import_module(f"hoteledu.{game}.app").make_app(threaded=False)
    assert app.how_to_button in app.setup_row.children
    assert app.how_to_panel.layout.display == "none"  # collapsed at first
    version = app.controller.version
    app.how_to_button.value = True
    assert app.how_to_panel.layout.display == ""
    assert "A turn in 5 steps" in app.how_to_panel.value
    app.how_to_button.value = False
    assert app.how_to_panel.layout.display == "none"
    assert app.controller.version == version  # reading the rules changes no game
    assert not app._touched  # nor does it stop a resume


@pytest.mark.parametrize("game, package", howto.HANDOUT_GAMES)
def test_the_handout_is_the_panels_text(game, package):
    how = howto.game_how_to(package)
    page = howto.handout_html(how)
    for text in (
        [how.goal, how.end, *(s.text for s in how.turn)]
        + [p.label for p in how.board]
        + [p.meaning for p in how.board]
    ):
        assert howto.html.escape(text) in page
    assert "@media print" in page and "@page" in page


def test_the_stored_handouts_are_up_to_date(tmp_path):
    """notebooks/handouts (linked from the start page) is what `hoteledu handouts` writes now."""
    written = howto.write_handouts(tmp_path)
    stored = REPO / "notebooks" / "handouts"
    stale = [
        p.name
        for p in written
        if not (stored / p.name).is_file() or (stored / p.name).read_text() != p.read_text()
    ]
    assert not stale, f"rebuild with `hoteledu handouts --out notebooks/handouts`: {stale}"


def test_the_handouts_command_writes_every_game(tmp_path):
    out = tmp_path / "handouts"
    done = subprocess.run(
        [sys.executable, "-m", "hoteledu", "handouts", "--out", str(out)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    names = sorted(p.name for p in out.iterdir())
    assert names == ["amsterdam.html", "boutique.html", "grand_austria.html", "index.html"]
    assert "amsterdam.html" in done.stdout
    assert "ipywidgets" not in done.stderr
