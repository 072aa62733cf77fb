"""The hand-worked Double-Swiss rounds of ``scenarios/double-swiss-2026/cases`` (format: the
README there) as tournaments of the match model: match k in round columns 2k-1 (game 1) and 2k
(game 2), the colours reversed, a bye in both columns (docs/formats.md)."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cpswiss.tournament.colour import BLACK, WHITE, colour_named
from cpswiss.tournament.model import PlayerRecord, RoundEntry, RoundKind, Scoring, Tournament

CASES = Path(__file__).resolve().parent.parent / "scenarios" / "double-swiss-2026" / "cases"

# a player's side of a game: the TRF result code and the kind of block
_SIDES = {"1": ("1", RoundKind.GAME), "½": ("=", RoundKind.GAME), "0": ("0", RoundKind.GAME),
          "+": ("+", RoundKind.FORFEIT_WIN), "-": ("-", RoundKind.FORFEIT_LOSS)}
_BYES = (("pab", RoundKind.PAB, "U"), ("half_bye", RoundKind.HALF_BYE, "H"),
         ("full_bye", RoundKind.FULL_BYE, "F"), ("absent", RoundKind.ZERO_BYE, "Z"))
# C.04.5 Art. 1.4 and the Preface: the bye values are per match (what the reader gives a
# Double-Swiss file whose 162 does not state them)
MATCH_SCORING = Scoring(pab=15, full_bye=20, half_bye=10)


def sides(text: str) -> tuple[str, str]:
    """"1-0", "½-½", "0-0", ... or the forfeits "+-", "-+", "--": game-1 White's side first."""
    first, second = (text[0], text[1]) if text in ("+-", "-+", "--") else text.split("-")
    return first, second


@dataclass(frozen=True)
class Case:
    path: Path
    data: dict[str, Any]

    @property
    def name(self) -> str:
        return self.path.stem

    @property
    def players(self) -> list[int]:
        return list(range(1, self.data["players"] + 1))

    @property
    def expect(self) -> dict[str, Any]:
        return dict(self.data["expect"])

    @property
    def test_id(self) -> str:
        """The case's first article and its file name: ``C.04.5-3.4.2-03-pab-...``."""
        return self.data["articles"][0].replace(" ", "-") + "-" + self.name

    def tournament(self) -> Tournament:
        records = {p: PlayerRecord(p, 0, name=f"Player {p}", rating=2000 - p) for p in self.players}
        for k, rnd in enumerate(self.data.get("round", []), start=1):
            for w, b, g1, g2 in rnd.get("matches", []):
                for column, result, colours in ((2 * k - 1, g1, (WHITE, BLACK)), (2 * k, g2, (BLACK, WHITE))):
                    for player, opponent, side, colour in zip((w, b), (b, w), sides(result), colours):
                        code, kind = _SIDES[side]
                        _put(records[player], column, RoundEntry(kind, opponent, colour, code))
            for key, kind, code in _BYES:
                for player in rnd.get(key, []):
                    for column in (2 * k - 1, 2 * k):
                        _put(records[player], column, RoundEntry(kind, None, None, code))
        colour = self.data.get("initial_colour", "w")
        header: list[str | int | tuple[str, int]] = [
            f"012 {self.data.get('title', self.name)[:70]}", f"142 {2 * self.data['rounds']}", f"152 {colour.upper()}",
            "192 FIDE_DOUBLESWISS"]
        t = Tournament(path=f"{self.name}.trf", players=records, total_rounds=2 * self.data["rounds"],
                       initial_colour=colour_named(colour), scoring=MATCH_SCORING, system="FIDE_DOUBLESWISS", trf26=True,
                       games_per_round=2, layout=header + list(self.players))
        for record in records.values():
            record.points_column = t.computed_points(record)
        return t


def _put(record: PlayerRecord, column: int, entry: RoundEntry) -> None:
    while len(record.rounds) < column:
        record.rounds.append(None)
    record.rounds[column - 1] = entry


def cases() -> list[Case]:
    return [Case(p, tomllib.loads(p.read_text(encoding="utf-8"))) for p in sorted(CASES.glob("*.toml"))]
