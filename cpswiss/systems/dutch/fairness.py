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
mean" is the order of (k·Q - S², ±S).  :class:`Spread` finds that optimum on the bracket's
model by exact linear solves (:func:`optimum_of_spread`), and hands the solver
the linear level L = Σ (k·d_e - S*)² over the chosen pairs, S* the optimum's sum: for every
pairing with k pairs, L = k³·variance + k³·(mean - S*/k)², so the pairings that minimise L
are exactly those of the least variance and, among them, of mean S*/k.  Everything
downstream (the criteria below, the generation-order tie-break, the explanations) then
works on sums over edges as for every other criterion.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Protocol

from cpswiss.systems.dutch.bracket import DutchBracket
from cpswiss.rulesets.ruleset import Criterion
from cpswiss.solver.levels import Level

if TYPE_CHECKING:
    from fractions import Fraction

    from cpswiss.solver.model import MatchingModel


class LeastPairings(Protocol):
    """What :func:`optimum_of_spread` asks of a model: the least Σ coef·x over its pairings,
    with a minimiser left as the solution in hand (the 0/1 value of every edge).
    :class:`~cpswiss.solver.model.MatchingModel` is one; a protocol, so that a stand-in
    (a test's brute force) may take its place in compiled code too."""

    solution: list[int]

    def least(self, coef: dict[int, int]) -> int: ...


POINT_WEIGHT = 10000  # the essay's combined key: score x 10000 + rating (score in points)


def player_key(b: DutchBracket, v: int, key: str) -> int:
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


def pair_differences(b: DutchBracket, key: str = "rating") -> dict[int, int]:
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

    The level's ``coef`` holds 1 + the difference of each edge it covers (so that an edge of
    difference 0 is listed too); ``mean_sign`` is +1 when the smaller mean comes first, -1
    when the larger does.  Kept on a :class:`Level` as its ``nonlinear`` attribute; the
    solver calls :meth:`optimal_sum` when the level's turn comes.
    """

    mean_sign: int = 1

    def value(self, coef: dict[int, int], chosen: list[int]) -> int:
        """The level's value for a pairing: k²·variance of its differences (the level's
        ``coef`` holds 1 + the difference of each edge it covers)."""
        return spread_value({e: c - 1 for e, c in coef.items()}, chosen)

    def optimal_sum(self, m: MatchingModel, coef: dict[int, int]) -> dict[int, int]:
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


@dataclass(frozen=True)
class SpreadPoint:
    """A pairing seen by the spread: S = Σ d and Q = Σ d² over its pairs, its edges, and the
    direction (dS, dQ) of a line through it that no pairing lies below (the objective it was
    found by: the least S or the largest, vertical; or the direction of the segment searched)."""

    total: int
    squares: int
    solution: tuple[int, ...]
    support: tuple[int, int] = (0, 1)

    def spread(self, k: int) -> int:
        return k * self.squares - self.total ** 2


def _corner(a: SpreadPoint, c: SpreadPoint) -> tuple[Fraction, Fraction] | None:
    """Where the support lines of a and c meet (None: parallel): with the segment ac, the
    triangle that holds every pairing of the lower hull between them."""
    (ua, va), (uc, vc) = a.support, c.support
    det = ua * vc - va * uc
    if det == 0:
        return None
    # a + t·(ua, va) = c + r·(uc, vc)
    from fractions import Fraction  # the variants' spread only: the editions never load it

    t = Fraction((c.total - a.total) * vc - (c.squares - a.squares) * uc, det)
    return a.total + t * ua, a.squares + t * va


def optimum_of_spread(m: LeastPairings, diffs: dict[int, int], k: int, mean_sign: int) -> list[int]:
    """A pairing of the model (its frozen criteria kept) of least k·Q - S², then least ±S;
    the 0/1 value of every edge.

    Exact, by linear solves only.  Plot every pairing as the point (S, Q).  k·Q - S² is
    linear in Q and strictly concave in S, so over the convex hull of the points it is
    least at a vertex of the lower hull, and every pairing of least spread sits on one:
    a point above the lower hull is beaten by the hull point below it (same S, smaller
    Q), a point inside a hull edge by one of the edge's ends (strict concavity in S).
    The lower hull's vertices are found by dichotomic search: the pairings of least S
    and of largest S (each, among those, of least Q: a vertex, not any pairing of that
    S, which may lie above it), then, between two vertices A and B found, the least of the linear
    objective (S_B - S_A)·Q - (Q_B - Q_A)·S, constant along AB: a point below AB is a
    new vertex (search on both sides), none means AB is an edge of the hull.  Each step
    is an exact least of a linear objective on the bracket's model
    (:meth:`~cpswiss.solver.model.MatchingModel.least`: the blossom algorithm where its
    matching is proven least, else CP-SAT).  A segment is not searched when
    no pairing in it can do better than the best found: its pairings lie in the triangle
    of AB and the support lines at A and B, and a concave function is least over a
    triangle at a corner, so the third corner's value bounds them (exact fractions).
    """
    squares = {e: d * d for e, d in diffs.items()}

    def point(support: tuple[int, int]) -> SpreadPoint:
        chosen = m.solution
        return SpreadPoint(sum(d for e, d in diffs.items() if chosen[e]),
                           sum(q for e, q in squares.items() if chosen[e]), tuple(chosen), support)

    # the two ends: least S, and largest S, each then least Q (S weighs more than Q can differ
    # by: 0 <= Q <= k·max d²), so that both are vertices of the lower hull even where many
    # pairings share the end's S
    above_q = k * max(squares.values(), default=0) + 1
    m.least({e: above_q * d + squares[e] for e, d in diffs.items()})
    left = point((0, 1))
    m.least({e: squares[e] - above_q * d for e, d in diffs.items()})
    right = point((0, 1))
    found = [left, right]
    best = min(p.spread(k) for p in found)
    segments = [(left, right)]
    while segments:
        a, b = segments.pop()
        if a.total == b.total:
            continue
        corner = _corner(a, b)
        if corner is not None and k * corner[1] - corner[0] ** 2 > best:
            continue  # nothing between a and b can reach the best spread found
        step_s, step_q = b.total - a.total, b.squares - a.squares
        weights = {e: step_s * squares[e] - step_q * d for e, d in diffs.items()}
        on_the_edge = step_s * a.squares - step_q * a.total
        if m.least(weights) < on_the_edge:
            c = point((step_s, step_q))
            found.append(c)
            best = min(best, c.spread(k))
            segments += [(a, c), (c, b)]
    chosen = min(found, key=lambda p: (p.spread(k), mean_sign * p.total))
    return list(chosen.solution)


def rating_spread(b: DutchBracket, c: Criterion) -> list[Level]:
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


def opponent_order(b: DutchBracket, c: Criterion) -> list[Level]:
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


OWN_UNITS: dict[str, Callable[[DutchBracket, Criterion], list[Level]]] = {
    "rating-spread": rating_spread,
    "opponent-order": opponent_order,
}
# units that see a player's rating or place, not only his state: players equal in state are
# not interchangeable under them (cpswiss.systems.shared.bracket.interchangeable)
IDENTITY_UNITS = frozenset(OWN_UNITS)


__all__ = ["IDENTITY_UNITS", "ORDERS", "OWN_UNITS", "Spread", "SpreadPoint", "opponent_order", "optimum_of_spread",
           "pair_differences", "rating_spread", "spread_value"]
