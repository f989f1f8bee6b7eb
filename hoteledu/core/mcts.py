"""Monte Carlo tree search: UCT, information-set search by determinisation.

:class:`MCTSAgent` plays any hoteledu game. Each iteration of the search

1. asks the player's view for a *determinisation*: a full state consistent
   with what the player sees, the hidden parts resampled;
2. walks down the tree from the root (selection), sampling chance nodes with
   ``state.sample_chance(rng)`` and choosing decisions by UCB1;
3. adds one new node (expansion);
4. plays random moves to the end of the game (rollout); the reward is
   ``state.utilities()``, the win share of every player;
5. adds the reward vector to every node on the path (backpropagation).

The tree is shared by all determinisations (single-observer information-set
MCTS, Cowling, Powley and Whitehouse 2012): a node's children are keyed by
action, only the actions legal in the current determinisation compete, and
UCB uses *availability* counts (how often a child could have been chosen)
instead of the parent's visit count. Chance outcomes below the root key the
tree too, so a later decision of the searching player may depend on an
outcome it would not see (a known simplification of single-observer ISMCTS;
the root decision itself uses only the player's information).

Every node stores the whole reward vector, and at a decision the mover
maximises its own entry, so games with more than two players need no special
case. At a simultaneous node (decoupled UCT) each player chooses from its own
statistics and the parts are applied together as a
:class:`~hoteledu.core.actions.JointAction`.

The final choice is the most visited root action. :func:`mcts_policy`
returns the root statistics themselves, for lessons that show what the
search thinks.

What a game or an app changes is injected, never copied (as OpenSpiel's
``MCTSBot`` takes an evaluator): the budget (``iterations``, and
``think_seconds`` for an app's seat that must answer in time), the rollout
policy (``rollout_agent``), and the game the search plans on (``model``, e.g.
Boutique's planning menus and graded reward, :mod:`hoteledu.boutique.search`).
"""

from __future__ import annotations

import copy
import dataclasses
import math
import time
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from hoteledu.core.actions import Action, JointAction
from hoteledu.core.agents import Agent, PlayerView, SeedLike, make_rng
from hoteledu.core.state import CHANCE, SIMULTANEOUS, TERMINAL, State

__all__ = ["ActionStats", "MCTSAgent", "SearchResult", "mcts_policy"]


# --------------------------------------------------------------- the tree
class _Node:
    """Statistics of one child: visits, availability and summed rewards.

    ``children`` maps an action (or chance outcome, or joint action) to the
    node reached by it. ``joint`` holds the decoupled per-player statistics
    used when the node is a simultaneous decision.
    """

    __slots__ = ("avail", "children", "joint", "total", "visits")

    def __init__(self, num_players: int) -> None:
        self.visits = 0
        self.avail = 0
        self.total = [0.0] * num_players
        self.children: dict[Action, _Node] = {}
        self.joint: list[dict[Action, list[float]]] | None = None


def _apply_fast(state: State, action: Action) -> None:
    """Apply an action known to be legal (taken from ``legal_actions``).

    ``State.apply_action`` checks legality first, which lists the legal actions
    a second time; the search already took the action from that list. Games
    that override ``apply_action`` itself keep their own version.
    """
    if type(state).apply_action is State.apply_action:
        state._apply(action)
        state.history.append(action)
    else:
        state.apply_action(action)


def _ucb_pick(
    stats: dict[Action, list[float]], legal: Sequence[Action], exploration: float
) -> Action:
    """Decoupled UCB1 for one player at a simultaneous node (stats: [n, total])."""
    parent = sum(stats[a][0] for a in legal)
    log_parent = math.log(parent) if parent > 0 else 0.0
    best, best_score = legal[0], -math.inf
    for action in legal:
        n, total = stats[action]
        score = total / n + exploration * math.sqrt(log_parent / n)
        if score > best_score:
            best, best_score = action, score
    return best


# ------------------------------------------------------------- the results
@dataclasses.dataclass(frozen=True)
class ActionStats:
    """What the search learnt about one root action.

    Attributes
    ----------
    action : Action
        The action.
    visits : int
        How often the search chose it at the root.
    value : float
        Mean reward (win share in [0, 1]) for the searching player after it.
    availability : int
        In how many iterations it was legal (it differs from the number of
        iterations only when hidden information changes the legal actions).
    """

    action: Action
    visits: int
    value: float
    availability: int


@dataclasses.dataclass(frozen=True)
class SearchResult:
    """The root statistics of one search, most visited action first.

    Attributes
    ----------
    player : int
        The player who searched.
    iterations : int
        The number of search iterations done.
    stats : tuple of ActionStats
        One entry per root action tried, sorted by visits (then value).
    """

    player: int
    iterations: int
    stats: tuple[ActionStats, ...]

    @property
    def best(self) -> Action:
        """The most visited action: the one the agent plays."""
        return self.stats[0].action

    def visit_shares(self) -> dict[Action, float]:
        """The share of root visits of each action (sums to 1)."""
        total = sum(s.visits for s in self.stats) or 1
        return {s.action: s.visits / total for s in self.stats}

    def values(self) -> dict[Action, float]:
        """The mean win share of the searching player after each action."""
        return {s.action: s.value for s in self.stats}

    def rows(self) -> list[dict[str, Any]]:
        """Plain data for tables and figures: action text, visits, share, value."""
        shares = self.visit_shares()
        return [
            {
                "action": str(s.action),
                "visits": s.visits,
                "share": shares[s.action],
                "value": s.value,
                "availability": s.availability,
            }
            for s in self.stats
        ]

    def table(self) -> str:
        """A text table of the root actions, most visited first."""
        rows = self.rows()
        width = max([len("action")] + [len(r["action"]) for r in rows])
        lines = [f"{'action':<{width}}  visits  share  win share"]
        for r in rows:
            lines.append(
                f"{r['action']:<{width}}  {r['visits']:>6}  {r['share']:>5.1%}  {r['value']:>9.3f}"
            )
        return "\n".join(lines)

    def __str__(self) -> str:
        return f"MCTS for player {self.player}, {self.iterations} iterations\n{self.table()}"


class _ModelView:
    """A player's view whose determinisations are turned into the search's model.

    The root is determinised once when the view is made, so the model's own
    legal actions at the root (e.g. a planning menu) are known before the search.
    """

    def __init__(
        self, view: PlayerView, model: Callable[[State], State], rng: np.random.Generator
    ) -> None:
        self.player = view.player
        self.num_players = view.num_players
        self._view = view
        self._model = model
        self._root = model(view.determinise(rng))

    def current_player(self) -> int:
        return self._root.current_player()

    def legal_actions(self) -> list[Action]:
        return self._root.legal_actions(self.player)

    def determinise(self, rng: np.random.Generator) -> State:
        return self._model(self._view.determinise(rng))


# ---------------------------------------------------------------- the agent
class MCTSAgent:
    """UCT search agent (information-set MCTS by determinisation).

    Parameters
    ----------
    iterations : int
        Search iterations per decision (more is stronger and slower).
    exploration : float
        The UCB1 constant ``c`` in ``mean + c * sqrt(ln(available) / visits)``.
        Rewards are win shares in [0, 1], for which ``sqrt(2) ~ 1.4`` is usual.
    seed : int, SeedSequence, Generator or None
        The agent's own random stream (determinisations, chance, rollouts).
    rollout_agent : Agent or None
        Plays the rollouts; ``None`` plays uniformly random legal moves (fast).
        A rollout agent is reseeded from the search's stream once per search.
    name : str
        The name shown in records and tournaments.
    max_rollout_actions : int
        A rollout still running after this many actions counts as a draw
        shared by all players (it protects against games that rarely end at
        random).
    think_seconds : float or None
        A time budget per decision: the search stops after ``iterations`` or
        once this many seconds have passed, whichever comes first (at least
        one iteration). An app's seat uses it so the page never freezes; a
        seeded game is then reproducible only while the iterations run out
        first. None: iterations only.
    model : callable or None
        The game the search plans on: a function of each determinised state
        returning the state to search instead (a copy with fewer choices or a
        graded reward). Its choices must be legal moves of the real game.
        None: the determinised state itself.

    Attributes
    ----------
    last_iterations : int
        The iterations of the last search (fewer than ``iterations`` when the
        time budget ran out first).

    Examples
    --------
    >>> from hoteledu.core.mcts import MCTSAgent
    >>> from hoteledu.core.agents import PlayerView
    >>> from hoteledu.core.registry import load_game
    >>> agent = MCTSAgent(iterations=200, seed=1)
    >>> agent.name
    'mcts'
    >>> state = load_game("amsterdam")
    >>> state.apply_action(state.chance_outcomes()[0][0])  # the boat's first landing
    >>> quick = MCTSAgent(iterations=500, think_seconds=0.0, seed=1)
    >>> quick.search(PlayerView(state, 0)).iterations  # a budget of 0 s: one iteration
    1
    >>> quick.last_iterations
    1
    """

    def __init__(
        self,
        iterations: int = 1000,
        exploration: float = 1.4,
        seed: SeedLike = None,
        rollout_agent: Agent | None = None,
        name: str = "mcts",
        max_rollout_actions: int = 10_000,
        *,
        think_seconds: float | None = None,
        model: Callable[[State], State] | None = None,
    ) -> None:
        if iterations < 1:
            raise ValueError(f"MCTS needs at least one iteration, got {iterations}")
        self.iterations = iterations
        self.exploration = exploration
        self.rollout_agent = rollout_agent
        self.name = name
        self.max_rollout_actions = max_rollout_actions
        self.think_seconds = None if think_seconds is None else float(think_seconds)
        self.model = model
        self.rng = make_rng(seed)
        self.last_iterations = 0

    def __repr__(self) -> str:
        budget = "" if self.think_seconds is None else f", think_seconds={self.think_seconds}"
        return (
            f"{type(self).__name__}(iterations={self.iterations}{budget}, "
            f"exploration={self.exploration}, name={self.name!r})"
        )

    def reseeded(self, seed: SeedLike) -> MCTSAgent:
        """A fresh copy with the same settings (and class) and its own random stream."""
        fresh = copy.copy(self)
        fresh.rng = make_rng(seed)
        fresh.last_iterations = 0
        return fresh

    def act(self, view: PlayerView) -> Action:
        """The most visited root action after the search."""
        planned = self._planned(view)
        legal = planned.legal_actions()
        if not legal:
            raise ValueError(f"player {view.player} has no legal action here")
        if len(legal) == 1:  # nothing to think about
            return legal[0]
        return self._search(planned).best

    # ------------------------------------------------------------- search
    def search(self, view: PlayerView) -> SearchResult:
        """Run the search from ``view`` and return the root statistics."""
        return self._search(self._planned(view))

    def _planned(self, view: PlayerView) -> PlayerView:
        """The view the search works on: ``view``, or its determinisations in the model."""
        if self.model is None:
            return view
        return _ModelView(view, self.model, self.rng)  # type: ignore[return-value]

    def _search(self, view: PlayerView) -> SearchResult:
        deadline = None
        if self.think_seconds is not None:
            deadline = time.perf_counter() + self.think_seconds
        rng = self.rng
        player = view.player
        first = view.determinise(rng)
        num_players = first.num_players
        root = _Node(num_players)
        root_kind = first.current_player()
        rollout = self._rollout_policy(rng)
        done = 0
        for iteration in range(self.iterations):
            state = first if iteration == 0 else view.determinise(rng)
            self._iterate(root, state, num_players, rng, rollout)
            done += 1
            if deadline is not None and time.perf_counter() > deadline:
                break
        self.last_iterations = done
        return self._root_result(root, player, view, root_kind, done)

    def _rollout_policy(self, rng: np.random.Generator) -> Callable[[State, int], Action] | None:
        if self.rollout_agent is None:
            return None
        agent = self.rollout_agent.reseeded(int(rng.integers(2**63)))

        def policy(state: State, player: int) -> Action:
            return agent.act(PlayerView(state, player))

        return policy

    def _iterate(
        self,
        root: _Node,
        state: State,
        num_players: int,
        rng: np.random.Generator,
        rollout: Callable[..., Action] | None,
    ) -> None:
        c = self.exploration
        node = root
        path: list[_Node] = [root]
        joint_path: list[tuple[_Node, JointAction]] = []
        expanded = False
        # Selection and expansion.
        while not expanded:
            mover = state.current_player()
            if mover == TERMINAL:
                break
            if mover == CHANCE:
                action = state.sample_chance(rng)
                child = node.children.get(action)
                if child is None:
                    child = node.children[action] = _Node(num_players)
            elif mover == SIMULTANEOUS:
                if node.joint is None:
                    node.joint = [{} for _ in range(num_players)]
                parts = []
                for p in range(num_players):
                    legal = state.legal_actions(p)
                    stats = node.joint[p]
                    untried = [a for a in legal if a not in stats]
                    if untried:
                        part = untried[int(rng.integers(len(untried)))]
                        stats[part] = [0, 0.0]
                    else:
                        part = _ucb_pick(stats, legal, c)
                    parts.append(part)
                action = JointAction(tuple(parts))
                joint_path.append((node, action))
                child = node.children.get(action)
                if child is None:
                    child = node.children[action] = _Node(num_players)
                    expanded = True
            else:
                legal = state.legal_actions()
                children = node.children
                untried = []
                for a in legal:
                    known = children.get(a)
                    if known is None:
                        untried.append(a)
                    else:
                        known.avail += 1
                if untried:
                    action = untried[int(rng.integers(len(untried)))]
                    child = children[action] = _Node(num_players)
                    child.avail = 1
                    expanded = True
                else:
                    action = legal[0]
                    best_score = -math.inf
                    for a in legal:
                        ch = children[a]
                        score = ch.total[mover] / ch.visits + c * math.sqrt(
                            math.log(ch.avail) / ch.visits
                        )
                        if score > best_score:
                            action, best_score = a, score
                    child = children[action]
            _apply_fast(state, action)
            node = child
            path.append(node)
        reward = self._rollout(state, num_players, rng, rollout)
        # Backpropagation.
        for visited in path:
            visited.visits += 1
            total = visited.total
            for p in range(num_players):
                total[p] += reward[p]
        for at, joint in joint_path:
            assert at.joint is not None
            for p, part in enumerate(joint.actions):
                entry = at.joint[p][part]
                entry[0] += 1
                entry[1] += reward[p]

    def _rollout(
        self,
        state: State,
        num_players: int,
        rng: np.random.Generator,
        policy: Callable[..., Action] | None,
    ) -> list[float]:
        if policy is None:  # uniformly random moves: the game's own loop
            state.random_playout(rng, self.max_rollout_actions)
        else:
            for _ in range(self.max_rollout_actions):
                mover = state.current_player()
                if mover == TERMINAL:
                    break
                if mover == CHANCE:
                    _apply_fast(state, state.sample_chance(rng))
                # An outside agent's choice is checked like any player's move.
                elif mover == SIMULTANEOUS:
                    chosen = tuple(policy(state, p) for p in range(num_players))
                    state.apply_action(JointAction(chosen))
                else:
                    state.apply_action(policy(state, mover))
        if state.is_terminal():
            return state.utilities()
        return [1.0 / num_players] * num_players

    def _root_result(
        self, root: _Node, player: int, view: PlayerView, root_kind: int, iterations: int
    ) -> SearchResult:
        legal = view.legal_actions()
        order = {a: i for i, a in enumerate(legal)}
        stats: list[ActionStats] = []
        if root_kind == SIMULTANEOUS:
            table = root.joint[player] if root.joint is not None else {}
            for action, (n, total) in table.items():
                # The searching player's own options at the root do not depend
                # on the determinisation: each was available in every iteration.
                stats.append(ActionStats(action, int(n), total / n if n else 0.0, root.visits))
        else:
            for action, child in root.children.items():
                value = child.total[player] / child.visits if child.visits else 0.0
                stats.append(ActionStats(action, child.visits, value, child.avail))
        stats.sort(key=lambda s: (-s.visits, -s.value, order.get(s.action, len(order))))
        return SearchResult(player, iterations, tuple(stats))


def mcts_policy(
    view_or_state: PlayerView | State,
    player: int | None = None,
    *,
    iterations: int = 1000,
    exploration: float = 1.4,
    seed: SeedLike = None,
    rollout_agent: Agent | None = None,
) -> SearchResult:
    """What MCTS thinks of each action: root visits and win shares.

    Parameters
    ----------
    view_or_state : PlayerView or State
        The position. A full ``State`` is searched from ``player``'s view, so
        the search still sees only that player's information.
    player : int, optional
        The searching player; default the player to move (required at a
        simultaneous node when a state is given).
    iterations, exploration, seed, rollout_agent
        As for :class:`MCTSAgent`.

    Returns
    -------
    SearchResult
        Root statistics, most visited action first; ``print()`` shows a table.

    Examples
    --------
    >>> from hoteledu.core.mcts import mcts_policy
    >>> from hoteledu.core.state import State
    >>> callable(mcts_policy)
    True
    """
    if isinstance(view_or_state, PlayerView):
        view = view_or_state
    else:
        if player is None:
            player = view_or_state.current_player()
            if player < 0:
                raise ValueError(
                    "give the searching player: the position is not a single player's decision"
                )
        view = PlayerView(view_or_state, player)
    if not view.legal_actions():
        raise ValueError(f"player {view.player} has no decision to make here")
    agent = MCTSAgent(iterations, exploration, seed, rollout_agent)
    return agent.search(view)
