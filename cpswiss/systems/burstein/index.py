"""The Burstein Index (C.04.4.2 2026 Art. 1.7, 1.8): Buchholz, then Sonneborn-Berger, then TPN.

Computed from the tournament's own results before the round being paired, never from
ratings.  The common rules of Art. 1.7.2:

* a round in which a player did not play (bye, forfeit, absence) counts as a game against
  himself, with the result that gave him the points he has for it: his own current score
  goes into his Buchholz, and that score times the points of the round into his
  Sonneborn-Berger;
* exception: a player whose latest rounds, up to the current one, are a series of
  consecutive zero-point byes has each of those byes counted as a draw in the score his
  actual over-the-board opponents see (reading R-2 of ``scenarios/burstein-2026/README.md``:
  the series that ends with the last round played, whether it began in round 1 or later);
* virtual points (acceleration, C.04.7) are not part of any score the Index uses.

Points come from the file's point system (``BB*``/``XXS``/``162``, read by
:mod:`cpswiss.formats.trf`); without those records the default 1 - ½ - 0 applies, so a draw
(and each zero-point bye of the exception) is worth half a win.
"""

from __future__ import annotations

from dataclasses import dataclass

from cpswiss.formats.trf import RoundEntry, RoundKind, Tournament


@dataclass(frozen=True, order=True)
class IndexValue:
    """One player's Index (Art. 1.7.1, 1.8), in tenths (Buchholz) and hundredths (SB)."""

    buchholz: int
    sonneborn_berger: int

    def text(self) -> str:
        return f"BH {self.buchholz / 10:g}, SB {self.sonneborn_berger / 100:g}"


def _is_zero_bye(entry: RoundEntry | None) -> bool:
    return entry is None or entry.kind is RoundKind.ZERO_BYE


def score_seen_by_opponents(t: Tournament, pid: int, rounds: int, runs_as_draws: bool = True) -> int:
    """Art. 1.7.2 (exception): the player's score after ``rounds`` rounds as his opponents'
    Buchholz and Sonneborn-Berger count it - the trailing series of zero-point byes, up to
    the last round played, each counted as a draw (virtual points excluded).
    ``runs_as_draws=False``: without the exception (to compare with other readings)."""
    rec = t.players[pid]
    entries = [rec.entry(r) for r in range(1, rounds + 1)]
    trailing = 0
    for entry in reversed(entries if runs_as_draws else []):
        if not _is_zero_bye(entry):
            break
        trailing += 1
    counted = entries[:rounds - trailing]
    return sum(t.scoring.points(e) for e in counted) + trailing * t.scoring.draw


def index_values(t: Tournament, round_no: int, runs_as_draws: bool = True) -> dict[int, IndexValue]:
    """Every player's Index before ``round_no`` (Art. 1.7.1, with the common rules of 1.7.2;
    ``runs_as_draws``: see :func:`score_seen_by_opponents`)."""
    rounds = round_no - 1
    own = {pid: sum(t.scoring.points(rec.entry(r)) for r in range(1, rounds + 1))
           for pid, rec in t.players.items()}
    seen = {pid: score_seen_by_opponents(t, pid, rounds, runs_as_draws) for pid in t.players}
    values = {}
    for pid, rec in t.players.items():
        buchholz = sonneborn_berger = 0
        for r in range(1, rounds + 1):
            entry = rec.entry(r)
            points = t.scoring.points(entry)
            if entry is not None and entry.played and entry.opponent in seen:
                opponent_score = seen[entry.opponent]
            else:  # Art. 1.7.2: an unplayed round is a game against oneself
                opponent_score = own[pid]
            buchholz += opponent_score
            sonneborn_berger += points * opponent_score
        values[pid] = IndexValue(buchholz, sonneborn_berger)
    return values


def index_order_key(value: IndexValue, rank: int) -> tuple[int, int, int]:
    """Art. 1.8: the higher Index first (Buchholz, then Sonneborn-Berger), then TPN ascending."""
    return (-value.buchholz, -value.sonneborn_berger, rank)
