"""The registry of games: ``load_game(name, **options)`` and ``list_games()``.

Games are registered by the import path of a factory, so that listing games
imports nothing heavy and worker processes can rebuild a game from its info.
The registry sits below ``core.state`` (a saved state checks its options here),
so it never imports the State class: what ``load`` returns is a game's State.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import importlib
import importlib.util
from collections.abc import Callable, Mapping
from typing import Any

from hoteledu.core.validation import check_choice, short_repr


@dataclasses.dataclass(frozen=True)
class GameOption:
    """One option of a game: its default, a description and the allowed values."""

    name: str
    default: Any
    description: str
    choices: tuple[Any, ...] | None = None

    def validate(self, value: Any) -> Any:
        """``value`` if allowed; the type counts too: ``True`` is not ``1``, ``2.0`` not ``2``."""
        if self.choices is not None:
            try:  # a new game checks every option: one set look-up when the value hashes
                if (type(value), value) in self._allowed:
                    return value
            except TypeError:
                pass
            check_choice(self.name, value, self.choices)
        return value

    @functools.cached_property
    def _allowed(self) -> frozenset[tuple[type, Any]]:
        """The hashable choices with their types (an unhashable one is checked the long way)."""
        allowed = set()
        for choice in self.choices or ():
            with contextlib.suppress(TypeError):
                allowed.add((type(choice), choice))
        return frozenset(allowed)


@dataclasses.dataclass(frozen=True)
class GameInfo:
    """A registered game: ``factory`` is ``"module:function"`` taking the options."""

    name: str
    description: str
    factory: str
    options: tuple[GameOption, ...] = ()

    def resolve_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """All options with defaults filled in; unknown names and bad values raise ValueError."""
        known = self._known
        for name in options:
            if name not in known:
                raise ValueError(
                    f"game {self.name!r} has no option {short_repr(name)}; "
                    f"its options are {sorted(known)}"
                )
        return {name: o.validate(options.get(name, o.default)) for name, o in known.items()}

    @functools.cached_property
    def _known(self) -> dict[str, GameOption]:
        """The options by name (made once: every new game resolves its options)."""
        return {o.name: o for o in self.options}

    @functools.cached_property
    def _factory(self) -> Callable[..., Any]:
        """The function ``factory`` names, imported once."""
        module_name, _, attribute = self.factory.partition(":")
        return getattr(importlib.import_module(module_name), attribute)  # type: ignore[no-any-return]

    def choices(self, name: str) -> tuple[Any, ...]:
        """The allowed values of option ``name`` (its default first); KeyError if it has none."""
        for option in self.options:
            if option.name == name and option.choices is not None:
                rest = tuple(c for c in option.choices if c != option.default)
                return (option.default, *rest) if option.default in option.choices else rest
        raise KeyError(f"game {self.name!r} has no option {name!r} with choices")

    def load(self, **options: Any) -> Any:
        """A new initial state (a ``hoteledu.core.state.State``) with these options."""
        return self._factory(**self.resolve_options(options))


_GAMES: dict[str, GameInfo] = {}


def register_game(info: GameInfo, *, replace: bool = False) -> GameInfo:
    """Add a game to the registry (tests register small fixture games this way)."""
    if info.name in _GAMES and not replace and _GAMES[info.name] != info:
        raise ValueError(f"a game called {info.name!r} is already registered")
    _GAMES[info.name] = info
    return info


def game_info(name: str) -> GameInfo:
    """The registered game ``name``; ValueError naming the games if there is none."""
    _register_builtin_games()
    info = _GAMES.get(name) if isinstance(name, str) else None
    if info is None:
        raise ValueError(f"no game called {short_repr(name)}; games: {sorted(_GAMES)}")
    return info


def find_game_info(name: str) -> GameInfo | None:
    """The registered game ``name``, or None."""
    _register_builtin_games()
    return _GAMES.get(name)


def load_game(name: str, **options: Any) -> Any:
    """A new initial state (a ``State``) of the game ``name`` with the given options.

    Examples
    --------
    >>> from hoteledu import list_games
    >>> isinstance(list_games(), list)
    True
    """
    return game_info(name).load(**options)


def list_games() -> list[GameInfo]:
    """Every registered game with its one-line description and options."""
    _register_builtin_games()
    return [_GAMES[name] for name in sorted(_GAMES)]


# Built-in games: each package has a light ``info`` module defining GAME_INFO;
# the rules themselves are imported only when a game is loaded.
BUILTIN_GAME_PACKAGES = ("hoteledu.amsterdam", "hoteledu.grand_austria", "hoteledu.boutique")
_builtin_done = False


def _register_builtin_games() -> None:
    global _builtin_done
    if _builtin_done:
        return
    _builtin_done = True
    for package in BUILTIN_GAME_PACKAGES:
        if importlib.util.find_spec(package) is None:
            continue
        if importlib.util.find_spec(f"{package}.info") is None:
            continue
        register_game(importlib.import_module(f"{package}.info").GAME_INFO)
