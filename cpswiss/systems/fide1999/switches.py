"""The rule file's ``[switches]`` of the FIDE Swiss rules of 1987-99: the Maxi-tournament limits."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal


@dataclass(frozen=True)
class Fide1999Switches:
    """The rule file's ``[switches]`` table.  Maxi-tournaments (preamble, items 10.2, 10.8, 12.7):
    ``maxi_threshold`` ``""`` (never), ``"2^rounds"`` or ``"2*rounds"`` (more players than
    that; Q-1 of docs/readings.md); then floaters and colour exchanges keep within
    ``maxi_rating_gap`` rating points."""

    maxi_threshold: Literal["", "2^rounds", "2*rounds"] = ""
    maxi_rating_gap: int = 100
