"""The tie-breaks summed over the opponents: Buchholz (C.07 Art. 8.1), Fore Buchholz (8.3),
Sonneborn-Berger (9.1), the extended Sonneborn-Berger of teams (13.2), with the modifiers Cut and
Median (Art. 14.1-14.4) under the rules of unplayed rounds (Art. 16), and the average of the
opponents' Buchholz (8.2).

Each round of a competitor gives one :class:`Contribution`:

* a game played over the board: the opponent's **adjusted score** (Art. 16.3);
* an unplayed round (Swiss, Art. 16.4): a **dummy** opponent whose score is the competitor's own
  final score; under the 2026 rules capped - for a forfeit (16.2.2, 16.2.4) at the scheduled
  opponent's adjusted score (16.4.1), for every other unplayed round at a draw's points times the
  rounds (16.4.2);
* in a round robin (Art. 15.2): forfeits are games, a free round is no element of the sum.

That is C.07's rule, the default.  A tie-break may declare another (``TieBreak.unplayed``, data
of :mod:`.catalogue`): the Burstein Index (C.04.4.2 Art. 1.7.2) counts an unplayed round as a game
against oneself - the own current score, no cap, no cut exception - and an opponent's trailing
series of zero-point byes as draws (reading R-2, scenarios/burstein-2026/README.md).

For SB / ESB the contribution is that score times the points scored in the round.  A low cut
removes the least significant value (14.1.1: the lowest opponent's score, among equal scores the
lowest product, 14.1.1(d) / 14.1.2) - unless the competitor has voluntarily unplayed rounds: then
it removes the lowest VUR contribution when that is not below the least significant value
(16.5.1 / 16.5.2: for BH always the lowest VUR; for SB the higher of the two); the high cut of a
median is not affected (16.5.2).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from cpswiss.standings.catalogue import ADJUSTED, AS_AWARDED, ESB_CODES, UnplayedRounds
from cpswiss.standings.codes import TieBreak
from cpswiss.standings.rounds import GP, MP, Field
from cpswiss.tournament.competitors import EntryKind

EDITION_2024, EDITION_2026 = "2024", "2026"


@dataclass(slots=True)
class Contribution:
    """One round's element of a sum: who stands behind it (0: the dummy of Art. 16.4), the score
    it counts (tenths), the value added (hundredths of a point: the score, or the score times the
    points scored), whether the round is a VUR, for a dummy its own score before a cap and the
    cap's article ("" uncapped), and whether a cut removed it ("low" / "high").  Never changed
    once made (a cut makes a copy); not frozen because one is made per round of every competitor
    for every sum, the Burstein Index's included, and a frozen class's constructor is several times
    slower."""

    round: int
    opponent: int
    score: int
    value: int
    vur: bool
    own: int = 0
    cap: str = ""
    cut: str = ""
    self_game: bool = False  # C.04.4.2 Art. 1.7.2: an unplayed round as a game against oneself
    rule: str = ""  # the article of a rule of unplayed rounds other than C.07's ("": Art. 16)

    @property
    def why(self) -> str:
        """The contribution in the article's words."""
        if self.self_game:
            text = f"a game against himself: own score {self.score / 10:g} (C.04.4.2 Art. 1.7.2)"
        elif self.opponent and self.rule:
            text = f"opponent {self.opponent}'s score {self.score / 10:g} as {self.rule} counts it"
        elif self.opponent:
            text = f"opponent {self.opponent}'s adjusted score {self.score / 10:g} (C.07 Art. 16.3)"
        elif self.cap:
            text = f"dummy: own score {self.own / 10:g} capped at {self.score / 10:g} (C.07 Art. {self.cap})"
        else:
            text = f"dummy: own score {self.score / 10:g} (C.07 Art. 16.4)"
        if self.cut:
            text += f"; removed by the {self.cut} cut (Art. 14{', 16.5' if self.cut == 'low' and self.vur else ''})"
        return text


@dataclass(frozen=True)
class OpponentSum:
    """A competitor's value and its contributions."""

    value: Fraction
    contributions: tuple[Contribution, ...]


def scores_used(tb: TieBreak, field: Field) -> tuple[str, str | None]:
    """The opponent's score the tie-break reads, and the score whose points multiply it (None:
    a Buchholz, no product): ``EGMSB`` = the opponent's GP x the MP scored (Art. 13.2)."""
    code = tb.code
    own = tb.score or field.primary
    if code in ESB_CODES:
        return code[1] + "P", code[2] + "P"
    if code == "SB":
        return own, own
    return own, None


class Adjusted:
    """The adjusted scores of Art. 16.3 (and, for Fore Buchholz, with the final round's games
    counted as draws, Art. 8.3), and each competitor's own score for its dummy, computed once;
    under another rule of unplayed rounds (``unplayed``) the score its ``seen`` names."""

    def __init__(self, field: Field, score: str, fore: bool, final_round: int,
                 unplayed: UnplayedRounds | None = None) -> None:
        self.field, self.score = field, score
        self.fore = fore and field.n == final_round
        self.seen: dict[int, int] = {}
        self.own: dict[int, int] = {}
        seen_rule = ADJUSTED if unplayed is None else unplayed.seen
        for cid, c in field.competitors.items():
            own = c.score(score)
            seen = field.adjusted(cid, score) if seen_rule == ADJUSTED else \
                own if seen_rule == AS_AWARDED else _zero_bye_runs_as_draws(field, cid, score)
            last = c.rounds[-1] if c.rounds else None
            if self.fore and last is not None and last.paired:
                # Art. 8.3: the final round's paired game counts as a draw; nothing after it is 16.2.5
                seen = own
                if last.opponent > 0:
                    own += field.draw[score] - last.points(score)
                    seen = own
            self.seen[cid], self.own[cid] = seen, own


def _zero_bye_runs_as_draws(field: Field, cid: int, score: str) -> int:
    """C.04.4.2 Art. 1.7.2 (exception, reading R-2): the score with the series of zero-point
    byes (or rounds without an entry) that ends with the last round read each counted as a draw."""
    rounds = field.competitors[cid].rounds
    trailing = 0
    for r in reversed(rounds):
        if r.kind is not None and r.kind is not EntryKind.ZERO_BYE:
            break
        trailing += 1
    counted = rounds[:len(rounds) - trailing]
    return sum(r.points(score) for r in counted) + trailing * field.draw[score]


# the adjusted scores computed once per (score read, Fore Buchholz, rule of unplayed rounds)
AdjustedCache = dict[tuple[str, bool, str], Adjusted]


def opponent_sums(tb: TieBreak, field: Field, edition: str, final_round: int,
                  cache: AdjustedCache | None = None) -> dict[int, OpponentSum]:
    """BH / FB / SB / ESB of every competitor, cuts applied, unplayed rounds counted by the
    tie-break's rule (``tb.unplayed``: C.07 Art. 16 unless it declares another)."""
    opponent_score, product = scores_used(tb, field)
    fore = tb.code == "FB" or tb.fore
    key = (opponent_score, fore, tb.unplayed.name)
    cache = {} if cache is None else cache
    adjusted = cache.get(key)
    if adjusted is None:
        adjusted = cache[key] = Adjusted(field, opponent_score, fore, final_round, tb.unplayed)
    return {cid: _sum(tb, field, cid, adjusted, product, edition) for cid in field.competitors}


def _sum(tb: TieBreak, field: Field, cid: int, adjusted: Adjusted, product: str | None,
         edition: str) -> OpponentSum:
    c = field.competitors[cid]
    items: list[Contribution] = []
    forfeits_are_games = field.round_robin or tb.forfeits_played
    final_round = field.n if adjusted.fore else -1
    self_game = not tb.unplayed.dummy  # C.04.4.2 Art. 1.7.2: an unplayed round a game against oneself
    rule = tb.unplayed.article if self_game else ""
    seen = adjusted.seen
    for r in c.rounds:
        played = r.opponent > 0 and (forfeits_are_games or r.over_board or r.number == final_round)
        points = 10 if product is None else r.points(product)
        if played:
            counted = seen[r.opponent]
            items.append(Contribution(r.number, r.opponent, counted, counted * points, False, rule=rule))
        elif field.round_robin:
            continue  # Art. 15.2: a free round is no element of the sum
        elif self_game:
            counted = adjusted.own[cid]
            items.append(Contribution(r.number, 0, counted, counted * points, False, counted, self_game=True,
                                      rule=rule))
        else:
            counted, own, cap = _dummy(field, c.id, r.opponent, adjusted, edition)
            items.append(Contribution(r.number, 0, counted, counted * points, r.vur, own, cap))
    kept = _cut(tb, items) if tb.cut_low or tb.cut_high else items
    return OpponentSum(Fraction(sum(i.value for i in kept if not i.cut), 100), tuple(kept))


def _dummy(field: Field, cid: int, opponent: int, adjusted: Adjusted, edition: str) -> tuple[int, int, str]:
    """Art. 16.4: the dummy's score for an unplayed round, the own score it starts from and the
    article of the 2026 cap that lowered it ("" when none did)."""
    own = adjusted.own[cid]
    if edition == EDITION_2026:
        if opponent > 0:
            cap, article = adjusted.seen[opponent], f"16.4.1: opponent {opponent}'s adjusted score"
        else:
            cap, article = field.draw[adjusted.score] * field.n, f"16.4.2: a draw x {field.n} rounds"
        if own > cap:
            return cap, own, article
    return own, own, ""


def _cut(tb: TieBreak, items: list[Contribution]) -> list[Contribution]:
    """Art. 14.1-14.4 with the exception of 16.5 on the low cuts."""
    low = min(tb.cut_low, len(items))
    high = min(tb.cut_high, len(items) - low)
    result = list(items)
    for _ in range(low):
        left = [i for i, c in enumerate(result) if not c.cut]
        least = min(left, key=lambda i: (result[i].score, result[i].value))
        vurs = [i for i in left if result[i].vur]
        chosen = least
        if vurs:
            lowest_vur = min(vurs, key=lambda i: (result[i].value, result[i].score))
            if result[lowest_vur].value >= result[least].value:
                chosen = lowest_vur
        result[chosen] = replace(result[chosen], cut="low")
    for _ in range(high):
        left = [i for i, c in enumerate(result) if not c.cut]
        chosen = max(left, key=lambda i: (result[i].score, result[i].value, -i))
        result[chosen] = replace(result[chosen], cut="high")
    return result


def average_buchholz(tb: TieBreak, field: Field, edition: str, final_round: int,
                     cache: AdjustedCache | None = None) -> dict[int, Fraction | None]:
    """Art. 8.2: the average Buchholz (``/F``: Fore Buchholz) of the opponents met over the board,
    rounded to two decimals, half up; None without such a game."""
    from cpswiss.standings.catalogue import DEFINITIONS
    from cpswiss.standings.codes import TieBreak as Code

    base = Code(DEFINITIONS["FB" if tb.fore else "BH"], "FB" if tb.fore else "BH", tb.score)
    buchholz = opponent_sums(base, field, edition, final_round, cache)
    result: dict[int, Fraction | None] = {}
    for cid, c in field.competitors.items():
        met = [buchholz[r.opponent].value for r in c.rounds if r.over_board and r.opponent > 0]
        result[cid] = round_half_up(sum(met, Fraction(0)) / len(met), 2) if met else None
    return result


def round_half_up(value: Fraction, places: int) -> Fraction:
    """``value`` rounded to ``places`` decimals, halves away from zero (C.07's averages)."""
    scale = 10 ** places
    scaled = abs(value) * scale
    whole = int(scaled + Fraction(1, 2))
    return Fraction(whole if value >= 0 else -whole, scale)


__all__ = ["Adjusted", "AdjustedCache", "Contribution", "EDITION_2024", "EDITION_2026", "GP", "MP", "OpponentSum",
           "average_buchholz", "opponent_sums", "round_half_up", "scores_used"]
