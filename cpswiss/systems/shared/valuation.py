"""The valuation of a bracket step that the explanations use (the Dutch System and the FIDE
Swiss rules of 1987-99): the best criteria values of a step under a condition - the pairs inside
the bracket given, or one player paired inside it - and criteria values as a reader counts them.
The procedures pair without it."""

from __future__ import annotations

from cpswiss.rulesets.ruleset import RuleSet
from cpswiss.solver.blossom import LexicographicMatching
from cpswiss.solver.cases import CaseSearch, Pin
from cpswiss.solver.levels import Level
from cpswiss.solver.model import MatchingModel
from cpswiss.solver.settings import SolverSettings
from cpswiss.systems.shared.bracket import Bracket
from cpswiss.systems.shared.units import B, BracketUnits, bracket_levels, evaluate


def optimum_given(b: B, rules: RuleSet, units: BracketUnits[B], settings: SolverSettings | None = None, *,
                  inside: list[int] | None = None, paired_inside: int | None = None,
                  ) -> tuple[dict[str, tuple[int, ...]], list[int]] | None:
    """The best criteria values of the step under a condition, and the edges reaching them.

    ``inside``: the pairs inside the bracket are exactly these edges (the rest of
    the step, the look-ahead of C.7, is still optimised).  ``paired_inside``: this
    vertex must be paired inside the bracket.  None when no pairing meets the
    condition.  Used to value a proposed pairing and to say why a player floats.

    The step under such a condition is a plain lexicographic matching problem (no constraint
    but the condition), which the blossom algorithm solves exactly
    (:class:`~cpswiss.solver.blossom.LexicographicMatching`) whenever the levels pack into one
    exact weight; otherwise the CP-SAT model decides.  With the pairs inside fixed, a level
    over inside edges only is a constant, and only the others are minimised.  A level with an
    allowance or cases (:mod:`cpswiss.solver.cases`) is weighed case by case, as
    a procedure does for such a level.
    """
    def levels_of_step() -> list[Level]:
        levels = [lv for _, group in bracket_levels(b, rules.criteria, units) for lv in group]
        if inside is not None:
            levels = [lv for lv in levels if any(c and e not in inside_edges for e, c in lv.coef.items())]
        return levels

    inside_edges = set(b.inside)
    levels = levels_of_step()
    found = _optimum_edges(b, levels, settings, inside, paired_inside)
    if found is None:
        return None
    if any(level.weighed_by_cases for level in levels):
        def solve(levels: list[Level], pins: list[Pin]) -> list[int] | None:
            return _optimum_edges(b, levels, settings, inside, paired_inside, pins=pins)

        def key(edges: list[int]) -> list[tuple[int, ...]]:
            values = evaluate(b, rules.criteria, units, edges)
            return [values[c.id] for c in rules.criteria if c.id in values]

        found = CaseSearch(levels_of_step, lambda levels: levels, solve, key).best(found)
    return evaluate(b, rules.criteria, units, found), found


def _optimum_edges(b: Bracket, levels: list[Level], settings: SolverSettings | None, inside: list[int] | None,
                   paired_inside: int | None, pins: list[Pin] | None = None) -> list[int] | None:
    """The edges of :func:`optimum_given`'s optimum of ``levels`` under its condition (and the
    ``pins``, if given), the inside ones included; None when no pairing meets them."""
    inside_edges = set(b.inside)
    usable = list(range(len(b.edges)))
    if inside is not None:
        taken = {v for e in inside for v in b.edges[e]}
        usable = [e for e, (i, j) in enumerate(b.edges) if e not in inside_edges and i not in taken and j not in taken]
    found = _least_matching(b, levels, usable, paired_inside) if not pins else None
    if found is None:
        m = MatchingModel(len(b.vertices), b.edges, settings)
        if inside is not None:
            for e in b.inside:
                m.fix(e, int(e in set(inside)))
        if paired_inside is not None:
            m.require(b.incident_in_bracket[paired_inside], 1)
        if not m.hold(pins or []):
            return None
        m.minimise(levels)
        found = [e for e in m.chosen() if inside is None or e not in inside_edges]
    elif not found and paired_inside is not None:
        return None
    return sorted(set(inside or ()) | set(found))


def _least_matching(b: Bracket, levels: list[Level], usable: list[int], paired_inside: int | None) -> list[int] | None:
    """The edges of a lexicographically least matching over the ``usable`` edges (pairing
    ``paired_inside``, if given, by one of its edges inside the bracket: an empty list when no
    matching can), or None when the levels do not pack into one exact weight."""
    allowed = set(usable)
    lex = LexicographicMatching(len(b.vertices), b.edges,
                                [{e: c for e, c in lv.coef.items() if e in allowed} for lv in levels if not lv.trivial])
    if not lex.exact:
        return None
    if paired_inside is None:
        found = lex.least(usable)
        assert found is not None  # no player is required paired
        return found[1]
    own = set(b.incident_in_bracket[paired_inside])
    excluded = {e for e in range(len(b.edges)) if e not in allowed}
    least = lex.least_pairing(paired_inside, own & allowed, excluded)
    return [] if least is None else least[1]


def readable_values(b: B, rules: RuleSet, units: BracketUnits[B], values: dict[str, tuple[int, ...]]) -> dict[str, tuple[int, ...]]:
    """Criteria values as a reader counts them (pairs as a positive count, see Level.sense)."""
    return {cid: tuple(level.shown(v) for level, v in zip(levels, values[cid]))
            for cid, levels in bracket_levels(b, rules.criteria, units)}


__all__ = ["optimum_given", "readable_values"]
