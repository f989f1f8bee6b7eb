"""Guest deck and hotel mat data: loading, validation, and the table in the docs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hoteledu.boutique.cards import DeckError, deck_table, load_deck, standard_deck
from hoteledu.boutique.mat import STANDARD_MAT
from hoteledu.boutique.rules import deck_copies, new_game

DOCS = Path(__file__).resolve().parents[2] / "docs" / "boutique.md"


def test_standard_deck_has_28_valid_cards() -> None:
    deck = standard_deck()
    assert len(deck) == 28
    assert sorted(deck.ids) == list(range(1, 29))
    assert any(c.breakfast for c in deck.cards) and any(not c.breakfast for c in deck.cards)
    assert {len(c.rooms) for c in deck.cards} == {1, 2, 3}
    assert any(c.neighbours for c in deck.cards)
    # Balance: on average about 3 room-nights per card, no stay longer than 5 nights.
    mean = sum(c.room_nights for c in deck.cards) / 28
    assert 2.5 < mean < 3.5
    assert max(c.length for c in deck.cards) <= 5


def test_markers_are_squares_on_check_in_and_circles_after() -> None:
    card = standard_deck().card(22)  # Late arrival: room 2 checks in a day later
    markers = card.markers()
    assert (0, 0, True, False) in markers and (0, 1, False, False) in markers
    assert (1, 1, True, False) in markers and (1, 0, True, False) not in markers
    assert len(markers) == card.room_nights


def test_docs_table_is_generated_from_the_data() -> None:
    text = DOCS.read_text(encoding="utf-8")
    assert deck_table() in text, "docs/boutique.md must contain deck_table() output verbatim"


def test_load_deck_from_file_and_data(tmp_path: Path) -> None:
    path = tmp_path / "deck.json"
    path.write_text(json.dumps(standard_deck().to_json()), encoding="utf-8")
    assert load_deck(path) == standard_deck()
    assert load_deck(str(path)).cards == standard_deck().cards
    small = load_deck([{"id": 5, "rooms": [{"from": 0, "nights": 1}]}])
    assert small.card(5).name == "Guests 5" and not small.card(5).breakfast


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ([{"id": 1}], ["card 1", "'rooms'", "missing"]),
        ([{"id": 2, "rooms": [{"from": 0, "nights": 0}]}], ["card 2", "'rooms'[0]", "nights"]),
        ([{"id": 3, "rooms": [{"from": 1, "nights": 2}]}], ["card 3", "check in"]),
        ([{"id": 4, "rooms": [{"from": 0, "nights": 8}]}], ["card 4", "within 7 nights"]),
        (
            [{"id": 5, "rooms": [{"nights": 1}], "neighbours": [[0, 1]]}],
            ["card 5", "'neighbours'[0]", "room indices"],
        ),
        ([{"id": 6, "rooms": [{"nights": 1}], "breakfast": "yes"}], ["card 6", "'breakfast'"]),
        ([{"id": 7, "rooms": [{"nights": 1}], "colour": "red"}], ["card 7", "unknown"]),
        (
            [{"id": 8, "rooms": [{"nights": 1}]}, {"id": 8, "rooms": [{"nights": 2}]}],
            ["card 8", "'id'", "another card"],
        ),
        ([], ["at least one card"]),
        ({"name": "x"}, ["'cards' is missing"]),
    ],
)
def test_load_deck_errors_name_the_card_and_field(data: object, words: list[str]) -> None:
    with pytest.raises(DeckError) as error:
        load_deck(data)  # type: ignore[arg-type]
    for word in words:
        assert word in str(error.value)


def test_missing_deck_file_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(DeckError, match="cannot read the deck file"):
        load_deck(tmp_path / "nope.json")
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    with pytest.raises(DeckError, match="not valid JSON"):
        load_deck(bad)


def test_game_option_deck_loads_json_data() -> None:
    cards = [{"id": i, "rooms": [{"from": 0, "nights": 1}]} for i in range(4)]
    state = new_game(deck=cards)
    # 2 players need 10 booking + 7 walk-in cards per week: 5 copies of a 4-card deck.
    assert state.copies == deck_copies(2, 4) == 5
    assert sum(state.deck_counts.values()) == 20
    assert state.options["deck"] == cards  # stored in the options so records replay


def test_BHM_06_mat_start_rooms_and_neighbours() -> None:
    """BHM-06: each hotel starts with only the 3 rooms marked "start"."""
    assert STANDARD_MAT.size == 8
    assert STANDARD_MAT.start == (0, 1, 2)
    assert STANDARD_MAT.are_neighbours(0, 1) and STANDARD_MAT.are_neighbours(1, 2)
    assert not STANDARD_MAT.are_neighbours(0, 2)
    assert STANDARD_MAT.are_neighbours(0, 4)  # one floor up
    assert STANDARD_MAT.expansion_spaces([0, 1, 2]) == [3, 4, 5, 6]
    state = new_game(players=3)
    assert state.built == [[0, 1, 2]] * 3
