"""hoteledu's games in other ecosystems, as optional extras the core never imports.

* :mod:`hoteledu.interop.action_index`: a stable numbering of each game's
  actions and chance outcomes (standard library and hoteledu only).
* :mod:`hoteledu.interop.openspiel`: every game as an OpenSpiel Python game
  (extra ``[openspiel]``), ``pyspiel.load_game("hoteledu_amsterdam", {...})``.
* :mod:`hoteledu.interop.pettingzoo`: every game as a PettingZoo AEC
  environment and a Parallel one (extra ``[rl]``), ``env("boutique", players=2)``,
  ``parallel_env("boutique")``.
* :mod:`hoteledu.interop.gymnasium_env`: one seat of a game as a Gymnasium
  environment, the other seats played by a hoteledu agent (extra ``[rl]``),
  ``gym_env("boutique", opponent=BoutiqueBot())``.

This package imports nothing optional; import the submodule you need.
"""
