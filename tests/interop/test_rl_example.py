"""examples/openspiel_qlearning.py: OpenSpiel's tabular Q-learning beats a random rival.

Outside the default run (it trains): ``pytest tests/interop/test_rl_example.py -m training``.
Bounded by episodes (5,000 to train, 1,000 to evaluate), never by time.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

pytest.importorskip("pyspiel", reason="OpenSpiel is not installed: pip install -e '.[openspiel]'")

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "openspiel_qlearning.py"
pytestmark = pytest.mark.training


def _example():
    spec = importlib.util.spec_from_file_location("openspiel_qlearning", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclass looks its module up there
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("seed", [0, 1])
def test_q_learning_beats_random_play_on_the_pricing_game(seed: int) -> None:
    result = _example().train_and_evaluate(episodes=5000, evaluation_episodes=1000, seed=seed)
    # A random P1 earns 0 on average against a random P2 (a symmetric zero-sum game);
    # the learner must earn at least 85% of the best reply's exact +433.3.
    assert result.learned_exact >= 0.85 * result.best_exact
    assert result.learned_mean - result.random_mean > 250
