"""Playable apps for the three games: one scaffolding, small game-specific adapters.

- :mod:`hoteledu.apps.adapter`: the :class:`~hoteledu.apps.adapter.GameAdapter`
  protocol, the few pieces a game supplies (its scene, figure, clicks, labels,
  legend and bots), documented in that module.
- :mod:`hoteledu.apps.controller`: :class:`~hoteledu.apps.controller.GameController`,
  rules-free: seats, record, undo, replay, save/load, the log, bots.
- :mod:`hoteledu.apps.view`: :class:`~hoteledu.apps.view.GameApp`, the
  ipywidgets view (imports ipywidgets and plotly).
- :mod:`hoteledu.apps.connection`: ``NoDelayKernelConnection`` for Voilà.
- :mod:`hoteledu.apps.seats`: :func:`~hoteledu.apps.seats.seat_agent`, the bot at
  a seat, shared by every game's ``make_agent``.
- :mod:`hoteledu.apps.small_view`: what the small lesson widgets share
  (display, guarded callbacks, :func:`~hoteledu.apps.small_view.copy_figure`).

``import hoteledu`` never imports this package, and the rules never do.
This ``__init__`` imports nothing, so ``hoteledu.apps.controller`` stays free
of ipywidgets and plotly.
"""
