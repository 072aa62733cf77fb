"""The order of Art. 4.3.3 (sequence numbers from the middle outwards) and the first legal
transposition of G2 (C.04.4.1 Art. 3.2.5 / 4.4), on any container of allowed pairs: the
bracket's edges (:mod:`~cpswiss.systems.dubov.procedure`) or the compatibility told pair by
pair (:mod:`~cpswiss.systems.dubov.dense`)."""

from __future__ import annotations

from typing import Container, TypeVar

from cpswiss.errors import EngineLimitError
from cpswiss.solver.matchings import augmenting_path

T = TypeVar("T")


def sequence_from_middle(items: list[T]) -> list[T]:
    """Art. 4.3.3: sequence numbers from the (remaining) middle of the sorted list outwards;
    of two players in the middle, the one higher in the list first (A..G: D C E B F A G)."""
    rest, out = list(items), []
    while rest:
        k = (len(rest) - 1) // 2
        out.append(rest.pop(k))
    return out


def first_transposition(s1: list[int], g2: list[int], allowed: Container[tuple[int, int]],
                        witness: dict[int, int]) -> tuple[list[int], dict[int, list[int]]]:
    """Art. 3.2.5 / 4.4: the first ordering T2 of ``g2`` (transpositions in TPN order: G2's
    players by TPN, compared at their first difference) such that every S1[i]-T2[i] is an
    ``allowed`` pair - position by position, the first player whose choice still leaves a
    perfect matching of the rest (``witness``: one perfect matching S1 -> G2, kept up to
    date; a choice is tested by one alternating-path search from it).  Also, for each
    position, the players before the chosen one that no legal pairing allowed."""
    mate = dict(witness)  # S1 player -> G2 player, a perfect matching of the undecided
    t2: list[int] = []
    skipped: dict[int, list[int]] = {}
    remaining = list(g2)
    for pos, a in enumerate(s1):
        undecided = s1[pos + 1:]
        for b in remaining:
            if (a, b) in allowed and _force(mate, a, b, undecided, allowed):
                break
            skipped.setdefault(pos, []).append(b)
        else:
            raise EngineLimitError("no legal transposition of G2 (Art. 3.2.5)")
        t2.append(b)
        remaining.remove(b)
        del mate[a]
    return t2, skipped


def _force(mate: dict[int, int], a: int, b: int, undecided: list[int], allowed: Container[tuple[int, int]]) -> bool:
    """Can the perfect matching ``mate`` (S1 -> G2) be changed to pair ``a`` with ``b``,
    the players decided before left alone?  If so, change it.  The partner b had (x) must
    reach the partner a leaves (y) by an alternating path among the ``undecided``."""
    if mate[a] == b:
        return True
    owner = {g: s for s, g in mate.items()}
    x, y = owner[b], mate[a]
    if x not in undecided:
        return False
    if (x, y) in allowed:  # the shortest path: x takes the partner a leaves
        mate[x], mate[a] = y, b
        return True
    # an alternating path over the undecided S1 players from x: from s, any allowed G2 player g
    # other than b; g free (= y) ends the path, else it goes on from g's owner (never a)
    path = augmenting_path(x, [g for g in owner if g != b], allowed, owner, lambda g: g == y, lambda s: s != a)
    if path is None:
        return False
    for s, g in path:  # flip the path, back to x
        mate[s] = g
    mate[a] = b
    return True
