"""Grand Austria Hotel data: cards, tiles and the hotel board load and validate."""

from __future__ import annotations

from hoteledu.grand_austria import cards, hotel


def test_counts_and_numbers() -> None:
    assert [g.number for g in cards.guest_cards()] == list(range(49, 105))
    assert [s.number for s in cards.staff_cards()] == list(range(1, 49))
    assert [p.number for p in cards.politics_cards()] == list(range(105, 117))
    assert [t.tile for t in cards.emperor_tiles()] == [f"{x}{i}" for x in "ABC" for i in range(1, 5)]
    assert len(hotel.hotel_board().rooms) == 20
