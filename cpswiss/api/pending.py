"""A round that is paired but not played (the file ``pair --write-trf`` writes): which round it
is and each competitor's pairing in it, as ``cpswiss state`` prints it and ``POST /api/state``
answers it, for every kind of file (individual, team, Double-Swiss)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cpswiss.tournament.competitors import CompetitorEntry
    from cpswiss.tournament.model import Tournament


@dataclass(frozen=True)
class PendingRound:
    """The last round of a file when it is paired and a result of it is not in: its number (a
    match of a Double-Swiss file: round columns 2k-1 and 2k), the rounds announced (142), and
    each competitor's pairing by id - ``4 w`` (opponent and colour; the match colour of a team
    or two-game match), the bye (``0000 - U`` for a player's block, ``bye`` for a PAB of a
    match), or ``-`` (nothing paired)."""

    round_no: int
    total: int | None
    pairings: dict[int, str]

    def pairing_of(self, row: dict[str, object]) -> str:
        """The pairing of the competitor of a state table's row (its ``tpn``)."""
        tpn = row["tpn"]
        assert isinstance(tpn, int)
        return self.pairings[tpn]

    def header(self) -> str:
        """The title of the state before this round."""
        return (f"State before round {self.round_no} of {self.total or '?'} (round {self.round_no} is paired, its "
                "results are not in: column 'paired' shows its pairing)")


def pending_round_of(t: Tournament, of_matches: bool) -> PendingRound | None:
    """The round paired but not played (:attr:`Tournament.pending_round`), else None.  A file
    paired as one of matches (``of_matches``: a team or Double-Swiss file) gives each
    competitor's match of it; an individual file each player's block as the file has it."""
    pending = t.pending_round
    if pending is None:
        return None
    if of_matches:
        from cpswiss.tournament.competition_state import total_matches
        from cpswiss.tournament.competitors import competitors

        match = -(-pending // t.games_per_round)  # the match whose round column is pending
        return PendingRound(match, total_matches(t), {cid: _paired_match(c.entries, match)
                                                      for cid, c in competitors(t).items()})
    return PendingRound(pending, t.total_rounds, {pid: _paired_entry(t, pid, pending) for pid in t.players})


def _paired_match(entries: tuple[CompetitorEntry | None, ...], match: int) -> str:
    """A competitor's match of a paired round: opponent and match colour (``4 w``), ``bye``
    (the PAB), or ``-``."""
    from cpswiss.tournament.competitors import EntryKind

    entry = entries[match - 1] if match <= len(entries) else None
    if entry is None or entry.opponent is None:
        return "bye" if entry is not None and entry.kind is EntryKind.PAB else "-"
    return f"{entry.opponent} {(entry.colour or '-').lower()}"


def _paired_entry(t: Tournament, pid: int, round_no: int) -> str:
    """A player's block of a paired round as the file has it: opponent and colour (``4 w``),
    the bye (``0000 - U``), or ``-`` (no block)."""
    from cpswiss.formats.trf_writer import round_block

    entry = t.players[pid].entry(round_no)
    return "-" if entry is None else " ".join(round_block(entry).split())
