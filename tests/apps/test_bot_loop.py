"""One bot loop: inline and in the worker thread a bot's failure is shown the same way."""

from __future__ import annotations

import numpy as np
import pytest


class FailingAgent:
    """A slow bot whose search breaks."""

    name = "broken"

    def act(self, view):
        raise RuntimeError("the search broke")


@pytest.mark.parametrize("threaded", [False, True], ids=["inline", "threaded"])
def test_a_failing_bot_is_shown_and_the_page_goes_on(make_app, threaded):
    """Inline, the exception used to escape the press and leave the sign up."""
    app = make_app(("human", "human"), 12)
    c = app.controller
    c.seats[1] = sorted(app.adapter.slow_bots)[0]  # P2 becomes a slow bot that fails
    c.agents[1] = FailingAgent()
    app.threaded = threaded
    rng = np.random.default_rng(0)
    for _ in range(300):  # presses until the bot gets the move (inline: it fails in the press)
        if app.chance_button.layout.display != "none":
            app.chance_button.click()
        elif app.action_buttons:
            app.action_buttons[int(rng.integers(len(app.action_buttons)))].click()
        app.wait_for_bots()
        if "the bot failed" in c.message:
            break
    assert c.message == "the bot failed: RuntimeError: the search broke"
    assert c.thinking is None
    assert "thinking" not in app.status_html.value
    assert "the search broke" in app.message_html.value
    if c.state.history:  # the page still answers: undo takes back the last move
        history = len(c.state.history)
        app.undo_button.click()
        app.wait_for_bots()
        assert len(c.state.history) < history
