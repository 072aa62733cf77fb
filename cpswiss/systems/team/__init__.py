"""The FIDE Swiss Team Pairing System, C.04.6 (2026): the pairing-allocated bye first, then
the top-scoregroup with the first set of upfloaters and the first pairing by its identifier
(the shared procedure :mod:`cpswiss.systems.shared.topdown`, on the teams of
:mod:`.procedure`), colours by Art. 4 (:mod:`.colours`), explained in the text's words
(:mod:`.explain`)."""

from cpswiss.registry import PairingSystem
from cpswiss.systems.team.switches import TeamSwitches

# record 192 (ETT26): FIDE_TEAM[_TYPEA|_TYPEB][_MP|_GP][_GP|_MP]; "_BAKU" is the registry's
_PREFERENCES = {"TYPEA_": "a", "TYPEB_": "b", "": "none"}
_SCORES = {"MP_GP": "mp-gp", "GP_MP": "gp-mp", "MP": "mp", "GP": "gp"}
_CODES = {"FIDE_TEAM": "team-2026"}
_CODES.update({f"FIDE_TEAM_{p}{s}": f"team-2026-{kind}-{scores}"
               for p, kind in _PREFERENCES.items() for s, scores in _SCORES.items()})
_CODES["FIDE_TEAM_TYPEA_MP_GP"] = "team-2026"

SYSTEM = PairingSystem(
    name="team",
    title="FIDE Swiss Team Pairing System (C.04.6)",
    flag="team",
    default_rule_set="team-2026",
    procedure="cpswiss.systems.team.procedure",
    explanation="cpswiss.systems.team.explain",
    trf_codes=_CODES,
    switches=TeamSwitches,
    units="cpswiss.systems.team.units",
)
