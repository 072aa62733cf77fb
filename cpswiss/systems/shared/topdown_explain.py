"""Pieces of the explanation of a round paired by the top-down procedure (:mod:`.topdown`:
C.04.6 and C.04.5 Art. 3.3-3.6), in the texts' words, for the systems that use it."""

from __future__ import annotations

from cpswiss.systems.shared.topdown import Bracket, ByeChoice, Refusal, Rules
from cpswiss.systems.shared.topdown_types import (
    FOLLOWING_SCOREGROUP, PAIRING_MEASURES, SET_MEASURES, UPFLOATER_SCORES, UPFLOATERS,
)


def score_text(tenths: float) -> str:
    return f"{tenths / 10:g}"


def refusal_lines(refusals: list[Refusal], what: str) -> list[str]:
    """One line per value ruled out before the one chosen, with the reason."""
    lines = []
    for r in refusals:
        why = ("no legal pairing has it ([C1], [C3])" if r.why == "illegal"
               else "the criteria's least values cannot be reached with it")
        lines.append(f"      {what} {r.position}: {r.tpn} ruled out - {why}")
    return lines


def upfloater_lines(b: Bracket, rules: Rules) -> list[str]:
    """Art. 3.5: the bracket's upfloaters and the criteria that chose them, in the order they
    chose (``rules``: the procedure's; a criterion that lapsed in this round said so), then the
    sets ruled out before."""
    if not b.upfloaters:
        return []
    scores = ", ".join(f"{t} ({score_text(s)})" for t, s in zip(b.upfloaters, b.upfloater_scores))
    said = []
    for m in rules.set_criteria:
        value = b.set_values.get(m.label, 0)
        said.append(f"{m.label} {value} (the fewest that leave a legal pairing)" if m.kind == UPFLOATERS
                    else f"{m.label} their scores as high as they can be" if m.kind == UPFLOATER_SCORES
                    else f"{m.label} {'met' if value == 0 else 'cannot be met'}" if m.kind == FOLLOWING_SCOREGROUP
                    else f"{m.label} {value}")
    said += [f"{m.label} not applied (last rounds)" for m in rules.lapsed if m.kind in SET_MEASURES]
    return [f"   upfloaters {scores}: {', '.join(said)}; the first such set in the order of 3.5.3-3.5.4",
            *refusal_lines(b.set_refusals, "set position")]


def bye_detail_lines(bye: ByeChoice, barred_because: str) -> list[str]:
    """Art. 3.4: the competitors passed over before the one given the PAB (3.4.1), and those
    [C2] bars (``barred_because``: what the system's [C2] names)."""
    lines = []
    if bye.passed_over:
        lines.append(f"   passed over (no legal pairing of the others without them, 3.4.1): "
                     f"{', '.join(map(str, bye.passed_over))}")
    if bye.barred:
        lines.append(f"   barred by [C2] ({barred_because}): {', '.join(map(str, bye.barred))}")
    return lines


def bracket_lines(number: int, b: Bracket, rules: Rules) -> list[str]:
    """One bracket (Art. 3.5-3.6): its top-scoregroup, its upfloaters and why those, the
    identifier chosen with the least values of the pairing criteria it reaches (``rules``: the
    procedure's; those that lapsed in this round said so) and the values ruled out before it."""
    reached = [f"{label} {value}" for label, value in b.pairing_values.items()]
    lapsed = [m.label for m in rules.lapsed if m.kind in PAIRING_MEASURES]
    reaches = (f" and reaches {', '.join(reached)}" if reached else "") + \
        (f" ({', '.join(lapsed)} not applied: last rounds)" if lapsed else "")
    return [f"Bracket {number} (Art. 3.5-3.6): top-scoregroup {score_text(b.score)}: "
            f"{', '.join(map(str, b.residents))}",
            *upfloater_lines(b, rules),
            f"   identifier {' '.join(map(str, b.identifier))} (3.6.2): the first that complies with [C1]{reaches}",
            *refusal_lines(b.pairing_refusals, "identifier position")]
