"""The tournament state before the round to be paired.

Everything the pairing rules look at, derived from a :class:`~cpswiss.tournament.model.Tournament`
for one round: scores (with acceleration), pairing order, played opponents,
colour histories and preferences, float history, bye eligibility,
topscorers and availability.  Each derivation cites its article.

A player is a competitor whose matches have one game: his rounds are read as the
:class:`~cpswiss.tournament.competitors.CompetitorEntry` of one-game matches
(:func:`~cpswiss.tournament.competitors.players_as_competitors`) and summed once by
:func:`~cpswiss.tournament.history.competitor_history`, the sums the state of the systems of
matches reads too (:mod:`cpswiss.tournament.competition_state`); this module reads them under the
rule set's state rules (:func:`past_round_rules`).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import Enum
from functools import cached_property
from typing import TYPE_CHECKING, Callable

from cpswiss.errors import InputError
from cpswiss.tournament.colour import BLACK, WHITE, Colour, opposite
from cpswiss.tournament.competitors import EntryKind, players_as_competitors
from cpswiss.tournament.history import CompetitorHistory, Float as Float, PastRoundRules, competitor_history, \
    past_float, refuse_pending_rounds
from cpswiss.tournament.model import Scoring, Tournament, format_points
from cpswiss.rulesets.ruleset import StateRules

if TYPE_CHECKING:
    import pandas as pd


class Strength(Enum):
    """Strength of a colour preference, C.04.3 A.6."""

    NONE = 0
    MILD = 1
    STRONG = 2
    ABSOLUTE = 3


@dataclass(frozen=True)
class PlayerState:
    """One player as the pairing of the round sees him."""

    id: int  # pairing number as in the file
    rank: int  # effective pairing number, 1-based (C.04.2 B.3; E.5 uses its parity)
    name: str
    score: int  # tenths, acceleration included (used for A.2 ordering and scoregroups)
    real_score: int  # tenths, without acceleration (board order, C.04.2 D.5)
    available: bool
    opponents: frozenset[int]  # opponents of played games (C.1; C.04.2 D.3: forfeits excluded)
    forbidden: frozenset[int]  # XXP / 260 forbidden opponents for this round
    colours: tuple[Colour, ...]  # colours of played games, unplayed rounds squeezed out (C.04.2 D.1-D.2)
    preference: Colour | None  # None: no preference (A.6)
    strength: Strength
    repeated_colour: Colour | None  # colour of the two latest played games when equal (A.6)
    floats: tuple[Float, ...]  # floats of the previous rounds, latest first (A.4)
    bye_eligible: bool  # C.2, C.04.1 rule 4
    topscorer: bool  # A.7
    games_played: int

    @property
    def score_text(self) -> str:
        """The score as the standings have it, with any virtual points beside it: ``2.0+1.0``."""
        virtual = self.score - self.real_score
        return format_points(self.real_score) + (f"+{format_points(virtual)}" if virtual else "")

    # the derived facts below are read for every pair of every bracket step: each is computed
    # once per player state (kept beside the fields; equality and hashing see the fields only)

    @cached_property
    def colour_difference(self) -> int:
        """A.6: games with white minus games with black."""
        return self.colours.count(WHITE) - self.colours.count(BLACK)

    @property
    def absolute(self) -> bool:
        return self.strength is Strength.ABSOLUTE

    @cached_property
    def absolute_imbalance(self) -> bool:
        """|CD| > 1 (the first trigger of an absolute preference, A.6)."""
        return abs(self.colour_difference) > 1

    @cached_property
    def strong_or_absolute(self) -> bool:
        return self.strength in (Strength.STRONG, Strength.ABSOLUTE)

    def float_back(self, rounds_back: int) -> Float:
        """The float of the round ``rounds_back`` rounds before the one being paired."""
        if 1 <= rounds_back <= len(self.floats):
            return self.floats[rounds_back - 1]
        return Float.NONE

    def can_meet(self, other: PlayerState) -> bool:
        """C.1 (no rematch of a played game) and forbidden pairs."""
        return other.id not in self.opponents and other.id not in self.forbidden and other.id != self.id


@dataclass
class RoundState:
    """All players and round facts for the round to be paired."""

    tournament: Tournament
    round_no: int
    total_rounds: int | None
    initial_colour: Colour
    players: dict[int, PlayerState]
    rules: StateRules
    points_for_win: int = 10
    # 2026 Art. 2.3.1 [C5]: the lowest score the PAB assignee can have in a complete
    # pairing of the round, once the rule set asks for it (None: any eligible player)
    pab_score_limit: int | None = None

    # Variants of seed 003 (Olympiad colour rule, the essay's proposal B): scoregroups (by
    # score) in which colour limits are waived because only that lets the whole group pair,
    # and which: "three-in-a-row" (C.04.1 g / A2 only) or "all" (f and g / A1 and A2)
    colour_clash_waived: dict[int, str] = field(default_factory=dict)
    # pairs an arbiter allows against C.1 / C.3 (``cpswiss resolve``; C.04.3 A.9, 2026
    # Art. 1.9.3: when no legal pairing exists the arbiter decides), as frozensets of two ids
    allowed_pairs: frozenset[frozenset[int]] = frozenset()
    # the pairing system's own ranking of the players (id -> position, 0 first), left by its
    # procedure for the colour rules that name it (Burstein: the Index order, Art. 1.8)
    system_order: dict[int, int] = field(default_factory=dict)
    # players the bye bar (C.2) covers whom the rule set still lets take the bye, because it
    # covers every player to be paired (StateRules.bye_when_all_barred = "fewest")
    bye_despite_bar: frozenset[int] = frozenset()

    def colour_limits_waived(self, a: PlayerState, b: PlayerState) -> bool:
        """Two players of one waived scoregroup may meet although both have the same absolute
        preference: always where f and g are waived; where only g is, when the one who yields
        (E.2: the smaller colour difference) keeps |CD| <= 2 (so only a third colour in a row)."""
        if a.score != b.score or a.score not in self.colour_clash_waived:
            return False
        return self.colour_clash_waived[a.score] == "all" or \
            min(abs(a.colour_difference), abs(b.colour_difference)) <= 1

    def may_take_pab(self, p: PlayerState) -> bool:
        """C2 (C.04.1), and under [C5] a score no higher than the round's lowest PAB score."""
        return p.bye_eligible and (self.pab_score_limit is None or p.score <= self.pab_score_limit)

    def exempt_from_colour_limits(self, p: PlayerState) -> bool:
        """The last round's exception to the colour limits (C.04.1 f/g): for topscorers
        (Dutch A.7, RN-14; the pair is allowed when either player is one), or for every
        player (FIDE Swiss 1999 item 13: pairing equal scores comes first)."""
        if self.rules.last_round_colour_limits == "nobody":  # Dubov [C3]: no exception
            return False
        return self.is_last_round and (p.topscorer or self.rules.last_round_colour_limits == "everyone")

    @property
    def is_last_round(self) -> bool:
        """RN-13: the final round is recognised from the announced number of rounds (XXR)
        (decided by ``n042-r10of10-t028``, through the final-round topscorers of RN-14)."""
        return self.total_rounds is not None and self.round_no >= self.total_rounds

    @property
    def to_pair(self) -> list[PlayerState]:
        """Available players in A.2 order: score descending, then pairing number."""
        return sorted((p for p in self.players.values() if p.available), key=order_key)

    def frame(self) -> pd.DataFrame:
        """The state as a table (one row per player, A.2 order)."""
        rows = []
        for p in sorted(self.players.values(), key=order_key):
            pref = "" if p.preference is None else (p.preference if p.strength is Strength.ABSOLUTE
                                                    else f"({p.preference})" if p.strength is Strength.STRONG
                                                    else p.preference.lower())
            rows.append({
                "id": p.id, "rank": p.rank, "name": p.name, "score": format_points(p.score),
                "available": p.available, "colours": "".join(p.colours), "cd": p.colour_difference,
                "preference": pref, "strength": p.strength.name.lower(),
                "float_1": p.float_back(1).value, "float_2": p.float_back(2).value,
                "bye_eligible": p.bye_eligible, "topscorer": p.topscorer,
                "opponents": " ".join(str(o) for o in sorted(p.opponents)),
            })
        import pandas as pd
        return pd.DataFrame(rows)


def scoregroups(players: list[PlayerState]) -> list[list[PlayerState]]:
    """Players with equal scores (C.04.3 A.3; FIDE Swiss 1999 item 9.2), highest score
    first, each group in the order given (A.2: pairing numbers)."""
    groups: list[list[PlayerState]] = []
    for p in players:
        if groups and groups[-1][0].score == p.score:
            groups[-1].append(p)
        else:
            groups.append([p])
    return groups


def order_key(p: PlayerState) -> tuple[int, int]:
    """C.04.3 A.2: score descending, then pairing number ascending."""
    return (-p.score, p.rank)


def colour_preference(colours: tuple[Colour, ...]) -> tuple[Colour | None, Strength, Colour | None]:
    """C.04.3 A.6: preference, strength and the repeated colour of the last two games.

    RN-4 (conflicting absolute triggers): the colour difference decides, as the
    reference engines do (no case of the 2017 corpus tells it apart from the
    repeated colour deciding: both agree on 404/404).  RN-5: no games played, no
    preference.
    """
    if not colours:
        return None, Strength.NONE, None
    cd = colours.count(WHITE) - colours.count(BLACK)
    repeated = colours[-1] if len(colours) >= 2 and colours[-1] == colours[-2] else None
    lower = BLACK if cd > 0 else WHITE
    if abs(cd) > 1:
        return lower, Strength.ABSOLUTE, repeated
    if repeated:
        return opposite(repeated), Strength.ABSOLUTE, repeated
    if cd != 0:
        return lower, Strength.STRONG, None
    return opposite(colours[-1]), Strength.MILD, None


def infer_initial_colour(t: Tournament, registered: bool = False) -> Colour:
    """trf-caveats 7: the initial colour when XXC/152 is missing.

    First round in which a colour was given; walk the players by pairing
    number, counting only those who took part in the pairing of that round or
    an earlier one (``registered``: every registered player, as ``[state]
    pairing_numbers = "registered"`` numbers them); the first with a colour
    decides (his colour if his position among them is even, counting from 0,
    else the opposite).
    """
    return initial_colour_shown([[(None, False) if e is None else (e.colour, e.kind.took_part_in_pairing)
                                  for e in t.players[pid].rounds] for pid in sorted(t.players)], registered)


def initial_colour_shown(histories: list[list[tuple[Colour | None, bool]]], everyone: bool = False) -> Colour:
    """trf-caveats 7 on any competitors (:func:`infer_initial_colour` for players, the match
    colours of teams and Double-Swiss players in :mod:`~cpswiss.tournament.competition_state`):
    ``histories`` holds one per competitor in pairing-number order, its rounds in order as (the
    colour scheduled, None for none; whether it took part in that round's pairing).  In the
    first round in which any colour was scheduled, the first competitor with a colour decides,
    counting from 0 those who took part in a pairing by then (``everyone``: all of them): its
    colour at an even position, else the opposite; White where no colour was ever given."""
    first = min((r for h in histories for r, (colour, _) in enumerate(h) if colour is not None), default=None)
    if first is None:
        return WHITE
    position = 0
    for h in histories:
        if not everyone and not any(took_part for _, took_part in h[:first + 1]):
            continue
        colour = h[first][0] if first < len(h) else None
        if colour is not None:
            return colour if position % 2 == 0 else opposite(colour)
        position += 1
    return WHITE


def past_round_rules(rules: StateRules, scoring: Scoring) -> PastRoundRules:
    """What a past round means under an individual rule set's state rules: the bye bar of
    C.2 / C.04.1 Art. 4 (``bye_barred_by``: the kinds it names; ``unplayed-win``, 2026 [C2],
    C.04.1 Art. 4: any round scored without playing with as many points as a win - a full-point
    bye, a forfeit win, a PAB worth a win), the float of an unplayed round (A.4, RN-1) and who
    floats in a played one (``float_by``); a round without a block is worth a zero-point bye."""
    kinds = frozenset(_BYE_BARRING_KINDS[k] for k in rules.bye_barred_by if k != "unplayed-win")
    return PastRoundRules(kinds, "unplayed-win" in rules.bye_barred_by, rules.unplayed_round_float,
                          rules.float_by, scoring.win, scoring.loss, scoring.points(None))


# the entry kinds a rule set's ``bye_barred_by`` names (besides ``unplayed-win``)
_BYE_BARRING_KINDS = {"pab": EntryKind.PAB, "forfeit-win": EntryKind.FORFEIT_WIN, "full-bye": EntryKind.FULL_BYE,
                      "half-bye": EntryKind.HALF_BYE}


class StateHistory:
    """The states before the rounds of one tournament under one rule set's state rules, read
    from one pass over its rounds: each player's history (the :class:`CompetitorHistory` of
    his one-game matches) is summed once, the floats of each past round found once, and the
    state before round r reads the first r - 1 rounds of them.  :func:`build_state` is one state of a fresh history; a
    whole-tournament check asks one history for every round.  The tournament must not change
    while its history is in use."""

    def __init__(self, tournament: Tournament, rules: StateRules) -> None:
        self.tournament = tournament
        self.rules = rules
        self.last = tournament.last_paired_round
        self.past = past_round_rules(rules, tournament.scoring)
        # in the tournament's player order
        self.players: dict[int, CompetitorHistory] = {
            pid: competitor_history(tournament, c, self.past) for pid, c in players_as_competitors(tournament).items()}
        # pairing numbers, or the file's order (XXC rank)
        self.ordered_ids = list(tournament.players) if tournament.pair_by_rank else sorted(tournament.players)
        self._floats: dict[int, dict[int, Float]] = {}  # round -> player -> the float he received
        self._initial_colour: Colour | None = None

    def acceleration(self, pid: int, r: int) -> int:
        """The virtual points of player ``pid`` in round ``r`` (XXA / 250, or a method's)."""
        values = self.tournament.accelerations.get(pid, [])
        return values[r - 1] if 0 < r <= len(values) else 0

    def score_before(self, pid: int, r: int) -> int:
        """A.4 / RN-2: the score before round r, with round r's acceleration (no case of
        the 2017 corpus is accelerated: none has an XXA or XXS record, so none decides)."""
        return self.players[pid].game_points[r - 1] + self.acceleration(pid, r)

    def floats_of_round(self, r: int) -> dict[int, Float]:
        """The float every player received in past round ``r`` (:func:`past_float`), found once."""
        found = self._floats.get(r)
        if found is None:
            found = self._floats[r] = {pid: past_float(pid, h.entry(r), r, self.score_before, self.past)
                                       for pid, h in self.players.items()}
        return found

    def initial_colour(self) -> Colour:
        """The initial colour: XXC / 152, else as round 1 shows it (trf-caveats 7)."""
        if self._initial_colour is None:
            t = self.tournament
            self._initial_colour = t.initial_colour or \
                infer_initial_colour(t, self.rules.pairing_numbers == "registered")
        return self._initial_colour

    def available(self, round_no: int) -> dict[int, bool]:
        """Who is to be paired in ``round_no``: for a round already paired whoever took part in
        its pairing (a game, a forfeit or the PAB); for the next one whoever has no block for
        it, no bye asked for in a 240 record and no XXZ absence (C.04.2 C)."""
        t = self.tournament
        if round_no <= self.last:
            return {pid: self.players[pid].took_part(round_no) for pid in self.ordered_ids}
        requested = t.requested_byes.get(round_no, {})
        return {pid: t.players[pid].entry(round_no) is None and pid not in t.absent_next and pid not in requested
                for pid in self.ordered_ids}

    def pairing_numbers(self, round_no: int, available: dict[int, bool]) -> dict[int, int]:
        """The pairing numbers of ``round_no`` as the state rules read them (``[state]
        pairing_numbers``): :meth:`effective_pairing_numbers`, or each registered player's TPN
        (C.04.2 Art. 2: his place in the file's order, present or not)."""
        if self.rules.pairing_numbers == "registered":
            return {pid: n for n, pid in enumerate(self.ordered_ids, start=1)}
        return self.effective_pairing_numbers(round_no, available)

    def effective_pairing_numbers(self, round_no: int, available: dict[int, bool]) -> dict[int, int]:
        """C.04.2 B.3 / RN-10: the pairing numbers E.5 and the A.2 order use for this round.

        As the reference engines do, a player who has never taken part in a pairing
        and is already marked absent for this round is not in the tournament yet:
        he gets no number, and the players after him move up.  (This decides the
        round-1 colours whenever a player is absent from round 1: with the original
        numbers 19 corpus cases differ, e.g. ``n008-r01of05-t047``, ``n010-r01of09-t021``.)  For a round
        already paired, "absent" means "not in that round's pairing" (``available``).
        """
        numbers: dict[int, int] = {}
        rank = 0
        for pid in self.ordered_ids:
            if available[pid] or self.players[pid].entered_before(round_no):
                rank += 1
                numbers[pid] = rank
        for pid in self.ordered_ids:
            numbers.setdefault(pid, len(self.ordered_ids) + pid)
        return numbers

    def forbidden_pairs(self, round_no: int) -> dict[int, frozenset[int]]:
        """Each player's forbidden opponents in ``round_no`` (XXP / 260), players with none left out."""
        found: dict[int, set[int]] = {}
        for fp in self.tournament.forbidden:
            if fp.applies(round_no):
                for pid in fp.players:
                    found.setdefault(pid, set()).update(q for q in fp.players if q != pid)
        return {pid: frozenset(others) for pid, others in found.items()}

    def state(self, round_no: int | None = None, after_last_round: bool = False) -> RoundState:
        """The state before ``round_no`` (default: the round after the last paired one).
        ``after_last_round``: the round after the last one may be past the tournament's
        rounds (the final state of a finished tournament, ``cpswiss state``).

        ``round_no`` may also be a round already paired (the check and explain
        tools re-pair it): then whoever took part in its pairing (a game, a forfeit
        or the PAB) was available, everybody else was absent, and the entries of
        that round and later ones are ignored.
        """
        t, rules, last = self.tournament, self.rules, self.last
        if round_no is None:
            round_no = last + 1
        if round_no < 1 or round_no > last + 1:
            raise InputError(f"cannot pair round {round_no}: {t.paired_rounds_text()}", t.path)
        if round_no > last and t.total_rounds is not None and round_no > t.total_rounds \
                and not after_last_round:
            raise InputError(f"all {t.total_rounds} rounds (XXR/142) are already paired; nothing to pair",
                             t.path, t.total_rounds_line)
        history = round_no - 1
        refuse_pending_rounds(t, self.players, round_no, "player")
        scoring = t.scoring
        available = self.available(round_no)
        rank_of = self.pairing_numbers(round_no, available)
        threshold = history * max(scoring.win, scoring.draw) // 2
        last_round = t.total_rounds is not None and round_no >= t.total_rounds
        floats = [self.floats_of_round(r) for r in range(history, max(0, history - 2), -1)]  # latest first
        forbidden_by = self.forbidden_pairs(round_no)

        def above_half(q: int) -> bool:
            return self.score_before(q, round_no) > threshold

        players: dict[int, PlayerState] = {}
        bye_bars: dict[int, int] = {}  # player -> his rounds that bar the bye
        for pid in self.ordered_ids:
            h = self.players[pid]
            games = h.played[history]
            colours = h.colours[:h.coloured[history]]
            preference, strength, repeated = colour_preference(colours)
            if not colours and rules.no_games_preference == "mild-black":  # Dubov Art. 1.6.4
                preference, strength = BLACK, Strength.MILD
            bye_bars[pid] = h.bye_bars[history]
            real_score = h.game_points[history]
            score = real_score + self.acceleration(pid, round_no)
            forbidden = forbidden_by.get(pid, frozenset()) | _same_federation(t, pid, round_no, rules, above_half)
            players[pid] = PlayerState(
                id=pid, rank=rank_of[pid], name=t.players[pid].name,
                score=score, real_score=real_score, available=available[pid],
                opponents=frozenset(h.opponents[:games]), forbidden=forbidden,
                colours=colours, preference=preference, strength=strength, repeated_colour=repeated,
                floats=tuple(f[pid] for f in floats), bye_eligible=bye_bars[pid] == 0,
                topscorer=last_round and score > threshold, games_played=games)
        despite_bar = _least_barred(players, bye_bars) if rules.bye_when_all_barred == "fewest" else frozenset()
        for pid in despite_bar:
            players[pid] = replace(players[pid], bye_eligible=True)
        return RoundState(tournament=t, round_no=round_no, total_rounds=t.total_rounds,
                          initial_colour=self.initial_colour(), players=players, rules=rules,
                          points_for_win=scoring.win, bye_despite_bar=despite_bar)


def build_state(t: Tournament, rules: StateRules, round_no: int | None = None,
                after_last_round: bool = False) -> RoundState:
    """The state before ``round_no`` (default: the round after the last paired one;
    :meth:`StateHistory.state`)."""
    return StateHistory(t, rules).state(round_no, after_last_round)


def state_to_show(t: Tournament, rules: StateRules) -> tuple[RoundState, bool]:
    """The state ``cpswiss state`` shows: before the round to be paired; before the last paired
    round when it is paired but not played (:attr:`Tournament.pending_round`: its pairing is
    in the file, its results are not); or, once every round of ``XXR``/``142`` is paired and
    played, the final state after the last one (then True)."""
    pending = t.pending_round
    if pending is not None:
        return build_state(t, rules, pending), False
    finished = t.total_rounds is not None and t.last_paired_round >= t.total_rounds
    return build_state(t, rules, after_last_round=finished), finished


def _same_federation(t: Tournament, pid: int, round_no: int, rules: StateRules,
                     above_half: Callable[[int], bool]) -> frozenset[int]:
    """FIDE Swiss 1999 item 22: in the last ``same_federation_apart`` rounds, players of
    one federation who both have more than 50% are not paired together."""
    n = rules.same_federation_apart
    if not n or t.total_rounds is None or round_no <= t.total_rounds - n or not above_half(pid):
        return frozenset()
    federation = t.players[pid].federation
    if not federation:
        return frozenset()
    return frozenset(q for q, rec in t.players.items()
                     if q != pid and rec.federation == federation and above_half(q))


def _least_barred(players: dict[int, PlayerState], bye_bars: dict[int, int]) -> frozenset[int]:
    """When an odd number of players is to be paired and the bye bar (C.2 / 2013 B.1.b) covers
    every one of them, it cannot choose between them: those with the fewest rounds that bar
    the bye (``bye_bars``) may take it (2013 as JaVaFo 1.4 reads B.1.b).  Otherwise nobody
    beyond the eligible players."""
    to_pair = [p for p in players.values() if p.available]
    if len(to_pair) % 2 == 0 or any(p.bye_eligible for p in to_pair):
        return frozenset()
    fewest = min(bye_bars[p.id] for p in to_pair)
    return frozenset(p.id for p in to_pair if bye_bars[p.id] == fewest)
