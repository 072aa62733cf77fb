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

The sums are the standings engine's Buchholz and Sonneborn-Berger (C.07 Art. 8.1, 9.1,
:mod:`cpswiss.standings.opponents`) under the declared rule of unplayed rounds of Art. 1.7.2
(:data:`cpswiss.standings.catalogue.BURSTEIN_UNPLAYED`), not a second computation.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from cpswiss.standings.catalogue import BURSTEIN_UNPLAYED, BURSTEIN_UNPLAYED_AS_AWARDED
from cpswiss.standings.codes import parse_code
from cpswiss.standings.opponents import EDITION_2026, AdjustedCache, OpponentSum, opponent_sums
from cpswiss.standings.rounds import read_field
from cpswiss.tournament.model import Tournament


@dataclass(frozen=True, order=True)
class IndexValue:
    """One player's Index (Art. 1.7.1, 1.8), in tenths (Buchholz) and hundredths (SB)."""

    buchholz: int
    sonneborn_berger: int

    def text(self) -> str:
        return f"BH {self.buchholz / 10:g}, SB {self.sonneborn_berger / 100:g}"


def index_sums(t: Tournament, round_no: int, runs_as_draws: bool = True) -> tuple[dict[int, OpponentSum], ...]:
    """Every player's Buchholz and Sonneborn-Berger before ``round_no`` with their contributions
    (each opponent's score as Art. 1.7.2 counts it, or the game against himself): the standings
    engine's BH and SB after round ``round_no - 1`` with Burstein's rule of unplayed rounds.
    ``runs_as_draws=False``: without the zero-point-bye exception (the rule file's
    ``zero_bye_runs = "not-counted"``, to compare with other readings)."""
    rule = BURSTEIN_UNPLAYED if runs_as_draws else BURSTEIN_UNPLAYED_AS_AWARDED
    rounds = round_no - 1
    field = read_field(t, rounds)
    cache: AdjustedCache = {}
    return tuple(opponent_sums(replace(parse_code(code, "the Burstein Index"), unplayed=rule), field,
                               EDITION_2026, rounds, cache) for code in ("BH", "SB"))


def index_values(t: Tournament, round_no: int, runs_as_draws: bool = True) -> dict[int, IndexValue]:
    """Every player's Index before ``round_no`` (Art. 1.7.1, with the common rules of 1.7.2;
    ``runs_as_draws``: see :func:`index_sums`)."""
    buchholz, sonneborn_berger = index_sums(t, round_no, runs_as_draws)
    return {pid: IndexValue(int(buchholz[pid].value * 10), int(sonneborn_berger[pid].value * 100))
            for pid in buchholz}


def index_order_key(value: IndexValue, rank: int) -> tuple[int, int, int]:
    """Art. 1.8: the higher Index first (Buchholz, then Sonneborn-Berger), then TPN ascending."""
    return (-value.buchholz, -value.sonneborn_berger, rank)
