"""Random tournaments (the FIDE RTG role): players, results by rating, byes, withdrawals.

``cpswiss generate CONFIG -o OUT.trf --seed N [--rules R] [--format trf16|trf26]``.  The
configuration is ``key=value`` lines with the keys and meanings of the JaVaFo / bbpPairings
RTG (a rate N means "one in N"; 0 or no key: never):

=================== ==========================================================
PlayersNumber       players (pairing numbers by rating, highest first)
RoundsNumber        rounds, all paired by the rule set (``XXR`` / ``142``)
DrawPercentage      percentage of the played games that are drawn
ForfeitRate         one game in N is forfeited (the absent side drawn by lot)
RetiredRate         one player in N withdraws (after a round drawn by lot)
HalfPointByeRate    one player in N takes a half-point bye (in a round drawn by lot)
HighestRating       ratings are drawn uniformly between these two
LowestRating
=================== ==========================================================

and cpswiss's own: ``ZeroPointByeRate`` (one player in N is absent for a round),
``LateEntryRate`` (one player in N joins at round 2 or 3, with zero-point byes before),
``WhiteAdvantage`` (Elo points; default 0).  Byes are never taken in the last round.

Every random draw comes from a generator seeded by the seed and *what it decides* (the
players from the seed; a player's absences from the seed, the round and his number; a
game's result from the seed, the round and the two players), never from a shared stream.
So the same seed gives the same file byte for byte, and two rule sets run on the same seed
face the same players, the same absences and, wherever they pair the same two players in a
round, the same result: rule sets are compared on equal terms.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from cpswiss.api import pair_tournament
from cpswiss.errors import InputError
from cpswiss.formats.trf import parse_trf
from cpswiss.formats.trf_writer import write_trf
from cpswiss.tournament.model import PlayerRecord, RoundEntry, RoundKind, Tournament
from cpswiss.rulesets.ruleset import EDITION_IN_FORCE, RuleSet, load_rule_set
from cpswiss.registry import trf_code_of


# RTG key -> GeneratorConfig field
CONFIG_KEYS = {"PlayersNumber": "players", "RoundsNumber": "rounds", "DrawPercentage": "draw_percentage",
               "ForfeitRate": "forfeit_rate", "RetiredRate": "retired_rate",
               "HalfPointByeRate": "half_point_bye_rate", "ZeroPointByeRate": "zero_point_bye_rate",
               "LateEntryRate": "late_entry_rate", "HighestRating": "highest_rating",
               "LowestRating": "lowest_rating", "WhiteAdvantage": "white_advantage"}


@dataclass(frozen=True)
class GeneratorConfig:
    """The generator's parameters (RTG keys; a rate N is "one in N", 0 is never)."""

    players: int = 100
    rounds: int = 9
    draw_percentage: int = 30
    forfeit_rate: int = 0
    retired_rate: int = 0
    half_point_bye_rate: int = 0
    zero_point_bye_rate: int = 0
    late_entry_rate: int = 0
    highest_rating: int = 2600
    lowest_rating: int = 1400
    white_advantage: int = 0

    @classmethod
    def from_mapping(cls, values: dict, source: str = "<config>") -> GeneratorConfig:
        fields = {}
        for key, value in values.items():
            if key not in CONFIG_KEYS:
                raise InputError(f"unknown generator key {key!r} (known: {', '.join(CONFIG_KEYS)})", source)
            try:
                fields[CONFIG_KEYS[key]] = int(value)
            except (TypeError, ValueError):
                raise InputError(f"{key}: expected a whole number, got {value!r}", source) from None
        config = cls(**fields)
        config.validate(source)
        return config

    @classmethod
    def read(cls, path: str | Path) -> GeneratorConfig:
        """A ``key=value`` file (``#`` starts a comment), as the RTG reads it."""
        values = {}
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as exc:
            raise InputError(f"cannot read the configuration: {exc.strerror}", str(path)) from None
        for number, line in enumerate(text.splitlines(), start=1):
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            if "=" not in line:
                raise InputError("expected key=value", str(path), number)
            key, value = (x.strip() for x in line.split("=", 1))
            values[key] = value
        return cls.from_mapping(values, str(path))

    def validate(self, source: str) -> None:
        if not 2 <= self.players <= 9999:  # TRF16 pairing numbers have four digits
            raise InputError("PlayersNumber must be 2-9999", source)
        if not 1 <= self.rounds <= 99:
            raise InputError("RoundsNumber must be 1-99", source)
        if not 0 <= self.draw_percentage <= 100:
            raise InputError("DrawPercentage must be 0-100", source)
        for key, name in CONFIG_KEYS.items():
            if name.endswith("_rate") and getattr(self, name) < 0:
                raise InputError(f"{key}: a rate N means one in N; 0 is never", source)
        if self.lowest_rating > self.highest_rating:
            raise InputError("LowestRating is above HighestRating", source)


def _rng(seed: int, *what) -> random.Random:
    """A generator for one decision (see the module docstring): seeded by text, so the
    same on every machine and whatever PYTHONHASHSEED is."""
    return random.Random(":".join(map(str, (seed, *what))))


def _one_in(seed: int, rate: int, *what) -> bool:
    """True for one decision in ``rate`` (an RTG rate; 0: never)."""
    return rate > 0 and _rng(seed, *what).random() * rate < 1


def _round_drawn(seed: int, last: int, *what) -> int:
    """A round from 1 to ``last`` drawn by lot."""
    return _rng(seed, *what).randint(1, max(1, last))


def initial_tournament(config: GeneratorConfig, seed: int, rules: RuleSet, trf26: bool = False) -> Tournament:
    """The players (ratings drawn uniformly, numbered by rating) and the header records."""
    rng = _rng(seed, "players")
    ratings = sorted((rng.randint(config.lowest_rating, config.highest_rating) for _ in range(config.players)),
                     reverse=True)
    colour = "white1" if _rng(seed, "colour").random() < 0.5 else "black1"
    code = trf_code_of(rules)  # written in 092 (TRF16) or 192 (TRF-2026)
    lines = [f"012 cpswiss generated tournament (seed {seed}, {rules.name})"]
    if trf26:
        lines += [f"142 {config.rounds}", f"152 {colour[0].upper()}"] + ([f"192 {code}"] if code else [])
    else:
        lines += [f"XXR {config.rounds}", f"XXC {colour}"] + ([f"092 {code}"] if code else [])
    for pid, rating in enumerate(ratings, start=1):
        name = f"Player {pid:04d}"
        lines.append(f"001 {pid:4d}      {name:<33} {rating:4d} {'':3} {'':>11} {'':10} {'0.0':>4} {pid:4d}")
    return parse_trf("\n".join(lines) + "\n", "<generated>")


def _with_entries(t: Tournament, round_no: int, entries: dict[int, RoundEntry]) -> Tournament:
    players: dict[int, PlayerRecord] = {}
    for pid, record in t.players.items():
        rounds = list(record.rounds)[:round_no - 1]
        rounds += [None] * (round_no - 1 - len(rounds))
        new = replace(record, rounds=rounds + [entries[pid]] if pid in entries else rounds)
        new.points_column = t.computed_points(new)
        players[pid] = new
    return replace(t, players=players)


@dataclass(frozen=True)
class Schedule:
    """Who misses which rounds, decided per player before the event (RTG rates)."""

    late: dict  # player -> the round he joins
    retires_after: dict  # player -> the last round he plays
    half_bye: dict  # player -> the round of his half-point bye
    zero_bye: dict  # player -> the round he is absent

    @classmethod
    def draw(cls, config: GeneratorConfig, seed: int, players) -> Schedule:
        last = config.rounds - 1  # nothing is taken in the last round
        late = {p: _rng(seed, "late-round", p).choice((2, 3)) for p in players
                if config.rounds >= 4 and _one_in(seed, config.late_entry_rate, "late", p)}
        retires = {p: max(late.get(p, 1), _round_drawn(seed, last, "retire-round", p)) for p in players
                   if config.rounds >= 2 and _one_in(seed, config.retired_rate, "retire", p)}
        half = {p: _round_drawn(seed, last, "half-bye-round", p) for p in players
                if config.rounds >= 2 and _one_in(seed, config.half_point_bye_rate, "half-bye", p)}
        zero = {p: _round_drawn(seed, last, "zero-bye-round", p) for p in players
                if config.rounds >= 2 and _one_in(seed, config.zero_point_bye_rate, "zero-bye", p)}
        return cls(late, retires, half, zero)

    def absences(self, round_no: int, players) -> dict[int, RoundEntry]:
        """Who does not play this round, and how it is written."""
        out = {}
        for p in players:
            if round_no < self.late.get(p, 0) or round_no > self.retires_after.get(p, round_no):
                out[p] = RoundEntry(RoundKind.ZERO_BYE, None, None, "Z")
            elif self.half_bye.get(p) == round_no:
                out[p] = RoundEntry(RoundKind.HALF_BYE, None, None, "H")
            elif self.zero_bye.get(p) == round_no:
                out[p] = RoundEntry(RoundKind.ZERO_BYE, None, None, "Z")
        return out


def game_result(config: GeneratorConfig, seed: int, round_no: int, white: PlayerRecord,
                black: PlayerRecord) -> tuple[RoundEntry, RoundEntry]:
    """The two blocks of a board: a forfeit (per ForfeitRate; the absent side drawn by lot),
    else a result drawn from the Elo expectation (white's advantage added) and the draw rate."""
    rng = _rng(seed, "game", round_no, min(white.pairing_no, black.pairing_no),
               max(white.pairing_no, black.pairing_no))
    if config.forfeit_rate > 0 and rng.random() * config.forfeit_rate < 1:
        white_shows = rng.random() < 0.5
        return (RoundEntry(RoundKind.FORFEIT_WIN if white_shows else RoundKind.FORFEIT_LOSS, black.pairing_no, "w",
                           "+" if white_shows else "-"),
                RoundEntry(RoundKind.FORFEIT_LOSS if white_shows else RoundKind.FORFEIT_WIN, white.pairing_no, "b",
                           "-" if white_shows else "+"))
    rw, rb = white.rating or 0, black.rating or 0
    expected = 1 / (1 + 10 ** ((rb - rw - config.white_advantage) / 400))
    # DrawPercentage of the games drawn; white's expected score kept where it can be
    draw = config.draw_percentage / 100
    expected = min(max(expected, draw / 2), 1 - draw / 2)
    u = rng.random()
    code = "1" if u < expected - draw / 2 else "=" if u < expected + draw / 2 else "0"
    other = {"1": "0", "0": "1", "=": "="}[code]
    return (RoundEntry(RoundKind.GAME, black.pairing_no, "w", code),
            RoundEntry(RoundKind.GAME, white.pairing_no, "b", other))


@dataclass
class RoundLog:
    """What one round was, for the study's measures."""

    round_no: int
    boards: list[tuple[int, int]]
    bye: int | None
    scores: dict[int, int]  # before the round, tenths (real points)
    seconds: float


def generate(config: GeneratorConfig, seed: int, rules: str | RuleSet = EDITION_IN_FORCE, trf26: bool = False,
             log: list[RoundLog] | None = None, play: int | None = None,
             pairing: Callable[[Tournament], tuple[list[tuple[int, int]], int | None]] | None = None) -> Tournament:
    """A tournament, every round paired by the rule set; ``log`` collects the rounds.
    ``play``: stop after that many rounds (a history for benchmarks); ``pairing``: another
    way to pair the rounds, boards (white, black) and the bye (a quick history,
    :func:`cpswiss.study.simulate.quick_pairing`)."""
    import time

    rule_set = rules if isinstance(rules, RuleSet) else load_rule_set(rules)
    t = initial_tournament(config, seed, rule_set, trf26)
    schedule = Schedule.draw(config, seed, sorted(t.players))
    for round_no in range(1, (config.rounds if play is None else play) + 1):
        away = schedule.absences(round_no, sorted(t.players))
        t = _with_entries(t, round_no, away)
        scores = {pid: t.computed_points(record, round_no - 1) for pid, record in t.players.items()}
        start = time.perf_counter()
        if pairing is None:
            result = pair_tournament(t, rule_set)
            boards, bye = [(b.white, b.black) for b in result.pairing.boards], result.pairing.bye
        else:
            boards, bye = pairing(t)
        seconds = time.perf_counter() - start
        entries = dict(away)
        for white, black in boards:
            w, b = t.players[white], t.players[black]
            entries[white], entries[black] = game_result(config, seed, round_no, w, b)
        if bye is not None:
            entries[bye] = RoundEntry(RoundKind.PAB, None, None, "U")
        t = _with_entries(t, round_no, entries)
        if log is not None:
            log.append(RoundLog(round_no, boards, bye, scores, seconds))
    return t


def generate_text(config: GeneratorConfig, seed: int, rules: str = EDITION_IN_FORCE, trf26: bool = False) -> str:
    return write_trf(generate(config, seed, rules, trf26))


__all__ = ["GeneratorConfig", "RoundLog", "Schedule", "game_result", "generate", "generate_text"]
