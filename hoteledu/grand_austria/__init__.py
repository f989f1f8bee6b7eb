"""Grand Austria Hotel: dice drafting, guests, staff and the emperor.

What it teaches: dice drafting. Every round 10/12/14 dice (2/3/4 players) are
rolled onto six action spaces; the dice on a space are its action's strength
(Binomial(n, 1/6), the six counts Multinomial), and taking a die weakens that
space for everyone after you: the snake of turn order, the strongest space
as an order statistic, passing as optimal stopping, and staff, guests and the
emperor track as investments whose return depends on the dice to come.

Import stays light: the rules load with ``hoteledu.load_game("grand_austria")``
or ``from hoteledu.grand_austria.rules import new_game``.

Where things go:

=====================  ======================================================
module                 what it holds
=====================  ======================================================
``info.py``            ``GAME_INFO``: the only place options and choices are written
``vocabulary.py``      the effect vocabulary every card is written in; items, colours
``hotel.py``           the hotel board and the game's numbers (``data/hotel.json``)
``cards.py``           guests, staff, politics, emperor tiles: one loader, five decks
``reference.py``       the tables of docs/grand_austria_cards.md, made from the data
``dice.py``            the dice: roll outcomes and their exact probabilities
``effects.py``         the interpreter of card effects (each kind written once)
``actions.py``         the frozen action dataclasses and their JSON form
``tasks.py``           the task records of the task stack, one frozen class per kind
``rules.py``           ``GrandAustriaState``, ``new_game``, ``scenario``
``turns.py``           setup, the round's flow and the turn: its legal actions, how they apply
``stages.py``          ``STAGES``: per task kind its question, rule, options and how it applies
``refusals.py``        why an action is refused, naming the rule (``explain_illegal``)
``snapshot.py``        validating an untrusted saved position
``render.py``          text and HTML of a state (no plotting)
``bots.py``            the heuristic bot (``strategies.py``: lesson variants of it)
``plan.py``            the plan bot: an evaluation of positions and a whole-turn lookahead
``search.py``          the plan search bot: the plan's best turns tried on sampled futures
``analysis/``          exact maths and simulations, one module per topic
``figures/``           ``board.py`` plus one module per analysis topic it draws
``app.py``             the adapter for :mod:`hoteledu.apps` and ``make_app(**options)``
``widgets/``           the lesson widgets, one module per widget
=====================  ======================================================
"""
