"""The FIDE (Dutch) System, C.04.3: one procedure for every edition (:mod:`.procedure`), the
look-ahead split (:mod:`.lookahead`), the generation-order tie-break (:mod:`.tiebreak`) and the
explanation of a round in the edition's words (:mod:`.explain`)."""

from __future__ import annotations

from collections.abc import Mapping

from typing import TYPE_CHECKING

from cpswiss.registry import PairingSystem
from cpswiss.systems import Explanation, SystemEngine
from cpswiss.rulesets.model import EDITION_IN_FORCE

if TYPE_CHECKING:
    from cpswiss.rulesets.model import RuleSet
    from cpswiss.solver.settings import SolverSettings
    from cpswiss.systems import RoundPairing
    from cpswiss.tournament.state import RoundState


def pair_round(state: RoundState, rules: RuleSet, settings: SolverSettings | None = None) -> RoundPairing:
    """The round's pairing (:func:`cpswiss.systems.dutch.procedure.pair_round`)."""
    from cpswiss.systems.dutch.procedure import pair_round as procedure

    return procedure(state, rules, settings)


def explanation() -> Explanation:
    """The explanation of its pairings (:mod:`cpswiss.systems.dutch.explain`)."""
    from cpswiss.systems.dutch import explain

    return explain


def criteria() -> Mapping[str, type]:
    """The criterion units its rule files may name, with their parameters
    (:mod:`cpswiss.systems.dutch.criteria`)."""
    from cpswiss.systems.dutch.criteria import CRITERIA

    return CRITERIA


SYSTEM = PairingSystem(
    name="dutch",
    title="FIDE (Dutch) System (C.04.3)",
    flag="dutch",
    default_rule_set=EDITION_IN_FORCE,
    rule_set_from_file=True,
    criteria=criteria,
    regulation="C.04.3",
    # TRF-2026 record 192 (ETT26), both spellings in use for the 2026 rules; a bare FIDE_DUTCH
    # leaves the edition to the start date (cpswiss.api.selection)
    trf_codes={"FIDE_DUTCH_2017": "dutch-2017", "FIDE_DUTCH_2025": "dutch-2026", "FIDE_DUTCH_2026": "dutch-2026"},
)

ENGINE = SystemEngine(pair_round=pair_round, explanation=explanation)
