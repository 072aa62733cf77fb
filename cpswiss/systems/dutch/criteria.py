"""The criteria a rule file of the FIDE (Dutch) System may name: each unit with the parameters it
takes, as a typed table (a plain class whose annotated attributes are the keys, with their
defaults: :mod:`cpswiss.rulesets.tables`) that the rule-file loader checks when the file loads
(:func:`cpswiss.rulesets.loader.load_rule_set`): a key no unit of that name takes, or a value its
type does not allow, is an input error naming the file, the criterion and the key.  The units
themselves are in :mod:`.units` (bracket units), :mod:`.rulings` (the round-wide ones) and
:mod:`cpswiss.tournament.compatibility` (the absolute ones).

(Not compiled with the engine: the loader reads these classes through their type hints.)"""

from __future__ import annotations

from typing import Literal


class DutchCriterion:
    """What every criterion takes: ``label`` (how the edition names it: ``C.10``, ``[C12]``)
    and, in the 2013 edition, ``relaxation`` (the relaxation of A.8/C.10 that gives it up,
    ``C.10.e``: the explanations name it)."""

    label: str = ""
    relaxation: str = ""


class ColourClash(DutchCriterion):
    """``waive``: the colour limits the Olympiad rule waives in a group that cannot pair
    otherwise, in order (``three-in-a-row``: C.04.1 g; ``all``: f and g)."""

    waive: tuple[Literal["three-in-a-row", "all"], ...] = ()


class ColourPreferences(DutchCriterion):
    """``allowance = "X1"`` (2013 B.4): counted beyond the X1 colour failures A.8 allows."""

    allowance: Literal["X1"] | None = None


class ScoreDifferences(DutchCriterion):
    """``measure = "sum-of-squares"`` (2013 B.3, A.11): the sum of the squares instead of the
    sorted list."""

    measure: Literal["sum-of-squares"] | None = None


class Conditional(DutchCriterion):
    """``condition``: the name of the condition the level is a part of (2013 C.12): a pairing
    that fails one part fails it (:mod:`cpswiss.solver.cases`)."""

    condition: str = ""


class Floats(DutchCriterion):
    """``rounds_back`` (1: the previous round, 2: the one before) and ``float`` (``down`` or
    ``up``)."""

    rounds_back: int = 1
    float: Literal["down", "up"] = "down"


class RepeatedFloats(Floats):
    """Besides :class:`Floats`: ``remainder_homogeneous`` (2013 A.3: a pair of two residents
    floats nobody), ``topscorers_exempt`` (topscorers do not count) and
    ``unpaired_downfloat = "lowest-score"`` (2013: the downfloaters are the unpaired players of
    the bracket's lowest score)."""

    remainder_homogeneous: bool = False
    topscorers_exempt: bool = False
    unpaired_downfloat: Literal["lowest-score"] | None = None


class RatingSpread(DutchCriterion):
    """Seed 003: ``key`` (``rating`` or ``score-rating``), ``mean`` (``smallest`` or
    ``largest`` first)."""

    key: Literal["rating", "score-rating"] = "rating"
    mean: Literal["smallest", "largest"] = "smallest"


class OpponentOrder(DutchCriterion):
    """Seed 003: ``order`` of each player's list of opponents (``alternating`` around his
    first-candidate opponent, or ``next``)."""

    order: Literal["alternating", "next"] = "alternating"


# every unit a Dutch rule file may name, with its parameters
CRITERIA: dict[str, type] = {
    "no-rematch": DutchCriterion,
    "bye-eligibility": DutchCriterion,
    "absolute-colour-clash": ColourClash,
    "pab-score": DutchCriterion,
    "completion": DutchCriterion,
    "pairs": DutchCriterion,
    "psd": ScoreDifferences,
    "next-bracket": DutchCriterion,
    "topscorer-colour-difference": DutchCriterion,
    "topscorer-colour-streak": DutchCriterion,
    "colour-preference": ColourPreferences,
    "strong-colour-preference": DutchCriterion,
    "semi-absolute-preference": DutchCriterion,
    "repeated-float": RepeatedFloats,
    "repeated-float-score-difference": Floats,
    "repeated-float-score": Floats,
    "downfloater-scores": DutchCriterion,
    "next-bracket-scores": DutchCriterion,
    "stranded-downfloaters": Conditional,
    "landing-unpaired": Conditional,
    "pab-unplayed-games": DutchCriterion,
    "rating-spread": RatingSpread,
    "opponent-order": OpponentOrder,
}
