"""What a Dutch rule set asks of the round loop beyond the levels of its criteria, read from
the rule set once and named: the procedure and the explanations test these switches, never
whether a criterion is listed."""

from __future__ import annotations

from dataclasses import dataclass

from cpswiss.rulesets.ruleset import RuleSet


@dataclass(frozen=True)
class RoundSwitches:
    """``waive``: the colour limits the Olympiad rule may waive in a group that cannot pair
    otherwise, in order (the ``waive`` of the absolute colour criterion; None: never).
    ``lowest_pab_score``: the lowest score the pairing-allocated bye can go to is fixed for the
    whole round before the first bracket (2026 Art. 2.3.1 [C5], the round criterion
    ``pab-score``).  ``pab_bracket``: each bracket is told whether it holds the PAB (2026 [C9],
    the criterion ``pab-unplayed-games``, which counts only there).  ``landing``: a bracket is
    told where its downfloaters will be paired (2013 C.1, C.12, C.13; the criteria
    ``stranded-downfloaters`` and ``landing-unpaired`` read it).  ``every_bracket``: every
    bracket leaves the rest completable (2026 [C4]; else the PPB of 2017 A.9).
    ``homogeneous_at_half``: a bracket at least half of whose players moved down is paired as
    a homogeneous one (2013 A.3)."""

    waive: tuple[str, ...] | None
    lowest_pab_score: bool
    pab_bracket: bool
    landing: bool
    every_bracket: bool
    homogeneous_at_half: bool


def round_switches(rules: RuleSet) -> RoundSwitches:
    """The switches of a Dutch rule set (its criteria's units and its ``[procedure]``)."""
    units = {c.unit: c for c in reversed(rules.criteria)}  # the first criterion of each unit
    clash = units.get("absolute-colour-clash")
    waive = clash.params.get("waive") if clash is not None else None
    return RoundSwitches(waive=tuple(waive) if waive is not None else None,
                         lowest_pab_score="pab-score" in units,
                         pab_bracket="pab-unplayed-games" in units,
                         landing="stranded-downfloaters" in units,
                         every_bracket=rules.procedure.completion == "every-bracket",
                         homogeneous_at_half=rules.procedure.half_moved_down == "homogeneous")
