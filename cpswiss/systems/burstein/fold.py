"""The order of pairings of Art. 4 (C.04.4.2, 2026), stated directly.

4.1: the bracket's players get in-bracket sequence numbers (BSN) 1, 2, ... in the Index
order.  4.2: one virtual player of BSN 0 per outgoing floater; a player paired with one
floats.  4.3: a pairing precedes another when BSN 1's opponent has the larger BSN; if the
same, BSN 2's opponent decides, and so on.  (The procedure finds the first pairing that
complies best without listing them: :func:`cpswiss.systems.burstein.procedure.pair_bracket`;
this listing is for tests and explanations of small brackets.)
"""

from __future__ import annotations

from itertools import combinations

Candidate = tuple[tuple[int, int], ...]  # pairs of BSNs (lower first), in BSN order


def opponents(candidate: Candidate, n: int) -> tuple[int, ...]:
    """BSN 1..n's opponents (0: floats, i.e. meets a virtual player)."""
    mate = [0] * (n + 1)
    for a, b in candidate:
        mate[a], mate[b] = b, a
    return tuple(mate[1:])


def fold_key(candidate: Candidate, n: int) -> tuple[int, ...]:
    """Sort key of Art. 4.3: the larger opponent BSN first, BSN by BSN."""
    return tuple(-m for m in opponents(candidate, n))


def _matchings(players: tuple[int, ...]):
    if not players:
        yield ()
        return
    first, rest = players[0], players[1:]
    for k, other in enumerate(rest):
        for tail in _matchings(rest[:k] + rest[k + 1:]):
            yield ((first, other),) + tail


def candidates(n: int, pairs: int) -> list[Candidate]:
    """Every pairing of a bracket of ``n`` players with ``pairs`` pairs (the others float),
    in the order of Art. 4.3."""
    found = [m for chosen in combinations(range(1, n + 1), 2 * pairs) for m in _matchings(chosen)]
    return sorted(found, key=lambda c: fold_key(c, n))


def text(candidate: Candidate, n: int) -> str:
    """``1-6 2-5 (3 4)``: the pairs, then the floaters in brackets."""
    paired = {v for pair in candidate for v in pair}
    floaters = [str(v) for v in range(1, n + 1) if v not in paired]
    return " ".join(f"{a}-{b}" for a, b in candidate) + (f" ({' '.join(floaters)})" if floaters else "")
