"""``cpswiss check`` on a team file (C.04.6): every round re-paired from the state before it and
compared with the round in the file - the pairs, each match's colours (the board-1 colours) and
the pairing-allocated bye - with what the file breaks by the rules named by article ([C1] a
second meeting after a played match, [C2] a PAB that the team may not take, every team to pair
paired once) and, where cpswiss pairs otherwise, what it gives and why (the article of 4.3 for
a colour)."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cpswiss.api import pair_team_tournament
from cpswiss.errors import NoPairingError
from cpswiss.formats.trf import read_trf
from cpswiss.tournament.colour import WHITE
from cpswiss.tournament.competitors import Competitor, EntryKind, competitors
from cpswiss.tournament.model import Tournament

if TYPE_CHECKING:
    from cpswiss.systems.team.procedure import TeamRoundPairing


@dataclass
class TeamRoundCheck:
    """One round: whether the file's pairing is the engine's, and what differs or is illegal."""

    round_no: int
    agrees: bool
    problems: list[str] = field(default_factory=list)  # the file breaks an absolute rule
    differences: list[str] = field(default_factory=list)  # where the engine pairs otherwise


@dataclass
class TeamCheckReport:
    rounds: list[TeamRoundCheck]

    @property
    def agrees(self) -> bool:
        return all(r.agrees for r in self.rounds)

    def text(self) -> str:
        lines = []
        for r in self.rounds:
            lines.append(f"round {r.round_no}: " + ("agrees" if r.agrees else "differs"))
            lines += [f"   {p}" for p in r.problems + r.differences]
        lines.append(f"{sum(r.agrees for r in self.rounds)}/{len(self.rounds)} rounds agree")
        return "\n".join(lines)

    def as_dict(self) -> dict[str, Any]:
        return {"agrees": self.agrees, "rounds": [vars(r) for r in self.rounds]}


def check_team_tournament(tournament: Tournament | str | os.PathLike[str], rule_set: str | None = None,
                          rounds: list[int] | None = None) -> TeamCheckReport:
    """Check the rounds of a team file (all paired rounds, or ``rounds``)."""
    t = read_trf(tournament) if isinstance(tournament, (str, os.PathLike, Path)) else tournament
    found = competitors(t)
    last = max((len(c.entries) for c in found.values()), default=0)
    checked = []
    for r in rounds or range(1, last + 1):
        checked.append(_check_round(t, found, rule_set, r))
    return TeamCheckReport(checked)


def _check_round(t: Tournament, found: dict[int, Competitor], rule_set: str | None, r: int) -> TeamRoundCheck:
    try:
        result = pair_team_tournament(t, rule_set, round_no=r)
    except NoPairingError as exc:
        return TeamRoundCheck(r, False, [], [f"cpswiss finds no legal pairing ({exc.one_line()})"])
    played: set[tuple[int, int]] = set()
    bye = None
    for c in result.state.to_pair:
        entry = found[c.id].entry(r)
        if entry is None:
            continue
        if entry.kind is EntryKind.PAB:
            bye = c.id
        elif entry.opponent is not None and entry.colour == WHITE:
            played.add((c.id, entry.opponent))
    problems, differences = compare_with(result, played, bye, "the file")
    return TeamRoundCheck(r, not problems and not differences, problems, differences)


def compare_with(result: TeamRoundPairing, pairs: set[tuple[int, int]], bye: int | None,
                 whose: str) -> tuple[list[str], list[str]]:
    """What a pairing (``pairs``: (white, black) by team number; ``bye``) breaks of the absolute
    rules, and where cpswiss's pairing differs from it (``whose``: "the file", "the
    proposal")."""
    teams = result.state.competitors
    problems = []
    for white, black in sorted(pairs):
        if white not in teams or black not in teams:
            problems.append(f"{white}-{black}: not a team of the tournament")
        elif black in teams[white].opponents:
            problems.append(f"[C1] {white}-{black}: the teams met in a played match before (C.04.6 Art. 2.1.1)")
    if bye is not None and bye in teams and not teams[bye].bye_eligible:
        problems.append(f"[C2] the PAB to {bye}, which had a PAB, a forfeit win or a full-point bye "
                        f"(C.04.6 Art. 2.1.2)")
    seen = sorted([x for pair in pairs for x in pair] + ([bye] if bye is not None else []))
    if seen != sorted(c.id for c in result.state.to_pair):
        problems.append("not every team to pair is paired exactly once (C.04.6 Art. 3.3.1)")
    mine = {(m.white, m.black): m for m in result.matches}
    differences = []
    unordered = {frozenset(p) for p in pairs}
    for (white, black), m in sorted(mine.items()):
        if (white, black) in pairs:
            continue
        if frozenset((white, black)) in unordered:
            differences.append(f"colours of {black}-{white}: Art. {m.article} gives White to {white}")
        else:
            differences.append(f"cpswiss pairs {white}-{black}")
    engine_pairs = {frozenset(p) for p in mine}
    for white, black in sorted(pairs):
        if frozenset((white, black)) not in engine_pairs:
            differences.append(f"{whose} pairs {white}-{black}, which cpswiss does not")
    if bye != result.bye:
        differences.append(f"PAB: {whose} gives it to {bye}, cpswiss to {result.bye} (Art. 3.4)")
    return problems, differences
