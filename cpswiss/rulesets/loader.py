"""Reading rule sets: ``models/NAME.toml`` by name or alias, or a user's own file, merged with
the files it extends, and checked as input - every table key known, every switch value one its
type allows, every criterion's kind and unit known to the system that pairs it - so that a
mistake in a rule file is one line naming the file and the key (exit 3) when it loads, never an
error at pairing time and never a silent default."""

from __future__ import annotations

import copy
import functools
import os
import tomllib
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Union

from cpswiss.errors import InputError
from cpswiss.registry import PairingSystem, system_named
from cpswiss.rulesets.model import (
    CRITERION_KINDS,
    EDITION_IN_FORCE,
    AccelerationRules,
    ColourRules,
    Criterion,
    ProcedureRules,
    ResolveRules,
    RuleSet,
    StateRules,
)
from cpswiss.rulesets.tables import check_table, read_table

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

# a rule file: the path of a file in a folder (models/ as a folder, a user's own file), or a
# resource of the package cpswiss.models installed inside an archive
RuleFile = Union[str, "Traversable"]


def _models_dir() -> str | Traversable:
    """``models/``: installed as the package ``cpswiss.models``, or beside the source tree.
    The package's folder itself where it is one, by ``os.path`` (importlib.resources, which
    also reads packages inside archives, and pathlib cost start-up time that every command
    would pay)."""
    try:
        import cpswiss.models as models
    except ModuleNotFoundError:
        return os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.realpath(__file__)))),
                            "models")
    package_file: str | None = models.__file__
    if package_file and os.path.isdir(os.path.dirname(package_file)):
        return os.path.dirname(package_file)
    from importlib import resources

    return resources.files(models)


def _model_files() -> dict[str, RuleFile]:
    folder = _models_dir()
    if isinstance(folder, str):
        return {name[:-5]: os.path.join(folder, name) for name in os.listdir(folder) if name.endswith(".toml")}
    return {p.name[:-5]: p for p in folder.iterdir() if p.name.endswith(".toml")}


def _read_text(source: RuleFile) -> str:
    if isinstance(source, str):
        with open(source, encoding="utf-8") as handle:
            return handle.read()
    return source.read_text(encoding="utf-8")


def _read_toml(source: RuleFile, label: str) -> dict[str, Any]:
    """The file's tables, read afresh each time (a copy of the parse of the same text: a rule
    set loaded again, by every round that ``check`` or ``study`` pairs, is not parsed again)."""
    try:
        return copy.deepcopy(_parsed(_read_text(source)))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise InputError(f"rule set is not valid TOML: {exc}", label) from None


@functools.lru_cache(maxsize=64)
def _parsed(text: str) -> dict[str, Any]:
    return tomllib.loads(text)


def _aliases() -> dict[str, str]:
    """alias -> file name, from the ``aliases`` key of every file in ``models/``."""
    table = {}
    for name, path in _model_files().items():
        for alias in _read_toml(path, str(path)).get("aliases", []):
            table[alias] = name
    return table


def available_rule_sets() -> list[str]:
    return sorted(_model_files())


def _locate(name: str) -> RuleFile:
    files = _model_files()
    if name in files:
        return files[name]
    aliases = _aliases()
    if name in aliases:
        return files[aliases[name]]
    from pathlib import Path  # only for a user's own file: a named rule set is found without it

    path = Path(name)
    if path.suffix == ".toml" or path.exists():
        if not path.is_file():
            raise InputError(f"rule set file not found: {name}")
        return str(path)
    known = ", ".join(available_rule_sets() + sorted(aliases))
    raise InputError(f"unknown rule set {name!r}; known: {known}")


TABLES = {"state": StateRules, "procedure": ProcedureRules, "acceleration": AccelerationRules,
          "colours": ColourRules, "resolve": ResolveRules}
TOP_LEVEL_KEYS = {"name", "title", "system", "aliases", "extends", "reference_engine", "vocabulary", "switches",
                  "criteria", "drop", "replace", "insert", "order", *TABLES}


def _criterion(entry: dict[str, Any], label: str) -> Criterion:
    missing = [k for k in ("id", "kind", "unit") if k not in entry]
    if missing:
        raise InputError(f"a criterion lacks {', '.join(missing)}: {entry}", label)
    if entry["kind"] not in CRITERION_KINDS:
        raise InputError(f"criterion {entry['id']}: kind {entry['kind']!r} is not one of "
                         f"{', '.join(CRITERION_KINDS)}", label)
    params = {k: v for k, v in entry.items() if k not in ("id", "kind", "unit", "article")}
    return Criterion(entry["id"], entry["kind"], entry["unit"], params, entry.get("article", ""))


def _apply_overrides(criteria: list[dict[str, Any]], data: dict[str, Any], label: str) -> list[dict[str, Any]]:
    """``drop``, ``[[replace]]``, ``[[insert]]`` and ``order`` of a file that extends another."""
    def ids() -> list[str]:
        return [c["id"] for c in criteria]

    for cid in data.get("drop", []):
        if cid not in ids():
            raise InputError(f"drop: no criterion {cid!r} in the parent rule set", label)
        criteria = [c for c in criteria if c["id"] != cid]
    for change in data.get("replace", []):
        cid = change.get("id")
        if cid not in ids():
            raise InputError(f"replace: no criterion {cid!r} in the parent rule set", label)
        criteria = [({**c, **change} if c["id"] == cid else c) for c in criteria]
    for change in data.get("insert", []):
        change = dict(change)
        anchor, after = change.pop("after", None), True
        if anchor is None:
            anchor, after = change.pop("before", None), False
        if anchor not in ids():
            raise InputError(f"insert: no criterion {anchor!r} to insert next to", label)
        at = ids().index(anchor) + (1 if after else 0)
        criteria = criteria[:at] + [change] + criteria[at:]
    order = data.get("order")
    if order:
        unknown = [cid for cid in order if cid not in ids()]
        if unknown:
            raise InputError(f"order: unknown criteria {', '.join(unknown)}", label)
        by_id = {c["id"]: c for c in criteria}
        criteria = [by_id[cid] for cid in order] + [c for c in criteria if c["id"] not in order]
    return criteria


def _load(name: str, seen: tuple[str, ...] = ()) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The merged table of a rule set and its criteria entries, parents first."""
    source = _locate(name)
    label = str(source)
    if label in seen:
        raise InputError(f"rule sets extend each other in a cycle: {' -> '.join(seen + (label,))}", label)
    data = _read_toml(source, label)
    unknown = sorted(set(data) - TOP_LEVEL_KEYS)
    if unknown:
        raise InputError(f"{unknown[0]}: unknown key (known: {', '.join(sorted(TOP_LEVEL_KEYS))})", label)
    parent_name = data.get("extends")
    if parent_name:
        merged, criteria = _load(parent_name, seen + (label,))
        merged = {**merged, "state": {**merged.get("state", {}), **data.get("state", {})},
                  "procedure": {**merged.get("procedure", {}), **data.get("procedure", {})},
                  "vocabulary": {**merged.get("vocabulary", {}), **data.get("vocabulary", {})},
                  "acceleration": {**merged.get("acceleration", {}), **data.get("acceleration", {})},
                  "colours": {**merged.get("colours", {}), **data.get("colours", {})},
                  "resolve": {**merged.get("resolve", {}), **data.get("resolve", {})},
                  "switches": {**merged.get("switches", {}), **data.get("switches", {})}}
        for key in ("aliases", "extends", "reference_engine"):  # a child's own, never inherited
            merged.pop(key, None)
        for key in ("name", "title", "system", "reference_engine", "aliases", "extends"):
            if key in data:
                merged[key] = data[key]
        if "criteria" in data:
            criteria = list(data["criteria"])
        criteria = _apply_overrides(criteria, data, label)
    else:
        merged = dict(data)
        criteria = list(data.get("criteria", []))
        if any(k in data for k in ("drop", "replace", "insert", "order")):
            raise InputError("drop/replace/insert/order need 'extends'", label)
    merged["source"] = label
    return merged, criteria


def load_rule_set(name: str = EDITION_IN_FORCE) -> RuleSet:
    """A rule set by name or alias in ``models/``, or by the path of a TOML file, checked as input:
    an unknown key, switch value, criterion kind or unit, or pairing system is an InputError
    naming the file and the key, with what is allowed.  The same merged content gives the same
    (immutable) rule set, read once per process: ``check`` of many files loads it per file."""
    data, entries = _load(name)
    content = repr((data, entries))
    known = _RULE_SETS.get(content)
    if known is None:
        known = _RULE_SETS[content] = _rule_set(data, entries)
    return known


# merged rule-file content (its repr: the tables as read, in order) -> the rule set made of it
_RULE_SETS: dict[str, RuleSet] = {}


def _rule_set(data: dict[str, Any], entries: list[dict[str, Any]]) -> RuleSet:
    """The rule set of a merged rule file (:func:`_load`), checked as :func:`load_rule_set` says."""
    label = data["source"]
    if "name" not in data:
        raise InputError("a rule set needs a name", label)
    try:
        system = system_named(data.get("system", "dutch"))
    except InputError as exc:
        raise InputError(exc.problem, label) from None
    tables = {key: read_table(kind, data.get(key, {}), key, label) for key, kind in TABLES.items()}
    criteria = tuple(_criterion(e, label) for e in entries)
    seen: set[str] = set()
    units = system.criteria()
    for c in criteria:
        if c.id in seen:
            raise InputError(f"criterion {c.id} is listed twice", label)
        parameters = units.get(c.unit)
        if parameters is None:
            raise InputError(f"criterion {c.id}: unknown unit {c.unit!r} for the {system.name} system "
                             f"(known: {', '.join(sorted(units))})", label)
        # the unit's own table: a misspelt key or a value it does not take is named here
        check_table(parameters, c.params, "criteria", label, where=f"criterion {c.id} ({c.unit}):")
        seen.add(c.id)
    return RuleSet(
        name=data["name"], title=data.get("title", data["name"]), system=system.name,
        criteria=criteria, aliases=tuple(data.get("aliases", ())), extends=data.get("extends"),
        reference_engine=data.get("reference_engine", ""), source=label,
        vocabulary=dict(data.get("vocabulary", {})),
        switches=_switches(system, data.get("switches", {}), label), **tables)


def _switches(system: PairingSystem, table: Mapping[str, Any], source: str) -> Any:
    """The rule file's ``[switches]`` table as its system's switches: every key known, every
    value of its declared type (a ``Literal`` one of its values); else an InputError naming
    the file and the key."""
    switches = system.switches()
    if switches is None:
        if table:
            raise InputError(f"[switches]: the {system.name} system has no switches "
                             f"(found {', '.join(sorted(table))})", source)
        return None
    return read_table(switches, table, "switches", source)
