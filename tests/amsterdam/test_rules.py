"""Hotel Amsterdam rules: one constructed scenario per rule of the checklist (AMS-01..30).

Positions are set up by hand (tiles, tourists, pawns, hotels), then actions are
applied and the result is checked against the rulebook.
"""

from __future__ import annotations

import json
from fractions import Fraction

import networkx as nx
import pytest

from hoteledu.amsterdam.actions import (
    ChaseTo,
    DamLead,
    DealTile,
    LeadFromDam,
    MoveBoat,
    MovePawn,
    PlaceHotel,
    RollDice,
    Skip,
    SplitSteps,
    TurnTile,
)
from hoteledu.amsterdam.board import (
    BUILDING_TILES,
    CANAL_TILES,
    DAM,
    DAM_CORNERS,
    DAM_PLACE,
    INTERSECTIONS,
    PLACE_OF,
    START_TILES,
    city_graph,
    intersections_around,
    tiles_around,
)
from hoteledu.amsterdam.phases import (
    ACT_MAYOR,
    ACT_NIGHTWATCHMAN,
    BOAT,
    CHASE,
    DAM_LEAD,
    HOTEL,
    MOVE_MAYOR,
    MOVE_NIGHTWATCHMAN,
    OVER,
    ROLL,
    SPLIT,
)
from hoteledu.amsterdam.rules import (
    AmsterdamState,
    _scored_places,
    new_game,
    pawn_destinations,
    score,
    tourist_counts,
)
from hoteledu.amsterdam.tiles import DAY_FUNCTIONS, NIGHT_FUNCTIONS, TILES
from hoteledu.core import IllegalActionError, MalformedRecordError, load_game
from hoteledu.core.state import CHANCE, TERMINAL

# ------------------------------------------------------------------ helpers


def frozen(state: AmsterdamState) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def refuse(state: AmsterdamState, action, match: str) -> None:
    """The action raises IllegalActionError naming the rule, and changes nothing."""
    before = frozen(state)
    with pytest.raises(IllegalActionError, match=match):
        state.apply_action(action)
    assert frozen(state) == before


def make(
    players: int = 2,
    variant: str = "dice",
    *,
    tourists: dict | None = None,
    dam: int = 0,
    quays: tuple[int, int, int, int] = (0, 0, 0, 0),
    hotels: list | None = None,
    mayor=(3, 3),
    nightwatchman=(4, 4),
    phase: str | None = None,
    steps=(0, 0),
    boat: int = 0,
    player: int = 0,
    turns_taken: list | None = None,
    supply: int | None = None,
    **options,
) -> AmsterdamState:
    """A hand-made position; the supply holds the tourists not placed elsewhere.

    Without ``hotels`` every player already has two (on the far edge, scoring
    nothing); without ``turns_taken`` everyone has taken two turns, so no hotel
    phase interferes.
    """
    state = new_game(players=players, variant=variant, **options)
    state.tourists = [0] * 25
    for tile, count in (tourists or {}).items():
        state.tourists[PLACE_OF[tile]] = count
    state.tourists[DAM_PLACE] = dam
    state.quays = list(quays)
    if hotels is None:
        far = [[(6, 1), (6, 2)], [(6, 5), (6, 6)], [(1, 6), (2, 6)], [(5, 6), (4, 6)]]
        hotels = far[:players]
    state.hotels = [list(h) for h in hotels]
    state.turns_taken = list(turns_taken or [2] * players)
    state.mayor, state.nightwatchman = mayor, nightwatchman
    state.boat, state.player, state.steps = boat, player, steps
    placed = sum(state.tourists) + sum(state.quays)
    state.supply = 30 - placed if supply is None else supply
    if supply is not None:  # keep 30 tourists: the rest wait on the quay of bend 21
        state.quays[3] += 30 - placed - supply
    if phase is not None:
        state.phase = phase
        state._acting_mayor = phase != ACT_NIGHTWATCHMAN
    assert state.total_tourists() == 30
    return state


def tiles_with(state: AmsterdamState, name: str) -> list[tuple[int, int]]:
    """Places whose tile carries the function ``name`` on one of its sides."""
    return [
        t
        for i, t in enumerate(BUILDING_TILES)
        if name in (TILES[state.tile_at[i]].day, TILES[state.tile_at[i]].night)
    ]


def show(state: AmsterdamState, tile: tuple[int, int], day: bool) -> None:
    state.day_up[PLACE_OF[tile]] = day


def walk_ends(graph: nx.Graph, start, k: int) -> set:
    """Independent oracle: ends of all walks of exactly k steps (breadth-first by layers)."""
    layer = {start}
    for _ in range(k):
        layer = {n for x in layer for n in graph[x]}
    return layer


def finish_turn(state: AmsterdamState) -> None:
    """Play the rest of the turn with the first legal action, Skips where offered."""
    start = state.player
    while state.current_player() == start and not state.is_terminal():
        actions = state.legal_actions()
        skips = [a for a in actions if isinstance(a, Skip)]
        state.apply_action(skips[0] if skips else actions[0])


# ------------------------------------------------------------------- setup


@pytest.mark.parametrize("players", [2, 3, 4])
def test_AMS_01_each_player_gets_two_hotels(players: int) -> None:
    """AMS-01: 2 to 4 players, each with a colour and two hotels placed in rounds 1 and 2."""
    state = new_game(players=players)
    assert state.num_players == players and state.hotels == [[] for _ in range(players)]
    for _ in range(2 * players):
        state.apply_action(RollDice(1, 1))
        assert state.phase == HOTEL
        state.apply_action(state.legal_actions()[0])
        finish_turn(state)
    assert [len(h) for h in state.hotels] == [2] * players
    state.apply_action(RollDice(1, 1))
    assert state.phase == MOVE_MAYOR  # round 3: no hotel


@pytest.mark.parametrize("players", [1, 5])
def test_AMS_01_player_count_outside_2_to_4_is_refused(players: int) -> None:
    """AMS-01: Hotel Amsterdam is for 2 to 4 players."""
    with pytest.raises(ValueError, match="2 to 4 players"):
        new_game(players=players)


def test_AMS_02_day_and_night_sides_alternate() -> None:
    """AMS-02: day and night sides show alternately (a checkerboard), the Dam in the middle."""
    state = new_game()
    day = dict(zip(BUILDING_TILES, state.day_up, strict=True))
    for (r, c), up in day.items():
        for n in ((r + 1, c), (r, c + 1)):
            if n in day:
                assert day[n] != up, f"{(r, c)} and {n} show the same side"
    assert sum(state.day_up) == 12
    assert sorted(state.tile_at) == list(range(24))


def test_AMS_02_shuffled_layout_deals_each_tile_once_by_chance() -> None:
    """AMS-02: a shuffled layout is 24 chance nodes, one tile per place, uniform."""
    state = new_game(layout="shuffled")
    assert state.current_player() == CHANCE and state.phase == "deal tiles"
    for dealt in range(24):
        outcomes = state.chance_outcomes()
        assert len(outcomes) == 24 - dealt
        assert all(p == Fraction(1, 24 - dealt) for _, p in outcomes)
        assert {a.place for a, _ in outcomes} == {BUILDING_TILES[dealt]}
        state.apply_action(outcomes[-1][0])  # the last remaining tile each time
    assert state.tile_at == list(range(23, -1, -1)) and state.phase == ROLL
    refuse(new_game(layout="shuffled"), DealTile((1, 2), 0), "not a possible chance outcome")


def test_AMS_03_boat_starts_on_the_jetty() -> None:
    """AMS-03: the boat starts on the jetty, the middle canal tile of the south side."""
    state = new_game()
    assert state.boat == 0 and CANAL_TILES[state.boat] == (6, 3)


def test_AMS_04_mayor_and_nightwatchman_start_diagonally_across_the_dam() -> None:
    """AMS-04: the Mayor on a Dam corner, the Nightwatchman on the opposite corner."""
    state = new_game()
    assert state.mayor == (3, 3) and state.nightwatchman == (4, 4)
    assert {state.mayor, state.nightwatchman} <= set(DAM_CORNERS)
    assert (
        abs(state.mayor[0] - state.nightwatchman[0])
        == 1
        == abs(state.mayor[1] - state.nightwatchman[1])
    )


def test_AMS_05_thirty_tourists_four_on_the_start_tiles() -> None:
    """AMS-05: 30 tourists; 4 start on the building tiles diagonally next to the Dam."""
    state = new_game()
    counts = tourist_counts(state)
    assert counts["supply"] == 26 and counts["dam"] == 0 and counts["boat"] == 0
    assert {t for t, n in counts["tiles"].items() if n} == set(START_TILES)
    assert all(counts["tiles"][t] == 1 for t in START_TILES)
    assert state.total_tourists() == 30


def test_AMS_06_turns_pass_clockwise_and_start_at_phase_1() -> None:
    """AMS-06: after phase 6 the next player starts with phase 1 (throwing the dice)."""
    state = make(players=3, phase=ROLL, player=2)
    state.apply_action(RollDice(1, 1))
    assert state.current_player() == 2
    finish_turn(state)
    assert state.player == 0 and state.phase == ROLL and state.current_player() == CHANCE
    assert state.turns_taken == [2, 2, 3]


# ------------------------------------------------------------------ phases 1-3


def test_AMS_07_dice_are_a_chance_node_of_nine_equal_outcomes() -> None:
    """AMS-07: the white Mayor die and black Nightwatchman die each show 1, 2 or 3."""
    state = new_game()
    outcomes = state.chance_outcomes()
    assert {(a.white, a.black) for a, _ in outcomes} == {
        (w, b) for w in (1, 2, 3) for b in (1, 2, 3)
    }
    assert all(p == Fraction(1, 9) for _, p in outcomes)
    assert sum(p for _, p in outcomes) == 1
    state.apply_action(RollDice(3, 1))
    assert state.dice == (3, 1) and state.steps == (3, 1)
    refuse(make(phase=ROLL), RollDice(4, 1), "not a possible chance outcome")


def test_AMS_08_boat_moves_clockwise_by_the_dice_sum() -> None:
    """AMS-08: the boat moves clockwise by the sum of both dice, wrapping round the ring."""
    state = make(phase=ROLL, boat=0)
    state.apply_action(RollDice(2, 3))
    assert state.boat == 5 and CANAL_TILES[5] == (4, 0)
    state = make(phase=ROLL, boat=22)
    state.apply_action(RollDice(3, 3))
    assert state.boat == 4


def test_AMS_09_a_tourist_goes_onto_the_building_next_to_the_boat() -> None:
    """AMS-09: one tourist from the supply goes onto the building tile the boat faces."""
    state = make(phase=ROLL, boat=0)
    supply = state.supply
    state.apply_action(RollDice(1, 1))  # boat to index 2 = (6, 1), facing (5, 1)
    assert state.boat == 2
    assert state.tourists[PLACE_OF[(5, 1)]] == 1 and state.supply == supply - 1
    assert state.total_tourists() == 30


def test_AMS_10_a_boat_in_a_bend_leaves_the_tourist_on_the_quay() -> None:
    """AMS-10: stopping in a bend, the tourist waits on that quay."""
    state = make(phase=ROLL, boat=0)
    state.apply_action(RollDice(1, 2))  # to the south-west bend (index 3)
    assert state.boat == 3 and state.quays == [1, 0, 0, 0]
    assert sum(state.tourists) == 0 and tourist_counts(state)["quays"][(6, 0)] == 1


def test_AMS_11_waiting_tourists_are_picked_up_and_dropped_together() -> None:
    """AMS-11: a boat passing a bend picks up the waiting tourists, drops them with the new one."""
    state = make(phase=ROLL, boat=1, quays=(2, 0, 0, 0))
    state.apply_action(RollDice(2, 2))  # 1 -> 5, passing the bend at 3
    assert state.quays == [0, 0, 0, 0]
    assert state.tourists[PLACE_OF[(4, 1)]] == 3  # two waiting + the new one


def test_AMS_11_a_boat_leaving_a_bend_does_not_pick_up_by_default() -> None:
    """AMS-11 (decision): only bends passed on the way; an option picks up on departure too."""
    state = make(phase=ROLL, boat=3, quays=(2, 0, 0, 0))
    state.apply_action(RollDice(1, 1))
    assert state.quays == [2, 0, 0, 0] and state.tourists[PLACE_OF[(4, 1)]] == 1
    state = make(phase=ROLL, boat=3, quays=(2, 0, 0, 0), pickup_on_departure=True)
    state.apply_action(RollDice(1, 1))
    assert state.quays == [0, 0, 0, 0] and state.tourists[PLACE_OF[(4, 1)]] == 3


def test_AMS_11_tourists_on_the_quay_where_the_boat_stops_keep_waiting() -> None:
    """AMS-11: stopping in a bend, the waiting tourists stay and the new one joins them."""
    state = make(phase=ROLL, boat=7, quays=(0, 2, 0, 0))
    state.apply_action(RollDice(1, 1))  # 7 -> 9, the north-west bend
    assert state.quays == [0, 3, 0, 0]


# ------------------------------------------------------------------ phase 4


def test_AMS_12_hotels_only_in_the_first_two_turns() -> None:
    """AMS-12: one hotel in each of the first two turns, never later."""
    state = new_game()
    state.apply_action(RollDice(1, 1))
    assert state.phase == HOTEL and len(state.legal_actions()) == 36
    state.apply_action(PlaceHotel((2, 2)))
    assert state.hotels[0] == [(2, 2)] and state.phase == MOVE_MAYOR
    refuse(state, PlaceHotel((2, 3)), "phase 4")  # one hotel per turn
    later = make(phase=MOVE_MAYOR, steps=(1, 1))
    refuse(later, PlaceHotel((2, 3)), "hotels must be placed during the first two turns")


def test_AMS_13_hotels_ignore_pawns_but_never_share_an_intersection() -> None:
    """AMS-13: the Mayor's position does not matter; no two hotels on one intersection."""
    state = make(hotels=[[(2, 2)], []], turns_taken=[1, 1], phase=HOTEL, player=1, mayor=(5, 5))
    legal = {a.intersection for a in state.legal_actions()}
    assert (5, 5) in legal and (2, 2) not in legal and len(legal) == 35
    refuse(state, PlaceHotel((2, 2)), "already a hotel on this intersection")
    refuse(state, PlaceHotel((0, 2)), "not an intersection")
    state.apply_action(PlaceHotel((5, 5)))
    assert state.hotels[1] == [(5, 5)] and state.mayor == (5, 5)


def test_AMS_14_a_hotel_next_to_the_dam_scores_the_dam() -> None:
    """AMS-14: a hotel may stand next to the Dam, and the Dam's tourists count for it."""
    state = make(hotels=[[], []], turns_taken=[0, 0], phase=HOTEL, dam=3, tourists={(2, 2): 1})
    assert PlaceHotel((3, 3)) in state.legal_actions()
    state.apply_action(PlaceHotel((3, 3)))
    assert score(state, 0) == 4


# ------------------------------------------------------------------ phase 5


@pytest.mark.parametrize(("white", "black"), [(1, 3), (2, 2), (3, 1)])
def test_AMS_15_pawns_walk_exactly_the_dice_steps(white: int, black: int) -> None:
    """AMS-15: the Mayor walks exactly the white die's steps, the Nightwatchman the black die's."""
    state = make(phase=ROLL, boat=0)
    state.apply_action(RollDice(white, black))
    graph = city_graph()
    assert state.phase == MOVE_MAYOR
    expected = walk_ends(graph, (3, 3), white) - {(4, 4)}
    assert {a.destination for a in state.legal_actions()} == expected
    assert set(pawn_destinations(state, "mayor")) == expected
    target = sorted(expected)[-1]
    state.apply_action(MovePawn("mayor", target))
    assert state.phase == MOVE_NIGHTWATCHMAN
    expected = walk_ends(graph, (4, 4), black) - {target}
    assert {a.destination for a in state.legal_actions()} == expected
    far = next(x for x in INTERSECTIONS if nx.shortest_path_length(graph, (4, 4), x) > black)
    refuse(state, MovePawn("nightwatchman", far), f"moves exactly {black} steps")
    refuse(state, MovePawn("mayor", (3, 3)), "now the Nightwatchman walks")
    state.apply_action(MovePawn("nightwatchman", sorted(expected)[0]))
    assert state.phase == ACT_MAYOR


def test_AMS_15_a_walk_may_come_back_on_itself() -> None:
    """AMS-15: a walk of two steps may end where it started (there and back)."""
    state = make(phase=MOVE_MAYOR, steps=(2, 1), mayor=(1, 1), nightwatchman=(6, 6))
    assert MovePawn("mayor", (1, 1)) in state.legal_actions()
    assert MovePawn("mayor", (1, 2)) not in state.legal_actions()  # odd distance


def test_AMS_16_the_dam_may_be_crossed_diagonally() -> None:
    """AMS-16: one step takes the Mayor diagonally across the Dam; not with the option off."""
    state = make(phase=MOVE_MAYOR, steps=(1, 1), mayor=(3, 4), nightwatchman=(1, 1))
    assert MovePawn("mayor", (4, 3)) in state.legal_actions()
    state = make(
        phase=MOVE_MAYOR, steps=(1, 1), mayor=(3, 4), nightwatchman=(1, 1), dam_diagonals=False
    )
    refuse(state, MovePawn("mayor", (4, 3)), "moves exactly 1 steps")


def test_AMS_17_pawns_never_share_a_location_but_may_share_with_hotels() -> None:
    """AMS-17: the pawns cannot be on the same location; hotels do not block them."""
    state = make(hotels=[[(3, 2), (2, 3)], [(6, 6), (6, 5)]], phase=MOVE_MAYOR, steps=(1, 1))
    refuse(state, MovePawn("mayor", (4, 4)), "cannot be on the same location")
    assert MovePawn("mayor", (3, 2)) in state.legal_actions()
    state.apply_action(MovePawn("mayor", (2, 3)))  # onto a hotel
    assert state.mayor == (2, 3)
    # The Nightwatchman may pass the Mayor but not end on him.
    state = make(phase=MOVE_NIGHTWATCHMAN, steps=(1, 2), mayor=(4, 5), nightwatchman=(4, 4))
    legal = {a.destination for a in state.legal_actions()}
    assert (4, 6) in legal and (4, 5) not in legal
    refuse(state, MovePawn("nightwatchman", (4, 5)), "cannot be on the same location")


def test_AMS_17_there_is_always_a_legal_walk() -> None:
    """AMS-17: whatever the steps, each pawn has a destination other than the other pawn's spot."""
    for steps in (1, 2, 3):
        for x in INTERSECTIONS:
            for y in INTERSECTIONS:
                if x != y:
                    state = make(mayor=x, nightwatchman=y, steps=(steps, steps), phase=MOVE_MAYOR)
                    assert state.legal_actions()


# ------------------------------------------------------------------ phase 6


def test_AMS_18_a_pawn_turns_a_tile_around_its_intersection() -> None:
    """AMS-18: the Mayor turns one of the building tiles around the intersection he arrived on."""
    state = make(phase=ACT_MAYOR, mayor=(2, 2), nightwatchman=(5, 5))
    around = set(tiles_around((2, 2)))
    turns = [a for a in state.legal_actions() if isinstance(a, TurnTile)]
    night_around = {t for t in around if not state.day_up[PLACE_OF[t]]}
    assert {a.tile for a in turns} == night_around and night_around
    assert Skip("mayor") in state.legal_actions()
    far_night = next(t for t in BUILDING_TILES if t not in around and not state.day_up[PLACE_OF[t]])
    refuse(state, TurnTile("mayor", far_night), "around the intersection on which it has arrived")
    refuse(state, TurnTile("nightwatchman", far_night), "now the Mayor acts")
    tile = sorted(night_around)[0]
    state.apply_action(TurnTile("mayor", tile))
    assert state.day_up[PLACE_OF[tile]] and state.phase == ACT_NIGHTWATCHMAN
    state.apply_action(Skip("nightwatchman"))
    assert state.player == 1 and state.phase == ROLL


def test_AMS_19_mayor_turns_only_night_tiles_nightwatchman_only_day_tiles() -> None:
    """AMS-19: "the Mayor can only turn over a tile with a black symbol" and vice versa."""
    state = make(phase=ACT_MAYOR, mayor=(2, 2), nightwatchman=(5, 5))
    day_tile = next(t for t in tiles_around((2, 2)) if state.day_up[PLACE_OF[t]])
    refuse(state, TurnTile("mayor", day_tile), "only turn over a tile with a black symbol")
    state = make(phase=ACT_NIGHTWATCHMAN, mayor=(1, 1), nightwatchman=(2, 2))
    night_tile = next(t for t in tiles_around((2, 2)) if not state.day_up[PLACE_OF[t]])
    refuse(
        state, TurnTile("nightwatchman", night_tile), "only turn over a tile with a white symbol"
    )
    state.apply_action(TurnTile("nightwatchman", day_tile))
    assert not state.day_up[PLACE_OF[day_tile]]


def _coffee_scenario(counts: list[int], **options) -> tuple[AmsterdamState, list[tuple[int, int]]]:
    """The rulebook example: three tourists in a coffee shop (E) the Mayor turns over;
    the other coffee shops hold ``counts`` tourists (F, G, H)."""
    state = make(phase=ACT_MAYOR, **options)
    shops = tiles_with(state, "coffee shop")
    assert len(shops) == 4
    for t in shops:
        show(state, t, day=False)
    e, others = shops[0], shops[1:]
    state.tourists = [0] * 25
    state.tourists[PLACE_OF[e]] = 3
    for t, n in zip(others, counts, strict=True):
        state.tourists[PLACE_OF[t]] = n
    state.supply = 30 - sum(state.tourists)
    state.mayor = intersections_around(e)[0]
    state.nightwatchman = next(x for x in INTERSECTIONS if x != state.mayor)
    return state, shops


def test_AMS_20_chased_tourists_go_together_to_the_fewest_and_the_player_chooses() -> None:
    """AMS-20: the rulebook example: coffee shops with 2, 1 and 1 tourists; choose one with 1."""
    state, (e, f, g, h) = _coffee_scenario([2, 1, 1])
    state.apply_action(TurnTile("mayor", e))
    assert state.day_up[PLACE_OF[e]] and state.tourists[PLACE_OF[e]] == 0
    assert state.phase == CHASE and state.current_player() == 0
    assert state.chased == 3 and state.total_tourists() == 30
    assert set(state.legal_actions()) == {ChaseTo(g), ChaseTo(h)}
    refuse(state, ChaseTo(f), "the fewest tourists")
    state.apply_action(ChaseTo(h))
    assert state.tourists[PLACE_OF[h]] == 4 and state.tourists[PLACE_OF[g]] == 1
    assert state.chased == 0 and state.phase == ACT_NIGHTWATCHMAN


def test_AMS_20_a_single_emptiest_location_is_chosen_automatically() -> None:
    """AMS-20: with one coffee shop holding the fewest tourists, they go there without a choice."""
    state, (e, f, g, h) = _coffee_scenario([2, 0, 1])
    state.apply_action(TurnTile("mayor", e))
    assert state.phase == ACT_NIGHTWATCHMAN and state.tourists[PLACE_OF[g]] == 3
    assert (state.tourists[PLACE_OF[f]], state.tourists[PLACE_OF[h]]) == (2, 1)


def test_AMS_20_a_location_must_show_the_function_now() -> None:
    """AMS-20: a coffee-shop tile showing its day side is not a coffee shop now."""
    state, (e, f, g, h) = _coffee_scenario([2, 0, 1])
    show(state, g, day=True)
    state.apply_action(TurnTile("mayor", e))
    assert state.tourists[PLACE_OF[h]] == 4 and state.tourists[PLACE_OF[g]] == 0
    assert state.tourists[PLACE_OF[f]] == 2


def test_AMS_21_with_no_location_of_that_function_tourists_go_to_the_dam() -> None:
    """AMS-21: rootless tourists go to the Dam."""
    state, (e, f, g, h) = _coffee_scenario([2, 0, 1])
    for t in (f, g, h):
        show(state, t, day=True)
    state.apply_action(TurnTile("mayor", e))
    assert state.tourists[DAM_PLACE] == 3 and state.phase == ACT_NIGHTWATCHMAN
    assert state.total_tourists() == 30


def test_AMS_22_the_dam_can_never_be_turned() -> None:
    """AMS-22: "the Dam tile can never be turned over", even by a pawn on its corner."""
    for pawn, phase in (("mayor", ACT_MAYOR), ("nightwatchman", ACT_NIGHTWATCHMAN)):
        state = make(phase=phase, dam=2)
        assert all(a.tile != DAM for a in state.legal_actions() if isinstance(a, TurnTile))
        refuse(state, TurnTile(pawn, DAM), "the Dam tile can never be turned over")


def test_AMS_23_a_pawn_next_to_the_dam_leads_a_tourist_to_a_random_location() -> None:
    """AMS-23: the Mayor leads one Dam tourist to a uniformly random day location."""
    state = make(phase=ACT_MAYOR, dam=2)
    assert LeadFromDam("mayor") in state.legal_actions()
    state.apply_action(LeadFromDam("mayor"))
    assert state.phase == DAM_LEAD and state.current_player() == CHANCE
    outcomes = state.chance_outcomes()
    day = {t for t in BUILDING_TILES if state.day_up[PLACE_OF[t]]}
    assert {a.tile for a, _ in outcomes} == day
    assert all(p == Fraction(1, len(day)) for _, p in outcomes)
    target = sorted(day)[0]
    state.apply_action(DamLead(target))
    assert state.tourists[DAM_PLACE] == 1 and state.tourists[PLACE_OF[target]] == 1
    assert state.phase == ACT_NIGHTWATCHMAN
    # The Nightwatchman, also on a Dam corner, leads to a night location.
    state.apply_action(LeadFromDam("nightwatchman"))
    night = {a.tile for a, _ in state.chance_outcomes()}
    assert night == {t for t in BUILDING_TILES if not state.day_up[PLACE_OF[t]]}
    refuse(state, DamLead(target), "not a possible chance outcome")


def test_AMS_23_only_next_to_the_dam_and_only_with_tourists_there() -> None:
    """AMS-23: leading needs a pawn on a Dam corner and a tourist on the Dam."""
    state = make(phase=ACT_MAYOR, dam=2, mayor=(1, 1))
    refuse(state, LeadFromDam("mayor"), "only a pawn placed next to the Dam")
    state = make(phase=ACT_MAYOR, dam=0)
    refuse(state, LeadFromDam("mayor"), "no tourist on the Dam")


def test_AMS_23_option_the_player_chooses_where_a_dam_tourist_goes() -> None:
    """AMS-23 with dam_lead="choose": the same targets, chosen by the player, not chance.

    With the tactical variant this leaves a game without any chance node.
    """
    state = make(variant="tactical", phase=ACT_MAYOR, dam=2, dam_lead="choose")
    state.apply_action(LeadFromDam("mayor"))
    assert state.phase == DAM_LEAD and state.current_player() == state.player
    day = {t for t in BUILDING_TILES if state.day_up[PLACE_OF[t]]}
    assert {a.tile for a in state.legal_actions()} == day
    night_tile = next(t for t in BUILDING_TILES if not state.day_up[PLACE_OF[t]])
    refuse(state, DamLead(night_tile), "only lead a tourist to a day")
    target = sorted(day)[-1]
    state.apply_action(DamLead(target))
    assert state.tourists[PLACE_OF[target]] == 1 and state.tourists[DAM_PLACE] == 1
    assert state.phase == ACT_NIGHTWATCHMAN


def test_AMS_28_tactical_variant_with_chosen_dam_leads_has_no_chance_node() -> None:
    """AMS-28..30 and AMS-23 (option): random tactical games never meet a chance node."""
    from hoteledu.core.agents import PlayerView, RandomAgent

    for seed in range(5):
        state = new_game(players=2, variant="tactical", dam_lead="choose")
        agents = [RandomAgent(seed), RandomAgent(seed + 100)]
        while not state.is_terminal():
            assert state.current_player() != CHANCE
            mover = state.current_player()
            state.apply_action(agents[mover].act(PlayerView(state, mover)))


def test_dam_lead_option_is_validated() -> None:
    with pytest.raises(ValueError, match="dam_lead"):
        load_game("amsterdam", dam_lead="sometimes")


# ------------------------------------------------------------------ scoring and end


def test_AMS_24_hotels_score_distinct_tiles_once() -> None:
    """AMS-24: each tourist around a hotel is one point; a tile next to both hotels counts once."""
    state = make(
        hotels=[[(3, 3), (3, 4)], [(1, 1), (6, 6)]],
        tourists={(2, 3): 2, (2, 2): 1, (2, 4): 4, (3, 2): 1, (5, 5): 3},
        dam=5,
        quays=(0, 4, 0, 0),
    )
    # (3,3) touches (2,2) (2,3) (3,2) Dam; (3,4) touches (2,3) (2,4) Dam (3,4).
    assert score(state, 0) == 1 + 2 + 1 + 5 + 4
    # (1,1) touches the north-west quay's bend: quay tourists never count.
    assert score(state, 1) == 3
    assert state.returns() == [13.0, 3.0]


def test_AMS_25_game_ends_as_soon_as_a_player_reaches_15() -> None:
    """AMS-25: with two players 15 tourists end the game at once, mid-turn, and that player wins."""
    state = make(
        hotels=[[(5, 1), (6, 6)], [(1, 1), (1, 6)]],
        tourists={(5, 1): 14},
        phase=ROLL,
        boat=0,
    )
    state.apply_action(RollDice(1, 1))  # drops onto (5, 1): 15 points
    assert score(state, 0) == 15 and state.is_terminal() and state.phase == OVER
    assert state.winners() == [0] and state.player == 0
    assert state.legal_actions() == [] and state.current_player() == TERMINAL
    assert "P1 reached 15 tourists" in state.end_reason() and "AMS-25" in state.end_reason()
    refuse(state, RollDice(1, 1), "the game is over")


def test_AMS_25_the_first_to_the_target_wins_though_the_turn_could_change_it() -> None:
    """AMS-25: the game ends at the chase that brings player 1 (P2) to 12; the Nightwatchman's
    act, which would have taken them away again, never happens. The old reading
    (end_rule='end_of_turn') plays it and the first player to the target loses."""

    def position(end_rule: str) -> tuple[AmsterdamState, tuple[int, int]]:
        state, (e, f, g, h) = _coffee_scenario([2, 1, 1], end_rule=end_rule, players=3)
        # P2's hotel touches h (which holds 1) but not e; 3 chased tourists there make 12.
        corner = next(x for x in intersections_around(h) if e not in tiles_around(x))
        state.hotels = [[(6, 6)], [corner], [(1, 6)]]
        other = next(t for t in tiles_around(corner) if t in PLACE_OF and t not in (e, f, g, h))
        state.tourists[PLACE_OF[other]] += 9 - state.score(1)
        state.supply = 30 - sum(state.tourists) - sum(state.quays)
        return state, h

    state, h = position("immediate")
    assert state.score(1) == 9
    state.apply_action(TurnTile("mayor", state_first_coffee(state)))
    state.apply_action(ChaseTo(h))  # P1 (player 0) chooses h: player 1 reaches 12 (AMS-20)
    assert state.score(1) == 12 and state.is_terminal() and state.winners() == [1]
    assert state.phase == OVER and "P2 reached 12 tourists" in state.end_reason()

    old, h = position("end_of_turn")
    old.apply_action(TurnTile("mayor", state_first_coffee(old)))
    old.apply_action(ChaseTo(h))
    assert old.score(1) == 12 and not old.is_terminal() and old.phase == ACT_NIGHTWATCHMAN
    assert old.target_reached


def state_first_coffee(state: AmsterdamState) -> tuple[int, int]:
    """The coffee shop holding three tourists in ``_coffee_scenario``."""
    return next(t for t in tiles_with(state, "coffee shop") if state.tourists[PLACE_OF[t]] == 3)


def test_AMS_25_end_of_turn_option_finishes_the_turn() -> None:
    """AMS-25, option end_rule='end_of_turn': 15 tourists end the game once the turn is finished."""
    state = make(
        hotels=[[(5, 1), (6, 6)], [(1, 1), (1, 6)]],
        tourists={(5, 1): 14},
        phase=ROLL,
        boat=0,
        end_rule="end_of_turn",
    )
    state.apply_action(RollDice(1, 1))  # drops onto (5, 1): 15 points
    assert score(state, 0) == 15 and not state.is_terminal() and state.phase == MOVE_MAYOR
    finish_turn(state)
    assert state.is_terminal() and state.phase == OVER and state.winners() == [0]
    assert "turn was finished" in state.end_reason()
    refuse(state, RollDice(1, 1), "the game is over")


def test_end_rule_option_is_validated() -> None:
    with pytest.raises(ValueError, match="end_rule"):
        load_game("amsterdam", end_rule="later")


def test_AMS_25_three_players_end_at_12_and_14_is_not_enough_for_two() -> None:
    """AMS-25: 12 points end a 3-player game; 14 of 15 does not end a 2-player game."""
    three = make(
        players=3, hotels=[[(5, 1), (6, 6)], [(1, 1)], [(1, 6)]], tourists={(5, 1): 11}, phase=ROLL
    )
    three.apply_action(RollDice(1, 1))
    assert three.is_terminal() and three.scores()[0] == 12
    two = make(hotels=[[(5, 1), (6, 6)], [(1, 1), (1, 6)]], tourists={(5, 1): 13}, phase=ROLL)
    two.apply_action(RollDice(1, 1))
    finish_turn(two)
    assert not two.is_terminal() and two.player == 1


def test_AMS_26_last_tourist_ends_the_game_after_that_turn_ties_shared() -> None:
    """AMS-26: when no tourist is left, the player who dropped the last one finishes the turn."""
    state = make(
        hotels=[[(5, 1), (1, 1)], [(5, 2), (1, 6)]],
        tourists={(5, 1): 2, (4, 2): 3},
        phase=ROLL,
        supply=1,
        boat=0,
    )
    state.apply_action(RollDice(1, 1))  # the last tourist lands on (5, 1)
    assert state.supply == 0 and not state.is_terminal()
    finish_turn(state)
    assert "supply is empty" in state.end_reason()
    assert state.is_terminal()
    # (5,1) scores for both: player 0 has 3; player 1 has (5,1)=3 + (4,2)=3.
    assert state.scores() == [3, 6] and state.winners() == [1]
    tie = make(hotels=[[(5, 1)], [(5, 2)]], tourists={(5, 1): 2}, phase=ROLL, supply=1)
    tie.apply_action(RollDice(1, 1))
    finish_turn(tie)
    assert tie.is_terminal() and tie.winners() == [0, 1] and tie.utilities() == [0.5, 0.5]


def test_AMS_27_tourists_left_on_a_quay_stay_there() -> None:
    """AMS-27: at the end, tourists on a quay can no longer be picked up and score nothing."""
    state = make(hotels=[[(1, 1), (6, 6)], [(1, 6), (6, 1)]], phase=ROLL, supply=1, boat=1)
    state.apply_action(RollDice(1, 1))  # the last tourist waits on the bend at 3
    finish_turn(state)
    assert state.is_terminal() and state.quays[0] >= 1
    assert state.scores() == [0, 0] and state.legal_actions() == []


# ------------------------------------------------------------------ tactical variant


def test_AMS_28_tactical_boat_moves_1_to_4_by_choice() -> None:
    """AMS-28: no dice: the player moves the boat forward 1, 2, 3 or 4 places."""
    state = make(variant="tactical", phase=BOAT, boat=0)
    assert new_game(variant="tactical").phase == BOAT
    assert new_game(variant="tactical").current_player() == 0
    assert state.legal_actions() == [MoveBoat(1), MoveBoat(2), MoveBoat(3), MoveBoat(4)]
    refuse(state, MoveBoat(5), "forward 1, 2, 3 or 4 places")
    refuse(state, RollDice(1, 1), "outcome of chance")
    state.apply_action(MoveBoat(4))
    assert state.boat == 4 and state.tourists[PLACE_OF[(5, 1)]] == 1 and state.phase == SPLIT
    refuse(make(phase=MOVE_MAYOR, steps=(1, 1)), MoveBoat(2), "the dice decide")


def test_AMS_29_tactical_steps_share_at_most_4_neither_more_than_3() -> None:
    """AMS-29: split at most 4 steps, at most 3 each; not 4 with one and 0 with the other."""
    state = make(variant="tactical", phase=SPLIT)
    splits = {(a.mayor, a.nightwatchman) for a in state.legal_actions()}
    assert splits == {(m, n) for m in range(4) for n in range(4) if m + n <= 4}
    assert (4, 0) not in splits and (0, 4) not in splits and (3, 2) not in splits
    refuse(state, SplitSteps(4, 0), "cannot move more than 3 steps")
    refuse(state, SplitSteps(3, 2), "a maximum of 4 steps")
    state.apply_action(SplitSteps(0, 2))  # the Mayor stays put
    assert state.phase == MOVE_NIGHTWATCHMAN and state.mayor == (3, 3)
    stay = make(variant="tactical", phase=SPLIT)
    stay.apply_action(SplitSteps(0, 0))
    assert stay.phase == ACT_MAYOR
    walk = make(variant="tactical", phase=SPLIT)
    walk.apply_action(SplitSteps(3, 1))
    assert {a.destination for a in walk.legal_actions()} == walk_ends(city_graph(), (3, 3), 3) - {
        (4, 4)
    }


def test_AMS_30_tactical_tile_with_four_tourists_cannot_be_turned() -> None:
    """AMS-30: "if there are four tourists on a tile, this tile can no longer be turned over"."""
    state = make(variant="tactical", phase=ACT_MAYOR, mayor=(2, 2), nightwatchman=(5, 5))
    night = [t for t in tiles_around((2, 2)) if not state.day_up[PLACE_OF[t]]]
    full, other = night[0], night[1]
    state.tourists[PLACE_OF[full]] = 4
    state.tourists[PLACE_OF[other]] = 3
    state.supply -= 7
    refuse(state, TurnTile("mayor", full), "four tourists on a tile")
    assert TurnTile("mayor", other) in state.legal_actions()
    dice = make(phase=ACT_MAYOR, mayor=(2, 2), nightwatchman=(5, 5))
    dice.tourists[PLACE_OF[full]] = 4
    dice.supply -= 4
    assert TurnTile("mayor", full) in dice.legal_actions()  # the family game has no limit


# ------------------------------------------------------------------ engine services


def test_registry_options_and_factory_store_every_option() -> None:
    state = load_game("amsterdam", players=3, variant="tactical")
    assert isinstance(state, AmsterdamState)
    assert state.options == {
        "players": 3,
        "variant": "tactical",
        "layout": "standard",
        "target": None,
        "pickup_on_departure": False,
        "dam_diagonals": True,
        "dam_lead": "random",
        "end_rule": "immediate",
    }
    assert new_game(target=8).target == 8
    with pytest.raises(ValueError):
        load_game("amsterdam", variant="chess")


def test_snapshot_round_trip_and_malformed_data_refused() -> None:
    state = make(phase=CHASE, dam=1)
    state.chased, state.chase_function = 2, 6
    state.supply -= 2
    snap = json.loads(json.dumps(state.to_snapshot()))
    again = AmsterdamState.from_snapshot(state.options, snap)
    assert again == state and again.legal_actions() == state.legal_actions()
    bad_cases = {
        "tourists": (lambda s: s["tourists"].__setitem__(0, s["tourists"][0] + 1), "31 tourists"),
        "pawns": (lambda s: s.__setitem__("mayor", s["nightwatchman"]), "same location"),
        "hotel": (lambda s: s.__setitem__("hotels", [[[1, 1]], [[1, 1]]]), "two hotels"),
        "phase": (lambda s: s.__setitem__("phase", "lunch"), "unknown phase"),
        "field": (lambda s: s.pop("boat"), "missing \\['boat'\\]"),
        "tiles": (lambda s: s["tile_at"].__setitem__(0, 5), "one building tile twice"),
        "range": (lambda s: s.__setitem__("boat", 24), "'boat'"),
    }
    for name, (spoil, message) in bad_cases.items():
        data = json.loads(json.dumps(snap))
        spoil(data)
        with pytest.raises(MalformedRecordError, match=message):
            AmsterdamState.from_snapshot(state.options, data)
        assert name


def test_a_saved_score_at_the_target_that_the_game_did_not_note_is_refused() -> None:
    """AMS-25: every change is checked against the target, so a saved position in which a
    player holds the target while ``target_reached`` is false is no game's (the quick
    playout relies on it); one tourist fewer loads."""
    state = make(hotels=[[(2, 2), (5, 5)], [(1, 1), (6, 6)]], tourists={(2, 2): 3}, dam=2)
    snap = json.loads(json.dumps(state.to_snapshot()))
    place = _scored_places(tuple(state.hotels[0]))[0]
    short = state.target - 1 - state.score(0)
    snap["tourists"][place] += short
    snap["supply"] -= short
    loaded = AmsterdamState.from_snapshot(state.options, snap)
    assert loaded.score(0) == state.target - 1 and not loaded.target_reached
    snap["tourists"][place] += 1
    snap["supply"] -= 1
    with pytest.raises(MalformedRecordError, match=r"'target_reached' is false \[AMS-25\]"):
        AmsterdamState.from_snapshot(state.options, snap)


def test_clone_is_independent() -> None:
    state = new_game()
    state.apply_action(RollDice(2, 2))
    copy = state.clone()
    copy.apply_action(PlaceHotel((2, 2)))
    assert state.hotels == [[], []] and copy.hotels == [[(2, 2)], []]
    assert state.phase == HOTEL and copy != state


def test_render_text_and_html_show_the_board() -> None:
    state = make(hotels=[[(2, 2), (5, 5)], [(1, 1), (6, 6)]], tourists={(2, 2): 3}, dam=2)
    text = state.render_text()
    assert "DAM 2" in text and "M" in text and "N" in text and "B" in text
    assert "P1 (red): hotels (2,2) (5,5), score 3" in text
    page = state._repr_html_()
    assert page.startswith("<div><table") and "DAM 2" in page
    assert "roll dice" in state.summary()
    # Day functions show in capitals, night ones in lower case.
    first = TILES[state.tile_at[0]]
    shown = first.day if state.day_up[0] else first.night
    assert (shown[:3].upper() if state.day_up[0] else shown[:3]) in text.splitlines()[3]


def test_summary_names_the_player_and_phase() -> None:
    state = make(phase=MOVE_MAYOR, steps=(2, 1))
    assert state.summary() == "P1 (red): move the Mayor 2 steps"
    assert state.phase in (MOVE_MAYOR,) and DAY_FUNCTIONS[0] == "museum"
    assert NIGHT_FUNCTIONS[0] == "coffee shop"


def test_conformance_suite_with_chosen_dam_leads() -> None:
    """The conformance suite passes with the dam_lead="choose" option (AMS-23)."""
    from hoteledu.testing import check_game

    check_game("amsterdam", {"variant": "tactical", "dam_lead": "choose"}, seeds=range(3))
    check_game("amsterdam", {"players": 3, "dam_lead": "choose"}, seeds=range(2))


# ------------------------------------------- refusals and blind spots (issue "Engines hardened")


def _refusal_candidates() -> list:
    """Actions of every kind, legal somewhere, plus values outside the rules' ranges."""

    def maybe(kind, *args) -> list:  # out-of-range values may already be refused when built
        try:
            return [kind(*args)]
        except ValueError:
            return []

    actions: list = []
    for w in range(5):
        for b in range(5):
            actions += maybe(RollDice, w, b)
            actions += maybe(SplitSteps, w, b)
    for s in range(6):
        actions += maybe(MoveBoat, s)
    for x in (*INTERSECTIONS, (0, 0), (7, 3)):
        actions += maybe(PlaceHotel, x)
        actions += [*maybe(MovePawn, "mayor", x), *maybe(MovePawn, "nightwatchman", x)]
    for t in (*BUILDING_TILES, DAM, (9, 9)):
        actions += [*maybe(TurnTile, "mayor", t), *maybe(TurnTile, "nightwatchman", t)]
        actions += [*maybe(ChaseTo, t), *maybe(DamLead, t)]
    for pawn in ("mayor", "nightwatchman"):
        actions += [LeadFromDam(pawn), Skip(pawn)]
    actions += [DealTile(BUILDING_TILES[0], 0), DealTile(BUILDING_TILES[5], 3)]
    actions += maybe(DealTile, BUILDING_TILES[5], 30)
    return actions


def test_every_refusal_names_its_AMS_rule_over_random_games() -> None:
    """Every refusal, of every action kind in every phase, names its rule (AMS-xx).

    Random games under every option, a sample of illegal actions at each position
    (before this change 40% of the refusals named no rule: chance nodes, the end,
    ChaseTo outside a chase, chance outcomes offered as decisions)."""
    import random
    import re

    rng = random.Random(2026)
    candidates = _refusal_candidates()
    configs = [
        {},
        {"variant": "tactical"},
        {"layout": "shuffled"},
        {"dam_lead": "choose", "players": 3},
        {"variant": "tactical", "dam_lead": "choose", "players": 4},
        {"end_rule": "end_of_turn"},
    ]
    refused, unnamed = 0, []
    phases, kinds = set(), set()
    for game in range(12):
        state = new_game(**configs[game % len(configs)])
        while True:
            for action in rng.sample(candidates, 12):
                try:
                    state.check_action(action)
                except IllegalActionError as error:
                    refused += 1
                    phases.add(state.phase)
                    kinds.add(type(action))
                    if not re.search(r"\[AMS-\d\d\]", str(error)):
                        unnamed.append((state.phase, str(error)))
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
    assert refused > 2000 and not unnamed, unnamed[:5]
    assert phases >= {ROLL, BOAT, HOTEL, SPLIT, MOVE_MAYOR, ACT_MAYOR, ACT_NIGHTWATCHMAN, OVER}
    assert phases >= {"deal tiles", MOVE_NIGHTWATCHMAN}
    assert len(kinds) == len(AmsterdamState.action_types)


def test_refusals_say_what_would_be_legal_now() -> None:
    """A refusal of an action from another phase names that rule and what may be done now."""
    state = make(phase=ROLL)
    refuse(state, MovePawn("mayor", (3, 4)), r"phase 5.*\[AMS-15\]; now the boat moves: throw")
    refuse(
        state, ChaseTo((1, 1)), r"no tourists are being chased away now \[AMS-20\]; now the boat"
    )
    refuse(state, RollDice(4, 1), r"1, 2 or 3 \[AMS-07\]")
    refuse(make(phase=MOVE_MAYOR, steps=(2, 1)), Skip("mayor"), r"now move the Mayor by 2 steps")
    refuse(make(phase=HOTEL), RollDice(1, 2), r"phase 1 \[AMS-07\]; now place a hotel")
    tactical = make(variant="tactical", phase=BOAT)
    refuse(tactical, RollDice(1, 1), r"no dice \[AMS-28\]; now move the canal tour boat")
    refuse(tactical, DamLead((1, 1)), r"outcome of chance.*\[AMS-23\]")
    over = make(hotels=[[(5, 1), (6, 6)], [(1, 1), (1, 6)]], tourists={(5, 1): 14}, phase=ROLL)
    over.apply_action(RollDice(1, 1))
    refuse(over, Skip("mayor"), r"the game is over: P1 reached 15 tourists.*\[AMS-25\]")
    shuffled = new_game(layout="shuffled")
    refuse(shuffled, PlaceHotel((2, 2)), r"\[AMS-12\]; now chance places .*\[AMS-02\]")


def test_AMS_11_a_bend_passed_on_the_last_step_is_picked_up_not_the_stop_bend() -> None:
    """AMS-11: "picked up when the boat passes the same bend": every bend passed, up to
    the last step before the stop, is emptied; the bend the boat stops in is not passed
    (AMS-10: the tourists wait there). Pins the boundary of ``range(first, steps)``: a
    range ending one step early fails here. (Picking up at the stop bend and leaving the
    load on that same quay looks the same, so that mutant is equivalent.)"""
    state = make(phase=ROLL, boat=1, quays=(2, 0, 0, 0))
    state.apply_action(RollDice(1, 2))  # 1 -> 4: the bend at 3 is the last tile passed
    assert state.boat == 4 and state.quays == [0, 0, 0, 0]
    assert state.tourists[PLACE_OF[(5, 1)]] == 3  # two waiting + the new one
    state = make(phase=ROLL, boat=1, quays=(2, 0, 0, 0))
    state.apply_action(RollDice(1, 1))  # 1 -> 3: stops in the bend, does not pass it
    assert state.boat == 3 and state.quays == [3, 0, 0, 0]
    # From one bend to the next (3 -> 9): neither the bend left nor the one stopped in.
    state = make(phase=ROLL, boat=3, quays=(2, 2, 0, 0))
    state.apply_action(RollDice(3, 3))
    assert state.boat == 9 and state.quays == [2, 3, 0, 0]
    # The tactical variant sails the same way: 8 -> 10 passes the bend at 9.
    tactical = make(variant="tactical", phase=BOAT, boat=8, quays=(0, 2, 0, 0))
    tactical.apply_action(MoveBoat(2))
    assert tactical.quays == [0, 0, 0, 0] and tactical.tourists[PLACE_OF[(1, 1)]] == 3


def _dam_lead_to_target(**options) -> tuple[AmsterdamState, tuple[int, int]]:
    """P1 has 14 tourists on a day tile beside their hotel; the Mayor stands next to the
    Dam, which holds one tourist; the Mayor acts."""
    tile = (1, 1)
    hotel = next(x for x in intersections_around(tile) if x not in DAM_CORNERS)
    watch = next(x for x in INTERSECTIONS if x not in DAM_CORNERS and x != hotel)
    state = make(
        hotels=[[hotel], [(6, 6)]],
        tourists={tile: 14},
        dam=1,
        mayor=DAM_CORNERS[0],
        nightwatchman=watch,
        phase=ACT_MAYOR,
        **options,
    )
    show(state, tile, day=True)
    assert state.score(0) == 14 and LeadFromDam("mayor") in state.legal_actions()
    return state, tile


def test_AMS_23_AMS_25_a_tourist_led_from_the_dam_to_the_target_ends_the_game() -> None:
    """AMS-23 + AMS-25: the tourist the Mayor leads from the Dam lands beside P1's hotel:
    15 tourists, the game ends at that outcome and P1 wins (by chance or, with the option
    dam_lead="choose", by the player's choice); the old reading plays the turn on."""
    state, tile = _dam_lead_to_target()
    state.apply_action(LeadFromDam("mayor"))
    assert state.current_player() == CHANCE
    state.apply_action(DamLead(tile))
    assert state.score(0) == 15 and state.is_terminal() and state.winners() == [0]
    assert "P1 reached 15 tourists" in state.end_reason()
    chosen, tile = _dam_lead_to_target(dam_lead="choose")
    chosen.apply_action(LeadFromDam("mayor"))
    assert chosen.current_player() == 0
    chosen.apply_action(DamLead(tile))
    assert chosen.is_terminal() and chosen.winners() == [0]
    old, tile = _dam_lead_to_target(end_rule="end_of_turn")
    old.apply_action(LeadFromDam("mayor"))
    old.apply_action(DamLead(tile))
    assert old.score(0) == 15 and not old.is_terminal() and old.phase == ACT_NIGHTWATCHMAN


def test_AMS_20_AMS_25_a_chase_with_one_emptiest_location_can_reach_the_target() -> None:
    """AMS-20 + AMS-25: chased tourists that go without a choice to the only emptiest
    location beside P2's hotel bring P2 to 12 (3 players): the game ends at once."""
    state, (e, f, g, h) = _coffee_scenario([2, 0, 1], players=3)
    corner = next(x for x in intersections_around(g) if e not in tiles_around(x))
    state.hotels = [[(6, 6)], [corner], [(1, 6)]]
    other = next(t for t in tiles_around(corner) if t in PLACE_OF and t not in (e, f, g, h))
    state.tourists[PLACE_OF[other]] += 9 - state.score(1)
    state.supply = 30 - sum(state.tourists) - sum(state.quays)
    state.apply_action(TurnTile("mayor", e))
    assert state.score(1) == 12 and state.is_terminal() and state.winners() == [1]
    assert "P2 reached 12 tourists" in state.end_reason()


# ------------------------------------------------ options written once (info.py)
def test_new_game_takes_exactly_the_choices_info_writes_and_they_save_and_reload() -> None:
    """info.py is the only place the option choices are written: every choice starts a
    game that saves and reloads, and a value outside them is refused by new_game with
    the option named (before, new_game took target=7, whose saved game would not load)."""
    from hoteledu.amsterdam.info import GAME_INFO

    for option in GAME_INFO.options:
        for choice in option.choices:
            state = new_game(**{option.name: choice})
            assert state.options[option.name] == choice
            assert AmsterdamState.from_json(state.to_json()) == state
    for name, value in (("target", 7), ("players", 5), ("variant", "chess"), ("dam_lead", 1)):
        with pytest.raises(ValueError, match=f"option '{name}'"):
            new_game(**{name: value})
