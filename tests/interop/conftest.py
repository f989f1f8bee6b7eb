"""The ``training`` marker: tests that train a learner run only when asked (``-m training``)."""

from __future__ import annotations

import pytest


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "training: trains a learner (examples/); outside the default run: -m training"
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if "training" in (config.option.markexpr or ""):
        return
    skip = pytest.mark.skip(reason="trains a learner: run with -m training")
    for item in items:
        if item.get_closest_marker("training"):
            item.add_marker(skip)
