"""Checking a whole tournament: every round of a file re-paired from the state before it and
compared with what was played.

Kept apart from the explanations (:mod:`cpswiss.check.explain`), which import far more: a
``cpswiss check`` process loads only what re-pairing and comparing need.

Unlike explain, what-if and resolve, which take their round from :func:`cpswiss.api.pair`, the
check of a whole file pairs below it, for speed: a file of players is prepared once
(:func:`cpswiss.api.prepare_tournament`: the rule set chosen, the file accelerated, one
``StateHistory`` summed for every round) and each round paired from it
(:func:`cpswiss.api.pair_round`), where ``pair`` would read the file's history again for each
round; a file of matches is paired round by round by :func:`cpswiss.api.pair_matches`, which
compares the round as the procedure gives it without writing it into the file as
``PairedRound`` does for its games.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, replace
from typing import TYPE_CHECKING

from cpswiss.api import pair_round, prepare_tournament
from cpswiss.api.selection import select_rule_set, system_asked_for
from cpswiss.colours.decoder import Board, Pairing
from cpswiss.errors import InputError, NoPairingError
from cpswiss.formats.trf import read_trf
from cpswiss.legality.checker import articles_of, check_pairing, round_violations
from cpswiss.rulesets.ruleset import RuleSet
from cpswiss.tournament.colour import colour_named
from cpswiss.tournament.model import Tournament

if TYPE_CHECKING:
    from pathlib import Path

    import pandas as pd

    from cpswiss.api import PreparedTournament
    from cpswiss.legality.checker import Articles
    from cpswiss.solver.settings import SolverSettings
    from cpswiss.tournament.competition_state import CompetitionState
    from cpswiss.tournament.competitors import Competitor

#: told after each round checked: (rounds done, rounds to check), for a progress bar
RoundsChecked = Callable[[int, int], None]


def pairing_in_file(t: Tournament, round_no: int, orient_like: Pairing | None = None) -> Pairing:
    """The pairing of a round already in the file (colours as played).  A board whose colours
    the file does not record (a forfeit written ``0214 - -`` / ``0251 - +``: no game, so no
    colour was played) takes the colours ``orient_like`` gives the same two players, when it
    pairs them: a colour that was never played cannot be reversed (RF-4)."""
    boards, byes = t.pairing_of(round_no)
    if len(byes) > 1:
        raise InputError(f"round {round_no} gives the pairing-allocated bye to {len(byes)} players "
                         f"({', '.join(map(str, byes))})", t.path)
    if orient_like is not None:
        theirs = {(b.white, b.black) for b in orient_like.boards}
        boards = [(b, w) if (b, w) in theirs and _colours_unrecorded(t, round_no, w, b) else (w, b)
                  for w, b in boards]
    return Pairing(round_no, tuple(Board(w, b, "-") for w, b in boards), byes[0] if byes else None)


def _colours_unrecorded(t: Tournament, round_no: int, a: int, b: int) -> bool:
    """Neither block of the board of ``a`` and ``b`` in ``round_no`` gives a colour."""
    return all((e := t.players[p].entry(round_no)) is not None and e.colour is None for p in (a, b))


def load_tournament(tournament: Tournament | str | Path) -> Tournament:
    """A tournament given as itself or by the path of its file."""
    return read_trf(tournament) if isinstance(tournament, (str, os.PathLike)) else tournament


@dataclass
class RoundCheck:
    """One round of a file re-paired from the state before it: the same fields for every
    system (a round of a team or Double-Swiss file is a round of matches, by competitor)."""

    round_no: int
    agrees: bool
    missing: list[tuple[int, int]]  # boards the rules demand that were not played (white, black)
    extra: list[tuple[int, int]]  # boards played that the rules do not give
    colours: list[tuple[int, int]]  # boards played with the colours reversed (as played)
    bye_played: int | None
    bye_rules: int | None
    error: str | None = None  # the round could not be re-paired (message)
    # the absolute rules the file's round breaks (the legality checker, in the system's articles)
    violations: list[str] = field(default_factory=list)
    # for each board of ``colours``: the article that gives the rules' colours, where the system
    # names one per match (C.04.6 / C.04.5 Art. 4.3.x), else ""
    colour_articles: list[str] = field(default_factory=list)


def differing_text(rounds: list[int]) -> str:
    """The rounds that differ, in the words of every check: ``round 3 differs``, ``rounds 1, 2
    differ``."""
    return (f"round {rounds[0]} differs" if len(rounds) == 1 else
            f"rounds {', '.join(map(str, rounds))} differ")


@dataclass
class CheckReport:
    """Every round of a file re-paired and compared, under the rule set named with why it
    applies: one shape, one text and one JSON schema for every system."""

    file: str
    rule_set: str
    rounds: list[RoundCheck]

    @property
    def agrees(self) -> bool:
        return all(r.agrees for r in self.rounds)

    def frame(self) -> pd.DataFrame:
        import pandas as pd
        return pd.DataFrame([asdict(r) for r in self.rounds])

    def as_dict(self) -> dict:
        return {"file": self.file, "rule_set": self.rule_set, "agrees": self.agrees,
                "rounds": [asdict(r) for r in self.rounds]}

    def round_lines(self, r: RoundCheck) -> list[str]:
        """What differs in a round, one line each (empty when it agrees)."""
        out = [f"  breaks {v}" for v in r.violations]
        if r.error:
            return out
        out += [f"  rules demand {w}-{b}, not played" for w, b in r.missing]
        out += [f"  played {w}-{b}, not what the rules give" for w, b in r.extra]
        articles = r.colour_articles or [""] * len(r.colours)
        out += [f"  played {w}-{b} with colours reversed (rules: {b}-{w}" + (f", {a})" if a else ")")
                for (w, b), a in zip(r.colours, articles)]
        if r.bye_played != r.bye_rules:
            out.append(f"  bye: played {r.bye_played or 'none'}, rules {r.bye_rules or 'none'}")
        return out

    def text(self) -> str:
        out = [f"{self.file} - {self.rule_set}"]
        for r in self.rounds:
            if r.error:
                out.append(f"round {r.round_no}: cannot be re-paired: {r.error}")
            else:
                out.append(f"round {r.round_no}: " + ("agrees" if r.agrees else "DIFFERS"))
            out += self.round_lines(r)
        differing = [r.round_no for r in self.rounds if not r.agrees]
        out.append("all rounds agree" if not differing else differing_text(differing))
        return "\n".join(out)


def check_tournament(tournament: Tournament | str | Path, rule_set: str | RuleSet | None = None,
                     rounds: list[int] | None = None, settings: SolverSettings | None = None,
                     accelerate: str | None = None, initial_colour: str | None = None,
                     progress: RoundsChecked | None = None) -> CheckReport:
    """Re-pair every round in the file (or the given ones) and compare with what was played,
    by the system the file and ``rule_set`` ask for: a team or Double-Swiss file round by round
    of matches (:func:`check_matches`), any other file game by game.  ``initial_colour``
    (``white`` / ``black``) over the file's XXC / 152, as ``pair --initial-colour``.  Where a
    round differs, what the file's round breaks of the absolute rules is said too (the
    legality checker, :mod:`cpswiss.legality.checker`): a round that agrees is the engine's
    pairing, checked already.  ``progress`` is told after each round (rounds done, rounds to
    check), for a command's progress bar."""
    t = load_tournament(tournament)
    if is_file_of_matches(t):
        return check_matches(t, rule_set, rounds, accelerate, initial_colour, progress)
    rules, reason = select_rule_set(t, rule_set, accelerate)
    last = t.last_paired_round
    wanted = rounds if rounds is not None else list(range(1, last + 1))
    for r in wanted:
        if not 1 <= r <= last:
            raise InputError(f"round {r} is not in the file ({t.paired_rounds_text()})", t.path)
    if not wanted:
        return CheckReport(t.path, f"{rules.title} ({reason})", [])
    # accelerated once, its history summed once for every round
    prepared = prepare_tournament(t, rules, initial_colour)
    articles = articles_of(rules)
    checks: list[RoundCheck] = []
    for r in wanted:
        checks.append(_round_check(t, prepared, r, settings, articles))
        if progress is not None:
            progress(len(checks), len(wanted))
    return CheckReport(t.path, f"{rules.title} ({reason})", checks)


def _round_check(t: Tournament, prepared: PreparedTournament, r: int, settings: SolverSettings | None,
                 articles: Articles) -> RoundCheck:
    """Round ``r`` of an individual file re-paired and compared with the file's."""
    try:
        result = pair_round(prepared, r, settings)
    except NoPairingError as exc:
        played = pairing_in_file(t, r)
        broken = check_pairing(prepared.history.state(r), played, articles)
        return RoundCheck(r, False, [], [], [], played.bye, None, error=exc.one_line(),
                          violations=list(map(str, broken)))
    engine = result.pairing
    played = pairing_in_file(t, r, orient_like=engine)
    ours = {(b.white, b.black) for b in engine.boards}
    theirs = {(b.white, b.black) for b in played.boards}
    reversed_ = sorted(p for p in theirs - ours if (p[1], p[0]) in ours)
    missing = sorted(p for p in ours - theirs if (p[1], p[0]) not in theirs)
    extra = sorted(p for p in theirs - ours if (p[1], p[0]) not in ours)
    agrees = not (missing or extra or reversed_) and engine.bye == played.bye
    broken = [] if agrees else check_pairing(result.state, played, articles)
    return RoundCheck(r, agrees, missing, extra, reversed_, played.bye, engine.bye,
                      violations=list(map(str, broken)))


def is_file_of_matches(t: Tournament) -> bool:
    """A team file or a Double-Swiss file (paired by a system of the match model)."""
    system = system_asked_for(t)
    return system is not None and system.pairs_matches


def met_in(state: CompetitionState, a: int, b: int) -> int:
    """The latest round in which ``a`` and ``b`` played a match (0: never)."""
    return max((r for r, e in enumerate(state.competitors[a].entries, start=1)
                if e is not None and e.played and e.opponent == b), default=0)


def check_matches(t: Tournament, rule_set: str | RuleSet | None = None, rounds: list[int] | None = None,
                  accelerate: str | None = None, initial_colour: str | None = None,
                  progress: RoundsChecked | None = None) -> CheckReport:
    """Every round (match) of a team file (C.04.6) or a Double-Swiss file (C.04.5) re-paired
    from the state before it by the system its kind asks for, and compared with the round as
    the file has it, by competitor (the White of board 1 / game 1, the PAB): the same report as
    an individual file's, each colour the rules give with its article of 4.3; ``progress`` as
    :func:`check_tournament`'s."""
    from cpswiss.api import matches_reason, rule_set_of_matches
    from cpswiss.tournament.competition_state import paired_matches
    from cpswiss.tournament.competitors import competitors

    system = system_asked_for(t)
    assert system is not None
    if initial_colour:
        t = replace(t, initial_colour=colour_named(initial_colour))
    rules, _ = rule_set_of_matches(t, system, rule_set)
    last = paired_matches(t)
    wanted = rounds if rounds is not None else list(range(1, last + 1))
    for r in wanted:
        if not 1 <= r <= last:
            raise InputError(f"round {r} is not in the file ({t.paired_rounds_text()})", t.path)
    articles, found = articles_of(rules), competitors(t)
    checks: list[RoundCheck] = []
    for r in wanted:
        checks.append(_match_round_check(t, rules, r, found, articles, accelerate))
        if progress is not None:
            progress(len(checks), len(wanted))
    return CheckReport(t.path, f"{rules.title} ({matches_reason(t, rule_set)})", checks)


def _match_round_check(t: Tournament, rules: RuleSet, r: int, found: dict[int, Competitor], articles: Articles,
                       accelerate: str | None) -> RoundCheck:
    """Round (match) ``r`` of a file of matches re-paired and compared with the file's."""
    from cpswiss.api import competition_state_of, pair_matches
    from cpswiss.tournament.competitors import match_pairing_of

    pairs, byes = match_pairing_of(found, r)
    bye_played = byes[0] if byes else None
    try:
        played = pair_matches(t, rules, r, accelerate=accelerate)
    except NoPairingError as exc:
        before = competition_state_of(t, r)
        broken = round_violations(before.competitors, pairs, byes, articles, before.allowed_pairs)
        return RoundCheck(r, False, [], [], [], bye_played, None, error=exc.one_line(),
                          violations=list(map(str, broken)))
    state = played.state
    broken = round_violations(state.competitors, pairs, byes, articles, state.allowed_pairs,
                              met_in=lambda a, b: met_in(state, a, b))
    ours = {(m.white, m.black): m.article for m in played.matches}
    theirs = set(pairs)
    reversed_ = sorted(p for p in theirs - ours.keys() if (p[1], p[0]) in ours)
    missing = sorted(p for p in ours.keys() - theirs if (p[1], p[0]) not in theirs)
    extra = sorted(p for p in theirs - ours.keys() if (p[1], p[0]) not in ours)
    agrees = not (missing or extra or reversed_ or broken) and bye_played == played.bye
    return RoundCheck(r, agrees, missing, extra, reversed_, bye_played, played.bye,
                      violations=list(map(str, broken)),
                      colour_articles=[played.words.article(ours[(b, w)]) for w, b in reversed_])


__all__ = ["CheckReport", "RoundCheck", "RoundsChecked", "check_matches", "check_tournament", "differing_text", "is_file_of_matches",
           "load_tournament", "met_in", "pairing_in_file"]
