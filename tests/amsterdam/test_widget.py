"""The playable app driven without Jupyter: set ``.value``, ``.click()``, check state and figure."""

from __future__ import annotations

import datetime
import html
import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hoteledu.amsterdam.actions import MovePawn, PlaceHotel
from hoteledu.amsterdam.app import AmsterdamApp, AmsterdamController, action_points
from hoteledu.amsterdam.board import CANAL_TILES, PLACE_TILES, TOTAL_TOURISTS
from hoteledu.amsterdam.figures.board import intersection_xy, tile_xy, trace
from hoteledu.amsterdam.phases import CHASE, HOTEL, MOVE_MAYOR, OVER, ROLL
from hoteledu.core import GameRecord


@pytest.fixture
def app() -> AmsterdamApp:
    return AmsterdamApp(players=2, seats=("human", "random"), seed=11)


def frozen(app: AmsterdamApp) -> str:
    return app.controller.state.to_json_str()


def visible_buttons(app: AmsterdamApp) -> list[str]:
    # the app shows the buttons of the legal actions as the box's children
    return [b.description for b in app.action_buttons]


def figure_hotels(app: AmsterdamApp) -> list[tuple[float, float]]:
    hotels = trace(app.figure, "hotels")
    return list(zip(hotels.x, hotels.y, strict=True))


def play_human_turn(app: AmsterdamApp) -> None:
    """Roll, then always press the first button until it is not the human's turn."""
    c = app.controller
    app.roll_button.click()
    while c.human_to_decide():
        app.action_buttons[0].click()


# --------------------------------------------------------------- a turn
def test_AMS_07_AMS_08_roll_button_throws_dice_and_the_figure_moves_the_boat(app):
    """AMS-07/AMS-08: roll both dice; the boat moves clockwise by their sum on the board."""
    c = app.controller
    assert c.state.phase == ROLL and not app.roll_button.disabled
    assert visible_buttons(app) == []  # no decision before the dice
    app.roll_button.click()
    white, black = c.state.dice
    assert c.state.boat == white + black
    boat = trace(app.figure, "boat")
    assert (boat.x[0], boat.y[0] + 0.15) == tile_xy(CANAL_TILES[white + black])
    assert c.state.phase == HOTEL and app.roll_button.disabled
    assert f"roll white {white}, black {black}" in app.log_html.value


def test_AMS_12_click_on_intersection_places_hotel_drawn_in_player_colour(app):
    """AMS-12/AMS-13: a click on an intersection builds the hotel there; the figure shows it."""
    app.roll_button.click()
    # every free intersection is ringed as a legal choice and offered as a button
    assert len(trace(app.figure, "choices").x) == 36
    assert visible_buttons(app) == [str(a) for a in app.controller.state.legal_actions()]
    app.click_board("intersection", (2, 5))
    assert app.controller.state.hotels[0] == [(2, 5)]
    assert figure_hotels(app) == [intersection_xy((2, 5))]
    assert trace(app.figure, "hotels").marker.color == ("#d62728",)
    assert app.controller.state.phase == MOVE_MAYOR


def test_figure_click_events_map_to_the_legal_action():
    """A real plotly click (points on the intersections trace) goes through the same path."""
    from plotly.callbacks import InputDeviceState, Points

    app = AmsterdamApp(players=2, seats=("human", "random"), seed=11, board="plotly")
    app.roll_button.click()
    intersections = trace(app.figure, "intersections")
    index = [tuple(c[1:]) for c in intersections.customdata].index((4, 2))
    index_in_figure = list(app.figure.data).index(intersections)
    points = Points(
        point_inds=[index],
        xs=[1.5],
        ys=[3.5],
        trace_name="intersections",
        trace_index=index_in_figure,
    )
    intersections._dispatch_on_click(points, InputDeviceState())
    assert app.controller.state.hotels[0] == [(4, 2)]


def test_AMS_13_illegal_click_shows_the_rule_and_changes_nothing():
    """AMS-13: no two hotels share an intersection; the click is refused with the rule."""
    app = AmsterdamApp(players=2, seats=("human", "human"), seed=5)
    play_human_turn(app)
    taken = app.controller.state.hotels[0][0]
    app.roll_button.click()
    before, figure_before = frozen(app), app.figure.to_dict()["data"]
    app.click_board("intersection", taken)
    assert frozen(app) == before
    assert app.figure.to_dict()["data"] == figure_before
    assert "AMS-13" in app.message_html.value
    # the next legal click clears the message
    free = next(a for a in app.controller.legal_actions() if a.intersection != taken)
    app.click_board("intersection", free.intersection)
    assert app.message_html.value == ""


def test_AMS_15_pawn_must_walk_exactly_the_die_and_buttons_offer_only_legal_ends(app):
    """AMS-15: the Mayor walks exactly the white die; an unreachable click names the rule."""
    c = app.controller
    app.roll_button.click()
    app.click_board("intersection", (6, 6))
    assert c.state.phase == MOVE_MAYOR
    legal = c.state.legal_actions()
    assert all(isinstance(a, MovePawn) and a.pawn == "mayor" for a in legal)
    ringed = {
        (round(y + 0.5), round(x + 0.5))
        for x, y in zip(trace(app.figure, "choices").x, trace(app.figure, "choices").y, strict=True)
    }
    assert ringed == {a.destination for a in legal}
    unreachable = next(p for p in [(1, 1), (6, 1), (1, 6), (6, 6)] if p not in ringed)
    before = frozen(app)
    app.click_board("intersection", unreachable)
    assert frozen(app) == before and "AMS-15" in app.message_html.value
    app.action_dropdown.value = str(legal[-1])
    app.play_button.click()
    assert c.state.mayor == legal[-1].destination


def test_AMS_19_turning_a_tile_by_clicking_it():
    """AMS-18/AMS-19: a pawn turns a tile around it; a wrong tile is refused with the rule."""
    for seed in range(40):
        app = AmsterdamApp(players=2, seats=("human", "human"), seed=seed)
        c = app.controller
        app.roll_button.click()
        app.action_buttons[0].click()  # a hotel
        app.action_buttons[0].click()  # the Mayor
        app.action_buttons[0].click()  # the Nightwatchman
        turns = [a for a in c.legal_actions() if type(a).__name__ == "TurnTile"]
        if turns:
            break
    else:
        pytest.fail("no seed gave the Mayor a tile to turn")
    tile = turns[0].tile
    assert action_points(turns[0]) == [("tile", tile)]
    # a tile that is not around the Mayor is refused with the rule
    far = (1, 1) if (1, 1) not in {a.tile for a in turns} else (5, 5)
    before = frozen(app)
    app.click_board("tile", far)
    assert frozen(app) == before and "AMS-1" in app.message_html.value
    app.click_board("tile", tile)
    assert str(turns[0]) in app.log_html.value


# ----------------------------------------------------------------- bots
def test_AMS_06_bots_autoplay_their_turn_and_hand_back_the_dice(app):
    """AMS-06: turns go round; with autoplay the bot plays its whole turn at once."""
    c = app.controller
    play_human_turn(app)
    assert c.state.player == 0 and c.needs_roll()  # the bot has played its turn
    assert "P2 blue (random)" in app.log_html.value
    assert not app.roll_button.disabled and app.bot_button.disabled


def test_bot_move_button_steps_the_bot_when_autoplay_is_off(app):
    c = app.controller
    app.autoplay_toggle.value = False
    play_human_turn(app)
    assert c.state.player == 1 and not app.bot_button.disabled
    length = len(c.state.history)
    app.bot_button.click()  # the bot's dice
    assert len(c.state.history) == length + 1
    while c.bot_to_move():
        app.bot_button.click()
    assert c.state.player == 0 and c.needs_roll()


@pytest.mark.parametrize("kind", ["greedy", "mcts"])
def test_greedy_and_mcts_seats_play(kind):
    app = AmsterdamApp(players=2, seats=(kind, "human"), seed=3, mcts_iterations=20)
    app.wait_for_bots()  # MCTS thinks in a worker thread
    c = app.controller
    # autoplay: the bot has already played its first turn at the start
    assert c.state.player == 1 and c.needs_roll()
    assert len(c.state.hotels[0]) == 1


def test_new_game_button_reads_the_setup_row(app):
    app.players_dropdown.value = 3
    assert app.seat_dropdowns[2].layout.display == ""
    assert app.seat_dropdowns[3].layout.display == "none"
    app.seat_dropdowns[0].value = "human"
    app.seat_dropdowns[1].value = "human"
    app.seat_dropdowns[2].value = "random"
    app.variant_dropdown.value = "tactical"
    app.seed_input.value = 99
    app.new_game_button.click()
    c = app.controller
    assert c.state.num_players == 3 and c.state.options["variant"] == "tactical"
    assert c.seats == ["human", "human", "random"] and c.seed == 99
    assert len(c.state.history) == 0 and "P3:" in app.figure.layout.title.text


def test_AMS_28_tactical_boat_moves_by_clicking_a_canal_tile():
    """AMS-28: no dice; the boat moves 1..4 tiles, chosen by a click on the canal."""
    app = AmsterdamApp(players=2, seats=("human", "human"), variant="tactical", seed=0)
    c = app.controller
    assert app.roll_button.layout.display == "none"
    ringed = set(zip(trace(app.figure, "choices").x, trace(app.figure, "choices").y, strict=True))
    assert ringed == {tile_xy(CANAL_TILES[s]) for s in (1, 2, 3, 4)}
    before = frozen(app)
    app.click_board("tile", CANAL_TILES[6])
    assert frozen(app) == before and "AMS-28" in app.message_html.value
    app.click_board("tile", CANAL_TILES[3])
    assert c.state.boat == 3


# --------------------------------------------------------- undo, replay
def test_undo_goes_back_to_the_last_human_decision(app):
    c = app.controller
    play_human_turn(app)
    app.roll_button.click()
    app.action_buttons[0].click()
    decisions = [i for i, m in enumerate(c.movers) if m == 0]
    last = decisions[-1]
    record = GameRecord.from_state(c.state)
    app.undo_button.click()
    assert len(c.state.history) == last
    assert c.state == record.replay(last)
    assert c.human_to_decide()  # the undone decision is open again


def test_replay_slider_shows_earlier_positions_read_only(app):
    c = app.controller
    play_human_turn(app)
    total = len(c.state.history)
    assert app.replay_slider.max == total and app.replay_slider.value == total
    app.replay_slider.value = 0
    assert "replay" in app.status_html.value
    assert figure_hotels(app) == []  # no hotel at the start
    assert visible_buttons(app) == [] and app.roll_button.disabled
    app.replay_slider.value = total
    assert len(figure_hotels(app)) == 2  # both players' first hotels
    assert c.needs_roll()


# ------------------------------------------------------------ save, load
def test_save_and_load_round_trip(app):
    c = app.controller
    play_human_turn(app)
    app.save_button.click()
    saved = app.record_text.value
    assert json.loads(saved)["game"] == "amsterdam"
    assert "base64" in app.download_html.value
    position = c.state.to_json_str()
    app.new_game_button.click()
    assert len(c.state.history) == 0
    app.record_text.value = saved
    app.load_button.click()
    assert c.state.to_json_str() == position
    assert len(figure_hotels(app)) == 2


def test_load_from_file_upload(app):
    play_human_turn(app)
    saved = app.controller.save()
    app.new_game_button.click()
    data = saved.encode()
    app.upload.value = (
        {
            "name": "game.json",
            "type": "application/json",
            "size": len(data),
            "content": memoryview(data),
            "last_modified": datetime.datetime(2024, 1, 1),
        },
    )
    assert app.controller.save() == saved


def test_loading_bad_data_shows_why_and_changes_nothing(app):
    play_human_turn(app)
    before = frozen(app)
    app.record_text.value = '{"game": "amsterdam", "options": {"players": 2}, "players": []}'
    app.load_button.click()
    assert frozen(app) == before
    assert "could not load" in app.message_html.value and "actions" in app.message_html.value
    app.record_text.value = "not json"
    app.load_button.click()
    assert frozen(app) == before and "JSON" in app.message_html.value


# ---------------------------------------------------------------- overlay
def test_overlay_shows_where_the_boat_stops_next(app):
    c = app.controller
    assert len(trace(app.figure, "boat odds").x) == 0
    app.overlay_checkbox.value = True
    odds = trace(app.figure, "boat odds")
    assert list(odds.text) == ["1/9", "2/9", "1/3", "2/9", "1/9"]
    assert set(zip(odds.x, odds.y, strict=True)) == {
        tile_xy(CANAL_TILES[(c.state.boat + s) % 24]) for s in range(2, 7)
    }
    app.overlay_checkbox.value = False
    assert len(trace(app.figure, "boat odds").x) == 0


# ------------------------------------------------------------ whole games
def test_AMS_26_a_whole_game_by_buttons_ends_with_the_winner_shown(capsys):
    """AMS-25/AMS-26: a game played by clicks ends; scores and winner are shown."""
    app = AmsterdamApp(players=3, seats=("human", "random", "random"), seed=8)
    c = app.controller
    for _ in range(2000):
        if c.state.phase == OVER:
            break
        if c.needs_roll():
            app.roll_button.click()
        else:
            app.action_buttons[len(visible_buttons(app)) // 2].click()
        counts = sum(int(t) for t in trace(app.figure, "tourists").text) + sum(
            int(t) for t in trace(app.figure, "quays").text
        )
        assert counts + c.state.boat_load + c.state.supply + c.state.chased == TOTAL_TOURISTS
    assert c.state.is_terminal()
    assert "game over" in app.status_html.value
    assert "game over" in app.figure.layout.title.text
    assert GameRecord.loads(c.save()).replay() == c.state
    assert capsys.readouterr().out == ""  # callbacks never print


def test_display_gives_a_widget_view(app):
    bundle = app._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle


def test_controller_alone_refuses_moves_out_of_turn():
    c = AmsterdamController(players=2, seats=("human", "random"), seed=1)
    before = c.state.to_json_str()
    assert not c.play(PlaceHotel((1, 1)))
    assert "roll" in c.message and c.state.to_json_str() == before
    assert not c.bot_move() and c.state.to_json_str() == before


@settings(max_examples=12, deadline=None)
@given(
    seed=st.integers(0, 1000),
    clicks=st.lists(
        st.tuples(st.sampled_from(["intersection", "tile"]), st.integers(0, 7), st.integers(0, 7)),
        min_size=5,
        max_size=60,
    ),
)
def test_random_clicks_apply_a_legal_action_or_change_nothing(seed, clicks):
    """Any click either plays exactly the legal action at that point or leaves the game as it was.

    Rolls come in between; the record always replays to the live state.
    """
    c = AmsterdamController(players=2, seats=("human", "human"), seed=seed)
    for kind, a, b in clicks:
        if c.state.is_terminal():
            break
        if c.needs_roll():
            c.roll()
            continue
        legal = c.legal_actions()
        before, length = c.state.to_json_str(), len(c.state.history)
        applied = c.click(kind, (a, b))
        if applied:
            action = c.state.history[length]
            assert (action in legal and (kind, (a, b)) in action_points(action)) or (
                kind == "tile" and type(action).__name__ == "MoveBoat"
            )
        else:
            assert c.state.to_json_str() == before and c.message
    assert GameRecord.loads(c.save()).replay() == c.state


def test_AMS_20_the_player_breaks_ties_among_fewest_tourist_tiles_by_clicking():
    """AMS-20: chased tourists go to a tile of their function with the fewest tourists;
    among ties the player chooses, with a click; another tile is refused with the rule."""
    rng = np.random.default_rng(0)
    for seed in range(200):
        c = AmsterdamController(players=2, seats=("human", "human"), seed=seed)
        while not c.state.is_terminal() and c.state.phase != CHASE:
            if c.needs_roll():
                c.roll()
            else:
                legal = c.legal_actions()
                c.play(legal[int(rng.integers(len(legal)))])
        if c.state.phase == CHASE:
            break
    else:
        pytest.fail("no seeded game reached a tie among chase targets")
    app = AmsterdamApp(players=2, seats=("human", "human"), seed=0)
    app.controller = c
    app.refresh()
    targets = [a.tile for a in c.legal_actions()]
    assert len(targets) >= 2
    ringed = set(zip(trace(app.figure, "choices").x, trace(app.figure, "choices").y, strict=True))
    assert ringed == {tile_xy(t) for t in targets}
    wrong = next(t for t in [(1, 1), (1, 2), (2, 1), (5, 5), (5, 4)] if t not in targets)
    before = frozen(app)
    app.click_board("tile", wrong)
    assert frozen(app) == before and "AMS-20" in app.message_html.value
    chased = c.state.chased
    place_tourists = dict(zip(PLACE_TILES, c.state.tourists, strict=True))
    app.click_board("tile", targets[-1])
    assert c.state.phase != CHASE
    after = dict(zip(PLACE_TILES, c.state.tourists, strict=True))
    assert after[targets[-1]] == place_tourists[targets[-1]] + chased


# ------------------------------------------------------------ legend, words
def test_the_legend_explains_the_board_on_the_page(app):
    """Pawns, hotels per colour, tile sides, tourist counts and the overlay, not only on hover."""
    legend = app.legend_html.value
    assert app.legend_html in app.side.children
    for words in ("Mayor", "Nightwatchman", "P1 red", "P2 blue", "P3 green", "P4 yellow"):
        assert words in legend
    assert "day side" in legend and "night side" in legend
    assert "tourists" in legend and "where the boat stops" in legend


def test_the_overlay_does_not_use_the_tourist_discs(app):
    app.overlay_checkbox.value = True
    odds, tourists = trace(app.figure, "boat odds"), trace(app.figure, "tourists")
    assert odds.marker.symbol == "diamond" and tourists.marker.symbol in (None, "circle")
    assert odds.marker.colorscale != tourists.marker.colorscale


def test_game_over_says_why_with_the_rules_end_reason():
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
    reason = c.adapter.end_text(c.state)  # end_reason() in one sentence, the winner first
    assert reason in html.unescape(app.status_html.value)
    assert reason in c.log[-1]
    assert "P1" in app.log_html.value and "player 0" not in app.log_html.value


def test_status_counts_steps_in_the_singular_and_plural():
    for seed in range(60):
        c = AmsterdamController(players=2, seats=("human", "human"), seed=seed)
        c.roll()
        c.play(c.legal_actions()[0])
        if c.state.steps[0] == 1:
            assert c.status().endswith("move the Mayor 1 step")
            return
    pytest.fail("no seed rolled a 1 on the white die")


def test_make_app_is_the_entry_point_and_offers_the_options_of_info() -> None:
    """make_app(**options) returns the AmsterdamApp; its option bar offers info.py's
    choices; an option the app does not offer is refused by name."""
    from hoteledu.amsterdam.app import make_app
    from hoteledu.amsterdam.info import GAME_INFO

    app = make_app(players=3, seats=("human", "random", "random"), seed=2, variant="tactical")
    assert isinstance(app, AmsterdamApp)
    assert app.controller.state.options["variant"] == "tactical"
    assert app.controller.state.num_players == 3
    assert tuple(app.variant_dropdown.options) == GAME_INFO.choices("variant")
    with pytest.raises(TypeError, match="target"):
        make_app(target=6)
