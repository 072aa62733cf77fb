"""The general FIDE Swiss rules of 1987-99 (seed 001 part 1), today's Lim system: score
groups paired from the top down and from the bottom up to the median group (:mod:`.procedure`),
explained in the text's words (:mod:`.explain`)."""

from dataclasses import dataclass
from typing import Literal

from cpswiss.registry import PairingSystem


@dataclass(frozen=True)
class Fide1999Switches:
    """The rule file's ``[switches]`` table.  Maxi-tournaments (preamble, items 10.2, 10.8, 12.7):
    ``maxi_threshold`` ``""`` (never), ``"2^rounds"`` or ``"2*rounds"`` (more players than
    that; Q-1 of the digest); then floaters and colour exchanges keep within
    ``maxi_rating_gap`` rating points."""

    maxi_threshold: Literal["", "2^rounds", "2*rounds"] = ""
    maxi_rating_gap: int = 100


SYSTEM = PairingSystem(
    name="fide-1999",
    title="General FIDE Swiss Rules 1987-99 (the Lim system, C.04.4.3)",
    flag="lim",
    default_rule_set="fide-swiss-1999",
    procedure="cpswiss.systems.fide1999.procedure",
    explanation="cpswiss.systems.fide1999.explain",
    # ETT26 has no code for the Lim system (only CUSTOM_SWISS); FIDE_LIM is the provisional code
    # other software uses, read (and written by cpswiss generate) for the rules of 1987-99,
    # whose text the Lim system keeps unchanged
    trf_codes={"FIDE_LIM": "fide-swiss-1999"},
    switches=Fide1999Switches,
    units="cpswiss.systems.fide1999.units",
)
