"""The API's jobs for a file of matches - a team file (C.04.6) or a Double-Swiss file (C.04.5) -
run in a worker process as :mod:`cpswiss.server.jobs` runs the others, through the same entry
points as ``cpswiss pair --team / --double-swiss`` (with what-if), ``state``, ``check``,
``explain`` and ``resolve``; each
answer is one of the typed models of :mod:`cpswiss.server.answers`.  A round to pair is
paired by :func:`cpswiss.api.pair` as every system's is (:func:`pair_answer` answers it), and
the other jobs read the round the arbiter's tools take from it
(:func:`cpswiss.check.matches.matches_round`); the rule
set is the request's, else the one record 192 names, else the system's default
(:func:`cpswiss.api.rule_set_of_matches`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cpswiss.errors import InputError, InternalCheckError
from cpswiss.tournament.competition_state import is_finished
from cpswiss.server.answers import (
    Competitor, CompetitorRow, Game, Match, MatchAlternative, MatchCheckAnswer, MatchExplainAnswer, MatchPairAnswer,
    MatchResolveAnswer, MatchRoundCheck, MatchStateAnswer, MatchWhatIf, PairedMatch, PairedRound,
)

if TYPE_CHECKING:
    from cpswiss.check.decisions import Decisions
    from cpswiss.registry import PairingSystem
    from cpswiss.solver.settings import SolverSettings
    from cpswiss.systems import PairedMatch as PairedMatchOfRound
    from cpswiss.systems.shared.topdown_account import MatchRound
    from cpswiss.systems import PairedRound as PairedRoundOfSystem
    from cpswiss.tournament.competition_state import CompetitorState
    from cpswiss.tournament.model import Tournament

def _reason(t: Tournament, request: dict) -> str:
    """Why the rule set: the request's, else record 192, else the system's default."""
    if request.get("rules"):
        return f"rules {request['rules']}"
    code = (t.system or "").strip()
    return f"record 192 {code}" if code else "the system's default"


def _played(t: Tournament, request: dict, round_no: int | None = None,
            explain: bool = False) -> MatchRound:
    """The system's round (the next one, or ``round_no`` re-paired) under the request's rule set,
    as the arbiter's tools read it (the round of :func:`cpswiss.api.pair`,
    :func:`cpswiss.check.matches.matches_round`)."""
    from cpswiss.check.matches import matches_round

    return matches_round(t, request.get("rules"), round_no, accelerate=request.get("accelerate"), explain=explain)


def _competitor(system: PairingSystem, c: CompetitorState) -> Competitor:
    from cpswiss.tournament.model import format_points

    team = system.scores_by_match
    virtual = c.score - c.real_score
    text = f"{c.match_points / 10:g} MP {c.game_points / 10:g} GP" if team else \
        format_points(c.real_score) + (f"+{format_points(virtual)}" if virtual else "")
    return Competitor(id=c.id, name=c.name, score=c.score / 10, real_score=c.real_score / 10,
                      match_points=c.match_points / 10 if team else None, game_points=c.game_points / 10,
                      score_text=text)


def _games(t: Tournament, match: PairedMatchOfRound) -> list[Game]:
    """The games of a match (the round's own: a team's boards by the board order and colour
    sequence, a Double-Swiss match's two games), with the players' names."""
    return [Game(number=number, white=w, white_name=t.players[w].name, black=b, black_name=t.players[b].name)
            for number, (w, b) in enumerate(match.games, start=1)]


def pair_answer(t: Tournament, system: PairingSystem, request: dict, paired: PairedRoundOfSystem,
                outcome: object, decisions: Decisions) -> dict:
    """``pair --team / --double-swiss [--explain] -p --write-trf`` as the API answers it: the
    round :func:`cpswiss.api.pair` paired, and under the arbiter's decisions
    (``--fix/--forbid/--bye/--absent``) what they change (``outcome``:
    :func:`cpswiss.check.whatif.what_if_round`)."""
    from cpswiss.check.matches import MatchesWhatIf
    from cpswiss.formats.trf_writer import write_trf
    from cpswiss.systems.shared.topdown_account import MatchRound

    played = paired.view
    if not isinstance(played, MatchRound) or not isinstance(outcome, (MatchesWhatIf, type(None))):
        raise InternalCheckError("internal error: a round of matches answered as a round of players")
    whatif = None if outcome is None else MatchWhatIf(
        decisions=decisions.describe(), changed=outcome.changed, lines=outcome.lines(),
        first=None if outcome.first is None else str(outcome.first), changes=outcome.changes,
        baseline=_paired_matches(outcome.baseline))
    found = played.state.competitors
    answer = MatchPairAnswer(
        system=system.name, round=paired.round_no, rule_set=f"{paired.rules.title} ({_reason(t, request)})",
        rule_set_name=paired.rules.name,
        matches=[Match(number=n, white=_competitor(system, found[m.white]), black=_competitor(system, found[m.black]),
                       article=m.article, games=_games(played.state.tournament, m))
                 for n, m in enumerate(paired.matches, start=1)],
        bye=None if paired.bye is None else _competitor(system, found[paired.bye]),
        pairing_file="\n".join(paired.lines()) + "\n", trf=write_trf(paired.written()),
        explanation=_explanation(played) if request.get("explain") else None, whatif=whatif)
    return answer.model_dump()


def _paired_matches(played: MatchRound) -> PairedRound:
    return PairedRound(matches=[PairedMatch(white=m.white, black=m.black, article=m.article) for m in played.matches],
                       bye=played.bye)


def resolve_of_matches(t: Tournament, system: PairingSystem, request: dict, settings: SolverSettings) -> dict:
    """``cpswiss resolve`` of a file of matches (C.04.6 / C.04.5 Art. 3.3.3): the least-bad
    pairings, [C2] and [C1] given up as the rule set's ``[resolve] relax`` orders them."""
    from cpswiss.check.matches_resolve import resolve_matches

    resolution = resolve_matches(t, request.get("rules"), request["count"], settings, request.get("accelerate"))
    return MatchResolveAnswer(
        system=system.name, round=resolution.round_no, legal=resolution.legal, relax=resolution.relaxed,
        alternatives=[MatchAlternative(rank=a.rank, how=a.how, pairing=_paired_matches(a.played),
                                       breaks=[str(f) for f in a.violations], costs=a.costs, report=a.report)
                      for a in resolution.alternatives],
        text=resolution.text()).model_dump()


def _explanation(played: MatchRound) -> str:
    """The round in the text's words (the system's explanation, through the registry)."""
    from cpswiss.api import matches_text

    return matches_text(played)


def _row(row: dict[str, Any], paired: str | None = None) -> CompetitorRow:
    """A row of the system's ``state`` table (team or Double-Swiss keys) as the API's model, with
    the competitor's match of a round paired but not played (``paired``)."""
    floated = row["floated"]
    return CompetitorRow(id=row["tpn"], name=row.get("team", row.get("name", "")),
                         score=row.get("pairing score", row["score"]), match_points=row.get("MP"),
                         game_points=row.get("GP", row["score"] if "MP" not in row else None),
                         colours=row["colours"], colour_difference=row.get("CD"), whites=row.get("whites"),
                         preference=row.get("preference"),
                         floated=("yes" if floated else "-") if isinstance(floated, bool) else str(floated),
                         bye_eligible=row["PAB allowed"], matches_played=row.get("played", row.get("matches", 0)),
                         available=row["to pair"], paired=paired)


def state_of_matches(t: Tournament, system: PairingSystem, request: dict) -> dict:
    """``cpswiss state`` of a file of matches: each competitor before the next round; when that
    round is paired but not played (``round_paired``), before it, with each competitor's match
    of it (``paired``)."""
    from cpswiss.api import competition_state_of, competitor_state_rows, rule_set_of_matches
    from cpswiss.api.pending import pending_round_of

    rules, _ = rule_set_of_matches(t, system, request.get("rules"))
    pending = pending_round_of(t, of_matches=True)
    round_no = None if pending is None else pending.round_no
    state = competition_state_of(t, round_no, after_last_round=True)
    rows = competitor_state_rows(t, request.get("rules"), round_no)
    return MatchStateAnswer(system=system.name, round=state.round_no, total_rounds=state.total_rounds,
                            finished=pending is None and is_finished(t), round_paired=pending is not None,
                            rule_set=f"{rules.title} ({_reason(t, request)})", rule_set_name=rules.name,
                            competitors=[_row(r, None if pending is None else pending.pairing_of(r))
                                         for r in rows]).model_dump()


def _round_checks(t: Tournament, system: PairingSystem, request: dict,
                  rounds: list[int] | None) -> tuple[list[MatchRoundCheck], str]:
    """Each round of the file re-paired and compared (the report of ``cpswiss check``, one for
    every system), and the report's text."""
    from cpswiss.check.rounds import check_matches

    report = check_matches(t, request.get("rules"), rounds)
    return [MatchRoundCheck(round_no=r.round_no, agrees=r.agrees,
                            findings=[line.strip() for line in report.round_lines(r)]
                            + ([f"cannot be re-paired: {r.error}"] if r.error else []))
            for r in report.rounds], report.text()


def check_matches(t: Tournament, system: PairingSystem, request: dict) -> dict:
    """``cpswiss check`` of a file of matches."""
    if request.get("accelerate"):
        raise InputError("accelerate: a file of matches asks for Baku acceleration by its record 192 (_BAKU)")
    checks, text = _round_checks(t, system, request, request.get("rounds"))
    return MatchCheckAnswer(system=system.name, agrees=all(c.agrees for c in checks), rounds=checks,
                            text=text).model_dump()


def explain_matches(t: Tournament, system: PairingSystem, request: dict) -> dict:
    """``cpswiss explain``: the next round in the text's words, and what a proposal (team
    numbers; C.04.6) breaks and where it differs; or a round of the file re-paired, explained and
    compared with what the file has."""
    round_no, proposed = request.get("round"), request.get("pairing")
    if round_no is not None and proposed is not None:
        raise InputError("explain takes a proposed pairing or a round of the file, not both")
    played = _played(t, request, round_no, explain=True)
    text = _explanation(played)
    problems: list[str] = []
    differences: list[str] = []
    agrees: bool | None = None
    if round_no is not None:
        checks, _ = _round_checks(t, system, request, [round_no])
        differences, agrees = checks[0].findings, checks[0].agrees
    elif proposed is not None:  # the first article the proposal breaks (cpswiss explain --pairing)
        from cpswiss.check.matches import ProposedRound
        from cpswiss.check.matches import explain_matches as explain_proposal

        known = set(played.state.competitors)
        noun = system.noun
        for tpn in [x for board in proposed["boards"] for x in board] + [proposed.get("bye")]:
            if tpn is not None and tpn not in known:
                raise InputError(f"{noun} {tpn} is not in the tournament", t.path)
        bye = proposed.get("bye")
        verdict = explain_proposal(t, ProposedRound(tuple((w, b) for w, b in proposed["boards"]),
                                                    (bye,) if bye is not None else ()),
                                   rule_set=request.get("rules"), accelerate=request.get("accelerate"))
        problems = [str(v) for v in verdict.violations]
        differences = ([str(verdict.decisive)] if verdict.decisive is not None and not verdict.violations else []) \
            + verdict.changes
        agrees = verdict.agrees
    return MatchExplainAnswer(system=system.name, round=played.round_no, agrees=agrees, problems=problems,
                              differences=differences, text=text).model_dump()


__all__ = ["check_matches", "explain_matches", "pair_answer", "resolve_of_matches", "state_of_matches"]
