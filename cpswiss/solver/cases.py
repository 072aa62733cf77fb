"""Criteria that are not one sum over the edges, weighed case by case with sums only.

A :class:`~cpswiss.solver.levels.Level` may count only what exceeds an allowance
(:attr:`~cpswiss.solver.levels.Level.clip`: its value is max(clip, sum)) or only up to a cap
(:attr:`~cpswiss.solver.levels.Level.cap`: min(cap, ...), a condition met or not).  The
solver minimises and freezes sums (equalities only: the proofs of
:class:`~cpswiss.solver.model.MatchingModel` rely on it), so such a level is first minimised
as its sum; then each case is *pinned* in turn - the sum held at one value within the
allowance, an equality - the step paired again under it, and of all these pairings the best
on the criteria as they really count, then the first in the generation order, is the answer.

Why that is exact.  Within an allowance every sum from the least to the clip is as good, so
pinning each of them covers every pairing the criterion ranks best, and the first-generated
optimum of the case that holds the first-generated optimum is that one; where even the
least sum reaches the cap, every pairing is as good on it, and the step is paired again
without it - and without the other parts of its condition (:attr:`Level.condition`), which
every pairing then fails as well.
"""

from __future__ import annotations

from typing import Any, Callable, Generic, TypeVar

from cpswiss.solver.levels import Level

T = TypeVar("T")
Pin = tuple[dict[int, int], int]  # Σ coef·x == value
# a case decided: (place of the level, "clip", (the sum held,)) or (place, "cap", ()): the
# level void
Decision = tuple[int, str, tuple[int, ...]]


class CaseSearch(Generic[T]):
    """The best pairing over the cases of the levels with an allowance or a cap.

    ``fresh()`` builds the step's levels anew (in whatever holder ``levels_of`` reads them
    from); ``solve(holder, pins)`` pairs the step on the holder's levels with the pins held
    (None when no pairing holds them); ``key(edges)`` ranks a pairing (smaller first: the
    criteria as they count, then the generation order)."""

    def __init__(self, fresh: Callable[[], T], levels_of: Callable[[T], list[Level]],
                 solve: Callable[[T, list[Pin]], list[int] | None], key: Callable[[list[int]], Any]):
        self.fresh, self.levels_of, self.solve, self.key = fresh, levels_of, solve, key

    def decided(self, decisions: tuple[Decision, ...]) -> tuple[T, list[Pin]]:
        """The step's levels with these cases decided, and the pins that hold them."""
        holder = self.fresh()
        levels = self.levels_of(holder)
        pins: list[Pin] = []
        for place, kind, data in decisions:
            level = levels[place]
            if kind == "clip":
                pins.append((level.coef, data[0] - level.constant))
            else:  # "cap": every pairing counts the cap; the level decides nothing, nor
                # do the other parts of its condition (Level.condition), which fails too
                assert level.cap is not None
                for part in levels:
                    if part is level or (level.condition is not None and part.condition == level.condition):
                        assert part.cap is not None
                        part.coef, part.constant, part.clip = {}, part.cap, None
        return holder, pins

    def best(self, found: list[int], decisions: tuple[Decision, ...] = ()) -> list[int]:
        """The best pairing among those of the cases still open, given ``found``: the step's
        pairing with the levels of ``decisions`` (each open one minimised as its sum)."""
        levels = self.levels_of(self.decided(decisions)[0])
        done = {(place, kind) for place, kind, _ in decisions}
        for place, level in enumerate(levels):
            if level.trivial:
                continue
            options: list[tuple[int, ...]] = []
            if level.clip is not None and (place, "clip") not in done and level.total(found) < level.clip:
                kind = "clip"
                options = [(total,) for total in range(level.total(found), level.clip + 1)]
            elif level.cap is not None and (place, "cap") not in done and level.total(found) >= level.cap:
                kind = "cap"  # even the least sum reaches the cap: all pairings alike on it
                options = [()]
            if not options:
                continue
            best: tuple[Any, list[int]] | None = None
            for option in options:
                more = decisions + ((place, kind, option),)
                if option == options[0] and kind != "cap":
                    candidate: list[int] | None = found  # the sum minimised: this case's optimum
                else:
                    holder, pins = self.decided(more)
                    candidate = self.solve(holder, pins)
                if candidate is None:
                    continue
                candidate = self.best(candidate, more)
                rank = self.key(candidate)
                if best is None or rank < best[0]:
                    best = (rank, candidate)
            assert best is not None
            return best[1]
        return found


__all__ = ["CaseSearch", "Decision", "Pin"]
