"""The tournament as a report file states it: players with their round-by-round entries
(opponent, colour, result), the scoring, byes asked for, forbidden pairs and virtual points -
the record everything else is derived from.  Read and written by :mod:`cpswiss.formats.trf`;
the state before a round is derived from it by :mod:`cpswiss.tournament.state`.  Points are
integers in tenths of a point, the resolution of the TRF points column.

A team tournament adds the TRF-2026 team records (:class:`TeamRecord` 310, :class:`TeamPab` 320,
:class:`TeamForfeit` 330, :class:`BoardOrder` 300, :class:`MatchScoring` 362, the board colours of
352; :mod:`cpswiss.tournament.team_records`, loaded only by a team file); the players' ``001`` records still carry every board game.  The competitors and matches a
team or Double-Swiss system pairs are derived from them by :mod:`cpswiss.tournament.competitors`."""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, NamedTuple

from cpswiss.tournament.colour import BLACK, WHITE, Colour

if TYPE_CHECKING:
    from cpswiss.tournament.team_records import BoardOrder, MatchScoring, TeamForfeit, TeamPab, TeamRecord


class RoundKind(enum.Enum):
    """What one round meant for one player (C.04.2 D.1-D.3, TRF16 result codes)."""

    GAME = "game"  # played game: 1 = 0, or W D L (played, not rated)
    FORFEIT_WIN = "forfeit-win"  # paired, opponent did not appear: '+'
    FORFEIT_LOSS = "forfeit-loss"  # paired, did not appear: '-'
    PENDING = "pending"  # paired, result not known yet (written by cpswiss)
    PAB = "pab"  # pairing-allocated bye: 'U', legacy '+' with opponent 0000
    HALF_BYE = "half-bye"  # 'H', legacy '=' with opponent 0000
    FULL_BYE = "full-bye"  # 'F': full-point bye not given by the pairing
    ZERO_BYE = "zero-bye"  # 'Z', '-' or blank with opponent 0000: absent

    @property
    def took_part_in_pairing(self) -> bool:
        """Paired (game, forfeit, pending) or given the pairing-allocated bye."""
        return self in _TOOK_PART_IN_PAIRING

    @property
    def has_opponent(self) -> bool:
        return self in _HAS_OPPONENT


_HAS_OPPONENT = frozenset((RoundKind.GAME, RoundKind.FORFEIT_WIN, RoundKind.FORFEIT_LOSS, RoundKind.PENDING))
_TOOK_PART_IN_PAIRING = frozenset((RoundKind.GAME, RoundKind.FORFEIT_WIN, RoundKind.FORFEIT_LOSS,
                                   RoundKind.PENDING, RoundKind.PAB))

# the result code a bye is written with in a round block cpswiss makes (TRF16, TRF-2026)
BYE_CODES: dict[RoundKind, str] = {RoundKind.PAB: "U", RoundKind.HALF_BYE: "H", RoundKind.FULL_BYE: "F",
                                   RoundKind.ZERO_BYE: "Z"}


@dataclass(frozen=True)
class RoundEntry:
    """One round block of a player record."""

    kind: RoundKind
    opponent: int | None = None
    colour: Colour | None = None  # for games, forfeits and pending games
    code: str = " "  # the result character as written (upper case)

    @property
    def played(self) -> bool:
        """A game actually played over the board (C.04.2 D.1)."""
        return self.kind is RoundKind.GAME

    @property
    def outcome(self) -> str | None:
        """'win', 'draw' or 'loss' for games and forfeits."""
        if self.kind is RoundKind.GAME:
            return _GAME_OUTCOMES[self.code]
        if self.kind is RoundKind.FORFEIT_WIN:
            return "win"
        if self.kind is RoundKind.FORFEIT_LOSS:
            return "loss"
        return None


# a played game's result code -> its outcome for the player (TRF16: 1 = 0, or W D L not rated)
_GAME_OUTCOMES = {"1": "win", "W": "win", "=": "draw", "D": "draw", "0": "loss", "L": "loss"}


@dataclass(frozen=True)
class Scoring:
    """Point values in tenths (TRF(x) XXS, TRF(bx) BB*, TRF-2026 162).

    Defaults are 1 / ½ / 0; the pairing-allocated bye and the full-point bye
    are worth a win, the half-point bye a draw, unless stated otherwise.
    """

    win: int = 10
    draw: int = 5
    loss: int = 0
    win_black: int | None = None
    draw_black: int | None = None
    loss_black: int | None = None
    forfeit_win: int | None = None
    forfeit_loss: int = 0
    zero_bye: int = 0
    half_bye: int | None = None
    full_bye: int | None = None
    pab: int | None = None

    def points(self, entry: RoundEntry | None) -> int:
        """Points a round block is worth."""
        if entry is None:
            return self.zero_bye
        kind = entry.kind
        if kind is RoundKind.GAME:
            black = entry.colour == BLACK
            outcome = entry.outcome
            if outcome == "win":
                return self.win_black if black and self.win_black is not None else self.win
            if outcome == "draw":
                return self.draw_black if black and self.draw_black is not None else self.draw
            return self.loss_black if black and self.loss_black is not None else self.loss
        if kind is RoundKind.FORFEIT_WIN:
            return self.win if self.forfeit_win is None else self.forfeit_win
        if kind is RoundKind.FORFEIT_LOSS:
            return self.forfeit_loss
        if kind is RoundKind.PAB:
            return self.win if self.pab is None else self.pab
        if kind is RoundKind.HALF_BYE:
            return self.draw if self.half_bye is None else self.half_bye
        if kind is RoundKind.FULL_BYE:
            return self.win if self.full_bye is None else self.full_bye
        if kind is RoundKind.PENDING:
            return 0
        return self.zero_bye


@dataclass
class PlayerRecord:
    """A TRF ``001`` player record."""

    pairing_no: int
    line: int  # 1-based line number in the file it was read from (0: made in memory)
    name: str = ""
    sex: str = ""
    title: str = ""
    rating: int | None = None
    federation: str = ""
    fide_id: str = ""
    birth: str = ""
    points_column: int | None = None  # tenths, as written in columns 81-84
    rank: int | None = None
    rounds: list[RoundEntry | None] = field(default_factory=list)  # index = round - 1
    prefix: str = ""  # columns 1-91 as written, kept for faithful writing

    def entry(self, round_no: int) -> RoundEntry | None:
        """The block of a round (1-based), None where the record has none."""
        if 1 <= round_no <= len(self.rounds):
            return self.rounds[round_no - 1]
        return None


@dataclass(frozen=True)
class ForbiddenPair:
    """Players who must not meet (TRF(x) XXP, TRF-2026 260) between two rounds."""

    players: frozenset[int]
    first_round: int = 1
    last_round: int = 10**6

    def applies(self, round_no: int) -> bool:
        return self.first_round <= round_no <= self.last_round


class PointAssignment(NamedTuple):
    """A TRF-2026 ``299`` record: points assigned or adjusted outside the games (docs/readings.md
    RF-6) to each competitor it names - players, or teams in a team file - in one round
    (``round_no``; 0: ``000``, tied to no round, counted in every state)."""

    kind: str  # column 5: the result it stands for (W D L F H Z + -), or " ": a penalty or bonus
    match_points: int  # tenths: a team's match points (0 when the field is blank)
    points: int  # tenths, may be negative: a player's points, a team's game points
    round_no: int
    ids: tuple[int, ...]
    line: int


# What a file asks to be paired as (Tournament.kind); a pairing system declares the kinds it
# pairs (cpswiss.registry.PairingSystem.file_kinds)
INDIVIDUAL, TEAM, DOUBLE_SWISS = "individual", "team", "double-swiss"
TEAM_CODE_PREFIXES = ("FIDE_TEAM", "CUSTOM_TEAM")  # ETT26 record-192 codes of team Swiss systems
DOUBLE_SWISS_CODES = ("FIDE_DOUBLESWISS", "CUSTOM_DOUBLESWISS")  # each also with _BAKU
# the FIDE system each kind of file asks for, as a refusal names it (whether or not a registered
# system pairs the kind)
KIND_ASKS_FOR = {TEAM: "the Swiss Team Pairing System (C.04.6)", DOUBLE_SWISS: "the Double-Swiss System (C.04.5)",
                 INDIVIDUAL: "an individual Swiss system"}


def code_kind(code: str) -> str:
    """The kind of tournament a record-192 code names (ETT26)."""
    bare = code.strip().upper()
    bare = bare[:-len("_BAKU")] if bare.endswith("_BAKU") else bare
    if bare.startswith(TEAM_CODE_PREFIXES):
        return TEAM
    if bare in DOUBLE_SWISS_CODES:
        return DOUBLE_SWISS
    return INDIVIDUAL


@dataclass
class Tournament:
    """A tournament as read from a TRF file."""

    path: str
    players: dict[int, PlayerRecord]
    total_rounds: int | None = None
    initial_colour: Colour | None = None  # XXC white1/black1, 152
    scoring: Scoring = field(default_factory=Scoring)
    accelerations: dict[int, list[int]] = field(default_factory=dict)  # id -> tenths per round
    accelerations_generated: bool = False  # made by a method, not read: written out by write_trf
    forbidden: list[ForbiddenPair] = field(default_factory=list)
    absent_next: set[int] = field(default_factory=set)  # XXZ
    requested_byes: dict[int, dict[int, RoundKind]] = field(default_factory=dict)  # 240: round -> id -> kind
    system: str | None = None  # 192 tournament type
    start_date: str | None = None  # 042 as written
    type_text: str | None = None  # 092 "type of tournament" (TRF16 free text; bbpPairings writes ETT26 codes)
    pair_by_rank: bool = False  # XXC rank
    # in file order: raw lines, player ids (001), and (code, key) for team records written from
    # the model (310: team number; 330 / 300: index in their list; 320 / 352 / 362: 0)
    layout: list[str | int | tuple[str, int]] = field(default_factory=list)
    trf26: bool = False  # the file uses TRF-2026 records (142 152 162 192 240 250 260)
    total_rounds_line: int | None = None  # the line of XXR / 142
    # TRF-2026 team records (a team tournament has at least one 310)
    teams: dict[int, TeamRecord] = field(default_factory=dict)  # 310, by team pairing number
    team_pab: TeamPab | None = None  # 320
    team_forfeits: list[TeamForfeit] = field(default_factory=list)  # 330
    board_orders: list[BoardOrder] = field(default_factory=list)  # 300
    match_scoring: MatchScoring | None = None  # 362 (None: not written, the defaults)
    board_colours: str | None = None  # 352, e.g. 'WBWB' (board 1's colour first, as written)
    team_byes: dict[int, dict[int, RoundKind]] = field(default_factory=dict)  # 240 of a team file: round -> team -> kind
    team_forbidden: list[ForbiddenPair] = field(default_factory=list)  # 260 of a team file (team numbers)
    # 250 of a team file: team -> (virtual match points, virtual game points) per round, tenths
    team_accelerations: dict[int, list[tuple[int, int]]] = field(default_factory=dict)
    games_per_round: int = 1  # 2 for a Double-Swiss file: match k = round columns 2k-1 and 2k
    point_assignments: list[PointAssignment] = field(default_factory=list)  # 299, in file order

    @property
    def kind(self) -> str:
        """What the file asks to be paired as: ``team`` (team records 310, or a team code in record
        192 - or in 092, where TRF16 writers put it), ``double-swiss`` (a Double-Swiss code), else
        ``individual``."""
        if self.teams:
            return TEAM
        code = self.system or (self.type_text if (self.type_text or "").strip().upper().startswith(
            ("FIDE_", "CUSTOM_")) else None)
        return code_kind(code) if code else INDIVIDUAL

    def kind_reason(self) -> str:
        """Why the file is of its kind, for messages: the records that say so."""
        reasons = []
        if self.system:
            reasons.append(f"record 192 {self.system.strip()}")
        elif self.type_text and code_kind(self.type_text) != INDIVIDUAL:
            reasons.append(f"record 092 {self.type_text.strip()}")
        if self.teams:
            code = next(iter(self.teams.values())).text[:3] or "310"
            reasons.append(f"{len(self.teams)} team records ({code})")
        return ", ".join(reasons)

    def asks_for(self) -> str:
        """What the file asks for, as a refusal says it: ``asks for the Swiss Team Pairing System
        (C.04.6) (4 team records (013))``; a file of individual games that names no system ``is
        read as an individual tournament (...)``."""
        kind, because = self.kind, self.kind_reason()
        if kind == INDIVIDUAL and not because:  # nothing in the file names a system
            return "is read as an individual tournament (no record 192 names a system, no 310 team records)"
        return f"asks for {KIND_ASKS_FOR.get(kind, kind)}" + (f" ({because})" if because else "")

    def not_a_swiss(self) -> str | None:
        """What says the event is no Swiss - a record 092 naming a league or a round robin (as
        TRF16 writers put a team league's type, ``092 Team League``) - or None."""
        text = (self.type_text or "").strip()
        words = text.upper().replace("-", " ").replace("_", " ")
        if "SWISS" in words or not any(w in words for w in ("LEAGUE", "ROUND ROBIN", "ROUNDROBIN", "BERGER")):
            return None
        return f"record 092 {text[:40]!r} names a league or round robin (every team or player meets every other)"

    @property
    def is_team_tournament(self) -> bool:
        """The file has team records (TRF-2026 ``310``, else TRF16 ``013``)."""
        return bool(self.teams)

    def member_teams(self) -> dict[int, int]:
        """Player pairing number -> the team (310) he is a member of."""
        return {pid: team.number for team in self.teams.values() for pid in team.members}

    def number_of_boards(self) -> int:
        """The boards of a team match: the length of the ``352`` colour sequence, else the most
        boards one team had in one round (games, and boards won by default or by a team
        forfeit: a member's forfeit win without an opponent), else the smallest roster."""
        if self.board_colours:
            return len(self.board_colours)
        team_of = self.member_teams()
        most = 0
        for r in range(1, self.last_paired_round + 1):
            counts: dict[int, int] = {}
            for pid, team in team_of.items():
                e = self.players[pid].entry(r)
                if e is not None and (e.opponent is not None or e.kind is RoundKind.FORFEIT_WIN):
                    counts[team] = counts.get(team, 0) + 1
            most = max([most, *counts.values()])
        return most or min((len(team.members) for team in self.teams.values()), default=1)

    @property
    def last_paired_round(self) -> int:
        """The last round holding a game (forfeits and pending games included) or a PAB."""
        last = 0
        for player in self.players.values():
            rounds = player.rounds
            for index in range(len(rounds) - 1, last - 1, -1):  # from his last round down to the latest so far
                entry = rounds[index]
                if entry is not None and entry.kind in _TOOK_PART_IN_PAIRING:
                    last = index + 1
                    break
        return last

    @property
    def pending_round(self) -> int | None:
        """The last paired round when a game of it has no result yet (paired, not played: the
        file ``pair --write-trf`` writes), else None."""
        last = self.last_paired_round
        if last == 0:
            return None
        pending = any((e := p.entry(last)) is not None and e.kind is RoundKind.PENDING
                      for p in self.players.values())
        return last if pending else None

    def paired_rounds_text(self) -> str:
        """For messages: which rounds the file holds."""
        last = self.last_paired_round
        return "no round has been paired yet" if last == 0 else \
            ("round 1 is paired" if last == 1 else f"rounds 1-{last} are paired")

    @property
    def round_to_pair(self) -> int:
        """One more than the last paired round (trf-caveats 1)."""
        return self.last_paired_round + 1

    def computed_points(self, player: PlayerRecord, up_to_round: int | None = None) -> int:
        """Sum of the results written on the record, in tenths (trf-caveats 6), and of the points
        299 records assign the player (not in a team file: there they name teams); in a
        Double-Swiss file a bye, written in both columns of its match, counts once (its value is
        per match), and a 299 round is a match."""
        rounds = player.rounds if up_to_round is None else player.rounds[:up_to_round]
        assigned = 0
        if self.point_assignments and not self.is_team_tournament:
            last = None if up_to_round is None else -(-up_to_round // self.games_per_round)
            assigned = sum(self.assigned_points(player.pairing_no, r)[1] for r in self.assignment_rounds(last))
        if self.games_per_round > 1:
            return assigned + sum(self.scoring.points(entry) for index, entry in enumerate(rounds)
                                  if entry is not None and (entry.kind.has_opponent
                                                            or index % self.games_per_round == 0))
        return assigned + sum(self.scoring.points(entry) for entry in rounds if entry is not None)

    def assignment_rounds(self, up_to: int | None) -> list[int]:
        """The rounds of 299 records counted after round ``up_to`` (None: every round): 0 (tied
        to no round) and 1..``up_to``."""
        return sorted({a.round_no for a in self.point_assignments
                       if up_to is None or a.round_no <= up_to})

    def assigned_points(self, competitor: int, round_no: int) -> tuple[int, int]:
        """(match points, points) in tenths that the 299 records of round ``round_no`` (0: tied
        to no round) assign a competitor (a player; a team in a team file)."""
        mp = points = 0
        for a in self.point_assignments:
            if a.round_no == round_no and competitor in a.ids:
                mp, points = mp + a.match_points, points + a.points
        return mp, points

    def pairing_of(self, round_no: int) -> tuple[list[tuple[int, int]], list[int]]:
        """The pairing written for a round: (white, black) per game (forfeits included,
        by pairing number of white) and the players given the pairing-allocated bye."""
        boards: list[tuple[int, int]] = []
        byes: list[int] = []
        for pid in sorted(self.players):
            e = self.players[pid].entry(round_no)
            if e is None:
                continue
            if e.kind is RoundKind.PAB:
                byes.append(pid)
            elif e.kind.has_opponent and e.opponent is not None and \
                    (e.colour == WHITE or (e.colour is None and pid < e.opponent)):
                boards.append((pid, e.opponent))
        return boards, byes


def average_rating(ratings: list[int]) -> int:
    """The average rating of opponents (ARO, C.04.4.1 Art. 1.7.1): the mean of the ratings,
    rounded to the nearest integer, the higher one when the division ends in .5; Art. 1.7.3: 0
    when there is none.  (Dubov's pairing facts and the studies' ARO spread.)"""
    if not ratings:
        return 0
    return (2 * sum(ratings) + len(ratings)) // (2 * len(ratings))


def format_points(tenths: int) -> str:
    sign = "-" if tenths < 0 else ""
    tenths = abs(tenths)
    return f"{sign}{tenths // 10}.{tenths % 10}"


_NUMBER = re.compile(r"[0-9]{1,9}")  # ASCII digits only (str.isdigit also takes superscripts)


def is_number(text: str) -> bool:
    """A whole number in ASCII digits, at most 9 of them (every numeric field of a report file)."""
    return _NUMBER.fullmatch(text) is not None
