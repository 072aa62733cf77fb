"""The top-down procedure's inputs and answers (C.04.6 Art. 3.3-3.6, C.04.5 Art. 3.3-3.6): a
competitor as the procedure sees it (:class:`Entrant`, its colour preference :class:`Wish`), what
changes the procedure (:class:`Rules`), and the round it returns (:class:`RoundPlan`: the
:class:`ByeChoice` of Art. 3.4, then each :class:`Bracket` of Art. 3.5-3.6 with the
:class:`Refusal` of each value tried before the one chosen)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

from cpswiss.tournament.colour import Colour


@dataclass(frozen=True)
class Wish:
    """A colour preference (Art. 1.7): the colour and whether it is strong
    (Type B); ``colour`` None = no preference."""

    colour: Colour | None = None
    strong: bool = False


NO_WISH = Wish()


@dataclass(frozen=True)
class Entrant:
    """A competitor as the procedure sees it.  ``tpn``: its pairing number (Art. 1.1: the
    order of 3.4.4, 3.5.3 and 3.6); ``score``: the score scoregroups are made of (Art. 1.2,
    1.3); ``matches``: matches played (3.4.3); ``may_take_bye``: [C2] allows it the PAB;
    ``floated``: it was a floater in the previous round ([C7], [C10]); ``wish``: its colour
    preference ([C8], [C9])."""

    tpn: int
    score: float
    matches: int = 0
    may_take_bye: bool = True
    floated: bool = False
    wish: Wish = NO_WISH


UPFLOATERS, UPFLOATER_SCORES = "upfloaters", "upfloater-scores"
FOLLOWING_SCOREGROUP, REPEATED_FLOATERS = "following-scoregroup", "repeated-floaters"
SAME_COLOUR, SAME_STRONG_COLOUR, FLOATER_OPPONENTS = "same-colour", "same-strong-colour", "floater-opponents"
SET_MEASURES = (UPFLOATERS, UPFLOATER_SCORES, FOLLOWING_SCOREGROUP, REPEATED_FLOATERS)
PAIRING_MEASURES = (SAME_COLOUR, SAME_STRONG_COLOUR, FLOATER_OPPONENTS)


@dataclass(frozen=True)
class Measure:
    """A quality criterion as the procedure applies it: ``kind``, what it measures - of a set of
    upfloaters (Art. 3.5.5: ``upfloaters`` the fewest, ``upfloater-scores`` their scores as high
    as they can be, ``following-scoregroup`` [C6], ``repeated-floaters`` [C7]) or of a bracket's
    pairing (3.6.4, reading TS-4: ``same-colour`` pairs whose competitors prefer the same
    colour, ``same-strong-colour`` both strongly, ``floater-opponents`` an upfloater's opponent
    that floated in the previous round) - and ``label``, the text's name for it (``[C7]``)."""

    kind: str
    label: str


# C.04.6 Art. 2.3 in its order: the procedure's criteria when no rule file names them
C04_6_SET_CRITERIA = (Measure(UPFLOATERS, "[C4]"), Measure(UPFLOATER_SCORES, "[C5]"),
                      Measure(FOLLOWING_SCOREGROUP, "[C6]"), Measure(REPEATED_FLOATERS, "[C7]"))
C04_6_PAIRING_CRITERIA = (Measure(SAME_COLOUR, "[C8]"), Measure(SAME_STRONG_COLOUR, "[C9]"),
                          Measure(FLOATER_OPPONENTS, "[C10]"))


@dataclass(frozen=True)
class Rules:
    """What changes the procedure: ``set_criteria`` (Art. 3.5.5: the criteria that choose the
    set of upfloaters, highest priority first; the fewest upfloaters first, their scores among
    them: the order of 3.5.3-3.5.4 is one among sets of one score profile) and
    ``pairing_criteria`` (3.6.4: those that choose the bracket's pairing), as the rule file lists
    them and as they apply in this round; ``lapsed``: those of the rule file that do not apply
    in this round ([C7], [C10] in the last rounds), for explanations; ``c6``: TS-2;
    ``record_refusals``: fix the set and the identifier position by position, recording every
    value refused before the one chosen (for explanations: the same answer, more matchings);
    ``robust_rest``: when Dirac's theorem shows that the rest pairs, with [C6] met, whatever the
    set (:mod:`.topdown_upfloaters`), choose the set on the residents' pairs alone (the same
    answer, a smaller graph)."""

    set_criteria: tuple[Measure, ...] = C04_6_SET_CRITERIA
    pairing_criteria: tuple[Measure, ...] = C04_6_PAIRING_CRITERIA
    lapsed: tuple[Measure, ...] = ()
    c6: Literal["pass-fail", "graded"] = "pass-fail"
    record_refusals: bool = False
    robust_rest: bool = True  # choose upfloaters on the residents' pairs when the rest is robust

    def __post_init__(self) -> None:
        kinds = [m.kind for m in self.set_criteria]
        if kinds[:1] != [UPFLOATERS] or UPFLOATER_SCORES not in kinds:
            raise ValueError("the set of upfloaters is chosen by the fewest upfloaters first, and by their scores")
        if any(m.kind not in SET_MEASURES for m in self.set_criteria) or \
                any(m.kind not in PAIRING_MEASURES for m in self.pairing_criteria):
            raise ValueError("a criterion of the top-down procedure measures a set of upfloaters or a pairing")


@dataclass
class ByeChoice:
    """Art. 3.4: the competitor given the PAB, those before it in the order of 3.4.2-3.4.4
    (passed over as they leave no legal pairing of the others, 3.4.1), and those [C2] bars."""

    tpn: int
    passed_over: list[int] = field(default_factory=list)
    barred: list[int] = field(default_factory=list)


@dataclass
class Refusal:
    """A value tried at a position of a TPN list or identifier before the one chosen, and why
    it was refused: ``"illegal"`` (no legal pairing has it: [C1] in the bracket or [C3] for
    the rest) or ``"criteria"`` (legal, but not with the criteria's least values)."""

    position: int
    tpn: int
    why: str


@dataclass
class Bracket:
    """One bracket as Art. 3.5-3.6 make it."""

    score: float
    residents: list[int]  # TPNs of the top-scoregroup
    upfloaters: list[int]  # in the order of 3.5.3 (score descending, TPN ascending)
    upfloater_scores: list[float]
    set_values: dict[str, int]  # by label, as applied: [C4] (upfloaters), [C6] (0 met), [C7]
    set_refusals: list[Refusal]
    identifier: list[int]  # 3.6.2
    pairs: list[tuple[int, int]]  # (top member, bottom member), tops ascending
    pairing_values: dict[str, int]  # by label, as applied: [C8], [C9], [C10]
    pairing_refusals: list[Refusal]
    next_scoregroup_emptied: bool = False


@dataclass
class RoundPlan:
    """The round: the PAB (or None), the brackets in the order they were paired, and the
    procedure's rules they were paired under (which criteria chose, with the text's labels)."""

    bye: ByeChoice | None
    brackets: list[Bracket]
    rules: Rules = Rules()

    @property
    def pairs(self) -> list[tuple[int, int]]:
        return [pair for bracket in self.brackets for pair in bracket.pairs]


Compatible = Callable[[int, int], bool]
