"""Reading and writing the TRF-2026 team records (``310`` teams, ``320`` team PAB, ``330``
forfeited matches, ``300`` board order in a round, ``352`` board colours, ``362`` match points,
and ``240`` / ``250`` / ``260`` naming teams in a team file) and the TRF16 team record ``013``
(Swiss-Manager's and the ICU's team exports), with the strictness of the player records: a
field that does not read is one :class:`~cpswiss.errors.InputError` naming the file, the line
and the columns.  Layouts: ``docs/formats.md`` (TRF-2026, Annexure A of C.02.03; TRF16)."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any, Callable

from cpswiss.errors import InputError
from cpswiss.tournament.model import ForbiddenPair, RoundEntry, RoundKind, Tournament, format_points
from cpswiss.tournament.team_records import BoardOrder, MatchScoring, TeamForfeit, TeamPab, TeamRecord

MAX_TEAMS = 999  # three-digit team pairing numbers
_NUMBER = re.compile(r"[0-9]{1,9}")
_POINTS = re.compile(r"-?[0-9]{1,6}(\.[0-9])?")
_MP_SYMBOLS = {"TW": "win", "TD": "draw", "TL": "loss"}


def _field(line: str, first: int, last: int) -> str:
    """Columns ``first``-``last`` (1-based, inclusive), stripped."""
    return line[first - 1:last].strip()


def _number(line: str, first: int, last: int, what: str, path: str, number: int,
            blank_is: int | None = None) -> int:
    text = _field(line, first, last)
    if not text and blank_is is not None:
        return blank_is
    if not _NUMBER.fullmatch(text):
        raise InputError(f"{line[:3]} columns {first}-{last} ({what}) must be a number, not {text[:20]!r}",
                         path, number)
    return int(text)


def _round(line: str, first: int, last: int, path: str, number: int) -> int:
    value = _number(line, first, last, "round", path, number)
    if value < 1:
        raise InputError(f"{line[:3]} columns {first}-{last}: the round must be at least 1", path, number)
    return value


def _points(line: str, first: int, last: int, what: str, path: str, number: int) -> int | None:
    """Points in tenths (``11.5``); None when the columns are blank."""
    text = _field(line, first, last)
    if not text:
        return None
    if not _POINTS.fullmatch(text):
        raise InputError(f"{line[:3]} columns {first}-{last} ({what}) must be points like 1.5, not "
                         f"{text[:20]!r}", path, number)
    whole, _, tenth = text.lstrip("-").partition(".")
    tenths = int(whole) * 10 + (int(tenth) if tenth else 0)
    return -tenths if text.startswith("-") else tenths


def _blank(line: str, columns: list[int], path: str, number: int) -> None:
    for column in columns:
        if len(line) >= column and line[column - 1] != " ":
            raise InputError(f"{line[:3]} column {column} must be blank (a field is out of place)", path, number)


def _numbers_from(line: str, first: int, width: int, step: int, what: str, path: str, number: int) -> list[int]:
    """Fixed-width numbers from column ``first`` in ``step``-column steps (blank fields: 0)."""
    values = []
    start = first
    while start <= len(line.rstrip()):
        _blank(line, [start - 1], path, number)
        values.append(_number(line, start, start + width - 1, what, path, number, blank_is=0))
        start += step
    return values


def parse_310(line: str, number: int, path: str) -> TeamRecord:
    """``310``: TPN 5-7, name 9-40, nickname 42-46, strength 48-53, match points 55-60, game
    points 62-67, rank 69-71, members at 74-77, 79-82, ... (board order)."""
    team = _number(line, 5, 7, "team pairing number", path, number)
    if not 1 <= team <= MAX_TEAMS:
        raise InputError(f"310 columns 5-7: team pairing number must be 1-{MAX_TEAMS}, not {team}", path, number)
    _blank(line, [4, 8, 41, 47, 54, 61, 68, 72, 73], path, number)
    rank = _field(line, 69, 71)
    members = [m for m in _numbers_from(line, 74, 4, 5, "team member", path, number)]
    if not members or 0 in members:
        raise InputError("310 columns 74-77, 79-82, ...: the team's players (pairing numbers) are missing "
                         "or 0000", path, number)
    return TeamRecord(number=team, line=number, text=line, name=_field(line, 9, 40), nickname=_field(line, 42, 46),
                      strength=_field(line, 48, 53),
                      match_points=_points(line, 55, 60, "match points", path, number),
                      game_points=_points(line, 62, 67, "game points", path, number),
                      rank=_number(line, 69, 71, "rank", path, number) if rank else None,
                      members=tuple(members))


def parse_013(line: str, number: int, path: str, team: int) -> TeamRecord:
    """TRF16 ``013``: the team's name 5-36, its members at 37-40, 42-45, ... (board order).  The
    record has no team number: ``team`` is its place among the file's 013 records (the order the
    writers list the teams in, the starting order of their round 1; docs/readings.md RF-5)."""
    _blank(line, [4], path, number)
    members = _numbers_from(line, 37, 4, 5, "team member", path, number)
    if not members or 0 in members:
        raise InputError("013 columns 37-40, 42-45, ...: the team's players (pairing numbers) are missing "
                         "or 0000", path, number)
    if not 1 <= team <= MAX_TEAMS:
        raise InputError(f"013: more than {MAX_TEAMS} teams", path, number)
    return TeamRecord(number=team, line=number, text=line, name=_field(line, 5, 36), members=tuple(members))


def parse_320(line: str, number: int, path: str) -> TeamPab:
    """``320``: PAB match points 5-8, game points 10-13, the PAB team of rounds 1, 2, ... at
    15-17, 19-21, ... (``000`` or blank: none)."""
    _blank(line, [4, 9], path, number)
    mp = _points(line, 5, 8, "PAB match points", path, number)
    gp = _points(line, 10, 13, "PAB game points", path, number)
    if mp is None or gp is None:
        raise InputError("320 columns 5-8 and 10-13: the PAB's match points and game points are required",
                         path, number)
    return TeamPab(mp, gp, tuple(_numbers_from(line, 15, 3, 4, "PAB team", path, number)), number, line)


def parse_330(line: str, number: int, path: str) -> TeamForfeit:
    """``330``: type 5-6 (``+-`` ``-+`` ``--``), round 8-10, White team 12-14, Black team 16-18."""
    kind = line[4:6]
    if kind not in ("+-", "-+", "--"):
        raise InputError(f"330 columns 5-6: forfeit type must be +-, -+ or --, not {kind!r}", path, number)
    _blank(line, [4, 7, 11, 15], path, number)
    if len(line.rstrip()) > 18:
        raise InputError("330: text after column 18", path, number)
    white = _number(line, 12, 14, "White team", path, number)
    black = _number(line, 16, 18, "Black team", path, number)
    if white == black:
        raise InputError(f"330: team {white} forfeits against itself", path, number)
    return TeamForfeit(kind, _round(line, 8, 10, path, number), white, black, number, line)


def parse_300(line: str, number: int, path: str) -> BoardOrder:
    """``300``: round 5-7, team 9-11, opponent 13-15, board 1, 2, ... players at 17-20, 22-25, ...
    (``0000``: an empty board)."""
    _blank(line, [4, 8, 12], path, number)
    players = _numbers_from(line, 17, 4, 5, "board player", path, number)
    if not players:
        raise InputError("300 columns 17-20, ...: the boards' players are missing", path, number)
    return BoardOrder(_round(line, 5, 7, path, number), _number(line, 9, 11, "team", path, number),
                      _number(line, 13, 15, "opponent team", path, number), tuple(players), number, line)


def parse_362(line: str, number: int, path: str) -> MatchScoring:
    """``362``: symbol (TW TD TL) at 5-6, value at 7-10, repeated every 9 columns."""
    values: dict[str, int] = {}
    start = 5
    while start <= len(line.rstrip()):
        symbol = line[start - 1:start + 1]
        if symbol not in _MP_SYMBOLS:
            raise InputError(f"362 columns {start}-{start + 1}: match-point symbol must be TW, TD or TL, "
                             f"not {symbol!r}", path, number)
        value = _points(line, start + 2, start + 5, f"362 {symbol}", path, number)
        if value is None:
            raise InputError(f"362 columns {start + 2}-{start + 5}: the points of {symbol} are missing", path, number)
        values[_MP_SYMBOLS[symbol]] = value
        start += 9
    return MatchScoring(**values, text=line)


def parse_352(line: str, number: int, path: str) -> str:
    """``352``: the board colour sequence from column 5 (``WBWB``)."""
    text = line[4:].strip()
    if not text or any(c not in "WBwb" for c in text):
        raise InputError(f"352 column 5: board colours must be a sequence of W and B, not {text[:20]!r}",
                         path, number)
    return text.upper()


def read_team_013(line: str, number: int, t: Tournament, found: list[TeamRecord]) -> None:
    """Read one TRF16 ``013`` record into ``found`` (the file's 013 teams, numbered in order);
    they become the tournament's teams when it has no ``310`` (:func:`adopt_013_teams`)."""
    found.append(parse_013(line, number, t.path, len(found) + 1))


def adopt_013_teams(t: Tournament, found: list[TeamRecord]) -> None:
    """The TRF16 teams (``013``) as the tournament's teams when they hold every player of the
    file - a team event, as Swiss-Manager's and the ICU's exports write it - and the file has
    no TRF-2026 ``310`` records (which replace them, as the format says).  013 records that
    leave players out are the teams of an individual event (a team prize, as in JaVaFo's
    sample): the file stays individual (docs/readings.md RF-5)."""
    members = {pid for team in found for pid in team.members}
    if not t.teams and members >= set(t.players):
        t.teams.update((team.number, team) for team in found)


def read_team_record(code: str, line: str, number: int, t: Tournament) -> int:
    """Read one team record into ``t`` (its cross-checks wait for :func:`check_teams`); the
    record's key in ``Tournament.layout`` (the team number of a 310, the index of a 330 / 300)."""
    path = t.path
    if code == "310":
        team = parse_310(line, number, path)
        if team.number in t.teams:
            raise InputError(f"310: team {team.number} is repeated (first on line {t.teams[team.number].line})",
                             path, number)
        t.teams[team.number] = team
        return team.number
    if code == "330":
        t.team_forfeits.append(parse_330(line, number, path))
        return len(t.team_forfeits) - 1
    if code == "300":
        t.board_orders.append(parse_300(line, number, path))
        return len(t.board_orders) - 1
    if code == "320":
        if t.team_pab is not None:
            raise InputError(f"320: a second team PAB record (first on line {t.team_pab.line})", path, number)
        t.team_pab = parse_320(line, number, path)
    elif code == "362":
        t.match_scoring = parse_362(line, number, path)
    elif code == "352":
        t.board_colours = parse_352(line, number, path)
    return 0


def check_teams(t: Tournament) -> None:
    """Cross-record checks of a team file: members are players, each in one team; the teams of
    320 / 330 / 300 exist; a 300 names players of its team.  Then the members' blocks without an
    opponent that TRF-2026 and TRF16 team files write for forfeits (not the legacy PAB / absence
    codes): ``0000 - +`` / ``0000 - -`` in a round a 330 record names are that whole-team
    forfeit; ``0000 - +`` in a round the member's team played a match (a teammate has a game) is
    a **board default**, the board won by forfeit because the opponent's board was empty (a
    forfeit win worth its points, ``162 W``; docs/readings.md RF-6).  ``0000 - -`` there stays
    a player who did not play (an empty board or not fielded: the file does not say which; both
    score 0)."""
    path = t.path
    owner: dict[int, int] = {}
    for team in t.teams.values():
        for pid in team.members:
            if pid not in t.players:
                raise InputError(f"{team.text[:3] or '310'}: player {pid} of team {team.number} is not a player "
                                 "of this tournament", path, team.line)
            if pid in owner:
                raise InputError(f"{team.text[:3] or '310'}: player {pid} is in team {owner[pid]} and in team "
                                 f"{team.number}", path, team.line)
            owner[pid] = team.number
    pab = t.team_pab
    if pab is not None:
        for r, team_no in enumerate(pab.teams, start=1):
            if team_no and team_no not in t.teams:
                raise InputError(f"320: the PAB team of round {r} ({team_no}) is not a team (310)", path, pab.line)
    seen: set[tuple[int, int]] = set()
    for f in t.team_forfeits:
        for team_no in (f.white, f.black):
            if team_no not in t.teams:
                raise InputError(f"330: team {team_no} is not a team (310)", path, f.line)
            if (f.round_no, team_no) in seen:
                raise InputError(f"330: team {team_no} has two forfeited matches in round {f.round_no}", path, f.line)
            seen.add((f.round_no, team_no))
    for o in t.board_orders:
        if o.team not in t.teams or o.opponent not in t.teams:
            raise InputError(f"300: team {o.team if o.team not in t.teams else o.opponent} is not a team (310)",
                             path, o.line)
        strangers = [p for p in o.players if p and owner.get(p) != o.team]
        if strangers:
            raise InputError(f"300: player {strangers[0]} is not a member of team {o.team}", path, o.line)
    forfeited = {(f.round_no, team_no) for f in t.team_forfeits for team_no in (f.white, f.black)}
    playing = {(index + 1, owner[pid]) for pid, rec in t.players.items() if pid in owner
               for index, e in enumerate(rec.rounds) if e is not None and e.opponent is not None}
    for pid, rec in t.players.items():
        own_team = owner.get(pid)
        for index, e in enumerate(rec.rounds):
            if e is None or e.opponent is not None or e.code not in ("+", "-"):
                continue
            if (index + 1, own_team) in forfeited:
                kind = RoundKind.FORFEIT_WIN if e.code == "+" else RoundKind.FORFEIT_LOSS
                rec.rounds[index] = RoundEntry(kind, None, None, e.code)
            elif e.code == "+" and (index + 1, own_team) in playing:
                rec.rounds[index] = RoundEntry(RoundKind.FORFEIT_WIN, None, None, e.code)


def team_ids(tokens: list[str], what: str, number: int, t: Tournament) -> list[int]:
    """Team pairing numbers of a 240 / 250 / 260 record of a team file."""
    ids = []
    for token in tokens:
        if not _NUMBER.fullmatch(token):
            raise InputError(f"{what} must be a team pairing number, not {token[:20]!r}", t.path, number)
        if int(token) not in t.teams:
            raise InputError(f"{what} {int(token)} is not a team of this tournament (310)", t.path, number)
        ids.append(int(token))
    return ids


def read_team_240(line: str, number: int, t: Tournament, kind: RoundKind, round_no: int) -> None:
    for team in team_ids(line[10:].split(), "240 team", number, t):
        t.team_byes.setdefault(round_no, {})[team] = kind


def read_team_260(line: str, number: int, t: Tournament, first: int, last: int) -> None:
    t.team_forbidden.append(ForbiddenPair(frozenset(team_ids(line[12:].split(), "260 team", number, t)), first, last))


def pab_points_per_board(t: Tournament, boards: int) -> int | None:
    """The points a member's ``U`` block is worth when a team takes the PAB: the 320 game points
    shared by the boards (C.04.6 Art. 1.4: a drawn match), if they share into tenths."""
    if t.team_pab is None or boards < 1 or t.team_pab.game_points % boards:
        return None
    return t.team_pab.game_points // boards


# ---- writing -------------------------------------------------------------------------------

def _pts(value: int | None, width: int) -> str:
    return f"{format_points(value):>{width}}" if value is not None else " " * width


def line_310(team: TeamRecord) -> str:
    rank = f"{team.rank:3d}" if team.rank is not None else "   "
    head = (f"310 {team.number:3d} {team.name[:32]:<32} {team.nickname[:5]:<5} {team.strength[:6]:>6} "
            f"{_pts(team.match_points, 6)} {_pts(team.game_points, 6)} {rank}  ")
    return (head + " ".join(f"{p:4d}" for p in team.members)).rstrip()


def line_320(pab: TeamPab) -> str:
    teams = "".join(f" {team:3d}" if team else " 000" for team in pab.teams)
    return f"320 {_pts(pab.match_points, 4)} {_pts(pab.game_points, 4)}{teams}".rstrip()


def line_330(f: TeamForfeit) -> str:
    return f"330 {f.result} {f.round_no:3d} {f.white:3d} {f.black:3d}"


def line_300(o: BoardOrder) -> str:
    return f"300 {o.round_no:3d} {o.team:3d} {o.opponent:3d} " + " ".join(f"{p:4d}" for p in o.players)


def line_362(s: MatchScoring) -> str:
    return f"362 TW{_pts(s.win, 4)}   TD{_pts(s.draw, 4)}   TL{_pts(s.loss, 4)}"


_FORMATS: dict[str, tuple[Callable[[str, int, str], Any], Callable[[Any], str]]] = {
    "310": (parse_310, line_310), "320": (parse_320, line_320), "330": (parse_330, line_330),
    "300": (parse_300, line_300), "362": (parse_362, line_362)}


def team_line(t: Tournament, code: str, key: int) -> str | None:
    """The text of a team record from the model (None: the record is gone from it): the line as
    read while it still reads as the model's record, else the record written afresh."""
    if code == "352":
        return f"352 {t.board_colours}" if t.board_colours else None
    record: Any = None
    if code == "310":
        record = t.teams.get(key)
    elif code == "320":
        record = t.team_pab
    elif code == "362":
        record = t.match_scoring
    elif code == "330" and key < len(t.team_forfeits):
        record = t.team_forfeits[key]
    elif code == "300" and key < len(t.board_orders):
        record = t.board_orders[key]
    if record is None:
        return None
    parse, write = _FORMATS[code]
    if record.text and parse(record.text, 0, t.path) == record:
        return str(record.text)
    return write(record)


def with_member_pab_points(t: Tournament, boards: int) -> Tournament:
    """The tournament whose scoring values a member's ``U`` block at the 320 share per board
    (when no ``162 P`` says otherwise); unchanged where the share is not in tenths."""
    share = pab_points_per_board(t, boards)
    if share is None or t.scoring.pab is not None:
        return t
    return replace(t, scoring=replace(t.scoring, pab=share))
