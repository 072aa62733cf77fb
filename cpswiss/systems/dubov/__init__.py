"""The FIDE Dubov System, C.04.4.1 (2026 text): the pairing-allocated bye first, then
brackets from the top with upfloaters only, white seekers (S1, by ascending ARO) against
the first legal transposition of the others (:mod:`.procedure`), explained in the text's
words (:mod:`.explain`)."""

from __future__ import annotations

from collections.abc import Mapping

from dataclasses import dataclass
from typing import TYPE_CHECKING

from cpswiss.registry import Explanation, PairingSystem


@dataclass(frozen=True)
class DubovSwitches:
    """The rule file's ``[switches]`` table.  Art. 1.8.2: MaxT = ``max_t_base`` +
    floor(rounds / ``max_t_rounds_per_step``) (2026: 2 + floor(rounds / 5))."""

    max_t_base: int = 2
    max_t_rounds_per_step: int = 5

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


SYSTEM = PairingSystem(
    name="dubov",
    title="FIDE Dubov System (C.04.4.1)",
    flag="dubov",
    default_rule_set="dubov-2026",
    pair_round=pair_round,
    explanation=explanation,
    criteria=criteria,
    trf_codes={"FIDE_DUBOV": "dubov-2026"},
    switches=lambda: DubovSwitches,
)
