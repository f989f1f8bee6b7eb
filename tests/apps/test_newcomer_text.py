"""The apps' lines a newcomer reads: end lines, the new-game line, the log (issue 20)."""

from __future__ import annotations

import re

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
