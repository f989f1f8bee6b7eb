"""The browser lock: at most two browser tests at once on the machine, in all runs.

The two workers of one ``pytest -n 2`` run each drive a browser (one unit each,
see the root ``conftest.py``) and take one slot each; a test of another run on
the machine (another worktree, another helper) waits for a free slot. Slot 0 is
the lock file that older checkouts take alone, so they queue with these runs.
"""

from __future__ import annotations

import contextlib
import tempfile
import time
from collections.abc import Iterator, Sequence
from pathlib import Path

BROWSER_SLOTS = (
    Path(tempfile.gettempdir()) / "hoteledu-browser-tests.lock",
    Path(tempfile.gettempdir()) / "hoteledu-browser-tests.slot2.lock",
)
POLL_SECONDS = 0.2
"""How often a waiting test tries the slots again (the lock is held for whole tests)."""


@contextlib.contextmanager
def browser_slot(slots: Sequence[Path] = BROWSER_SLOTS) -> Iterator[Path | None]:
    """Hold one of ``slots`` (lock files) while the block runs; yield the one held.

    Whichever slot is free is taken; while none is, the slots are tried again
    every :data:`POLL_SECONDS`. Where ``fcntl`` is missing (Windows) nothing is
    locked and ``None`` is yielded.
    """
    try:
        import fcntl
    except ImportError:  # Windows: no lock, the tests may overlap
        yield None
        return
    with contextlib.ExitStack() as stack:
        files = [stack.enter_context(slot.open("a")) for slot in slots]
        while True:
            for slot, file in zip(slots, files, strict=True):
                try:
                    fcntl.flock(file, fcntl.LOCK_EX | fcntl.LOCK_NB)
                except BlockingIOError:
                    continue
                try:
                    yield slot
                finally:
                    fcntl.flock(file, fcntl.LOCK_UN)
                return
            time.sleep(POLL_SECONDS)
