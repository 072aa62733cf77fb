"""The FIDE Burstein System, C.04.4.2 (2026 edition): seeding rounds by the rule set the file
names (:mod:`.switches`), then brackets ranked by the Index (:mod:`.index`), the PAB first, and
the first pairing in the fold order of Art. 4 that complies best with [C5]-[C8]
(:mod:`.procedure`, :mod:`.units`, :mod:`.fold`); explained in the text's words (:mod:`.explain`)."""

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
    """The round's pairing (:func:`cpswiss.systems.burstein.procedure.pair_round`)."""
    from cpswiss.systems.burstein.procedure import pair_round as procedure

    return procedure(state, rules, settings)


def explanation() -> Explanation:
    """The explanation of its pairings (:mod:`cpswiss.systems.burstein.explain`)."""
    from cpswiss.systems.burstein import explain

    return explain


def criteria() -> Mapping[str, type]:
    """The criterion units its rule files may name, with their parameters
    (:mod:`cpswiss.systems.burstein.criteria`)."""
    from cpswiss.systems.burstein.criteria import CRITERIA

    return CRITERIA


def switches() -> type:
    """Its rule files' ``[switches]`` table (:class:`cpswiss.systems.burstein.switches.BursteinSwitches`)."""
    from cpswiss.systems.burstein.switches import BursteinSwitches

    return BursteinSwitches


SYSTEM = PairingSystem(
    name="burstein",
    title="FIDE Burstein System (C.04.4.2)",
    flag="burstein",
    default_rule_set="burstein-2026",
    criteria=criteria,
    regulation="C.04.4.2",
    trf_codes={"FIDE_BURSTEIN": "burstein-2026"},
    switches=switches,
)

ENGINE = SystemEngine(pair_round=pair_round, explanation=explanation)
