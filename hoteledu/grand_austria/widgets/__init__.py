"""The Grand Austria lesson widgets for the dice lessons, one module each: roll, draft, pass.

Each widget is a thin view over a controller that knows no widgets: the
controllers hold the state and the seeded ``numpy`` generator (never the global
random state), the widgets only forward clicks and redraw. ``ipywidgets`` is
imported when a widget is built, so the controllers (and this module) load
without it. No rule is decided here beyond the toy's own bookkeeping: the
strengths, pick order and exact values come from
:mod:`hoteledu.grand_austria.analysis`, the pictures from
:mod:`hoteledu.grand_austria.figures`.

* :mod:`.board_roll`: :class:`BoardRollController` / :class:`BoardRollWidget`: roll ``n`` dice
  once or 1000 times; the exact distribution of a statistic (the strongest
  space, one action with space 6, the empty spaces) beside the frequencies.
* :mod:`.draft`: :class:`DraftController` / :class:`DraftWidget`: a toy draft on counts in
  the engine's pick order (:func:`pick_order`); you click a space, the bots
  take a space with the most dice; the exact expected strength of each pick
  (greedy draft) is shown beside what was taken.
* :mod:`.take_or_pass`: :class:`TakeOrPassController` / :class:`TakeOrPassWidget`: alone with one
  action left, take the board's strength or pass (one die to the dustbin, the
  rest rerolled), seeing the exact distribution after passing and V(m-1).
"""
