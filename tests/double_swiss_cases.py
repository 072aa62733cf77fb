"""The hand-worked Double-Swiss rounds of ``scenarios/double-swiss-2026/cases`` read into the
system's types (format: the README there)."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cpswiss.systems.double_swiss.history import DoubleSwissRound
from cpswiss.systems.double_swiss.matches import Game, Match, Outcome

CASES = Path(__file__).resolve().parent.parent / "scenarios" / "double-swiss-2026" / "cases"

_POINTS = {"1": Outcome.WIN, "½": Outcome.DRAW, "0": Outcome.LOSS,
           "+": Outcome.FORFEIT_WIN, "-": Outcome.FORFEIT_LOSS}


def game(text: str) -> Game:
    """"1-0", "½-½", "0-0", ... or the forfeits "+-", "-+", "--": game-1 White's side first."""
    first, second = (text[0], text[1]) if text in ("+-", "-+", "--") else text.split("-")
    return Game(_POINTS[first], _POINTS[second])


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
    def rounds(self) -> list[DoubleSwissRound]:
        return [DoubleSwissRound(
            matches=tuple(Match(w, b, (game(g1), game(g2))) for w, b, g1, g2 in r.get("matches", [])),
            pab=frozenset(r.get("pab", [])), half_byes=frozenset(r.get("half_bye", [])),
            full_byes=frozenset(r.get("full_bye", [])), absent=frozenset(r.get("absent", [])))
            for r in self.data.get("round", [])]

    @property
    def initial_colour(self) -> str:
        return "W" if self.data.get("initial_colour", "w") == "w" else "B"

    @property
    def expect(self) -> dict[str, Any]:
        return dict(self.data["expect"])

    @property
    def test_id(self) -> str:
        """The case's first article and its file name: ``C.04.5-3.4.2-03-pab-...``."""
        return self.data["articles"][0].replace(" ", "-") + "-" + self.name


def cases() -> list[Case]:
    return [Case(p, tomllib.loads(p.read_text(encoding="utf-8"))) for p in sorted(CASES.glob("*.toml"))]
