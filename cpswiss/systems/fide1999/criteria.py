"""The criteria a rule file of the FIDE Swiss rules of 1987-99 may name: each unit with the
parameters it takes, as a typed table that the rule-file loader checks when the file loads
(see :mod:`cpswiss.systems.dutch.criteria`).  The units are in :mod:`.units`."""

from __future__ import annotations

from typing import Literal


class Fide1999Criterion:
    """What every criterion takes: ``label``, the item of the text (``10.9.a``)."""

    label: str = ""


class FloaterType(Fide1999Criterion):
    """Item 10.9: ``type``, the seriousness of the floaters the level counts (a, b, c)."""

    type: Literal["a", "b", "c"] = "a"


class ColourPreferences(Fide1999Criterion):
    """``maxi = "exchanges"`` (items 10.8, 12.7): in a Maxi-tournament due colours are given by
    exchanges within the rating gap instead."""

    maxi: Literal["exchanges"] | None = None


CRITERIA: dict[str, type] = {
    "no-rematch": Fide1999Criterion,
    "bye-eligibility": Fide1999Criterion,
    "absolute-colour-clash": Fide1999Criterion,
    "floaters-paired": Fide1999Criterion,
    "pairs": Fide1999Criterion,
    "topscorer-colour-difference": Fide1999Criterion,
    "topscorer-colour-streak": Fide1999Criterion,
    "floater-type": FloaterType,
    "refloat": Fide1999Criterion,
    "colour-preference": ColourPreferences,
}
