"""The default tie-break order of the FIDE Swiss rules of 1987-99 (seed 001, section 16;
FIDE Handbook C.04.2 D "Tie-break Rules"), for a tournament whose regulations name none.

(a) When the tied players have all played only rated opponents: the sum of the ratings of the
opponents each has met, the lowest-rated opponent taken away first; while still tied one more
lowest-rated opponent each, step by step (a sum, not C.07's average ARO: with unequal numbers of
games the sum favours the one who met more opponents).  (b) Otherwise the progressive score, then
the progressive score without the score after round 1, then without round 2 as well, and so on
(C.07 Art. 7.5 with the cuts of 14.1.1(c)).  Which of the two applies is decided per group of
tied players (reading S001-1, docs/readings.md); when (a) has run through every opponent the
players stay tied.

Under C.07 this is a self-defined tie-break (Art. 4.1, the ``OTHER_`` codes): ``OTHER_1999``.
Its value is a place inside the group of players tied before it (0: it separates nobody), as DE.
"""

from __future__ import annotations

from cpswiss.standings.rounds import Field


def seed001_keys(field: Field, group: list[int]) -> tuple[str, dict[int, tuple[int, ...]]]:
    """Which rule applies to the tied group ("a" or "b") and each player's sequence of values,
    compared first to last, higher first."""
    met = {cid: sorted(field.competitors[r.opponent].rating or 0 for r in field.competitors[cid].rounds
                       if r.over_board and r.opponent > 0) for cid in group}
    rated_only = all(field.competitors[r.opponent].rating is not None
                     for cid in group for r in field.competitors[cid].rounds if r.over_board and r.opponent > 0)
    if rated_only:
        longest = max((len(m) for m in met.values()), default=0)
        return "a", {cid: tuple(sum(m[k:]) for k in range(1, max(longest, 1) + 1)) for cid, m in met.items()}
    keys: dict[int, tuple[int, ...]] = {}
    for cid in group:
        running, sums = 0, []
        for r in field.competitors[cid].rounds:
            running += r.points(field.primary)
            sums.append(running)
        keys[cid] = tuple(sum(sums[k:]) for k in range(len(sums)))
    return "b", keys


def seed001_places(field: Field, groups: list[list[int]]) -> dict[int, int]:
    """The place of each player inside its tied group under section 16 (0: not separated)."""
    result: dict[int, int] = {}
    for group in groups:
        _, keys = seed001_keys(field, group)
        ordered = sorted(group, key=lambda cid: (tuple(-v for v in keys[cid]), cid))
        if len(group) < 2 or keys[ordered[0]] == keys[ordered[-1]]:
            result.update({cid: 0 for cid in group})
            continue
        place = 1
        for position, cid in enumerate(ordered):
            if position and keys[cid] != keys[ordered[position - 1]]:
                place = position + 1
            result[cid] = place
    return result
