"""Where an app autosaves its game, so that a reload or a new kernel resumes it.

The app's page keeps a random key in the browser's ``localStorage``
(:mod:`hoteledu.apps.resume_key`) and sends it when the app starts; the kernel
writes the game after every change to one file per key and game, named from a
SHA-256 hash of the key, under a per-user data directory. A new kernel (a
Voilà reload, a kernel restart) reads it back. The key is made with
:mod:`secrets` (256 bits), so two students on one server, each in their own
browser, never find each other's file. The file is plain JSON (never pickle),
bounded in size, and read back as untrusted data: the controller's
:meth:`~hoteledu.apps.controller.GameController.resume` validates it like any
saved game.

>>> key = new_key()
>>> key_is_valid(key), key_is_valid("0" * 8), key_is_valid(None)
(True, False, False)
>>> autosave_path(key, "amsterdam", "/tmp/x").name.startswith("amsterdam-")
True
>>> key not in str(autosave_path(key, "amsterdam", "/tmp/x"))
True
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import secrets
import tempfile
import time
from pathlib import Path

from hoteledu.core.codec import read_limited

AUTOSAVE_DIR_VARIABLE = "HOTELEDU_AUTOSAVE_DIR"
"""Environment variable naming the autosave directory (tests, a shared server's own place)."""
KEY_BYTES = 32
"""Random bytes in a new key (``secrets.token_hex``): 256 bits."""
KEY_PATTERN = re.compile(r"[0-9a-f]{32,128}")
"""A key as the page sends it: 128 to 512 bits in lower-case hex."""
KEEP_DAYS = 30
"""Autosaves untouched this long are deleted when an app starts."""


def new_key() -> str:
    """A fresh, unguessable key (64 hex digits)."""
    return secrets.token_hex(KEY_BYTES)


def key_is_valid(key: object) -> bool:
    """Whether ``key`` (from the page, untrusted) has the form of a key."""
    return isinstance(key, str) and KEY_PATTERN.fullmatch(key) is not None


def autosave_dir() -> Path:
    """The per-user directory of the autosaves.

    ``$HOTELEDU_AUTOSAVE_DIR``, else ``$XDG_DATA_HOME/hoteledu/autosave``
    (``~/.local/share`` without it; ``%LOCALAPPDATA%`` on Windows).
    """
    chosen = os.environ.get(AUTOSAVE_DIR_VARIABLE)
    if chosen:
        return Path(chosen)
    base = os.environ.get("XDG_DATA_HOME") or os.environ.get("LOCALAPPDATA")
    root = Path(base) if base else Path.home() / ".local" / "share"
    return root / "hoteledu" / "autosave"


def autosave_path(key: str, game: str, directory: str | Path | None = None) -> Path:
    """The file of ``game`` for ``key``: its name is a hash of the key, never the key."""
    if not key_is_valid(key):
        raise ValueError("a resume key is 32 to 128 lower-case hex digits")
    digest = hashlib.sha256(f"hoteledu-autosave:{key}".encode()).hexdigest()[:40]
    folder = Path(directory) if directory is not None else autosave_dir()
    return folder / f"{game}-{digest}.json"


def write_autosave(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` whole or not at all (a crash leaves the last good file)."""
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".autosave-", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(text)
        os.chmod(temporary, 0o600)
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def read_autosave(path: Path, max_bytes: int) -> bytes | None:
    """The autosave's bytes (None: there is none); too large or not a file raises
    :class:`~hoteledu.core.errors.MalformedRecordError`."""
    if not path.exists():
        return None
    return read_limited(path, what="the autosaved game", max_bytes=max_bytes)


def prune_autosaves(directory: Path, keep_days: float = KEEP_DAYS) -> int:
    """Delete autosaves not written for ``keep_days``; how many were deleted."""
    cutoff = time.time() - keep_days * 86_400
    deleted = 0
    with contextlib.suppress(OSError):
        for path in directory.glob("*.json"):
            with contextlib.suppress(OSError):
                if path.stat().st_mtime < cutoff:
                    path.unlink()
                    deleted += 1
    return deleted


__all__ = [
    "AUTOSAVE_DIR_VARIABLE",
    "KEY_BYTES",
    "autosave_dir",
    "autosave_path",
    "key_is_valid",
    "new_key",
    "prune_autosaves",
    "read_autosave",
    "write_autosave",
]
