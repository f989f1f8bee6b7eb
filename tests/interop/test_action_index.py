"""The stable action index: fixed numbering, every legal action numbered, clear errors."""

from __future__ import annotations

import numpy as np
import pytest

from hoteledu import load_game
from hoteledu.core.state import CHANCE, TERMINAL
from hoteledu.interop.action_index import (
    MAX_INDEXED_BID,
    ActionIndexError,
    action_index,
    index_sizes,
)
from hoteledu.interop.turns import InTurnState

# Changing a numbering breaks every trained policy and saved OpenSpiel history:
# a new fingerprint must be a deliberate change (update docs/interop.md too).
FINGERPRINTS = {
    "amsterdam": "f55e227678a15d56e0f1f694d82a7fb25d2f72a770ee61d71c25cea981e8edd8",
    "grand_austria": "0d2375049a44110bbf7c4db76bfb882fa17b2a925d0e417348f58292fdda6f42",
    "boutique": "9ebc11278661c28c30f4b71dbf23e9bc69a459efa2e5a0e0d84327fc9216efa4",
}


@pytest.mark.parametrize("game", sorted(FINGERPRINTS))
def test_numbering_is_pinned(game: str) -> None:
    assert action_index(game).fingerprint() == FINGERPRINTS[game]


def test_sizes_stated_in_the_docs() -> None:
    assert index_sizes() == {
        "amsterdam": (225, 609),
        "grand_austria": (1474, 8138),
        "boutique": (1145, 42),
    }
    assert action_index("grand_austria", players=4).num_chance_outcomes == 38892
    assert action_index("boutique", players=5).num_chance_outcomes == 360


def test_ids_round_trip_and_bad_ids_are_refused() -> None:
    index = action_index("boutique")
    for i in (0, 100, index.num_player_actions - 1):
        assert index.player_id(index.player_action(i)) == i
    assert index.player_action(np.int64(3)) == index.player_action(3)
    with pytest.raises(ActionIndexError, match=r"ids 0\.\.1144; 1145 names none"):
        index.player_action(1145)
    with pytest.raises(ActionIndexError, match="must be an integer"):
        index.player_action("x")
    with pytest.raises(ActionIndexError, match="must be an integer"):
        index.player_action(True)


def test_an_action_beyond_the_bounded_encoding_names_the_bound() -> None:
    from hoteledu.boutique.actions import Bid

    index = action_index("boutique")
    assert index.player_id(Bid(MAX_INDEXED_BID)) == index.player_id(Bid(0)) + 300
    with pytest.raises(ActionIndexError, match=f"bids are numbered up to {MAX_INDEXED_BID}"):
        index.player_id(Bid(MAX_INDEXED_BID + 100))


def test_index_depends_on_the_options_it_must() -> None:
    # Tie orders list every ordering of 2..n players; the numbering of the
    # player actions does not change with the number of players.
    two, five = action_index("boutique"), action_index("boutique", players=5)
    assert two.player_actions == five.player_actions
    assert five.num_chance_outcomes > two.num_chance_outcomes
    with pytest.raises(ValueError, match="has no option"):
        action_index("boutique", colour="red")


@pytest.mark.parametrize(
    ("game", "options", "games"),
    [
        ("amsterdam", {"players": 3, "variant": "tactical", "dam_lead": "choose"}, 3),
        ("amsterdam", {"layout": "shuffled"}, 2),
        ("boutique", {"players": 4}, 3),
        ("grand_austria", {"players": 2, "staff_setup": "draft"}, 1),
    ],
)
def test_every_legal_action_and_chance_outcome_has_an_id(
    game: str, options: dict, games: int
) -> None:
    index = action_index(game, **options)
    for seed in range(games):
        rng = np.random.default_rng(seed)
        turns = InTurnState(load_game(game, **options))
        while (mover := turns.current_player()) != TERMINAL:
            if mover == CHANCE:
                for outcome, _ in turns.state.chance_outcomes():
                    index.chance_id(outcome)
                action = turns.sample_chance(rng)
            else:
                legal = turns.legal_actions(mover)
                ids = [index.player_id(a) for a in legal]
                assert [index.player_action(i) for i in ids] == legal
                action = legal[int(rng.integers(len(legal)))]
            turns.apply(action)
