"""The Python API: read a tournament, pair its next round, get typed results."""

from __future__ import annotations

import gc
import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from typing import TYPE_CHECKING, Protocol

from cpswiss.colours.decoder import Pairing, decode
from cpswiss.errors import InputError, InternalCheckError, NoPairingError
from cpswiss.formats.trf import read_trf
from cpswiss.tournament.model import Tournament
from cpswiss.legality.checker import Articles, Violation, articles_of, check_pairing, round_violations
from cpswiss.api.selection import select_rule_set
from cpswiss.rulesets.ruleset import RuleSet
from cpswiss.solver.settings import SolverSettings
from cpswiss.systems import PairedRound, PairingResult, RoundPairing, matches_by, pair_round_by
from cpswiss.registry import system_of
from cpswiss.tournament.acceleration import accelerated
from cpswiss.tournament.colour import colour_named
from cpswiss.tournament.state import RoundState, StateHistory

if TYPE_CHECKING:
    from pathlib import Path

    from cpswiss.registry import PairingSystem
    from cpswiss.systems.shared.topdown_account import MatchRound
    from cpswiss.tournament.competition_state import CompetitionRules, CompetitionState, StateAdjustment



class ArbiterDecisions(Protocol):
    """The arbiter's decisions on a round (:class:`cpswiss.check.decisions.Decisions`: fixed and
    forbidden pairs, a promised bye, absences) as the pairing of a file of players reads them."""

    def apply(self, state: RoundState, articles: Articles) -> RoundState: ...

    def apply_to_competitors(self, state: CompetitionState) -> CompetitionState: ...


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
            return pair_round_by(system_of(rules))(state, rules, settings)
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
               decisions: ArbiterDecisions | None = None) -> PairingResult:
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
                    decisions: ArbiterDecisions | None = None) -> PairingResult:
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


def system_of_matches(t: Tournament) -> PairingSystem:
    """The system of matches a file's kind asks for (a team file: C.04.6; a Double-Swiss file:
    C.04.5); InputError for a file of individual games."""
    from cpswiss.api.selection import system_asked_for

    system = system_asked_for(t)
    if system is None or not system.pairs_matches:
        raise InputError("not a file of matches (a team file, C.04.6, or a Double-Swiss file, C.04.5)", t.path)
    return system


def competitor_state_rows(tournament: Tournament | str | Path, rule_set: str | RuleSet | None = None,
                          round_no: int | None = None) -> list[dict[str, object]]:
    """Each competitor of a file of matches (a team, C.04.6; a player of a Double-Swiss file,
    C.04.5) before a round (default the next), as table rows, as its system declares them:
    scores, colours, preference, float, [C2], matches played, to be paired."""
    t = read_trf(tournament) if isinstance(tournament, (str, os.PathLike)) else tournament
    system = system_of_matches(t)
    rules, baku = rule_set_of_matches(t, system, rule_set)
    rows = matches_by(system).competitor_rows
    if rows is None:
        raise InputError(f"the {system.title} gives no state of its competitors")
    return rows(t, rules, round_no, baku)


def pair_matches(tournament: Tournament | str | Path, rule_set: str | RuleSet | None = None,
                 round_no: int | None = None, record_refusals: bool = False, accelerate: str | None = None,
                 adjust: StateAdjustment | None = None, settings: SolverSettings | None = None,
                 system: PairingSystem | None = None) -> MatchRound:
    """A round of a file of matches - a team file (C.04.6) or a Double-Swiss file (C.04.5) - by
    the system its kind asks for (:func:`system_of_matches`), through the registry: the next
    round, or ``round_no`` re-paired from the state before it, as the arbiter's tools read it
    (:class:`~cpswiss.systems.shared.topdown_account.MatchRound`; the system's own result in
    ``.result``).  ``rule_set``: a rule set of that system (name, alias, file or loaded);
    default, the one record 192 names (``_BAKU``: Baku acceleration), else the system's
    default.  ``accelerate``: a method the system takes from the caller (Double-Swiss: Baku; a
    team file's acceleration is its record 192's or its 250 records').  ``record_refusals``:
    every value ruled out before the set and identifier chosen (for the explanation);
    ``adjust``: the arbiter's decisions applied to the state first
    (:meth:`cpswiss.check.decisions.Decisions.apply_to_competitors`).  The pairing is checked
    against the system's absolute rules (:func:`check_matches_pairing`) before it is returned.
    ``system``: the system asked for (a command's flag); a file of another kind is refused
    (:func:`~cpswiss.api.selection.check_pairs_file`)."""
    t = read_trf(tournament) if isinstance(tournament, (str, os.PathLike)) else tournament
    system = system or system_of_matches(t)
    rules, baku = rule_set_of_matches(t, system, rule_set)
    engine = matches_by(system)
    assert engine.pair_matches is not None
    paired = engine.pair_matches(t, rules, round_no, settings, record_refusals, baku, accelerate, adjust)
    check_matches_pairing(paired.state, [(m.white, m.black) for m in paired.matches], paired.bye, paired.rules)
    return paired


def matches_text(paired: MatchRound) -> str:
    """A round of matches (paired with ``record_refusals``) explained in its system's words: the
    bye and why, each bracket's upfloaters and identifier with the values ruled out, each
    match's colours and article."""
    explain = matches_by(system_of(paired.rules)).explain_matches
    assert explain is not None
    return explain(paired)


def pair(tournament: Tournament | str | Path, rule_set: str | RuleSet | None = None, round_no: int | None = None,
         settings: SolverSettings | None = None, decisions: ArbiterDecisions | None = None,
         system: PairingSystem | None = None, initial_colour: str | None = None, accelerate: str | None = None,
         explain: bool = False) -> PairedRound:
    """A round of a tournament of any system, by one call: the next round, or ``round_no``
    re-paired from the state before it, under ``rule_set`` (a name, alias, file or loaded; else
    as the file asks: record 192, the start date 042), by ``system`` when given (a command's
    flag: a file of another kind is refused, a flag without ``rule_set`` pairs as
    :func:`~cpswiss.api.selection.rule_set_for_system` says), else by the one the file asks
    for; ``decisions``: the arbiter's (fixed, forbidden pairs, a promised bye, absences), one
    mechanism for both kinds of file; ``initial_colour`` (``white`` / ``black``) over the
    file's (XXC / 152; a file of matches: C.04.6 and C.04.5 Art. 4.1); ``accelerate``: a method
    over the rule set's (refused by a system that takes none from the caller); ``explain``: the
    system records what its explanation needs (a system of matches: every value ruled out).  A
    file of matches goes to :func:`pair_matches`, a file of players to :func:`pair_tournament`;
    each checks its pairing's legality."""
    from cpswiss.api.selection import SystemFlag, rule_set_for_system, system_asked_for

    t = read_trf(tournament) if isinstance(tournament, (str, os.PathLike)) else tournament
    chosen = system or system_asked_for(t)
    if chosen is not None and chosen.pairs_matches:
        if initial_colour:
            t = replace(t, initial_colour=colour_named(initial_colour))
        adjust = decisions.apply_to_competitors if decisions is not None else None
        played = pair_matches(t, rule_set, round_no, explain, accelerate, adjust, settings, chosen)
        return PairedRound.of_matches(played, matches_reason(t, rule_set))
    if system is not None and not isinstance(rule_set, (RuleSet, SystemFlag)):  # a flag's: already chosen
        rule_set = rule_set_for_system(system, rule_set)
    return PairedRound.of_games(pair_tournament(t, rule_set, initial_colour, settings, round_no, accelerate,
                                                decisions))
