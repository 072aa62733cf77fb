"""A paired team round written into the tournament, so that the next round can be paired from
the file: each board's players and colours by the board order (the 310 members, board 1
first) and the colour sequence (352; default White, Black, White, ... for the team with White
on board 1), results pending; the pairing-allocated bye as ``0000 - U`` on every member and in
the 320 record; the teams the 240 records excuse as that bye on every member (the 240 kept)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from cpswiss.formats.trf_teams import with_member_pab_points
from cpswiss.tournament.colour import BLACK, WHITE
from cpswiss.tournament.model import BYE_CODES, PlayerRecord, RoundEntry, RoundKind, Tournament
from cpswiss.tournament.team_records import TeamPab

if TYPE_CHECKING:
    from cpswiss.systems.team.procedure import TeamRoundPairing


def with_team_round(pairing: TeamRoundPairing) -> Tournament:
    """The tournament of ``pairing.state`` with its round appended."""
    t = pairing.state.tournament
    r = pairing.round_no
    boards = t.number_of_boards()
    pattern = t.board_colours or (WHITE + BLACK) * boards
    entries: dict[int, RoundEntry] = {}
    for team, kind in t.team_byes.get(r, {}).items():
        for pid in t.teams[team].members:
            entries[pid] = RoundEntry(kind, None, None, BYE_CODES[kind])
    for m in pairing.matches:
        for board, (a, b) in enumerate(zip(t.teams[m.white].members[:boards], t.teams[m.black].members[:boards])):
            white, black = (a, b) if pattern[board % len(pattern)] == WHITE else (b, a)
            entries[white] = RoundEntry(RoundKind.PENDING, black, WHITE, " ")
            entries[black] = RoundEntry(RoundKind.PENDING, white, BLACK, " ")
    layout = list(t.layout)
    team_pab = t.team_pab
    if pairing.bye is not None:
        for pid in t.teams[pairing.bye].members:
            entries[pid] = RoundEntry(RoundKind.PAB, None, None, BYE_CODES[RoundKind.PAB])
        if team_pab is None:
            draw = t.match_scoring.draw if t.match_scoring is not None else 10
            team_pab = TeamPab(draw, 5 * boards)
            layout.append(("320", 0))
        teams = list(team_pab.teams) + [0] * max(0, r - len(team_pab.teams))
        teams[r - 1] = pairing.bye
        team_pab = replace(team_pab, teams=tuple(teams))
    scored = with_member_pab_points(t, boards)  # a member's U at the 320 share per board
    players: dict[int, PlayerRecord] = {}
    for pid, record in t.players.items():
        if pid in entries:
            rounds = list(record.rounds) + [None] * max(0, r - len(record.rounds))
            rounds[r - 1] = entries[pid]
            record = replace(record, rounds=rounds)
            if record.points_column is not None:
                record.points_column = scored.computed_points(record)
        players[pid] = record
    return replace(t, players=players, team_pab=team_pab, layout=layout)
