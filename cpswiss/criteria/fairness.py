"""Seed 003's "fairness inside a score group" (essay of 1-12-1993) as criterion units.

The essay (``../shared/spec/colours-and-acceleration.md`` section 5; the Greek original
``../shared/seeds/003_*.txt`` wins over the digest) calls the regulation order of the
pairings of a scoregroup "purely combinatorial" and proposes fairer orders:

* ``rating-spread``: rank the candidate pairings by the standard deviation of the rating
  differences inside the pairs, then by their mean ("Ταξινομούμε κατ' αύξουσα σειρά τις
  λύσεις κατά την τυπική απόκλιση με δεύτερο κριτήριο το μέσο όρο").  Parameter ``key``:
  ``"rating"`` (the difference of the players' ratings) or ``"score-rating"`` (the
  essay's combined key score x 10000 + rating, "με τις ακριβείς διαφορές": a pair of
  unequal scores then differs by 10000 per point).  Parameter ``mean``: ``"smallest"``
  (the essay's ascending order, its solution 15 "everyone plays the next one" before its
  solution 1) or ``"largest"`` (the other answer to the essay's open question "which of
  the two comes first?").
* ``opponent-order``: the player looking for an opponent tries them in a stated order, each
  player in turn (the highest first): ``order = "alternating"`` (middle+1, middle,
  middle+2, middle-1, ... : "κάτω - πάνω από το μεσαίο") or ``order = "next"`` (the
  first suitable player below him: the essay's "simple Swiss", "ο παίκτης που ζητά
  αντίπαλο επιλέγει αυτόν που θα βρεί πρώτο").

Both are ranked by the rule files after the edition's criteria, so they replace only the
edition's generation order (which still breaks the ties they leave).

The spread is exact, not a heuristic.  With the number of pairs k of the bracket fixed (the
criterion "pairs" ranks above it), let d_e be the difference of pair e, S = Σ d and
Q = Σ d² over the chosen pairs.  Then k²·variance = k·Q - S², and the order "variance, then
mean" is the order of (k·Q - S², ±S).  :class:`Spread` finds that optimum on a copy of the
model with CP-SAT (S² through a multiplication constraint, then S), and hands the solver
the linear level L = Σ (k·d_e - S*)² over the chosen pairs, S* the optimum's sum: for every
pairing with k pairs, L = k³·variance + k³·(mean - S*/k)², so the pairings that minimise L
are exactly those of the least variance and, among them, of mean S*/k.  Everything
downstream (the criteria below, the generation-order tie-break, the explanations) then
works on sums over edges as for every other criterion.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from cpswiss.criteria.bracket import Bracket
from cpswiss.errors import UnprovenError
from cpswiss.rulesets.ruleset import Criterion
from cpswiss.solver.levels import Level

POINT_WEIGHT = 10000  # the essay's combined key: score x 10000 + rating (score in points)


def player_key(b: Bracket, v: int, key: str) -> int:
    """The number the differences are taken of: the rating (an unrated player counts 0), or
    with ``key = "score-rating"`` score x 10000 + rating (scores are kept in tenths)."""
    p = b.vertices[v]
    record = b.round.tournament.players.get(p.id)
    rating = (record.rating or 0) if record is not None else 0
    if key == "rating":
        return rating
    if key == "score-rating":
        return p.score * (POINT_WEIGHT // 10) + rating
    raise ValueError(f"rating-spread: key must be 'rating' or 'score-rating', not {key!r}")


def pair_differences(b: Bracket, key: str = "rating") -> dict[int, int]:
    """Bracket edge -> the absolute difference of its players' keys."""
    keys = [player_key(b, v, key) for v in range(b.n_bracket)]
    return {e: abs(keys[i] - keys[j]) for e, i, j in b.bracket_edges()}


def spread_value(diffs: dict[int, int], chosen: list[int]) -> int:
    """k·Σd² - (Σd)² over the chosen pairs that the differences cover: k² times the
    (population) variance of their differences."""
    picked = [diffs[e] for e in chosen if e in diffs]
    return len(picked) * sum(d * d for d in picked) - sum(picked) ** 2


@dataclass
class Spread:
    """The non-linear part of the ``rating-spread`` level (see the module docstring).

    ``diffs`` maps the level's edges to their differences; ``mean_sign`` is +1 when the
    smaller mean comes first, -1 when the larger does.  Kept on a :class:`Level` as its
    ``nonlinear`` attribute; the solver calls :meth:`optimal_sum` when the level's turn comes.
    """

    mean_sign: int = 1

    def value(self, coef: dict[int, int], chosen: list[int]) -> int:
        """The level's value for a pairing: k²·variance of its differences (the level's
        ``coef`` holds 1 + the difference of each edge it covers)."""
        return spread_value({e: c - 1 for e, c in coef.items()}, chosen)

    def optimal_sum(self, m, coef: dict[int, int]) -> dict[int, int]:
        """Find the optimum on ``m`` (a :class:`~cpswiss.solver.model.MatchingModel` with the
        criteria above frozen), make one of its pairings the model's solution in hand, and
        return the linear level whose minimisers are exactly the optimal pairings."""
        diffs = {e: c - 1 for e, c in coef.items()}
        counted = {e: 1 for e in diffs}
        if not m.determined(counted):
            raise ValueError("rating-spread needs the number of pairs fixed by a criterion above it "
                             "(rank it after 'pairs')")
        k = sum(m.solution[e] for e in diffs)
        if k <= 1:
            return {}  # one pair or none: no spread, the mean is the one difference
        chosen = optimum_of_spread(m, diffs, k, self.mean_sign)
        m.solution = chosen
        total = sum(diffs[e] for e in diffs if chosen[e])
        linear: dict[int, int] = {}
        for e, d in diffs.items():
            weight = (k * d - total) ** 2
            if weight:
                linear[e] = weight
        return linear


def optimum_of_spread(m, diffs: dict[int, int], k: int, mean_sign: int) -> list[int]:
    """A pairing of the model of least k·Q - S², then least ±S (exact: CP-SAT on a copy of
    the model, which keeps every frozen criterion); the 0/1 value of every edge."""
    from cpswiss.solver.cpsat import cp_model

    model = m.model.clone()
    x = [model.get_bool_var_from_proto_index(e) for e in range(len(m.edges))]
    edges = list(diffs)
    most = sum(sorted(diffs.values(), reverse=True)[:k])
    total = model.new_int_var(0, most, "spread_sum")
    squares = model.new_int_var(0, k * max(diffs.values()) ** 2, "spread_squares")
    total_squared = model.new_int_var(0, most * most, "spread_sum_squared")
    model.add(total == cp_model.LinearExpr.weighted_sum([x[e] for e in edges], [diffs[e] for e in edges]))
    model.add(squares == cp_model.LinearExpr.weighted_sum([x[e] for e in edges], [diffs[e] ** 2 for e in edges]))
    model.add_multiplication_equality(total_squared, [total, total])
    model.clear_assumptions()
    spread = k * squares - total_squared
    model.minimize(spread)
    solution = _solve(model, m.settings)
    best = solution.value(spread)
    model.add(spread == best)
    model.minimize(mean_sign * total)
    solution = _solve(model, m.settings)
    return [int(solution.boolean_value(x[e])) for e in range(len(m.edges))]


def _solve(model, settings):
    from cpswiss.solver.cpsat import cp_model

    solver = cp_model.CpSolver()
    solver.parameters.num_workers = settings.workers
    solver.parameters.max_time_in_seconds = settings.time_limit
    solver.parameters.random_seed = 0
    status = solver.solve(model)
    if status != cp_model.OPTIMAL:
        raise UnprovenError("the solver could not prove the least spread of rating differences within "
                            f"{settings.time_limit:g} s (status {solver.status_name(status)}); no pairing is reported")
    return solver


def rating_spread(b: Bracket, c: Criterion) -> list[Level]:
    """Seed 003 (1-12-1993): the pairing of the bracket whose in-pair rating differences have
    the least standard deviation, then the least (``mean = "smallest"``, the essay's order)
    or largest mean.  Two levels: k²·variance (non-linear, see the module docstring), then
    the sum of the differences (k is fixed, so the sum orders as the mean)."""
    key = str(c.params.get("key", "rating"))
    mean = str(c.params.get("mean", "smallest"))
    if mean not in ("smallest", "largest"):
        raise ValueError(f"rating-spread: mean must be 'smallest' or 'largest', not {mean!r}")
    sign = 1 if mean == "smallest" else -1
    diffs = pair_differences(b, key)
    what = "rating" if key == "rating" else "score x 10000 + rating"
    spread = Level(f"{c.label} spread of the {what} differences (k² x variance)", floor=0,
                   nonlinear=Spread(sign))
    for e, d in diffs.items():
        spread.add(e, d + 1)  # the edge's difference, kept nonzero so that every pair is listed
    total = Level(f"{c.label} sum of the {what} differences" + ("" if sign == 1 else " (largest first)"),
                  sense=sign)
    for e, d in diffs.items():
        total.add(e, sign * d)
    return [spread, total]


def _alternating_rank(offset: int) -> tuple[int, int]:
    """middle+1, middle, middle+2, middle-1, ...: offset 0, -1, +1, -2, +2, ... from the
    player's first-candidate opponent."""
    return abs(offset), offset > 0


ORDERS: dict[str, Callable[[int, int, int], tuple[int, ...]]] = {
    # (player i, candidate w, half of the bracket m) -> sort key of w in i's list
    "alternating": lambda i, w, m: _alternating_rank(w - (i + m)),
    "next": lambda i, w, m: (w - i,),
}


def opponent_order(b: Bracket, c: Criterion) -> list[Level]:
    """Seed 003 (1-12-1993): each player of the bracket in turn, the highest first, takes the
    first opponent of his list that keeps the criteria above.  His list holds the players
    after him in the bracket (the players before him chose first): ``order = "alternating"``
    around his first-candidate opponent (S1[i] against S2[i], B.3: i + half the bracket):
    that one, then the player above him, the player below, two above, ...; ``order = "next"``:
    the players after him in order (the simple Swiss).  One level per player: the position
    of his opponent in his list (0: the first; a player paired by someone above him, or
    left unpaired, counts 0 and chooses nothing)."""
    order = str(c.params.get("order", "alternating"))
    rank_key = ORDERS.get(order)
    if rank_key is None:
        raise ValueError(f"opponent-order: order must be one of {', '.join(ORDERS)}, not {order!r}")
    half = b.n_bracket // 2
    levels = []
    for i in range(b.n_bracket):
        later = [(e, j) for e, a, j in b.bracket_edges() if a == i]
        if not later:
            continue
        ranked = sorted(range(i + 1, b.n_bracket), key=lambda w: (rank_key(i, w, half), w))
        position = {w: k for k, w in enumerate(ranked)}
        level = Level(f"{c.label} place of the opponent of {b.vertices[i].id} in his list", floor=0)
        for e, j in later:
            level.add(e, position[j])
        if not level.trivial:
            levels.append(level)
    return levels


OWN_UNITS: dict[str, Callable[[Bracket, Criterion], list[Level]]] = {
    "rating-spread": rating_spread,
    "opponent-order": opponent_order,
}
# units that see a player's rating or place, not only his state: players equal in state are
# not interchangeable under them (cpswiss.criteria.bracket.interchangeable)
IDENTITY_UNITS = frozenset(OWN_UNITS)


def _declared() -> tuple[dict, set[str], set[str]]:
    from cpswiss.criteria import units

    return {**units.UNITS, **OWN_UNITS}, set(units.ABSOLUTE_UNITS), set(units.ROUND_UNITS)


# what the Dutch system's rule files may name (PairingSystem.units): the shared units and these
UNITS, ABSOLUTE_UNITS, ROUND_UNITS = _declared()

__all__ = ["ABSOLUTE_UNITS", "IDENTITY_UNITS", "ORDERS", "OWN_UNITS", "ROUND_UNITS", "Spread", "UNITS", "opponent_order", "optimum_of_spread",
           "pair_differences", "rating_spread", "spread_value"]
