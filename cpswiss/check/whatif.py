"""What if the arbiter decides: the best pairing under the arbiter's decisions, and what it costs.

``cpswiss pair --fix 3-7 --forbid 5-9 --bye 12 --absent 4``: the pairing system pairs the
round under the decisions (:mod:`cpswiss.check.decisions`), and the result is compared
with the pairing the rules give without the pairing decisions (the absences stay: they say
who plays, not how).  Brackets are paired top-down, so the two pairings agree down to the
first bracket the decisions change; there every criterion of the edition is compared, with
both values (the brackets below then hold other players and are not comparable).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from cpswiss.api import pair
from cpswiss.check.matches import MatchesWhatIf, matches_what_if
from cpswiss.errors import InternalCheckError
from cpswiss.systems import PairedRound, PairingResult
from cpswiss.systems.shared.topdown_account import MatchRound
from cpswiss.check.explain import Explanation, compare_with, edition_text, players_round
from cpswiss.formats.trf import read_trf
from cpswiss.tournament.model import Tournament
from cpswiss.rulesets.ruleset import RuleSet
from cpswiss.solver.settings import SolverSettings
from cpswiss.systems.shared.explaining import BracketAccount, criterion_article
from cpswiss.check.decisions import Decisions

if TYPE_CHECKING:
    import pandas as pd


@dataclass(frozen=True)
class CriterionChange:
    """One criterion level of the first changed bracket: its value without and with the
    decisions (as a reader counts: pairs, players, score differences)."""

    bracket: int
    score: str
    criterion: str  # the edition's label and article
    level: str
    without: int
    with_decisions: int
    worse: bool


@dataclass
class WhatIf:
    decisions: Decisions
    result: PairingResult  # the pairing under the decisions
    baseline: PairingResult  # the rules' pairing without the pairing decisions
    comparison: Explanation  # result against baseline

    @property
    def changed(self) -> bool:
        return self.result.pairing.boards != self.baseline.pairing.boards or \
            self.result.pairing.bye != self.baseline.pairing.bye

    def changes(self) -> list[CriterionChange]:
        """Every criterion level that differs in the first bracket the decisions change."""
        account = next((a for a in self.comparison.brackets if a.proposed_values is not None), None)
        if account is None:
            return []
        return _changes(account, self.result.rules)

    def frame(self) -> pd.DataFrame:
        import pandas as pd
        return pd.DataFrame([vars(c) for c in self.changes()])

    def lines(self) -> list[str]:
        head = f"What if {self.decisions.describe()}:"
        if not self.changed:
            return [head, "  " + self.decisions.unchanged_text()]
        out = [head]
        changes = self.changes()
        account = next((a for a in self.comparison.brackets if a.proposed_values is not None), None)
        if account is not None:
            out.append(f"  first change in bracket {account.number} (score {account.score}): without the "
                       f"decisions {_pairs(account.pairs, account.downfloaters)}; with them "
                       f"{_pairs(account.proposed_pairs or [], account.proposed_downfloaters or [])}")
        out += ["  " + line for line in change_lines(changes)]
        if account is not None and not changes:
            out.append("  every criterion of that bracket keeps its value: the decisions change only the "
                       "choice among equal candidates (the generation order)")
        if self.comparison.decisive is not None and account is None:
            out.append(f"  {self.comparison.decisive}")
        return out


def change_lines(changes: list[CriterionChange]) -> list[str]:
    """The criteria that change, in the rule set's order: the first one decides (the
    criteria are lexicographic), the others are shown for information."""
    return [f"{'worse' if c.worse else 'better'}: {c.criterion} {c.level}: {c.without} -> {c.with_decisions}"
            + (" (decides)" if k == 0 else "") for k, c in enumerate(changes)]


def _pairs(pairs, floaters) -> str:
    text = " ".join(f"{a}-{b}" for a, b in pairs) or "no pair"
    return text + (f", floating {list(floaters)}" if floaters else "")


def _changes(account: BracketAccount, rules: RuleSet) -> list[CriterionChange]:
    changes = []
    proposed = account.proposed_values or {}
    for cid, values in account.values.items():
        theirs = proposed.get(cid, values)
        for level, mine, other in zip(account.levels.get(cid, ()), values, theirs):
            if mine != other:
                changes.append(CriterionChange(account.number, account.score,
                                               rules.speak(criterion_article(rules, cid)), level.name, mine,
                                               other, worse=(other - mine) * level.sense > 0))
    return changes


def what_if(tournament: Tournament | str, decisions: Decisions, rule_set: str | RuleSet | None = None,
            settings: SolverSettings | None = None, accelerate: str | None = None) -> WhatIf:
    """The pairing under the arbiter's decisions, against the one without them."""
    t = read_trf(tournament) if isinstance(tournament, str) else tournament
    result = players_round(t, rule_set, settings=settings, accelerate=accelerate, decisions=decisions)
    absences = Decisions(absent=decisions.absent)
    baseline = players_round(t, result.rules, settings=settings, accelerate=accelerate, decisions=absences)
    return players_what_if(t, decisions, result, baseline, settings)


def players_what_if(t: Tournament, decisions: Decisions, result: PairingResult, baseline: PairingResult,
                    settings: SolverSettings | None = None) -> WhatIf:
    """The round paired under the decisions (``result``) against the rules' pairing with the
    absences alone (``baseline``), bracket by bracket as :func:`what_if` compares them."""
    return WhatIf(decisions, result, baseline, compare_with(t, result.rules, baseline, result.pairing, settings))


def what_if_round(tournament: Tournament, decisions: Decisions, paired: PairedRound,
                  settings: SolverSettings | None = None, accelerate: str | None = None,
                  initial_colour: str | None = None) -> WhatIf | MatchesWhatIf | None:
    """What the arbiter's decisions change in a round of any system, paired under them by
    :func:`cpswiss.api.pair` (``paired``): the rules' pairing is paired by the same call with
    the absences alone, and the two compared in the system's terms (a file of players: the
    first bracket that differs, criterion by criterion, :func:`players_what_if`; a file of
    matches: the first rule the decided pairing departs from, :func:`~cpswiss.check.matches.
    matches_what_if`).  Under absences alone the round is its own baseline (they say who
    plays, not how): the same report for both kinds of file, nothing changed, without a
    second pairing."""
    view = paired.view
    if decisions.pairing_decisions.empty:
        if isinstance(view, PairingResult):
            return WhatIf(decisions, view, view, Explanation(
                tournament.path, view.pairing.round_no, edition_text(view), view.pairing, view.pairing, [], [],
                None, []))
        return MatchesWhatIf(decisions, view, view, None, [])
    baseline = pair(tournament, paired.rules, settings=settings, decisions=Decisions(absent=decisions.absent),
                    initial_colour=initial_colour, accelerate=accelerate).view
    if isinstance(view, PairingResult) and isinstance(baseline, PairingResult):
        return players_what_if(tournament, decisions, view, baseline, settings)
    if isinstance(view, MatchRound) and isinstance(baseline, MatchRound):
        return matches_what_if(view.state.tournament, decisions, view, baseline, accelerate)
    raise InternalCheckError("internal error: a round and its baseline paired by two kinds of system")


__all__ = ["CriterionChange", "WhatIf", "change_lines", "players_what_if", "what_if", "what_if_round"]
