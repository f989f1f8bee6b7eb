"""Write binder/requirements.txt: hoteledu's [lab] extra with every package pinned.

Run: ``python tools/binder_requirements.py`` in the environment the tests ran in.
The pins are the versions installed there, for ``hoteledu[lab]`` and everything
it needs (on Linux, Binder's platform), so a Binder session runs what was tested
here. ``tests/test_binder.py`` checks that the file is what this script writes.
"""

from __future__ import annotations

import importlib.metadata
import re
import sys
from pathlib import Path

from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parents[1]
REQUIREMENTS = ROOT / "binder" / "requirements.txt"
HEADER = """\
# repo2docker installs this from the repository root: hoteledu with the lab extras,
# and every package it needs pinned to the version the tests ran with
# (written by tools/binder_requirements.py; tests/test_binder.py checks it).
.[lab]
"""


def canonical(name: str) -> str:
    """A distribution name as pip compares them (PEP 503)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def _marker_environment(extra: str) -> dict[str, str]:
    # Binder runs Linux; the Python version is runtime.txt's, the same as here.
    return {"extra": extra, "sys_platform": "linux", "platform_system": "Linux", "os_name": "posix"}


def pinned_closure(root: str = "hoteledu", extras: tuple[str, ...] = ("lab",)) -> dict[str, str]:
    """Every distribution ``root[extras]`` needs, name -> installed version (root left out)."""
    pins: dict[str, str] = {}
    queue: list[tuple[str, tuple[str, ...]]] = [(root, extras)]
    seen: set[tuple[str, str]] = set()
    while queue:
        name, wanted = queue.pop()
        distribution = importlib.metadata.distribution(name)
        for line in distribution.requires or ():
            requirement = Requirement(line)
            marker = requirement.marker
            if marker is not None and not any(
                marker.evaluate(_marker_environment(extra)) for extra in ("", *wanted)
            ):
                continue
            key = canonical(requirement.name)
            for extra in ("", *sorted(requirement.extras)):
                if (key, extra) in seen:
                    continue
                seen.add((key, extra))
                queue.append((requirement.name, tuple(sorted(requirement.extras))))
            if key != canonical(root):
                pins[key] = importlib.metadata.version(requirement.name)
    return dict(sorted(pins.items()))


def requirements_text() -> str:
    """The contents of binder/requirements.txt for this environment."""
    pins = pinned_closure()
    return HEADER + "".join(f"{name}=={version}\n" for name, version in pins.items())


def main() -> None:
    REQUIREMENTS.write_text(requirements_text(), encoding="utf-8")
    print(f"wrote {REQUIREMENTS} for Python {sys.version.split()[0]}")


if __name__ == "__main__":
    main()
