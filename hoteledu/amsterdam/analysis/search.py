"""Game-tree search on small explicit trees, for the minimax lessons (no plotly).

A tree is nested lists: a leaf is a number (the payoff to Max), an inner node
a list of children. :func:`alphabeta_trace` runs alpha-beta and records every
node, visited or pruned, so a figure can draw the search
(:func:`hoteledu.amsterdam.figures.search.game_tree_figure`).
:func:`knuth_estimate` is Knuth's (1975) unbiased estimate of the number of
leaves of a tree from one random root-to-leaf walk.

Examples
--------
>>> nodes = alphabeta_trace([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
>>> nodes[0].value, [n.value for n in nodes if n.kind == "leaf" and n.visited]
(3, [3, 12, 8, 2, 14, 5, 2])
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Iterable, Sequence
from typing import Any

Tree = Any
"""A number (a leaf: the payoff to Max) or a sequence of trees."""


@dataclasses.dataclass(frozen=True)
class TreeNode:
    """One node of an alpha-beta search on an explicit tree.

    Attributes
    ----------
    path : tuple of int
        Child indices from the root (``()`` is the root).
    kind : str
        ``"max"``, ``"min"`` or ``"leaf"``.
    visited : bool
        False when alpha-beta cut the node off (never looked at).
    value : float or None
        The value the search returned for it (a leaf's payoff; for a node
        whose search was cut short, the bound it returned). A pruned leaf
        keeps its payoff (to draw it greyed); a pruned inner node has None.
    alpha, beta : float or None
        The window when the node was left (for inner nodes); ``alpha >= beta``
        means the rest of its children were cut off.
    """

    path: tuple[int, ...]
    kind: str
    visited: bool
    value: float | None = None
    alpha: float | None = None
    beta: float | None = None


def minimax_value(tree: Tree, maximise: bool = True) -> float:
    """The minimax value of an explicit tree (every leaf looked at)."""
    if not isinstance(tree, Sequence):
        return tree
    values = [minimax_value(child, not maximise) for child in tree]
    return max(values) if maximise else min(values)


def alphabeta_trace(tree: Tree, maximise: bool = True) -> list[TreeNode]:
    """Alpha-beta on an explicit tree; every node in depth-first order, pruned ones included.

    The first node is the root; its ``value`` is the minimax value.
    """
    if isinstance(tree, Sequence) and not tree:
        raise ValueError("an inner node of the tree needs at least one child")
    nodes: list[TreeNode] = []

    def pruned(subtree: Tree, path: tuple[int, ...], max_node: bool) -> None:
        kind = "leaf" if not isinstance(subtree, Sequence) else ("max" if max_node else "min")
        nodes.append(TreeNode(path, kind, False, subtree if kind == "leaf" else None))
        if isinstance(subtree, Sequence):
            for k, child in enumerate(subtree):
                pruned(child, (*path, k), not max_node)

    def search(
        subtree: Tree, path: tuple[int, ...], max_node: bool, alpha: float, beta: float
    ) -> float:
        if not isinstance(subtree, Sequence):
            nodes.append(TreeNode(path, "leaf", True, subtree))
            return subtree
        slot = len(nodes)
        nodes.append(TreeNode(path, "max" if max_node else "min", True))
        best = -math.inf if max_node else math.inf
        for k, child in enumerate(subtree):
            if alpha >= beta:
                pruned(child, (*path, k), not max_node)
                continue
            value = search(child, (*path, k), not max_node, alpha, beta)
            if max_node:
                best, alpha = max(best, value), max(alpha, value)
            else:
                best, beta = min(best, value), min(beta, value)
        nodes[slot] = dataclasses.replace(nodes[slot], value=best, alpha=alpha, beta=beta)
        return best

    search(tree, (), maximise, -math.inf, math.inf)
    return nodes


def leaves_looked_at(tree: Tree, maximise: bool = True) -> int:
    """How many leaves alpha-beta looks at (children searched in the order given)."""
    return sum(1 for n in alphabeta_trace(tree, maximise) if n.kind == "leaf" and n.visited)


def knuth_estimate(branching: Iterable[int]) -> int:
    """Knuth's estimate of a tree's leaves from one random walk: the product of the branchings.

    ``branching`` lists the number of choices met at each step of a walk
    from the root to a leaf, each step taken uniformly at random. The
    product is an unbiased estimate of the number of leaves (its expectation
    over the walk is exactly the leaf count), but a very spread-out one.

    >>> knuth_estimate([4, 13, 7])
    364
    """
    product = 1
    for b in branching:
        if b < 1:
            raise ValueError(f"a step of the walk must have at least 1 choice, got {b}")
        product *= b
    return product


__all__ = [
    "TreeNode",
    "alphabeta_trace",
    "knuth_estimate",
    "leaves_looked_at",
    "minimax_value",
]
