"""The standings of a tournament after a round under a tie-break list (FIDE C.07).

:func:`compute_standings` computes every tie-break of the list on the shared competitor model and
ranks: the first tie-break, then the next within each subgroup still tied (C.07 Art. 4.2).  Ties
the list does not break share the place (4.2: the drawing of lots is the arbiter's, not the
program's).  A rating tie-break with an unrated competitor is not applicable (Art. 10): its
column holds None and breaks no tie.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field as dataclass_field
from fractions import Fraction
from typing import TYPE_CHECKING

from cpswiss.errors import InputError
from cpswiss.standings import catalogue as cat
from cpswiss.standings.codes import TieBreak, file_list, parse_code, parse_list
from cpswiss.standings.encounter import places
from cpswiss.standings.opponents import (EDITION_2024, EDITION_2026, AdjustedCache, Contribution,
                                         average_buchholz, opponent_sums, round_half_up)
from cpswiss.standings.own import (board_count, koya, own_value, progressive, standard_points,
                                   strength_divisor)
from cpswiss.standings.ratings import RatedGames, all_rated, average_of_opponents, rating_values
from cpswiss.standings.rounds import GP, MP, Adjustment, Field, last_complete_round, last_round_written, read_field
from cpswiss.standings.seed001 import seed001_places
from cpswiss.tournament.competitors import competitors
from cpswiss.tournament.model import Tournament

if TYPE_CHECKING:
    import pandas

Value = Fraction | int | None
SWISS, ROUND_ROBIN = "swiss", "roundrobin"


@dataclass(frozen=True)
class Row:
    """One competitor's line: rank (shared by ties), id (pairing number), name, and one value
    per tie-break of the list (the points first)."""

    rank: int
    id: int
    name: str
    values: tuple[Value, ...]


@dataclass(frozen=True)
class Standings:
    """The standings after ``round``: the tie-break list (the points first), the rows in rank
    order, why the edition is the one used, and per (competitor, column) the contributions of a
    sum over the opponents (each opponent's adjusted score or the dummy and its cap, what a cut
    removed) for an explanation."""

    round: int
    edition: str
    edition_reason: str
    system: str
    team: bool
    tiebreaks: tuple[TieBreak, ...]
    rows: tuple[Row, ...]
    not_applicable: dict[int, str] = dataclass_field(default_factory=dict)  # column -> why
    contributions: dict[tuple[int, int], tuple[Contribution, ...]] = dataclass_field(default_factory=dict)
    list_reason: str = ""
    field: Field | None = dataclass_field(default=None, compare=False, repr=False)
    # per (competitor, column) of ARO / TPR / PTP: the rated games counted and the ratings a cut removed
    rated_games: dict[tuple[int, int], RatedGames] = dataclass_field(default_factory=dict, repr=False)

    def adjustment(self, cid: int, score: str | None = None) -> Adjustment:
        """A competitor's adjusted score (Art. 16.3) and why: what an opponent's contribution counts."""
        assert self.field is not None
        return self.field.adjustment(cid, score)

    @property
    def headers(self) -> tuple[str, ...]:
        return tuple(tb.text for tb in self.tiebreaks)

    def cells(self, row: Row) -> tuple[str, ...]:
        """A row's values as shown: each tie-break's declared decimals (more where a value needs
        them), ``-`` where not applicable."""
        return tuple(shown(v, tb.definition.decimals) for v, tb in zip(row.values, self.tiebreaks))

    def row(self, cid: int) -> Row:
        return next(r for r in self.rows if r.id == cid)

    def frame(self) -> pandas.DataFrame:
        """One row per competitor in rank order: rank, id, name and one column per tie-break
        (floats; None where not applicable)."""
        import pandas

        data = [{"rank": r.rank, "id": r.id, "name": r.name,
                 **{h: (float(v) if isinstance(v, Fraction) else v) for h, v in zip(self.headers, r.values)}}
                for r in self.rows]
        return pandas.DataFrame(data, columns=["rank", "id", "name", *self.headers])


def shown(value: Value, decimals: int) -> str:
    """A value with ``decimals`` decimals (more, up to four, where it needs them); ``-``: None."""
    if value is None:
        return "-"
    places = decimals
    while places < 4 and (Fraction(value) * 10 ** places).denominator != 1:
        places += 1
    return str(int(value)) if places == 0 else f"{float(value):.{places}f}"


def choose_edition(t: Tournament, requested: str | None) -> tuple[str, str]:
    """The C.07 edition: ``--edition``, else the start date 042 (before 1 March 2026 the text
    of August 2024), else a TRF-2026 file's or no date's current text (2026)."""
    if requested is not None:
        if requested not in (EDITION_2024, EDITION_2026):
            raise InputError(f"--edition must be 2024 or 2026, not {requested!r}")
        return requested, "--edition"
    from cpswiss.formats.dates import date_readings

    readings = date_readings(t.start_date)
    if readings:
        editions = {EDITION_2024 if d < (2026, 3, 1) else EDITION_2026 for d in readings}
        if len(editions) == 1:
            edition = editions.pop()
            side = "before" if edition == EDITION_2024 else "from"
            return edition, f"start date {t.start_date} (042) {side} 1 March 2026"
        raise InputError(f"042 start date {t.start_date!r} can be read on both sides of 1 March 2026: give "
                         "--edition 2024 or 2026", t.path)
    if t.trf26:
        return EDITION_2026, "a TRF-2026 file without a start date: the rules in force (March 2026)"
    return EDITION_2026, "no start date (042): the rules in force (March 2026)"


def choose_system(t: Tournament, requested: str | None) -> str:
    """``--system``, else a round robin when record 092 / 192 says so, else a Swiss."""
    if requested is not None:
        if requested not in (SWISS, ROUND_ROBIN):
            raise InputError(f"--system must be swiss or roundrobin, not {requested!r}")
        return requested
    text = f"{t.type_text or ''} {t.system or ''}".upper()
    return ROUND_ROBIN if any(w in text for w in ("ROUND ROBIN", "ROUND-ROBIN", "BERGER", "_RR")) else SWISS


def tiebreak_list(t: Tournament, requested: str | Sequence[TieBreak] | None,
                  default: tuple[str, str] | None = None) -> tuple[tuple[TieBreak, ...], str]:
    """The list, the points first: ``--tiebreaks``, else the file's 212 / 202, else ``default``
    (the system's), else C.07's usual Swiss list; and where it came from."""
    if isinstance(requested, str):
        codes, reason = parse_list(requested, "--tiebreaks"), "--tiebreaks"
    elif requested is not None:
        codes, reason = tuple(requested), "given"
    elif (found := file_list(t)) is not None:
        codes, reason = found.tiebreaks, f"record {found.record} (line {found.line})"
    elif default is not None:
        codes, reason = parse_list(default[0]), default[1]
    else:
        codes, reason = parse_list("MPVGP,BH,SB" if t.is_team_tournament else "BH/C1,BH,SB,PS"), \
            "no list given (C.07 Art. 2: the regulations name it): the usual Buchholz and Sonneborn-Berger"
    if codes[0].code not in ("PTS", "MPTS", "GPTS"):
        points = "PTS" if not t.is_team_tournament else "GPTS" if _primary(t, codes) == GP else "MPTS"
        codes = (parse_code(points, "points"), *codes)
    for number, tb in enumerate(codes, start=1):
        if tb.definition.team_only and not t.is_team_tournament:
            raise InputError(f"tie-break {number} {tb.text!r}: {tb.code} ({tb.definition.article}) is a team "
                             "tie-break and this is not a team file", t.path)
        if tb.definition.individual_only and t.is_team_tournament:
            raise InputError(f"tie-break {number} {tb.text!r}: {tb.code} ({tb.definition.article}) is for "
                             "individual tournaments and this is a team file", t.path)
        if tb.score is not None and not t.is_team_tournament:
            raise InputError(f"tie-break {number} {tb.text!r}: :{tb.score} names a team score and this is not a "
                             "team file", t.path)
    return codes, reason


def _primary(t: Tournament, codes: Sequence[TieBreak]) -> str | None:
    if not t.is_team_tournament:
        return None
    if codes[0].code in ("MPTS", "GPTS"):
        return MP if codes[0].code == "MPTS" else GP
    from cpswiss.tournament.competition_state import GAME_POINTS, rules_for_code

    rules = rules_for_code(t.system or "")
    return GP if rules is not None and rules.primary == GAME_POINTS else MP


def compute_standings(t: Tournament, tiebreaks: str | Sequence[TieBreak] | None = None,
                      edition: str | None = None, round_no: int | None = None, system: str | None = None,
                      default_list: tuple[str, str] | None = None) -> Standings:
    """The standings after ``round_no`` (default: the last complete round)."""
    codes, list_reason = tiebreak_list(t, tiebreaks, default_list)
    chosen, reason = choose_edition(t, edition)
    kind = choose_system(t, system)
    found = competitors(t)
    last = last_complete_round(t, found)
    n = last if round_no is None else round_no
    if not 0 <= n <= max(last_round_written(t), last):
        raise InputError(f"--round {n}: the file has {t.paired_rounds_text()}", t.path)
    if kind == ROUND_ROBIN:
        for number, tb in enumerate(codes, start=1):
            if tb.code in ("BH", "FB", "AOB"):
                raise InputError(f"tie-break {number} {tb.text!r}: the Buchholz family is not used in round "
                                 "robins (C.07 Art. 8, note)", t.path)
    field = read_field(t, n, _primary(t, codes), kind == ROUND_ROBIN, found)
    final = t.total_rounds or n
    return _rank(field, codes, chosen, reason, kind, final, list_reason)


def _rank(field: Field, codes: tuple[TieBreak, ...], edition: str, reason: str, kind: str, final: int,
          list_reason: str) -> Standings:
    """Each tie-break of the list computed, then applied within each group still tied (4.2);
    a group left at the end shares its place (competition ranking: 1, 2, 2, 4)."""
    columns: list[dict[int, Value]] = []
    groups: list[list[int]] = [sorted(field.competitors)]
    cache: AdjustedCache = {}
    details: dict[tuple[int, int], tuple[Contribution, ...]] = {}
    rated: dict[tuple[int, int], RatedGames] = {}
    not_applicable: dict[int, str] = {}
    for index, tb in enumerate(codes):
        values = _values(tb, field, edition, final, groups, cache, details, rated, index)
        if tb.definition.rating and not all_rated(field):
            not_applicable[index] = "not applicable: a competitor is unrated (C.07 Art. 10)"
        columns.append(values)
        groups = _split(groups, values, tb.higher_first)
    rows = []
    ahead = 0
    for group in groups:
        for cid in group:
            c = field.competitors[cid]
            rows.append(Row(ahead + 1, cid, c.name, tuple(col[cid] for col in columns)))
        ahead += len(group)
    return Standings(field.n, edition, reason, kind, field.team, codes, tuple(rows), not_applicable, details,
                     list_reason, field, rated)


def _split(groups: list[list[int]], values: dict[int, Value], higher_first: bool) -> list[list[int]]:
    """Art. 4.2: each group still tied ordered by the tie-break (None last), equal values together."""
    result: list[list[int]] = []
    for group in groups:
        present = [cid for cid in group if values[cid] is not None]
        absent = [cid for cid in group if values[cid] is None]
        present.sort(key=lambda cid: (-values[cid] if higher_first else values[cid], cid))  # type: ignore[operator]
        subgroups: list[list[int]] = []
        for cid in present:
            if subgroups and values[subgroups[-1][0]] == values[cid]:
                subgroups[-1].append(cid)
            else:
                subgroups.append([cid])
        if absent:
            subgroups.append(absent)
        result.extend(subgroups)
    return result


def _values(tb: TieBreak, field: Field, edition: str, final: int, groups: list[list[int]],
            cache: AdjustedCache, details: dict[tuple[int, int], tuple[Contribution, ...]],
            rated: dict[tuple[int, int], RatedGames], index: int) -> dict[int, Value]:
    family = tb.definition.family
    competitors = field.competitors
    if family == cat.SCORE or family == cat.OWN:
        return {cid: own_value(tb, field, c) for cid, c in competitors.items()}
    if family == cat.PROGRESSIVE:
        return {cid: progressive(tb, field, c) for cid, c in competitors.items()}
    if family == cat.KOYA:
        return dict(koya(tb, field))
    if family == cat.STANDARD:
        return dict(standard_points(tb, field))
    if family == cat.OPPONENTS:
        sums = opponent_sums(tb, field, edition, final, cache)
        for cid, found in sums.items():
            details[cid, index] = found.contributions
        return {cid: found.value for cid, found in sums.items()}
    if family == cat.AVERAGE_BH:
        return dict(average_buchholz(tb, field, edition, final, cache))
    if family == cat.RATING:
        games: dict[int, RatedGames] = {}
        values: dict[int, Value] = dict(rating_values(tb, field, games))
        for cid, found_games in games.items():
            rated[cid, index] = found_games
        return values
    if family == cat.AVERAGE_RATING:
        return dict(average_of_opponents(tb, field))
    if family in (cat.ENCOUNTER, cat.BOARDS):
        return dict(places(tb, field, groups))
    if family == cat.SEED001:
        return dict(seed001_places(field, groups))
    if family == cat.BOARD_COUNT:
        return {cid: board_count(field, c) for cid, c in competitors.items()}
    if family == cat.STRENGTH:
        return _strength(tb, field, edition, final, cache)
    raise AssertionError(f"no computation for {tb.code}")


def _strength(tb: TieBreak, field: Field, edition: str, final: int,
              cache: AdjustedCache) -> dict[int, Value]:
    """Art. 13.4: the secondary score plus the primary Buchholz (``/F``: Fore Buchholz) over the
    normalising factor, to two decimals (None when the factor is 0)."""
    divisor = strength_divisor(tb, field)
    if divisor is None:
        return {cid: None for cid in field.competitors}
    base = TieBreak(cat.DEFINITIONS["FB" if tb.fore else "BH"], "BH")
    buchholz = opponent_sums(base, field, edition, final, cache)
    secondary = field.other(field.primary)
    return {cid: round_half_up(Fraction(c.score(secondary), 10) + buchholz[cid].value / divisor, 2)
            for cid, c in field.competitors.items()}
