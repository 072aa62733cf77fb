"""Check a Double-Swiss file (C.04.5): every round re-paired from the state before it and
compared with the round as the file has it - the matches (who met whom), the White of game 1
and the pairing-allocated bye - each difference named with its article: a rematch ([C1],
Art. 2.1.1), a PAB to a player [C2] bars (2.1.2), another pairing than the text's (Art. 3), a
match colour other than Art. 4 gives."""

from __future__ import annotations

import os
from collections.abc import Collection
from dataclasses import dataclass, field
from pathlib import Path

from cpswiss.api import pair_double_swiss_tournament, rule_set_of_matches
from cpswiss.registry import system_named
from cpswiss.errors import NoPairingError
from cpswiss.formats.trf import read_trf
from cpswiss.rulesets.ruleset import RuleSet
from cpswiss.tournament.competition_state import competition_state, paired_matches
from cpswiss.tournament.model import Tournament


@dataclass
class RoundCheck:
    """One round: the findings (article, message), empty when the file has the text's pairing."""

    round_no: int
    findings: list[tuple[str, str]] = field(default_factory=list)

    @property
    def agrees(self) -> bool:
        return not self.findings


@dataclass
class DoubleSwissCheck:
    path: str
    rounds: list[RoundCheck]

    @property
    def agrees(self) -> bool:
        return all(r.agrees for r in self.rounds)

    def text(self) -> str:
        lines = [f"{self.path}: {len(self.rounds)} rounds checked (C.04.5), "
                 + ("all as the rules pair them" if self.agrees else
                    f"{sum(not r.agrees for r in self.rounds)} differ")]
        for r in self.rounds:
            for article, message in r.findings:
                lines.append(f"  round {r.round_no}: {article}: {message}")
        return "\n".join(lines)


def recorded_round(t: Tournament, round_no: int) -> tuple[list[tuple[int, int]], list[int]]:
    """The matches of a round as the file has them (White of game 1, Black of game 1) and its
    pairing-allocated byes: read from the game-1 column."""
    return t.pairing_of(t.games_per_round * (round_no - 1) + 1)


def check_double_swiss(tournament: Tournament | str | Path, rule_set: str | RuleSet | None = None,
                       rounds: Collection[int] | None = None) -> DoubleSwissCheck:
    """Every round of the file (or those of ``rounds``) re-paired and compared (module
    docstring).  A rule set of another system: refused as that system refuses the file."""
    t = read_trf(tournament) if isinstance(tournament, (str, os.PathLike)) else tournament
    rule_set, _ = rule_set_of_matches(t, system_named("double-swiss"), rule_set)
    checks = []
    for k in range(1, paired_matches(t) + 1):
        if rounds and k not in rounds:
            continue
        check = RoundCheck(k)
        boards, byes = recorded_round(t, k)
        state = competition_state(t, round_no=k)
        for white, black in boards:
            if black in state.competitors[white].opponents:
                check.findings.append(("[C1] C.04.5 Art. 2.1.1", f"{white} and {black} have met before"))
        for bye in byes:
            if not state.competitors[bye].bye_eligible:
                check.findings.append(("[C2] C.04.5 Art. 2.1.2", f"{bye} may not have the pairing-allocated bye "
                                       "(a PAB, a match won by forfeit or a full-point bye already)"))
        try:
            result = pair_double_swiss_tournament(t, rule_set, round_no=k)
        except NoPairingError as exc:
            check.findings.append(("C.04.5 Art. 3.3.3", exc.one_line()))
            checks.append(check)
            continue
        rules_boards = {frozenset((b.white, b.black)): b for b in result.pairing.boards}
        recorded = {frozenset(pair): pair for pair in boards}
        for pair in sorted(set(recorded) - set(rules_boards), key=sorted):
            check.findings.append(("C.04.5 Art. 3", f"{recorded[pair][0]}-{recorded[pair][1]} is not in the rules' "
                                   "pairing"))
        for pair in sorted(set(rules_boards) - set(recorded), key=sorted):
            b = rules_boards[pair]
            check.findings.append(("C.04.5 Art. 3", f"the rules pair {b.white}-{b.black}"))
        for pair in set(recorded) & set(rules_boards):
            b = rules_boards[pair]
            if recorded[pair] != (b.white, b.black):
                check.findings.append((f"C.04.5 Art. {b.colour_rule}", f"{recorded[pair][0]}-{recorded[pair][1]}: "
                                       f"{b.white} has White in game 1"))
        if sorted(byes) != ([result.pairing.bye] if result.pairing.bye is not None else []):
            check.findings.append(("C.04.5 Art. 3.4", f"the pairing-allocated bye goes to {result.pairing.bye}, "
                                   f"not {', '.join(map(str, byes)) or 'nobody'}"))
        checks.append(check)
    return DoubleSwissCheck(t.path, checks)
