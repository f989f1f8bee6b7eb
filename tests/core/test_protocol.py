"""The game protocol, records, registry and play(), on the Hidden Pig fixture."""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction

import pytest
from fixture_game import Deal, Face, Hold, Roll, Wager

import hoteledu
from hoteledu import (
    CHANCE,
    SIMULTANEOUS,
    TERMINAL,
    GameRecord,
    IllegalActionError,
    JointAction,
    MalformedRecordError,
    RandomAgent,
    ScriptedAgent,
    load_game,
    play,
    undo,
)


def opening():
    state = load_game("hidden_pig")
    state.apply_action(Deal(0, 2))
    state.apply_action(Deal(1, 3))
    state.apply_actions([Wager(0), Wager(1)])
    return state


def finished_record(seed: int = 5) -> GameRecord:
    return play(load_game("hidden_pig"), [RandomAgent(1), RandomAgent(2)], seed=seed)


def test_node_kinds_follow_the_game():
    state = load_game("hidden_pig")
    assert state.current_player() == CHANCE
    assert state.chance_outcomes() == [(Deal(0, b), Fraction(1, 3)) for b in (1, 2, 3)]
    state.apply_action(Deal(0, 1))
    state.apply_action(Deal(1, 1))
    assert state.current_player() == SIMULTANEOUS
    with pytest.raises(ValueError, match="simultaneous"):
        state.legal_actions()
    assert state.legal_actions(1) == [Wager(0), Wager(1)]
    state.apply_actions([Wager(0), Wager(1)])
    assert state.current_player() == 1, "the higher wager moves first"
    assert state.legal_actions(0) == [], "a player not to move has no legal actions"


def test_simultaneous_node_needs_one_action_per_player():
    state = load_game("hidden_pig")
    state.apply_action(Deal(0, 1))
    state.apply_action(Deal(1, 1))
    before = state.to_json()
    with pytest.raises(IllegalActionError, match="one action from each"):
        state.apply_action(Wager(1))
    with pytest.raises(IllegalActionError, match="P2"):
        state.apply_actions([Wager(0), Wager(7)])
    assert state.to_json() == before


def test_chance_node_refuses_impossible_outcomes():
    state = load_game("hidden_pig")
    with pytest.raises(IllegalActionError, match="chance"):
        state.apply_action(Deal(0, 4))
    with pytest.raises(IllegalActionError):
        state.apply_action(Roll())
    assert state.history == []


def test_terminal_state_takes_no_action():
    record = finished_record()
    state = record.replay()
    assert state.current_player() == TERMINAL and state.is_terminal()
    with pytest.raises(IllegalActionError, match="game is over"):
        state.apply_action(Roll())
    assert state.winners() and sum(state.utilities()) == pytest.approx(1.0)


def test_actions_have_text_and_stable_json():
    joint = JointAction((Wager(0), Wager(1)))
    assert str(joint) == "P1: wager 0 | P2: wager 1"
    data = joint.to_json()
    assert data == {
        "type": "JointAction",
        "actions": [{"type": "Wager", "amount": 0}, {"type": "Wager", "amount": 1}],
    }
    state = load_game("hidden_pig")
    assert type(state).action_from_json(json.loads(json.dumps(data))) == joint
    assert str(Face(3)) == "die shows 3"


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        ({"amount": 1}, "'type'"),
        ({"type": "Teleport"}, "unknown action type"),
        ({"type": "Wager"}, "needs fields"),
        ({"type": "Wager", "amount": 1, "extra": 2}, "needs fields"),
    ],
)
def test_malformed_actions_are_refused_with_the_reason(data, reason):
    with pytest.raises(MalformedRecordError, match=reason):
        type(load_game("hidden_pig")).action_from_json(data)


def test_record_json_round_trip_and_replay():
    record = finished_record()
    loaded = GameRecord.loads(record.dumps())
    assert loaded.to_json() == record.to_json()
    assert loaded.replay() == record.replay()
    assert loaded.returns == record.replay().returns()
    assert loaded.players == ["random", "random"]


def test_record_save_and_load_file(tmp_path):
    record = finished_record(7)
    path = tmp_path / "game.json"
    record.save(path)
    assert GameRecord.load(path).actions == record.actions


def _tampered(change) -> str:
    data = finished_record().to_json()
    change(data)
    return json.dumps(data)


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (lambda d: d.pop("actions"), "needs the fields"),
        (lambda d: d.update(game="chess"), "no game called 'chess'"),
        (lambda d: d.update(options={"target": 10, "colour": "red"}), "no option 'colour'"),
        (lambda d: d.update(options={"die": 5}), "must be one of"),
        (lambda d: d.update(players="alice"), "list of names"),
        (lambda d: d["actions"].insert(3, {"type": "Hold"}), "action 3"),
        (lambda d: d["actions"].append({"type": "Face", "value": 9}), "illegal"),
        (lambda d: d.update(returns=[99.0, 0.0]), "differ from the replay"),
        (lambda d: d.update(format="other/2"), "unknown record format"),
        (lambda d: d.update(players=["a", "b", "c"]), "names 3 players"),
    ],
)
def test_malformed_records_are_refused_with_the_reason(change, reason):
    with pytest.raises(MalformedRecordError, match=reason):
        GameRecord.loads(_tampered(change))


def test_not_json_is_refused():
    with pytest.raises(MalformedRecordError, match="not valid JSON"):
        GameRecord.loads("{nope")


def test_saved_state_round_trip_and_refusals():
    state = opening()
    state.apply_action(Roll())
    loaded = type(state).from_json(state.to_json_str())
    assert loaded == state and loaded.history == state.history
    bad = state.to_json()
    bad["state"]["secret_lever"] = 1
    with pytest.raises(MalformedRecordError, match="secret_lever"):
        type(state).from_json(bad)
    bad = state.to_json()
    bad["game"] = "boutique"
    with pytest.raises(MalformedRecordError, match="not 'hidden_pig'"):
        type(state).from_json(bad)
    with pytest.raises(MalformedRecordError, match="needs the fields"):
        type(state).from_json({"game": "hidden_pig"})


def test_undo_is_replay_of_a_prefix():
    state = opening()
    state.apply_action(Roll())
    state.apply_action(Face(3))
    earlier = undo(state, 2)
    assert earlier == opening()
    assert earlier.history == state.history[:-2]
    with pytest.raises(ValueError, match="cannot undo"):
        undo(state, 99)


def test_registry_lists_games_with_options():
    names = {info.name: info for info in hoteledu.list_games()}
    assert "hidden_pig" in names
    options = {o.name: o.default for o in names["hidden_pig"].options}
    assert options == {"target": 10, "die": 3}
    assert load_game("hidden_pig", die=6).options == {"target": 10, "die": 6}
    with pytest.raises(ValueError, match="no game called"):
        load_game("monopoly")


def test_play_is_deterministic_and_checks_its_agents():
    assert finished_record(11).actions == finished_record(11).actions
    assert finished_record(11).actions != finished_record(12).actions
    with pytest.raises(ValueError, match="2 players but 1 agents"):
        play(load_game("hidden_pig"), [RandomAgent(0)])


def test_scripted_agent_follows_its_script_by_text():
    state = opening()  # player 1 moves first after the higher wager
    agents = [ScriptedAgent(["roll"]), ScriptedAgent(["roll", "hold"])]
    state.apply_action(agents[1].act(hoteledu.core.PlayerView(state, 1)))
    assert state.history[-1] == Roll()
    state.apply_action(Face(2))
    assert agents[1].act(hoteledu.core.PlayerView(state, 1)) == Hold()
    with pytest.raises(RuntimeError, match="script has run out"):
        agents[1].act(hoteledu.core.PlayerView(state, 1))


def test_an_agent_sees_only_its_observation():
    state = opening()
    view = hoteledu.core.PlayerView(state, 0)
    assert view.observation["bonus"] == [2, None]
    sample = view.determinise(__import__("numpy").random.default_rng(0))
    assert sample.bonus[0] == 2 and sample.bonus[1] in (1, 2, 3)


STDLIB_PRIVATE = {"compat_pickle", "weakrefset"}
"""Standard-library helpers that ``sys.stdlib_module_names`` does not list."""


def test_import_hoteledu_does_not_import_plotly_or_ipywidgets():
    """The engine stays light for worker processes: the work an import does, not its time.

    ``import hoteledu`` loads only the standard library, numpy and hoteledu's
    core; each game package loads when it is first asked for (``__getattr__``).
    A wall-clock bound here failed on loaded machines; this bound cannot.
    """
    code = (
        "import sys, json; before = set(sys.modules); import hoteledu, hoteledu.testing; "
        "print(json.dumps(sorted(set(sys.modules) - before)))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    loaded = json.loads(result.stdout)
    outside = {
        name.split(".")[0]
        for name in loaded
        if name.split(".")[0] not in sys.stdlib_module_names
        and not (name.startswith("_") and name.split(".")[0][1:] in STDLIB_PRIVATE)
    }
    assert outside <= {"hoteledu", "numpy"}, f"import hoteledu loads {sorted(outside)}"
    games = [
        name
        for name in loaded
        if name.split(".")[:2][-1]
        in {"amsterdam", "grand_austria", "boutique", "apps", "classroom", "interop"}
    ]
    assert games == [], f"import hoteledu loads game or app modules eagerly: {games}"


@pytest.mark.parametrize("game", ["amsterdam", "grand_austria", "boutique"])
def test_rules_and_bots_never_import_plotly_or_ipywidgets(game):
    """Layers: the engine of every game runs headless (rules, bots, a whole game)."""
    code = (
        "import sys, hoteledu\n"
        f"import hoteledu.{game}.rules, hoteledu.{game}.bots\n"
        f"hoteledu.play(hoteledu.load_game({game!r}), "
        "[hoteledu.RandomAgent(p) for p in range(2)], seed=1)\n"
        "print(','.join(m for m in ('plotly', 'ipywidgets') if m in sys.modules))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == ""
