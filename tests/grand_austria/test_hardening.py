"""Grand Austria Hotel hardening: hidden information, refusals, rule readings, blind spots.

Each test names the rule IDs of rules/checklists/grand_austria.md it checks.
"""

from __future__ import annotations

import re

import numpy as np
import pytest

from hoteledu.core.actions import Action
from hoteledu.core.agents import RandomAgent
from hoteledu.core.errors import IllegalActionError
from hoteledu.core.records import GameRecord
from hoteledu.core.simulate import next_action
from hoteledu.grand_austria.actions import (
    AvoidPenalty,
    CheckIn,
    ChoosePenalty,
    ClaimPolitics,
    CompleteOrder,
    DiscardStaff,
    Done,
    DrawGuest,
    DrawStaff,
    EndTurn,
    Gain,
    Hire,
    Occupy,
    Pass,
    PickStaff,
    Prepare,
    RemoveRoom,
    ReturnStaff,
    Reveal,
    Roll,
    Serve,
    ServeFromKitchen,
    Split,
    StartPlayer,
    TakeDie,
    TakeGuest,
    TakeItems,
    UseStaff,
)
from hoteledu.grand_austria.rules import GrandAustriaState, new_game, scenario
from hoteledu.testing import check_determinise_reveals_nothing


def played(seed: int, players: int = 2, steps: int = 60, **options: object) -> GrandAustriaState:
    """A seeded random game stopped after ``steps`` actions (or at its end)."""
    state = new_game(players=players, **options)  # type: ignore[arg-type]
    rng = np.random.default_rng(seed)
    agents = [RandomAgent(seed * 10 + p) for p in range(players)]
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(next_action(state, agents, rng))
    return state


# ======================================================= hidden information
def test_determinised_history_does_not_reveal_the_opponents_hands() -> None:
    """GAH-S02 (hands kept hidden): replaying a determinised state's history must not
    rebuild the opponents' true hands. Before the fix the history held every staff draw
    and the replay gave the true hands in 21 of 21 tries; a uniform guess of a 6-card
    hand out of the unseen cards matches with probability below 1e-6."""
    recovered = 0
    tries = 0
    for seed in range(24):
        state = played(seed, players=2 + seed % 3, steps=40 + 7 * seed)
        for player in range(state.num_players):
            sample = state.determinise(player, np.random.default_rng(seed))
            replayed = GameRecord.from_state(sample).replay() if sample.history else None
            for other in range(state.num_players):
                if other == player or not state.hand[other]:
                    continue
                tries += 1
                if replayed is not None and replayed.hand[other] == state.hand[other]:
                    recovered += 1
                if sample.hand[other] == state.hand[other]:
                    recovered += 1
    assert tries > 40
    assert recovered == 0


@pytest.mark.parametrize(
    "options",
    [
        {"players": 2},
        {"players": 3},
        {"players": 4},
        {"players": 3, "staff_setup": "draft"},
    ],
)
def test_determinise_depends_only_on_the_observation(options: dict) -> None:
    """The generic check of hoteledu.testing: two true states a player cannot tell apart
    give the same determinisation (history included) from the same seed."""
    players = int(options["players"])
    extra = {k: v for k, v in options.items() if k != "players"}
    for seed, steps in enumerate((8, 30, 90, 200, 400)):
        state = played(seed, players, steps, **extra)
        check_determinise_reveals_nothing(state, seed)


# ================================================================= refusals
RULE_ID = re.compile(r"GAH-(?:[A-Z]\d\d|STAFF-\d+|GUEST-\d+)")


def _illegal_candidates() -> list[Action]:
    """Actions of every type, some with fields out of range, to try where they are illegal."""
    out: list[Action] = [Pass(), EndTurn(), Done(), ServeFromKitchen()]
    out += [AvoidPenalty(True), ChoosePenalty(0), ChoosePenalty(1)]
    out += [TakeGuest(s) for s in (0, 2, 4, 9)]
    out += [TakeDie(s, b) for s in (1, 2, 3, 4, 5, 7) for b in (False, True)]
    out += [TakeDie(6, False, i) for i in (0, 1, 3, 5)] + [TakeDie(2, False, 3)]
    out += [TakeItems(2, 0), TakeItems(0, 2), TakeItems(0, 0, 0, 2), TakeItems(9)]
    out += [Gain(0), Gain(7), Serve(0, 1), Serve(2, 3), Prepare(0), Prepare(19), Prepare(40)]
    out += [Occupy(0), RemoveRoom(3), Split(1, 1), Split(5, 0), Split(40, 0)]
    out += [Hire(1), Hire(30), ReturnStaff(4), DiscardStaff(5), CompleteOrder(0)]
    out += [CheckIn(0, 0), CheckIn(1, 5), CheckIn(5, 0), ClaimPolitics(0), ClaimPolitics(2)]
    out += [ClaimPolitics(5), UseStaff(10), UseStaff(1), PickStaff(3)]
    out += [StartPlayer(0), StartPlayer(7), Roll((1, 1, 1, 1, 1, 5)), DrawGuest(60)]
    out += [DrawStaff(3), DrawStaff(99), Reveal("politics", 1)]
    return out


def refusal_survey(seeds: range, players: tuple[int, ...] = (2, 3, 4), every: int = 4):
    """Try every candidate that is illegal at every ``every``-th node of random games;
    return (refusals, refusals naming no rule ID, examples of those)."""
    candidates = _illegal_candidates()
    total, unnamed, examples = 0, 0, []
    for seed in seeds:
        for n in players:
            state = new_game(players=n)
            rng = np.random.default_rng(seed)
            agents = [RandomAgent(seed * 7 + p) for p in range(n)]
            step = 0
            while not state.is_terminal():
                if step % every == 0:
                    legal = set(state.legal_actions())
                    before = state.to_json_str() if step % (every * 10) == 0 else None
                    for action in candidates:
                        if action in legal:
                            continue
                        with pytest.raises(IllegalActionError) as info:
                            state.apply_action(action)
                        total += 1
                        if not RULE_ID.search(str(info.value)):
                            unnamed += 1
                            examples.append(str(info.value))
                    if before is not None:
                        assert state.to_json_str() == before
                state.apply_action(next_action(state, agents, rng))
                step += 1
            with pytest.raises(IllegalActionError, match="GAH-R01"):
                state.apply_action(Pass())
    return total, unnamed, examples


def test_every_refusal_names_a_rule_id() -> None:
    """Every IllegalActionError of Grand Austria names a checklist rule ID (GAH-xx,
    GAH-STAFF-n, GAH-GUEST-n), at decision and chance nodes, over random games with
    2 to 4 players. Before this change half the refusals named none (e.g. "take 1
    strudel, 1 cake is not a legal action now")."""
    total, unnamed, examples = refusal_survey(range(2))
    assert total > 5000
    assert unnamed == 0, examples[:5]


def test_a_refusal_says_what_is_asked_now() -> None:
    """GAH-R03: an action of the wrong kind says what the player must do and, when
    there are few, lists the legal actions; GAH-D07 at a split."""
    state = scenario(2, (0, 0, 0, 10, 0, 0))
    with pytest.raises(IllegalActionError) as info:
        state.apply_action(TakeItems(2))
    text = str(info.value)
    assert "take a guest (optional, once), then take a die, or pass" in text
    assert text.endswith("[GAH-R03]") and text.startswith("take 2 strudel is not possible now")
    state.dice = [0, 0, 0, 1, 0, 0]
    state.apply_action(TakeDie(4))
    with pytest.raises(IllegalActionError) as info:
        state.apply_action(TakeItems(2))
    text = str(info.value)
    assert "split the strength" in text and "legal now: 0 on the emperor track, 1 krones" in text
    assert text.endswith("[GAH-D07]")
    with pytest.raises(IllegalActionError, match=r"split exactly 1 .*\[GAH-D07\]"):
        state.apply_action(Split(2, 0))
    with pytest.raises(IllegalActionError, match=r"imitate=1\.\.5.*GAH-D09"):
        scenario(2, (0, 0, 0, 0, 0, 10)).apply_action(TakeDie(6, False, 0))


# ============================================================ rule readings
def _penalty_scene(**options: object) -> GrandAustriaState:
    """End of round 3, tile A1 ("lose 3 krones or 5 VP"): player 0 ends on space 0
    with 10 krones (both options possible), player 1 ends on space 1."""
    state = scenario(2, (0, 0, 0, 10, 0, 0), **options)
    state.emperor_tiles = ["A1", "A1", "A1"]
    state.emperor = [0, 4]
    state.round = 3
    state.dice = [0, 0, 0, 1, 0, 0]
    state.apply_action(TakeDie(4))
    state.apply_action(Split(0, 1))  # player 0: 11 krones
    state.apply_action(EndTurn())
    return state


def test_GAH_E04_penalty_options_are_the_players_choice_by_default() -> None:
    """GAH-E04 "the penalty usually shows 2 options (if one is impossible, choose the
    other)": with both possible the player chooses (ChoosePenalty); before, the first
    option was compulsory."""
    state = _penalty_scene()
    assert state.current_player() == 0
    assert state.legal_actions() == [ChoosePenalty(0), ChoosePenalty(1)]
    state.apply_action(ChoosePenalty(1))  # keep the krones, lose 5 VP
    assert state.money[0] == 11 and state.vp[0] == -5
    other = _penalty_scene()
    other.apply_action(ChoosePenalty(0))
    assert other.money[0] == 11 - 3 and other.vp[0] == 0


def test_GAH_E04_first_option_compulsory_is_an_option() -> None:
    """GAH-E04, option emperor_penalty="first" (the older reading): the first option
    applies whenever it is possible, no decision; the other only when it is not."""
    state = _penalty_scene(emperor_penalty="first")
    assert state.money[0] == 11 - 3 and state.vp[0] == 0
    assert not any(isinstance(a, ChoosePenalty) for a in state.legal_actions())
    poor = scenario(2, (0, 0, 0, 10, 0, 0), emperor_penalty="first")
    poor.emperor_tiles = ["A1", "A1", "A1"]
    poor.money = [2, 10]
    poor.emperor = [0, 4]
    poor.round = 3
    poor.dice = [0, 0, 0, 1, 0, 0]
    poor.apply_action(TakeDie(4))
    poor.apply_action(Split(1, 0))
    poor.apply_action(EndTurn())
    assert poor.money[0] == 2 and poor.vp[0] == 1 - 5


def test_GAH_E04_no_choice_when_one_option_is_impossible() -> None:
    """GAH-E04 in the default reading: with 2 krones "lose 3 krones" is impossible, so
    the other option applies at once, without a decision."""
    state = scenario(2, (0, 0, 0, 10, 0, 0))
    state.emperor_tiles = ["A1", "A1", "A1"]
    state.money = [2, 10]
    state.emperor = [0, 4]
    state.round = 3
    state.dice = [0, 0, 0, 1, 0, 0]
    state.apply_action(TakeDie(4))
    state.apply_action(Split(1, 0))
    state.apply_action(EndTurn())
    assert state.money[0] == 2 and state.vp[0] == 1 - 5
    assert state.current_player() != 0 or not isinstance(state.legal_actions()[0], ChoosePenalty)


@pytest.mark.parametrize(
    "options",
    [{"emperor_penalty": "sometimes"}, {"impossible_die_action": 1}, {"checker": "each"}],
)
def test_reading_options_are_validated(options: dict) -> None:
    name = next(iter(options))
    with pytest.raises(ValueError, match=f"'{name}' must be one of"):
        new_game(players=2, **options)  # type: ignore[arg-type]


def _full_hotel(dice: tuple[int, ...], **options: object) -> GrandAustriaState:
    """Player 0 to move, every room prepared (no room left for action 3), a hand of one
    6-krone card with 1 krone (no card affordable by action 5 with one die)."""
    state = scenario(2, dice, **options)
    state.rooms[0] = [1] * 20
    state.hand[0] = [2]
    state.money[0] = 1
    return state


def test_GAH_D01_D05_D08_a_die_whose_action_cannot_be_carried_out_is_refused() -> None:
    """GAH-D01 "take a die and carry out the corresponding action": by default a die
    whose action cannot be carried out at all cannot be taken, alike for action 3 (no
    room to prepare, GAH-D05) and action 5 (no affordable staff card, GAH-D08), also
    through space 6. Before, die 3 was taken for nothing while die 5 was refused."""
    state = _full_hotel((0, 0, 4, 0, 1, 5))
    legal = state.legal_actions()
    assert TakeDie(3) not in legal and TakeDie(5) not in legal
    assert TakeDie(6, False, 3) not in legal and TakeDie(6, False, 5) not in legal
    assert TakeDie(6, False, 4) in legal  # actions 1, 2 and 4 can always be carried out
    before = state.to_json_str()
    with pytest.raises(IllegalActionError, match=r"cannot prepare any room.*\[GAH-D05\]"):
        state.apply_action(TakeDie(3))
    with pytest.raises(IllegalActionError, match=r"cannot afford any staff card.*\[GAH-D08\]"):
        state.apply_action(TakeDie(5))
    assert state.to_json_str() == before
    # a room that can be afforded makes die 3 legal again
    state.rooms[0][19] = 0
    state.money[0] = 3
    assert TakeDie(3) in state.legal_actions()


def test_GAH_D01_taking_a_die_for_nothing_is_an_option() -> None:
    """GAH-D01, option impossible_die_action="allow": every die can be taken; an action
    that cannot be carried out does nothing (alike for 3 and 5); the die is still used."""
    state = _full_hotel((0, 0, 4, 0, 1, 5), impossible_die_action="allow")
    legal = state.legal_actions()
    assert {TakeDie(3), TakeDie(5), TakeDie(6, False, 3)} <= set(legal)
    state.apply_action(TakeDie(5))
    assert state.dice[4] == 0 and state.covered[0] == 1
    assert state.hand[0] == [2] and state.money[0] == 1 and state.staff[0] == []
    assert EndTurn() in state.legal_actions()  # nothing to decide: the action did nothing
    other = _full_hotel((0, 0, 4, 0, 1, 5), impossible_die_action="allow")
    other.apply_action(TakeDie(3))
    assert other.rooms[0] == [1] * 20 and EndTurn() in other.legal_actions()


@pytest.mark.parametrize(
    ("reading", "dice_on_five", "paid"),
    [
        ("die_taken", 1, 6 - 1 - 2),  # 1 die + 2 krones for the die taken
        ("per_die", 1, 6 - 2),  # each die on space 5 worth 2
        ("die_taken", 3, 6 - 3 - 2),
        ("per_die", 3, 0),  # 6 off: the cost cannot go below 0
    ],
)
def test_GAH_STAFF_18_checker_readings(reading: str, dice_on_five: int, paid: int) -> None:
    """GAH-STAFF-18 Checker, "each die showing 5 gives a 2-krone discount". Default
    checker="die_taken" (as game_facts.md: "+2 extra discount", and as every "a die
    showing k" card: the die taken): 2 krones off on top of the dice. Option
    checker="per_die": every die on space 5 lowers the cost by 2 instead of 1. They
    differ in play except with exactly 2 dice."""
    state = scenario(2, (0, 0, 0, 0, dice_on_five, 10 - dice_on_five), checker=reading)
    state.staff[0] = [18]
    state.hand[0] = [2]  # Waitress, 6 krones
    state.apply_action(TakeDie(5))
    state.apply_action(Hire(2))
    assert state.money[0] == 10 - paid


def test_GAH_STAFF_18_checker_reading_decides_whether_die_5_can_be_taken() -> None:
    """GAH-STAFF-18 with 1 die on space 5 and 3 krones: a 6-krone card costs 3 when the
    die taken gives 2 krones off (die_taken), 4 when each die gives 2 (per_die)."""
    for reading, legal in (("die_taken", True), ("per_die", False)):
        state = scenario(2, (0, 0, 0, 0, 1, 9), checker=reading)
        state.staff[0] = [18]
        state.hand[0] = [2]
        state.money[0] = 3
        assert (TakeDie(5) in state.legal_actions()) is legal


# ============================================================= blind spots
def _score_round_3(emperor: list[int]) -> GrandAustriaState:
    state = scenario(3, (0, 0, 0, 12, 0, 0))
    state.emperor_tiles = ["C1", "C1", "C1"]  # bonus +8 VP, penalty -8 VP
    state.emperor = list(emperor)
    state.round = 3
    state.dice = [0, 0, 0, 1, 0, 0]
    state.apply_action(TakeDie(4))
    state.apply_action(Split(0, 1))
    state.apply_action(EndTurn())
    return state


def test_GAH_E03_bonus_when_the_disk_ends_exactly_on_space_3() -> None:
    """GAH-E03: a disk ending exactly on space 3 (6 - 3) gets the bonus; on 2 (5 - 3)
    neither bonus nor penalty; on 0 the penalty."""
    state = _score_round_3([6, 5, 3])
    assert state.emperor == [3, 2, 0]
    # VP of the space (6: 4, 5: 4, 3: 3), then +8 / nothing / -8
    assert state.vp == [4 + 8, 4, 3 - 8]


@pytest.mark.parametrize("slot", [3, 4])
def test_GAH_G01_guest_spaces_4_and_5_cost_nothing(slot: int) -> None:
    """GAH-G01: the two rightmost guest spaces (4th and 5th, slots 3 and 4) cost 0:
    a player with no krones may take their guest and keeps 0 krones."""
    state = scenario(2)
    state.money[0] = 0
    legal = state.legal_actions()
    assert TakeGuest(slot) in legal
    assert not {TakeGuest(0), TakeGuest(1), TakeGuest(2)} & set(legal)
    guest = state.queue[slot]
    state.apply_action(TakeGuest(slot))
    assert state.money[0] == 0 and state.cafe[0][-1][0] == guest


@pytest.mark.parametrize("players", [3, 4])
def test_GAH_R07_tiles_pass_clockwise_with_3_and_4_players(players: int) -> None:
    """GAH-R07: at the end of a round each turn order tile passes clockwise: player p
    gets the tile of player p - 1, so the player after the start player starts next."""
    dice = {3: 12, 4: 14}[players]
    state = scenario(players, (0, 0, 0, dice, 0, 0), start_player=1)
    before = [list(t) for t in state.tiles]
    assert before[1] == [1, 2 * players]
    for _ in range(2 * players):
        p = state.current_player()
        state.apply_action(TakeDie(4))
        state.apply_action(Split(0, state.tasks[-1].strength))
        state.apply_action(EndTurn())
        assert p >= 0
    assert state.round == 2
    assert state.tiles == [before[(p - 1) % players] for p in range(players)]
    assert state.start_player == 2 and state.tiles[2] == [1, 2 * players]


def test_board_numbers_have_one_source() -> None:
    """GAH-S04, GAH-G01, GAH-E02, GAH-A03: the rules engine uses the game-board numbers
    read from data/hotel.json (hotel.py, checked by test_data), not copies of its own."""
    from hoteledu.grand_austria import hotel, rules

    assert rules.QUEUE_COSTS is hotel.GUEST_QUEUE_COSTS
    assert rules.EMPEROR_VP is hotel.EMPEROR_TRACK_VP
    assert rules.POLITICS_VP is hotel.POLITICS_VP
    assert rules.DICE_PER_PLAYERS is hotel.DICE_BY_PLAYERS
    assert rules.TURN_ORDER_TILES is hotel.TURN_ORDER_TILES
    assert (
        dict(zip(hotel.EMPEROR_SCORING_ROUNDS, hotel.EMPEROR_STEP_BACK, strict=True))
        == rules.SCORING_ROUNDS
    )
    assert rules.EMPEROR_BONUS_SPACE == hotel.EMPEROR_BONUS_MIN_SPACE


def test_reading_options_conform() -> None:
    """The other readings (first penalty option compulsory, dice taken for nothing,
    Checker per die) pass the conformance suite too (3 players)."""
    from hoteledu.testing import check_game

    options = {
        "players": 3,
        "emperor_penalty": "first",
        "impossible_die_action": "allow",
        "checker": "per_die",
    }
    finals = check_game("grand_austria", options, seeds=range(1), check_every=13)
    assert all(f.stage == "over" for f in finals)


def test_heuristic_bot_takes_the_cheaper_penalty_option() -> None:
    """GAH-E04: the heuristic bot weighs both options (1 krone = 1 VP): losing 3 krones
    beats losing 5 VP."""
    from hoteledu.core.agents import PlayerView
    from hoteledu.grand_austria.bots import HeuristicAgent

    state = _penalty_scene()
    assert HeuristicAgent(0).act(PlayerView(state, 0)) == ChoosePenalty(0)
