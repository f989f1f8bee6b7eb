"""Grand Austria Hotel bots: the heuristic beats random; MCTS plays by determinisation."""

from __future__ import annotations

from hoteledu.core.agents import PlayerView, RandomAgent
from hoteledu.core.mcts import MCTSAgent
from hoteledu.core.simulate import play
from hoteledu.core.tournament import tournament
from hoteledu.grand_austria.actions import CheckIn, Serve, TakeDie, TakeGuest, TakeItems
from hoteledu.grand_austria.bots import HeuristicAgent
from hoteledu.grand_austria.cards import guest_card
from hoteledu.grand_austria.rules import new_game, scenario


def test_heuristic_beats_random_in_a_seeded_tournament() -> None:
    """20 seeded 2-player games, seats rotated: the heuristic wins clearly."""
    result = tournament(
        "grand_austria", [HeuristicAgent(), RandomAgent()], games=20, seed=11, progress=False
    )
    low = result.win_rate("heuristic").low
    assert low > 0.6, result.table()
    assert result.mean_score("heuristic").low > result.mean_score("random").high
    # seeded, so exact: the bot before issue 4 scored 57.9 here, this one 69.4
    assert result.mean_score("heuristic").estimate > 65


def test_heuristic_checks_in_completed_guests_and_serves() -> None:
    """The bot checks a completed guest in and serves what completes an order."""
    state = scenario(2, (0, 3, 0, 7, 0, 0))
    state.cafe[0] = [[74, *guest_card(74).order]]
    state.rooms[0][0] = 1
    state.apply_action(TakeDie(4))
    state.apply_action(state.legal_actions()[0])
    bot = HeuristicAgent(seed=0)
    assert bot.act(PlayerView(state, 0)) == CheckIn(0, 0)
    state2 = scenario(2, (0, 3, 0, 2, 5, 0))
    # Count (1 wine, 2 coffee) needs items; the other two guests are served (café full)
    state2.cafe[0] = [[73, 0, 0, 0, 0], [74, *guest_card(74).order], [75, *guest_card(75).order]]
    state2.hand[0] = []  # no staff card to play: space 5 is not offered
    state2.kitchen[0] = [0, 0, 0, 0]  # nothing in the kitchen: the drinks must be fetched
    assert bot.act(PlayerView(state2, 0)) == TakeDie(2)
    state2.apply_action(TakeDie(2))
    assert bot.act(PlayerView(state2, 0)) in (TakeItems(0, 0, 2, 1), TakeItems(0, 0, 3, 0))
    state2.apply_action(TakeItems(0, 0, 2, 1))
    assert isinstance(bot.act(PlayerView(state2, 0)), Serve)


def test_heuristic_four_players_runs_to_the_end() -> None:
    state = new_game(players=4)
    record = play(state, [HeuristicAgent(seed=s) for s in range(4)], seed=3)
    assert state.is_terminal() and len(record.actions) > 100


def test_mcts_agent_plays_through_determinisation() -> None:
    """The core MCTSAgent chooses legal actions on hidden-information states."""
    state = scenario(2)
    agent = MCTSAgent(iterations=12, seed=1)
    for _ in range(3):
        if state.current_player() < 0:
            state.apply_action(state.chance_outcomes()[0][0])
            continue
        action = agent.act(PlayerView(state, state.current_player()))
        assert action in state.legal_actions()
        state.apply_action(action)


def test_heuristic_takes_a_worthwhile_guest_before_its_die() -> None:
    """Taking a guest comes before the die and does not replace it (GAH-G01): the bot
    takes a good free guest first, then still takes a die."""
    state = scenario(2, (0, 3, 0, 2, 5, 0))
    state.cafe[0] = []
    bot = HeuristicAgent(seed=0)
    first = bot.act(PlayerView(state, 0))
    assert isinstance(first, TakeGuest)
    state.apply_action(first)
    state.apply_action(state.chance_outcomes()[0][0])  # the row is refilled
    assert isinstance(bot.act(PlayerView(state, 0)), TakeDie)
    # late in the game a guest whose order cannot be met in time is left alone
    late = scenario(2, (0, 3, 0, 2, 5, 0))
    late.round = 7
    late.cafe[0] = []
    late.kitchen[0] = [0, 0, 0, 0]
    late.queue = [58, 58, 58, 58, 58]  # a 4-item order, nothing in the kitchen
    assert not isinstance(bot.act(PlayerView(late, 0)), TakeGuest)


def test_heuristic_counts_guests_without_a_room_of_their_colour() -> None:
    """Rooms are worth preparing for guests with no free room of their colour (GAH-A06):
    a noble needs a blue room, a tourist takes any."""
    state = scenario(2)
    state.rooms[0] = [0] * 20
    state.rooms[0][1] = 1  # one free yellow room
    state.cafe[0] = [[74, 0, 0, 0, 0]]  # Earl: blue
    view = PlayerView(state, 0).observation
    assert HeuristicAgent.guests_without_room(view, 0) == 1
    state.cafe[0] = [[92, 0, 0, 0, 0], [51, 0, 0, 0, 0]]  # a tourist and a yellow guest
    view = PlayerView(state, 0).observation
    assert HeuristicAgent.guests_without_room(view, 0) == 1  # one yellow room for two


def test_heuristic_chooses_a_penalty_that_takes_staff_cards() -> None:
    """GAH-E04 with tile A3 (2 hand cards under the deck, or lose 5 VP): the bot chooses.

    It crashed before: it asked the "lose_staff" effect for a "per" parameter
    only "lose" has (found by a tournament of bot variants, lesson 4).
    """
    from hoteledu.grand_austria.actions import ChoosePenalty, EndTurn, Split

    state = scenario(2, (0, 0, 0, 10, 0, 0))
    state.emperor_tiles = ["A3", "A3", "A3"]
    state.round = 3
    state.dice = [0, 0, 0, 1, 0, 0]
    state.apply_action(TakeDie(4))
    state.apply_action(Split(0, 1))
    state.apply_action(EndTurn())
    player = state.current_player()
    assert set(state.legal_actions()) == {ChoosePenalty(0), ChoosePenalty(1)}
    choice = HeuristicAgent(seed=0).act(PlayerView(state, player))
    # 2 cards (about 3 VP each to the bot) weigh more than 5 VP: it loses the VP
    assert choice == ChoosePenalty(1)


def test_emperor_shy_bot_splits_into_money_where_the_heuristic_climbs() -> None:
    """The lesson 4 variant differs from the heuristic by the emperor rule only."""
    from hoteledu.grand_austria.actions import Split
    from hoteledu.grand_austria.strategies import EmperorShyAgent

    state = scenario(2, (0, 0, 0, 10, 0, 0))
    state.round = 3  # a scoring at the end of this round: the heuristic wants steps
    state.apply_action(TakeDie(4))
    heuristic = HeuristicAgent(seed=0).act(PlayerView(state, 0))
    shy = EmperorShyAgent(seed=0).act(PlayerView(state, 0))
    assert isinstance(heuristic, Split) and heuristic.emperor == 10
    assert shy == Split(0, 10)
    again = EmperorShyAgent(name="shy", emperor_weight=0.25).reseeded(1)
    assert (again.name, again.emperor_weight) == ("shy", 0.25)
