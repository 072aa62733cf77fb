"""The tournament as a report file states it: players with their round-by-round entries
(opponent, colour, result), the scoring, byes asked for, forbidden pairs and virtual points -
the record everything else is derived from.  Read and written by :mod:`cpswiss.formats.trf`;
the state before a round is derived from it by :mod:`cpswiss.tournament.state`.  Points are
integers in tenths of a point, the resolution of the TRF points column."""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass, field, replace


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
        return self in (RoundKind.GAME, RoundKind.FORFEIT_WIN, RoundKind.FORFEIT_LOSS,
                        RoundKind.PENDING)


_TOOK_PART_IN_PAIRING = frozenset((RoundKind.GAME, RoundKind.FORFEIT_WIN, RoundKind.FORFEIT_LOSS,
                                   RoundKind.PENDING, RoundKind.PAB))


@dataclass(frozen=True)
class RoundEntry:
    """One round block of a player record."""

    kind: RoundKind
    opponent: int | None = None
    colour: str | None = None  # 'w' or 'b' for games, forfeits and pending games
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

    def block(self) -> str:
        """The 8-character TRF block ``oooo c r``."""
        opp = f"{self.opponent:4d}" if self.opponent is not None else "0000"
        colour = self.colour or "-"
        return f"{opp} {colour} {self.code}"


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
            black = entry.colour == "b"
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


@dataclass
class Tournament:
    """A tournament as read from a TRF file."""

    path: str
    players: dict[int, PlayerRecord]
    total_rounds: int | None = None
    initial_colour: str | None = None  # 'w' or 'b' (XXC white1/black1, 152)
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
    layout: list[str | int] = field(default_factory=list)  # raw lines and player ids, in file order
    trf26: bool = False  # the file uses TRF-2026 records (142 152 162 192 240 250 260)
    total_rounds_line: int | None = None  # the line of XXR / 142

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
        """Sum of the results written on the record, in tenths (trf-caveats 6)."""
        rounds = player.rounds if up_to_round is None else player.rounds[:up_to_round]
        return sum(self.scoring.points(entry) for entry in rounds if entry is not None)

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
                    (e.colour == "w" or (e.colour != "b" and pid < e.opponent)):
                boards.append((pid, e.opponent))
        return boards, byes

    def with_round(self, round_no: int, boards: list[tuple[int, int]], bye: int | None) -> Tournament:
        """A copy with a newly paired round appended (results pending, the PAB scored).

        The byes requested for the round in TRF-2026 ``240`` records move into the
        round's blocks (``0000 - H`` / ``F`` / ``Z``), as TRF-2026 writes the byes of
        rounds already paired, and those ``240`` records are dropped.
        """
        players: dict[int, PlayerRecord] = {}
        entries: dict[int, RoundEntry] = {}
        codes = {RoundKind.HALF_BYE: "H", RoundKind.FULL_BYE: "F", RoundKind.ZERO_BYE: "Z"}
        for pid, kind in self.requested_byes.get(round_no, {}).items():
            entries[pid] = RoundEntry(kind, None, None, codes[kind])
        for white, black in boards:
            entries[white] = RoundEntry(RoundKind.PENDING, black, "w", " ")
            entries[black] = RoundEntry(RoundKind.PENDING, white, "b", " ")
        if bye is not None:
            entries[bye] = RoundEntry(RoundKind.PAB, None, None, "U")
        for pid, record in self.players.items():
            rounds = list(record.rounds)
            if pid in entries:
                while len(rounds) < round_no:
                    rounds.append(None)
                rounds[round_no - 1] = entries[pid]
            new = replace(record, rounds=rounds)
            if new.points_column is not None:
                new.points_column = self.computed_points(new)
            players[pid] = new
        layout = [item for item in self.layout
                  if not (isinstance(item, str) and item.startswith("240") and item[6:9].strip() == str(round_no))]
        requested = {r: byes for r, byes in self.requested_byes.items() if r != round_no}
        return replace(self, players=players, absent_next=set(), layout=layout, requested_byes=requested)


def format_points(tenths: int) -> str:
    sign = "-" if tenths < 0 else ""
    tenths = abs(tenths)
    return f"{sign}{tenths // 10}.{tenths % 10}"


_NUMBER = re.compile(r"[0-9]{1,9}")  # ASCII digits only (str.isdigit also takes superscripts)


def is_number(text: str) -> bool:
    """A whole number in ASCII digits, at most 9 of them (every numeric field of a report file)."""
    return _NUMBER.fullmatch(text) is not None
