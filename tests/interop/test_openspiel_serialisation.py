"""OpenSpiel serialisation of hoteledu states is the engine's validated JSON, never pickle."""

from __future__ import annotations

import base64
import json
import pathlib
import pickle
import pickletools

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import hoteledu.interop.openspiel as hos  # noqa: E402
from hoteledu.core import MalformedRecordError  # noqa: E402

GAMES = [
    ("hoteledu_amsterdam", {}),
    ("hoteledu_grand_austria", {}),
    ("hoteledu_boutique", {"players": 3}),
    (hos.RANK_BID_GAME, {}),
]


def _played(name: str, params: dict, steps: int = 60, seed: int = 3):
    game = pyspiel.load_game(name, params)
    state = game.new_initial_state()
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        ids = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else None
        ids = ids or state.legal_actions()
        state.apply_action(int(ids[rng.integers(len(ids))]))
    return game, state


class _Payload:
    """A forged pickle: loading it would create ``marker`` (it must never run)."""

    def __init__(self, marker: pathlib.Path) -> None:
        self.marker = marker

    def __reduce__(self):
        return (pathlib.Path.touch, (self.marker,))


def _forged_texts(marker: pathlib.Path, game, state) -> list[str | bytes]:
    raw = pickle.dumps({"_h": _Payload(marker)})
    encoded = base64.b64encode(raw).decode()
    # OpenSpiel's own layout of a Python state: history, move number, pickled __dict__.
    openspiel_layout = f"history=\nmove_number=0\n__dict__={encoded}"
    return [raw, encoded, openspiel_layout, state.serialize() + encoded]


@pytest.mark.parametrize(("name", "params"), GAMES)
def test_a_state_round_trips_as_small_json(name: str, params: dict) -> None:
    game, state = _played(name, params)
    text = hos.serialize_state(state)
    assert state.serialize() == text
    data = json.loads(text)
    assert data["game"] == name and data["actions"] == state.history()
    assert len(text) < 16_000  # OpenSpiel's pickle of the same state: 40 to 600 kB
    for copy in (hos.deserialize_state(game, text), game.deserialize_state(text)):
        assert copy.history() == state.history() and str(copy) == str(state)
        assert copy.hoteledu_state == state.hoteledu_state
        assert copy.current_player() == state.current_player()
        assert copy.legal_actions() == state.legal_actions()


def test_openspiel_s_own_serialisation_carries_the_json_and_is_validated() -> None:
    """pyspiel.serialize_game_and_state pickles a Python state's attributes: ours pickle
    as one call of hoteledu's JSON reader on the JSON text, and nothing else."""
    game, state = _played("hoteledu_grand_austria", {}, steps=120)
    text = pyspiel.serialize_game_and_state(game, state)
    assert len(text) < 20_000  # 507 to 592 kB before
    encoded = text.rsplit("__dict__=", 1)[1].strip()
    ops = list(pickletools.genops(base64.b64decode(encoded)))
    strings = [arg for op, arg, _ in ops if isinstance(arg, str)]
    assert "hoteledu.interop.openspiel" in strings and "_holder_from_text" in strings
    assert [op.name for op, _, _ in ops if "GLOBAL" in op.name] == ["STACK_GLOBAL"]
    assert any(s.startswith('{"actions":') for s in strings)  # the JSON text itself
    _, copy = pyspiel.deserialize_game_and_state(text)
    assert copy.history() == state.history() and str(copy) == str(state)


def test_a_forged_pickle_or_any_non_json_text_is_refused_without_running_code(
    tmp_path: pathlib.Path,
) -> None:
    marker = tmp_path / "ran"
    game, state = _played("hoteledu_boutique", {"players": 3})
    texts = [
        *_forged_texts(marker, game, state),
        "",
        "not json",
        "null",
        "[1, 2]",
        '{"format": "hoteledu-openspiel-state/1"}',
        b"\xff\xfe",
    ]
    for text in texts:
        for load in (lambda t: hos.deserialize_state(game, t), game.deserialize_state):
            with pytest.raises(MalformedRecordError):
                load(text)
    assert not marker.exists()


def test_a_saved_text_that_does_not_replay_is_refused() -> None:
    game, state = _played("hoteledu_amsterdam", {})
    data = json.loads(hos.serialize_state(state))
    cases = {
        "not legal": {**data, "actions": data["actions"] + [10**6]},
        "different position": {**data, "actions": data["actions"][:-2]},
        "not of": {**data, "parameters": {**data["parameters"], "players": 3}},
        "at most": {**data, "actions": [True] * 3},
        "fields": {**data, "extra": 1},
    }
    for reason, forged in cases.items():
        with pytest.raises(MalformedRecordError, match=reason):
            hos.deserialize_state(game, json.dumps(forged))
    other = pyspiel.load_game("hoteledu_amsterdam", {"players": 3})
    with pytest.raises(MalformedRecordError, match="not of"):
        other.deserialize_state(json.dumps(data))
