"""Hotel Amsterdam: tourists, a canal boat, the Mayor and the Nightwatchman.

What it teaches: a Markov chain (the boat going round the canal) and its
mixing, the exact distribution of a dice sum and a renewal process, the
expected value of a hotel site, walks on a graph (the pawns, powers of the
adjacency matrix, centrality), expectations under a random relocation (the
Dam), and, in the tactical variant (no dice), minimax and alpha-beta search on
a finite game of perfect information.

Import stays light: the rules load with ``hoteledu.load_game("amsterdam")``
or ``from hoteledu.amsterdam.rules import new_game``.

Where things go:

=====================  ======================================================
module                 what it holds
=====================  ======================================================
``info.py``            ``GAME_INFO``: the only place options and choices are written
``board.py``           the geometry (tiles, canal, intersections, streets), the
                       box's pieces and the engine's index tables
``tiles.py``           the 24 building tiles (``data``) and their functions
``actions.py``         the frozen action dataclasses and their JSON form
``phases.py``          the phases of a turn, named as players read them
``rules.py``           :class:`~hoteledu.amsterdam.rules.AmsterdamState` and ``new_game``
``refusals.py``        what may be done now, and why an action is refused (AMS-xx)
``snapshot.py``        validating an untrusted saved position
``render.py``          text and HTML of a state (no plotting)
``bots.py``            the greedy bot and the evaluations of a position
``search.py``          the game's own search: whole turns, minimax, alpha-beta
``analysis/``          exact maths and simulations, one module per topic
``figures/``           ``board.py`` plus one module per analysis topic it draws
``app.py``             the adapter for :mod:`hoteledu.apps` and ``make_app(**options)``
``widgets/``           the lesson widgets, one module per widget (none yet)
=====================  ======================================================
"""
