"""Rule sets as text: ``cpswiss rules show`` (what a rule set is, its switches and criteria in
order) and ``cpswiss rules diff`` (what one changes against another)."""

from __future__ import annotations

from cpswiss.rulesets.model import Criterion, RuleSet


def describe(rules: RuleSet) -> list[str]:
    """The rule set as lines of text: what it is, its switches, its criteria in order."""
    lines = [f"{rules.name}: {rules.title}", f"  system: {rules.system}"]
    if rules.aliases:
        lines.append(f"  aliases: {', '.join(rules.aliases)}")
    if rules.extends:
        lines.append(f"  extends: {rules.extends}")
    if rules.reference_engine:
        lines.append(f"  reference engine: {rules.reference_engine}")
    for key, value in vars(rules.state).items():
        lines.append(f"  state.{key} = {_show(value)}")
    for key, value in vars(rules.procedure).items():
        lines.append(f"  procedure.{key} = {_show(value)}")
    for table in ("acceleration", "colours", "resolve", "switches"):
        for key, value in _table(rules, table).items():
            lines.append(f"  {table}.{key} = {_show(value)}")
    lines.append("  criteria, highest priority first:")
    for c in rules.criteria:
        params = {k: v for k, v in c.params.items() if k != "label"}
        extra = " ".join(f"{k}={_show(v)}" for k, v in params.items())
        lines.append(f"    {c.label:<6} {c.kind:<10} {c.unit:<34} {c.article:<24} {extra}".rstrip())
    return lines


def diff(a: RuleSet, b: RuleSet) -> list[str]:
    """What rule set ``b`` changes against ``a``: state and procedure keys, criteria
    removed, added, changed (unit or parameters) and the order of those they share."""
    lines = []
    if a.system != b.system:
        lines.append(f"system: {a.system} -> {b.system}")
    for table in ("state", "procedure", "acceleration", "colours", "resolve", "switches"):
        left, right = _table(a, table), _table(b, table)
        for key in dict.fromkeys([*left, *right]):
            if left.get(key) != right.get(key):
                lines.append(f"{table}.{key}: {_show(left.get(key, '-'))} -> {_show(right.get(key, '-'))}")
    units_a, units_b = [_unit_key(c) for c in a.criteria], [_unit_key(c) for c in b.criteria]
    names_a = {_unit_key(c): c.label for c in a.criteria}
    names_b = {_unit_key(c): c.label for c in b.criteria}
    for k in units_a:
        if k not in units_b:
            lines.append(f"- {names_a[k]} {_unit_text(k)} (only in {a.name})")
    for k in units_b:
        if k not in units_a:
            lines.append(f"+ {names_b[k]} {_unit_text(k)} (only in {b.name})")
    shared_a = [k for k in units_a if k in units_b]
    shared_b = [k for k in units_b if k in units_a]
    if shared_a != shared_b:
        lines.append("order of the shared criteria: " + ", ".join(names_b[k] for k in shared_b))
    renamed = [(names_a[k], names_b[k]) for k in shared_a if names_a[k] != names_b[k]]
    if renamed:
        lines.append("renumbered: " + ", ".join(f"{x} -> {y}" for x, y in renamed))
    return lines or ["no difference"]


def _table(rules: RuleSet, table: str) -> dict[str, object]:
    """A table of the rule set as key -> value (the system's switches: empty when it has none)."""
    value = getattr(rules, table)
    return {} if value is None else dict(vars(value))


UnitKey = tuple[str, tuple[tuple[str, str], ...]]


def _unit_key(c: Criterion) -> UnitKey:
    """A criterion as its unit and parameters (its label aside): what two rule sets share."""
    return c.unit, tuple(sorted((k, str(v)) for k, v in c.params.items() if k != "label"))


def _unit_text(k: UnitKey) -> str:
    unit, params = k
    return unit + ("" if not params else " (" + ", ".join(f"{p}={v}" for p, v in params) + ")")


def _show(value: object) -> str:
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(map(str, value)) + "]"
    return str(value)
