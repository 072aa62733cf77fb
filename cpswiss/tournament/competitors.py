"""Competitors and matches: the tournament as a team or Double-Swiss system pairs it.

A tournament is a set of competitors - a player, or a team with its roster and board order - and
a round gives each competitor one :class:`CompetitorEntry`: a match of one or more games (a
Dutch round is a match of one game, a team match has one game per board, a Double-Swiss match
two games against the same opponent), a bye of a declared kind, or nothing (absent).  Each
entry carries its game points and match points and its match colour as the system defines it
(:class:`CompetitionRules`: the board-1 colour of a team, C.04.6 Art. 1.6.1; the game-1 colour
in C.04.5, Art. 1.6), and whether it counts as played (a meeting, GHR 3.5).

The records these are read from are the players' round blocks (``001``) and, for teams, the
TRF-2026 team records (:mod:`cpswiss.tournament.model`; their module loads only for a team
file).  This is the one model of every system: :func:`competitors` of an individual file gives
each player one-game matches (:func:`players_as_competitors`), and the individual state
(:mod:`cpswiss.tournament.state`) is summed from them as the state of the systems of matches is
(:mod:`cpswiss.tournament.history`).
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING

from cpswiss.errors import InputError
from cpswiss.tournament.colour import BLACK, WHITE, Colour, opposite
from cpswiss.tournament.model import RoundEntry, RoundKind, Tournament

if TYPE_CHECKING:
    from cpswiss.tournament.team_records import BoardOrder, MatchScoring, TeamForfeit


class EntryKind(enum.Enum):
    """What one round meant for one competitor."""

    MATCH = "match"  # paired, and the match took place (per the system's rule for "played")
    FORFEIT_WIN = "forfeit-win"  # paired; the opponent forfeited the match as a whole
    FORFEIT_LOSS = "forfeit-loss"  # paired; this competitor forfeited the match as a whole
    DOUBLE_FORFEIT = "double-forfeit"  # paired; both forfeited (330 '--')
    PENDING = "pending"  # paired, no result yet
    PAB = "pab"  # pairing-allocated bye
    HALF_BYE = "half-bye"
    FULL_BYE = "full-bye"
    ZERO_BYE = "zero-bye"  # a declared absence

    @property
    def took_part_in_pairing(self) -> bool:
        """Paired (a match, forfeited or not, pending) or given the pairing-allocated bye."""
        return self not in (EntryKind.HALF_BYE, EntryKind.FULL_BYE, EntryKind.ZERO_BYE)

    @property
    def has_opponent(self) -> bool:
        return self in (EntryKind.MATCH, EntryKind.FORFEIT_WIN, EntryKind.FORFEIT_LOSS,
                        EntryKind.DOUBLE_FORFEIT, EntryKind.PENDING)


_BYE_KINDS = {RoundKind.PAB: EntryKind.PAB, RoundKind.HALF_BYE: EntryKind.HALF_BYE,
              RoundKind.FULL_BYE: EntryKind.FULL_BYE, RoundKind.ZERO_BYE: EntryKind.ZERO_BYE}


# Game, CompetitorEntry and Competitor are plain classes, compiled to native ones (setup.py): a
# dataclass is made at every start by compiling its methods, which costs a process that pairs a
# small file more than the rest of this module, and its generated __init__ costs a file of players
# about ten times a native one per player and round
class _Value:
    """A value read once and never changed: equal to and hashed as its ``_values()``."""

    __slots__ = ()

    def _values(self) -> tuple[object, ...]:
        raise NotImplementedError

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and isinstance(other, _Value) and self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        return f"{type(self).__name__}{self._values()!r}"

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        # copied and pickled by its constructor's arguments (a compiled class has no __dict__)
        return type(self), self._arguments()

    def _arguments(self) -> tuple[object, ...]:
        return self._values()


class Game(_Value):
    """One game of a match: the board (team) or game number (Double-Swiss), the competitor's
    player on it (0: an empty board), the opponent's player (0: none) and the player's block."""

    __slots__ = ("board", "player", "opponent", "entry")

    def __init__(self, board: int, player: int, opponent: int, entry: RoundEntry | None) -> None:
        self.board = board
        self.player = player
        self.opponent = opponent
        self.entry = entry

    @property
    def played(self) -> bool:
        return self.entry is not None and self.entry.played

    def _values(self) -> tuple[object, ...]:
        return self.board, self.player, self.opponent, self.entry


class CompetitorEntry(_Value):
    """One competitor's round.

    ``colour``: the scheduled match colour (None without an opponent); ``colour_had``:
    the colour the competitor *had* in the match, None unless the system's rule says the match
    gives one (C.04.6 1.6.1: a played match; C.04.5 1.6: at least one game played);
    ``played``: the match counts as played - a meeting for [C1] and a match played for 3.4.3
    (a match forfeited as a whole is not, GHR 3.5); points in tenths (match points 0 where the
    system has none)."""

    __slots__ = ("kind", "opponent", "colour", "colour_had", "played", "games", "game_points", "match_points")

    def __init__(self, kind: EntryKind, opponent: int | None = None, colour: Colour | None = None,
                 colour_had: Colour | None = None, played: bool = False, games: tuple[Game, ...] = (),
                 game_points: int = 0, match_points: int = 0) -> None:
        self.kind = kind
        self.opponent = opponent
        self.colour = colour
        self.colour_had = colour_had
        self.played = played
        self.games = games
        self.game_points = game_points
        self.match_points = match_points

    def with_match_points(self, match_points: int) -> CompetitorEntry:
        """The same entry scored ``match_points``."""
        return CompetitorEntry(self.kind, self.opponent, self.colour, self.colour_had, self.played, self.games,
                               self.game_points, match_points)

    def _values(self) -> tuple[object, ...]:
        return (self.kind, self.opponent, self.colour, self.colour_had, self.played, self.games, self.game_points,
                self.match_points)


class Competitor(_Value):
    """A player or a team: its pairing number, name, members in default board order (a
    player: itself), one entry per round (index = round - 1; None: absent, no block) and the
    line of its 310 / 001 record."""

    __slots__ = ("id", "name", "members", "entries", "line")

    def __init__(self, id: int, name: str, members: tuple[int, ...], entries: tuple[CompetitorEntry | None, ...],
                 line: int = 0) -> None:
        self.id = id
        self.name = name
        self.members = members
        self.entries = entries
        self.line = line

    def entry(self, round_no: int) -> CompetitorEntry | None:
        return self.entries[round_no - 1] if 1 <= round_no <= len(self.entries) else None

    def _values(self) -> tuple[object, ...]:
        return self.id, self.name, self.members, self.entries  # the line is where it was read, not a value

    def _arguments(self) -> tuple[object, ...]:
        return self.id, self.name, self.members, self.entries, self.line


def competitors(t: Tournament, up_to: int | None = None) -> dict[int, Competitor]:
    """The competitors of a tournament with their entries up to its last paired round, or up to
    round ``up_to`` (a round of byes only, which no pairing marks; round blocks grouped by match
    in a Double-Swiss file): teams for a team file, players otherwise.  InputError (naming the
    line) where a round of a team cannot be read as one match."""
    if t.is_team_tournament:
        return _teams(t, up_to)
    return players_as_competitors(t, t.games_per_round, up_to)


def players_as_competitors(t: Tournament, games_per_match: int = 1, up_to: int | None = None) -> dict[int, Competitor]:
    """Every player as a competitor, in the file's order of players, with one entry per match
    up to the last paired one (or up to ``up_to``): a match is ``games_per_match`` round
    columns (1: a player of an individual system, whatever the file; 2: a Double-Swiss
    match, C.04.5)."""
    per = games_per_match
    rounds = -(-t.last_paired_round // per) if up_to is None else up_to
    matches = [range(per * (k - 1) + 1, per * k + 1) for k in range(1, rounds + 1)]  # each match's columns
    found: dict[int, Competitor] = {}
    for pid, rec in t.players.items():
        found[pid] = Competitor(pid, rec.name, (pid,), tuple(_player_match(t, pid, columns) for columns in matches),
                                rec.line)
    return found


def _player_match(t: Tournament, pid: int, columns: range) -> CompetitorEntry | None:
    """The match of a player made of his blocks in its round columns (one; two in C.04.5)."""
    rec = t.players[pid]
    scoring = t.scoring
    first: RoundEntry | None = None
    games: list[Game] = []
    points = 0
    pending = played = False
    # one loop over the match's blocks: an individual file reads every player's every round here
    for number, r in enumerate(columns, start=1):
        e = rec.entry(r)
        if e is None:
            continue
        if first is None:
            first = e
            if not e.kind.has_opponent:  # a bye covers the match: its value is per match
                points = scoring.points(e)
                return CompetitorEntry(_BYE_KINDS[e.kind], game_points=points, match_points=points)
        points += scoring.points(e)
        pending = pending or e.kind is RoundKind.PENDING
        played = played or e.kind is RoundKind.GAME
        games.append(Game(number, pid, e.opponent or 0, e))
    if first is None:
        return None
    opponent, colour, played_games = first.opponent, first.colour, tuple(games)
    if pending:
        return CompetitorEntry(EntryKind.PENDING, opponent, colour, None, False, played_games)
    if played:
        return CompetitorEntry(EntryKind.MATCH, opponent, colour, colour, True, played_games, points, points)

    def forfeited_all(who: int) -> bool:
        theirs = [t.players[who].entry(r) for r in columns]
        return all(e is not None and e.kind is RoundKind.FORFEIT_LOSS for e in theirs)

    # C.04.5 Preface: a match is forfeited only if a player forfeits all its games
    mine, theirs = forfeited_all(pid), opponent is not None and forfeited_all(opponent)
    if not (mine or theirs):
        return CompetitorEntry(EntryKind.MATCH, opponent, colour, None, True, played_games, points, points)
    kind = EntryKind.DOUBLE_FORFEIT if mine and theirs else \
        EntryKind.FORFEIT_LOSS if mine else EntryKind.FORFEIT_WIN
    return CompetitorEntry(kind, opponent, colour, None, False, played_games, points, points)


def _teams(t: Tournament, up_to: int | None = None) -> dict[int, Competitor]:
    """The teams (310) with one entry per round, read from their members' blocks and the
    320 / 330 / 300 / 240 records (C.04.6 Art. 1.4, 1.6; GHR 3.5)."""
    boards = t.number_of_boards()
    team_of = t.member_teams()
    mp = _match_scoring(t)
    forfeits: dict[tuple[int, int], TeamForfeit] = {}
    for f in t.team_forfeits:
        forfeits[f.round_no, f.white] = forfeits[f.round_no, f.black] = f
    orders = {(o.round_no, o.team): o for o in t.board_orders}
    last = t.last_paired_round if up_to is None else up_to
    per_round: dict[int, list[CompetitorEntry | None]] = {team: [] for team in t.teams}
    trf16_pab = t.team_pab is None and all(team.text.startswith("013") for team in t.teams.values())
    for r in range(1, last + 1):
        found = {number: _team_round(t, r, team.number, team.members, boards, team_of, forfeits, orders)
                 for number, team in t.teams.items()}
        unpaired = [number for number, e in found.items() if e is None or e.kind is EntryKind.ZERO_BYE]
        if trf16_pab and len(unpaired) == 1 and len(found) % 2 and r not in t.team_byes:
            found[unpaired[0]] = _pab(t, boards)  # TRF16 writes the PAB team as not playing (RF-7)
        for number, entry in found.items():
            if entry is not None and entry.kind in (EntryKind.MATCH, EntryKind.PENDING) and entry.opponent:
                other = found.get(entry.opponent)
                if other is None or other.opponent != number:
                    raise InputError(f"round {r}: team {number} plays team {entry.opponent}, whose players "
                                     f"do not play team {number}", t.path, t.teams[number].line)
                if entry.kind is EntryKind.MATCH:
                    points = mp.win if entry.game_points > other.game_points else \
                        mp.draw if entry.game_points == other.game_points else mp.loss
                    entry = entry.with_match_points(points)
            per_round[number].append(entry)
    return {number: Competitor(number, team.name, team.members, tuple(per_round[number]), team.line)
            for number, team in t.teams.items()}


def _team_round(t: Tournament, r: int, number: int, members: tuple[int, ...], boards: int,
                team_of: dict[int, int], forfeits: dict[tuple[int, int], TeamForfeit],
                orders: dict[tuple[int, int], BoardOrder]) -> CompetitorEntry | None:
    """One team's entry in round ``r`` (match points of a played match filled in later)."""
    mp = _match_scoring(t)
    blocks = {pid: e for pid in members if (e := t.players[pid].entry(r)) is not None}
    points = sum(t.scoring.points(e) for e in blocks.values())
    line = t.teams[number].line
    forfeit = forfeits.get((r, number))
    if forfeit is not None:
        white = forfeit.white == number
        opponent = forfeit.black if white else forfeit.white
        won = forfeit.result == ("+-" if white else "-+")
        kind = EntryKind.DOUBLE_FORFEIT if forfeit.result == "--" else \
            EntryKind.FORFEIT_WIN if won else EntryKind.FORFEIT_LOSS
        if not blocks and won:
            points = boards * (t.scoring.win if t.scoring.forfeit_win is None else t.scoring.forfeit_win)
        return CompetitorEntry(kind, opponent, WHITE if white else BLACK, None, False, (), points,
                               mp.win if won else mp.loss)
    pab_team = t.team_pab.team_of(r) if t.team_pab is not None else 0
    with_opponent = {pid: e for pid, e in blocks.items() if e.opponent is not None}
    if with_opponent:
        if pab_team == number:
            raise InputError(f"round {r}: team {number} has the pairing-allocated bye (320) but its "
                             "players have games", t.path, t.team_pab.line if t.team_pab else line)
        return _team_match(t, r, number, members, with_opponent, team_of, orders, points)
    if pab_team == number or any(e.kind is RoundKind.PAB for e in blocks.values()):
        return _pab(t, boards)
    kinds = {e.kind for e in blocks.values()}
    if kinds & {RoundKind.FORFEIT_WIN, RoundKind.FORFEIT_LOSS}:
        raise InputError(f"round {r}: the players of team {number} have forfeits without an opponent "
                         "but no 330 record names the match", t.path, line)
    requested = t.team_byes.get(r, {}).get(number)
    if requested is not None:  # the team's bye (240): its members' zero blocks say they did not play
        kinds.discard(RoundKind.ZERO_BYE)
        kinds.add(requested)
    if not kinds:
        return None
    if len(kinds) > 1:
        raise InputError(f"round {r}: the players of team {number} have different byes "
                         f"({', '.join(sorted(k.value for k in kinds))})", t.path, line)
    kind = _BYE_KINDS[kinds.pop()]
    if not blocks or requested is not None:  # a team's bye is worth its value on every board
        points = boards * t.scoring.points(RoundEntry(_BYE_ROUND_KINDS[kind]))
    match_points = {EntryKind.FULL_BYE: mp.win, EntryKind.HALF_BYE: mp.draw}.get(kind, mp.loss)
    return CompetitorEntry(kind, game_points=points, match_points=match_points)


def _match_scoring(t: Tournament) -> MatchScoring:
    """The match points of a team file: 362, else the defaults (2 / 1 / 0).  The team records'
    module loads here, for a team file only."""
    from cpswiss.tournament.team_records import MatchScoring
    return t.match_scoring or MatchScoring()


_BYE_ROUND_KINDS = {kind: round_kind for round_kind, kind in _BYE_KINDS.items()}


def _pab(t: Tournament, boards: int) -> CompetitorEntry:
    """A team's pairing-allocated bye: the 320 values, else a drawn match (C.04.6 Art. 1.4)."""
    if t.team_pab is not None:
        return CompetitorEntry(EntryKind.PAB, game_points=t.team_pab.game_points, match_points=t.team_pab.match_points)
    return CompetitorEntry(EntryKind.PAB, game_points=boards * t.scoring.draw,
                           match_points=_match_scoring(t).draw)


def _team_match(t: Tournament, r: int, number: int, members: tuple[int, ...], blocks: dict[int, RoundEntry],
                team_of: dict[int, int], orders: dict[tuple[int, int], BoardOrder], points: int) -> CompetitorEntry:
    """A team's match in round ``r`` from its members' games: the opponent team, the boards
    (300, else the 310 order of the members who have a game), the board-1 colour (C.04.6
    Art. 1.6.1; 352, else boards alternating from board 1)."""
    first = next(iter(blocks.values()))
    opponent = team_of.get(first.opponent or 0)
    for pid, e in blocks.items():
        if opponent is None or team_of.get(e.opponent or 0) != opponent:
            raise InputError(f"round {r}: the players of team {number} do not all play one team (player {pid} "
                             f"plays {e.opponent}, {first.opponent} plays for team {opponent})"
                             if opponent is not None else f"round {r}: player {pid} of team {number} plays "
                             f"{e.opponent}, who is in no team (310)", t.path, t.players[pid].line)
    order = orders.get((r, number))
    defaults = {pid: d for pid in members if (d := t.players[pid].entry(r)) is not None and d.opponent is None
                and d.kind is RoundKind.FORFEIT_WIN}  # boards won by default (trf_teams.check_teams)
    seats = order.players if order is not None else tuple(p for p in members if p in blocks or p in defaults)
    unseated = [p for p in blocks if p not in seats]
    if unseated and order is not None:
        raise InputError(f"300: player {unseated[0]} of team {number} has a game in round {r} but no board",
                         t.path, order.line)
    games = tuple(Game(board, pid, (blocks[pid].opponent or 0) if pid in blocks else 0,
                       blocks.get(pid) or defaults.get(pid))
                  for board, pid in enumerate(seats, start=1))
    colour = _board_one_colour(t, games)
    entries = list(blocks.values())
    if any(e.kind is RoundKind.PENDING for e in entries):
        return CompetitorEntry(EntryKind.PENDING, opponent, colour, None, False, games)
    played = any(e.played for e in entries)
    if not played:
        mine = all(e.kind is RoundKind.FORFEIT_LOSS for e in entries)
        theirs = all(e.kind is RoundKind.FORFEIT_WIN for e in entries)
        if mine or theirs:  # every board forfeited one way: the match is forfeited as a whole
            kind = EntryKind.FORFEIT_LOSS if mine else EntryKind.FORFEIT_WIN
            mp = _match_scoring(t)
            return CompetitorEntry(kind, opponent, colour, None, False, games, points,
                                   mp.loss if mine else mp.win)
    # no board played, forfeits both ways (no 330): scored on its boards, but no colour had and no
    # meeting (C.04.6 Art. 1.6.1, GHR 3.5; docs/team-2026.md TS-10)
    return CompetitorEntry(EntryKind.MATCH, opponent, colour, colour if played else None, played, games, points, 0)


def _board_one_colour(t: Tournament, games: tuple[Game, ...]) -> Colour | None:
    """The colour scheduled for board 1, from the first board that has a colour."""
    pattern = t.board_colours or ""
    for g in games:
        if g.entry is not None and g.entry.colour is not None:
            k = g.board - 1
            same = pattern[0] == pattern[k] if len(pattern) > k else k % 2 == 0
            return g.entry.colour if same else opposite(g.entry.colour)
    return None


def match_pairing_of(found: dict[int, Competitor], round_no: int) -> tuple[list[tuple[int, int]], list[int]]:
    """The pairing written for a round, by competitor: (White, Black) per match - the match
    colour, board 1 / game 1; forfeited matches included, by the scheduled colours - in order of
    the White competitor's number, and the competitors given the pairing-allocated bye (the
    counterpart of :meth:`Tournament.pairing_of` for teams and Double-Swiss matches)."""
    matches: list[tuple[int, int]] = []
    byes: list[int] = []
    for cid in sorted(found):
        e = found[cid].entry(round_no)
        if e is None:
            continue
        if e.kind is EntryKind.PAB:
            byes.append(cid)
        elif e.kind.has_opponent and e.opponent is not None and \
                (e.colour == WHITE or (e.colour is None and cid < e.opponent)):
            matches.append((cid, e.opponent))
    return matches, byes
