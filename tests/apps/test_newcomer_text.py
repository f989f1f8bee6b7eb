"""The apps' lines a newcomer reads: end lines, the new-game line, the log (issue 20)."""

from __future__ import annotations

import ast
import html
import os
import re
from pathlib import Path

import pytest

import hoteledu
from hoteledu.amsterdam.app import AmsterdamApp
from hoteledu.boutique.app import BoutiqueController, make_app
from hoteledu.grand_austria.app import GrandAustriaController


def test_boutique_end_line_says_out_instead_of_a_score_of_minus_one():
    c = BoutiqueController(players=2, seats=("random", "random"), seed=3, weeks=1)
    assert c.state.is_terminal()
    c.state.eliminated_week[1] = c.state.week  # P2 lost all stars in the last rating
    assert c.state.returns()[1] == -1  # what the rules score such a player
    status = c.status()
    assert "out: lost all stars" in status and "-1" not in status, status
    assert f"{c.state.money[0]:g}" in status


def test_amsterdam_end_line_is_one_sentence_with_one_count_per_player():
    app = AmsterdamApp(players=2, seats=("human", "random"), seed=8)
    c = app.controller
    for _ in range(3000):
        if c.state.is_terminal():
            break
        if c.needs_roll():
            app.roll_button.click()
        else:
            app.action_buttons[0].click()
    assert c.state.is_terminal()
    winner = c.state.winners()[0]
    best = c.state.scores()[winner]
    line = c.adapter.end_text(c.state)
    assert line.startswith(f"{c.adapter.player_label(winner)} wins with {best} tourists: ")
    # the target is named as the target, never as a count a player "reached"
    assert not re.search(r"P\d reached", line), line
    assert re.search(r"\[AMS-2[56]\]$", line), line  # rule codes as everywhere: [AMS-17]
    assert line in c.log[-1] and line in c.status()


def test_a_new_grand_austria_game_logs_the_staff_deal_in_one_line():
    c = GrandAustriaController(players=2, seats=("human", "random"), seed=1)
    staff = [line for line in c.log if "staff card" in line]
    assert staff == ["chance: 12 staff cards dealt (P1 6, P2 6)"], staff


def test_the_new_game_line_names_each_option():
    c = GrandAustriaController(players=2, seats=("human", "random"), seed=1)
    assert c.log[0].endswith("staff setup deal, additional actions after_die"), c.log[0]


def test_the_secret_prices_title_names_the_seat_once_without_nested_brackets():
    app = make_app(players=2, seats=("human", "random"), seed=4, threaded=False, weeks=1)
    title = app.form_title.value
    assert "Your secret prices" in title and "(you)" not in title and "((" not in title
    assert title.endswith(app.adapter.player_label(0)), title


def test_the_strength_slider_shows_only_while_a_seat_is_a_searching_bot():
    app = AmsterdamApp(players=2, seats=("human", "greedy"), seed=1)
    assert app.strength_slider.layout.display == "none"
    app.seat_dropdowns[1].value = "mcts"
    assert app.strength_slider.layout.display == ""
    app.seat_dropdowns[1].value = "random"
    assert app.strength_slider.layout.display == "none"
    app.seat_dropdowns[2].value = "mcts"  # a seat beyond the player count does not count
    assert app.strength_slider.layout.display == "none"
    app.players_dropdown.value = 3
    assert app.strength_slider.layout.display == ""


def test_replay_shows_the_log_up_to_the_replayed_position():
    app = AmsterdamApp(players=2, seats=("human", "random"), seed=8)
    c = app.controller
    while len(c.state.history) < 12:
        if c.needs_roll():
            app.roll_button.click()
        else:
            app.action_buttons[0].click()
    whole = list(c.log)
    c.replay_to(3)
    app.refresh()
    shown = c.shown_log()
    # Amsterdam writes one line per action: the new-game line and actions 1..3
    assert len(whole) == 1 + len(c.state.history)
    assert shown == whole[:4]
    assert html.unescape(app.log_html.value).count("<br>") == len(shown) - 1
    c.replay_to(None)
    app.refresh()
    assert c.shown_log() == whole


# ipywidgets' own CSS: a button 148 px wide, a dropdown 300 px with an 80 px description
BUTTON_PX, DROPDOWN_PX, DESCRIPTION_PX, CHAR_PX = 148, 300, 80, 8


def _px(width: str | None, default: int) -> float:
    if not width:
        return default
    if width in ("auto", "max-content", "fit-content"):
        return float("inf")  # sized to its text
    assert width.endswith("px"), width
    return float(width[:-2])


def _all_widgets(root):
    found = [root]
    for child in getattr(root, "children", ()):
        found.extend(_all_widgets(child))
    return found


def _cut_texts(root) -> list[str]:
    """Button and dropdown texts longer than their box (about 8 px a character)."""
    import ipywidgets as w

    cut = []
    for widget in _all_widgets(root):
        if isinstance(widget, w.Button) and widget.description:
            room = _px(widget.layout.width, BUTTON_PX) - 24  # padding
            if CHAR_PX * len(widget.description) > room:
                cut.append(widget.description)
        if isinstance(widget, w.Dropdown):
            room = _px(widget.layout.width, DROPDOWN_PX) - (
                DESCRIPTION_PX * bool(widget.description)
            )
            cut += [label for label in widget._options_labels if CHAR_PX * len(label) > room - 30]
    return cut


def test_the_duel_and_dashboard_buttons_and_dropdowns_fit_their_text(tmp_path):
    from hoteledu.boutique.widgets.duel_widget import DuelWidget, Prediction
    from hoteledu.classroom.dashboard import Dashboard
    from hoteledu.classroom.store import Store

    prediction = Prediction("equilibrium", (3, 3, 3, 3, 4, 4, 4), 2, (0.0, 0.0))
    assert _cut_texts(DuelWidget(prediction=prediction).widget) == []
    store = Store(tmp_path / "pages.sqlite3")
    try:
        assert _cut_texts(Dashboard(store, "token").teacher_box) == []
    finally:
        store.close()


def test_new_guests_and_use_the_prediction_say_what_changed():
    from hoteledu.boutique.widgets.duel_widget import DuelWidget, Prediction

    prediction = Prediction("equilibrium", (3, 3, 3, 3, 4, 4, 4), 2, (0.0, 0.0))
    duel = DuelWidget(prediction=prediction)
    duel.next_button.click()
    assert "deal 1" in duel.message_html.value and "New guests" in duel.message_html.value
    duel.copy_button.click()
    text = duel.message_html.value
    assert "predicted" in text and "Mon 300" in text and "Sun 400" in text and "200" in text
    assert [d.value for d in duel.day_dropdowns] == [3, 3, 3, 3, 4, 4, 4]


def test_no_app_widget_needs_the_font_awesome_icon_font():
    """Voila loads Font Awesome from a CDN: offline every such icon was a blank square."""

    from hoteledu.apps.pad import ICON_TEXT, PAD_ESM
    from hoteledu.apps.view import THINKING_HTML
    from hoteledu.grand_austria.app import make_app as ga_app
    from hoteledu.grand_austria.widgets.board_roll import BoardRollWidget

    assert "fa fa-" not in PAD_ESM and "fa-" not in THINKING_HTML
    assert all(symbol in PAD_ESM for symbol in ICON_TEXT)  # the pads draw them as text
    roots = [
        AmsterdamApp(players=2, seats=("human", "greedy"), seed=1).widget,
        ga_app(players=2, seats=("human", "human"), seed=1).widget,
        BoardRollWidget().widget,
    ]
    for root in roots:
        iconed = [(type(x).__name__, x.icon) for x in _all_widgets(root) if getattr(x, "icon", "")]
        assert iconed == [], iconed


def test_the_lesson_widgets_write_rule_codes_as_the_apps_do():
    """Issue 20: rule codes were written two ways, "(AMS-17)" and "[GAH-D01]"; the apps'
    messages say "... [CODE]", and three lesson widgets still said "(CODE)"."""
    from hoteledu.boutique.widgets.bid_widget import BidDuelController
    from hoteledu.grand_austria.widgets.draft import DraftController
    from hoteledu.grand_austria.widgets.take_or_pass import TakeOrPassController

    take = next(
        c
        for c in (TakeOrPassController(dice=2, wanted=3, seed=s) for s in range(200))
        if c.counts[2] == 0 and c.counts[5] == 0
    )
    draft = next(c for c in (DraftController(seed=s) for s in range(200)) if 0 in c.counts)
    empty = draft.counts.index(0) + 1
    refusals = []
    for refuse in (take.take, lambda: draft.take(empty), lambda: BidDuelController().bid(7)):
        with pytest.raises(ValueError) as refused:
            refuse()
        refusals.append(str(refused.value))
    for message in refusals:
        assert re.search(r" \[(GAH|BHM)-\w+\]$", message), message
        assert not re.search(r"\((AMS|GAH|BHM)-", message), message


PACKAGE = Path(__file__).resolve().parents[2] / "hoteledu"
OLD_RULE_CODE = re.compile(r"\([^()\[\]]*\b(AMS|GAH|BHM)-[A-Z]?\d+[^()\[\]]*\)")
"""A rule code in round brackets: "(GAH-D01)", "(x, AMS-25)", "(AMS-25, x)"."""
PROSE = {
    "grand_austria/vocabulary.py": "the card vocabulary's reference prose (docs cite rules so)",
}
"""Modules whose strings are reference prose, not messages, with why."""


def _message_strings(path: Path) -> list[tuple[int, str]]:
    """Every string a module's code holds (f-strings joined), docstrings left out."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if not isinstance(body, list):
            continue
        for i, statement in enumerate(body):
            after_assignment = i > 0 and isinstance(body[i - 1], ast.Assign | ast.AnnAssign)
            if (i == 0 or after_assignment) and isinstance(statement, ast.Expr):
                docs.add(id(statement.value))  # a docstring, or an attribute's docstring
    found = []
    for node in ast.walk(tree):
        if id(node) in docs:
            continue
        if isinstance(node, ast.JoinedStr):
            docs.update(id(v) for v in node.values)  # its parts are read here, not again
            parts = [v.value if isinstance(v, ast.Constant) else "{}" for v in node.values]
            found.append((node.lineno, "".join(parts)))
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            found.append((node.lineno, node.value))
    return found


def _old_rule_codes(path: Path) -> list[str]:
    return [
        f"{path.relative_to(PACKAGE)}:{line}: {text!r}"
        for line, text in _message_strings(path)
        if OLD_RULE_CODE.search(text)
    ]


def test_every_message_the_package_writes_puts_rule_codes_in_square_brackets():
    """Issue 20: rule codes were written two ways. Messages end "... [GAH-D01]"; the errors
    of a hand-edited snapshot, the lessons' analysis functions and the Amsterdam end reason
    under end_rule='end_of_turn' still wrote "(GAH-D01)" or "(..., AMS-25)"."""
    old = [
        hit
        for path in sorted(PACKAGE.rglob("*.py"))
        if path.relative_to(PACKAGE).as_posix() not in PROSE
        for hit in _old_rule_codes(path)
    ]
    assert not old, "\n".join(old)


def test_the_rule_code_scan_finds_the_old_form(tmp_path):
    """The scan sees codes in plain and f-strings, and passes docstrings and square brackets."""
    module = tmp_path / "m.py"
    module.write_text(
        '"""Module (AMS-01)."""\n'
        "def f(n):\n"
        '    """Doc (GAH-D01)."""\n'
        '    a = f"{n} players play with 3 (GAH-D01)"\n'
        "    b = \"over (end_rule='immediate', AMS-25)\"\n"
        "    c = \"over (AMS-25, end_rule='immediate')\"\n"
        '    d = "a card [BHM-13] (seen twice)"\n'
        "    return a, b, c, d\n"
    )
    texts = [text for _, text in _message_strings(module) if OLD_RULE_CODE.search(text)]
    assert texts == [
        "{} players play with 3 (GAH-D01)",
        "over (end_rule='immediate', AMS-25)",
        "over (AMS-25, end_rule='immediate')",
    ]


def test_the_amsterdam_end_reason_at_the_end_of_the_turn_writes_its_code_in_brackets():
    from hoteledu.amsterdam.phases import OVER

    state = hoteledu.load_game("amsterdam", players=2, end_rule="end_of_turn")
    state.phase, state.target_reached = OVER, True
    reason = state.end_reason()
    assert "turn was finished (end_rule='end_of_turn') [AMS-25]; " in reason, reason


def _dejavu_sans() -> set[int]:
    """The characters of DejaVu Sans, the font a Linux browser falls back to (fontconfig)."""
    import shutil
    import subprocess

    # CI installs both (.ci/run) and must check, never skip: HOTELEDU_REQUIRE_BROWSER
    absent = pytest.fail if os.environ.get("HOTELEDU_REQUIRE_BROWSER") else pytest.skip
    if not (shutil.which("fc-match") and shutil.which("fc-query")):
        absent("fontconfig (fc-match, fc-query) is not installed")
    found = subprocess.run(
        ["fc-match", "--format=%{file}", "DejaVu Sans"], capture_output=True, text=True
    ).stdout
    if "DejaVuSans" not in found:
        absent(f"DejaVu Sans is not installed (fontconfig offers {found!r})")
    ranges = subprocess.run(
        ["fc-query", "--format=%{charset}", found], capture_output=True, text=True, check=True
    ).stdout.split()
    have: set[int] = set()
    for part in ranges:
        first, _, last = part.partition("-")
        have.update(range(int(first, 16), int(last or first, 16) + 1))
    return have


def test_every_character_the_package_writes_is_in_dejavu_sans():
    """Issue 20, icons offline: the bots' and the coach's "thinking" sign was the hourglass
    U+231B, in no font of a plain Debian machine (DejaVu, Liberation), so the page drew an
    empty box. Every character of every string the package holds (docstrings aside) must
    be in DejaVu Sans."""
    have = _dejavu_sans()
    assert ord("\u2684") in have and ord("\u231b") not in have  # the check sees both kinds
    missing = sorted(
        f"U+{ord(char):04X} {char!r} at {path.relative_to(PACKAGE)}:{line}"
        for path in sorted(PACKAGE.rglob("*.py"))
        for line, text in _message_strings(path)
        for char in set(text)
        if ord(char) > 127 and ord(char) not in have
    )
    assert not missing, "\n".join(missing)
