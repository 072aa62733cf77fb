"""The arbiter's tools for the systems of the match model - the Swiss Team Pairing System
(C.04.6) and the Double-Swiss System (C.04.5), which pair by the same top-down procedure
(Art. 3.3-3.6 of both texts) - written once for both, on the round as the system's explanation
gives it (:class:`~cpswiss.systems.shared.topdown_account.MatchRound`, through the registry):

* :func:`explain_matches` - a proposed pairing (a ``-p`` file, or a round already in the file)
  against the rules': the first article it breaks, in the text's words with the competitors
  named.  Legality first ([C1] a second meeting, with the round of the first; a forbidden
  pair; [C2] the PAB; every competitor to pair paired once, Art. 3.3.1), then the PAB (Art.
  3.4: which of 3.4.2-3.4.4 puts the rules' choice first), then bracket by bracket (Art.
  3.3.2) the first whose upfloaters (3.5) or pairing (3.6) the proposal does not take, and
  there the criterion that decides - the proposal's choice is paired by the same procedure
  with its pairs fixed, so that both values are the procedure's own - or, every criterion
  equal, the order of 3.5.4 or of the identifiers (3.6.2); then each match's colours (Art.
  4.3).
* :func:`what_if_matches` - the round under the arbiter's decisions (``--fix``, ``--forbid``,
  ``--bye``, ``--absent``: :class:`~cpswiss.check.decisions.Decisions`) by the same
  procedure, and what changed against the rules' pairing, said as above.

``resolve`` of a round with no legal pairing is :mod:`cpswiss.check.matches_resolve`, on the same
pieces.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

from cpswiss.api import ArbiterDecisions, matches_text, pair, system_of_matches
from cpswiss.check.decisions import Decisions
from cpswiss.check.explain import read_pairing_file
from cpswiss.check.rounds import is_file_of_matches, met_in
from cpswiss.errors import InputError, InternalCheckError, NoPairingError
from cpswiss.formats.trf import read_trf
from cpswiss.legality.checker import articles_of, round_violations
from cpswiss.rulesets.ruleset import RuleSet
from cpswiss.solver.settings import SolverSettings
from cpswiss.systems.shared.explaining import Finding
from cpswiss.systems.shared.topdown import Bracket, identifier_of
from cpswiss.systems.shared.topdown_account import MatchRound
from cpswiss.systems.shared.topdown_explain import score_text
from cpswiss.tournament.competition_state import CompetitionState, paired_matches
from cpswiss.tournament.competitors import competitors, match_pairing_of
from cpswiss.tournament.model import Tournament

Repair = Callable[[Decisions], "MatchRound | None"]
"""The round paired again under decisions (None when no pairing exists under them)."""


@dataclass(frozen=True)
class ProposedRound:
    """A pairing of a round of matches: (White, Black) per match, the competitors given the PAB."""

    pairs: tuple[tuple[int, int], ...]
    byes: tuple[int, ...] = ()

    @property
    def bye(self) -> int | None:
        return self.byes[0] if self.byes else None

    @classmethod
    def of(cls, played: MatchRound) -> ProposedRound:
        return cls(tuple((m.white, m.black) for m in played.matches), (played.bye,) if played.bye is not None else ())


# ---------------------------------------------------------------------------
# What a pairing breaks, and the first reason it is not the rules'
# ---------------------------------------------------------------------------


def violations(state: CompetitionState, rules: RuleSet, proposal: ProposedRound) -> list[Finding]:
    """The absolute rules a pairing breaks ([C1] with the round they met in, forbidden
    pairs, [C2]) and whether every competitor to pair is paired once (Art. 3.3.1): the one
    legality checker (:func:`cpswiss.legality.checker.round_violations`) in the system's articles."""
    found = round_violations(state.competitors, proposal.pairs, proposal.byes, articles_of(rules), state.allowed_pairs,
                             met_in=lambda a, b: met_in(state, a, b))
    return [Finding(v.article, v.message, v.players) for v in found]


def bye_finding(played: MatchRound, theirs: int | None) -> Finding | None:
    """Art. 3.4: why the PAB goes to the rules' choice and not to ``theirs`` (None: the same)."""
    ours, words = played.bye, played.words
    if ours == theirs:
        return None
    if ours is None:
        return Finding(words.article("3.4"), f"an even number of {words.competitor}s to pair: no pairing-allocated "
                       f"bye, not one to {theirs}", (theirs,) if theirs else ())
    e = played.entrants[ours]
    why = "its removal leaves a legal pairing of the others (3.4.1)"
    if theirs is None or theirs not in played.entrants:
        return Finding(words.article("3.4"), f"the pairing-allocated bye goes to {ours}: {why}", (ours,))
    f = played.entrants[theirs]
    if theirs in (played.plan.bye.passed_over if played.plan.bye else []):
        reason = f"{theirs} comes first in the order of 3.4.2-3.4.4, but its removal leaves no legal pairing of the others (3.4.1)"
        article = "3.4.1"
    elif e.score != f.score:
        reason = f"{ours} has the lower score ({score_text(e.score)} against {score_text(f.score)})"
        article = "3.4.2"
    elif e.matches != f.matches:
        reason = f"{ours} has played more matches ({e.matches} against {f.matches})"
        article = "3.4.3"
    else:
        reason = f"{ours} has the larger TPN, the scores and matches played being equal"
        article = "3.4.4"
    return Finding(words.article(article), f"the pairing-allocated bye goes to {ours}, not {theirs}: {reason}; {why}",
                   (ours, theirs))


def bracket_choice(bracket: Bracket, proposal: ProposedRound) -> tuple[list[int], list[tuple[int, int]]]:
    """The upfloaters and the pairs (top, bottom) a pairing gives a bracket of the rules' round:
    the residents' partners from outside the top-scoregroup, and the pairs of its members."""
    partner = {a: b for w, bl in proposal.pairs for a, b in ((w, bl), (bl, w))}
    residents = set(bracket.residents)
    up = sorted({partner[r] for r in residents if r in partner} - residents)
    members = residents | set(up)
    pairs = sorted({(min(a, partner[a]), max(a, partner[a])) for a in members if a in partner})
    return up, pairs


def _ids(values: Sequence[int]) -> str:
    return ", ".join(map(str, values)) or "nobody"


def _floaters(b: Bracket) -> str:
    return ", ".join(f"{t} ({score_text(s)})" for t, s in zip(b.upfloaters, b.upfloater_scores))


def _criterion(rules: RuleSet, label: str) -> str:
    article = next((c.article for c in rules.criteria if c.label == label), "")
    return f"{label} {article}".strip()


def bracket_finding(number: int, ours: Bracket, theirs: Bracket | None, their_up: list[int],
                    their_pairs: list[tuple[int, int]], played: MatchRound, whose: str) -> Finding:
    """Why the rules' bracket ``ours`` is not ``whose`` ("the proposal", "the decided pairing"):
    the first criterion of 3.5 ([C4]-[C7]) or 3.6.4 on which ``theirs`` (the other choice as
    the procedure pairs it; None: not known) is worse, with both values; else the order of
    3.5.4 or 3.6.2."""
    words, rules = played.words, played.rules
    head = f"bracket {number} (top-scoregroup {score_text(ours.score)}: {_ids(ours.residents)}): "
    players = tuple(ours.residents)
    if their_up != sorted(ours.upfloaters):
        floated = ", ".join(f"{t} ({score_text(played.entrants[t].score)})" for t in their_up)
        said = (f"Art. 3.5 takes {'the upfloaters ' + _floaters(ours) if ours.upfloaters else 'no upfloater'}, "
                f"{whose} {floated or 'none'}")
        if theirs is not None and sorted(theirs.upfloaters) == their_up:
            checks = [("[C4]", len(theirs.upfloaters) > len(ours.upfloaters),
                       f"{len(ours.upfloaters)} upfloaters against {len(theirs.upfloaters)}"),
                      ("[C5]", sorted(theirs.upfloater_scores) < sorted(ours.upfloater_scores),
                       f"their scores, lowest first, {', '.join(score_text(s) for s in sorted(ours.upfloater_scores))} "
                       f"against {', '.join(score_text(s) for s in sorted(theirs.upfloater_scores))}")]
            for label in ("[C6]", "[C7]"):
                mine, other = ours.set_values.get(label, 0), theirs.set_values.get(label, 0)
                what = ("met" if mine == 0 else "not met", "met" if other == 0 else "not met") if label == "[C6]" \
                    else (str(mine), str(other))
                checks.append((label, other > mine, f"{what[0]} against {what[1]}"))
            for label, worse, values in checks:
                if worse:
                    return Finding(_criterion(rules, label), head + f"{said}: {label} {values}", players)
        alike = "both comply with [C4]-[C7] alike, and " if theirs is not None else ""
        return Finding(words.article("3.5.4"), head + f"{said}: {alike}{_ids(ours.upfloaters)} comes first in the "
                       "order of 3.5.3-3.5.4" + ("" if theirs is not None else " among the sets that comply with "
                                                 "[C4]-[C7]"), players)
    theirs_id = identifier_of(their_pairs)
    said = (f"Art. 3.6 takes the identifier {' '.join(map(str, ours.identifier))}, {whose} "
            f"{' '.join(map(str, theirs_id))}")
    if theirs is not None and theirs.identifier == theirs_id:
        for label, mine in ours.pairing_values.items():
            other = theirs.pairing_values.get(label, mine)
            if other > mine and label in words.pairing_labels:
                text_label = words.pairing_labels[label]
                return Finding(_criterion(rules, text_label), head + f"{said}: {text_label} {mine} against {other}",
                               players)
    position = next(k for k, (a, b) in enumerate(zip(ours.identifier, theirs_id), start=1) if a != b) \
        if ours.identifier != theirs_id else 0
    return Finding(words.article("3.6.2"), head + f"{said}: {' '.join(map(str, ours.identifier))} comes first "
                   f"(position {position}: {ours.identifier[position - 1]} before {theirs_id[position - 1]}) and "
                   "complies with [C1] and the criteria of 3.6.4", players)


def first_difference(played: MatchRound, proposal: ProposedRound, repair: Repair | None,
                     whose: str) -> Finding | None:
    """The first reason, in the order the procedure decides (Art. 3.4, then each bracket's 3.5
    and 3.6, then Art. 4.3), why ``proposal`` (legal) is not the rules' pairing ``played``;
    None when it is.  ``repair``: the round paired again under decisions, to pair the other
    choice of the first bracket that differs by the same procedure (its criteria's values)."""
    bye = bye_finding(played, proposal.bye)
    if bye is not None:
        return bye
    fixed: list[tuple[int, int]] = []
    for number, ours in enumerate(played.plan.brackets, start=1):
        their_up, their_pairs = bracket_choice(ours, proposal)
        if their_up == sorted(ours.upfloaters) and their_pairs == sorted(ours.pairs):
            fixed += their_pairs
            continue
        theirs = None
        if repair is not None:
            again = repair(Decisions(fix=tuple(fixed + their_pairs), bye=proposal.bye))
            if again is not None and len(again.plan.brackets) >= number and \
                    again.plan.brackets[number - 1].residents == ours.residents:
                theirs = again.plan.brackets[number - 1]
        return bracket_finding(number, ours, theirs, their_up, their_pairs, played, whose)
    given = {frozenset(p): p for p in proposal.pairs}
    for m in played.matches:
        white, _ = given.get(frozenset((m.white, m.black)), (m.white, m.black))
        if white != m.white:
            words = played.words
            return Finding(words.article(m.article), f"{m.black}-{m.white}: {whose} gives {words.white} to {m.black}; "
                           f"Art. {m.article} gives it to {m.white} ({words.colour_articles[m.article]})",
                           (m.white, m.black))
    return None


def pair_changes(played: MatchRound, proposal: ProposedRound, whose: str) -> list[str]:
    """The matches only one of the two pairings makes, and the PAB if it differs."""
    ours = {frozenset((m.white, m.black)): (m.white, m.black) for m in played.matches}
    theirs = {frozenset(p): p for p in proposal.pairs}
    lines = [f"the rules pair {a}-{b}, {whose} does not" for key, (a, b) in sorted(ours.items(), key=lambda kv: sorted(kv[0]))
             if key not in theirs]
    lines += [f"{whose} pairs {a}-{b}, the rules do not" for key, (a, b) in sorted(theirs.items(), key=lambda kv: sorted(kv[0]))
              if key not in ours]
    if proposal.bye != played.bye:
        lines.append(f"the PAB: the rules give it to {played.bye or 'nobody'}, {whose} to {proposal.bye or 'nobody'}")
    return lines


def matches_round(tournament: Tournament | str | os.PathLike[str], rule_set: str | RuleSet | None, round_no: int | None = None,
                  decisions: ArbiterDecisions | None = None, accelerate: str | None = None,
                  explain: bool = False, settings: SolverSettings | None = None) -> MatchRound:
    """The round of a file of matches that explain, what-if and resolve read: the round of
    :func:`cpswiss.api.pair` (the next, or ``round_no`` re-paired; under the arbiter's
    ``decisions``; ``explain``: every value ruled out recorded) as the system of matches gives
    it (its ``view``).  A file of individual games is refused in one line
    (:func:`cpswiss.api.system_of_matches`)."""
    t = read_trf(tournament) if isinstance(tournament, (str, os.PathLike)) else tournament
    paired = pair(t, rule_set, round_no, settings, decisions, system_of_matches(t), accelerate=accelerate,
                  explain=explain)
    if not isinstance(paired.view, MatchRound):
        raise InternalCheckError("internal error: a system of matches gave no round of matches")
    return paired.view


def _repairer(t: Tournament, rules: RuleSet, round_no: int, accelerate: str | None,
              base: Decisions | None = None) -> Repair:
    """The round paired again by its system under decisions (added to ``base``)."""
    def repair(decisions: Decisions) -> MatchRound | None:
        both = decisions if base is None else base.plus(decisions)
        try:
            return matches_round(t, rules, round_no, both, accelerate)
        except (NoPairingError, InputError):
            return None

    return repair


# ---------------------------------------------------------------------------
# explain
# ---------------------------------------------------------------------------


@dataclass
class MatchesExplanation:
    """A proposed pairing of a round of matches against the rules' (:func:`explain_matches`)."""

    file: str
    played: MatchRound  # the rules' pairing, paired with every refused value recorded
    proposal: ProposedRound
    violations: list[Finding]
    decisive: Finding | None  # the first reason the proposal is not the rules' pairing
    changes: list[str]  # the matches (and PAB) only one of them makes

    @property
    def agrees(self) -> bool:
        return not self.violations and self.decisive is None

    def text(self) -> str:
        """The rules' round explained in the text's words, then the verdict on the proposal."""
        played = self.played
        lines = [f"Round {played.round_no} of {self.file} - {played.rules.title}", _explain_text(played), "",
                 "The proposal:"]
        lines.append("   legality ([C1], [C2], Art. 3.3.1): " + ("no violation" if not self.violations else
                                                                  f"{len(self.violations)} violation(s)"))
        lines += [f"   - {v}" for v in self.violations]
        if self.agrees:
            lines.append("   the same pairing and colours: the proposal is the pairing the rules demand")
        elif self.violations:
            lines.append("   not the pairing the rules demand: it breaks an absolute rule (above)")
            lines += [f"   {change}" for change in self.changes]
        else:
            lines.append(f"   not the pairing the rules demand: {self.decisive}")
            lines += [f"   {change}" for change in self.changes]
        return "\n".join(lines)

    def as_dict(self) -> dict[str, object]:
        played = self.played
        return {"file": self.file, "round": played.round_no, "rule_set": played.rules.name,
                "system": played.words.text, "agrees": self.agrees,
                "rules": {"matches": [[m.white, m.black, m.article] for m in played.matches], "bye": played.bye},
                "proposal": {"matches": [list(p) for p in self.proposal.pairs], "byes": list(self.proposal.byes)},
                "violations": [vars(v) for v in self.violations],
                "decisive": vars(self.decisive) if self.decisive is not None else None, "changes": self.changes}


def round_account(played: MatchRound, file: str, reason: str) -> dict[str, object]:
    """The rules' round of a file of matches (paired with every value ruled out recorded) as
    ``pair --explain --json`` prints it, in the keys of a round of players'
    (:meth:`cpswiss.check.explain.Explanation.as_dict` with no proposal): the matches as
    ``engine`` boards (White of board 1 / game 1, Black), the brackets of Art. 3.5-3.6 (the
    top-scoregroup, upfloaters, identifier, pairs and the criteria's values), each match's
    colours with its article of 4.3, and why the PAB goes where it goes (Art. 3.4)."""
    words = played.words
    brackets = [{"number": n, "score": score_text(b.score), "residents": b.residents, "upfloaters": b.upfloaters,
                 "identifier": b.identifier, "pairs": [list(p) for p in b.pairs],
                 "values": b.set_values | b.pairing_values}
                for n, b in enumerate(played.plan.brackets, start=1)]
    colours = [asdict(Finding(words.article(m.article), f"match {n} {m.white}-{m.black}: {words.white} to "
                              f"{m.white}: {words.colour_articles.get(m.article, m.article)}",
                              players=(m.white, m.black)))
               for n, m in enumerate(played.matches, start=1)]
    bye = played.plan.bye
    return {"file": file, "round": played.round_no, "rule_set": f"{played.rules.title} ({reason})",
            "agrees": None, "engine": {"boards": [[m.white, m.black] for m in played.matches], "bye": played.bye},
            "proposal": None, "violations": [], "decisive": None, "brackets": brackets, "colours": colours,
            "bye": None if bye is None else (
                f"{words.article('3.4')}: the pairing-allocated bye goes to {words.competitor} {bye.tpn}"
                + (f"; passed over (their removal leaves no legal pairing): {_ids(bye.passed_over)}"
                   if bye.passed_over else "")
                + (f"; barred by {words.bye_bar}: {_ids(bye.barred)}" if bye.barred else ""))}


def _explain_text(played: MatchRound) -> str:
    """The system's account of the round (``explain_text``), through the registry."""
    return matches_text(played)


def recorded_round(t: Tournament, round_no: int) -> ProposedRound:
    """A round as the file has it: the matches (White of board 1 / game 1) and the PABs."""
    pairs, byes = match_pairing_of(competitors(t), round_no)
    return ProposedRound(tuple(pairs), tuple(byes))


def explain_matches(tournament: Tournament | str | os.PathLike[str], proposal: ProposedRound | str | Path | None = None,
                    round_no: int | None = None, rule_set: str | RuleSet | None = None,
                    accelerate: str | None = None) -> MatchesExplanation:
    """A proposed pairing of a team or Double-Swiss round against the rules' (module docstring):
    ``proposal`` a :class:`ProposedRound` or a ``-p`` file (competitor numbers) for the next
    round (or round ``round_no``); with no proposal, round ``round_no`` as the file has it."""
    t = read_trf(tournament) if isinstance(tournament, (str, os.PathLike)) else tournament
    if proposal is None:
        if round_no is None:
            raise InputError("nothing to explain: give a proposed pairing or a round of the file", t.path)
        if not 1 <= round_no <= paired_matches(t):
            raise InputError(f"round {round_no} is not in the file (rounds paired: {paired_matches(t)})", t.path)
        played = matches_round(t, rule_set, round_no, accelerate=accelerate, explain=True)
        proposed = recorded_round(t, round_no)
    else:
        played = matches_round(t, rule_set, round_no, accelerate=accelerate, explain=True)
        if isinstance(proposal, ProposedRound):
            proposed = proposal
        else:
            read = read_pairing_file(proposal, t, played.round_no, known=set(played.state.competitors),
                                     noun=played.words.competitor)
            proposed = ProposedRound(tuple((b.white, b.black) for b in read.boards),
                                     (read.bye,) if read.bye is not None else ())
    found = violations(played.state, played.rules, proposed)
    decisive = found[0] if found else first_difference(
        played, proposed, _repairer(t, played.rules, played.round_no, accelerate), "the proposal")
    changes = pair_changes(played, proposed, "the proposal") if decisive is not None else []
    return MatchesExplanation(t.path, played, proposed, found, decisive, changes)


# ---------------------------------------------------------------------------
# what-if
# ---------------------------------------------------------------------------


@dataclass
class MatchesWhatIf:
    """A round of matches under the arbiter's decisions against the rules' pairing."""

    decisions: Decisions
    result: MatchRound  # the pairing under the decisions
    baseline: MatchRound  # the rules' pairing (the absences kept: they say who plays, not how)
    first: Finding | None  # the first change, said as the rules decide it
    changes: list[str]

    @property
    def changed(self) -> bool:
        return self.first is not None

    def lines(self) -> list[str]:
        head = f"What if {self.decisions.describe()}:"
        if not self.changed:
            return [head, "  " + self.decisions.unchanged_text()]
        assert self.first is not None
        return [head, f"  the first rule the decided pairing departs from: {self.first}",
                *(f"  {c}" for c in self.changes)]

    def as_dict(self) -> dict[str, object]:
        return {"decisions": self.decisions.describe(), "changed": self.changed,
                "matches": [[m.white, m.black, m.article] for m in self.result.matches], "bye": self.result.bye,
                "rules": {"matches": [[m.white, m.black, m.article] for m in self.baseline.matches],
                          "bye": self.baseline.bye},
                "first": vars(self.first) if self.first is not None else None, "changes": self.changes}


def what_if_matches(tournament: Tournament | str | os.PathLike[str], decisions: Decisions,
                    rule_set: str | RuleSet | None = None, accelerate: str | None = None,
                    record_refusals: bool = False) -> MatchesWhatIf:
    """The next round of a team or Double-Swiss file under the arbiter's decisions, by the
    system's own procedure (NoPairingError when none exists under them; InputError for a
    decision that cannot hold), and what changed against the rules' pairing: the first change
    as the rules decide it (the PAB, Art. 3.4; a bracket's upfloaters, 3.5, or identifier, 3.6,
    with the criteria's values; a colour, 4.3), then the matches that differ.  ``record_refusals``:
    the decided round with every value ruled out recorded (for its explanation)."""
    t = read_trf(tournament) if isinstance(tournament, (str, os.PathLike)) else tournament
    absences = Decisions(absent=decisions.absent)
    baseline = matches_round(t, rule_set, decisions=absences if decisions.absent else None, accelerate=accelerate)
    result = matches_round(t, baseline.rules, decisions=decisions, accelerate=accelerate, explain=record_refusals)
    return matches_what_if(t, decisions, result, baseline, accelerate)


def matches_what_if(t: Tournament, decisions: Decisions, result: MatchRound, baseline: MatchRound,
                    accelerate: str | None = None) -> MatchesWhatIf:
    """What changed between the round paired under the arbiter's decisions (``result``) and the
    rules' pairing with the absences alone (``baseline``), as :func:`what_if_matches` says it;
    the competitors' choices are paired again, where a change needs it, on ``t`` (the
    tournament both were paired on)."""
    absences = Decisions(absent=decisions.absent)
    theirs = ProposedRound.of(result)
    repair = _repairer(t, baseline.rules, baseline.round_no, accelerate, absences)
    first = first_difference(baseline, theirs, repair, "the decided pairing")
    return MatchesWhatIf(decisions, result, baseline, first,
                         pair_changes(baseline, theirs, "the decided pairing") if first is not None else [])


__all__ = ["MatchesExplanation", "MatchesWhatIf", "ProposedRound", "explain_matches", "first_difference",
           "is_file_of_matches", "matches_round", "matches_what_if", "met_in", "recorded_round", "round_account",
           "violations",
           "what_if_matches"]
