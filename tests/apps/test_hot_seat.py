"""Hot-seat privacy: the "pass the laptop" screen and drawing only the shown seat's view.

Hotel Amsterdam has no private information, so its adapter is marked private
here to drive the shared view's hot-seat path (Grand Austria's and
Boutique's apps get the same screen from the same code).
"""

from __future__ import annotations

from hoteledu.amsterdam.app import AmsterdamAdapter, AmsterdamController
from hoteledu.apps.view import GameApp


class PrivateAmsterdam(AmsterdamAdapter):
    private_information = True

    def __init__(self) -> None:
        self.viewers: list[int | None] = []

    def scene(self, state, viewer, caption):
        self.viewers.append(viewer)
        return super().scene(state, viewer, caption)


def make_hot_seat_app() -> GameApp:
    controller = AmsterdamController(players=2, seats=("human", "human"), seed=2)
    controller.adapter = PrivateAmsterdam()
    controller.new_game()
    return GameApp(controller, threaded=False)


def test_the_next_human_seat_gets_a_pass_the_laptop_screen():
    app = make_hot_seat_app()
    c = app.controller
    assert app.cover.layout.display == "none" and c.viewer == 0
    # P1 plays a whole turn
    app.chance_button.click()
    while c.human_to_decide() and c.mover() == 0:
        app.action_buttons[0].click()
    assert c.needs_handover()
    # covered: no board, no choices, no dice; the message names P2
    assert app.cover.layout.display == ""
    assert "Pass the laptop to P2" in app.cover_html.value
    assert not any(child is app._board_widget for child in app.board_box.children)
    assert app.action_buttons == [] and app.chance_button.layout.display == "none"
    assert "pass the laptop to P2" in app.status_html.value
    before = c.state.to_json_str()
    assert not c.resolve_chance() and c.state.to_json_str() == before
    app.adapter.viewers.clear()
    app.cover_button.click()  # P2 takes the laptop
    assert c.viewer == 1 and app.cover.layout.display == "none"
    assert any(child is app._board_widget for child in app.board_box.children)
    assert app.chance_button.layout.display == ""
    assert set(app.adapter.viewers) == {1}  # drawn from P2's observation only
