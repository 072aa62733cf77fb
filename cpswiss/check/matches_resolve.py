"""``cpswiss resolve`` on a team (C.04.6) or Double-Swiss (C.04.5) file: Art. 3.3.3 of both
texts leaves a round without a legal pairing to the Chief Arbiter.  The least-bad complete
pairings, each the system's own pairing (by the shared top-down procedure) with exactly those
[C2] byes and [C1] rematches allowed (:class:`~cpswiss.check.decisions.Decisions`
``allow_pairs`` / ``allow_bye``), ranked by the rule set's ``[resolve] relax`` order (the rule
given up first first; the fewest second PABs, the fewest and oldest rematches; ties: the lowest
score differences, largest first, as a PSD is compared, then the matches), each with what it
breaks in the text's words (:func:`cpswiss.check.matches.violations`) and its costs.  A round
that has a legal pairing shows it, then the rules' pairings when one of its matches may not be
played (:func:`cpswiss.check.matches.what_if_matches`).  Forbidden pairs never give.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from cpswiss.api import rule_set_of_matches
from cpswiss.api.selection import system_asked_for
from cpswiss.check.decisions import Decisions
from cpswiss.check.matches import ProposedRound, matches_round, met_in, violations, what_if_matches
from cpswiss.errors import InputError, NoPairingError
from cpswiss.formats.trf import read_trf
from cpswiss.registry import system_named
from cpswiss.systems import matches_by
from cpswiss.rulesets.ruleset import RuleSet
from cpswiss.solver.relaxation import Relaxable, least_relaxed
from cpswiss.solver.settings import SolverSettings
from cpswiss.systems.shared.explaining import Finding
from cpswiss.systems.shared.topdown_account import MatchRound, TextWords
from cpswiss.systems.shared.topdown_explain import score_text
from cpswiss.tournament.competition_state import CompetitionState
from cpswiss.tournament.model import Tournament

if TYPE_CHECKING:
    from cpswiss.legality.checker import Articles
    from cpswiss.tournament.state import RoundState


@dataclass
class MatchesAlternative:
    """One way to pair the round: the system's pairing with some [C1] / [C2] bars lifted."""

    rank: int
    how: str
    played: MatchRound
    violations: list[Finding]  # the absolute rules it breaks
    costs: dict[str, int]
    report: list[str] = field(default_factory=list)  # where it parts from the first, in words

    def as_dict(self) -> dict[str, object]:
        return {"rank": self.rank, "how": self.how,
                "matches": [[m.white, m.black, m.article] for m in self.played.matches], "bye": self.played.bye,
                "breaks": [vars(f) for f in self.violations], "costs": self.costs, "report": self.report}


@dataclass
class MatchesResolution:
    """The ways to pair a round of matches (:func:`resolve_matches`)."""

    file: str
    round_no: int
    rules: RuleSet
    words: TextWords
    legal: bool
    alternatives: list[MatchesAlternative]
    relaxed: list[str]  # the rules that may give, the one given up first first

    def as_dict(self) -> dict[str, object]:
        return {"file": self.file, "round": self.round_no, "rule_set": self.rules.name, "system": self.words.text,
                "legal": self.legal, "relax": self.relaxed, "alternatives": [a.as_dict() for a in self.alternatives]}

    def text(self) -> str:
        words = self.words
        lines = [f"Round {self.round_no} of {self.file} - {self.rules.title}"]
        if self.legal:
            lines.append("A legal pairing exists: it comes first; then the rules' pairings when one of its matches "
                         "may not be played.")
        else:
            lines.append(f"No legal pairing exists ([C1], [C2]): {words.article('3.3.3')} leaves the round to the "
                         f"Chief Arbiter. The least-bad ones, giving up first {', then '.join(self.relaxed)}:")
        for a in self.alternatives:
            lines += ["", f"Alternative {a.rank}: {a.how}"]
            lines += [f"  breaks {f}" for f in a.violations] or ["  breaks no absolute rule"]
            if any(a.costs.values()):
                lines.append("  costs: " + ", ".join(f"{k} {v}" for k, v in a.costs.items()))
            found = a.played.state.competitors
            for n, m in enumerate(a.played.matches, start=1):
                lines.append(f"  {n:3d}  {m.white:4d} ({score_text(found[m.white].real_score)}) - {m.black:4d} "
                             f"({score_text(found[m.black].real_score)})   Art. {m.article}")
            if a.played.bye is not None:
                lines.append(f"  PAB  {a.played.bye:4d} ({score_text(found[a.played.bye].real_score)})")
            if a.report:
                lines.append("  against the first:")
                lines += [f"  {line}" for line in a.report]
        return "\n".join(lines)


# [resolve] relax kinds -> what C.04.6 / C.04.5 give up, and the costs counted for it
_RELAXED = {"bye": "[C2] (a second pairing-allocated bye)", "rematch": "[C1] (a second meeting)"}
_COSTS = {"bye": ["second PABs"], "rematch": ["rematches", "rematch rounds"]}


class _StateSeen:
    """No decision: the competitors' state the procedure starts from, kept as it passes (the
    relaxation of a round without a legal pairing starts from it)."""

    def __init__(self) -> None:
        self.states: list[CompetitionState] = []

    def apply(self, state: RoundState, articles: Articles) -> RoundState:
        return state

    def apply_to_competitors(self, state: CompetitionState) -> CompetitionState:
        self.states.append(state)
        return state


def _captured_state(t: Tournament, rule_set: str | RuleSet | None, accelerate: str | None
                    ) -> tuple[CompetitionState, MatchRound | None]:
    """The state the procedure starts from, and the rules' pairing (None: no legal one)."""
    seen = _StateSeen()
    try:
        played = matches_round(t, rule_set, decisions=seen, accelerate=accelerate)
    except NoPairingError:
        if not seen.states:
            raise
        return seen.states[0], None
    return seen.states[0], played


def resolve_matches(tournament: Tournament | str | os.PathLike[str], rule_set: str | RuleSet | None = None,
                    count: int = 3, settings: SolverSettings | None = None,
                    accelerate: str | None = None) -> MatchesResolution:
    """The ``count`` least-bad pairings of the next round of a team or Double-Swiss file
    (module docstring); NoPairingError when none exists even with [C1] and [C2] given up."""
    if count < 1:
        raise InputError("--count must be at least 1")
    t = read_trf(tournament) if isinstance(tournament, (str, os.PathLike)) else tournament
    state, played = _captured_state(t, rule_set, accelerate)
    if played is not None:
        return _legal_round(t, played, count, accelerate)
    rules = _rules_of(t, rule_set)
    words = _words_of(state)
    kinds: list[str] = [k for k in reversed(rules.resolve.relax) if k in _RELAXED]  # the most serious first
    names = [n for k in kinds for n in _COSTS[k]]
    ids, legal, eligible, relaxables = _relaxables(state, kinds, rules)
    ways = least_relaxed(ids, legal, eligible, relaxables, count, settings)
    found = []
    for way in ways:
        pairs = tuple(sorted((min(r.players), max(r.players)) for r in (relaxables[i] for i in way.relaxed)
                             if len(r.players) == 2))
        byes = tuple(relaxables[i].players[0] for i in way.relaxed if len(relaxables[i].players) == 1)
        allowed = Decisions(allow_pairs=tuple((a, b) for a, b in pairs), allow_bye=byes)
        try:
            way_round = matches_round(t, rules, decisions=allowed, accelerate=accelerate)
        except NoPairingError:
            continue
        how = "allowing " + ", ".join([f"{a}-{b} (met in round {met_in(state, a, b)})" for a, b in pairs] +
                                      [f"the PAB to {p}" for p in byes])
        breaks = violations(state, rules, ProposedRound.of(way_round))
        spread = sorted((abs(state.competitors[m.white].score - state.competitors[m.black].score)
                         for m in way_round.matches), reverse=True)
        found.append((way.costs, spread, sorted(ProposedRound.of(way_round).pairs), how, way_round,
                      breaks))
    if not found:
        raise NoPairingError(f"no complete pairing exists even with {' and '.join(_RELAXED[k] for k in kinds) or 'nothing'} "
                             f"given up: forbidden pairs or too few {words.competitor}s ({words.article('3.3.3')})")
    found.sort(key=lambda item: (item[0], item[1], item[2]))
    alternatives = [MatchesAlternative(rank, how, way_round, breaks, dict(zip(names, costs)))
                    for rank, (costs, _, _, how, way_round, breaks) in enumerate(found, start=1)]
    return MatchesResolution(t.path, state.round_no, rules, words, False, alternatives,
                             [_RELAXED[k] for k in reversed(kinds)])


def _rules_of(t: Tournament, rule_set: str | RuleSet | None) -> RuleSet:
    """The rule set the file is paired under (as :func:`cpswiss.api.pair` chooses it for a file of matches)."""
    system = system_asked_for(t)
    if system is None:
        raise InputError("not a file of matches (a team file, C.04.6, or a Double-Swiss file, C.04.5)", t.path)
    return rule_set_of_matches(t, system, rule_set)[0]


def _words_of(state: CompetitionState) -> TextWords:
    """The words of the text of the system that pairs the state."""
    words = matches_by(system_named(state.rules.system)).words
    assert words is not None
    return words()


def _relaxables(state: CompetitionState, kinds: list[str], rules: RuleSet
                ) -> tuple[list[int], list[tuple[int, int]], set[int], list[Relaxable]]:
    """The competitors to pair, the pairs [C1] allows, those [C2] allows the PAB, and each pair
    or PAB that breaks [C1] or [C2] with its costs, the most serious kind first: a rematch
    counts 1 and the round of the first meeting (older is cheaper), a second PAB 1."""
    found = state.to_pair
    forfeit_is_meeting = bool(getattr(rules.switches, "forfeit_is_meeting", False))  # C.04.6 TS-8
    legal, relaxables = [], []
    for k, a in enumerate(found):
        met = set(a.opponents)
        if forfeit_is_meeting:
            met |= {e.opponent for e in a.entries if e is not None and e.opponent is not None}
        for b in found[k + 1:]:
            if b.id in a.forbidden or a.id in b.forbidden:
                continue
            if b.id not in met:
                legal.append((a.id, b.id))
            elif "rematch" in kinds:
                parts = {"rematch": (1, met_in(state, a.id, b.id)), "bye": (0,)}
                relaxables.append(Relaxable((a.id, b.id), tuple(c for kind in kinds for c in parts[kind])))
    eligible = {c.id for c in found if c.bye_eligible}
    if len(found) % 2 and "bye" in kinds:
        for c in found:
            if c.id not in eligible:
                parts = {"rematch": (0, 0), "bye": (1,)}
                relaxables.append(Relaxable((c.id,), tuple(x for kind in kinds for x in parts[kind])))
    return [c.id for c in found], legal, eligible, relaxables


def _legal_round(t: Tournament, played: MatchRound, count: int, accelerate: str | None) -> MatchesResolution:
    """The rules' pairing, then the rules' pairings when one of its matches may not be played."""
    names = [n for k in _COSTS for n in _COSTS[k]]
    zero = dict.fromkeys(names, 0)
    alternatives = [MatchesAlternative(1, "the rules' pairing", played, [], zero)]
    seen = {_key(ProposedRound.of(played))}
    for m in played.matches:
        if len(alternatives) >= count:
            break
        try:
            outcome = what_if_matches(t, Decisions(forbid=((m.white, m.black),)), played.rules, accelerate)
        except NoPairingError:
            continue
        key = _key(ProposedRound.of(outcome.result))
        if key in seen:
            continue
        seen.add(key)
        alternatives.append(MatchesAlternative(len(alternatives) + 1, f"if {m.white}-{m.black} may not be played",
                                               outcome.result, [], zero, outcome.lines()[1:]))
    return MatchesResolution(t.path, played.round_no, played.rules, played.words, True, alternatives, [])


def _key(p: ProposedRound) -> tuple[tuple[tuple[int, int], ...], tuple[int, ...]]:
    return tuple(sorted((min(a, b), max(a, b)) for a, b in p.pairs)), p.byes


__all__ = ["MatchesAlternative", "MatchesResolution", "resolve_matches"]
