"""The work behind each API endpoint, run in a worker process (:mod:`cpswiss.server.pool`).

Each job takes a request as plain data (the validated request model dumped to a dict),
calls the same entry points as the command of the same name in :mod:`cpswiss.cli`, and
returns plain JSON data: the facts of the command's ``--json`` output, its text, and for
``pair`` the pairing file and the TRF with the round appended.  Nothing is written to disk:
the TRF arrives as text and is parsed in memory.

A :class:`~cpswiss.errors.CpswissError` does not cross the process boundary as an
exception (its subclasses do not pickle back faithfully); a job returns it as an
``{"error": ...}`` answer (:func:`run_job`), which :mod:`cpswiss.server.app` maps to an HTTP
status by its exit code.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeGuard

from cpswiss import errors
from cpswiss.errors import CpswissError, InputError
from cpswiss.solver.settings import SolverSettings

if TYPE_CHECKING:
    from cpswiss.registry import PairingSystem

Job = Callable[[dict], dict]


def _plain(data: Any) -> Any:
    """JSON-ready data as the CLI prints it (``json.dump(..., default=str)``)."""
    return json.loads(json.dumps(data, default=str))


def _settings(request: dict) -> SolverSettings:
    return SolverSettings(workers=1, time_limit=request["time_limit"])


def _tournament(request: dict):
    """The tournament from the request's TRF text, parsed in memory; messages name the
    file as the client called it."""
    from cpswiss.formats.trf import parse_trf

    return parse_trf(request["trf"], request.get("name") or "<input>",
                     recompute_points=bool(request.get("recompute_points")))


def _system(request: dict, tournament) -> PairingSystem | None:
    """The system that pairs the file: the request's ``system`` (a system's flag, as ``pair
    --team``), refused when it does not pair a file of this kind; else the one the file asks for
    (team records or two-game rounds, else record 192); None: the individual systems' way of
    choosing (``rules``, 192, the start date)."""
    from cpswiss.api.selection import check_pairs_file, system_asked_for
    from cpswiss.registry import systems

    flag = request.get("system")
    if not flag:
        return system_asked_for(tournament)
    system = next((s for s in systems() if s.flag == flag), None)
    if system is None:
        raise InputError(f"system {flag!r}: unknown (known: {', '.join(s.flag for s in systems())})")
    check_pairs_file(tournament, system)
    return system


def _of_matches(system: PairingSystem | None) -> TypeGuard[PairingSystem]:
    """A system that pairs teams or two-game matches (its jobs: :mod:`cpswiss.server.matches`)."""
    return system is not None and system.pairs_matches


def _rules(request: dict, system: PairingSystem | None):
    """The rule-set request of an individual system: with ``system`` given, as its flag asks
    (:func:`cpswiss.api.selection.rule_set_for_system`); else ``rules`` or None (the file decides)."""
    from cpswiss.api.selection import rule_set_for_system

    if request.get("system") and system is not None:
        return rule_set_for_system(system, request.get("rules"))
    return request.get("rules")


def _decisions(request: dict):
    """As ``cpswiss pair --fix A-B --forbid A-B --bye N --absent N``."""
    from cpswiss.check.decisions import Decisions, parse_pair

    return Decisions(fix=tuple(parse_pair(x, "fix") for x in request.get("fix", [])),
                     forbid=tuple(parse_pair(x, "forbid") for x in request.get("forbid", [])),
                     bye=request.get("bye"), absent=tuple(request.get("absent", [])))


def state_job(request: dict) -> dict:
    """``cpswiss state``: every player's state before the round to be paired (after the last
    round of a finished tournament: ``finished``).  When that round is paired but not played
    (``round_paired``), each player's ``paired`` is his block of it (``4 w``, ``0000 - U``, ``-``)."""
    from cpswiss.api.pending import pending_round_of
    from cpswiss.api.selection import select_rule_set
    from cpswiss.tournament.model import format_points
    from cpswiss.tournament.state import state_to_show

    tournament = _tournament(request)
    system = _system(request, tournament)
    if _of_matches(system):
        from cpswiss.server.matches import state_of_matches

        return state_of_matches(tournament, system, request)
    rules, reason = select_rule_set(tournament, _rules(request, system))
    state, finished = state_to_show(tournament, rules.state)
    pending = pending_round_of(tournament, of_matches=False)
    players = state.frame().to_dict("records")
    for row in players:
        row["real_score"] = format_points(state.players[row["id"]].real_score)
        row["forbidden"] = " ".join(str(o) for o in sorted(state.players[row["id"]].forbidden))
        row["paired"] = None if pending is None else pending.pairings[row["id"]]
    return _plain({"round": state.round_no, "total_rounds": state.total_rounds, "finished": finished,
                   "round_paired": pending is not None,
                   "rule_set": f"{rules.title} ({reason})", "rule_set_name": rules.name,
                   "players_in_file": len(tournament.players), "players": players})


def pair_job(request: dict) -> dict:
    """``cpswiss pair [--fix/--forbid/--bye/--absent] [--explain --json] -p --write-trf`` of any
    system: the round by :func:`cpswiss.api.pair`, what the decisions change
    (:func:`cpswiss.check.whatif.what_if_round`), then the answer of its kind of file (a file of
    matches: :func:`cpswiss.server.matches.pair_answer`)."""
    from cpswiss.api import pair
    from cpswiss.check.whatif import WhatIf, what_if_round
    from cpswiss.formats.trf_writer import write_trf
    from cpswiss.systems import PairingResult

    tournament = _tournament(request)
    system = _system(request, tournament)
    if _of_matches(system) and request.get("initial_colour") is not None:
        raise InputError(f"initial_colour: the {system.title} takes the first colour from record 152")
    decisions = _decisions(request)
    settings = _settings(request)
    paired = pair(tournament, request.get("rules") if _of_matches(system) else _rules(request, system), settings=settings,
                  decisions=None if decisions.empty else decisions, initial_colour=request.get("initial_colour"),
                  accelerate=request.get("accelerate"), explain=bool(request.get("explain")))
    outcome = None if decisions.empty else what_if_round(tournament, decisions, paired, settings,
                                                         request.get("accelerate"), request.get("initial_colour"))
    if _of_matches(system):
        from cpswiss.server.matches import pair_answer

        return pair_answer(tournament, system, request, paired, outcome, decisions)
    result = paired.view
    assert isinstance(result, PairingResult) and (outcome is None or isinstance(outcome, WhatIf))
    whatif = None if outcome is None else {
        "decisions": decisions.describe(), "changed": outcome.changed, "lines": outcome.lines(),
        "changes": [vars(c) for c in outcome.changes()],
        "baseline": {"boards": [[b.white, b.black] for b in outcome.baseline.pairing.boards],
                     "bye": outcome.baseline.pairing.bye}}
    players = result.state.players
    answer = {
        "round": paired.round_no, "rule_set": f"{paired.rules.title} ({paired.reason})",
        "rule_set_name": paired.rules.name,
        "boards": result.boards_frame().to_dict("records"),
        "bye": None if paired.bye is None else {"id": paired.bye, "name": players[paired.bye].name,
                                                 "score": players[paired.bye].score_text},
        "pairing_file": "\n".join(paired.lines()) + "\n",
        "trf": write_trf(paired.written()),
        "whatif": whatif,
    }
    if request.get("explain"):
        from cpswiss.check.explain import account_of

        account = account_of(result, settings, tournament.path)
        answer["explanation"] = account.as_dict() | {"text": account.text()}
    return _plain(answer)


def explain_job(request: dict) -> dict:
    """``cpswiss explain FILE --pairing P`` (a proposal for the next round) or ``--round N``."""
    from cpswiss.check.explain import explain_pairing
    from cpswiss.colours.decoder import Board, Pairing

    tournament = _tournament(request)
    system = _system(request, tournament)
    if _of_matches(system):
        from cpswiss.server.matches import explain_matches

        return explain_matches(tournament, system, request)
    proposal = None
    if request.get("pairing") is not None:
        proposed = request["pairing"]
        for pid in [p for board in proposed["boards"] for p in board] + [proposed.get("bye")]:
            if pid is not None and pid not in tournament.players:
                raise InputError(f"player {pid} is not in the tournament", tournament.path)
        proposal = Pairing(tournament.round_to_pair, tuple(Board(w, b, "-") for w, b in proposed["boards"]),
                           proposed.get("bye"))
    explanation = explain_pairing(tournament, proposal, round_no=request.get("round"),
                                  rule_set=_rules(request, system), settings=_settings(request),
                                  accelerate=request.get("accelerate"))
    return _plain(explanation.as_dict() | {"text": explanation.text()})


def check_job(request: dict) -> dict:
    """``cpswiss check FILE [--round N ...] --json``."""
    from cpswiss.check.rounds import check_tournament

    tournament = _tournament(request)
    system = _system(request, tournament)
    if _of_matches(system):
        from cpswiss.server.matches import check_matches

        return check_matches(tournament, system, request)
    report = check_tournament(tournament, _rules(request, system), rounds=request.get("rounds"),
                              settings=_settings(request), accelerate=request.get("accelerate"))
    return _plain(report.as_dict() | {"text": report.text()})


def resolve_job(request: dict) -> dict:
    """``cpswiss resolve FILE --count K --json``."""
    from cpswiss.check.resolve import resolve

    tournament = _tournament(request)
    system = _system(request, tournament)
    if _of_matches(system):
        from cpswiss.server.matches import resolve_of_matches

        return resolve_of_matches(tournament, system, request, _settings(request))
    resolution = resolve(tournament, _rules(request, system), request["count"], _settings(request),
                         request.get("accelerate"))
    return _plain(resolution.as_dict() | {"text": resolution.text()})


def generate_job(request: dict) -> dict:
    """``cpswiss generate CONFIG -o OUT --seed S --rules R --format F``, the configuration
    as a mapping of the generator's RTG keys; a team rule set makes ``PlayersNumber`` teams of
    ``BoardsNumber`` players, a Double-Swiss one two-game matches (TRF-2026)."""
    from cpswiss.study.generate import GeneratorConfig
    from cpswiss.study.systems import generated_text

    config = GeneratorConfig.from_mapping(request["config"], "config")
    return {"trf": generated_text(config, request["seed"], request["rules"], request["format"] == "trf26")}


def warm_up() -> None:
    """Import the engine in a fresh worker and pair a bundled round once (its first pairing
    loads what the engine loads lazily), so that the first request does not pay for it."""
    from importlib import resources

    import cpswiss.check.resolve  # noqa: F401
    import cpswiss.check.whatif  # noqa: F401

    sample = resources.files("cpswiss.study.benchdata") / "n031-r03of10-t045.trf"
    run_job("pair", {"trf": sample.read_text(encoding="utf-8"), "time_limit": 30.0, "explain": True})


JOBS: dict[str, Job] = {"state": state_job, "pair": pair_job, "explain": explain_job, "check": check_job,
                        "resolve": resolve_job, "generate": generate_job}


def timed_job(name: str, request: dict) -> tuple[dict, float]:
    """:func:`run_job` and the seconds it took in the worker (the ``Server-Timing`` header)."""
    started = time.perf_counter()
    answer = run_job(name, request)
    return answer, time.perf_counter() - started


def run_job(name: str, request: dict) -> dict:
    """Run a job; a cpswiss error becomes ``{"error": {message, exit_code, kind, details}}``
    with the CLI's one-line message, any other exception (a bug) the same with exit code 2."""
    try:
        return JOBS[name](request)
    except CpswissError as exc:
        return {"error": {"message": exc.one_line(), "exit_code": exc.exit_code, "kind": type(exc).__name__,
                          "details": list(getattr(exc, "details", []))}}
    except Exception as exc:  # a bug: one line, as the CLI without --debug
        return {"error": {"message": f"unexpected error: {type(exc).__name__}: {exc}",
                          "exit_code": errors.EXIT_UNEXPECTED, "kind": "Unexpected", "details": []}}
