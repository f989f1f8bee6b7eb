"""Hotel Amsterdam bots: greedy beats random; minimax finds wins, avoids a trap, beats greedy."""

from __future__ import annotations

from fractions import Fraction

import pytest

from hoteledu.amsterdam.actions import ChaseTo, RollDice, Skip, TurnTile
from hoteledu.amsterdam.board import PLACE_OF, intersections_around
from hoteledu.amsterdam.bots import WIN, GreedyAgent, Weights, evaluate, evaluate_position
from hoteledu.amsterdam.phases import ACT_MAYOR, ACT_NIGHTWATCHMAN, BOAT, CHASE, DAM_LEAD
from hoteledu.amsterdam.rules import AmsterdamState, new_game
from hoteledu.amsterdam.search import MinimaxAgent, pruning_savings, turn_ends
from hoteledu.amsterdam.tiles import TILES
from hoteledu.core import Agent, PlayerView, RandomAgent, play
from hoteledu.core.tournament import tournament


def position(
    variant: str = "tactical", *, tourists: dict, hotels: list, **fields
) -> AmsterdamState:
    """A hand-made two-player position after the hotel rounds; the rest stay in the supply."""
    state = new_game(variant=variant)
    state.tourists = [0] * 25
    for tile, count in tourists.items():
        state.tourists[PLACE_OF[tile]] = count
    state.hotels = [list(h) for h in hotels]
    state.turns_taken = [2, 2]
    day = fields.pop("day", {})
    for tile, up in day.items():
        state.day_up[PLACE_OF[tile]] = up
    for key, value in fields.items():
        setattr(state, key, value)
    state._acting_mayor = state.phase != ACT_NIGHTWATCHMAN
    state.supply = 30 - sum(state.tourists)
    assert state.total_tourists() == 30
    return state


def test_bots_follow_the_agent_protocol() -> None:
    for agent in (GreedyAgent(), MinimaxAgent(), MinimaxAgent(depth=2)):
        assert isinstance(agent, Agent) and agent.name
        again = agent.reseeded(5)
        assert type(again) is type(agent) and again.name == agent.name
    assert MinimaxAgent().name == "minimax-1-turn"
    assert MinimaxAgent(depth=3).name == "minimax-3-plies"
    with pytest.raises(ValueError, match="at least 1 ply"):
        MinimaxAgent(depth=0)
    with pytest.raises(ValueError, match="at least 1 turn"):
        MinimaxAgent(turns=0)
    with pytest.raises(ValueError, match="not both"):
        MinimaxAgent(turns=1, depth=2)


@pytest.mark.parametrize(("variant", "games"), [("dice", 16), ("tactical", 6)])
def test_greedy_beats_random_by_a_clear_margin(variant: str, games: int) -> None:
    """Over seeded games with alternating seats the greedy bot wins at least 80%."""
    share = 0.0
    for seed in range(games):
        state = new_game(variant=variant)
        seat = seed % 2
        agents: list = [RandomAgent(seed), RandomAgent(seed)]
        agents[seat] = GreedyAgent()
        play(state, agents, seed=seed)
        share += state.utilities()[seat]
    assert share / games >= 0.8, f"greedy won only {share}/{games}"


def test_greedy_takes_the_exact_expectation_over_the_next_roll() -> None:
    """At the end of its turn the greedy value is the mean over the 9 equally likely rolls."""
    state = position(
        "dice",
        tourists={(5, 1): 2},
        hotels=[[(5, 1), (1, 6)], [(1, 1), (2, 6)]],
        phase=ACT_NIGHTWATCHMAN,
        mayor=(3, 3),
        nightwatchman=(6, 6),
        boat=0,
    )
    values = dict(GreedyAgent(opponent_weight=0).action_values(state))
    # By hand: the next player's roll sum s moves the boat from 0 to s. The hotel at
    # (5, 1) scores tiles (4, 1) and (5, 1); (5, 1) is faced from canal tiles 2 and 4,
    # (4, 1) from canal tile 5: sums 2, 4 and 5 add one point.
    ways = {2: 1, 3: 2, 4: 3, 5: 2, 6: 1}
    expected = Fraction(2) + Fraction(ways[2] + ways[4] + ways[5], 9)
    assert expected == Fraction(8, 3)
    assert values[Skip("nightwatchman")] == pytest.approx(float(expected))
    # And the same number from the rules, one roll at a time.
    total = Fraction(0)
    for white in (1, 2, 3):
        for black in (1, 2, 3):
            child = state.clone()
            child.apply_action(Skip("nightwatchman"))
            child.apply_action(RollDice(white, black))
            total += Fraction(child.score(0), 9)
    assert total == expected


def test_greedy_sends_chased_tourists_next_to_its_own_hotel() -> None:
    """Among equally empty locations (AMS-20) the greedy player picks one it scores."""
    state = new_game()
    shops = [i for i, t in enumerate(TILES) if t.night == "bar"]
    tiles = [t for t in PLACE_OF if t != (3, 3) and state.tile_at[PLACE_OF[t]] in shops]
    e, f, g, _h = tiles
    state = position(
        "dice",
        tourists={e: 3},
        hotels=[[intersections_around(g)[0], (6, 6)], [(1, 6), (2, 6)]],
        day={t: False for t in tiles},
        phase=ACT_MAYOR,
        mayor=intersections_around(e)[0],
        nightwatchman=(6, 1),
    )
    state.apply_action(TurnTile("mayor", e))
    assert state.phase == CHASE and len(state.legal_actions()) == 3
    choice = GreedyAgent().act(PlayerView(state, 0))
    assert choice == ChaseTo(g)
    assert f != g


def _winning_position() -> tuple[AmsterdamState, tuple[int, int]]:
    """Player 0 has 12 on a museum next to a hotel; turning another museum sends 3 there."""
    x, t, o, p = (1, 1), (2, 2), (4, 5), (3, 4)  # the four museum tiles of the standard layout
    assert {TILES[PLACE_OF[k]].day for k in (x, t, o, p)} == {"museum"}
    state = position(
        tourists={x: 3, t: 12},
        hotels=[[(3, 3), (1, 6)], [(5, 6), (1, 4)]],
        day={x: True, t: True, o: False, p: False},
        phase=ACT_NIGHTWATCHMAN,
        nightwatchman=(2, 2),  # corner of both x and t
        mayor=(6, 6),
    )
    return state, x


@pytest.mark.parametrize("agent", [MinimaxAgent(depth=1), MinimaxAgent(turns=1)])
def test_minimax_finds_a_one_move_win(agent: MinimaxAgent) -> None:
    state, x = _winning_position()
    action, value = agent.search(state, 0)
    assert action == TurnTile("nightwatchman", x) and value >= WIN
    state.apply_action(action)
    assert state.is_terminal() and state.winners() == [0] and state.scores()[0] == 15


def _trap_position() -> AmsterdamState:
    """Turning the museum at (1, 1) sends 2 tourists next to our hotel (+2 now), but the
    opponent's Nightwatchman then turns that museum and the 3 chased tourists land next to
    the opponent's hotel. Skipping keeps them out of reach."""
    x, t, o, p = (1, 1), (2, 2), (4, 5), (3, 4)
    return position(
        tourists={x: 2, o: 1},
        hotels=[[(3, 3), (1, 6)], [(5, 6), (1, 4)]],
        day={x: True, t: True, o: True, p: False},
        phase=ACT_NIGHTWATCHMAN,
        nightwatchman=(1, 1),
        mayor=(6, 6),
        boat=0,
    )


def test_minimax_avoids_a_trap_one_opponent_turn_deep() -> None:
    """Shallow search falls for the +2; six plies (our move, then the opponent's boat,
    steps, walk, Mayor and Nightwatchman) see the reply and skip instead."""
    state = _trap_position()
    shallow, shallow_value = MinimaxAgent(depth=1, evaluation=evaluate).search(state, 0)
    assert shallow == TurnTile("nightwatchman", (1, 1)) and shallow_value == 1.0
    deep = MinimaxAgent(depth=6, evaluation=evaluate)
    action, value = deep.search(state, 0)
    assert action == Skip("nightwatchman") and value == -1.0
    # The reply exists: after the shallow move the opponent can reach 3 (we fall to 0).
    state.apply_action(shallow)
    _, opponent_view = MinimaxAgent(depth=5, evaluation=evaluate).search(state, 1)
    assert opponent_view == 3.0
    assert evaluate(state, 0) == 1.0


def test_minimax_over_two_turns_sees_the_reply() -> None:
    """``turns=1`` with the plain score difference falls for the +2; ``turns=2``
    searches every reply to the end of the opponent's turn and skips."""
    state = _trap_position()
    greedy_like = MinimaxAgent(turns=1, evaluation=evaluate)
    assert greedy_like.search(state, 0) == (TurnTile("nightwatchman", (1, 1)), 1.0)
    path, value = MinimaxAgent(turns=2, evaluation=evaluate).search_turn(state, 0)
    assert path == (Skip("nightwatchman"),) and value == -1.0


def test_turn_ends_are_distinct_and_replay_with_the_checked_rules() -> None:
    """Every listed end is reached by its actions through ``apply_action``, ends
    after the turn (the next player moves) and no position is listed twice."""
    state = new_game(variant="tactical")
    greedy = GreedyAgent()
    while sum(state.turns_taken) < 6 or state.phase != BOAT:  # after the hotel turns
        state.apply_action(greedy.act(PlayerView(state, state.player)))
    mover = state.player
    ends = list(turn_ends(state))
    assert len(ends) > 100
    snapshots = set()
    for path, end in ends[::37]:
        replay = state.clone()
        for action in path:
            replay.apply_action(action)  # raises IllegalActionError if a step is not legal
        assert replay.to_snapshot() == end.to_snapshot()
        # The turn is over, or a Dam lead waits for chance.
        assert replay.player != mover or replay.is_terminal() or replay.phase == DAM_LEAD
    for _, end in ends:
        snapshots.add(str(end.to_snapshot()))
    assert len(snapshots) == len(ends)
    # Every first decision of the turn (the four boat moves) starts some end.
    assert {path[0] for path, _ in ends} == set(state.legal_actions())


def test_evaluation_counts_the_next_boat_stop_for_the_player_to_move() -> None:
    """Player 0 moves next; 3 tourists wait on the quay at canal index 3. Moving the
    boat 4 from the jetty passes that bend and drops 3 + 1 on (5, 1), next to player
    0's hotel at (6, 2); 1 step drops 1 on (5, 2), 2 steps 1 on (5, 1), 3 stop in the bend."""
    state = position(
        tourists={},
        hotels=[[(6, 2), (1, 6)], [(1, 1), (2, 6)]],
        phase=BOAT,
        mayor=(3, 3),
        nightwatchman=(4, 4),
        boat=0,
    )
    state.quays[0], state.supply = 3, state.supply - 3
    assert state.total_tourists() == 30 and state.scores() == [0, 0]
    boat_only = Weights(boat=1.0, pawns=0.0)
    assert evaluate_position(state, 0, boat_only) == 4.0
    assert evaluate_position(state, 1, boat_only) == -4.0
    # The same numbers from the rules: player 0's score after each boat move.
    assert [_after(state, a).score(0) for a in state.legal_actions()] == [1, 1, 0, 4]


def _after(state: AmsterdamState, action) -> AmsterdamState:
    child = state.clone()
    child.apply_action(action)
    return child


def test_alpha_beta_visits_fewer_positions_and_finds_the_same_value() -> None:
    """Plain minimax and alpha-beta agree on the value; pruning saves positions."""
    state = _trap_position()
    result = pruning_savings(state, 0, depth=5, evaluation=evaluate)
    assert result["alphabeta_value"] == result["minimax_value"]
    assert result["alphabeta_nodes"] < 0.6 * result["minimax_nodes"]
    # Over whole turns: the trap position one decision earlier (the Mayor acts first).
    state.phase, state._acting_mayor, state.mayor = ACT_MAYOR, True, (2, 3)
    turns = pruning_savings(state, 0, turns=2, width=None, evaluation=evaluate)
    assert turns["alphabeta_value"] == turns["minimax_value"] == -1.0
    assert turns["alphabeta_action"] == turns["minimax_action"]
    assert turns["alphabeta_nodes"] < 0.6 * turns["minimax_nodes"]


def test_minimax_beats_greedy_on_tactical_games() -> None:
    """On shuffled tactical layouts (seats alternating) the one-turn minimax wins
    against the greedy bot (target 12 to keep the test short; whole games and
    more seeds: ``benchmarks/tournament_amsterdam.py``)."""
    result = tournament(
        "amsterdam",
        [MinimaxAgent(turns=1, hotel_sites=1), GreedyAgent()],
        games=GAMES,
        seed=7,
        options={"variant": "tactical", "layout": "shuffled", "target": 12},
        progress=False,
    )
    assert result.wins() == [GAMES, 0], result.table()
    assert all(mine > theirs for mine, theirs in result.returns)


GAMES = 2


def test_minimax_is_deterministic_and_plays_whole_games() -> None:
    def game() -> list:
        state = new_game(variant="tactical", target=6)
        play(state, [MinimaxAgent(depth=1), MinimaxAgent(hotel_sites=1)], seed=0)
        return state.history

    first = game()
    assert first == game() and len(first) > 10


def test_greedy_plays_whole_games_where_the_mover_chooses_the_dam_lead() -> None:
    """With dam_lead="choose" the Dam lead is a decision, not chance: greedy looked ahead
    through it with chance_outcomes() and crashed there; now it takes the mover's best tile."""
    choices = 0
    for seed in range(3):
        state = new_game(dam_lead="choose")
        record = play(state, [GreedyAgent(), GreedyAgent()], seed=seed)
        assert state.is_terminal()
        choices += sum(type(action).__name__ == "DamLead" for action in record.actions)
    assert choices > 0  # the games did reach the choice the old code could not settle
