"""A tournament with a newly paired round written into it, as the report file keeps it: what
``pair -w`` and the server write back (individual, Double-Swiss and team files alike)."""

from __future__ import annotations

from dataclasses import replace

from cpswiss.tournament.colour import BLACK, WHITE
from cpswiss.tournament.model import BYE_CODES, PlayerRecord, RoundEntry, RoundKind, Tournament
from cpswiss.tournament.team_rounds import with_team_round


def with_round(t: Tournament, round_no: int, boards: list[tuple[int, int]], bye: int | None) -> Tournament:
    """A copy with a newly paired round appended (results pending, the PAB scored).

    The byes requested for the round in TRF-2026 ``240`` records move into the
    round's blocks (``0000 - H`` / ``F`` / ``Z``), as TRF-2026 writes the byes of
    rounds already paired, and those ``240`` records are dropped.  In a Double-Swiss file
    ``round_no`` is a match: its two columns are written, game 2 with reversed colours and
    a bye in both (:mod:`cpswiss.formats.trf_double`).  In a team file ``boards`` are the
    matches, written on the teams' boards (:func:`~cpswiss.tournament.team_rounds.with_team_round`).
    """
    if t.teams:  # boards is then the matches, (team with White on board 1, other team)
        return with_team_round(t, round_no, boards, bye)
    per = t.games_per_round
    columns = range(per * (round_no - 1) + 1, per * round_no + 1)
    entries: dict[int, list[RoundEntry]] = {}
    for column in columns:
        for pid, kind in t.requested_byes.get(column, {}).items():
            entries[pid] = [RoundEntry(kind, None, None, BYE_CODES[kind])] * per
    for white, black in boards:
        entries[white] = [RoundEntry(RoundKind.PENDING, black, (WHITE, BLACK)[g % 2], " ") for g in range(per)]
        entries[black] = [RoundEntry(RoundKind.PENDING, white, (BLACK, WHITE)[g % 2], " ") for g in range(per)]
    if bye is not None:
        entries[bye] = [RoundEntry(RoundKind.PAB, None, None, BYE_CODES[RoundKind.PAB])] * per
    players: dict[int, PlayerRecord] = {}
    for pid, record in t.players.items():
        rounds = list(record.rounds)
        if pid in entries:
            while len(rounds) < columns[-1]:
                rounds.append(None)
            rounds[columns[0] - 1:columns[-1]] = entries[pid]
        new = replace(record, rounds=rounds)
        if new.points_column is not None:
            new.points_column = t.computed_points(new)
        players[pid] = new
    layout = [item for item in t.layout
              if not (isinstance(item, str) and item.startswith("240") and item[6:9].strip().isdigit()
                      and int(item[6:9]) in columns)]
    requested = {r: byes for r, byes in t.requested_byes.items() if r not in columns}
    return replace(t, players=players, absent_next=set(), layout=layout, requested_byes=requested)


def match_games(t: Tournament, round_no: int, white: int, black: int) -> list[tuple[int, int, int]]:
    """The games of a match of a tournament with its round written in (:func:`with_round`), as
    (number, White's player, Black's player): a team match board by board, the players by the
    board order and the colours the colour sequence (352) gave them (C.04.6 Art. 4); a
    Double-Swiss match game 1 as paired, game 2 with the colours reversed (C.04.5 Art. 1.2); a
    match of one game, that game."""
    if t.teams:
        boards = t.number_of_boards()
        games = []
        for board, (a, b) in enumerate(zip(t.teams[white].members[:boards], t.teams[black].members[:boards]),
                                       start=1):
            entry = t.players[a].entry(round_no)
            games.append((board, a, b) if entry is None or entry.colour != BLACK else (board, b, a))
        return games
    return [(number, white, black) if number % 2 else (number, black, white)
            for number in range(1, t.games_per_round + 1)]
