"""Rule sets: the declarative description of an edition, read from ``models/*.toml``.

A rule set names the criteria of C.04.3 C in priority order (absolute C1-C3,
completion C4, quality C5-C19) with their parameters, plus the edition's
state parameters (how unplayed rounds count as floats, what bars the bye).
The engine takes the order of the quality criteria from here; each ``unit``
names a criterion unit in :mod:`cpswiss.criteria`.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from .errors import InputError


@dataclass(frozen=True)
class Criterion:
    """One criterion of C.04.3 C, as listed in the rule set."""

    id: str
    kind: str  # "absolute", "completion" or "quality"
    unit: str
    params: dict = field(default_factory=dict, hash=False, compare=False)


@dataclass(frozen=True)
class StateRules:
    """Edition parameters of the tournament state (C.04.3 A.4, A.7, C.2)."""

    unplayed_round_float: str = "always"
    bye_barred_by: tuple[str, ...] = ("pab", "forfeit-win")
    topscorer_threshold: str = "half-rounds-played"


@dataclass(frozen=True)
class RuleSet:
    name: str
    title: str
    system: str
    state: StateRules
    criteria: tuple[Criterion, ...]

    @property
    def quality(self) -> tuple[Criterion, ...]:
        return tuple(c for c in self.criteria if c.kind == "quality")


def _models_dir():
    """``models/``: installed as the package ``cpswiss.models``, or beside the source tree."""
    try:
        return resources.files("cpswiss.models")
    except ModuleNotFoundError:
        return Path(__file__).resolve().parent.parent / "models"


def available_rule_sets() -> list[str]:
    return sorted(p.name[:-5] for p in _models_dir().iterdir() if p.name.endswith(".toml"))


def load_rule_set(name: str = "dutch-2017") -> RuleSet:
    """Read ``models/NAME.toml``."""
    source = _models_dir().joinpath(f"{name}.toml")
    if not source.is_file():
        raise InputError(f"unknown rule set {name!r}; known: {', '.join(available_rule_sets())}")
    data = tomllib.loads(source.read_text(encoding="utf-8"))
    state = data.get("state", {})
    criteria = []
    for entry in data.get("criteria", []):
        params = {k: v for k, v in entry.items() if k not in ("id", "kind", "unit")}
        criteria.append(Criterion(entry["id"], entry["kind"], entry["unit"], params))
    return RuleSet(
        name=data["name"], title=data.get("title", data["name"]), system=data.get("system", "dutch"),
        state=StateRules(
            unplayed_round_float=state.get("unplayed_round_float", "always"),
            bye_barred_by=tuple(state.get("bye_barred_by", ("pab", "forfeit-win"))),
            topscorer_threshold=state.get("topscorer_threshold", "half-rounds-played")),
        criteria=tuple(criteria))
