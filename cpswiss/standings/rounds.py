"""The rounds of every competitor as the tie-breaks read them (C.07 Art. 15-16), on the shared
competitor model (:mod:`cpswiss.tournament.competitors`: a player is a competitor with one-game
matches, a team one game per board, a Double-Swiss player two games per match).

Per round: the entry kind, the opponent, whether a game (match) was played over the board, the
points in each score (tenths: game points, match points - the same for a player), the colour, the
game points per board (Art. 12), and whether the round is a *voluntarily unplayed round* (Art.
16.1: a requested bye - half- or zero-point, absence or a round after a withdrawal - or a
forfeit loss).  Per competitor: its own score, and its **adjusted score** as the others' tie-breaks
see it (Art. 16.3: an unplayed round of category 16.2.5 - a requested bye followed only by VURs,
or in the last round - counts as a draw; every other round as awarded).

Rounds after the standings' round are not read (C.07 4.3: future rounds are not unplayed rounds).
"""

from __future__ import annotations

from dataclasses import dataclass

from cpswiss.errors import InputError
from cpswiss.tournament.colour import Colour
from cpswiss.tournament.competitors import Competitor as TournamentCompetitor
from cpswiss.tournament.competitors import CompetitorEntry, EntryKind, competitors
from cpswiss.tournament.model import Scoring, Tournament
from cpswiss.tournament.team_records import MatchScoring

MP, GP = "MP", "GP"

# Art. 16.1: the requested byes and forfeit losses; None: no entry (absent, not yet entered)
_VUR_KINDS = (EntryKind.HALF_BYE, EntryKind.ZERO_BYE, EntryKind.FORFEIT_LOSS, EntryKind.DOUBLE_FORFEIT, None)


@dataclass(slots=True)
class Round:
    """One competitor's round for the tie-breaks.  Never changed once read; not frozen because
    one is read per round of every competitor (the Burstein Index's too), and a frozen class's
    constructor is several times slower."""

    number: int
    kind: EntryKind | None  # None: no entry (a zero-point bye, Art. 16.1)
    opponent: int  # 0: none
    over_board: bool  # a game (a match) played: Art. 15.1
    mp: int  # match points, tenths (a player: his game points)
    gp: int  # game points, tenths
    colour: Colour | None
    boards: tuple[int, ...] = ()  # game points per board, board 1 first (teams, Art. 12)
    outcome: int = 0  # a game played: 2 won, 1 drawn, 0 lost (the rating tie-breaks' 1 / ½ / 0)

    @property
    def vur(self) -> bool:
        """A voluntarily unplayed round (Art. 16.1)."""
        return self.kind in _VUR_KINDS

    @property
    def paired(self) -> bool:
        """Paired against an opponent (a game or a forfeit) or given the pairing-allocated bye."""
        return self.opponent > 0 or self.kind is EntryKind.PAB

    def points(self, score: str) -> int:
        return self.mp if score == MP else self.gp

    @property
    def category(self) -> str:
        """Art. 16.2's category of an unplayed round: ``16.2.1`` PAB or full-point bye, ``16.2.2``
        forfeit win, ``16.2.4`` forfeit loss; requested byes are ``16.2.3`` or ``16.2.5``, which
        depends on the later rounds (:meth:`Competitor.category`); "" for a game played."""
        if self.over_board:
            return ""
        if self.kind in (EntryKind.PAB, EntryKind.FULL_BYE):
            return "16.2.1"
        if self.kind is EntryKind.FORFEIT_WIN:
            return "16.2.2"
        if self.kind in (EntryKind.FORFEIT_LOSS, EntryKind.DOUBLE_FORFEIT):
            return "16.2.4"
        return "16.2.3"


@dataclass(frozen=True)
class Competitor:
    """A competitor's rounds 1..n, its rating (None: unrated) and name, and the points 299
    records assign it in those rounds (``assigned``: match points, game points; RF-6)."""

    id: int
    name: str
    rating: int | None
    rounds: tuple[Round, ...]
    assigned: tuple[int, int] = (0, 0)

    def score(self, score: str) -> int:
        return sum(r.points(score) for r in self.rounds) + self.assigned_points(score)

    def assigned_points(self, score: str) -> int:
        """The points of 299 records in ``score`` (a player's: his points in either)."""
        return self.assigned[0] if score == MP else self.assigned[1]

    @property
    def last_non_vur(self) -> int:
        """The last round that is not a VUR (0: none) - a requested bye before it is 16.2.3."""
        return max((r.number for r in self.rounds if not r.vur), default=0)

    def category(self, r: Round) -> str:
        """Art. 16.2 with the future: a requested bye followed only by VURs is ``16.2.5``."""
        found = r.category
        if found == "16.2.3" and r.number > self.last_non_vur:
            return "16.2.5"
        return found


@dataclass(frozen=True)
class Field:
    """Every competitor's rounds after round ``n``, and the scores' values (tenths)."""

    competitors: dict[int, Competitor]
    n: int
    team: bool
    primary: str  # MP or GP (a player: GP, his game points)
    boards: int
    win: dict[str, int]  # the points of a match won / drawn, per score (TB-12: a Double-Swiss match
    draw: dict[str, int]  # is two games)
    round_robin: bool = False

    def other(self, score: str) -> str:
        return GP if score == MP else MP

    def adjusted(self, cid: int, score: str) -> int:
        """Art. 16.3: the competitor's score as its opponents' tie-breaks see it - rounds of
        category 16.2.5 as draws, every other round as awarded."""
        c = self.competitors[cid]
        if self.round_robin:
            return c.score(score)
        last = c.last_non_vur
        return c.assigned_points(score) + sum(r.points(score) if r.number <= last or r.opponent > 0
                                              else self.draw[score] for r in c.rounds)

    def adjustment(self, cid: int, score: str | None = None) -> Adjustment:
        """:meth:`adjusted` with its reason: the rounds counted as draws (16.2.5, 16.3)."""
        score = score or self.primary
        c = self.competitors[cid]
        draws = () if self.round_robin else tuple(r.number for r in c.rounds if c.category(r) == "16.2.5")
        return Adjustment(cid, c.score(score), self.adjusted(cid, score), draws)


@dataclass(frozen=True)
class Adjustment:
    """Art. 16.3: a competitor's own score, the score the others' tie-breaks see (tenths), and
    the rounds of category 16.2.5 (a requested bye followed only by VURs, or in the last round)
    counted as draws for it."""

    id: int
    own: int
    adjusted: int
    as_draws: tuple[int, ...]

    def text(self) -> str:
        if not self.as_draws:
            return f"{self.id}: {self.adjusted / 10:g}, every round as awarded (C.07 Art. 16.3)"
        rounds = ", ".join(str(r) for r in self.as_draws)
        return (f"{self.id}: {self.adjusted / 10:g} (own score {self.own / 10:g}; round(s) {rounds} of category "
                "16.2.5 counted as draws, C.07 Art. 16.3)")


def last_complete_round(t: Tournament, found: dict[int, TournamentCompetitor] | None = None) -> int:
    """The last paired round (a game or a pairing-allocated bye) with no game still pending:
    the standings' round by default (byes entered in advance for the next round do not make
    it a round played).  ``found``: the file's competitors, when already read."""
    found = competitors(t) if found is None else found
    last = max((len(c.entries) for c in found.values()), default=0)
    while last > 0 and any((e := c.entry(last)) is not None and e.kind is EntryKind.PENDING
                           for c in found.values()):
        last -= 1
    return last


def last_round_written(t: Tournament) -> int:
    """The last round any record has a block for (a round of byes only included): the latest
    round the standings may be asked for."""
    if t.is_team_tournament:
        return t.last_paired_round
    return -(-max((len(p.rounds) for p in t.players.values()), default=0) // t.games_per_round)


def read_field(t: Tournament, n: int, primary: str | None = None, round_robin: bool = False,
               found: dict[int, TournamentCompetitor] | None = None) -> Field:
    """The competitors' rounds 1..n (``found``: the file's competitors up to its last paired
    round, when already read).  InputError when a game of those rounds has no result."""
    if found is None or any(len(c.entries) < n for c in found.values()):
        found = competitors(t, n)
    team = t.is_team_tournament
    boards = t.number_of_boards() if team else 1
    mp = t.match_scoring or MatchScoring()
    scoring = t.scoring
    games = boards * t.games_per_round  # a match: a team's boards, a Double-Swiss player's two games
    win = {GP: scoring.win * games, MP: mp.win if team else scoring.win * games}
    draw = {GP: scoring.draw * games, MP: mp.draw if team else scoring.draw * games}
    result: dict[int, Competitor] = {}
    for cid, c in found.items():
        rounds = []
        for number in range(1, n + 1):
            entry = c.entry(number)
            if entry is not None and entry.kind is EntryKind.PENDING:
                raise InputError(f"round {number} is not complete (competitor {cid} has no result): give "
                                 f"--round {number - 1} or the results", t.path, c.line or None)
            rounds.append(_round(number, entry, team, boards, scoring))
        result[cid] = Competitor(cid, c.name, _rating(t, cid, c.members), tuple(rounds), _assigned(t, cid, n))
    return Field(result, n, team, primary or (MP if team else GP), boards, win, draw, round_robin)


def _assigned(t: Tournament, cid: int, n: int) -> tuple[int, int]:
    """(match points, game points) the 299 records of rounds 0..n assign a competitor (RF-6); a
    player's points count in both scores."""
    if not t.point_assignments:
        return 0, 0
    found = [t.assigned_points(cid, r) for r in t.assignment_rounds(n)]
    points = sum(p for _, p in found)
    return (sum(mp for mp, _ in found), points) if t.is_team_tournament else (points, points)


def _rating(t: Tournament, cid: int, members: tuple[int, ...]) -> int | None:
    if t.is_team_tournament:
        return None
    rating = t.players[cid].rating
    return rating if rating else None  # a blank or zero rating: unrated (Art. 10)


def _round(number: int, entry: CompetitorEntry | None, team: bool, boards: int, scoring: Scoring) -> Round:
    if entry is None:
        return Round(number, None, 0, False, 0, 0, None, (0,) * boards if team else ())
    over_board = entry.kind is EntryKind.MATCH and entry.played
    gp = entry.game_points
    per_board = _board_points(entry, boards, scoring) if team else ()
    outcome = 0
    if over_board and not team and entry.games and entry.games[0].entry is not None:
        outcome = {"win": 2, "draw": 1}.get(entry.games[0].entry.outcome or "", 0)
    return Round(number, entry.kind, entry.opponent or 0, over_board,
                 entry.match_points if team else gp, gp, entry.colour, per_board, outcome)


def _board_points(entry: CompetitorEntry, boards: int, scoring: Scoring) -> tuple[int, ...]:
    """Art. 12 preamble: the game points on each board; a PAB, a forfeit win and a full-point
    bye count a win on every board, another match without games its points shared evenly."""
    if entry.kind in (EntryKind.PAB, EntryKind.FORFEIT_WIN, EntryKind.FULL_BYE):
        return (scoring.win,) * boards
    if entry.games:
        points = [0] * boards
        for g in entry.games:
            if 1 <= g.board <= boards and g.entry is not None:
                points[g.board - 1] = scoring.points(g.entry)
        return tuple(points)
    return (entry.game_points // boards,) * boards
