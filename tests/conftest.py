"""Shared test set-up: the fixture game is registered for every test."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from fixture_game import HIDDEN_PIG

from hoteledu.core import register_game

register_game(HIDDEN_PIG)

# Property tests: the same examples on every run (a red CI is then a real
# failure, reproducible here), no per-example deadline on a loaded machine.
# HYPOTHESIS_PROFILE=explore draws fresh random examples instead.
import os  # noqa: E402

from hypothesis import HealthCheck, settings  # noqa: E402

settings.register_profile(
    "hoteledu",
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    print_blob=True,
)
settings.register_profile("explore", deadline=None, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "hoteledu"))

# The apps autosave games for reload and resume (hoteledu.apps.autosave): in tests,
# and in the servers and kernels they start, into a folder of this run, never the
# user's own ~/.local/share/hoteledu/autosave.
import tempfile  # noqa: E402

from hoteledu.apps.autosave import AUTOSAVE_DIR_VARIABLE  # noqa: E402

if AUTOSAVE_DIR_VARIABLE not in os.environ:
    os.environ[AUTOSAVE_DIR_VARIABLE] = tempfile.mkdtemp(prefix="hoteledu-test-autosave-")
