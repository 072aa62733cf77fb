"""Reading FIDE Tournament Report Files (TRF16, TRF(x), TRF(bx), TRF-2026) into the tournament
model (:mod:`cpswiss.tournament.model`; writing: :mod:`cpswiss.formats.trf_writer`).

One tolerant reader for the dialects that pairing programs exchange:

* TRF16 player records ``001`` with one 10-column block per round
  (``oooo c r``: opponent, colour, result), both the 2016 result codes
  (``U`` pairing-allocated bye, ``H``/``F``/``Z`` byes) and the legacy ones
  (``+``/``=``/``-`` with opponent ``0000``);
* JaVaFo's TRF(x) extensions ``XXR`` (rounds), ``XXC`` (``white1``/``black1``,
  ``rank``), ``XXA`` (acceleration), ``XXP`` (forbidden pairs), ``XXS``
  (scoring), ``XXZ`` (absent next round);
* bbpPairings' point values ``BBW BBD BBL BBZ BBF BBU``;
* the TRF-2026 records that matter for pairing: ``142`` rounds, ``152``
  initial colour, ``162`` scoring (absence symbol ``A`` or ``Z``), ``192``
  tournament type, ``240`` byes, ``250`` acceleration, ``260`` forbidden pairs.

Every problem is reported as an :class:`~cpswiss.errors.InputError` naming the
file, the line and the problem.  Points are kept as integers in tenths of a
point, the resolution of the TRF points column.
"""

from __future__ import annotations

import os
import re
from typing import TYPE_CHECKING

from cpswiss.errors import FileAccessError, InputError, TooLargeError
from cpswiss.formats.trf_colours import COLOUR_OF_LETTER
from cpswiss.formats.trf_writer import round_block
from cpswiss.tournament.colour import BLACK, WHITE
from cpswiss.tournament.model import (DOUBLE_SWISS, ForbiddenPair, PlayerRecord, RoundEntry, RoundKind, Scoring,
                                      Tournament, format_points, is_number)

if TYPE_CHECKING:  # a team file's records only: an individual file never loads them
    from cpswiss.tournament.team_records import TeamRecord

FIRST_BLOCK = 91  # 0-based column of the first round block (column 92)
BLOCK_WIDTH = 10

# TRF-2026 team records, read by cpswiss.formats.trf_teams (imported by the first one met)
TEAM_RECORDS = ("310", "320", "330", "300", "352", "362")
TRF26_RECORDS = {"142", "152", "162", "192", "240", "250", "260", "299", *TEAM_RECORDS}
# Records read; any other line is ignored by rule (names, dates, arbiters, comments), unless it
# looks like a player record that is not read (see _unread_player_record).
READ_RECORDS = {"001", "XXR", "142", "XXC", "152", "XXA", "XXP", "260", "XXZ", "XXS", "BBW", "BBD",
                "BBL", "BBZ", "BBF", "BBU", "162", "042", "062", "092", "192", "240", "250",
                "013", "299", *TEAM_RECORDS}
MAX_PLAYERS = 9999  # TRF16's four-digit pairing numbers (the size of one bracket step has its own limit)
MAX_ROUNDS = 99  # round blocks, XXR/142 and the rounds of 240/250/260 records
_POINTS = re.compile(r"-?[0-9]{1,6}(\.[0-9])?")
_PLAYED_CODES = {"1", "0", "=", "W", "D", "L"}
_COMPLEMENT = {"1": "0", "0": "1", "=": "=", "W": "L", "L": "W", "D": "D"}


def decode(data: bytes) -> str:
    """UTF-8 (with or without BOM), falling back to Latin-1."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        text = data.decode("latin-1")
    return text.lstrip("\ufeff")


def read_trf(path: str | os.PathLike[str], recompute_points: bool = False) -> Tournament:
    """Read and validate a TRF file (``recompute_points``: :func:`parse_trf`)."""
    path = str(path)
    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError as exc:
        raise FileAccessError(f"{path}: cannot read file: {exc.strerror or exc}") from None
    return parse_trf(decode(data), path, recompute_points)


def parse_trf(text: str, path: str = "<input>", recompute_points: bool = False) -> Tournament:
    """Parse TRF text (CR, LF or CRLF line ends) and validate it.  ``recompute_points``
    (``--recompute-points``): the points columns are not checked but replaced by the sum of
    each player's results (RF-3), for files whose writer leaves them 0.0."""
    lines = re.split(r"\r\n|\r|\n", text)
    t = Tournament(path=path, players={})
    scoring: dict[str, int] = {}
    player_lines: dict[int, int] = {}
    deferred: list[tuple[str, str, int]] = []  # records checked against the players first
    seen_rounds: dict[str, tuple[int, int]] = {}  # XXR / 142: value and line
    blocks: dict[str, RoundEntry] = {}  # round blocks read, by their text
    symbols_162: set[str] = set()  # the 162 symbols read
    teams_013: list[TeamRecord] = []  # TRF16 team records, the teams of a file without 310
    for number, raw in enumerate(lines, start=1):
        line = raw.rstrip()
        if not line.strip():
            t.layout.append(raw)
            continue
        code = line[:3]
        stripped = line.lstrip(" \t\ufeff\u200b")
        if stripped is not line and stripped[:3] in READ_RECORDS:
            raise InputError(f"record {stripped[:3]} does not start in column 1 (a space or byte-order "
                             "mark before it)", path, number)
        if code not in READ_RECORDS and _unread_player_record(line):
            raise InputError(f"this line looks like a player record but its code is {code!r}, not '001'",
                             path, number)
        if code == "001":
            if len(t.players) >= MAX_PLAYERS:
                raise TooLargeError(f"{path}:{number}: more than {MAX_PLAYERS} players (the limit of this "
                                    "build)")
            record = _parse_player(line, number, path, blocks)
            if record.pairing_no in t.players:
                raise InputError(f"pairing number {record.pairing_no} is repeated "
                                 f"(first on line {player_lines[record.pairing_no]})", path, number)
            t.players[record.pairing_no] = record
            player_lines[record.pairing_no] = number
            t.layout.append(record.pairing_no)
            continue
        if code in TRF26_RECORDS:
            t.trf26 = True
        if code in TEAM_RECORDS:
            from cpswiss.formats import trf_teams  # a team file only

            t.layout.append((code, trf_teams.read_team_record(code, line, number, t)))
            continue
        t.layout.append(raw)
        if code == "013":
            from cpswiss.formats import trf_teams

            trf_teams.read_team_013(line, number, t, teams_013)
        elif code in ("XXR", "142"):
            rounds = _int_field(line[3:], "number of rounds", path, number)
            if not 1 <= rounds <= MAX_ROUNDS:
                raise InputError(f"{code}: number of rounds must be 1-{MAX_ROUNDS}, not {rounds}", path, number)
            for other, (value, where) in seen_rounds.items():
                if value != rounds:
                    raise InputError(f"{code} says {rounds} rounds but {other} on line {where} says {value}",
                                     path, number)
            seen_rounds[code] = (rounds, number)
            t.total_rounds, t.total_rounds_line = rounds, number
        elif code == "XXC":
            for word in line[3:].split():
                word = word.lower()
                if word == "white1":
                    t.initial_colour = WHITE
                elif word == "black1":
                    t.initial_colour = BLACK
                elif word == "rank":
                    t.pair_by_rank = True
                else:
                    raise InputError(f"XXC: unknown word {word[:20]!r} (known: white1, black1, rank)",
                                     path, number)
        elif code == "062":
            deferred.append((code, line, number))
        elif code == "152":
            written = line[3:].strip()
            initial = COLOUR_OF_LETTER.get(written.lower())
            if initial is None:
                raise InputError(f"initial colour must be W or B, not {written.upper()!r}", path, number)
            t.initial_colour = initial
        elif code in ("XXA", "XXP", "260", "XXZ", "240", "250", "299"):
            deferred.append((code, line, number))
        elif code == "XXS":
            _parse_xxs(line, number, path, scoring)
        elif code in ("BBW", "BBD", "BBL", "BBZ", "BBF", "BBU"):
            key = {"BBW": "win", "BBD": "draw", "BBL": "loss", "BBZ": "zero_bye",
                   "BBF": "forfeit_loss", "BBU": "pab"}[code]
            scoring[key] = _points_field(line[4:].strip(), code, path, number)
        elif code == "162":
            _parse_162(line, number, path, scoring, symbols_162)
        elif code == "042":
            t.start_date = line[4:].strip() or None
        elif code == "092":
            t.type_text = line[4:].strip() or None
        elif code == "192":
            t.system = line[4:].strip() or None
    if not t.players:
        raise InputError("no player record (001) in the file: is it a TRF file?", path)
    if teams_013:
        from cpswiss.formats import trf_teams

        trf_teams.adopt_013_teams(t, teams_013)
    if t.teams:
        from cpswiss.formats import trf_teams

        trf_teams.check_teams(t)
    for code, line, number in deferred:
        _parse_player_list_record(code, line, number, path, t)
    if t.kind == DOUBLE_SWISS:
        from cpswiss.formats import trf_double  # a Double-Swiss file only

        t.games_per_round = trf_double.GAMES
        trf_double.match_scoring_defaults(scoring, symbols_162)
        trf_double.check_matches(t)
    t.scoring = Scoring(**scoring)
    if t.teams:
        t = trf_teams.with_member_pab_points(t, t.number_of_boards())
    if recompute_points:
        for record in t.players.values():
            record.points_column = t.computed_points(record)
    _validate(t, player_lines)
    return t


# Record codes with digits that are not player records (TRF16 and TRF-2026 header, team and
# informative records); all-letter codes (``XX?``, ``BB?``, the federation codes of TRF-2026
# national-rating records, whose layout is that of 001) are never taken for a player record.
OTHER_RECORDS = re.compile(r"[0-2][0-9]2|013|2[4-6]0|3[0-3]0|80[12]")


def _unread_player_record(line: str) -> bool:
    """A line not read that has the layout of a player record (a code with a digit, a pairing
    number in columns 5-8, a points column at 81-84): a mistyped ``001`` must not drop a player."""
    code = line[:3]
    if not any(c in "0123456789" for c in code) or OTHER_RECORDS.fullmatch(code):
        return False
    if len(line) < 84 or line[3:4] != " " or not is_number(line[4:8].strip()):
        return False
    return _POINTS.fullmatch(line[80:84].strip() or "x") is not None


def _player_ids(tokens: list[str], what: str, path: str, number: int, t: Tournament) -> list[int]:
    ids = [_int_field(tok, what, path, number) for tok in tokens]
    unknown = [q for q in ids if q not in t.players]
    if unknown:
        raise InputError(f"{what} {unknown[0]} is not a player of this tournament", path, number)
    return ids


def _round_field(text: str, what: str, path: str, number: int) -> int:
    value = _int_field(text, what, path, number)
    if not 1 <= value <= MAX_ROUNDS:
        raise InputError(f"{what} must be 1-{MAX_ROUNDS}, not {value}", path, number)
    return value


def _parse_player_list_record(code: str, line: str, number: int, path: str, t: Tournament) -> None:
    """Records that name players or expand over rounds (``XXA XXP 260 XXZ 240 250 062``),
    read once the players are known, so that each is checked before it expands."""
    if code == "XXA":
        if len(line) > 9 + 5 * MAX_ROUNDS:
            raise InputError(f"XXA: more than {MAX_ROUNDS} rounds of acceleration", path, number)
        pid, values = _parse_acceleration(line, number, path)
        _player_ids([str(pid)], "XXA player", path, number, t)
        if len(values) > MAX_ROUNDS:
            raise InputError(f"XXA: more than {MAX_ROUNDS} rounds of acceleration", path, number)
        t.accelerations[pid] = values
    elif code == "XXP":
        ids = _player_ids(line[3:].split(), "XXP player", path, number, t)
        t.forbidden.append(ForbiddenPair(frozenset(ids)))
    elif code == "260":
        first = _round_field(line[4:7], "260 first round", path, number)
        last = _round_field(line[8:11], "260 last round", path, number)
        if t.teams:
            from cpswiss.formats.trf_teams import read_team_260

            read_team_260(line, number, t, first, last)
        else:
            ids = _player_ids(line[12:].split(), "260 player", path, number, t)
            t.forbidden.append(ForbiddenPair(frozenset(ids), first, last))
    elif code == "XXZ":
        t.absent_next.update(_player_ids(line[3:].split(), "XXZ player", path, number, t))
    elif code == "240":
        _parse_240(line, number, path, t)
    elif code == "250":
        _parse_250(line, number, path, t)
    elif code == "299":
        from cpswiss.formats.trf_assignments import read_assignment  # a file with 299 records only

        t.point_assignments.append(read_assignment(line, number, t))
    elif code == "062" and line[3:].split():  # an empty 062, as some programs write it, says nothing
        count = _int_field(line[3:].split()[0], "062 number of players", path, number)
        if count != len(t.players):
            raise InputError(f"062 says {count} players but the file has {len(t.players)} player "
                             "records (001)", path, number)


def _int_field(text: str, what: str, path: str, line: int) -> int:
    value = text.strip()
    if not is_number(value):
        raise InputError(f"{what} must be a whole number of at most 9 ASCII digits, not {value[:20]!r}",
                         path, line)
    return int(value)


def _points_field(text: str, what: str, path: str, line: int) -> int:
    value = text.strip()
    if not _POINTS.fullmatch(value):
        raise InputError(f"{what}: points must be written like 1.0 (ASCII digits), not {value[:20]!r}",
                         path, line)
    negative = value.startswith("-")
    whole, _, tenth = value.lstrip("-").partition(".")
    tenths = int(whole) * 10 + (int(tenth) if tenth else 0)
    return -tenths if negative else tenths


def _parse_player(line: str, number: int, path: str, blocks: dict[str, RoundEntry]) -> PlayerRecord:
    """A 001 record; ``blocks``: the round blocks of the file read so far, by their text (a
    block's entry depends on its text alone, once it names another player than this one)."""
    if "\t" in line:
        raise InputError(f"player record has a tab at column {line.index(chr(9)) + 1}: its fields are in fixed "
                         "columns, so the tab must be written as the spaces it stands for", path, number)
    if len(line) < 84:
        raise InputError(f"player record is {len(line)} characters long; a 001 record needs at "
                         "least 84 (up to the points column)", path, number)
    id_text = line[4:8]
    if not is_number(id_text.strip()):
        raise InputError(f"pairing number (columns 5-8) must be a number, not {id_text.strip()!r}",
                         path, number)
    pid = int(id_text)
    if pid < 1:
        raise InputError("pairing number must be at least 1", path, number)
    rating_text = line[48:52].strip()
    if rating_text and not is_number(rating_text):
        raise InputError(f"rating (columns 49-52) must be a number, not {rating_text!r}", path, number)
    points_text = line[80:84].strip()
    points = _points_field(points_text, "points column (81-84)", path, number) if points_text else None
    rank_text = line[85:89].strip() if len(line) > 85 else ""
    if rank_text and not is_number(rank_text):
        raise InputError(f"rank (columns 86-89) must be a number, not {rank_text!r}", path, number)
    record = PlayerRecord(
        pairing_no=pid, line=number, sex=line[9:10].strip(), title=line[10:13].strip(),
        name=line[14:47].strip(), rating=int(rating_text) if rating_text else None,
        federation=line[53:56].strip(), fide_id=line[57:68].strip(), birth=line[69:79].strip(),
        points_column=points, rank=int(rank_text) if rank_text else None,
        prefix=line[:FIRST_BLOCK].ljust(FIRST_BLOCK))
    if line[FIRST_BLOCK - 2:FIRST_BLOCK].strip() and len(line) > FIRST_BLOCK - 2:
        raise InputError("columns 90-91 must be blank", path, number)
    start = FIRST_BLOCK
    round_no = 0
    if (len(line) - FIRST_BLOCK) > MAX_ROUNDS * BLOCK_WIDTH:
        raise InputError(f"player record has more than {MAX_ROUNDS} round blocks", path, number)
    while start < len(line):
        round_no += 1
        chunk = line[start:start + BLOCK_WIDTH].ljust(BLOCK_WIDTH)
        start += BLOCK_WIDTH
        entry = blocks.get(chunk)
        if entry is not None and entry.opponent != pid:  # the same text, read before in this file
            record.rounds.append(entry)
            continue
        if chunk[4] != " " or chunk[6] != " " or chunk[8:].strip():
            raise InputError(f"round {round_no}: block {chunk.rstrip()!r} (from column {start - BLOCK_WIDTH + 1}) "
                             "is not of the form 'oooo c r'", path, number)
        entry = _parse_block(chunk[:8], pid, round_no, path, number)
        if entry is not None:
            blocks[chunk] = entry
        record.rounds.append(entry)
    while record.rounds and record.rounds[-1] is None:
        record.rounds.pop()
    return record


def _parse_block(block: str, pid: int, round_no: int, path: str, number: int) -> RoundEntry | None:
    opp_text, colour, code = block[0:4], block[5].lower(), block[7].upper()
    if not opp_text.strip() and colour == " " and code == " ":
        return None
    where = f"round {round_no}: "
    if opp_text.strip() and not is_number(opp_text.strip()):
        raise InputError(where + f"opponent must be a pairing number, not {opp_text.strip()!r}", path, number)
    opponent = int(opp_text) if opp_text.strip() else 0
    if colour not in COLOUR_OF_LETTER and colour not in ("-", " "):
        raise InputError(where + f"colour must be w, b or -, not {block[5]!r}", path, number)
    if code not in "10=+-WDLHFUZ ":
        raise InputError(where + f"unknown result code {block[7]!r}", path, number)
    if opponent == pid:
        raise InputError(where + "player is paired against themself", path, number)
    if opponent:
        side = COLOUR_OF_LETTER.get(colour)
        if code in _PLAYED_CODES:
            if side is None:
                raise InputError(where + f"a played game needs colour w or b, not {block[5]!r}", path, number)
            return RoundEntry(RoundKind.GAME, opponent, side, code)
        if code == "+":
            return RoundEntry(RoundKind.FORFEIT_WIN, opponent, side, code)
        if code == "-":
            return RoundEntry(RoundKind.FORFEIT_LOSS, opponent, side, code)
        if code == " ":
            if side is None:
                raise InputError(where + "a pairing without result needs colour w or b", path, number)
            return RoundEntry(RoundKind.PENDING, opponent, side, code)
        raise InputError(where + f"result {code!r} cannot have an opponent", path, number)
    if colour in COLOUR_OF_LETTER:
        raise InputError(where + "a round without opponent cannot have a colour", path, number)
    kind = {"U": RoundKind.PAB, "+": RoundKind.PAB, "H": RoundKind.HALF_BYE, "=": RoundKind.HALF_BYE,
            "F": RoundKind.FULL_BYE, "Z": RoundKind.ZERO_BYE, "-": RoundKind.ZERO_BYE,
            " ": RoundKind.ZERO_BYE}.get(code)
    if kind is None:
        raise InputError(where + f"result {code!r} needs an opponent", path, number)
    return RoundEntry(kind, None, None, code)


def _parse_acceleration(line: str, number: int, path: str) -> tuple[int, list[int]]:
    pid = _int_field(line[4:8], "player id", path, number)
    values = []
    start = 9
    while start < len(line):
        chunk = line[start:start + 4]
        values.append(_points_field(chunk, "acceleration", path, number) if chunk.strip() else 0)
        start += 5
    return pid, values


_XXS_KEYS = {
    "WW": ("win",), "BW": ("win_black",), "WD": ("draw",), "BD": ("draw_black",),
    "WL": ("loss",), "BL": ("loss_black",), "ZPB": ("zero_bye",), "HPB": ("half_bye",),
    "FPB": ("full_bye",), "PAB": ("pab",), "FW": ("forfeit_win",), "FL": ("forfeit_loss",),
    "W": ("win", "win_black", "forfeit_win", "full_bye"), "D": ("draw", "draw_black", "half_bye"),
}


def _parse_xxs(line: str, number: int, path: str, scoring: dict[str, int]) -> None:
    for token in line[3:].split():
        key, sep, value = token.partition("=")
        if not sep or key.upper() not in _XXS_KEYS:
            raise InputError(f"XXS: cannot read {token!r} (expected CODE=VALUE)", path, number)
        points = _points_field(value, f"XXS {key}", path, number)
        for name in _XXS_KEYS[key.upper()]:
            scoring[name] = points


def _parse_162(line: str, number: int, path: str, scoring: dict[str, int], seen: set[str]) -> None:
    """TRF-2026 162 (symbols W D L A P X; Z for A as older writers have it; F and H, the full- and
    half-point bye on their own, as Double-Swiss files write their per-match values); ``seen``
    collects the symbols read."""
    names = {"W": ("win", "forfeit_win", "full_bye"), "D": ("draw", "half_bye"), "L": ("loss",),
             "A": ("zero_bye", "forfeit_loss"), "Z": ("zero_bye", "forfeit_loss"), "P": ("pab",),
             "F": ("full_bye",), "H": ("half_bye",)}
    start = 5
    while start < len(line):
        symbol = line[start:start + 1].upper()
        value = line[start + 1:start + 5]
        if symbol.strip():
            if symbol not in names and symbol != "X":
                raise InputError(f"162: unknown scoring symbol {symbol!r}", path, number)
            points = _points_field(value, f"162 {symbol}", path, number)
            seen.add(symbol)
            for name in names.get(symbol, ()):
                scoring[name] = points
        start += 9


def _parse_240(line: str, number: int, path: str, t: Tournament) -> None:
    kind = {"F": RoundKind.FULL_BYE, "H": RoundKind.HALF_BYE, "Z": RoundKind.ZERO_BYE}.get(line[4:5].upper())
    if kind is None:
        raise InputError(f"240: bye type must be F, H or Z, not {line[4:5]!r}", path, number)
    round_no = _round_field(line[6:9], "240 round", path, number)
    if t.teams:
        from cpswiss.formats.trf_teams import read_team_240

        read_team_240(line, number, t, kind, round_no)
        return
    for pid in _player_ids(line[10:].split(), "240 player", path, number, t):
        t.requested_byes.setdefault(round_no, {})[pid] = kind


def _parse_250(line: str, number: int, path: str, t: Tournament) -> None:
    """TRF-2026 250: fictitious points for a range of rounds and pairing numbers."""
    text = line.ljust(31)
    match_points = _points_field(text[4:8], "250 fictitious match points", path, number) if text[4:8].strip() else 0
    points = _points_field(text[9:13], "250 fictitious points", path, number) if text[9:13].strip() else 0
    first_round = _round_field(text[14:17], "250 first round", path, number)
    last_round = _round_field(text[18:21], "250 last round", path, number)
    first_id = _int_field(text[22:26], "250 first player", path, number)
    last_id = _int_field(text[27:31], "250 last player", path, number)
    if first_round > last_round or first_id > last_id:
        raise InputError("250: empty round or player range", path, number)
    if t.teams:
        if last_id > max(t.teams):
            raise InputError(f"250: team range {first_id}-{last_id} passes the last team pairing number "
                             f"({max(t.teams)})", path, number)
        for team in (q for q in t.teams if first_id <= q <= last_id):
            pairs = t.team_accelerations.setdefault(team, [])
            pairs.extend([(0, 0)] * (last_round - len(pairs)))
            for r in range(first_round, last_round + 1):
                pairs[r - 1] = (pairs[r - 1][0] + match_points, pairs[r - 1][1] + points)
        return
    if last_id > max(t.players):
        raise InputError(f"250: player range {first_id}-{last_id} passes the last pairing number "
                         f"({max(t.players)})", path, number)
    for pid in (q for q in t.players if first_id <= q <= last_id):
        values = t.accelerations.setdefault(pid, [])
        if len(values) < last_round:
            values.extend([0] * (last_round - len(values)))
        for r in range(first_round, last_round + 1):
            values[r - 1] += points


def _validate(t: Tournament, player_lines: dict[int, int]) -> None:
    """Cross-record checks: opponents, symmetry, rounds, points (trf-caveats 1-6)."""
    path = t.path
    for pid, record in t.players.items():
        if t.total_rounds is not None and len(record.rounds) > t.total_rounds:
            raise InputError(f"player {pid} has a block for round {len(record.rounds)} but the "
                             f"tournament has {t.total_rounds} rounds (XXR)", path, record.line)
        for index, entry in enumerate(record.rounds):
            if entry is None or not entry.kind.has_opponent or entry.opponent is None:
                continue
            round_no = index + 1
            opp = t.players.get(entry.opponent)
            if opp is None:
                raise InputError(f"round {round_no}: opponent {entry.opponent} of player {pid} is not "
                                 "a player of this tournament", path, record.line)
            back = opp.entry(round_no)
            if back is None or back.opponent != pid:
                claimants = [q for q, rec in t.players.items()
                             if q != pid and (e := rec.entry(round_no)) is not None and e.opponent == entry.opponent]
                if back is not None and back.opponent is not None and back.opponent in claimants:
                    raise InputError(f"round {round_no}: player {entry.opponent} is in two games "
                                     f"(against {pid} and {back.opponent})", path, record.line)
                found = "no game" if back is None or back.opponent is None else f"a game against {back.opponent}"
                raise InputError(f"round {round_no}: player {pid} has a game against {entry.opponent}, "
                                 f"whose record has {found} in that round", path, record.line)
            if not _results_agree(entry, back, t.games_per_round > 1):
                raise InputError(f"round {round_no}: results of {pid} ({round_block(entry).strip()}) and "
                                 f"{entry.opponent} ({round_block(back).strip()}) do not agree", path, record.line)
    _check_points_columns(t)


def _check_points_columns(t: Tournament) -> None:
    """trf-caveats 6 and RF-2: each points column (81-84) must be the sum of the player's
    results up to the last paired round or up to any later round he has a block for - the
    byes and absences entered for later rounds (requested byes) may or may not be counted
    yet.  Columns all 0.0 where results score are refused as not filled in (RF-3)."""
    last = t.last_paired_round
    written = [r for r in t.players.values() if r.points_column is not None]
    wrong = [r for r in written
             if r.points_column not in {t.computed_points(r, n) for n in range(last, max(last, len(r.rounds)) + 1)}]
    if not wrong:
        return
    if all(r.points_column == 0 for r in written):
        raise InputError("every points column (81-84) is 0.0 but the results score: the program that "
                         "wrote the file left them empty; give --recompute-points to have them "
                         "recomputed from the results", t.path)
    record = wrong[0]
    raise InputError(f"points column says {format_points(record.points_column or 0)} but the results add "
                     f"up to {format_points(t.computed_points(record))}: correct the results or the column "
                     "(a half-point bye is written 0000 - H), or give --recompute-points to score the "
                     "players from their results", t.path, record.line)


_HALF, _NOUGHT = frozenset("=D"), frozenset("0L")


def _results_agree(a: RoundEntry, b: RoundEntry, rare_games: bool = False) -> bool:
    """The two sides of a game agree; ``rare_games`` (a Double-Swiss file, C.04.5 Preface): a
    game may also end ½-0, 0-½ or 0-0."""
    if a.kind is RoundKind.GAME:
        if b.kind is not RoundKind.GAME or {a.colour, b.colour} != {WHITE, BLACK}:
            return False
        rare = rare_games and a.code in _HALF | _NOUGHT and b.code in _HALF | _NOUGHT \
            and not (a.code in _HALF and b.code in _HALF)
        return _COMPLEMENT[a.code] == b.code or rare
    if a.kind is RoundKind.PENDING:
        return b.kind is RoundKind.PENDING and {a.colour, b.colour} == {WHITE, BLACK}
    if a.colour and b.colour and a.colour == b.colour:
        return False  # both sides with the same colour, forfeits included
    if a.kind is RoundKind.FORFEIT_WIN:
        return b.kind is RoundKind.FORFEIT_LOSS
    if a.kind is RoundKind.FORFEIT_LOSS:
        return b.kind in (RoundKind.FORFEIT_WIN, RoundKind.FORFEIT_LOSS)
    return False
