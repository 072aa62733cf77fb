"""The TRF-2026 team records of a team tournament (``310`` ``320`` ``330`` ``300`` ``362``), as
:class:`~cpswiss.tournament.model.Tournament` holds them.  A module of its own, loaded only when
a file has team records (an individual tournament never imports it).  ``text`` keeps the line as
read, written back while the record's values are unchanged; ``line`` and ``text`` do not take
part in equality."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class TeamRecord:
    """A TRF-2026 ``310`` team record: its pairing number (TPN), names, the informative
    standings columns, and its members' ``001`` pairing numbers in the default board order."""

    number: int  # team pairing number, columns 5-7
    line: int = field(default=0, compare=False)  # 1-based line number in the file (0: made in memory)
    name: str = ""  # 9-40
    nickname: str = ""  # 42-46
    strength: str = ""  # 48-53, as written
    match_points: int | None = None  # 55-60, tenths (informative)
    game_points: int | None = None  # 62-67, tenths (informative)
    rank: int | None = None  # 69-71
    members: tuple[int, ...] = ()  # 74-77, 79-82, ...: board 1 first
    text: str = field(default="", compare=False)  # the line as read (written back while the values hold)


@dataclass(frozen=True)
class TeamPab:
    """A TRF-2026 ``320`` record: what a team's pairing-allocated bye is worth (C.04.6 Art. 1.4)
    and the team given it in each round (index = round - 1; 0: none)."""

    match_points: int  # tenths, columns 5-8
    game_points: int  # tenths, columns 10-13
    teams: tuple[int, ...] = ()  # 15-17, 19-21, ...
    line: int = field(default=0, compare=False)

    def team_of(self, round_no: int) -> int:
        """The team given the bye in a round (0: none written)."""
        return self.teams[round_no - 1] if 1 <= round_no <= len(self.teams) else 0
    text: str = field(default="", compare=False)  # the line as read (written back while the values hold)


@dataclass(frozen=True)
class TeamForfeit:
    """A TRF-2026 ``330`` record: a match forfeited as a whole (``+-`` White team wins, ``-+``
    Black team wins, ``--`` both forfeit)."""

    result: str  # '+-', '-+' or '--'
    round_no: int
    white: int  # team pairing numbers
    black: int
    line: int = field(default=0, compare=False)
    text: str = field(default="", compare=False)  # the line as read (written back while the values hold)


@dataclass(frozen=True)
class BoardOrder:
    """A TRF-2026 ``300`` record: the board order of a team in one round when it is not the
    ``310`` order (board 1 first; 0 = an empty board)."""

    round_no: int
    team: int
    opponent: int
    players: tuple[int, ...]
    line: int = field(default=0, compare=False)
    text: str = field(default="", compare=False)  # the line as read (written back while the values hold)


@dataclass(frozen=True)
class MatchScoring:
    """Match points in tenths (TRF-2026 ``362``: TW, TD, TL; defaults 2 / 1 / 0)."""

    win: int = 20
    draw: int = 10
    loss: int = 0
    text: str = field(default="", compare=False)  # the line as read (written back while the values hold)
