"""Generated Double-Swiss tournaments (C.04.5): each round paired by the system, then a result
for each game of each match - the usual results and the rare ones the Preface lists (½-0, 0-½,
0-0), a single forfeited game, a match forfeited wholly - and the next round, to the end.  For
tests and studies; the results are drawn from the seed only (the same seed, the same file)."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from cpswiss.api import pair_double_swiss_tournament
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


def initial(config: DoubleSwissConfig) -> Tournament:
    scoring: dict[str, int] = {}
    match_scoring_defaults(scoring, set())
    players = {p: PlayerRecord(p, 0, name=f"Player {p}", rating=max(1000, 2700 - p), points_column=0)
               for p in range(1, config.players + 1)}
    layout: list[str | int | tuple[str, int]] = [
        "012 cpswiss generated Double-Swiss tournament", f"142 {2 * config.rounds}", "152 W",
        "192 FIDE_DOUBLESWISS", *players]
    return Tournament(path="generated.trf", players=players, total_rounds=2 * config.rounds, initial_colour=WHITE,
                      scoring=Scoring(**scoring), system="FIDE_DOUBLESWISS", trf26=True, games_per_round=2,
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


def generate_double_swiss(config: DoubleSwissConfig, seed: int, rounds: int | None = None) -> Tournament:
    """A tournament of ``config.players`` with ``rounds`` (default all) matches paired by C.04.5
    and played."""
    rng = random.Random(seed)
    t = initial(config)
    for k in range(1, (config.rounds if rounds is None else rounds) + 1):
        result = pair_double_swiss_tournament(t)
        boards = [(b.white, b.black) for b in result.pairing.boards]
        t = with_results(with_round(t, k, boards, result.pairing.bye), k, rng, config)
    return t
