"""The errors every game raises: one for illegal moves, one for bad saved data."""

from __future__ import annotations


class IllegalActionError(ValueError):
    """An action the rules forbid. The message names the rule that is broken.

    The state the action was applied to is left exactly as it was.
    """

    def __init__(self, message: str, rule: str | None = None) -> None:
        self.rule = rule
        super().__init__(f"{message} [{rule}]" if rule else message)


class MalformedRecordError(ValueError):
    """A saved game, record or action that cannot be loaded; the message says why."""
