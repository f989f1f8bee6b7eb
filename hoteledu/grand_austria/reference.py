"""The reference tables of docs/grand_austria_cards.md, generated from the data.

:func:`vocabulary_markdown` (the effect and condition kinds),
:func:`cards_table_markdown` (every card), :func:`staff_sets_markdown` (the
introductory sets) and :func:`board_markdown` (the hotel board); a test checks
that the page contains them.

Examples
--------
>>> vocabulary_markdown().splitlines()[0]
'### Effect kinds'
"""

from __future__ import annotations

from hoteledu.grand_austria.cards import (
    Alternative,
    emperor_tiles,
    guest_cards,
    politics_cards,
    staff_card,
    staff_cards,
    staff_sets,
)
from hoteledu.grand_austria.hotel import FLOOR_COSTS, hotel_board
from hoteledu.grand_austria.vocabulary import (
    CONDITION_KINDS,
    CONSISTENCY_CHECKS,
    EFFECT_KINDS,
    PER_WORDS,
    Effect,
)


def _effects_text(effects: tuple[Effect, ...]) -> str:
    return "; ".join(e.describe() for e in effects) or "(none)"


def _notes_cell(source: str, notes: str, alternative: Alternative | None) -> str:
    parts = [source]
    if notes:
        parts.append(notes)
    if alternative is not None:
        alt = f"alternative ({alternative.source}): {alternative.note}"
        parts.append(alt)
    return ". ".join(p.rstrip(".") for p in parts).replace("|", "/")


def vocabulary_markdown() -> str:
    """The effect and condition vocabularies as markdown, generated from the specs."""
    lines = []
    for title, kinds in (("Effect kinds", EFFECT_KINDS), ("Condition kinds", CONDITION_KINDS)):
        lines += [f"### {title}", ""]
        for spec in kinds.values():
            lines += [f"#### `{spec.kind}`", "", spec.meaning, ""]
            if spec.params:
                lines += ["| parameter | type | default | meaning |", "|---|---|---|---|"]
                for p in spec.params:
                    kind = p.type
                    if p.choices:
                        kind += ": " + ", ".join(f"`{c}`" if c else "`''`" for c in p.choices)
                    lines.append(f"| `{p.name}` | {kind} | `{p.default!r}` | {p.doc} |")
                lines.append("")
            rules = CONSISTENCY_CHECKS.get(spec.kind, ())
            if rules:
                lines += ["Checked on load: " + "; ".join(r for _, r in rules) + ".", ""]
    lines += [
        "### Counts for `per`",
        "",
        "Counted for the player owning the effect, at the moment it resolves.",
        "",
        "| `per` | counts one for each |",
        "|---|---|",
    ]
    lines += [f"| `{key}` | {words} |" for key, words in PER_WORDS.items() if key]
    return "\n".join(lines).rstrip() + "\n"


def staff_sets_markdown() -> str:
    """The introductory staff sets (GAH-S09) as a markdown table, generated from the data."""
    lines = [
        "| set | cards | cost | timings | theme |",
        "|---|---|---|---|---|",
    ]
    for s in staff_sets():
        cards = [staff_card(n) for n in s.cards]
        names = ", ".join(f"{c.name} ({c.number})" for c in cards)
        timings = ", ".join(sorted({c.timing for c in cards}))
        lines.append(
            f"| {s.letter} | {names} | {sum(c.cost for c in cards)} | {timings} "
            f"| {s.notes.replace('|', '/')} |"
        )
    return "\n".join(lines) + "\n"


def cards_table_markdown() -> str:
    """Every card as markdown tables, generated from the data (docs/grand_austria_cards.md)."""
    lines = ["### Guest cards", ""]
    lines += [
        "| # | name | colour | S | C | W | K | VP | reward | source and notes |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for g in guest_cards():
        s, c, w, k = g.order
        lines.append(
            f"| {g.number} | {g.name} | {g.colour} | {s} | {c} | {w} | {k} | {g.vp} "
            f"| {_effects_text(g.reward)} | {_notes_cell(g.source, g.notes, g.alternative)} |"
        )
    lines += ["", "### Staff cards", ""]
    lines += [
        "| # | name | cost | timing | effect | source and notes |",
        "|---|---|---|---|---|---|",
    ]
    for s in staff_cards():
        lines.append(
            f"| {s.number} | {s.name} | {s.cost} | {s.timing} | {_effects_text(s.effects)} "
            f"| {_notes_cell(s.source, s.notes, s.alternative)} |"
        )
    lines += ["", "### Emperor tiles", ""]
    lines += [
        "| tile | bonus (space 3+) | penalty (space 0) | if the penalty is impossible "
        "| source and notes |",
        "|---|---|---|---|---|",
    ]
    for t in emperor_tiles():
        lines.append(
            f"| {t.tile} | {_effects_text(t.bonus)} | {_effects_text(t.penalty)} "
            f"| {_effects_text(t.fallback) if t.fallback else '-'} "
            f"| {_notes_cell(t.source, t.notes, None)} |"
        )
    lines += ["", "### Politics cards", ""]
    lines += [
        "| # | letter | condition | VP 1st/2nd/3rd | source and notes |",
        "|---|---|---|---|---|",
    ]
    for p in politics_cards():
        lines.append(
            f"| {p.number} | {p.letter} | {p.condition.describe()} "
            f"| {'/'.join(map(str, p.vp))} | {_notes_cell(p.source, p.notes, None)} |"
        )
    return "\n".join(lines) + "\n"


def board_markdown() -> str:
    """The hotel board, its groups and the occupancy bonuses as markdown (for the docs)."""
    board = hotel_board()
    short = {"blue": "B", "red": "R", "yellow": "Y"}
    lines = [
        "| floor (cost) | col 0 | col 1 | col 2 | col 3 | col 4 |",
        "|---|---|---|---|---|---|",
    ]
    for floor in reversed(range(board.floors)):
        cells = []
        for column in range(board.columns):
            room = board.room_at(floor, column)
            cell = f"{room.index}: {short[room.colour]}({room.group})"
            if room.printed_vp:
                cell += f" {room.printed_vp} VP"
            cells.append(cell)
        lines.append(f"| {floor} ({FLOOR_COSTS[floor]} kr) | " + " | ".join(cells) + " |")
    lines += ["", "| group | colour | rooms | occupancy bonus |", "|---|---|---|---|"]
    for group in board.groups:
        rooms = ", ".join(map(str, group.rooms))
        lines.append(
            f"| {group.name} | {group.colour} | {rooms} | {group.bonus_effect().describe()} |"
        )
    return "\n".join(lines) + "\n"
