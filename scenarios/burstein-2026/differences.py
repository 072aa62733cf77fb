"""Classify every difference between cpswiss and a second opinion on the Burstein corpus.

    python scenarios/burstein-2026/differences.py CORPUS [--suffix .py4swiss] > differences.md

For each case whose second opinion differs: a seeding round or an Index round, then the
rule that decides (cpswiss.systems.burstein.judge; for colours the rule of Art. 5.2 that
gave cpswiss's colour on the first board whose colours differ).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from cpswiss.api import pair_tournament
from cpswiss.errors import CpswissError
from cpswiss.rulesets.ruleset import load_rule_set
from cpswiss.systems.burstein.judge import judge
from cpswiss.systems.burstein.switches import switches_of


def read_pairing(path: Path) -> tuple[list[tuple[int, int]], int | None] | None:
    lines = path.read_text().split()
    if not lines or not lines[0].isdigit():
        return None
    numbers = list(map(int, lines[1:]))
    boards = list(zip(numbers[0::2], numbers[1::2]))
    bye = next((w for w, b in boards if b == 0), None)
    return [(w, b) for w, b in boards if b != 0], bye


def classify(trf: Path, other: Path, rules) -> tuple[str, str, str] | None:
    result = pair_tournament(trf, rules)
    state, pairing, records = result.state, result.pairing, result.records[0]
    theirs = read_pairing(other)
    kind = "seeding" if records.seeding else "index"
    if theirs is None:
        return kind, "no pairing", other.read_text().strip()[:60]
    boards, bye = theirs
    ours = [(b.white, b.black) for b in pairing.boards]
    if ours == boards and bye == pairing.bye:
        return None
    if {frozenset(p) for p in ours} == {frozenset(p) for p in boards} and bye == pairing.bye:
        if set(ours) == set(boards):
            return kind, "board order", "same boards and colours, other order"
        theirs_set = set(boards)
        board = next(b for b in pairing.boards if (b.white, b.black) not in theirs_set)
        if kind == "seeding":  # the seeding rule set's colours (Art. 1.6, reading R-1)
            seeding = load_rule_set(switches_of(rules).seeding_rule_set)
            article = f"{seeding.name} {seeding.speak(board.article)}"
            return kind, f"Art. 1.6: colours of {article}", f"{board.white}-{board.black}"
        article = rules.speak(board.article)
        return kind, f"colours {article}", f"{board.white}-{board.black}: cpswiss by {article}"
    verdict = judge(state, records, boards, bye, pairing.bye, {c.id: c.unit for c in rules.criteria},
                    switches_of(rules).zero_bye_runs == "trailing-as-draws")
    where = f" (bracket {verdict.bracket})" if verdict.bracket else ""
    return kind, verdict.article, verdict.message + where


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("corpus")
    parser.add_argument("--suffix", default=".py4swiss")
    parser.add_argument("--rules", default="burstein-2026")
    args = parser.parse_args()
    rules = load_rule_set(args.rules)
    with tempfile.TemporaryDirectory() as tmp:  # the other reading of Art. 1.7.2
        variant = Path(tmp) / "no-runs.toml"
        variant.write_text(f'extends = "{rules.source}"\nname = "no-runs"\n'
                           '[switches]\nzero_bye_runs = "not-counted"\n')
        other_reading = load_rule_set(str(variant))
        print("| case | round | deciding article | without R-2's zero-bye runs | detail |")
        print("|---|---|---|---|---|")
        for trf in sorted(Path(args.corpus).glob("*.trf")):
            other = trf.with_suffix(args.suffix)
            if not other.exists():
                continue
            try:
                row = classify(trf, other, rules)
                plain = classify(trf, other, other_reading) if row is not None else None
            except CpswissError as exc:
                row, plain = ("?", "cpswiss error", str(exc)), None
            if row is not None:
                same = "the same" if plain == row else ("agrees" if plain is None else plain[1])
                print(f"| {trf.stem} | {row[0]} | {row[1]} | {same} | {row[2]} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
