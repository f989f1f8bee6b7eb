# %% [markdown]
# # Hotel Amsterdam 2: the city as a graph
#
# [Start here](../00_start_here.ipynb) · previous: [1. Play](01_play.ipynb) ·
# next: [3. The canal boat as a Markov chain](03_canal_boat_markov.ipynb)
#
# **Level:** introductory (first-year probability) · **Prerequisites:** lesson 1
# (the rules), matrix multiplication, conditional probability · **Time:** about 35 minutes
#
# The Mayor and the Nightwatchman walk through the city along its streets. Each
# turn a die tells a pawn **exactly** how many steps to walk, and where it stops
# decides which building tiles it can turn over. So the question "where can my
# pawn get to?" is a question about a **graph**: intersections are its nodes,
# streets its edges.
#
# **Learning goals.** After this lesson you can
#
# * build the city as a `networkx` graph and read off degrees and shortest walks;
# * count walks of exactly $k$ steps with powers of the adjacency matrix, and
#   turn the counts into the exact distribution of where a pawn ends after one roll;
# * explain betweenness and closeness centrality, and say which intersections
#   the two streets across the Dam make more central, and by how much.

# %% [markdown]
# ## The city: 36 intersections and their streets
#
# The board is a $7 \times 7$ grid of tiles: the canal all around, the Dam in the
# middle, 24 building tiles in between. A hotel and a pawn stand on an
# **intersection**, a point where four tiles meet. There are $6 \times 6 = 36$ of
# them; intersection $(i, j)$ is the corner below and to the right of tile
# $(i-1, j-1)$. Streets join neighbouring intersections (a lattice) and the
# rulebook adds two more: *"It is possible to cross the Dam diagonally."*
#
# The **degree** of an intersection is its number of streets. On a lattice a
# corner has 2, an edge point 3, an inner point 4; the diagonals give the four
# corners of the Dam a fifth street.

# %%
# NBVAL_CHECK_OUTPUT
from collections import Counter

import networkx as nx
import numpy as np

from hoteledu.amsterdam.board import DAM_CORNERS, DAM_DIAGONALS, INTERSECTIONS, city_graph

city = city_graph()  # with the two Dam diagonals (the rulebook's city)
lattice = city_graph(dam_diagonals=False)  # the same streets without them
print("intersections:", city.number_of_nodes())
print("streets:", city.number_of_edges(), "=", lattice.number_of_edges(), "lattice +", len(DAM_DIAGONALS), "diagonals")
print("how many intersections have each degree:", dict(sorted(Counter(d for _, d in city.degree()).items())))
print("degree of the Dam corners:", [city.degree(x) for x in DAM_CORNERS])
print("sum of degrees = 2 x streets:", sum(d for _, d in city.degree()), "=", 2 * city.number_of_edges())

# %% [markdown]
# The last line is the **handshake lemma**: every street has two ends, so the
# degrees add up to twice the number of streets.
#
# ## Shortest walks
#
# The **distance** $d(x, y)$ between two intersections is the fewest steps from
# one to the other: networkx finds it by breadth-first search. Across the whole
# city, from corner $(1,1)$ to corner $(6,6)$, a pawn needs 10 steps on the
# lattice (5 down, 5 across, in any order: $\binom{10}{5} = 252$ shortest walks).
# Through the Dam a diagonal replaces two lattice steps.

# %%
# NBVAL_CHECK_OUTPUT
for name, graph in (("with the diagonals", city), ("lattice only", lattice)):
    d = nx.shortest_path_length(graph, (1, 1), (6, 6))
    n = len(list(nx.all_shortest_paths(graph, (1, 1), (6, 6))))
    print(f"{name:>18}: (1,1) -> (6,6) takes {d} steps, {n} shortest walks; "
          f"diameter {nx.diameter(graph)}, mean distance {nx.average_shortest_path_length(graph):.3f}")
print("one shortest walk:", nx.shortest_path(city, (1, 1), (6, 6)))

# %% [markdown]
# ## Walks of exactly $k$ steps: powers of the adjacency matrix
#
# A die does not say "at most 3 steps" but *exactly* 3, and a walk may come back
# on itself. Let $A$ be the $36 \times 36$ **adjacency matrix**: $A_{xy} = 1$ if a
# street joins $x$ and $y$. Then
#
# $$(A^k)_{xy} = \text{number of walks of exactly } k \text{ steps from } x \text{ to } y,$$
#
# because a walk of $k$ steps is a walk of $k - 1$ steps followed by one more
# street: $(A^k)_{xy} = \sum_z (A^{k-1})_{xz} A_{zy}$. A pawn can end on $y$
# exactly when $(A^k)_{xy} > 0$. `walk_counts(k)` computes $A^k$ with exact integers.
#
# Here the Mayor starts on the Dam's north-west corner $(3,3)$.

# %%
# NBVAL_CHECK_OUTPUT
from hoteledu.amsterdam.analysis import adjacency_matrix, pawn_destinations, walk_counts
from hoteledu.amsterdam.analysis.city import INDEX

A = adjacency_matrix()
print("A is symmetric:", bool((A == A.T).all()), "| ones in A:", int(A.sum()), "= 2 x 62 streets")
start = (3, 3)
for k in (1, 2, 3):
    walks = walk_counts(k)[INDEX[start]]
    ends = pawn_destinations(start, k)
    print(f"k={k}: {int(walks.sum()):>3} walks from {start}, ending on {len(ends):>2} intersections;"
          f" walks to (4,4): {int(walks[INDEX[(4, 4)]])}")

# %% [markdown]
# ### Why the diagonals change *where* a pawn can stop
#
# Colour the lattice like a chess board: $(i, j)$ is white when $i + j$ is even.
# Every lattice street joins a white and a black intersection (the lattice is
# **bipartite**), so after exactly $k$ steps a pawn stands on its starting colour
# if $k$ is even and on the other colour if $k$ is odd. Half the city is out of
# reach for any given roll! A diagonal joins two intersections of the *same*
# colour, so on the real board this parity rule breaks near the Dam.

# %%
# NBVAL_CHECK_OUTPUT
print("lattice bipartite:", nx.is_bipartite(lattice), "| city bipartite:", nx.is_bipartite(city))
for k in (1, 2, 3):
    with_ = pawn_destinations(start, k)
    without = pawn_destinations(start, k, dam_diagonals=False)
    colours = {(i + j) % 2 for i, j in without}
    print(f"k={k}: {len(without):>2} ends on the lattice (all with i+j {'even' if colours == {0} else 'odd'}), "
          f"{len(with_):>2} with the diagonals")

# %% [markdown]
# ## Where does a pawn end after one roll? The exact distribution
#
# The die shows 1, 2 or 3, each with probability $\frac13$. What happens next
# depends on the player, so we need a **model** of the player. Two simple ones:
#
# * *uniform destination*: the player picks one of the intersections a walk of
#   the rolled length can end on, all equally likely;
# * *random walk*: each step goes to a neighbour chosen uniformly at random.
#
# Under the random walk the chance to be at $y$ after $k$ steps is
# $(D^{-1}A)^k_{xy}$ with $D$ the diagonal matrix of degrees. In both models the
# pawn may not end where the other pawn stands (here the Nightwatchman on $(4,4)$):
# with the die already rolled, the walk is chosen again, so we condition on not
# ending there *given the number of steps*. The law of total
# probability adds up the three faces:
#
# $$P(\text{end on } y) = \sum_{k=1}^{3} \tfrac13\, P(\text{end on } y \mid k \text{ steps}).$$

# %%
# NBVAL_CHECK_OUTPUT
from fractions import Fraction

from hoteledu.amsterdam.analysis import pawn_destination_distribution

models = {}
for model in ("uniform_destination", "random_walk"):
    dist = pawn_destination_distribution(start, avoid=(4, 4), model=model)
    models[model] = dist
    top = sorted(INTERSECTIONS, key=lambda x: (-dist[x[0] - 1, x[1] - 1], x))[:3]
    print(f"{model}: total {sum(dist.flat)}, reachable {sum(1 for p in dist.flat if p > 0)}, "
          f"P(back on the start) = {dist[2, 2]}")
    print("   most likely:", ", ".join(f"{x} {dist[x[0] - 1, x[1] - 1]}" for x in top))

# %% [markdown]
# Exact first, then a check: a seeded simulation of 20,000 random walks. The
# 95% interval of each frequency, $\hat p \pm 1.96\sqrt{\hat p(1-\hat p)/n}$,
# should contain the exact value for about 95% of the intersections (the normal
# approximation behind it is sound here: even the least likely reachable
# intersection expects about 74 of the 20,000 walks). Only the
# intersections the pawn **can** reach count here: where the exact chance is 0
# the pawn never goes, the frequency is 0 too, and an "interval" of width 0
# containing 0 tests nothing.

# %%
# NBVAL_CHECK_OUTPUT
rng = np.random.default_rng(2)
neighbours = {x: sorted(city.neighbors(x)) for x in INTERSECTIONS}
n_walks = 20_000
ends = Counter()
done = 0
while done < n_walks:
    steps = int(rng.integers(1, 4))  # the die is rolled once ...
    where = (4, 4)
    while where == (4, 4):  # ... but a walk ending on the Nightwatchman is walked again
        where = start
        for _ in range(steps):
            options = neighbours[where]
            where = options[int(rng.integers(len(options)))]
    ends[where] += 1
    done += 1
exact = models["random_walk"]
reachable = [x for x in INTERSECTIONS if exact[x[0] - 1, x[1] - 1] > 0]
covered = 0
for x in reachable:
    p, f = float(exact[x[0] - 1, x[1] - 1]), ends[x] / n_walks
    half = 1.96 * np.sqrt(f * (1 - f) / n_walks)
    covered += f - half <= p <= f + half
for x in [(3, 4), (2, 3), (1, 3)]:
    f = ends[x] / n_walks
    print(f"{x}: exact {float(exact[x[0] - 1, x[1] - 1]):.4f}, "
          f"simulated {f:.4f} ± {1.96 * np.sqrt(f * (1 - f) / n_walks):.4f}")
never = [x for x in INTERSECTIONS if x not in reachable]
print(f"{len(never)} intersections have chance 0; the simulation ended on them {sum(ends[x] for x in never)} times")
print(f"intervals containing the exact value: {covered} of the {len(reachable)} reachable intersections")

# %% [markdown]
# ## Centrality: which intersections matter?
#
# A pawn that stands somewhere central can reach many tiles next turn, and a pawn
# crossing the city tends to pass through central places. Two classic measures
# (networkx's definitions, $n = 36$):
#
# * **closeness** $C(x) = \dfrac{n - 1}{\sum_{y} d(x, y)}$: one over the mean
#   distance to everyone else;
# * **betweenness** $B(x) = \dfrac{1}{\binom{n-1}{2}} \sum_{\{s, t\}} \dfrac{\sigma_{st}(x)}{\sigma_{st}}$,
#   where the sum runs over the $\binom{n-1}{2}$ **unordered** pairs $\{s, t\}$ of
#   intersections other than $x$ (each pair once), $\sigma_{st}$ counts the
#   shortest walks between $s$ and $t$ and $\sigma_{st}(x)$ those passing
#   through $x$. Each pair gives the share of its shortest routes that go
#   through $x$, and $B(x)$ is the average share over all pairs: a number
#   between 0 and 1. (Summing over *ordered* pairs $(s, t)$ counts each
#   route twice; then one divides by $(n-1)(n-2)$ instead.)
#
# Both counts come from this lesson's tools: $\sigma_{st} = (A^{d(s,t)})_{st}$,
# since a walk of exactly $d(s, t)$ steps from $s$ to $t$ is a shortest walk; and
# shortest walks through $x$ exist exactly when $d(s, x) + d(x, t) = d(s, t)$,
# and then there are $\sigma_{st}(x) = \sigma_{sx}\,\sigma_{xt}$ of them (a shortest
# walk to $x$ followed by a shortest walk on). The next cell computes $B$ at the Dam corner
# $(3,3)$ this way and compares it with networkx.

# %%
# NBVAL_CHECK_OUTPUT
from itertools import combinations

from hoteledu.amsterdam.analysis import centrality, centrality_gain

distance = dict(nx.all_pairs_shortest_path_length(city))
powers = {k: walk_counts(k) for k in range(max(max(d.values()) for d in distance.values()) + 1)}


def shortest_walks(s, t):
    return int(powers[distance[s][t]][INDEX[s], INDEX[t]])


x = (3, 3)
others = [v for v in INTERSECTIONS if v != x]
share = 0.0
for s, t in combinations(others, 2):  # unordered pairs, each once
    if distance[s][x] + distance[x][t] == distance[s][t]:
        share += shortest_walks(s, x) * shortest_walks(x, t) / shortest_walks(s, t)
n = city.number_of_nodes()
print(f"pairs: {len(others) * (len(others) - 1) // 2} = C({n - 1}, 2)")
print(f"B{x} by the formula: {share / ((n - 1) * (n - 2) / 2):.4f} | networkx: {nx.betweenness_centrality(city)[x]:.4f}")

# %%
# NBVAL_CHECK_OUTPUT

c_with, c_without = centrality(), centrality(dam_diagonals=False)
for measure in ("closeness", "betweenness"):
    grid = c_with[measure]
    print(f"{measure}: highest {grid.max():.3f} at the Dam corners, lowest {grid.min():.3f} at the corner (1,1)")
    print(np.round(grid, 3) + 0.0)

# %% [markdown]
# ## Why the Dam diagonals matter
#
# Compare the same measures without the two diagonal streets. The gain is
# "with minus without".

# %%
# NBVAL_CHECK_OUTPUT
for measure in ("closeness", "betweenness"):
    gain = c_with[measure] - c_without[measure]
    print(f"{measure} gain: largest {round(gain.max(), 4) + 0.0:+.4f}, smallest {round(gain.min(), 4) + 0.0:+.4f}")
    print(np.round(gain, 3) + 0.0)
print("largest closeness gains:", [(x, round(g, 4)) for x, g in centrality_gain("closeness")])
print("closeness of the Dam corner (3,3): without the diagonals",
      round(float(c_without["closeness"][2][2]), 3), "with", round(float(c_with["closeness"][2][2]), 3))

# %% [markdown]
# Every intersection gets **closer** to the rest of the city: the diagonals are
# shortcuts, and the four Dam corners gain most (+0.029, from 0.324 to 0.354).
# **Betweenness** tells another story. The Dam corners stay as they were (they
# already lay on many shortest routes), while their lattice neighbours
# $(2,3), (3,2), \dots$ *lose* up to 0.019: routes that used to go round the Dam
# through them now cut straight across it. The corners of the Dam do not become
# more of a crossroads; the roads next to them become less of one.
#
# Below, node size and colour show closeness, with the diagonals and without.

# %%
from hoteledu.amsterdam.figures.city import city_graph_comparison, city_graph_figure

city_graph_figure(city, c_with["betweenness"], title="Betweenness centrality of the intersections")

# %%
city_graph_comparison(
    (city, c_with["closeness"]),
    (lattice, c_without["closeness"]),
    title="Closeness centrality with and without the Dam diagonals",
)

# %% [markdown]
# ## Exercises
#
# 1. A pawn stands on the corner $(1,1)$ and rolls a 2. On how many intersections
#    can it end, and how many walks lead to each? Check with `walk_counts(2)`.
# 2. Without the diagonals, why can a pawn on $(3,3)$ that rolls a 2 never end on
#    $(3,4)$? With the diagonals, how many walks of 2 steps lead there?
# 3. Under the *random walk* model, is the Mayor (on $(3,3)$, Nightwatchman on
#    $(4,4)$) more likely to end next to the Dam (on one of its four corners)
#    than under the *uniform destination* model? Compute both.
# 4. On the lattice (without the diagonals), which intersections have the
#    largest degree? Do they all have the largest betweenness? If not, which of
#    them do, and what range do the others' betweenness values span? (Hint:
#    compare `centrality(False)["degree"]` and `centrality(False)["betweenness"]`.)
#
# <details><summary>Show the answer</summary>
#
# 1. Four intersections: back on $(1,1)$ by 2 walks (out and back along either
#    street), $(2,2)$ by 2 walks (right then down, or down then right), $(1,3)$
#    and $(3,1)$ by 1 walk each: 6 walks in all, 2 first steps times 3 second steps.
# 2. On the lattice every step changes the colour, so after 2 steps the pawn is
#    on its own colour: $3 + 3$ is even, $3 + 4$ is odd. With the diagonals there
#    are 2 walks: $(3,3) \to (4,4) \to (3,4)$ and $(3,3) \to (4,3) \to (3,4)$, each
#    using one diagonal.
# 3. Add `dist[i - 1, j - 1]` over the corners $(3,3), (3,4), (4,3)$ (the fourth
#    is the Nightwatchman's): 13/44 ≈ 0.295 for the uniform destination model,
#    25079/62376 ≈ 0.402 for the random walk, which tends to stay near its start.
# 4. The largest degree, 4, belongs to a set: all 16 inner lattice points
#    $(i, j)$ with $2 \le i, j \le 5$. Their betweenness is not equal: it runs from
#    0.112 (at $(2,2)$ and the other points diagonal to the board's corners) to
#    0.192, which only the four Dam corners $(3,3), (3,4), (4,3), (4,4)$ reach.
#    So 12 of the 16 have the largest degree but not the largest betweenness:
#    degree counts streets, betweenness counts routes through the middle.
#
# </details>

# %% [markdown]
# The cell below checks every number the answers state against the code, without
# printing them: it says only whether they all agree.

# %% jupyter={"source_hidden": true} tags=["remove-input"]
# NBVAL_CHECK_OUTPUT
from hoteledu.lessons import check_answers

from_corner = walk_counts(2)[INDEX[(1, 1)]]
near_dam = {model: dist[2, 2] + dist[2, 3] + dist[3, 2] for model, dist in models.items()}
lattice_degree, lattice_betweenness = c_without["degree"], c_without["betweenness"]
largest_degree = {x for x in INTERSECTIONS if lattice_degree[x[0] - 1, x[1] - 1] == lattice_degree.max()}
values = [lattice_betweenness[x[0] - 1, x[1] - 1] for x in largest_degree]
verdict = check_answers("amsterdam/02_city_graph", {
    "1 ends and walks": {x: int(from_corner[INDEX[x]]) for x in INTERSECTIONS if from_corner[INDEX[x]]},
    "2 with the diagonals": int(walk_counts(2)[INDEX[(3, 3)], INDEX[(3, 4)]]),
    "2 without": int(walk_counts(2, dam_diagonals=False)[INDEX[(3, 3)], INDEX[(3, 4)]]),
    "3 uniform destination": near_dam["uniform_destination"],
    "3 random walk": near_dam["random_walk"],
    "4 largest degree": largest_degree,
    "4 range": (min(values), max(values)),
    "4 largest betweenness": {x for x in largest_degree if np.isclose(lattice_betweenness[x[0] - 1, x[1] - 1], max(values))},
    "4 not largest": len([v for v in values if not np.isclose(v, max(values))]),
})
