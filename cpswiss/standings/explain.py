"""Why one competitor ranks ahead of another, and whether a file's rank column follows its list.

C.07 Art. 4.2 ranks by the points, then by each tie-break of the list in turn inside every group
still tied.  Two competitors are therefore separated by the *first* column of the list on which
their values differ (they were tied on every column before it, so they stood in one group); a
column that is not applicable (Art. 10: a rating tie-break with an unrated competitor) breaks no
tie and is passed over.  Competitors equal on every column share the place (Art. 4.2: the drawing
of lots is the arbiter's, not the program's).

:func:`explain_order` says which of two competitors ranks ahead, the tie-break that decides and,
for a sum over the opponents, each one's contributions in the article's words (each opponent's
adjusted score, Art. 16.3; the dummy and its 2026 cap, 16.4; what a cut removed, 14 / 16.5), for
a rating tie-break the games counted with the opponents' ratings and what a cut removed (Art. 10,
14.1.1(b)), for the board tie-breaks the game points board by board (Art. 12; the steps of an
EDE chain, 13.3.2).
:func:`check_rank_column` compares the ranks a file states (a player's columns 86-89, a team's
310 rank: :func:`cpswiss.check.ranking.stated_ranks`) with the standings: the first two
competitors out of order and the tie-break that orders them.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from cpswiss.standings.engine import Row, Standings, Value
from cpswiss.standings.ratings import RatedGames
from cpswiss.standings.rounds import Field
from cpswiss.tournament.model import Tournament


def value_text(value: Value) -> str:
    """A value as the explanations print it: ``3.5``, ``12.25``; None is "not applicable"."""
    if value is None:
        return "not applicable"
    if isinstance(value, Fraction) and value.denominator != 1:
        return f"{float(value):g}"
    return str(int(value))


def deciding_column(standings: Standings, a: int, b: int) -> int | None:
    """The index of the first column of the list that separates ``a`` and ``b`` (Art. 4.2),
    None when they are equal on every column (they share the place).  A column not applicable
    to the field (Art. 10) is passed over."""
    first, second = standings.row(a), standings.row(b)
    for index, (x, y) in enumerate(zip(first.values, second.values)):
        if index in standings.not_applicable:
            continue
        if x != y:
            return index
    return None


@dataclass(frozen=True)
class Side:
    """One competitor's value in the deciding column and the lines that explain it."""

    row: Row
    value: Value
    lines: tuple[str, ...]


@dataclass(frozen=True)
class OrderExplanation:
    """Which of two competitors ranks ahead (``ahead`` None: they share the place), the column
    that decides, each one's side, and the columns passed over as not applicable."""

    standings: Standings
    first: Row
    second: Row
    column: int | None
    sides: tuple[Side, ...]
    passed_over: tuple[str, ...]

    @property
    def ahead(self) -> Row | None:
        if self.column is None:
            return None
        return self.first if self.first.rank < self.second.rank else self.second

    @property
    def behind(self) -> Row | None:
        ahead = self.ahead
        return None if ahead is None else (self.second if ahead is self.first else self.first)

    def headline(self) -> str:
        ahead, behind = self.ahead, self.behind
        if ahead is None or behind is None:
            return (f"{_who(self.first)} and {_who(self.second)} share place {self.first.rank}: equal on every "
                    "tie-break of the list (C.07 Art. 4.2: a tie the list leaves is not broken by the program)")
        assert self.column is not None
        tb = self.standings.tiebreaks[self.column]
        tied = ", ".join(f"{self.standings.tiebreaks[i].text} {value_text(ahead.values[i])}"
                         for i in range(self.column) if i not in self.standings.not_applicable)
        order = "higher" if tb.higher_first else "lower"
        text = (f"{_who(ahead)} ranks ahead of {_who(behind)}: {tb.text} ({tb.definition.name}, "
                f"{tb.definition.article}) {value_text(ahead.values[self.column])} against "
                f"{value_text(behind.values[self.column])}, the {order} first")
        if self.column > 0:
            text += f"; tied before it on {tied}" if tied else ""
        return text

    def lines(self) -> list[str]:
        result = [self.headline()]
        result += [f"{why}; it breaks no tie" for why in self.passed_over]
        for side in self.sides:
            result += [f"  {line}" for line in side.lines]
        return result

    def text(self) -> str:
        return "\n".join(self.lines())

    def as_dict(self) -> dict[str, object]:
        ahead = self.ahead
        return {
            "round": self.standings.round, "edition": self.standings.edition,
            "edition_reason": self.standings.edition_reason,
            "first": self.first.id, "second": self.second.id,
            "ahead": None if ahead is None else ahead.id,
            "shared_place": None if ahead is not None else self.first.rank,
            "tiebreak": None if self.column is None else self.standings.tiebreaks[self.column].text,
            "passed_over": list(self.passed_over),
            "text": self.lines(),
        }


def _who(row: Row) -> str:
    return f"{row.id} {row.name} (rank {row.rank})" if row.name else f"{row.id} (rank {row.rank})"


def explain_order(standings: Standings, a: int, b: int, t: Tournament | None = None) -> OrderExplanation:
    """Why ``a`` ranks ahead of ``b``, or ``b`` of ``a``, or that they share the place; with the
    tournament ``t``, an opponent's adjusted score that is not his own score says why (Art.
    16.2.5 / 16.3).  An id not in the standings is an :class:`~cpswiss.errors.InputError`."""
    from cpswiss.errors import InputError

    ids = {r.id for r in standings.rows}
    for cid in (a, b):
        if cid not in ids:
            raise InputError(f"--standings: no competitor {cid} in the standings (ids {min(ids)}-{max(ids)})")
    if a == b:
        raise InputError(f"--standings: name two different competitors, not {a} twice")
    column = deciding_column(standings, a, b)
    last = len(standings.tiebreaks) - 1 if column is None else column
    passed = tuple(f"{standings.tiebreaks[i].text}: {standings.not_applicable[i]}"
                   for i in range(last + 1) if i in standings.not_applicable)
    first, second = standings.row(a), standings.row(b)
    ordered = (first, second) if first.rank <= second.rank else (second, first)
    draws = _counted_as_draws(t, standings) if t is not None and column is not None else {}
    sides = () if column is None else tuple(_side(standings, row, column, draws) for row in ordered)
    if t is not None and column is not None and standings.tiebreaks[column].definition.family == "encounter":
        sides = _encounters(t, standings, column, sides)
    return OrderExplanation(standings, first, second, column, sides, passed)


def _counted_as_draws(t: Tournament, standings: Standings) -> dict[int, tuple[int, ...]]:
    """Per competitor, the rounds its opponents' tie-breaks count as draws: Art. 16.2.5 (a
    requested bye followed only by voluntarily unplayed rounds), Art. 16.3."""
    from cpswiss.standings.rounds import read_field

    if standings.system != "swiss":
        return {}
    field = read_field(t, standings.round)
    found: dict[int, tuple[int, ...]] = {}
    for cid, c in field.competitors.items():
        rounds = tuple(r.number for r in c.rounds if r.opponent <= 0 and r.number > c.last_non_vur)
        if rounds:
            found[cid] = rounds
    return found


def _encounters(t: Tournament, standings: Standings, column: int, sides: tuple[Side, ...]) -> tuple[Side, ...]:
    """For DE / EDE (Art. 6, 13.3): the competitors tied on every column before it, and each
    side's games among them (forfeits only with ``/P``, 6.1.1) - the separate standings."""
    from cpswiss.standings.rounds import read_field

    tb = standings.tiebreaks[column]
    first = sides[0].row
    group = sorted(r.id for r in standings.rows
                   if all(r.values[i] == first.values[i] for i in range(column) if i not in standings.not_applicable))
    field = read_field(t, standings.round, tb.score or None, standings.system != "swiss")
    score = tb.score or field.primary
    result = []
    for side in sides:
        c = field.competitors[side.row.id]
        unit = f" {score}" if field.team else ""
        games = [f"    round {r.number}: against {r.opponent}: {r.points(score) / 10:g}{unit}"
                 + ("" if r.over_board else " (a forfeit, counted by /P)")
                 for r in c.rounds if r.opponent in group and (r.over_board or tb.forfeits_played)]
        head = f"  among the tied {', '.join(map(str, group))}: {len(games)} game{'s' if len(games) != 1 else ''}"
        result.append(Side(side.row, side.value, (*side.lines, head, *games)))
    return tuple(result)


def _side(standings: Standings, row: Row, column: int, draws: dict[int, tuple[int, ...]]) -> Side:
    tb = standings.tiebreaks[column]
    value = row.values[column]
    found = standings.contributions.get((row.id, column))
    head = f"{row.id}: {tb.text} = {value_text(value)}"
    if found is None:
        if tb.definition.place:
            head += " (a place inside the tie the list left: lower is ahead)"
        return Side(row, value, (head, *_detail_lines(standings, row, column)))
    lines = [head + " (the sum of its rounds)"]
    for c in found:
        why = c.why
        if c.opponent in draws:
            rounds = ", ".join(str(n) for n in draws[c.opponent])
            why += (f" - round{'s' if len(draws[c.opponent]) > 1 else ''} {rounds} of {c.opponent} counted as a "
                    "draw (16.2.5: a requested bye followed only by voluntarily unplayed rounds)")
        lines.append(f"  round {c.round}: {why}" + ("" if c.cut else f": adds {c.value / 100:g}"))
    return Side(row, value, tuple(lines))


def _detail_lines(standings: Standings, row: Row, column: int) -> list[str]:
    """What a value that is not a sum over the opponents is made of: the rated games (ARO, TPR,
    PTP), the opponents' performances (APRO, APPO), the own rating (RTNG), the game points
    board by board (BC, TBR, BBE, the Art. 12 steps of an EDE chain)."""
    from cpswiss.standings.catalogue import EDE_CHAINS

    tb = standings.tiebreaks[column]
    field = standings.field
    if field is None or column in standings.not_applicable:
        return []
    code = tb.code
    if code in ("ARO", "TPR", "PTP") and (row.id, column) in standings.rated_games:
        return _rated_lines(code, standings.rated_games[row.id, column])
    if code in ("APRO", "APPO"):
        from cpswiss.standings.ratings import opponents_performances

        performance = opponents_performances(tb, field)
        base = "TPR" if code == "APRO" else "PTP"
        return [f"  round {r.number}: against {r.opponent}, his {base} {value_text(performance[r.opponent])}"
                for r in field.competitors[row.id].rounds if r.over_board and r.opponent > 0]
    if code == "RTNG":
        return [f"  the rating: {value_text(field.competitors[row.id].rating)} (C.07 Art. 10.6)"]
    steps = (code,) if code in ("BC", "TBR", "BBE") else EDE_CHAINS.get(code, ())
    return [line for step in steps for line in _board_lines(step, field, row.id)]


def _rated_lines(code: str, games: RatedGames) -> list[str]:
    """ARO / TPR / PTP: each game counted with the opponent's rating and the result, each game a
    cut removed, and how the value follows (Art. 10.1-10.3, B.02 8.1)."""
    from cpswiss.standings.ratings import aro, half_up, rating_difference

    result = {2: "1", 1: "½", 0: "0"}
    lines = [f"  round {g.round}: against {g.opponent}, rated {g.rating}: {result[g.halves]}" for g in games.counted]
    lines += [f"  round {g.round}: against {g.opponent}, rated {g.rating}: removed by the cut (Art. 14.1.1(b))"
              for g in games.removed]
    if not games.ratings:
        return lines + ["  no rated game left: no value"]
    average = aro(games)
    if code == "PTP":
        return lines + [f"  PTP: the lowest rating whose expected score against these {len(games.ratings)} ratings "
                        f"reaches {games.halves / 2:g} (Art. 10.3, B.02 8.1(b))"]
    lines.append(f"  ARO: {sum(games.ratings)} / {len(games.ratings)} = {average} (rounded, halves up; Art. 10.1)")
    if code == "TPR":
        percent = half_up(Fraction(games.halves * 50, len(games.ratings)))
        lines.append(f"  TPR: ARO {average} + dp({percent}%) {rating_difference(percent)} (Art. 10.2, B.02 8.1(a))")
    return lines


def _board_lines(step: str, field: Field, cid: int) -> list[str]:
    """The game points of a team board by board (a PAB a win on every board, Art. 12 preamble),
    and the value of Art. 12.1 (BC), 12.2 (TBR) or 12.3 (BBE) made of them."""
    rounds = field.competitors[cid].rounds
    totals = [sum(r.boards[b] for r in rounds if b < len(r.boards)) for b in range(field.boards)]
    if step == "BC":
        terms = " + ".join(f"{b} x {points / 10:g}" for b, points in enumerate(totals, start=1))
        return [f"  BC (12.1): {terms} = {sum(b * p for b, p in enumerate(totals, start=1)) / 10:g}, the lower first"]
    by_board = ", ".join(f"board {b} {points / 10:g}" for b, points in enumerate(totals, start=1))
    if step == "TBR":
        return [f"  TBR (12.2): {by_board}, board 1 first"]
    kept = [f"board{f's 1-{k}' if k > 1 else ' 1'} {sum(totals[:k]) / 10:g}" for k in range(field.boards - 1, 0, -1)]
    return [f"  BBE (12.3): {by_board}; without the last board, then the next: {', '.join(kept)}"]


# --- the rank column of a file ---------------------------------------------------------------

@dataclass(frozen=True)
class RankCheck:
    """The rank column against the standings: ``stated`` the ranks the file gives (id -> rank),
    ``problem`` "" when every rank follows the list, else one line; ``explanation`` the order of
    the first two competitors out of order."""

    stated: dict[int, int]
    problem: str = ""
    explanation: OrderExplanation | None = None

    @property
    def agrees(self) -> bool:
        return not self.problem

    def line(self) -> str:
        if self.agrees:
            return f"ranks: the rank column of {len(self.stated)} competitors follows the tie-break list"
        return f"ranks: {self.problem}"


def check_rank_column(stated: dict[int, int], standings: Standings) -> RankCheck:
    """The ranks a file states (id -> rank) against the standings: every stated rank within its
    place (a tie the list leaves spans its places: the arbiter's lots may order it, Art. 4.2), in
    the standings' order - else the first two competitors of the file's order that the list
    orders the other way, and the tie-break."""
    rows = {r.id: r for r in standings.rows}
    missing = sorted(set(rows) - set(stated))
    if missing:
        return RankCheck(stated, f"competitor {missing[0]} has no rank while others have one")
    span = {r.id: sum(1 for o in standings.rows if o.rank == r.rank) for r in standings.rows}
    order = sorted(rows, key=lambda cid: (stated[cid], cid))
    for x, y in zip(order, order[1:]):
        rx, ry = rows[x], rows[y]
        if rx.rank > ry.rank or (stated[x] == stated[y] and rx.rank != ry.rank):
            found = explain_order(standings, x, y)
            ahead = found.ahead
            assert ahead is not None and found.column is not None
            tb = standings.tiebreaks[found.column].text
            if stated[x] == stated[y]:
                said = f"the file has {x} and {y} share rank {stated[x]}"
            else:
                said = f"the file ranks {x} ({stated[x]}) ahead of {y} ({stated[y]})"
            return RankCheck(stated, f"{said}, but {tb} puts {ahead.id} ahead: {found.headline()}", found)
    for cid in order:
        low, high = rows[cid].rank, rows[cid].rank + span[cid] - 1
        if not low <= stated[cid] <= high:
            places = f"place {low}" if low == high else f"places {low}-{high}"
            return RankCheck(stated, f"the file gives {cid} rank {stated[cid]}, the list {places}")
    return RankCheck(stated)


__all__ = ["OrderExplanation", "RankCheck", "check_rank_column", "deciding_column", "explain_order",
           "value_text"]
