"""Generated Double-Swiss tournaments (C.04.5): each round paired by the system, then a result
for each game of each match - the usual results and the rare ones the Preface lists (½-0, 0-½,
0-0), a single forfeited game, a match forfeited wholly - and the next round, to the end.  For
tests and studies; the results are drawn from the seed only (the same seed, the same file)."""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace

from cpswiss.api import pair_matches
from cpswiss.registry import trf_code_of
from cpswiss.rulesets.ruleset import RuleSet
from cpswiss.study.generate import GeneratorConfig, RoundLog, RoundSink, drawn_ratings, game_result
from cpswiss.formats.trf_double import match_scoring_defaults
from cpswiss.tournament.colour import WHITE
from cpswiss.tournament.model import PlayerRecord, RoundEntry, RoundKind, Scoring, Tournament
from cpswiss.tournament.paired_round import with_round

# a game from game-1 White's side: (his code, the other's code), with weights per mille
_GAMES = ((("1", "0"), 380), (("=", "="), 300), (("0", "1"), 290), (("=", "0"), 8), (("0", "="), 8),
          (("0", "0"), 4), (("+", "-"), 5), (("-", "+"), 5))
_KINDS = {"1": RoundKind.GAME, "=": RoundKind.GAME, "0": RoundKind.GAME,
          "+": RoundKind.FORFEIT_WIN, "-": RoundKind.FORFEIT_LOSS}


@dataclass(frozen=True)
class DoubleSwissConfig:
    """``players``, ``rounds`` (matches), ``match_forfeit`` per mille of matches one player
    forfeits wholly (both games)."""

    players: int = 12
    rounds: int = 5
    match_forfeit: int = 20


def initial(config: DoubleSwissConfig, ratings: Sequence[int] | None = None,
            code: str = "FIDE_DOUBLESWISS") -> Tournament:
    """The players before round 1 (``ratings`` by pairing number; default 2700 - number) under
    record 192 ``code``."""
    scoring: dict[str, int] = {}
    match_scoring_defaults(scoring, set())
    rating_of = list(ratings) if ratings is not None else [max(1000, 2700 - p) for p in range(1, config.players + 1)]
    players = {p: PlayerRecord(p, 0, name=f"Player {p}", rating=rating_of[p - 1], points_column=0)
               for p in range(1, config.players + 1)}
    layout: list[str | int | tuple[str, int]] = [
        "012 cpswiss generated Double-Swiss tournament", f"142 {2 * config.rounds}", "152 W",
        f"192 {code}", *players]
    return Tournament(path="generated.trf", players=players, total_rounds=2 * config.rounds, initial_colour=WHITE,
                      scoring=Scoring(**scoring), system=code, trf26=True, games_per_round=2,
                      layout=layout)


def with_results(t: Tournament, round_no: int, rng: random.Random, config: DoubleSwissConfig) -> Tournament:
    """The pending games of match ``round_no`` given results."""
    first = 2 * (round_no - 1) + 1
    boards, _ = t.pairing_of(first)
    players = dict(t.players)
    for white, black in boards:
        if rng.randrange(1000) < config.match_forfeit:
            loser = rng.choice((white, black))
            games = [("-", "+") if loser == white else ("+", "-")] * 2
        else:
            games = [rng.choices([g for g, _ in _GAMES], [w for _, w in _GAMES])[0] for _ in range(2)]
        for column, (mine, theirs) in zip((first, first + 1), games):
            for pid, code in ((white, mine), (black, theirs)):
                record = players[pid]
                rounds = list(record.rounds)
                old = rounds[column - 1]
                assert old is not None and old.kind is RoundKind.PENDING
                rounds[column - 1] = RoundEntry(_KINDS[code], old.opponent, old.colour, code)
                players[pid] = replace(record, rounds=rounds)
    done = replace(t, players=players)
    for record in players.values():
        record.points_column = done.computed_points(record)
    return done


def generate_double_swiss(config: DoubleSwissConfig, seed: int, rounds: int | None = None,
                          rules: RuleSet | None = None) -> Tournament:
    """A tournament of ``config.players`` with ``rounds`` (default all) matches paired by C.04.5
    (``rules``: default, the one record 192 names) and played."""
    rng = random.Random(seed)
    t = initial(config, code=_code(rules))
    for k in range(1, (config.rounds if rounds is None else rounds) + 1):
        result = pair_matches(t, rules)
        boards = [(m.white, m.black) for m in result.matches]
        t = with_results(with_round(t, k, boards, result.bye), k, rng, config)
    return t


def _code(rules: RuleSet | None) -> str:
    return (trf_code_of(rules) if rules is not None else None) or "FIDE_DOUBLESWISS"


def generate_field(config: GeneratorConfig, seed: int, rules: RuleSet,
                   log: RoundSink | None = None) -> Tournament:
    """A Double-Swiss tournament on the field :func:`cpswiss.study.generate.generate` draws for
    the same configuration and seed - the same players and ratings, ``RoundsNumber`` matches -
    every game's result drawn as that generator draws one (:func:`~cpswiss.study.generate.game_result`,
    game 1 as round ``2k - 1``, game 2 with the colours reversed as round ``2k``), so that a
    study compares the Double-Swiss System with an individual system on equal terms.  Absences
    are not drawn.  ``log``: each match round as the study reads it."""
    t = initial(DoubleSwissConfig(config.players, config.rounds), drawn_ratings(config, seed), _code(rules))
    for k in range(1, config.rounds + 1):
        scores = {pid: t.computed_points(record) for pid, record in t.players.items()}
        start = time.perf_counter()
        result = pair_matches(t, rules)
        seconds = time.perf_counter() - start
        boards = [(m.white, m.black) for m in result.matches]
        t = with_round(t, k, boards, result.bye)
        players = dict(t.players)
        for white, black in boards:
            first = game_result(config, seed, 2 * k - 1, players[white], players[black])
            second = game_result(config, seed, 2 * k, players[black], players[white])
            for column, (w, b), (w_entry, b_entry) in ((2 * k - 1, (white, black), first),
                                                       (2 * k, (black, white), second)):
                for pid, entry in ((w, w_entry), (b, b_entry)):
                    rounds = list(players[pid].rounds)
                    rounds[column - 1] = entry
                    players[pid] = replace(players[pid], rounds=rounds)
        t = replace(t, players=players)
        for record in players.values():
            record.points_column = t.computed_points(record)
        if log is not None:
            log.append(RoundLog(k, boards, result.bye, scores, seconds))
    return t
