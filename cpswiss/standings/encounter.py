"""The tie-breaks whose value is a place inside the ties the list leaves: Direct Encounter (C.07
Art. 6), Extended Direct Encounter of teams (13.3), Top Board Results (12.2) and Bottom Board
Elimination (12.3).

The value is the competitor's place (1 = first, competition ranking) inside its group of
competitors tied on every tie-break before it, or 0 for the whole group when the tie-break
separates nobody in it (a group of one included).

Direct Encounter: the separate standings of the tied competitors' games among themselves
(forfeits left out unless ``/P``, 6.1.1; a repeated pairing counts once, with the average of its
results, 6.1.2).  When everyone has met everyone (or in a round robin) they rank the group
(6.2); otherwise a competitor is placed first only if he stays alone on top whatever the missing
games' results - his score with every missing game lost above every rival's with every missing
game won - then the same for the next place, and so on (6.3).  Art. 6 is applied again to every
subgroup still tied (6.2, 6.3, 4.2).  EDE: on the primary score, and where that separates nobody
on the secondary score; every new subgroup starts again at the primary (13.3.1, 13.3.3).

The named chains of 13.3.2 (EDET, EDEB, EDEBT, EDEBB; reading TB-18 of docs/readings.md): EDE,
then, for each group it leaves that is exactly two teams level on both match points and game
points (their totals), the Art. 12 steps the code names in its order - Board Count (12.1, the
lower first), Top Board Results (12.2), Bottom Board Elimination (12.3) - each computed as the
tie-break of that article computes it, over all the games of the standings' rounds, until one
separates them.
"""

from __future__ import annotations

from fractions import Fraction

from cpswiss.standings.catalogue import EDE_CHAINS
from cpswiss.standings.codes import TieBreak
from cpswiss.standings.own import board_count
from cpswiss.standings.rounds import GP, MP, Field

Group = list[int]


def places(tb: TieBreak, field: Field, groups: list[Group]) -> dict[int, int]:
    """The place of every competitor inside its group (0: the group is not separated)."""
    result: dict[int, int] = {}
    for group in groups:
        if tb.code == "DE" or tb.code == "EDE":
            split = _encounter(tb, field, group, tb.code == "EDE")
        elif tb.code in EDE_CHAINS:
            split = [part for tied in _encounter(tb, field, group, True)
                     for part in board_steps(EDE_CHAINS[tb.code], field, tied)]
        else:
            split = _boards(tb.code, field, group)
        if len(split) == 1:
            result.update({cid: 0 for cid in group})
            continue
        place = 1
        for subgroup in split:
            result.update({cid: place for cid in subgroup})
            place += len(subgroup)
    return result


def _encounter(tb: TieBreak, field: Field, group: Group, extended: bool) -> list[Group]:
    """The group in order of Art. 6 (13.3 for EDE): a list of subgroups still tied."""
    if len(group) < 2:
        return [group]
    scores = [field.primary, field.other(field.primary)] if extended else [tb.score or field.primary]
    for score in scores:
        split = _direct(tb, field, group, score)
        if len(split) > 1:
            result: list[Group] = []
            for subgroup in split:
                result.extend(_encounter(tb, field, subgroup, extended))
            return result
    return [group]


def _direct(tb: TieBreak, field: Field, group: Group, score: str) -> list[Group]:
    """One application of Art. 6 on ``score``: the group split once (6.2 or 6.3)."""
    members = set(group)
    met: dict[int, dict[int, list[int]]] = {cid: {} for cid in group}
    for cid in group:
        for r in field.competitors[cid].rounds:
            counts = r.over_board or tb.forfeits_played or field.round_robin
            if r.opponent in members and counts and r.opponent > 0:
                met[cid].setdefault(r.opponent, []).append(r.points(score))
    sums = {cid: sum((Fraction(sum(p), len(p)) for p in met[cid].values()), Fraction(0)) for cid in group}
    everyone = field.round_robin or all(len(met[cid]) == len(group) - 1 for cid in group)
    if everyone:
        ordered = sorted(group, key=lambda cid: (-sums[cid], cid))
        split: list[Group] = []
        for cid in ordered:
            if split and sums[split[-1][0]] == sums[cid]:
                split[-1].append(cid)
            else:
                split.append([cid])
        return split
    best = {cid: sums[cid] + (len(group) - 1 - len(met[cid])) * field.win[score] for cid in group}
    ordered = sorted(group, key=lambda cid: (-sums[cid], -best[cid], cid))
    alone: list[Group] = []
    for index, cid in enumerate(ordered[:-1]):
        if sums[cid] > max(best[other] for other in ordered[index + 1:]):
            alone.append([cid])
        else:
            break
    rest = ordered[len(alone):]
    return alone + ([rest] if rest else [])


def board_steps(steps: tuple[str, ...], field: Field, group: Group) -> list[Group]:
    """Art. 13.3.2: two teams EDE left level on MP and GP ordered by the first of the Art. 12
    ``steps`` (``BC``, ``TBR``, ``BBE``) that separates them; any other group as it is."""
    if len(group) != 2 or len({(field.competitors[cid].score(MP), field.competitors[cid].score(GP))
                               for cid in group}) != 1:
        return [group]
    for step in steps:
        split = _boards(step, field, group)
        if len(split) > 1:
            return split
    return [group]


def _boards(code: str, field: Field, group: Group) -> list[Group]:
    """Art. 12.1 (the board count, lower first), 12.2 (board 1's game points, then board 2's,
    ...) or 12.3 (every board but the last, then drop the next board up, ...) as a lexicographic
    order of the group."""
    def key(cid: int) -> tuple[int, ...]:
        if code == "BC":  # tenths of a point: a whole number
            return (int(board_count(field, field.competitors[cid]) * 10),)
        totals = [0] * field.boards
        for r in field.competitors[cid].rounds:
            for board, points in enumerate(r.boards):
                totals[board] += points
        if code == "TBR":
            return tuple(-t for t in totals)
        remaining = sum(totals)
        steps = []
        for board in range(field.boards - 1, -1, -1):
            remaining -= totals[board]
            steps.append(-remaining)
        return tuple(steps)

    keys = {cid: key(cid) for cid in group}
    split: list[Group] = []
    for cid in sorted(group, key=lambda c: (keys[c], c)):
        if split and keys[split[-1][0]] == keys[cid]:
            split[-1].append(cid)
        else:
            split.append([cid])
    return split
