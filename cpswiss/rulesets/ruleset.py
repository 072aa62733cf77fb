"""Rule sets: the declarative description of an edition or a variant, read from TOML.

A rule set names the criteria of its edition in priority order (absolute,
completion, round-wide, quality) with their parameters, the edition's state
rules (how unplayed rounds float, what bars the pairing-allocated bye) and the
switches of the bracket procedure.  The engine takes all of it from here; each
criterion's ``unit`` names a criterion unit in :mod:`cpswiss.criteria.units`.

Composition: a file may ``extends = "other"`` and override what differs:

* ``[state]`` and ``[procedure]`` keys replace the parent's one by one;
* ``criteria = [...]`` (an array of tables) replaces the parent's list whole;
* ``drop = ["C11", ...]`` removes criteria by id;
* ``[[replace]]`` tables (``id`` plus any keys) replace the listed keys of one criterion;
* ``[[insert]]`` tables (``after`` or ``before`` an id, then a criterion) add one;
* ``order = ["C1", ...]`` puts the named criteria first, in that order.

A rule set is found by name (``models/NAME.toml`` or an alias declared in a
file there) or by the path of a user's own file.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field, replace
from importlib import resources
from pathlib import Path

from cpswiss.errors import InputError

CRITERION_KINDS = ("absolute", "completion", "round", "quality")
_ARTICLE = re.compile(r"(?<![\w.])[A-E]\.[1-9]\d?(?![\d.])")


@dataclass(frozen=True)
class Criterion:
    """One criterion of the edition, as listed in the rule set."""

    id: str
    kind: str  # "absolute", "completion", "round" (decided once per round) or "quality"
    unit: str
    params: dict = field(default_factory=dict, hash=False, compare=False)
    article: str = ""  # where the edition states it, e.g. "C.04.3 Art. 2.4.2"

    @property
    def label(self) -> str:
        """The criterion as the edition names it: ``[C7]`` (2026) or ``C.7`` (2017)."""
        return self.params.get("label", self.id)


@dataclass(frozen=True)
class StateRules:
    """Edition parameters of the tournament state (floats of unplayed rounds, topscorers,
    what bars the pairing-allocated bye)."""

    unplayed_round_float: str = "always"
    bye_barred_by: tuple[str, ...] = ("pab", "forfeit-win")
    topscorer_threshold: str = "half-rounds-played"
    # who floated in a past game: "scores" (Dutch A.4: the higher score down, the lower up)
    # or "transfers" (FIDE Swiss 1999 / Lim: the player who moved out of his score group -
    # the higher one when his score is above that round's median, the lower one when below)
    float_by: str = "scores"
    # the last round's exception to the colour limits (C.04.1 f/g): "topscorers" (Dutch:
    # players above 50%, and their opponents) or "everyone" (FIDE Swiss 1999 item 13)
    last_round_colour_limits: str = "topscorers"
    # FIDE Swiss 1999 item 22 (World Youth and Junior Championships): in the last N rounds
    # two players of one federation who both have more than 50% do not meet (0: never)
    same_federation_apart: int = 0


@dataclass(frozen=True)
class ProcedureRules:
    """Switches of the bracket procedure where the editions' texts differ.

    ``completion``: ``"ppb"`` (2017 A.9: only the penultimate pairing bracket
    looks at completion, then the collapsed last bracket) or ``"every-bracket"``
    (2026 Art. 2.2.1 [C4]: every bracket leaves a completable rest).
    """

    completion: str = "ppb"
    # the working parameters the edition's procedure counts per bracket, printed by the
    # explanations: "" (none), "A.6-A.8" (2013: P0, M0, X1 and, in even rounds, Z1) or
    # "p-x" (1992-98: p and x)
    bracket_parameters: str = ""
    # FIDE Swiss 1999 Maxi-tournaments (preamble, items 10.2, 10.8, 12.7): "" (never),
    # "2^rounds" or "2*rounds" (more players than that; Q-1 of the digest); then floaters and
    # colour exchanges keep within maxi_rating_gap rating points
    maxi_threshold: str = ""
    maxi_rating_gap: int = 100


@dataclass(frozen=True)
class AccelerationRules:
    """Virtual points (C.04.7 / C.04.5.1, seed 003): ``method`` is ``none``, ``baku`` (this
    edition's Baku, named by ``baku``) or a method of :mod:`cpswiss.tournament.acceleration`.
    Explicit ``XXA`` / ``250`` records in a file always win over the method."""

    method: str = "none"
    baku: str = "baku-2017"

    @property
    def generator(self) -> str | None:
        """The method that makes the virtual points, or None."""
        if self.method == "none":
            return None
        return self.baku if self.method == "baku" else self.method


@dataclass(frozen=True)
class ColourRules:
    """Colour allocation switches.  ``first_round``: ``rank-parity`` (2017 E.5, 2026 Art.
    5.2.5: the higher-ranked player with an odd pairing number gets the initial colour) or
    ``board-alternation-reversed-at-middle`` (seed 003: down the boards, reversed at the
    middle when the number of pairs is even).  ``initial``: ``lot`` (the file's XXC/152) or
    ``white``/``black`` (no lot: this colour for No. 1, over the file's).
    ``later_no_preference``: E.5 after round 1, for two players who both have no colour
    preference: ``rank-parity`` as in round 1, or ``lower-number-white`` (the player with
    the lower pairing number gets white) or ``round-one-opposite`` (JaVaFo 1.4: the
    higher-ranked player gets the colour opposite to the one E.5 gives his pairing number in
    round 1, with round 1's initial colour read from round 1: white for an even number when
    the first board's higher-ranked player had white).
    ``both_absolute``: E.2 between two absolute preferences: ``wider-difference`` (the
    larger |CD| is the stronger, RN-8, as bbpPairings reads 2017 and 2026) or
    ``alternate`` (neither is stronger: E.3 decides, as JaVaFo 1.4 reads 2013)."""

    first_round: str = "rank-parity"
    initial: str = "lot"
    later_no_preference: str = "rank-parity"
    both_absolute: str = "wider-difference"
    # E.4 when nothing else decides: "higher-ranked" (the higher-ranked player's preference)
    # or "median-side" (FIDE Swiss 1999 item 12.4: in the median group or above it the
    # higher-placed player, below it the lower-placed one gets his due colour)
    equal_histories: str = "higher-ranked"


RELAXATION_KINDS = ("colour", "bye", "rematch")


@dataclass(frozen=True)
class ResolveRules:
    """What ``cpswiss resolve`` may give up when no legal pairing exists (2017 A.9, 2026
    Art. 1.9.3: the arbiter decides), the rule given up first first: ``colour`` (C.04.1 f/g,
    C.3: a third colour in a row or |CD| = 3), ``bye`` (C.2: a second pairing-allocated bye),
    ``rematch`` (C.1).  A kind left out never gives; forbidden pairs never give."""

    relax: tuple[str, ...] = RELAXATION_KINDS

    def __post_init__(self) -> None:
        unknown = [k for k in self.relax if k not in RELAXATION_KINDS]
        if unknown:
            raise InputError(f"[resolve] relax: unknown kinds {', '.join(unknown)} "
                             f"(known: {', '.join(RELAXATION_KINDS)})")


@dataclass(frozen=True)
class RuleSet:
    name: str
    title: str
    system: str
    state: StateRules
    criteria: tuple[Criterion, ...]
    procedure: ProcedureRules = ProcedureRules()
    acceleration: AccelerationRules = AccelerationRules()
    colours: ColourRules = ColourRules()
    resolve: ResolveRules = ResolveRules()
    aliases: tuple[str, ...] = ()
    extends: str | None = None
    reference_engine: str = ""
    source: str = ""  # the file it was read from
    # how the edition names the articles the engine's explanations cite in 2017 terms
    # ("E.1" -> "Art. 5.2.1", "C.5" -> "[C6]"): the [vocabulary] table of the rule file
    vocabulary: dict = field(default_factory=dict, hash=False, compare=False)

    def speak(self, text: str) -> str:
        """``text`` with every 2017 article reference (``A.9``, ``B.8``, ``C.5``, ``D.1``,
        ``E.4``; not ``C.04.3``) in this edition's words.

        Vocabulary keys that are not a single reference are phrases, replaced first, the
        longest first (2013: "the PPB" is a C.13 merge).  The edition's own criterion
        labels and articles are never translated (2013 names its criteria ``B.5``, ``C.12``,
        which are also 2017 references)."""
        if not self.vocabulary:
            return text
        kept: list[str] = []  # text already in the edition's words, set aside meanwhile

        def keep(words: str) -> str:
            kept.append(words)
            return f"\x00{len(kept) - 1}\x00"

        phrases = sorted((k for k in self.vocabulary if not _ARTICLE.fullmatch(k)), key=len, reverse=True)
        for phrase in phrases:
            if phrase in text:
                text = text.replace(phrase, keep(self.vocabulary[phrase]))
        own = sorted({n for c in self.criteria for n in (c.label, c.article) if _ARTICLE.search(n)},
                     key=len, reverse=True)
        for name in own:
            if name in text:
                text = text.replace(name, keep(name))
        text = _ARTICLE.sub(lambda m: self.vocabulary.get(m.group(0), m.group(0)), text)
        return re.sub("\x00(\\d+)\x00", lambda m: kept[int(m.group(1))], text)

    def speak_lines(self, lines: list[str]) -> list[str]:
        return [self.speak(line) for line in lines]

    @property
    def quality(self) -> tuple[Criterion, ...]:
        return tuple(c for c in self.criteria if c.kind == "quality")

    def criterion(self, unit: str) -> Criterion | None:
        """The first criterion using a unit, if the rule set has one."""
        return next((c for c in self.criteria if c.unit == unit), None)

    def accelerated(self, method: str) -> RuleSet:
        """This rule set with another acceleration method (``--accelerate``, a ``_BAKU`` code)."""
        return replace(self, acceleration=replace(self.acceleration, method=method))

    def label(self, criterion_id: str) -> str:
        c = next((c for c in self.criteria if c.id == criterion_id), None)
        return c.label if c else criterion_id


def _models_dir():
    """``models/``: installed as the package ``cpswiss.models``, or beside the source tree."""
    try:
        return resources.files("cpswiss.models")
    except ModuleNotFoundError:
        return Path(__file__).resolve().parents[2] / "models"


def _model_files() -> dict[str, object]:
    return {p.name[:-5]: p for p in _models_dir().iterdir() if p.name.endswith(".toml")}


def _read_toml(source, label: str) -> dict:
    try:
        return tomllib.loads(source.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise InputError(f"rule set is not valid TOML: {exc}", label) from None


def _aliases() -> dict[str, str]:
    """alias -> file name, from the ``aliases`` key of every file in ``models/``."""
    table = {}
    for name, path in _model_files().items():
        for alias in _read_toml(path, str(path)).get("aliases", []):
            table[alias] = name
    return table


def available_rule_sets() -> list[str]:
    return sorted(_model_files())


def _locate(name: str):
    files = _model_files()
    if name in files:
        return files[name]
    aliases = _aliases()
    if name in aliases:
        return files[aliases[name]]
    path = Path(name)
    if path.suffix == ".toml" or path.exists():
        if not path.is_file():
            raise InputError(f"rule set file not found: {name}")
        return path
    known = ", ".join(available_rule_sets() + sorted(aliases))
    raise InputError(f"unknown rule set {name!r}; known: {known}")


def _criterion(entry: dict, label: str) -> Criterion:
    missing = [k for k in ("id", "kind", "unit") if k not in entry]
    if missing:
        raise InputError(f"a criterion lacks {', '.join(missing)}: {entry}", label)
    if entry["kind"] not in CRITERION_KINDS:
        raise InputError(f"criterion {entry['id']}: kind must be one of {', '.join(CRITERION_KINDS)}",
                         label)
    params = {k: v for k, v in entry.items() if k not in ("id", "kind", "unit", "article")}
    return Criterion(entry["id"], entry["kind"], entry["unit"], params, entry.get("article", ""))


def _entry(c: Criterion) -> dict:
    return {"id": c.id, "kind": c.kind, "unit": c.unit, "article": c.article, **c.params}


def _apply_overrides(criteria: list[dict], data: dict, label: str) -> list[dict]:
    """``drop``, ``[[replace]]``, ``[[insert]]`` and ``order`` of a file that extends another."""
    ids = lambda: [c["id"] for c in criteria]  # noqa: E731
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


def _load(name: str, seen: tuple[str, ...] = ()) -> tuple[dict, list[dict]]:
    """The merged table of a rule set and its criteria entries, parents first."""
    source = _locate(name)
    label = str(source)
    if label in seen:
        raise InputError(f"rule sets extend each other in a cycle: {' -> '.join(seen + (label,))}", label)
    data = _read_toml(source, label)
    parent_name = data.get("extends")
    if parent_name:
        merged, criteria = _load(parent_name, seen + (label,))
        merged = {**merged, "state": {**merged.get("state", {}), **data.get("state", {})},
                  "procedure": {**merged.get("procedure", {}), **data.get("procedure", {})},
                  "vocabulary": {**merged.get("vocabulary", {}), **data.get("vocabulary", {})},
                  "acceleration": {**merged.get("acceleration", {}), **data.get("acceleration", {})},
                  "colours": {**merged.get("colours", {}), **data.get("colours", {})},
                  "resolve": {**merged.get("resolve", {}), **data.get("resolve", {})}}
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


def load_rule_set(name: str = "dutch-2026") -> RuleSet:
    """A rule set by name or alias in ``models/``, or by the path of a TOML file."""
    data, entries = _load(name)
    label = data["source"]
    if "name" not in data:
        raise InputError("a rule set needs a name", label)
    state, procedure = data.get("state", {}), data.get("procedure", {})
    acceleration, colours = data.get("acceleration", {}), data.get("colours", {})
    resolve = data.get("resolve", {})
    known_state = set(StateRules.__dataclass_fields__)
    known_procedure = set(ProcedureRules.__dataclass_fields__)
    for table, keys, known in (("state", state, known_state), ("procedure", procedure, known_procedure),
                               ("acceleration", acceleration, set(AccelerationRules.__dataclass_fields__)),
                               ("colours", colours, set(ColourRules.__dataclass_fields__)),
                               ("resolve", resolve, set(ResolveRules.__dataclass_fields__))):
        unknown = sorted(set(keys) - known)
        if unknown:
            raise InputError(f"[{table}]: unknown keys {', '.join(unknown)}", label)
    criteria = tuple(_criterion(e, label) for e in entries)
    seen: set[str] = set()
    for c in criteria:
        if c.id in seen:
            raise InputError(f"criterion {c.id} is listed twice", label)
        seen.add(c.id)
    return RuleSet(
        name=data["name"], title=data.get("title", data["name"]), system=data.get("system", "dutch"),
        state=StateRules(**{k: (tuple(v) if isinstance(v, list) else v) for k, v in state.items()}),
        criteria=criteria, procedure=ProcedureRules(**procedure),
        acceleration=AccelerationRules(**acceleration), colours=ColourRules(**colours),
        resolve=ResolveRules(**{k: tuple(v) if isinstance(v, list) else v for k, v in resolve.items()}),
        aliases=tuple(data.get("aliases", ())), extends=data.get("extends"),
        reference_engine=data.get("reference_engine", ""), source=label,
        vocabulary=dict(data.get("vocabulary", {})))


def describe(rules: RuleSet) -> list[str]:
    """The rule set as lines of text: what it is, its switches, its criteria in order."""
    lines = [f"{rules.name}: {rules.title}"]
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
    for table in ("acceleration", "colours", "resolve"):
        for key, value in vars(getattr(rules, table)).items():
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
    for table in ("state", "procedure", "acceleration", "colours", "resolve"):
        left, right = vars(getattr(a, table)), vars(getattr(b, table))
        for key in left:
            if left[key] != right[key]:
                lines.append(f"{table}.{key}: {_show(left[key])} -> {_show(right[key])}")
    key = lambda c: (c.unit, tuple(sorted((k, str(v)) for k, v in c.params.items() if k != "label")))  # noqa: E731
    left, right = [key(c) for c in a.criteria], [key(c) for c in b.criteria]
    names_a = {key(c): c.label for c in a.criteria}
    names_b = {key(c): c.label for c in b.criteria}
    for k in left:
        if k not in right:
            lines.append(f"- {names_a[k]} {_unit_text(k)} (only in {a.name})")
    for k in right:
        if k not in left:
            lines.append(f"+ {names_b[k]} {_unit_text(k)} (only in {b.name})")
    shared_a = [k for k in left if k in right]
    shared_b = [k for k in right if k in left]
    if shared_a != shared_b:
        lines.append("order of the shared criteria: " + ", ".join(names_b[k] for k in shared_b))
    renamed = [(names_a[k], names_b[k]) for k in shared_a if names_a[k] != names_b[k]]
    if renamed:
        lines.append("renumbered: " + ", ".join(f"{x} -> {y}" for x, y in renamed))
    return lines or ["no difference"]


def _unit_text(k: tuple) -> str:
    unit, params = k
    return unit + ("" if not params else " (" + ", ".join(f"{p}={v}" for p, v in params) + ")")


def _show(value) -> str:
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(map(str, value)) + "]"
    return str(value)


# ---------------------------------------------------------------------------
# Which edition pairs a tournament
# ---------------------------------------------------------------------------

EDITION_IN_FORCE = "dutch-2026"
EDITION_BEFORE_2026 = "dutch-2017"
EDITION_2026_START = (2026, 2, 1)  # C.04.3 applied from 1 February 2026
# the edition an event was paired under, by its start date: each until the next one applied
EDITIONS_BY_START_DATE = (((2017, 7, 1), "dutch-2013"),  # the 2017 text applied from 1 July 2017
                          (EDITION_2026_START, EDITION_BEFORE_2026))
DUTCH_CODES = {  # TRF-2026 record 192 (ETT26), both spellings in use for the 2026 rules
    "FIDE_DUTCH_2017": EDITION_BEFORE_2026,
    "FIDE_DUTCH_2025": EDITION_IN_FORCE,
    "FIDE_DUTCH_2026": EDITION_IN_FORCE,
}
# Other systems by record 192.  ETT26 has no code for the Lim system (only CUSTOM_SWISS);
# FIDE_LIM is the provisional code other software uses, read (and written by cpswiss
# generate) for the FIDE Swiss rules of 1987-99, whose text the Lim system keeps unchanged.
OTHER_SYSTEM_CODES = {"FIDE_LIM": "fide-swiss-1999"}


def parse_start_date(text: str | None) -> tuple[int, int, int] | None:
    """A ``042`` start date as (year, month, day): ``YYYY/MM/DD``, ``YYYY-MM-DD``,
    ``YYYY.MM.DD`` or ``DD.MM.YYYY`` (``DD/MM/YYYY``); a two-digit year is read as 20YY
    (trf-caveats: some generators write one).  None when it cannot be read."""
    if not text:
        return None
    parts = [int(x) for x in re.findall(r"\d+", text)[:3]]
    if len(parts) != 3:
        return None
    if len(re.findall(r"\d+", text)[0]) == 4 or parts[0] > 31:
        year, month, day = parts
    else:
        day, month, year = parts
    if year < 100:
        year += 2000
    if not (1 <= month <= 12 and 1 <= day <= 31):
        return None
    return year, month, day


def select_rule_set(tournament, requested: str | RuleSet | None = None,
                    accelerate: str | None = None) -> tuple[RuleSet, str]:
    """The rule set that pairs a tournament, and why (said in the board list, ``--explain``
    and ``check``): ``--rules`` wins; else the TRF-2026 ``192`` record (a ``_BAKU`` code adds
    the edition's Baku acceleration); else the start date (``042``): before 1 July 2017 the
    2013 edition, before 1 February 2026 the 2017 edition, else the edition in force.  ``accelerate`` (``--accelerate``) names an
    acceleration method over the rule set's own."""
    rules, reason = _select(tournament, requested)
    if accelerate:
        rules = rules.accelerated(accelerate)
        reason += f", --accelerate {accelerate}"
    return rules, reason


def _select(tournament, requested: str | RuleSet | None) -> tuple[RuleSet, str]:
    if isinstance(requested, RuleSet):
        return requested, "given by the caller"
    if requested:
        return load_rule_set(requested), f"--rules {requested}"
    code, record = (tournament.system or "").strip().upper(), "192"
    if not code and (tournament.type_text or "").upper().startswith("FIDE_"):
        # TRF16's free-text 092 holding an ETT26 code, as bbpPairings 6.0.0 writes it
        code, record = tournament.type_text.strip().upper(), "092"
    date = parse_start_date(tournament.start_date)
    base = code[:-len("_BAKU")] if code.endswith("_BAKU") else code
    baku = base != code and base.startswith("FIDE_DUTCH")  # the edition's Baku acceleration

    def edition(name: str) -> RuleSet:
        rules = load_rule_set(name)
        return rules.accelerated("baku") if baku else rules

    if base in DUTCH_CODES:
        return edition(DUTCH_CODES[base]), f"record {record} {code}"
    if code in OTHER_SYSTEM_CODES:
        return load_rule_set(OTHER_SYSTEM_CODES[code]), f"record {record} {code}"
    if base and base != "FIDE_DUTCH" and base.startswith("FIDE_"):
        raise InputError(f"{record} {code}: this pairing system is not supported (only FIDE_DUTCH and "
                         "FIDE_LIM)", tournament.path)
    if date is not None:
        because = f"record {record} {code}, " if code else ""
        for start, name in EDITIONS_BY_START_DATE:
            if date < start:
                return edition(name), (f"{because}start date {tournament.start_date} (042) before "
                                       f"{start[0]}-{start[1]:02d}-{start[2]:02d}")
        return edition(EDITION_IN_FORCE), f"{because}start date {tournament.start_date} (042) from 2026-02-01"
    because = f"record {record} {code} without a start date" if code else "no --rules, 192 or 042 date"
    return edition(EDITION_IN_FORCE), f"{because}: the edition in force"
