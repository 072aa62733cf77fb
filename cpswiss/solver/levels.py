"""Levels: the integer linear expressions over the edges of a matching that the solver
minimises one after another (the lexicographic objective of every pairing system)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Protocol


class NonLinear(Protocol):
    """A criterion that is not a sum over the edges (seed 003's spread of rating differences,
    :class:`cpswiss.systems.dutch.fairness.Spread`): it values a pairing itself, and when the
    solver reaches it finds its own optimum, leaves one of its optimal pairings as the
    solution in hand and returns the sum over the edges whose minimisers are exactly its
    optimal pairings (the level then becomes that sum, frozen at the pairing in hand's value
    without a further solve)."""

    def value(self, coef: dict[int, int], chosen: list[int]) -> int: ...

    def optimal_sum(self, m: Any, coef: dict[int, int]) -> dict[int, int]: ...


@dataclass
class Level:
    """A linear expression over the edges, to be minimised: Σ coef[e]·x[e] + constant."""

    name: str
    coef: dict[int, int] = field(default_factory=dict)
    constant: int = 0
    floor: int | None = None  # a lower bound the criterion itself guarantees (a count is >= 0)
    sense: int = 1  # -1 for a count to maximise, stored negated: shown(value) gives the count
    # not a sum: ``coef`` is the criterion's data per edge, read by ``nonlinear`` (see NonLinear)
    nonlinear: NonLinear | None = None
    # the criterion's value is max(clip, sum): a count of what exceeds an allowance, every
    # pairing within the allowance equally good (a set that no sum's minimisers are; the
    # solver minimises the sum, and :mod:`cpswiss.solver.cases` weighs each sum within the
    # allowance)
    clip: int | None = None
    # the criterion's value is at most cap: only whether the count reaches it matters (a
    # condition met or not); weighed by :mod:`cpswiss.solver.cases` too
    cap: int | None = None
    # capped levels that are parts of one condition, by its name: the condition fails when any
    # of them reaches its cap, and then every one of them counts its cap (:func:`as_counted`)
    condition: str | None = None

    def with_coef(self, coef: dict[int, int], floor: int | None) -> Level:
        """The same criterion over other edges (``coef``: a restriction or renumbering of this
        level's coefficients) with this ``floor``; every other field kept."""
        return Level(self.name, coef, self.constant, floor, self.sense, self.nonlinear, self.clip, self.cap,
                     self.condition)

    def shown(self, value: int) -> int:
        """The value as a reader counts it (pairs, not minus pairs)."""
        return self.sense * value

    def add(self, edge: int, value: int) -> None:
        if value:
            self.coef[edge] = self.coef.get(edge, 0) + value

    def count_unless_paired(self, edges: Iterable[int], weight: int = 1) -> None:
        """Count ``weight`` unless one of ``edges`` is chosen: a player left unpaired, through
        the edges that would pair him."""
        self.constant += weight
        if weight:
            coef = self.coef
            get = coef.get
            for e in edges:
                coef[e] = get(e, 0) - weight

    def value(self, chosen: Iterable[int]) -> int:
        """The criterion's value for these chosen edges (:attr:`clip` and :attr:`cap` applied)."""
        return self.clipped(self.total(chosen))

    def clipped(self, total: int) -> int:
        """The criterion's value for a sum of ``total`` (:attr:`clip` and :attr:`cap` applied)."""
        value = total if self.clip is None else max(self.clip, total)
        return value if self.cap is None else min(self.cap, value)

    def total(self, chosen: Iterable[int]) -> int:
        """The sum itself for these chosen edges (constant included, no :attr:`clip`): what
        the solver minimises and freezes."""
        if self.nonlinear is not None:
            return self.constant + self.nonlinear.value(self.coef, list(chosen))
        return self.constant + sum(self.coef.get(e, 0) for e in chosen)

    def make_linear(self, m: Any) -> int:
        """A non-linear level's turn in the solver ``m``: find its optimum, keep a pairing of
        it as ``m``'s solution in hand, become the sum whose minimisers are its optimal
        pairings; the optimum's value as this level counts it."""
        assert self.nonlinear is not None
        data, self.coef = self.coef, self.nonlinear.optimal_sum(m, self.coef)
        value = self.constant + self.nonlinear.value(data, [e for e, s in enumerate(m.solution) if s])
        self.nonlinear = None
        return value

    @property
    def weighed_by_cases(self) -> bool:
        """Not one sum to minimise (:attr:`clip` or :attr:`cap`): :mod:`cpswiss.solver.cases`
        weighs it."""
        return self.clip is not None or self.cap is not None

    @property
    def trivial(self) -> bool:
        return not any(self.coef.values())


def as_counted(levels: list[Level], chosen: Iterable[int]) -> list[int]:
    """The levels' values for these chosen edges as the criteria count them: each
    :meth:`Level.value`, except that the parts of a :attr:`Level.condition` that fails (one
    of them at its cap) all count their caps."""
    chosen = list(chosen)
    values = [level.value(chosen) for level in levels]
    failed = {level.condition for level, value in zip(levels, values)
              if level.condition is not None and level.cap is not None and value >= level.cap}
    return [level.cap if level.condition in failed and level.cap is not None else value
            for level, value in zip(levels, values)]
