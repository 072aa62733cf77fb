"""Levels: the integer linear expressions over the edges of a matching that the solver
minimises one after another (the lexicographic objective of every pairing system)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable


@dataclass
class Level:
    """A linear expression over the edges, to be minimised: Σ coef[e]·x[e] + constant."""

    name: str
    coef: dict[int, int] = field(default_factory=dict)
    constant: int = 0
    floor: int | None = None  # a lower bound the criterion itself guarantees (a count is >= 0)
    sense: int = 1  # -1 for a count to maximise, stored negated: shown(value) gives the count

    def shown(self, value: int) -> int:
        """The value as a reader counts it (pairs, not minus pairs)."""
        return self.sense * value

    def add(self, edge: int, value: int) -> None:
        if value:
            self.coef[edge] = self.coef.get(edge, 0) + value

    def value(self, chosen: Iterable[int]) -> int:
        return self.constant + sum(self.coef.get(e, 0) for e in chosen)

    @property
    def trivial(self) -> bool:
        return not any(self.coef.values())
