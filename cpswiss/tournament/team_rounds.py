"""A newly paired team round written into the tournament (TRF-2026 team files), the team
counterpart of :func:`~cpswiss.tournament.paired_round.with_round`, which calls it for a
team file.

Each match is written on its boards: board *k* of the White team (board-1 colour White, C.04.6
Art. 1.6.1) against board *k* of the other, in each team's default board order (the first
members of its ``310`` record, as many as the match has boards), the board colours following
``352`` (default: alternating from board 1), results pending.  The pairing-allocated bye goes
into ``320`` (created with a drawn match's value, C.04.6 Art. 1.4, when the file has none) and
``0000 - U`` on every member; a bye asked for in ``240`` becomes ``0000 - F`` / ``H`` / ``Z`` on
every member, the ``240`` record kept (team files keep them for rounds already paired)."""

from __future__ import annotations

from dataclasses import replace

from cpswiss.tournament.colour import BLACK, WHITE, Colour
from cpswiss.tournament.model import BYE_CODES, PlayerRecord, RoundEntry, RoundKind, Tournament
from cpswiss.tournament.team_records import MatchScoring, TeamPab


def board_colour(t: Tournament, board: int, white_team: bool) -> Colour:
    """The colour on ``board`` (1-based) of the team with White on board 1."""
    pattern = t.board_colours or ""
    same = pattern[board - 1] == pattern[0] if len(pattern) >= board else board % 2 == 1
    return WHITE if same == white_team else BLACK


def with_team_round(t: Tournament, round_no: int, matches: list[tuple[int, int]], bye: int | None) -> Tournament:
    """A copy of team tournament ``t`` with round ``round_no`` paired: ``matches`` as (team with
    White on board 1, other team), ``bye`` the team given the pairing-allocated bye."""
    boards = t.number_of_boards()
    blocks: dict[int, RoundEntry] = {}
    for team, kind in t.team_byes.get(round_no, {}).items():
        for pid in t.teams[team].members:
            blocks[pid] = RoundEntry(kind, None, None, BYE_CODES[kind])
    for white, black in matches:
        seats = list(zip(t.teams[white].members[:boards], t.teams[black].members[:boards]))
        for board, (w, b) in enumerate(seats, start=1):
            blocks[w] = RoundEntry(RoundKind.PENDING, b, board_colour(t, board, True), " ")
            blocks[b] = RoundEntry(RoundKind.PENDING, w, board_colour(t, board, False), " ")
    team_pab, scoring = t.team_pab, t.scoring
    layout = list(t.layout)
    if bye is not None:
        for pid in t.teams[bye].members:
            blocks[pid] = RoundEntry(RoundKind.PAB, None, None, BYE_CODES[RoundKind.PAB])
        if team_pab is None:
            draw = (t.match_scoring or MatchScoring()).draw
            team_pab = TeamPab(draw, boards * t.scoring.draw)
            layout.append(("320", 0))
            if scoring.pab is None:  # a member's U block: his board's share of a drawn match
                scoring = replace(scoring, pab=scoring.draw)
        teams = list(team_pab.teams) + [0] * max(0, round_no - len(team_pab.teams))
        teams[round_no - 1] = bye
        team_pab = replace(team_pab, teams=tuple(teams))
    players: dict[int, PlayerRecord] = {}
    for pid, record in t.players.items():
        rounds = list(record.rounds)
        if pid in blocks:
            rounds.extend([None] * (round_no - len(rounds)))
            rounds[round_no - 1] = blocks[pid]
        players[pid] = replace(record, rounds=rounds)
    paired = replace(t, players=players, team_pab=team_pab, layout=layout, scoring=scoring)
    for record in players.values():
        if record.points_column is not None:
            record.points_column = paired.computed_points(record)
    return paired
