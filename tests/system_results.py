"""The systems of matches' own results, for the tests that read them (a team round's
``wishes``, ``first_team``, a Double-Swiss round's ``pairing``): :func:`cpswiss.api.pair_matches`
is the one entry point, and its ``MatchRound.result`` is the system's own record."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cpswiss.api import competitor_state_rows, pair_matches
from cpswiss.rulesets.ruleset import RuleSet
from cpswiss.solver.settings import SolverSettings
from cpswiss.tournament.competition_state import StateAdjustment
from cpswiss.tournament.model import Tournament

Source = Tournament | str | Path


def pair_team_tournament(tournament: Source, rule_set: str | RuleSet | None = None, round_no: int | None = None,
                         settings: SolverSettings | None = None, record_refusals: bool = False,
                         adjust: StateAdjustment | None = None) -> Any:
    """A round of a team file (C.04.6) as the team system records it (``TeamRoundPairing``)."""
    return pair_matches(tournament, rule_set, round_no, record_refusals, None, adjust, settings).result


def pair_double_swiss_tournament(tournament: Source, rule_set: str | RuleSet | None = None,
                                 round_no: int | None = None, record_refusals: bool = False,
                                 accelerate: str | None = None, adjust: StateAdjustment | None = None) -> Any:
    """A round of a Double-Swiss file (C.04.5) as that system records it (``DoubleSwissRoundResult``)."""
    return pair_matches(tournament, rule_set, round_no, record_refusals, accelerate, adjust).result


team_state_rows = double_swiss_state_rows = competitor_state_rows
