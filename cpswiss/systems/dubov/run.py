"""Private runner until the command line knows the system: ``python -m
cpswiss.systems.dubov.run FILE -p OUT`` pairs the next round of a TRF under dubov-2026."""

from __future__ import annotations

import argparse
import sys

from cpswiss.colours.decoder import decode
from cpswiss.errors import CpswissError
from cpswiss.formats.trf import read_trf
from cpswiss.rulesets.ruleset import load_rule_set
from cpswiss.systems.dubov.procedure import pair_round
from cpswiss.tournament.state import build_state


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("trf")
    parser.add_argument("-p", dest="out")
    parser.add_argument("--rules", default="dubov-2026")
    args = parser.parse_args(argv)
    try:
        rules = load_rule_set(args.rules)
        t = read_trf(args.trf)
        state = build_state(t, rules.state)
        raw = pair_round(state, rules)
        text = "\n".join(decode(state, raw.pairs, raw.bye, rules.colours).lines()) + "\n"
    except CpswissError as exc:
        print(exc.one_line(), file=sys.stderr)
        return exc.exit_code
    if args.out:
        with open(args.out, "w") as fh:
            fh.write(text)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
