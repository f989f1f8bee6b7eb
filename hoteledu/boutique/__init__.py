"""Boutique Hotel Manager: pricing, booking, staffing and ratings over two weeks.

What it teaches: pricing against rivals (a first-price, lowest-wins auction
with ties broken by rating and then by an all-pay sealed bid), capacity
planning under uncertainty (staff hired before the walk-ins are known), and
the value of a ranking (walk-ins go to the poorest hotel first).

Import stays light: the rules load with ``hoteledu.load_game("boutique")``
or ``from hoteledu.boutique.rules import new_game``.

Where things go:

=====================  ======================================================
module                 what it holds
=====================  ======================================================
``info.py``            ``GAME_INFO``: the only place options and choices are written
``cards.py``           the guest deck (``data/guests.json``) and its loader
``mat.py``             the hotel mat and the game's numbers (money, nights, staff)
``actions.py``         the frozen action dataclasses and their JSON form
``phases.py``          a table entry per phase: who acts, what is legal, its rule, how it applies
``rules.py``           ``BoutiqueState`` and ``new_game``: what happens between phases
``snapshot.py``        validating an untrusted saved position
``render.py``          text and HTML of a state (no plotting)
``bots.py``            the heuristic bots
``search.py``          MCTS over planning menus (``BoutiqueMCTS``)
``analysis/``          exact maths and simulations, one module per topic
``figures/``           ``board.py`` plus one module per analysis topic it draws
``app.py``             the adapter for :mod:`hoteledu.apps` and ``make_app(**options)``
``widgets/``           the lesson widgets, one module per widget
=====================  ======================================================
"""
