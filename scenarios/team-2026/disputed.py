"""Pair every round of ../shared/conformance/team-2026-disputed with cpswiss, check each pairing
is legal ([C1] no rematch after a played match, [C2] the PAB bar, every team to pair paired
once, no absent team paired, a PAB iff the number is odd), say whom it agrees with (Sharly,
Gacrux, both or neither) and write the table ``disputed.md``.

    python scenarios/team-2026/disputed.py [../shared/conformance/team-2026-disputed]
"""

from __future__ import annotations

import csv
import sys
from pathlib import Path

from cpswiss.api import pair_matches
from cpswiss.errors import NoPairingError

HERE = Path(__file__).parent
CORPUS = Path(sys.argv[1]) if len(sys.argv) > 1 else HERE.parents[2] / "shared" / "conformance" / "team-2026-disputed"

# the article that decides each class (scenarios/team-2026/README.md)
ARTICLE = {
    "pairs-sharly-fewer-floater-pairs": "Art. 3.3.2 and 3.5.2-3.5.5: bracket by bracket, [C4]/[C5] per bracket, "
                                        "not a round-wide count of unequal pairs",
    "pairs-same-score-gaps": "Art. 3.5.4 (the first upfloater set) and 3.6.2-3.6.4 (the first identifier in "
                             "the bracket, not over the round)",
    "pairs-same-floater-count-other-score-gaps": "Art. 3.5.2 [C5]: the upfloaters' scores as high as they can "
                                                 "be, bracket by bracket",
    "pairs-gacrux-rematch-after-forfeit": "[C1] with GHR 3.5: a match forfeited as a whole is no meeting",
    "colours-only-round1": "Art. 4.3.1 with 1.1.1/1.1.3: the TPN as given, not renumbered (TS-7)",
    "sharly-no-pairing": "Art. 3.3.1: a legal pairing exists, so the round is paired",
}


def boards(text: str) -> frozenset[tuple[int, int]] | str:
    lines = text.strip().splitlines()
    if not lines or lines[0].split()[0] in ("NO-PAIRING", "ERROR"):
        return lines[0].split()[0] if lines else "ERROR"
    return frozenset(tuple(map(int, line.split())) for line in lines[1:])  # type: ignore[misc]


def problems(result) -> list[str]:  # type: ignore[no-untyped-def]
    teams = result.state.competitors
    to_pair = {c.id for c in result.state.to_pair}
    seen: list[int] = []
    found = []
    for m in result.matches:
        seen += [m.white, m.black]
        if m.black in teams[m.white].opponents:
            found.append(f"[C1] {m.white}-{m.black} met before")
    if result.bye is not None:
        seen.append(result.bye)
        if not teams[result.bye].bye_eligible:
            found.append(f"[C2] {result.bye} may not take the PAB")
    if sorted(seen) != sorted(to_pair):
        found.append("not every team to pair paired exactly once")
    if (result.bye is not None) != (len(to_pair) % 2 == 1):
        found.append("a PAB without an odd number, or none with one")
    return found


def main() -> None:
    rows = list(csv.DictReader(open(CORPUS / "index.tsv"), delimiter="\t"))
    out = ["| case | class | cpswiss agrees with | legal | deciding article |", "|---|---|---|---|---|"]
    tally: dict[str, int] = {}
    illegal = 0
    for row in rows:
        case = row["case"]
        try:
            result = pair_matches(CORPUS / f"{case}.trf")
            mine: frozenset[tuple[int, int]] | str = boards("\n".join(result.lines()))
            bad = problems(result)
        except NoPairingError:
            mine, bad = "NO-PAIRING", []
        sharly = boards((CORPUS / f"{case}.sharly").read_text())
        gacrux = boards((CORPUS / f"{case}.gacrux").read_text())
        who = ("both" if mine == sharly == gacrux else "Sharly" if mine == sharly else "Gacrux" if mine == gacrux
               else "neither")
        tally[who] = tally.get(who, 0) + 1
        illegal += bool(bad)
        out.append(f"| {case} | {row['class']} | {who} | {'yes' if not bad else '; '.join(bad)} | "
                   f"{ARTICLE.get(row['class'], '')} |")
    summary = ", ".join(f"{k} {v}" for k, v in sorted(tally.items()))
    text = (f"# team-2026-disputed: {len(rows)} rounds, cpswiss agrees with {summary}; "
            f"illegal pairings: {illegal}\n\nMade by `python scenarios/team-2026/disputed.py`.\n\n"
            + "\n".join(out) + "\n")
    (HERE / "disputed.md").write_text(text)
    print(text.splitlines()[0])


if __name__ == "__main__":
    main()
