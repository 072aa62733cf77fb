"""What a tournament holds, for the acceptance run's report and the generator's tests: the byes
by kind, the forfeits, the late entries and the withdrawals."""

from __future__ import annotations

from collections import Counter

from cpswiss.tournament.colour import WHITE
from cpswiss.tournament.model import RoundKind, Tournament

CONTENTS = ("pairing-allocated bye", "half-point bye", "full-point bye", "zero-point bye", "bye requested in advance",
            "forfeit (one player)", "forfeit (both players)", "late entry", "withdrawal")


def contents(t: Tournament) -> dict[str, int]:
    """How many of each kind of event the tournament holds (:data:`CONTENTS`): the byes by kind
    (a late entrant's zero-point rounds before his first pairing, and a withdrawn player's after
    his last, are counted as the entry and the withdrawal, not as byes), the forfeits by board,
    the late entries and the withdrawals by player, the byes requested in advance by ``240``
    record entry."""
    counts: Counter[str] = Counter()
    last = t.last_paired_round
    for record in t.players.values():
        entries = [record.entry(r) for r in range(1, last + 1)]
        played = [i for i, e in enumerate(entries) if e is not None and e.kind.took_part_in_pairing]
        first, final = (played[0], played[-1]) if played else (last, -1)
        def absent(span: list) -> bool:  # not there: no entry, or a zero-point one, in every round
            return bool(span) and all(e is None or e.kind is RoundKind.ZERO_BYE for e in span)

        absent_before, absent_after = absent(entries[:first]), absent(entries[final + 1:])
        if played and absent_before:
            counts["late entry"] += 1
        if played and absent_after:
            counts["withdrawal"] += 1
        for i, e in enumerate(entries):
            if e is None:
                continue
            match e.kind:
                case RoundKind.PAB:
                    counts["pairing-allocated bye"] += 1
                case RoundKind.HALF_BYE:
                    counts["half-point bye"] += 1
                case RoundKind.FULL_BYE:
                    counts["full-point bye"] += 1
                case RoundKind.ZERO_BYE if not (i < first and absent_before) and not (i > final and absent_after):
                    counts["zero-point bye"] += 1
                case RoundKind.FORFEIT_WIN:
                    counts["forfeit (one player)"] += 1
                case RoundKind.FORFEIT_LOSS if e.colour == WHITE:
                    other = t.players[e.opponent].entry(i + 1) if e.opponent in t.players else None
                    if other is not None and other.kind is RoundKind.FORFEIT_LOSS:
                        counts["forfeit (both players)"] += 1
    counts["bye requested in advance"] = sum(len(byes) for byes in t.requested_byes.values())
    return {kind: counts[kind] for kind in CONTENTS}
