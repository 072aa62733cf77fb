"""``cpswiss rules``: the rule sets listed, one shown, two compared."""

from __future__ import annotations

import argparse

from cpswiss import errors


def rules_arguments(rules: argparse.ArgumentParser) -> None:
    rules_sub = rules.add_subparsers(dest="action")
    show = rules_sub.add_parser("show", help="the criteria in order, with their articles, and the switches")
    show.add_argument("name", help="a rule set name, alias or TOML file")
    compare = rules_sub.add_parser("diff", help="what rule set B changes against rule set A")
    compare.add_argument("a")
    compare.add_argument("b")


def cmd_rules(args) -> int:
    from cpswiss.rulesets.ruleset import (
        available_rule_sets,
        describe,
        diff,
        load_rule_set,
    )

    if args.action == "show":
        print("\n".join(describe(load_rule_set(args.name))))
    elif args.action == "diff":
        a, b = load_rule_set(args.a), load_rule_set(args.b)
        print(f"{b.name} against {a.name}:")
        print("\n".join("  " + line for line in diff(a, b)))
    else:
        for name in available_rule_sets():
            r = load_rule_set(name)
            aliases = f" (also {', '.join(r.aliases)})" if r.aliases else ""
            print(f"{name:<14} {r.title}{aliases}")
    return errors.EXIT_OK
