"""The Python API: read a tournament, pair its next round, get typed results."""

from __future__ import annotations

import gc
import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from cpswiss.colours.decoder import Pairing, decode
from cpswiss.errors import InputError, InternalCheckError, NoPairingError
from cpswiss.formats.trf import read_trf
from cpswiss.tournament.model import Tournament, format_points
from cpswiss.legality.checker import Violation, articles_of, check_pairing, round_violations
from cpswiss.api.selection import select_rule_set
from cpswiss.rulesets.ruleset import RuleSet
from cpswiss.solver.settings import SolverSettings
from cpswiss.systems import RoundPairing
from cpswiss.registry import system_of
from cpswiss.tournament.acceleration import accelerated
from cpswiss.tournament.colour import colour_named
from cpswiss.tournament.state import RoundState, StateHistory

if TYPE_CHECKING:
    from pathlib import Path

    from cpswiss.registry import PairingSystem
    from cpswiss.systems.double_swiss.procedure import DoubleSwissRoundResult
    from cpswiss.systems.shared.topdown_account import MatchRound
    from cpswiss.systems.team.procedure import TeamRoundPairing
    from cpswiss.tournament.competition_state import CompetitionRules, CompetitionState, StateAdjustment

    import pandas as pd

    from cpswiss.check.decisions import Decisions


@dataclass
class PairingResult:
    """The pairing of one round, the state it was paired under and how each bracket went."""

    pairing: Pairing
    state: RoundState
    rules: RuleSet
    # the system's record of each bracket step (Dutch: BracketRecord; FIDE 1999: GroupRecord)
    records: list[Any] = field(default_factory=list)
    settings: SolverSettings | None = None
    rules_reason: str = ""  # why this rule set (--rules, record 192, start date 042)

    def boards_frame(self) -> pd.DataFrame:
        """The boards as a table: board, white, black with names and scores."""
        rows = []
        players = self.state.players
        for n, board in enumerate(self.pairing.boards, start=1):
            w, b = players[board.white], players[board.black]
            rows.append({"board": n, "white": w.id, "white_name": w.name,
                         "white_score": format_points(w.real_score), "black": b.id, "black_name": b.name,
                         "black_score": format_points(b.real_score), "colour_rule": board.colour_rule})
        import pandas as pd
        return pd.DataFrame(rows)

    def brackets_frame(self) -> pd.DataFrame:
        """Per-bracket facts and criteria values, one row per bracket (or score group) as the
        pairing system records them."""
        import pandas as pd
        return pd.DataFrame(system_of(self.rules).explainer.bracket_rows(self, self.settings))


_PAUSED_LOCK = threading.Lock()
_paused = [0, False]  # rounds being paired, and whether the collector ran before the first


@contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cyclic garbage collector paused while a round is paired, and as it was after.

    A bracket step holds its graph as lists and dicts of hundreds of thousands of entries,
    built and dropped bracket by bracket, and none of them in a reference cycle: the memory is
    freed by reference counting alone, while each full collection walks every object the
    pairing holds (measured: 14 of them, a fifth of the CPU time of a 1,000-player round).
    Paused once for rounds paired at the same time (threads), resumed after the last."""
    with _PAUSED_LOCK:
        if _paused[0] == 0:
            _paused[1] = gc.isenabled()
            gc.disable()
        _paused[0] += 1
    try:
        yield
    finally:
        with _PAUSED_LOCK:
            _paused[0] -= 1
            if _paused[0] == 0 and _paused[1]:
                gc.enable()


def pair_with_certificate(state: RoundState, rules: RuleSet, settings: SolverSettings | None = None) -> RoundPairing:
    """The system's pairing of the round; when no legal pairing exists, the error carries a
    certificate (a Tutte barrier of the compatibility graph, :mod:`cpswiss.legality.certificate`)."""
    try:
        with collector_paused():
            return system_of(rules).pair_round(state, rules, settings)
    except NoPairingError as exc:
        from cpswiss.legality.certificate import (  # networkx: only here
            barrier_text,
            find_barrier,
        )

        barrier = find_barrier(state) if state.to_pair else None
        if barrier is None or exc.details:
            raise
        raise NoPairingError(str(exc), rules.speak_lines(barrier_text(barrier, state))) from None


class PreparedTournament:
    """A tournament made ready to pair any of its rounds under one rule set: the rule set
    chosen (and why), the virtual points of its acceleration method, the initial colour it
    asks for, and the history every round's state is read from (summed once for all of them).
    (A plain class: cheaper to make at import than a dataclass or a named tuple.)"""

    __slots__ = ("tournament", "rules", "reason", "history")

    def __init__(self, tournament: Tournament, rules: RuleSet, reason: str, history: StateHistory) -> None:
        self.tournament = tournament
        self.rules = rules
        self.reason = reason  # why this rule set (--rules, record 192, start date 042)
        self.history = history


def prepare_tournament(tournament: Tournament | str | Path, rule_set: str | RuleSet | None = None,
                       initial_colour: str | None = None, accelerate: str | None = None) -> PreparedTournament:
    """The tournament under a rule set: a name, alias or file path, or None to take the edition
    the file asks for (record 192, else the start date 042, else the edition in force;
    :func:`cpswiss.api.selection.select_rule_set`).  ``accelerate`` names an acceleration
    method (``baku``, ``three-group``, ...) over the rule set's own; virtual points written in
    the file (``XXA`` / ``250``) always win.  ``initial_colour`` (``white``/``black``) over the
    file's XXC / 152."""
    t = read_trf(tournament) if isinstance(tournament, (str, os.PathLike)) else tournament
    rules, reason = select_rule_set(t, rule_set, accelerate)
    t = accelerated(t, rules.acceleration.generator)
    if initial_colour or rules.colours.initial != "lot":  # --initial-colour, else a rule with no lot
        t = replace(t, initial_colour=colour_named(initial_colour or rules.colours.initial))
    return PreparedTournament(t, rules, reason, StateHistory(t, rules.state))


def pair_round(prepared: PreparedTournament, round_no: int | None = None, settings: SolverSettings | None = None,
               decisions: Decisions | None = None) -> PairingResult:
    """Pair a round of a prepared tournament: the next one, or with ``round_no`` a round already
    in the file, re-paired from the state before it (the players it paired are the ones
    available).  ``decisions``: the arbiter's (:class:`~cpswiss.check.decisions.Decisions`:
    fixed, forbidden pairs, a promised bye, absences), under which the system finds its best
    pairing.  Every pairing is checked against C.04.1 and C.1-C.3 before it is returned."""
    rules = prepared.rules
    state = prepared.history.state(round_no)
    if decisions is not None:
        try:
            state = decisions.apply(state, articles_of(rules))
        except InputError as exc:
            raise InputError(exc.problem, prepared.tournament.path) from None
    raw = pair_with_certificate(state, rules, settings)
    state = raw.state or state  # with the system's round-wide rulings, which legality reads
    pairing = decode(state, raw.pairs, raw.bye, rules.colours)
    problems: list[Violation] = check_pairing(state, pairing, articles_of(rules))
    if problems:
        raise InternalCheckError("internal error: the pairing breaks " + "; ".join(map(str, problems)))
    return PairingResult(pairing, state, rules, raw.records, settings, prepared.reason)


def pair_tournament(tournament: Tournament | str | Path, rule_set: str | RuleSet | None = None,
                    initial_colour: str | None = None, settings: SolverSettings | None = None,
                    round_no: int | None = None, accelerate: str | None = None,
                    decisions: Decisions | None = None) -> PairingResult:
    """Pair the next round of a tournament (or re-pair round ``round_no``) under a rule set:
    :func:`prepare_tournament` then :func:`pair_round`."""
    return pair_round(prepare_tournament(tournament, rule_set, initial_colour, accelerate), round_no,
                      settings, decisions)


def check_matches_pairing(state: CompetitionState, pairs: list[tuple[int, int]], bye: int | None,
                          rules: RuleSet) -> None:
    """The engine's pairing of a round of matches against the absolute rules of its system
    ([C1], forbidden pairs, [C2], a complete round-pairing: :func:`cpswiss.legality.checker.
    round_violations` in ``rules``' articles), as every individual pairing is checked
    (:func:`pair_round`): a pairing that breaks one is an internal error, never printed."""
    problems = round_violations(state.competitors, pairs, [bye] if bye is not None else [], articles_of(rules),
                                state.allowed_pairs)
    if problems:
        raise InternalCheckError("internal error: the pairing breaks " + "; ".join(map(str, problems)))


def competition_state_of(tournament: Tournament | str | Path, round_no: int | None = None,
                         rules: CompetitionRules | None = None, after_last_round: bool = False) -> CompetitionState:
    """The state of every competitor - each team of a team file (C.04.6), each player of a
    Double-Swiss file (C.04.5) - before a round (default: the next one), computed on matches
    (:func:`cpswiss.tournament.competition_state.competition_state`): primary and secondary
    scores, colours had, colour difference, floats, opponents met, bye bar, matches played and
    presence.  ``rules``: default, as the file's record 192 names them.  ``after_last_round``:
    a finished tournament's final state instead of the refusal."""
    from cpswiss.tournament.competition_state import competition_state  # team / Double-Swiss files only

    t = read_trf(tournament) if isinstance(tournament, (str, os.PathLike)) else tournament
    return competition_state(t, rules, round_no, after_last_round)


def rule_set_of_matches(t: Tournament, system: PairingSystem,
                        rule_set: str | RuleSet | None) -> tuple[RuleSet, bool]:
    """The rule set a file of matches (teams, Double-Swiss) is paired under by ``system``:
    ``rule_set`` (name, alias, file or loaded), else the one its record 192 names, else the
    system's default; and whether the 192 code asks for Baku (``_BAKU``).  A rule set of another
    system is refused as that system refuses the file."""
    from cpswiss.api.selection import check_pairs_file
    from cpswiss.registry import system_for_code, system_named
    from cpswiss.rulesets.ruleset import load_rule_set

    check_pairs_file(t, system)  # a file of another kind: refused, naming its system
    code = (t.system or "").strip().upper()
    found = system_for_code(code) if code else None
    if isinstance(rule_set, RuleSet):
        rules = rule_set
    elif rule_set:  # a name, alias or file ("": a system flag alone, the file decides)
        rules = load_rule_set(rule_set)
    elif found is not None and found[0] is system:
        rules = load_rule_set(found[1])
    elif code:
        raise InputError(f"record 192 {code} is not a code of the {system.title}", t.path)
    else:
        rules = load_rule_set(system.default_rule_set)
    if rules.system != system.name:
        check_pairs_file(t, system_named(rules.system))  # refused as every system refuses the file
        raise InputError(f"{rules.name} is a rule set of the {rules.system} system, not of the {system.title}")
    return rules, bool(found and found[2])


def matches_reason(t: Tournament, rule_set: str | RuleSet | None) -> str:
    """Why a file of matches is paired under the rule set :func:`rule_set_of_matches` gives it
    for ``rule_set``, in the words :func:`~cpswiss.api.selection.select_rule_set` says it for
    an individual file (``check``'s and ``state``'s first line)."""
    from cpswiss.api.selection import SystemFlag

    code = (t.system or "").strip()
    if isinstance(rule_set, RuleSet):
        return "given by the caller"
    if isinstance(rule_set, SystemFlag):
        given = f"--{rule_set.flag}" + (f" --rules {rule_set}" if rule_set.explicit else "")
        return given if rule_set.explicit or not code else f"{given}, record 192 {code}"
    if rule_set:
        return f"--rules {rule_set}"
    return f"record 192 {code}" if code else f"{t.kind_reason()}: the system's default"


def team_rule_set(t: Tournament, rule_set: str | RuleSet | None) -> tuple[RuleSet, bool]:
    """The team rule set for a team file and whether its record 192 asks for Baku: ``rule_set``
    when given, else the one the code names (``FIDE_TEAM...``), else ``team-2026``."""
    from cpswiss.registry import system_named

    return rule_set_of_matches(t, system_named("team"), rule_set)


def team_state_rows(tournament: Tournament | str | Path, rule_set: str | RuleSet | None = None,
                    round_no: int | None = None) -> list[dict[str, Any]]:
    """Each team of a team file before a round (default the next), as table rows: scores,
    colours, preference, float, [C2], matches played, to be paired."""
    from cpswiss.registry import system_named

    t = read_trf(tournament) if isinstance(tournament, (str, os.PathLike)) else tournament
    rules, baku = team_rule_set(t, rule_set)
    rows = system_named("team").competitor_rows
    if rows is None:
        raise InputError("the team system gives no state of its competitors")
    return rows(t, rules, round_no, baku)


def pair_team_tournament(tournament: Tournament | str | Path, rule_set: str | RuleSet | None = None,
                         round_no: int | None = None, settings: SolverSettings | None = None,
                         record_refusals: bool = False, adjust: StateAdjustment | None = None) -> TeamRoundPairing:
    """Pair a round of a team tournament (TRF-2026 records 310) by the Swiss Team Pairing System
    (C.04.6): the next round, or ``round_no`` re-paired from the state before it.  ``rule_set``:
    a team rule set (name, alias, file or loaded); default, the one the file's record 192 names
    (``FIDE_TEAM...``; ``_BAKU``: Baku acceleration), else ``team-2026``.  ``record_refusals``:
    record every value ruled out before the set and identifier chosen (for the explanation).
    ``adjust``: the arbiter's decisions applied to the teams' state first
    (:meth:`cpswiss.check.decisions.Decisions.apply_to_competitors`)."""
    from cpswiss.registry import system_named

    t = read_trf(tournament) if isinstance(tournament, (str, os.PathLike)) else tournament
    rules, baku = team_rule_set(t, rule_set)
    team = system_named("team")
    if team.pair_competition is None:
        raise InputError(f"the {team.title} pairs no team file")
    pairing: TeamRoundPairing = team.pair_competition(t, rules, round_no, settings, record_refusals, baku, adjust)
    check_matches_pairing(pairing.state, [(m.white, m.black) for m in pairing.matches], pairing.bye, rules)
    return pairing


def team_explanation(pairing: TeamRoundPairing) -> str:
    """A team round (paired with ``record_refusals``) explained in the text's words: the bye and
    why, each bracket's upfloaters and identifier with the values ruled out, each match's
    colours and article (the team system's explanation, through the registry)."""
    from cpswiss.registry import system_named

    return system_named("team").match_explainer.explain_text(pairing)


def pair_double_swiss_tournament(tournament: Tournament | str | Path, rule_set: str | RuleSet | None = None,
                                 round_no: int | None = None, record_refusals: bool = False,
                                 accelerate: str | None = None,
                                 adjust: StateAdjustment | None = None) -> DoubleSwissRoundResult:
    """Pair a round of a Double-Swiss tournament (record 192 ``FIDE_DOUBLESWISS``, a match in two
    round columns) by C.04.5: the next round, or ``round_no`` re-paired from the state before it.
    ``rule_set``: a Double-Swiss rule set (name, alias, file or loaded); default, the one record
    192 names (``_BAKU``: Baku acceleration).  ``accelerate``: ``baku`` (C.04.7 over the matches)
    unless the file gives virtual points (250).  ``record_refusals``: every value ruled out
    before the set and identifier chosen (for the explanation).  ``adjust``: the arbiter's
    decisions applied to the players' state first."""
    from cpswiss.api.selection import check_pairs_file
    from cpswiss.registry import system_named

    t = read_trf(tournament) if isinstance(tournament, (str, os.PathLike)) else tournament
    double = system_named("double-swiss")
    check_pairs_file(t, double)
    rules, baku = rule_set_of_matches(t, double, rule_set)
    if baku and rules.acceleration.method == "none":
        rules = rules.accelerated("baku")
    if accelerate:
        if accelerate != "baku":
            raise InputError(f"--accelerate {accelerate}: the Double-Swiss System takes Baku (C.04.7) only")
        rules = rules.accelerated("baku")
    assert double.pair_competition is not None
    pairing: DoubleSwissRoundResult = double.pair_competition(t, rules, round_no, None, record_refusals,
                                                              rules.acceleration.method != "none", adjust)
    assert pairing.state is not None
    check_matches_pairing(pairing.state, [(b.white, b.black) for b in pairing.pairing.boards], pairing.pairing.bye,
                          rules)
    return pairing


def double_swiss_state_rows(tournament: Tournament | str | Path, rule_set: str | RuleSet | None = None,
                            round_no: int | None = None) -> list[dict[str, Any]]:
    """Each player of a Double-Swiss file before a round (default the next), as table rows."""
    from cpswiss.registry import system_named

    t = read_trf(tournament) if isinstance(tournament, (str, os.PathLike)) else tournament
    double = system_named("double-swiss")
    rules, baku = rule_set_of_matches(t, double, rule_set)
    assert double.competitor_rows is not None
    return double.competitor_rows(t, rules, round_no, baku or rules.acceleration.method != "none")


def pair_matches(tournament: Tournament | str | Path, rule_set: str | RuleSet | None = None,
                 round_no: int | None = None, record_refusals: bool = False, accelerate: str | None = None,
                 adjust: StateAdjustment | None = None) -> MatchRound:
    """A round of a file of matches - a team file (C.04.6: :func:`pair_team_tournament`) or a
    Double-Swiss file (C.04.5: :func:`pair_double_swiss_tournament`) - by the system its kind
    asks for, as the arbiter's tools read it (:class:`~cpswiss.systems.shared.topdown_account.
    MatchRound`, from the system's explanation through the registry).  ``accelerate``: Baku
    for a Double-Swiss file (a team file's acceleration is its record 192's or its 250
    records'); ``adjust``: the arbiter's decisions applied to the state first.  InputError for
    a file of individual games."""
    from cpswiss.api.selection import system_asked_for

    t = read_trf(tournament) if isinstance(tournament, (str, os.PathLike)) else tournament
    system = system_asked_for(t)
    if system is None or system.match_explanation is None:
        raise InputError("not a file of matches (a team file, C.04.6, or a Double-Swiss file, C.04.5)", t.path)
    result: TeamRoundPairing | DoubleSwissRoundResult
    if system.name == "team":
        if accelerate:
            raise InputError(f"--accelerate {accelerate}: a team file is accelerated by its record 192 "
                             "(FIDE_TEAM..._BAKU) or its 250 records", t.path)
        result = pair_team_tournament(t, rule_set, round_no, record_refusals=record_refusals, adjust=adjust)
    else:
        result = pair_double_swiss_tournament(t, rule_set, round_no, record_refusals, accelerate, adjust)
    return system.match_explainer.match_round(result)
