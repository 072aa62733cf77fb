"""The FIDE Swiss Team Pairing System, C.04.6 (2026): the pairing-allocated bye first, then
the top-scoregroup with the first set of upfloaters and the first pairing by its identifier
(the shared procedure :mod:`cpswiss.systems.shared.topdown`, on the teams of
:mod:`.procedure`), colours by Art. 4 (:mod:`.colours`), explained in the text's words
(:mod:`.explain`)."""

from __future__ import annotations

from collections.abc import Mapping

from typing import TYPE_CHECKING

from cpswiss.errors import InputError
from cpswiss.registry import PairingSystem
from cpswiss.systems import SystemEngine

if TYPE_CHECKING:
    from cpswiss.rulesets.model import RuleSet
    from cpswiss.solver.settings import SolverSettings
    from cpswiss.systems.shared.topdown_account import MatchRound, TextWords
    from cpswiss.tournament.competition_state import StateAdjustment
    from cpswiss.tournament.model import Tournament

# record 192 (ETT26): FIDE_TEAM[_TYPEA|_TYPEB][_MP|_GP][_GP|_MP]; "_BAKU" is the registry's
_PREFERENCES = {"TYPEA_": "a", "TYPEB_": "b", "": "none"}
_SCORES = {"MP_GP": "mp-gp", "GP_MP": "gp-mp", "MP": "mp", "GP": "gp"}
_CODES = {"FIDE_TEAM": "team-2026"}
_CODES.update({f"FIDE_TEAM_{p}{s}": f"team-2026-{kind}-{scores}"
               for p, kind in _PREFERENCES.items() for s, scores in _SCORES.items()})
_CODES["FIDE_TEAM_TYPEA_MP_GP"] = "team-2026"


def pair_matches(tournament: Tournament, rules: RuleSet, round_no: int | None = None,
                 settings: SolverSettings | None = None, record_refusals: bool = False,
                 baku: bool = False, accelerate: str | None = None,
                 adjust: StateAdjustment | None = None) -> MatchRound:
    """A round of a team file (:func:`cpswiss.systems.team.procedure.pair_tournament_round`) as
    the arbiter's tools read it.  A team file is accelerated by its record 192
    (``FIDE_TEAM..._BAKU``: ``baku``) or its 250 records, never by the caller (``accelerate``:
    InputError)."""
    from cpswiss.systems.team.explain import match_round
    from cpswiss.systems.team.procedure import pair_tournament_round

    if accelerate:
        raise InputError(f"--accelerate {accelerate}: a team file is accelerated by its record 192 "
                         "(FIDE_TEAM..._BAKU) or its 250 records", tournament.path)
    return match_round(pair_tournament_round(tournament, rules, round_no, settings, record_refusals, baku, adjust))


def explain_matches(paired: MatchRound) -> str:
    """The account of a round paired with ``record_refusals`` (:func:`.explain.explain_text`)."""
    from cpswiss.systems.team.explain import explain_text
    from cpswiss.systems.team.procedure import TeamRoundPairing
    from cpswiss.systems.shared.records import records_as

    return explain_text(records_as([paired.result], TeamRoundPairing, SYSTEM.title)[0])


def words() -> TextWords:
    """How its text names things (:data:`.explain.WORDS`)."""
    from cpswiss.systems.team.explain import WORDS

    return WORDS


def competitor_rows(tournament: Tournament, rules: RuleSet, round_no: int | None = None,
                    baku: bool = False) -> list[dict[str, object]]:
    """The teams before a round (:func:`cpswiss.systems.team.procedure.competitor_rows`)."""
    from cpswiss.systems.team.procedure import competitor_rows as rows

    return rows(tournament, rules, round_no, baku)


def criteria() -> Mapping[str, type]:
    """The criterion units its rule files may name, with their parameters
    (:mod:`cpswiss.systems.team.criteria`)."""
    from cpswiss.systems.team.criteria import CRITERIA

    return CRITERIA


def switches() -> type:
    """Its rule files' ``[switches]`` table (:class:`cpswiss.systems.team.switches.TeamSwitches`)."""
    from cpswiss.systems.team.switches import TeamSwitches

    return TeamSwitches


SYSTEM = PairingSystem(
    name="team",
    title="FIDE Swiss Team Pairing System (C.04.6)",
    flag="team",
    default_rule_set="team-2026",
    rule_set_from_file=True,
    criteria=criteria,
    regulation="C.04.6",
    noun="team",
    scores_by_match=True,
    generator="teams",
    trf_codes=_CODES,
    switches=switches,
    file_kinds=frozenset(("team",)),
)

ENGINE = SystemEngine(pair_matches=pair_matches, explain_matches=explain_matches, words=words,
                      competitor_rows=competitor_rows)
