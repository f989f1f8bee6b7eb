"""Words for counts, shared by the boards, the apps and the card vocabulary."""

from __future__ import annotations


def plural(count: int, word: str, many: str | None = None) -> str:
    """``"1 step"``, ``"2 steps"``; ``many`` where the plural is not ``word + "s"``.

    >>> plural(1, "step"), plural(3, "step"), plural(0, "point"), plural(2, "VP", "VP")
    ('1 step', '3 steps', '0 points', '2 VP')
    """
    return f"{count} {word if count == 1 else (many or word + 's')}"


__all__ = ["plural"]
