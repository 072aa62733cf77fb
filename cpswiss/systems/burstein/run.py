"""A small runner for the Burstein procedure until the command line reaches it:
``python -m cpswiss.systems.burstein.run FILE.trf [-p OUT] [--rules R]``: reads the file,
builds the round's state, pairs it, gives the colours and writes the ``-p`` format (count,
then ``white black``, the bye as ``id 0``).  Errors: one line, the project's exit codes."""

from __future__ import annotations

import argparse
import sys

from cpswiss.colours.decoder import decode
from cpswiss.errors import CpswissError
from cpswiss.formats.trf import read_trf
from cpswiss.rulesets.ruleset import load_rule_set
from cpswiss.systems.burstein.procedure import pair_round
from cpswiss.tournament.state import build_state


def pairing_lines(path: str, rules_name: str = "burstein-2026") -> list[str]:
    rules = load_rule_set(rules_name)
    t = read_trf(path)
    state = build_state(t, rules.state)
    raw = pair_round(state, rules)
    return decode(state, raw.pairs, raw.bye, rules.colours).lines()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m cpswiss.systems.burstein.run")
    parser.add_argument("trf")
    parser.add_argument("-p", dest="out")
    parser.add_argument("--rules", default="burstein-2026")
    args = parser.parse_args(argv)
    try:
        lines = pairing_lines(args.trf, args.rules)
    except CpswissError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return exc.exit_code
    text = "\n".join(lines) + "\n"
    if args.out:
        with open(args.out, "w") as f:
            f.write(text)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
