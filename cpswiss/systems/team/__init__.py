"""The FIDE Swiss Team Pairing System, C.04.6 (2026): the pairing-allocated bye first, then
the top-scoregroup with the first set of upfloaters and the first pairing by its identifier
(the shared procedure :mod:`cpswiss.systems.shared.topdown`, on the teams of
:mod:`.procedure`), colours by Art. 4 (:mod:`.colours`), explained in the text's words
(:mod:`.explain`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cpswiss.registry import Explanation, PairingSystem
from cpswiss.systems.team.switches import TeamSwitches

if TYPE_CHECKING:
    from cpswiss.rulesets.model import RuleSet
    from cpswiss.solver.settings import SolverSettings
    from cpswiss.tournament.model import Tournament

# record 192 (ETT26): FIDE_TEAM[_TYPEA|_TYPEB][_MP|_GP][_GP|_MP]; "_BAKU" is the registry's
_PREFERENCES = {"TYPEA_": "a", "TYPEB_": "b", "": "none"}
_SCORES = {"MP_GP": "mp-gp", "GP_MP": "gp-mp", "MP": "mp", "GP": "gp"}
_CODES = {"FIDE_TEAM": "team-2026"}
_CODES.update({f"FIDE_TEAM_{p}{s}": f"team-2026-{kind}-{scores}"
               for p, kind in _PREFERENCES.items() for s, scores in _SCORES.items()})
_CODES["FIDE_TEAM_TYPEA_MP_GP"] = "team-2026"



@dataclass(frozen=True)
class TeamCriterion:
    """What a criterion of a team rule file takes: ``label``, the article's name (``[C7]``);
    ``except_last_round``, as the rule file states it ([C7], [C10])."""

    label: str = ""
    except_last_round: bool = False


def pair_round(state: Any, rules: RuleSet, settings: SolverSettings | None = None) -> None:
    from cpswiss.systems.team.procedure import pair_round as procedure

    procedure(state, rules, settings)


def pair_competition(tournament: Tournament, rules: RuleSet, round_no: int | None = None,
                     settings: SolverSettings | None = None, record_refusals: bool = False,
                     baku: bool = False) -> Any:
    from cpswiss.systems.team.procedure import pair_tournament_round

    return pair_tournament_round(tournament, rules, round_no, settings, record_refusals, baku)


def explanation() -> Explanation:
    from cpswiss.systems.team import explain

    return explain


def _criteria() -> dict[str, type]:
    from cpswiss.systems.team.units import ABSOLUTE_UNITS, UNITS

    return {unit: TeamCriterion for unit in (*ABSOLUTE_UNITS, *UNITS)}


SYSTEM = PairingSystem(
    name="team",
    title="FIDE Swiss Team Pairing System (C.04.6)",
    flag="team",
    default_rule_set="team-2026",
    pair_round=pair_round,  # type: ignore[arg-type]
    explanation=explanation,
    criteria=_criteria(),
    trf_codes=_CODES,
    switches=TeamSwitches,
    pair_competition=pair_competition,
)
