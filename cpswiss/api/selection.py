"""Which rule set pairs a tournament: ``--rules``, else the TRF-2026 record ``192`` (through the
pairing systems' codes), else the start date ``042`` (the Dutch edition then in force)."""

from __future__ import annotations

from cpswiss.errors import InputError
from cpswiss.formats.dates import date_readings, format_date
from cpswiss.registry import PairingSystem, system_for_code, first_system_for_kind, system_named, system_of, systems, systems_for_kind
from cpswiss.rulesets.loader import load_rule_set
from cpswiss.rulesets.model import EDITION_IN_FORCE, RuleSet
from cpswiss.tournament.model import Tournament

EDITION_BEFORE_2026 = "dutch-2017"
EDITION_2026_START = (2026, 2, 1)  # C.04.3 applied from 1 February 2026
# the edition an event was paired under, by its start date: each until the next one applied
EDITIONS_BY_START_DATE = (((2017, 7, 1), "dutch-2013"),  # the 2017 text applied from 1 July 2017
                          (EDITION_2026_START, EDITION_BEFORE_2026))


def edition_by_start_date(date: tuple[int, int, int]) -> tuple[str, str]:
    """The Dutch edition an event starting on ``date`` was paired under, and the boundary
    that says so ("before 2017-07-01", "from 2026-02-01")."""
    for start, name in EDITIONS_BY_START_DATE:
        if date < start:
            return name, f"before {format_date(start)}"
    return EDITION_IN_FORCE, f"from {format_date(EDITION_2026_START)}"


class SystemFlag(str):
    """A pairing system's command-line flag (``--dutch``, ``--lim``, ``--dubov``, ``--burstein``)
    as a rule-set request: the string is the rule set asked for (``--rules``, else the system's
    default; empty for ``--dutch`` alone, whose edition the file chooses by 192 or 042), and
    ``system``/``flag`` name the system.  :func:`select_rule_set` refuses a file whose record 192
    names another system (exit 3), and takes the edition the 192 names when it is this
    system's and no ``--rules`` was given."""

    system: str
    flag: str
    explicit: bool  # the rule set was given by --rules

    def __new__(cls, rule_set: str, system: str, flag: str, explicit: bool = False) -> SystemFlag:
        made = super().__new__(cls, rule_set)
        made.system, made.flag, made.explicit = system, flag, explicit
        return made


def select_rule_set(tournament: Tournament, requested: str | RuleSet | None = None,
                    accelerate: str | None = None) -> tuple[RuleSet, str]:
    """The rule set that pairs a tournament, and why (said in the board list, ``--explain``
    and ``check``): ``--rules`` wins; else the TRF-2026 ``192`` record (a ``_BAKU`` code adds
    the edition's Baku acceleration); else the start date (``042``): before 1 July 2017 the
    2013 edition, before 1 February 2026 the 2017 edition, else the edition in force.  ``accelerate`` (``--accelerate``) names an
    acceleration method over the rule set's own."""
    check_pairs_file(tournament)  # a file no system pairs: refused before anything else is read from it
    rules, reason = _select(tournament, requested)
    system = system_of(rules)
    check_pairs_file(tournament, system)
    if system.pairs_matches:  # a file of matches: paired on its own path (--team, --double-swiss)
        raise InputError(f"this file {tournament.asks_for()}; pair it with --{system.flag}", tournament.path)
    if accelerate:
        rules = rules.accelerated(accelerate)
        reason += f", --accelerate {accelerate}"
    return rules, reason


def _select(tournament: Tournament, requested: str | RuleSet | None) -> tuple[RuleSet, str]:
    if isinstance(requested, RuleSet):
        return requested, "given by the caller"
    if isinstance(requested, SystemFlag):
        return _select_for_flag(tournament, requested)
    if requested:
        return load_rule_set(requested), f"--rules {requested}"
    code, record = _system_code(tournament)
    claimed = system_for_code(code) if code else None
    baku = code.endswith("_BAKU")  # the edition's Baku acceleration

    def edition(name: str) -> RuleSet:
        rules = load_rule_set(name)
        return rules.accelerated("baku") if baku else rules

    if claimed is not None:
        return edition(claimed[1]), f"record {record} {code}"
    bare = code[:-len("_BAKU")] if baku else code
    if bare and bare != "FIDE_DUTCH" and bare.startswith("FIDE_"):
        known = sorted(c for s in systems() for c in s.trf_codes)
        raise InputError(f"{record} {code}: this pairing system is not supported (known codes: FIDE_DUTCH, "
                         f"{', '.join(known)}, each also with _BAKU)", tournament.path)
    if tournament.start_date:
        because = f"record {record} {code}, " if code else ""
        name, why = _edition_of_start_date(tournament)
        return edition(name), f"{because}{why}"
    because = f"record {record} {code} without a start date" if code else "no --rules, 192 or 042 date"
    return edition(EDITION_IN_FORCE), f"{because}: the edition in force"


def _system_code(tournament: Tournament) -> tuple[str, str]:
    """The pairing-system code the file names and the record holding it: ``192``, else a TRF16
    free-text ``092`` holding an ETT26 code (as bbpPairings 6.0.0 writes it); ("", "192") if none."""
    code = (tournament.system or "").strip().upper()
    type_text = (tournament.type_text or "").strip().upper()
    if not code and type_text.startswith("FIDE_"):
        return type_text, "092"
    return code, "192"


def system_asked_for(tournament: Tournament) -> PairingSystem | None:
    """The system a file asks for by itself: for a file of matches (teams, Double-Swiss) the
    system that pairs its kind, else the one its record 192 (or 092) code names; None when it
    names none."""
    found = first_system_for_kind(tournament.kind)
    if found is not None and found.pairs_matches:
        return found
    code, _ = _system_code(tournament)
    claimed = system_for_code(code) if code else None
    return claimed[0] if claimed else None


class OtherSystemsRuleSet(InputError):
    """A rule set asked for with a system flag (or the API's ``system``) that is another system's."""


def rule_set_for_system(system: PairingSystem, requested: str | None) -> SystemFlag:
    """The rule set a system flag (``--dubov``) or the API's ``system`` field pairs with:
    ``requested`` if it is one of that system's, else the edition the file's 192 names if it is
    one of that system's, else the system's default - except for the Dutch system and the
    systems of matches, which leave the choice to the file (record 192, start date) as JaVaFo
    and bbpPairings do (an empty :class:`SystemFlag`: the flag is named in the reason all the
    same).  A rule set of another system is an :class:`OtherSystemsRuleSet` naming the one that
    pairs it."""
    if requested is None:  # the file chooses the Dutch edition, and a file of matches its rule set (192)
        return SystemFlag("" if system.rule_set_from_file else system.default_rule_set, system.name, system.flag)
    rules = load_rule_set(requested)
    if rules.system != system.name:
        other = next((s for s in systems() if s.name == rules.system), None)
        raise OtherSystemsRuleSet(f"--{system.flag} pairs with the {system.title}; {requested} is a rule set of "
                         f"the {rules.system} system" + (f" (use --{other.flag})" if other else ""))
    return SystemFlag(requested, system.name, system.flag, explicit=True)


def _select_for_flag(tournament: Tournament, flag: SystemFlag) -> tuple[RuleSet, str]:
    """A system flag's rule set: a 192 naming another system is an input error; a 192 naming an
    edition of this system chooses it unless ``--rules`` did; the Dutch flag alone leaves the
    edition to the file (192, 042) as JaVaFo and bbpPairings do."""
    code, record = _system_code(tournament)
    claimed = system_for_code(code) if code else None
    if claimed is not None and claimed[0].name != flag.system:
        raise InputError(f"record {record} {code} names the {claimed[0].title}, --{flag.flag} the "
                         f"{system_named(flag.system).title}: drop the flag or correct the record",
                         tournament.path)
    given = f"--{flag.flag}" + (f" --rules {flag}" if flag.explicit else "")
    if flag and (flag.explicit or claimed is None):
        return load_rule_set(str(flag)), given
    rules, reason = _select(tournament, None)
    return rules, f"{given}, {reason}"


def _edition_of_start_date(tournament: Tournament) -> tuple[str, str]:
    """RF-1: the edition the ``042`` start date points to, and why, said in words.  A date
    read more than one way (day and month, a year alone) is taken when every reading points
    to the same edition; a date that cannot be read, or whose readings point to different
    editions, is refused - the edition in force is never assumed for a date in the file."""
    text = tournament.start_date or ""
    readings = date_readings(text)
    advice = ("name the edition with --rules (e.g. --rules dutch-2017) or a 192 record "
              "(e.g. 192 FIDE_DUTCH_2017)")
    if not readings:
        raise InputError(f"042 start date {text[:40]!r} cannot be read as a date, so the Dutch edition "
                         f"in force for the event is unknown: {advice}", tournament.path)
    editions = {reading: edition_by_start_date(reading) for reading in readings}
    names = sorted({name for name, _ in editions.values()})
    if len(names) > 1:
        meanings = " or ".join(f"{format_date(d)} ({name})" for d, (name, _) in editions.items())
        raise InputError(f"042 start date {text[:40]!r} can be read as {meanings}, which fall under "
                         f"different Dutch editions: {advice}", tournament.path)
    name, boundary = editions[readings[0]]
    if len(readings) == 1:
        return name, f"start date {text} (042) {boundary}"
    read_as = " and ".join(format_date(d) for d in readings)
    return name, f"start date {text} (042; read as {read_as}, all {boundary})"


def check_pairs_file(tournament: Tournament, system: PairingSystem | None = None) -> None:
    """Refuse (InputError, exit 3) a file that ``system`` - or, with None, every registered
    system - does not pair, in one line naming the system the file asks for: a team file (310
    records or a team code in record 192) or a Double-Swiss file under a system that pairs
    individuals, or an individual file under a system that pairs only teams.  An individual
    file under an individual system costs one comparison.  A file whose record 092 names a
    league or a round robin is refused by every system: they all pair Swiss events."""
    not_swiss = tournament.not_a_swiss()
    if not_swiss is not None:
        raise InputError(f"{not_swiss}, not a Swiss: cpswiss pairs Swiss systems only", tournament.path)
    kind = tournament.kind
    if system is None:
        if first_system_for_kind(kind) is not None:
            return
    elif system.pairs_kind(kind):
        return
    asks = tournament.asks_for()
    pairing = systems_for_kind(kind)
    if not pairing:
        raise InputError(f"this file {asks}, which cpswiss does not pair", tournament.path)
    assert system is not None
    raise InputError(f"this file {asks}; the {system.title} does not pair it (use " +
                     " or ".join(f"--{s.flag}" for s in pairing) + ")", tournament.path)
