"""Random tournaments (the FIDE RTG role): players, results by rating, byes, withdrawals.

``cpswiss generate [CONFIG] -o OUT.trf --seed N [--rules R] [--format trf16|trf26] [--players N ...]``.
The configuration is ``key=value`` lines with the keys and meanings of the JaVaFo / bbpPairings
RTG (a rate N means "one in N"; 0: never), or the same values as options.  On the command line a
key that is not given is *drawn from the seed* (:data:`PARAMETERS`: each key's range and how an
unset one is drawn; ``cpswiss generate --help`` lists them); in the Python API an unset field
keeps the fixed default of :class:`GeneratorConfig`.

The results follow the FIDE rating table (``RatingTable`` 1, the command line's default): white's
expected score is the table's for the rating difference D plus ``WhiteAdvantage``
(:func:`expected_score`; with ``RatingTable`` 0, the API's default, the Elo curve
``1 / (1 + 10 ** (-D / 400))``); DrawPercentage of the games are drawn, around that expectation.  Absences are decided per player before the event: a half-point (``H``), full-point
(``F``) or zero-point (``Z``) bye in one round, a late entry (``Z`` before the player joins), a
withdrawal (``Z`` after it); ``AdvanceNoticePercentage`` of the byes are requested in advance,
written as TRF-2026 ``240`` records too.  A game may be forfeited by one player (``+``/``-``) or
by both (``-``/``-``).  The pairing-allocated bye (``U``) is the rule set's.  Byes are never
taken in the last round.

Every random draw comes from a generator seeded by the seed and *what it decides* (the
parameters and the players from the seed; a player's absences from the seed, the round and his
number; a game's result from the seed, the round and the two players), never from a shared
stream.  So the same seed gives the same file byte for byte (its ``012`` line names the seed,
a TRF-2026 file's ``###`` comment every parameter), and two rule sets run on the same seed face
the same players, the same absences and, wherever they pair the same two players in a round,
the same result: rule sets are compared on equal terms.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Protocol

from cpswiss.api import pair
from cpswiss.errors import InputError
from cpswiss.formats.trf import parse_trf
from cpswiss.formats.trf_writer import write_trf
from cpswiss.tournament.colour import BLACK, WHITE
from cpswiss.tournament.model import BYE_CODES, PlayerRecord, RoundEntry, RoundKind, Tournament
from cpswiss.rulesets.ruleset import EDITION_IN_FORCE, RuleSet, load_rule_set
from cpswiss.registry import trf_code_of


@dataclass(frozen=True)
class Parameter:
    """One generator parameter: its RTG key, the :class:`GeneratorConfig` field, the values it
    accepts, and how the command line draws it from the seed when it is not given."""

    key: str
    field: str
    minimum: int
    maximum: int
    drawn: str  # how an unset value is drawn, for --help
    meaning: str
    option: str = ""  # the command-line option (default: from the field's name)
    fixed: int | None = None  # an unset value on the command line: this one, not drawn

    @property
    def flag(self) -> str:
        return self.option or "--" + self.field.replace("_", "-")

    @property
    def default_text(self) -> str:
        """The command line's default, for --help."""
        return f"default {self.fixed} ({self.drawn})" if self.fixed is not None else \
            f"default: drawn from the seed, {self.drawn}"


# A rate parameter left unset is "never" with this probability, else drawn from its range.
NEVER_SHARE = 0.25
# Field sizes drawn for an unset PlayersNumber: one band by weight, then a size in it.
PLAYER_BANDS = ((0.3, 7, 30), (0.3, 20, 80), (0.3, 60, 160), (0.1, 150, 400))

PARAMETERS: tuple[Parameter, ...] = (
    Parameter("PlayersNumber", "players", 2, 9999, "7-400 (a band by weight: 7-30, 20-80, 60-160, 150-400)",
              "players (pairing numbers by rating, highest first)"),
    Parameter("RoundsNumber", "rounds", 1, 99, "5-11, at most half the players (rounded up)", "rounds, all paired by the rule set"),
    Parameter("DrawPercentage", "draw_percentage", 0, 100, "5-55", "percentage of the played games drawn"),
    Parameter("HighestRating", "highest_rating", 0, 3500, "2000-2800",
              "ratings are drawn uniformly between the lowest and the highest"),
    Parameter("LowestRating", "lowest_rating", 0, 3500, "1000-1900, at most the highest", "the lowest rating"),
    Parameter("ForfeitRate", "forfeit_rate", 0, 100000, "never or 8-60",
              "one game in N is forfeited by one player (the absent side drawn by lot)"),
    Parameter("DoubleForfeitRate", "double_forfeit_rate", 0, 100000, "never or 30-200",
              "one game in N is forfeited by both players"),
    Parameter("RetiredRate", "retired_rate", 0, 100000, "never or 10-80",
              "one player in N withdraws (after a round drawn by lot)"),
    Parameter("LateEntryRate", "late_entry_rate", 0, 100000, "never or 10-60",
              "one player in N joins at round 2 or 3 (zero-point byes before)"),
    Parameter("HalfPointByeRate", "half_point_bye_rate", 0, 100000, "never or 10-80",
              "one player in N takes a half-point bye (in a round drawn by lot)"),
    Parameter("FullPointByeRate", "full_point_bye_rate", 0, 100000, "never or 20-150",
              "one player in N is given a full-point bye (in a round drawn by lot)"),
    Parameter("ZeroPointByeRate", "zero_point_bye_rate", 0, 100000, "never or 10-80",
              "one player in N is absent for a round (zero-point bye)"),
    Parameter("AdvanceNoticePercentage", "advance_notice_percentage", 0, 100, "0-100",
              "percentage of the half-, full- and zero-point byes requested in advance (TRF-2026 240)"),
    Parameter("WhiteAdvantage", "white_advantage", -400, 400, "0-30",
              "Elo points added to white's rating for the expected score"),
    Parameter("RatingTable", "rating_table", 0, 1, "not drawn",
              "white's expected score from the FIDE rating table 8.1(b) (1) or the Elo curve (0)", fixed=1),
    Parameter("BoardsNumber", "boards", 1, 99, "not drawn",
              "a team tournament (a team rule set): players per team, PlayersNumber being the teams", fixed=4),
)
PARAMETER_OF = {p.key: p for p in PARAMETERS}
# RTG key -> GeneratorConfig field
CONFIG_KEYS = {p.key: p.field for p in PARAMETERS}


@dataclass(frozen=True)
class GeneratorConfig:
    """The generator's parameters (RTG keys, :data:`PARAMETERS`; a rate N is "one in N", 0 is
    never).  The defaults here are the Python API's; the command line draws unset keys
    (:meth:`drawn`)."""

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
    full_point_bye_rate: int = 0
    double_forfeit_rate: int = 0
    advance_notice_percentage: int = 0
    rating_table: int = 0  # the Elo curve: the published studies were made with it
    boards: int = 4  # a team tournament (a team rule set): players per team; PlayersNumber = teams

    @classmethod
    def from_mapping(cls, values: dict, source: str = "<config>") -> GeneratorConfig:
        config = cls(**_fields(values, source))
        config.validate(source)
        return config

    @classmethod
    def drawn(cls, values: dict, seed: int, source: str = "<config>") -> GeneratorConfig:
        """The given keys as given, every other one drawn from the seed (:data:`PARAMETERS`
        says how), each from its own generator: giving one key does not change the others."""
        given = _fields(values, source)
        drawn: dict[str, int] = {}
        for parameter in PARAMETERS:
            if parameter.field not in given:
                drawn[parameter.field] = _draw(parameter, seed, {**drawn, **given})
        config = cls(**{**drawn, **given})
        config.validate(source)
        return config

    @classmethod
    def read_mapping(cls, path: str | Path) -> dict[str, str]:
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
        return values

    @classmethod
    def read(cls, path: str | Path) -> GeneratorConfig:
        """A configuration file, unset keys at their defaults."""
        return cls.from_mapping(cls.read_mapping(path), str(path))

    def validate(self, source: str) -> None:
        for parameter in PARAMETERS:
            value = getattr(self, parameter.field)
            if not parameter.minimum <= value <= parameter.maximum:
                rate = " (a rate N means one in N; 0 is never)" if parameter.key.endswith("Rate") else ""
                raise InputError(f"{parameter.key} must be {parameter.minimum}-{parameter.maximum}, "
                                 f"not {value}{rate}", source)
        if self.lowest_rating > self.highest_rating:
            raise InputError("LowestRating is above HighestRating", source)

    def mapping(self) -> dict[str, int]:
        """Every parameter by its RTG key."""
        return {p.key: getattr(self, p.field) for p in PARAMETERS}

    def line(self) -> str:
        """Every parameter as ``Key=value`` words (the comment of a generated file)."""
        return " ".join(f"{k}={v}" for k, v in self.mapping().items())


def _fields(values: dict, source: str) -> dict[str, int]:
    """RTG keys -> whole-number field values; an unknown key or a non-number is an input error."""
    fields = {}
    for key, value in values.items():
        if key not in CONFIG_KEYS:
            raise InputError(f"unknown generator key {key!r} (known: {', '.join(CONFIG_KEYS)})", source)
        try:
            fields[CONFIG_KEYS[key]] = int(value)
        except (TypeError, ValueError):
            raise InputError(f"{key}: expected a whole number, got {value!r}", source) from None
    return fields


def drawn_players(seed: int, low: int, high: int) -> int:
    """A field size drawn from the seed as an unset PlayersNumber is, within ``low``-``high``
    (drawn uniformly there when the bands give a size outside it)."""
    players = _draw(PARAMETER_OF["PlayersNumber"], seed, {})
    return players if low <= players <= high else _rng(seed, "players-in-range").randint(low, high)


def _draw(parameter: Parameter, seed: int, known: dict[str, int]) -> int:
    """An unset parameter drawn from the seed, as :data:`PARAMETERS` describes it (``known``:
    the values drawn or given before it, for the bounds that depend on them)."""
    if parameter.fixed is not None:
        return parameter.fixed
    rng = _rng(seed, "parameter", parameter.key)
    name = parameter.field
    if name == "players":
        weights, bands = [b[0] for b in PLAYER_BANDS], [b[1:] for b in PLAYER_BANDS]
        low, high = rng.choices(bands, weights)[0]
        return rng.randint(low, high)
    if name == "rounds":  # a Swiss of N players is sure of a pairing for about N/2 rounds
        return max(1, min(rng.randint(5, 11), (known.get("players", 100) + 1) // 2))
    if name == "highest_rating":
        return max(rng.randint(2000, 2800), known.get("lowest_rating", 0))
    if name == "lowest_rating":
        return min(rng.randint(1000, 1900), known.get("highest_rating", 3500))
    low, high = (int(x) for x in parameter.drawn.replace("never or ", "").split("-"))
    if parameter.drawn.startswith("never or ") and rng.random() < NEVER_SHARE:
        return 0
    return rng.randint(low, high)


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


def drawn_ratings(config: GeneratorConfig, seed: int) -> list[int]:
    """The players' ratings, drawn uniformly from the configuration's range, highest first
    (pairing number 1 first): the field every system's generator plays on."""
    rng = _rng(seed, "players")
    return sorted((rng.randint(config.lowest_rating, config.highest_rating) for _ in range(config.players)),
                  reverse=True)


def initial_tournament(config: GeneratorConfig, seed: int, rules: RuleSet, trf26: bool = False) -> Tournament:
    """The players (ratings drawn uniformly, numbered by rating) and the header records: the
    seed in ``012``; in TRF-2026 every parameter in a ``###`` comment and the byes requested in
    advance as ``240`` records (:meth:`Schedule.advance_records`)."""
    ratings = drawn_ratings(config, seed)
    colour = "white1" if _rng(seed, "colour").random() < 0.5 else "black1"
    code = trf_code_of(rules)  # written in 092 (TRF16) or 192 (TRF-2026)
    lines = [f"012 cpswiss generated tournament (seed {seed}, {rules.name})"]
    if trf26:
        lines += [f"### cpswiss generate --seed {seed} --rules {rules.name}: {config.line()}"]
        lines += [f"142 {config.rounds}", f"152 {colour[0].upper()}"] + ([f"192 {code}"] if code else [])
        lines += Schedule.draw(config, seed, range(1, config.players + 1)).advance_records()
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


# the bye a player takes in one round, by kind: its code and what it is (TRF16 result codes)
BYE_KINDS = {"H": RoundKind.HALF_BYE, "F": RoundKind.FULL_BYE, "Z": RoundKind.ZERO_BYE}


@dataclass(frozen=True)
class Schedule:
    """Who misses which rounds, decided per player before the event (RTG rates)."""

    late: dict[int, int]  # player -> the round he joins
    retires_after: dict[int, int]  # player -> the last round he plays
    byes: dict[str, dict[int, int]]  # bye code (H F Z) -> player -> the round of his bye
    advance: frozenset[tuple[str, int]]  # (code, player): the bye requested in advance

    @classmethod
    def draw(cls, config: GeneratorConfig, seed: int, players: Iterable[int]) -> Schedule:
        players = list(players)
        last = config.rounds - 1  # nothing is taken in the last round
        late = {p: _rng(seed, "late-round", p).choice((2, 3)) for p in players
                if config.rounds >= 4 and _one_in(seed, config.late_entry_rate, "late", p)}
        retires = {p: max(late.get(p, 1), _round_drawn(seed, last, "retire-round", p)) for p in players
                   if config.rounds >= 2 and _one_in(seed, config.retired_rate, "retire", p)}
        rates = {"H": (config.half_point_bye_rate, "half-bye"), "F": (config.full_point_bye_rate, "full-bye"),
                 "Z": (config.zero_point_bye_rate, "zero-bye")}
        byes = {code: {p: _round_drawn(seed, last, f"{name}-round", p) for p in players
                       if config.rounds >= 2 and _one_in(seed, rate, name, p)}
                for code, (rate, name) in rates.items()}
        advance = frozenset((code, p) for code, taken in byes.items() for p in taken
                            if _rng(seed, "advance", code, p).random() * 100 < config.advance_notice_percentage)
        return cls(late, retires, byes, advance)

    def _bye(self, player: int, round_no: int) -> str | None:
        """The code of the bye a player takes in a round (half-point first, then full, then zero)."""
        return next((code for code in BYE_KINDS if self.byes[code].get(player) == round_no), None)

    def absences(self, round_no: int, players: Iterable[int]) -> dict[int, RoundEntry]:
        """Who does not play this round, and how it is written."""
        out = {}
        for p in players:
            if round_no < self.late.get(p, 0) or round_no > self.retires_after.get(p, round_no):
                out[p] = RoundEntry(RoundKind.ZERO_BYE, None, None, "Z")
            elif (code := self._bye(p, round_no)) is not None:
                out[p] = RoundEntry(BYE_KINDS[code], None, None, code)
        return out

    def advance_records(self) -> list[str]:
        """The byes requested in advance as TRF-2026 ``240`` records, one per kind and round
        (only those the player takes: not withdrawn, already entered)."""
        taken: dict[tuple[str, int], list[int]] = {}
        for code, player in sorted(self.advance):
            round_no = self.byes[code][player]
            if self._bye(player, round_no) == code and \
                    self.late.get(player, 0) <= round_no <= self.retires_after.get(player, round_no):
                taken.setdefault((code, round_no), []).append(player)
        return [f"240 {code} {round_no:3d} " + " ".join(f"{p:4d}" for p in players)
                for (code, round_no), players in sorted(taken.items(), key=lambda item: (item[0][1], item[0][0]))]


# FIDE Rating Regulations table 8.1(a): the rating difference dp of a percentage score p, for
# p = .50, .51, ... .92 (the scores a difference of at most 400 points can give)
RATING_DIFFERENCE_OF_SCORE = (0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141,
                              149, 158, 166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309,
                              322, 336, 351, 366, 383, 401)


def expected_score(difference: int) -> float:
    """The FIDE rating table (Rating Regulations, table 8.1(b)): the expected score PD of the
    player rated ``difference`` points above his opponent (negative: below).  Table 8.1(b) is
    table 8.1(a) read the other way: the score whose dp is nearest to the difference (a tie to
    the lower score: 0-3 -> .50, 4-10 -> .51, ..., 92-98 -> .63, ...); a difference over 400
    counts as 400 (Rating Regulations 8.3.1), so the scores run from .08 to .92."""
    d = min(abs(difference), 400)
    index = min(range(len(RATING_DIFFERENCE_OF_SCORE)),
                key=lambda i: (abs(RATING_DIFFERENCE_OF_SCORE[i] - d), i))
    higher = (50 + index) / 100
    return higher if difference >= 0 else round(1 - higher, 2)


def game_result(config: GeneratorConfig, seed: int, round_no: int, white: PlayerRecord,
                black: PlayerRecord) -> tuple[RoundEntry, RoundEntry]:
    """The two blocks of a board: a forfeit (per ForfeitRate; the absent side drawn by lot;
    per DoubleForfeitRate both absent), else a result drawn from white's expected score (white's
    advantage added) and the draw rate: the FIDE rating table's (:func:`expected_score`) with
    RatingTable 1, as the command line has it, else the Elo curve's."""
    low, high = min(white.pairing_no, black.pairing_no), max(white.pairing_no, black.pairing_no)
    rng = _rng(seed, "game", round_no, low, high)
    if config.forfeit_rate > 0 and rng.random() * config.forfeit_rate < 1:
        white_shows = rng.random() < 0.5
        return (RoundEntry(RoundKind.FORFEIT_WIN if white_shows else RoundKind.FORFEIT_LOSS, black.pairing_no, WHITE,
                           "+" if white_shows else "-"),
                RoundEntry(RoundKind.FORFEIT_LOSS if white_shows else RoundKind.FORFEIT_WIN, white.pairing_no, BLACK,
                           "-" if white_shows else "+"))
    if _one_in(seed, config.double_forfeit_rate, "double-forfeit", round_no, low, high):
        return (RoundEntry(RoundKind.FORFEIT_LOSS, black.pairing_no, WHITE, "-"),
                RoundEntry(RoundKind.FORFEIT_LOSS, white.pairing_no, BLACK, "-"))
    difference = (white.rating or 0) + config.white_advantage - (black.rating or 0)
    expected = expected_score(difference) if config.rating_table else 1 / (1 + 10 ** (-difference / 400))
    # DrawPercentage of the games drawn; white's expected score kept where it can be
    draw = config.draw_percentage / 100
    expected = min(max(expected, draw / 2), 1 - draw / 2)
    u = rng.random()
    code = "1" if u < expected - draw / 2 else "=" if u < expected + draw / 2 else "0"
    other = {"1": "0", "0": "1", "=": "="}[code]
    return (RoundEntry(RoundKind.GAME, black.pairing_no, WHITE, code),
            RoundEntry(RoundKind.GAME, white.pairing_no, BLACK, other))


@dataclass
class RoundLog:
    """What one round was, for the study's measures."""

    round_no: int
    boards: list[tuple[int, int]]
    bye: int | None
    scores: dict[int, int]  # before the round, tenths (real points)
    seconds: float


class RoundSink(Protocol):
    """Where a generator puts each round as it is played: a ``list[RoundLog]`` (a study's
    measures), or a command's progress bar, told once per round."""

    def append(self, round_log: RoundLog, /) -> None: ...


def generate(config: GeneratorConfig, seed: int, rules: str | RuleSet = EDITION_IN_FORCE, trf26: bool = False,
             log: RoundSink | None = None, play: int | None = None,
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
            paired = pair(t, rule_set)
            boards, bye = paired.pairs(), paired.bye
        else:
            boards, bye = pairing(t)
        seconds = time.perf_counter() - start
        entries = dict(away)
        for white, black in boards:
            w, b = t.players[white], t.players[black]
            entries[white], entries[black] = game_result(config, seed, round_no, w, b)
        if bye is not None:
            entries[bye] = RoundEntry(RoundKind.PAB, None, None, BYE_CODES[RoundKind.PAB])
        t = _with_entries(t, round_no, entries)
        if log is not None:
            log.append(RoundLog(round_no, boards, bye, scores, seconds))
    return t


def generate_text(config: GeneratorConfig, seed: int, rules: str = EDITION_IN_FORCE, trf26: bool = False,
                  log: RoundSink | None = None) -> str:
    """The tournament as TRF-2026 (``trf26``) or TRF16 text; TRF16 has no record for a bye
    requested in advance, so it is refused when some may be (AdvanceNoticePercentage > 0).
    ``log``: each round as it is played."""
    if not trf26 and config.advance_notice_percentage:
        raise InputError("AdvanceNoticePercentage: TRF16 has no record for a bye requested in advance "
                         "(TRF-2026 240); write TRF-2026 or set it to 0")
    return write_trf(generate(config, seed, rules, trf26, log))


__all__ = ["PARAMETERS", "GeneratorConfig", "Parameter", "RoundLog", "RoundSink", "Schedule", "drawn_players", "drawn_ratings", "expected_score",
           "game_result", "generate", "generate_text"]
