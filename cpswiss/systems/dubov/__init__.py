"""The FIDE Dubov System, C.04.4.1 (2026 text): the pairing-allocated bye first, then
brackets from the top with upfloaters only, white seekers (S1, by ascending ARO) against
the first legal transposition of the others (:mod:`.procedure`), explained in the text's
words (:mod:`.explain`)."""

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
    """The round's pairing (:func:`cpswiss.systems.dubov.procedure.pair_round`)."""
    from cpswiss.systems.dubov.procedure import pair_round as procedure

    return procedure(state, rules, settings)


def explanation() -> Explanation:
    """The explanation of its pairings (:mod:`cpswiss.systems.dubov.explain`)."""
    from cpswiss.systems.dubov import explain

    return explain


def criteria() -> Mapping[str, type]:
    """The criterion units its rule files may name, with their parameters
    (:mod:`cpswiss.systems.dubov.criteria`)."""
    from cpswiss.systems.dubov.criteria import CRITERIA

    return CRITERIA


def switches() -> type:
    """Its rule files' ``[switches]`` table (:class:`cpswiss.systems.dubov.switches.DubovSwitches`),
    imported when a rule file of the system loads (not at every start, as the registry declares
    every system for the command line's flags)."""
    from cpswiss.systems.dubov.switches import DubovSwitches

    return DubovSwitches


SYSTEM = PairingSystem(
    name="dubov",
    title="FIDE Dubov System (C.04.4.1)",
    flag="dubov",
    default_rule_set="dubov-2026",
    criteria=criteria,
    regulation="C.04.4.1",
    trf_codes={"FIDE_DUBOV": "dubov-2026"},
    switches=switches,
)

ENGINE = SystemEngine(pair_round=pair_round, explanation=explanation)
