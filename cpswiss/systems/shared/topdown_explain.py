"""Pieces of the explanation of a round paired by the top-down procedure (:mod:`.topdown`:
C.04.6 and C.04.5 Art. 3.3-3.6), in the texts' words, for the systems that use it."""

from __future__ import annotations

from cpswiss.systems.shared.topdown import Bracket, ByeChoice, Refusal


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


def upfloater_lines(b: Bracket, without_c7: str = "") -> list[str]:
    """Art. 3.5: the bracket's upfloaters and the criteria that chose them (``without_c7``: what
    to say when [C7] did not apply), then the sets ruled out before."""
    if not b.upfloaters:
        return []
    scores = ", ".join(f"{t} ({score_text(s)})" for t, s in zip(b.upfloaters, b.upfloater_scores))
    c7 = f", [C7] {b.set_values['[C7]']}" if "[C7]" in b.set_values else without_c7
    return [f"   upfloaters {scores}: [C4] {b.set_values.get('[C4]', 0)} (the fewest that leave a legal pairing), "
            "[C5] their scores as high as they can be, "
            + ("[C6] met" if b.set_values.get("[C6]", 0) == 0 else "[C6] cannot be met")
            + c7 + "; the first such set in the order of 3.5.3-3.5.4",
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


def bracket_lines(number: int, b: Bracket, reaches: str, without_c7: str = "") -> list[str]:
    """One bracket (Art. 3.5-3.6): its top-scoregroup, its upfloaters and why those, the
    identifier chosen (``reaches``: what the system says of the criteria it reaches) and the
    values ruled out before it."""
    return [f"Bracket {number} (Art. 3.5-3.6): top-scoregroup {score_text(b.score)}: "
            f"{', '.join(map(str, b.residents))}",
            *upfloater_lines(b, without_c7),
            f"   identifier {' '.join(map(str, b.identifier))} (3.6.2): the first that complies with [C1]{reaches}",
            *refusal_lines(b.pairing_refusals, "identifier position")]
