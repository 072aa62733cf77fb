"""The FIDE Double-Swiss System, C.04.5 (2026 text): every round a match of two games between
the same two players, colours reversed, scored per game.  The pairing-allocated bye first, then
the top-scoregroup with the first set of upfloaters and the first pairing by its identifier (the
shared procedure :mod:`cpswiss.systems.shared.topdown`, the Swiss Team System's on players:
:mod:`.procedure`), colours by Art. 4 (:mod:`.colours`), explained in the text's words
(:mod:`.explain`).  Readings: ``docs/double-swiss-2026.md``."""

from __future__ import annotations

from collections.abc import Mapping

from typing import TYPE_CHECKING, Any

from cpswiss.registry import MatchExplanation, PairingSystem

if TYPE_CHECKING:
    from cpswiss.rulesets.model import RuleSet
    from cpswiss.solver.settings import SolverSettings
    from cpswiss.systems.double_swiss.procedure import DoubleSwissRoundResult
    from cpswiss.tournament.competition_state import StateAdjustment
    from cpswiss.tournament.model import Tournament


def pair_round(state: Any, rules: RuleSet, settings: SolverSettings | None = None) -> Any:
    """The individual systems' entry: refused (a Double-Swiss file is paired on matches)."""
    from cpswiss.systems.double_swiss.procedure import pair_round as procedure

    return procedure(state, rules, settings)


def pair_competition(tournament: Tournament, rules: RuleSet, round_no: int | None = None,
                     settings: SolverSettings | None = None, record_refusals: bool = False,
                     baku: bool = False, adjust: StateAdjustment | None = None) -> DoubleSwissRoundResult:
    """A round of a Double-Swiss file (:func:`.procedure.pair_tournament_round`)."""
    from cpswiss.systems.double_swiss.procedure import pair_tournament_round

    return pair_tournament_round(tournament, rules, round_no, settings, record_refusals, baku, adjust)


def competitor_rows(tournament: Tournament, rules: RuleSet, round_no: int | None = None,
                    baku: bool = False) -> list[dict[str, Any]]:
    """The players before a round (:func:`.procedure.competitor_rows`)."""
    from cpswiss.systems.double_swiss.procedure import competitor_rows as rows

    return rows(tournament, rules, round_no, baku)


def explanation() -> MatchExplanation:
    """The explanation (:mod:`.explain`): ``explain_text`` of a round, and ``match_round`` for
    the arbiter's tools."""
    from cpswiss.systems.double_swiss import explain

    return explain


def criteria() -> Mapping[str, type]:
    """The criterion units its rule files may name, with their parameters
    (:mod:`cpswiss.systems.double_swiss.criteria`)."""
    from cpswiss.systems.double_swiss.criteria import CRITERIA

    return CRITERIA


def switches() -> type:
    """Its rule files' ``[switches]`` table (:class:`cpswiss.systems.double_swiss.switches.DoubleSwissSwitches`)."""
    from cpswiss.systems.double_swiss.switches import DoubleSwissSwitches

    return DoubleSwissSwitches


SYSTEM = PairingSystem(
    name="double-swiss",
    title="FIDE Double-Swiss System (C.04.5)",
    flag="double-swiss",
    default_rule_set="double-swiss-2026",
    pair_round=pair_round,
    match_explanation=explanation,
    criteria=criteria,
    trf_codes={"FIDE_DOUBLESWISS": "double-swiss-2026"},
    switches=switches,
    file_kinds=frozenset(("double-swiss",)),
    pair_competition=pair_competition,
    competitor_rows=competitor_rows,
)
