"""Legality checks of a round-pairing: C.04.1 and the absolute criteria C.1-C.3.

Used on every pairing cpswiss produces before it is written, and by the
check/explain tools on pairings proposed by others.
"""

from __future__ import annotations

from dataclasses import dataclass

from cpswiss.colours.decoder import Pairing
from cpswiss.tournament.compatibility import compatible
from cpswiss.tournament.colour import BLACK, WHITE, Colour, opposite
from cpswiss.tournament.state import PlayerState, RoundState


@dataclass(frozen=True)
class Violation:
    """One absolute rule a pairing breaks: the article, the players concerned and what is wrong."""

    article: str
    players: tuple[int, ...]
    message: str

    def __str__(self) -> str:
        return f"{self.article}: {self.message}"


def meeting_violation(a: PlayerState, b: PlayerState, state: RoundState) -> Violation | None:
    """Why a and b may not meet (C.1 a rematch or a forbidden pair, C.3 the same absolute
    colour preference), or None when they may."""
    if b.id in a.opponents:
        return Violation("C.04.3 C.1", (a.id, b.id), f"{a.id} and {b.id} have already played each other")
    if b.id in a.forbidden:
        return Violation("C.04.3 C.1", (a.id, b.id), f"{a.id} and {b.id} may not meet (forbidden pair)")
    if not compatible(a, b, state):
        return Violation("C.04.3 C.3", (a.id, b.id), f"{a.id} and {b.id} have the same absolute colour "
                         f"preference ({a.preference}) and neither is exempt as a final-round topscorer")
    return None


def check_pairing(state: RoundState, pairing: Pairing) -> list[Violation]:
    """Every violation of C.04.1 and C.04.3 C.1-C.3 in ``pairing``."""
    out: list[Violation] = []
    players = state.players
    seen: dict[int, int] = {}
    for board in pairing.boards:
        for pid in (board.white, board.black):
            seen[pid] = seen.get(pid, 0) + 1
    if pairing.bye is not None:
        seen[pairing.bye] = seen.get(pairing.bye, 0) + 1
    for pid, count in sorted(seen.items()):
        if pid not in players:
            out.append(Violation("C.04.1", (pid,), f"player {pid} does not exist"))
        elif count > 1:
            out.append(Violation("C.04.1", (pid,), f"player {pid} is paired {count} times"))
        elif not players[pid].available:
            out.append(Violation("C.04.2 C", (pid,), f"player {pid} is not available this round but is paired"))
    for pid, p in sorted(players.items()):
        if p.available and pid not in seen:
            out.append(Violation("C.04.1", (pid,), f"player {pid} is available but missing from the pairing"))
    available = sum(1 for p in players.values() if p.available)
    if pairing.bye is not None and available % 2 == 0:
        out.append(Violation("C.04.1 rule 3", (pairing.bye,), "a bye is given with an even number of players"))
    if pairing.bye is None and available % 2 == 1:
        out.append(Violation("C.04.1 rule 3", (), "an odd number of players but no bye"))
    if pairing.bye is not None and pairing.bye in players and not players[pairing.bye].bye_eligible:
        out.append(Violation("C.04.3 C.2", (pairing.bye,),
                             f"player {pairing.bye} already had a bye or a win without playing"))
    for board in pairing.boards:
        w, b = players.get(board.white), players.get(board.black)
        if w is None or b is None:
            continue
        if w.id == b.id:
            out.append(Violation("C.04.1", (w.id,), f"player {w.id} is paired against themself"))
            continue
        if frozenset((w.id, b.id)) in state.allowed_pairs:
            continue  # the arbiter allowed this pair against C.1 / C.3 (cpswiss resolve)
        barred = meeting_violation(w, b, state)
        if barred is not None:
            out.append(barred)
        # C.8/C.9: in the final round topscorers and their opponents are exempt
        # (FIDE Swiss 1999 item 13: everyone in the last round)
        exempt = state.exempt_from_colour_limits(w) or state.exempt_from_colour_limits(b)
        if exempt:
            continue
        waived = state.colour_clash_waived.get(w.score) if w.score == b.score else None
        for p, colour in ((w, WHITE), (b, BLACK)):
            if waived != "all" and breaks_colour_difference(p, colour):
                out.append(Violation("C.04.1 rule 6", (p.id,), f"player {p.id} would reach colour "
                                     f"difference {p.colour_difference + colour_sign(colour):+d}"))
            if waived is None and breaks_three_in_a_row(p, colour):
                out.append(Violation("C.04.1 rule 7", (p.id,),
                                     f"player {p.id} would get {colour} three times in a row"))
    return out


def colour_sign(colour: Colour) -> int:
    """What a game with ``colour`` adds to the colour difference (A.6: whites minus blacks)."""
    return 1 if colour == WHITE else -1


def breaks_colour_difference(p: PlayerState, colour: Colour) -> bool:
    """C.04.1 rule 6: ``colour`` takes p's colour difference beyond +-2.  A colour that brings
    a difference already beyond 2 back towards 0 breaks nothing this round did (histories with
    such differences exist: manual pairings, arbiters' corrections)."""
    cd = p.colour_difference + colour_sign(colour)
    return abs(cd) > 2 and abs(cd) > abs(p.colour_difference)


def breaks_three_in_a_row(p: PlayerState, colour: Colour) -> bool:
    """C.04.1 rule 7: ``colour`` is p's third in a row - unless the other colour breaks rule 6:
    then rule 7 yields, so that every player has a colour he may take, the one of his absolute
    preference (RN-4: a colour difference of -2 after two Whites takes White; the Dutch A.6
    preference, the order of C.8 / [C10] before C.9 / [C11], and bbpPairings 5.0.1 and 6.0.0
    all put the colour difference first; decided by
    ``tests/data/colour-limits/cd-against-three-in-a-row.trf``)."""
    history = p.colours
    if len(history) < 2 or history[-1] != colour or history[-2] != colour:
        return False
    return not breaks_colour_difference(p, opposite(colour))
