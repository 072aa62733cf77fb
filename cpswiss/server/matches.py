"""The API's jobs for a file of matches - a team file (C.04.6) or a Double-Swiss file (C.04.5) -
run in a worker process as :mod:`cpswiss.server.jobs` runs the others, through the same entry
points as ``cpswiss pair --team / --double-swiss``, ``state``, ``check`` and ``explain``; each
answer is one of the typed models of :mod:`cpswiss.server.answers`.  The system is reached
through the registry (its ``pair_competition``); the rule set is the request's, else the one
record 192 names, else the system's default (:func:`cpswiss.api.rule_set_of_matches`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cpswiss.errors import EngineLimitError, InputError
from cpswiss.tournament.colour import BLACK
from cpswiss.server.answers import (
    Competitor, CompetitorRow, Game, Match, MatchCheckAnswer, MatchExplainAnswer, MatchPairAnswer, MatchRoundCheck,
    MatchStateAnswer, MatchSystem,
)

if TYPE_CHECKING:
    from cpswiss.registry import PairingSystem
    from cpswiss.tournament.competition_state import CompetitorState
    from cpswiss.tournament.model import Tournament

TEAM, DOUBLE_SWISS = "team", "double-swiss"


def _name(system: PairingSystem) -> MatchSystem:
    return "team" if system.name == TEAM else "double-swiss"


def _reason(t: Tournament, request: dict) -> str:
    """Why the rule set: the request's, else record 192, else the system's default."""
    if request.get("rules"):
        return f"rules {request['rules']}"
    code = (t.system or "").strip()
    return f"record 192 {code}" if code else "the system's default"


def _refuse_decisions(request: dict, system: PairingSystem) -> None:
    asked = [k for k in ("fix", "forbid", "absent") if request.get(k)] + \
        [k for k in ("bye", "initial_colour") if request.get(k) is not None]
    if asked:
        raise EngineLimitError(f"the {system.title} takes no {', '.join(asked)} in this version "
                               "(what-if of a file of matches)")
    if request.get("accelerate") and system.name == TEAM:
        raise InputError("accelerate: a team file asks for Baku acceleration by its record 192 (FIDE_TEAM..._BAKU)")


def _paired(t: Tournament, system: PairingSystem, request: dict, round_no: int | None = None,
            explain: bool = False) -> Any:
    """The system's round (the next one, or ``round_no`` re-paired) under the request's rule set."""
    from cpswiss.api import pair_double_swiss_tournament, pair_team_tournament
    from cpswiss.solver.settings import SolverSettings

    if system.name == TEAM:
        return pair_team_tournament(t, request.get("rules"), round_no, SolverSettings(workers=1,
                                    time_limit=request["time_limit"]), record_refusals=explain)
    return pair_double_swiss_tournament(t, request.get("rules"), round_no, record_refusals=explain,
                                        accelerate=request.get("accelerate"))


def _competitor(system: PairingSystem, c: CompetitorState) -> Competitor:
    from cpswiss.tournament.model import format_points

    team = system.name == TEAM
    virtual = c.score - c.real_score
    text = f"{c.match_points / 10:g} MP {c.game_points / 10:g} GP" if team else \
        format_points(c.real_score) + (f"+{format_points(virtual)}" if virtual else "")
    return Competitor(id=c.id, name=c.name, score=c.score / 10, real_score=c.real_score / 10,
                      match_points=c.match_points / 10 if team else None, game_points=c.game_points / 10,
                      score_text=text)


def _team_games(t: Tournament, round_no: int, white_team: int, black_team: int) -> list[Game]:
    """Each board of a team match in the tournament with the round appended: the players by the
    board order and the colours the colour sequence (352) gives them."""
    boards = t.number_of_boards()
    games = []
    for board, (a, b) in enumerate(zip(t.teams[white_team].members[:boards], t.teams[black_team].members[:boards]),
                                   start=1):
        entry = t.players[a].entry(round_no)
        white, black = (a, b) if entry is None or entry.colour != BLACK else (b, a)
        games.append(Game(number=board, white=white, white_name=t.players[white].name, black=black,
                          black_name=t.players[black].name))
    return games


def _two_games(t: Tournament, white: int, black: int) -> list[Game]:
    """A Double-Swiss match: game 1 as paired, game 2 with the colours reversed."""
    w, b = t.players[white].name, t.players[black].name
    return [Game(number=1, white=white, white_name=w, black=black, black_name=b),
            Game(number=2, white=black, white_name=b, black=white, black_name=w)]


def pair_matches(t: Tournament, system: PairingSystem, request: dict) -> dict:
    """``pair --team / --double-swiss [--explain] -p --write-trf``."""
    from cpswiss.formats.trf_writer import write_trf

    _refuse_decisions(request, system)
    explain = bool(request.get("explain"))
    result = _paired(t, system, request, explain=explain)
    teams = result.state.competitors
    if system.name == TEAM:
        with_round = result.tournament_with_round()
        round_no, bye = result.round_no, result.bye
        matches = [(m.white, m.black, m.article, _team_games(with_round, round_no, m.white, m.black))
                   for m in result.matches]
    else:
        from cpswiss.tournament.paired_round import with_round as appended

        pairing = result.pairing
        round_no, bye = pairing.round_no, pairing.bye
        with_round = appended(result.state.tournament, round_no, [(b.white, b.black) for b in pairing.boards], bye)
        matches = [(b.white, b.black, b.colour_rule, _two_games(t, b.white, b.black)) for b in pairing.boards]
    answer = MatchPairAnswer(
        system=_name(system), round=round_no, rule_set=f"{result.rules.title} ({_reason(t, request)})",
        rule_set_name=result.rules.name,
        matches=[Match(number=n, white=_competitor(system, teams[w]), black=_competitor(system, teams[b]),
                       article=article, games=games) for n, (w, b, article, games) in enumerate(matches, start=1)],
        bye=None if bye is None else _competitor(system, teams[bye]),
        pairing_file="\n".join(result.lines()) + "\n", trf=write_trf(with_round),
        explanation=_explanation(system, result) if explain else None)
    return answer.model_dump()


def _explanation(system: PairingSystem, result: Any) -> str:
    """The round in the text's words (the system's explanation, through the registry)."""
    return system.match_explainer.explain_text(result)


def _row(row: dict[str, Any]) -> CompetitorRow:
    """A row of the system's ``state`` table (team or Double-Swiss keys) as the API's model."""
    floated = row["floated"]
    return CompetitorRow(id=row["tpn"], name=row.get("team", row.get("name", "")),
                         score=row.get("pairing score", row["score"]), match_points=row.get("MP"),
                         game_points=row.get("GP", row["score"] if "MP" not in row else None),
                         colours=row["colours"], colour_difference=row.get("CD"), whites=row.get("whites"),
                         preference=row.get("preference"),
                         floated=("yes" if floated else "-") if isinstance(floated, bool) else str(floated),
                         bye_eligible=row["PAB allowed"], matches_played=row.get("played", row.get("matches", 0)),
                         available=row["to pair"])


def state_of_matches(t: Tournament, system: PairingSystem, request: dict) -> dict:
    """``cpswiss state`` of a file of matches: each competitor before the next round."""
    from cpswiss.api import competition_state_of, rule_set_of_matches

    rules, baku = rule_set_of_matches(t, system, request.get("rules"))
    if system.competitor_rows is None:
        raise InputError(f"the {system.title} gives no state of its competitors")
    state = competition_state_of(t)
    if system.name == DOUBLE_SWISS:
        baku = baku or rules.acceleration.method != "none"
    rows = system.competitor_rows(t, rules, None, baku)
    return MatchStateAnswer(system=_name(system), round=state.round_no, total_rounds=state.total_rounds,
                            rule_set=f"{rules.title} ({_reason(t, request)})", rule_set_name=rules.name,
                            competitors=[_row(r) for r in rows]).model_dump()


def _round_checks(t: Tournament, system: PairingSystem, request: dict,
                  rounds: list[int] | None) -> tuple[list[MatchRoundCheck], str]:
    """Each round of the file re-paired and compared, and the report's text."""
    if system.name == TEAM:
        from cpswiss.check.teams import check_team_tournament

        team = check_team_tournament(t, request.get("rules"), rounds)
        return [MatchRoundCheck(round_no=r.round_no, agrees=r.agrees, findings=r.problems + r.differences)
                for r in team.rounds], team.text()
    from cpswiss.check.double_swiss import check_double_swiss

    double = check_double_swiss(t, request.get("rules"), rounds)
    return [MatchRoundCheck(round_no=r.round_no, agrees=r.agrees, findings=[f"{a}: {m}" for a, m in r.findings])
            for r in double.rounds], double.text()


def check_matches(t: Tournament, system: PairingSystem, request: dict) -> dict:
    """``cpswiss check`` of a file of matches."""
    if request.get("accelerate"):
        raise InputError("accelerate: a file of matches asks for Baku acceleration by its record 192 (_BAKU)")
    checks, text = _round_checks(t, system, request, request.get("rounds"))
    return MatchCheckAnswer(system=_name(system), agrees=all(c.agrees for c in checks), rounds=checks,
                            text=text).model_dump()


def explain_matches(t: Tournament, system: PairingSystem, request: dict) -> dict:
    """``cpswiss explain``: the next round in the text's words, and what a proposal (team
    numbers; C.04.6) breaks and where it differs; or a round of the file re-paired, explained and
    compared with what the file has."""
    _refuse_decisions({"accelerate": request.get("accelerate")}, system)
    round_no, proposed = request.get("round"), request.get("pairing")
    if round_no is not None and proposed is not None:
        raise InputError("explain takes a proposed pairing or a round of the file, not both")
    result = _paired(t, system, request, round_no, explain=True)
    text = _explanation(system, result)
    this_round = result.round_no if system.name == TEAM else result.pairing.round_no
    problems: list[str] = []
    differences: list[str] = []
    agrees: bool | None = None
    if round_no is not None:
        checks, _ = _round_checks(t, system, request, [round_no])
        differences, agrees = checks[0].findings, checks[0].agrees
    elif proposed is not None:  # the first article the proposal breaks (cpswiss explain --pairing)
        from cpswiss.check.matches import ProposedRound
        from cpswiss.check.matches import explain_matches as explain_proposal

        known = set(result.state.competitors)
        noun = "team" if system.name == TEAM else "player"
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
    return MatchExplainAnswer(system=_name(system), round=this_round, agrees=agrees, problems=problems,
                              differences=differences, text=text).model_dump()


__all__ = ["check_matches", "explain_matches", "pair_matches", "state_of_matches"]
