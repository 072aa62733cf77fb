"""Pairing systems: each system's round procedure and explanation, one folder each.

The systems are listed in :mod:`cpswiss.registry`, which holds what each declares (names, flag,
codes, criteria, switches, file kinds, words); a rule set's ``system`` names the one that pairs
it.  What a system *does* is its :class:`SystemEngine` (``ENGINE`` beside ``SYSTEM`` in its
package), reached by :func:`engine_of`: the layers above call a system only through it.  What
several systems share is in :mod:`cpswiss.systems.shared`; a system imports no other system.
A system of players returns a :class:`RoundPairing` (colours, legality and output are shared)
and the API makes it a :class:`PairingResult`; a system of matches returns the round as a
:class:`~cpswiss.systems.shared.topdown_account.MatchRound`.  Either becomes the one result of
every system, :class:`PairedRound` (``cpswiss.api.pair``): its matches with their games and
deciding article, the bye, the system's record, the state and the rule set.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, NamedTuple, Protocol

from cpswiss.errors import InputError, InternalCheckError
from cpswiss.registry import PairingSystem, package_of, system_of

if TYPE_CHECKING:
    import pandas as pd

    from cpswiss.colours.decoder import Pairing
    from cpswiss.rulesets.ruleset import RuleSet
    from cpswiss.solver.settings import SolverSettings
    from cpswiss.systems.shared.explaining import RoundAccount
    from cpswiss.systems.shared.records import SystemRecord
    from cpswiss.systems.shared.topdown_account import MatchRound, TextWords
    from cpswiss.tournament.competition_state import CompetitionState, StateAdjustment
    from cpswiss.tournament.model import Tournament
    from cpswiss.tournament.state import RoundState


@dataclass
class RoundPairing:
    """Pairs (unordered, by player id) and the bye, before colours, with the system's record
    of how it got there (Dutch: one record per bracket step; FIDE 1999: per score group).

    ``state`` is the state the round was paired under: the one given, or - where the system's
    rules make round-wide rulings before any bracket (2026 [C5]'s lowest PAB score, the
    Olympiad rule's waived colour limits) - a copy carrying them, which the legality check
    then reads."""

    pairs: list[tuple[int, int]]
    bye: int | None
    records: Sequence[SystemRecord] = field(default_factory=list)
    state: RoundState | None = None


@dataclass
class PairingResult:
    """The pairing of one round of a file of players, the state it was paired under and how
    each bracket went (:func:`cpswiss.api.pair_round`)."""

    pairing: Pairing
    state: RoundState
    rules: RuleSet
    # the system's record of each step (Dutch: BracketRecord; FIDE 1999: GroupRecord): its explanation reads it
    records: Sequence[SystemRecord] = field(default_factory=list)
    settings: SolverSettings | None = None
    reason: str = ""  # why this rule set (--rules, record 192, start date 042), as PairedRound.reason

    def boards_frame(self) -> pd.DataFrame:
        """The boards as a table: board, white, black with names and scores."""
        import pandas as pd

        from cpswiss.tournament.model import format_points

        rows = []
        players = self.state.players
        for n, board in enumerate(self.pairing.boards, start=1):
            w, b = players[board.white], players[board.black]
            rows.append({"board": n, "white": w.id, "white_name": w.name,
                         "white_score": format_points(w.real_score), "black": b.id, "black_name": b.name,
                         "black_score": format_points(b.real_score), "colour_rule": board.article})
        return pd.DataFrame(rows)

    def brackets_frame(self) -> pd.DataFrame:
        """Per-bracket facts and criteria values, one row per bracket (or score group) as the
        pairing system records them."""
        import pandas as pd
        return pd.DataFrame(engine_of(system_of(self.rules)).explainer.bracket_rows(self, self.settings))


PairedGame = tuple[int, int]  # a game of a match: (the player with White, the player with Black)


class PairedMatch(NamedTuple):
    """One match of a round of any system: its White (the game's; a team's board 1, C.04.6
    Art. 1.6.1; a Double-Swiss match's game 1, C.04.5 Art. 1.6), its Black, its games (one for
    a game of players; a team match's boards by the board order; a Double-Swiss match's two
    games, the second with the colours reversed) and the article that decided the colours."""

    white: int
    black: int
    games: tuple[PairedGame, ...]
    article: str


class PairedRound(NamedTuple):
    """A round of any system as :func:`cpswiss.api.pair` returns it: the round, its matches in
    board order, the pairing-allocated bye, the system's record of how it decided (``record``:
    the record of each bracket or group for a system of players; the system's result of the
    round - with the procedure's plan - for a system of matches), the state it was paired under
    (a :class:`~cpswiss.tournament.state.RoundState` of players, a :class:`~cpswiss.tournament.
    competition_state.CompetitionState` of competitors), the rule set and why it was chosen,
    and how many competitors it paired.  ``view`` is the same round as its kind of system's
    explanation reads it (a :class:`PairingResult`; a :class:`~cpswiss.systems.shared.
    topdown_account.MatchRound`), made from the same pairing."""

    round_no: int
    matches: tuple[PairedMatch, ...]
    bye: int | None
    record: tuple[SystemRecord, ...]
    state: RoundState | CompetitionState
    rules: RuleSet
    reason: str  # why this rule set (--rules, record 192, start date 042)
    competitors: int  # the competitors of the round (players; teams or players of the match model)
    view: PairingResult | MatchRound

    @classmethod
    def of_games(cls, result: PairingResult) -> PairedRound:
        """A round of a system of players: a match is one game."""
        pairing = result.pairing
        return cls(pairing.round_no,
                   tuple(PairedMatch(b.white, b.black, ((b.white, b.black),), b.article) for b in pairing.boards),
                   pairing.bye, tuple(result.records), result.state, result.rules, result.reason,
                   len(result.state.players), result)

    @classmethod
    def of_matches(cls, paired: MatchRound, reason: str) -> PairedRound:
        """A round of a system of matches, each match with its games as the round written into
        the file gives them (:func:`~cpswiss.tournament.paired_round.match_games`)."""
        from cpswiss.tournament.paired_round import match_games, with_round

        written = with_round(paired.state.tournament, paired.round_no, [(m.white, m.black) for m in paired.matches],
                             paired.bye)
        matches = tuple(PairedMatch(m.white, m.black, tuple((w, b) for _, w, b in match_games(
            written, paired.round_no, m.white, m.black)), m.article) for m in paired.matches)
        return cls(paired.round_no, matches, paired.bye, () if paired.result is None else (paired.result,),
                   paired.state, paired.rules, reason, len(paired.state.to_pair), paired)

    def pairs(self) -> list[tuple[int, int]]:
        """The matches as (White, Black), in board order."""
        return [(m.white, m.black) for m in self.matches]

    def written(self) -> Tournament:
        """The tournament as paired (with any virtual points a method made) with the round
        appended, results pending (:func:`~cpswiss.tournament.paired_round.with_round`: what
        ``pair --write-trf`` writes): a team round on the boards, a Double-Swiss match in its
        two columns."""
        from cpswiss.tournament.paired_round import with_round

        return with_round(self.state.tournament, self.round_no, self.pairs(), self.bye)

    def lines(self) -> list[str]:
        """The ``-p`` format of every system: the count (the bye counted), ``white black`` per
        match, the bye as ``id 0``."""
        from cpswiss.colours.decoder import pairing_file_lines

        return pairing_file_lines([(m.white, m.black) for m in self.matches], self.bye)


class PairRound(Protocol):
    """A system of players' round procedure: the pairs and the bye of the round under the rule set."""

    def __call__(self, state: RoundState, rules: RuleSet,
                 settings: SolverSettings | None = None) -> RoundPairing: ...


class PairMatches(Protocol):
    """A system of matches' round procedure (teams: C.04.6; Double-Swiss players: C.04.5): a
    round of a tournament file (default the next) under the rule set, as the arbiter's tools
    read it; every value ruled out recorded when asked (``record_refusals``); ``baku``: record
    192 asks for Baku acceleration; ``accelerate``: a method asked for by the caller (each
    system says which it takes); ``adjust``: the arbiter's decisions applied to the
    competitors' state before the procedure runs (what-if, resolve)."""

    def __call__(self, tournament: Tournament, rules: RuleSet, round_no: int | None = None,
                 settings: SolverSettings | None = None, record_refusals: bool = False,
                 baku: bool = False, accelerate: str | None = None,
                 adjust: StateAdjustment | None = None) -> MatchRound: ...


class CompetitorRows(Protocol):
    """Each competitor before a round as table rows (``cpswiss state``)."""

    def __call__(self, tournament: Tournament, rules: RuleSet, round_no: int | None = None,
                 baku: bool = False) -> list[dict[str, object]]: ...


class Explanation(Protocol):
    """What a system of players' explanation provides: the account of the engine's pairing, and
    of a proposal against it (the first rule by which its pairs or bye are not the rules'), and
    one table row per bracket (``PairingResult.brackets_frame``)."""

    def account(self, result: PairingResult, settings: SolverSettings | None) -> RoundAccount: ...

    def compare(self, result: PairingResult, proposed: Pairing,
                settings: SolverSettings | None) -> RoundAccount: ...

    def bracket_rows(self, result: PairingResult, settings: SolverSettings | None) -> list[dict[str, object]]: ...


class SystemEngine(NamedTuple):
    """What a system does, each part importing its module on the first call: a system of
    players has ``pair_round`` and ``explanation``; a system of matches ``pair_matches``,
    ``explain_matches`` (the text of a round paired with ``record_refusals``), ``words`` and
    ``competitor_rows``."""

    pair_round: PairRound | None = None
    explanation: Callable[[], Explanation] | None = None
    pair_matches: PairMatches | None = None
    explain_matches: Callable[[MatchRound], str] | None = None
    words: Callable[[], TextWords] | None = None
    competitor_rows: CompetitorRows | None = None

    @property
    def explainer(self) -> Explanation:
        """The explanation of a system of players; InputError for a system of matches (its
        rounds are explained by :attr:`explain_matches`)."""
        if self.explanation is None:
            raise InputError("this system explains its rounds on matches: 'cpswiss explain FILE "
                             "--pairing P' or 'cpswiss pair FILE --explain'")
        return self.explanation()


def _engine_of_package(package: str) -> SystemEngine:
    engine = getattr(importlib.import_module(package), "ENGINE", None)
    if not isinstance(engine, SystemEngine):
        raise InternalCheckError(f"internal error: {package} declares no SystemEngine")
    return engine


def engine_of(system: PairingSystem) -> SystemEngine:
    """The behaviour of a registered system (its package's ``ENGINE``)."""
    return _engine_of_package(package_of(system))


def pair_round_by(system: PairingSystem) -> PairRound:
    """The round procedure of a system of players; InputError, naming the flag that pairs it,
    for a system of matches (it pairs no individual state)."""
    pair = engine_of(system).pair_round
    if pair is None:
        raise InputError(f"the {system.title} pairs {system.noun}s' matches: use 'cpswiss pair --{system.flag}'")
    return pair


def matches_by(system: PairingSystem) -> SystemEngine:
    """The engine of a system of matches; InputError for a system of players."""
    engine = engine_of(system)
    if engine.pair_matches is None:
        raise InputError(f"the {system.title} pairs individual games, not matches")
    return engine
