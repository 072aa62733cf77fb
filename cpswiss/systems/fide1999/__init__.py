"""The general FIDE Swiss rules of 1987-99 (seed 001 part 1), today's Lim system: score
groups paired from the top down and from the bottom up to the median group (:mod:`.procedure`),
explained in the text's words (:mod:`.explain`)."""

from __future__ import annotations

from collections.abc import Mapping

from typing import TYPE_CHECKING

from cpswiss.registry import PairingSystem
from cpswiss.systems import Explanation, SystemEngine

if TYPE_CHECKING:
    from cpswiss.rulesets.model import RuleSet
    from cpswiss.solver.settings import SolverSettings
    from cpswiss.systems import RoundPairing
    from cpswiss.tournament.state import RoundState


def pair_round(state: RoundState, rules: RuleSet, settings: SolverSettings | None = None) -> RoundPairing:
    """The round's pairing (:func:`cpswiss.systems.fide1999.procedure.pair_round`)."""
    from cpswiss.systems.fide1999.procedure import pair_round as procedure

    return procedure(state, rules, settings)


def explanation() -> Explanation:
    """The explanation of its pairings (:mod:`cpswiss.systems.fide1999.explain`)."""
    from cpswiss.systems.fide1999 import explain

    return explain


def criteria() -> Mapping[str, type]:
    """The criterion units its rule files may name, with their parameters
    (:mod:`cpswiss.systems.fide1999.criteria`)."""
    from cpswiss.systems.fide1999.criteria import CRITERIA

    return CRITERIA


def switches() -> type:
    """Its rule files' ``[switches]`` table (:class:`cpswiss.systems.fide1999.switches.Fide1999Switches`)."""
    from cpswiss.systems.fide1999.switches import Fide1999Switches

    return Fide1999Switches


SYSTEM = PairingSystem(
    name="fide-1999",
    title="General FIDE Swiss Rules 1987-99 (the Lim system, C.04.4.3)",
    flag="lim",
    default_rule_set="fide-swiss-1999",
    criteria=criteria,
    regulation="C.04.4.3",
    # ETT26 has no code for the Lim system (only CUSTOM_SWISS); FIDE_LIM is the provisional code
    # other software uses, read (and written by cpswiss generate) for the rules of 1987-99,
    # whose text the Lim system keeps unchanged
    trf_codes={"FIDE_LIM": "fide-swiss-1999"},
    switches=switches,
)

ENGINE = SystemEngine(pair_round=pair_round, explanation=explanation)
