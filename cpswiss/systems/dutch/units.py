"""Criterion units of the FIDE (Dutch) System, C.04.3 C (and the 2026 text's [C4]-[C21]): one
small unit per criterion, citing its article, on the bracket graph
(:class:`~cpswiss.systems.shared.bracket.Bracket`), besides the units it shares with the FIDE
Swiss rules of 1987-99 (:mod:`cpswiss.systems.shared.units`, where levels are explained) and
seed 003's fairness units (:mod:`.fairness`).

The reading of the criteria follows the reference engine of the 2017 corpus
(bbpPairings 5.0.1); the reading notes (RN-n of ``dutch-2017.md``) say where.
"""

from __future__ import annotations

from typing import Callable, Sequence

from cpswiss.rulesets.ruleset import Criterion
from cpswiss.solver.levels import Level
from cpswiss.solver.matchings import maximum_matching
from cpswiss.systems.dutch.fairness import OWN_UNITS as FAIRNESS_UNITS
from cpswiss.systems.dutch.bracket import DutchBracket
from cpswiss.systems.shared.bracket import ONE_POINT_TENTHS
from cpswiss.systems.shared.units import (
    SHARED_UNITS,
    BracketUnits,
    Contribution,
    SortedList,
    lexicographic,
    pair_count,
    unpaired_in_bracket,
)
from cpswiss.tournament.compatibility import compatible
from cpswiss.tournament.state import Float, PlayerState, Strength

# ---------------------------------------------------------------------------
# Quality units
# ---------------------------------------------------------------------------


def completion(b: DutchBracket, c: Criterion) -> list[Level]:
    """C.04.3 C.4 with A.9 and C.2 (2017: in the PPB and the last bracket); 2026 Art. 2.2.1
    [C4] with [C2] and [C5] (in every bracket whose step holds the rest of the round): pair
    as many of the remaining players as possible, leaving unpaired only a player who may
    take the pairing-allocated bye (:meth:`RoundState.may_take_pab`)."""
    if not b.completing:
        return []
    may_take = b.round.may_take_pab
    barred = sum(not may_take(p) for p in b.vertices)
    # each pair scores 1 plus its players barred from the bye: at most n // 2 pairs, each player once
    level = Level(f"{c.label} completion (pairs, plus players who may not take the bye who are paired)",
                  floor=-(len(b.vertices) // 2 + barred), sense=-1)
    barred_from_bye = [not may_take(p) for p in b.vertices]
    level.coef = {e: -(1 + barred_from_bye[i] + barred_from_bye[j]) for e, (i, j) in enumerate(b.edges)}
    return [level]


def psd(b: DutchBracket, c: Criterion) -> list[Level]:
    """C.04.3 C.6 with A.8: minimise the PSD (pair SDs and downfloater SDs, sorted).
    With ``measure = "sum-of-squares"`` (2013 B.3, its "B.3 factor", A.11): minimise the
    sum of the squares instead, see :func:`psd_sum_of_squares`."""
    if c.params.get("measure") == "sum-of-squares":
        return psd_sum_of_squares(b, c)
    sorted_list = SortedList()
    for v in range(b.n_bracket):
        sorted_list.unpaired(b.downfloat_sd(v), b.incident_in_bracket[v])
    score = [p.score for p in b.vertices]
    edges = b.edges
    by_sd: dict[int, list[int]] = {}  # each pair's SD (b.pair_sd) -> its edges, in edge order
    for e in b.inside:
        i, j = edges[e]
        sd = score[i] - score[j]
        if sd in by_sd:
            by_sd[sd].append(e)
        else:
            by_sd[sd] = [e]
    for sd, pairs_of_sd in by_sd.items():
        coef = sorted_list.coef_of(sd)
        get = coef.get
        for e in pairs_of_sd:
            coef[e] = get(e, 0) + 1
    return sorted_list.levels(f"{c.label} PSD")


def psd_sum_of_squares(b: DutchBracket, c: Criterion) -> list[Level]:
    """2013 B.3 with A.11's "B.3 factor" (C.04.3.1): the score differences of a bracket's
    pairing weighed as one number, the sum of their squares: each pair's difference, and for
    each player left unpaired his score less the lowest score of the bracket's own players
    less one point.  (The seeds lack the text that defines the factor; JaVaFo 1.4, the
    edition's reference engine, sums the squares: tests/data/dutch-2013-endorse, s3332-r07,
    where 1-7, 6-9, 4-10, 5-8 (2, 3.5, 3, 1.5: 27.5) beats 1-8, 6-7, 4-10, 5-9 (3, 1, 3, 3: 28).)"""
    lowest = min(p.score for p in b.vertices[:b.n_bracket]) - ONE_POINT_TENTHS
    level = Level(f"{c.label} score differences (sum of squares, in hundredths of a point)", floor=0)
    for v in range(b.n_bracket):
        sd = b.vertices[v].score - lowest
        level.count_unless_paired(b.incident_in_bracket[v], sd * sd)
    for e, i, j in b.bracket_edges():
        sd = b.pair_sd(i, j)
        level.add(e, sd * sd)
    return [] if level.trivial else [level]


def next_bracket(b: DutchBracket, c: Criterion) -> list[Level]:
    """C.04.3 C.7: choose the downfloaters so that the following bracket first has the most
    pairs, then the smallest PSD.  Void in the PPB and the last bracket (A.9).

    RN-21: the following bracket is the next scoregroup with this bracket's
    downfloaters; when it is the last scoregroup its pairs count the bye
    eligibility (C.2), and its PSD is read as "pair the highest downfloaters".
    (No case of the 2017 corpus tells the bye weighting apart from a plain count
    of pairs: a sweep without it also agrees on 404/404; it is kept because C.2
    makes a last bracket whose odd player cannot take the bye incomplete.)
    """
    if b.last_step:
        return []
    if b.final:
        barred = [not p.bye_eligible for p in b.vertices]
        weights = {e: -(1 + barred[i] + barred[j]) for e, (i, j) in enumerate(b.edges)}
    else:
        # the edges with j below the bracket: those after the inside ones where they come first
        weights = dict.fromkeys(range(len(b.inside), len(b.edges)), -1) if b.inside_first else \
            {e: -1 for e, (i, j) in enumerate(b.edges) if j >= b.n_bracket}
    count = Level(f"{c.label} next-bracket pairs", weights, sense=-1)
    sorted_list = SortedList()
    for v in range(b.n_bracket):
        sorted_list.unpaired(b.downfloat_sd(v), b.incident[v])
    return [count] + sorted_list.levels(f"{c.label} next-bracket PSD")


def _landing_moves_a_resident_on(b: DutchBracket) -> bool:
    """Whether C.1 moves a player of the landing bracket on whoever floats into it: one who may
    meet (B.1, B.2) neither another of it nor any player of this bracket."""
    assert b.landing is not None
    return any(not any(compatible(p, q, b.round) for q in b.landing if q is not p)
               and not any(compatible(p, b.vertices[v], b.round) for v in range(b.n_bracket))
               for p in b.landing)


def stranded_downfloaters(b: DutchBracket, c: Criterion) -> list[Level]:
    """2013 C.1 with C.12 (C.04.3.1, Istanbul 2012): a moved-down player for whom no
    opponent can be found in his new bracket sends the procedure back (C.12) to re-pair
    the bracket above with another downfloater, one that "allows p pairings" there.  As a
    criterion of the bracket above: minimise its downfloaters who cannot be paired in the
    bracket they land in, ``b.landing`` (the next scoregroup, or with C.13 the merged last
    bracket).  Where that is the step's next scoregroup, by the step's own matching: a
    downfloater counts when no pair below can hold him, two who can meet only the same
    player count one (JaVaFo 1.4; tests/data/dutch-2013-endorse, s5009-r10: 3, who has met
    the whole 5.5 bracket, floats rather than 9, because 9 and 5 could both meet only 4
    there); where C.13 merges more scoregroups into it, or it is the last bracket, per
    player: whether he may meet (B.1, B.2) anyone there.  C.12 accepts another pairing only
    if it helps: the criterion asks whether any downfloater is left so, not how many
    (:attr:`Level.cap`; when every choice leaves one, the pairing stands: s3562-r08, 3-8
    floating 1 and 2, whom nobody of the 4.5 bracket can meet, not 3-2 floating 1 and 8,
    one of whom could be paired there).  Unlike 2017 C.7 it does not count the pairs the
    next bracket can make.  Void in the last bracket, where C.13 governs.  With the
    criterion's ``condition`` (:attr:`Level.condition`) it is one condition with
    :func:`landing_unpaired`: C.12 accepts another downfloater only if both hold.

    When the bracket leaves F downfloaters and the bracket they land in has only L < F
    players, at most L of them can be paired there (A.6: each pair holds one of its
    players), and F - L move on whichever they are: only the downfloaters without an
    opponent beyond those F - L count, max(0, S - (F - L)) for S of them (:attr:`Level.clip`).
    So between downfloaters who all leave the landing bracket its pairs, B.5/B.6 decide
    (JaVaFo 1.4; tests/data/dutch-2013-endorse: s67-r08, 3 and 7 into a bracket of one
    whom 7 has met, not 3 and 4; s3176-r08, 3 and 5 into a bracket of one whom 3 has met,
    not 2 and 3, both of whom have met him, one colour preference given up for it).

    When the downfloaters will be at least half of the bracket they land in (F >= L, counted
    before C.1 moves anyone on) and ``b.landing_homogeneous_at_half`` (2013 A.3: such a
    bracket "is also treated as though it was homogeneous"), its moved-down players are not
    paired first, so the step's matching of them does not count: a downfloater counts only if
    he may meet nobody there (JaVaFo 1.4; tests/data/dutch-2013-endorse, s7407-r07: 1 and 5
    land on 2 and 10, both may meet only 10, and 4-8 floating them stands, not 5-8 floating
    1 and 4).  And when C.1 moves on a player of such a bracket whoever floats into it (one
    who may meet neither another of it nor anyone of this bracket), a downfloater with no
    opponent there is moved on with him as in a homogeneous bracket, and C.12 is not
    reached: the criterion is void (JaVaFo 1.4, scenarios/acceptance/javafo-130280.trf,
    round 11: 4 has met 12 and 13 of the 4.0 bracket, 13 can meet nobody there, and 11-15
    floating 4 and 14 stands, meeting A.7.d, not 4-15 floating 11 and 14)."""
    if b.last_step or b.landing is None:
        return []
    beyond = _more_than_land(b)
    if b.landing_homogeneous_at_half and beyond >= 0 and _landing_moves_a_resident_on(b):
        return []  # A.3 pairs it as homogeneous and C.1 moves one of it on: C.12 not reached
    level = Level(f"{c.label} downfloaters with no opponent in the next bracket", floor=0)
    # the landing bracket is the step's next scoregroup: each bracket player unpaired in the
    # step - unless the downfloaters will be at least half of it (beyond >= 0): A.3 treats it
    # as homogeneous, its MDPs are not paired first, and C.1 asks of each alone
    matching = {p.id for p in b.landing} == {p.id for p in b.vertices[b.n_bracket:]} and \
        not (b.landing_homogeneous_at_half and beyond >= 0)
    for v in range(b.n_bracket):
        if matching:
            level.count_unless_paired(b.incident[v])
            continue
        if any(compatible(b.vertices[v], p, b.round) for p in b.landing):
            continue
        level.count_unless_paired(b.incident_in_bracket[v])
    if beyond > 0:
        if level.constant <= beyond and not matching:
            return []  # never more of them than move on anyway
        level.name += f", beyond the {beyond} it cannot hold"
        level.constant -= beyond
        level.floor = -beyond  # the sum's own bound (S >= 0); the criterion's value is >= 0
        level.clip = 0
    level.cap = 1  # C.12 met or not: when no other downfloater helps, the pairing stands
    level.condition = c.params.get("condition")
    return [] if level.trivial and not level.constant else [level]


def landing_unpaired(b: DutchBracket, c: Criterion) -> list[Level]:
    """2013 C.12 (C.04.3.1): going back to the bracket above is accepted when another
    downfloater "now allows p pairings" in the bracket they land in, p its number of pairs
    (A.6: half its players, rounded down) once C.1 has moved down the players for whom no
    opponent can be found there.  As a criterion of the bracket above, after C.12's
    downfloaters with no opponent (:func:`stranded_downfloaters`): the n players of the
    landing bracket who could be paired there, less two for each pair made there - at most
    one when p = n // 2 pairs are made (:attr:`Level.clip`: an odd n leaves one), and only
    whether more (:attr:`Level.cap`: a pairing that does not allow p pairings is not
    accepted, whatever it leaves).

    A downfloater is one of the n if he may meet someone of the next scoregroup; a player of
    it if he may meet another of it: the landing bracket's MDP pairs are C.1's and
    :func:`stranded_downfloaters`' concern, and its remainder is homogeneous (A.3), its p
    (A.6) counted among its own players, so one whom only downfloaters could meet is never
    one of the n, whoever floats.  A downfloater paired with such a player is still one of
    the p pairs made there (the MDP is paired, A.3), so it counts two like any pair, not one
    for the downfloater alone: the level is n - 2 * pairs, not the n left unpaired (JaVaFo
    1.4, scenarios/acceptance/javafo-130137.trf, round 11: 6-13 and 4-1 below the 7.5
    bracket, 1 having met 7, 8 and 13, are p = 2 pairs of the n = 5 (6, 4; 7, 8, 13), so 5-16
    floating 4 allows p pairings as well as 4-16 floating 5, and B.4 decides for 5-16).

    When more players float than the next scoregroup holds, the F - L left unpaired there
    whoever they are are allowed too (as in :func:`stranded_downfloaters`; s7251-r10).  Void
    in the last bracket, where C.13 governs.  With the criterion's ``condition``, one
    condition with :func:`stranded_downfloaters` (s8167-r10: a pairing that fails either part
    fails C.12).  (JaVaFo 1.4; tests/data/dutch-2013-endorse: s3162-r07, the 4.5 bracket
    floats 7, whose pair 7-5 leaves 2-10 in the 4.0 bracket, not 3, whose only opponent 10
    leaves 2 and 5, who have met, at the cost of a colour preference; s7009-r10, 18, 25 and
    35 of the 4.5 bracket have all met each other, so 12, who could meet all three, floats as
    well as 20, who could meet only 18; corpus n054-r05of09-t014: 42, with whom 47 can meet
    nobody of the 0.5 bracket (C.1 moves him on), allows p pairings as well as 40, who could
    meet 47.)"""
    if b.last_step or b.landing is None:
        return []
    level = Level(f"{c.label} players of the next bracket who could be paired there, less two for each pair "
                  "made there (one allowed)", clip=1)
    # the n: a bracket player or one of the next scoregroup who may meet someone of the next scoregroup
    may_meet_below = {v for i, j in b.edges for v, u in ((i, j), (j, i)) if u >= b.n_bracket}
    for v in sorted(may_meet_below):
        level.count_unless_paired(b.incident[v])
    # a downfloater's pair with a player of the next scoregroup who is not one of the n: the
    # downfloater's own count above, and one more for the pair
    only_downfloaters: set[int] = set()
    for e, (i, j) in enumerate(b.edges):
        if i < b.n_bracket <= j and j not in may_meet_below:
            level.add(e, -1)
            only_downfloaters.add(j)
    level.floor = -len(only_downfloaters)  # each such player makes at most one pair
    beyond = _more_than_land(b)
    if beyond > 0:  # so many float that they are left unpaired there whoever they are
        level.name += f", beyond the {beyond} it cannot hold"
        level.constant -= beyond
        level.floor -= beyond
    level.cap = 2  # C.12 met or not: when no other downfloater helps, the pairing stands
    level.condition = c.params.get("condition")
    return [] if level.trivial and not level.constant else [level]


def _more_than_land(b: DutchBracket) -> int:
    """How many more players the bracket leaves unpaired, at the least, than the bracket they
    land in has players (A.6: each pair there holds one of its players)."""
    assert b.landing is not None
    most_pairs = len(maximum_matching(b.n_bracket, [(i, j) for _, i, j in b.bracket_edges()]))
    return b.n_bracket - 2 * most_pairs - len(b.landing)


def strong_colour_preference(b: DutchBracket, c: Criterion) -> list[Level]:
    """C.04.3 C.11: minimise players who do not get their strong colour preference.
    RN-9: absolute preferences count as strong, except when both players' are absolute
    (that clash belongs to C.8/C.9).  (No case of the 2017 corpus tells the exception
    apart: a sweep counting absolute-absolute pairs too also agrees on 404/404.)"""
    return pair_count(f"{c.label} strong preferences not met", b, lambda p, q: (
        p.strong_or_absolute and q.strong_or_absolute and not (p.absolute and q.absolute)
        and p.preference == q.preference), same_preference=True)


def semi_absolute_preference(b: DutchBracket, c: Criterion) -> list[Level]:
    """2013 A.7.d (C.04.3.1): in an odd-numbered round a player with a strong preference
    (one who has played an odd number of games) is treated as if it were absolute, unless
    that costs more or higher downfloaters or larger score differences.  So: minimise the
    pairs where such a preference is not met, ranked below the number of pairs and B.3."""
    if b.round.round_no % 2 == 0:
        return []

    def semi(p: PlayerState) -> bool:
        return p.strength is Strength.STRONG and p.games_played % 2 == 1

    def stands(p: PlayerState) -> bool:  # absolute, or treated so
        return p.absolute or semi(p)

    # the semi-absolute player yields only to another who stands on his colour (E.2)
    return pair_count(f"{c.label} semi-absolute preferences not met", b, lambda p, q: (
        p.preference is not None and p.preference == q.preference and (semi(p) or semi(q))
        and stands(p) and stands(q)), same_preference=True)


def _float_params(c: Criterion) -> tuple[int, str]:
    """The parameters of a float criterion: how many rounds back, and which float."""
    return int(c.params.get("rounds_back", 1)), c.params.get("float", "down")


def _floats(b: DutchBracket, c: Criterion, i: int, j: int) -> bool:
    """Whether the pair (i, j) of the bracket gives its players a float (A.4: unequal
    scores).  With ``remainder_homogeneous`` (2013 A.3: "a remainder score bracket ... is
    always treated as a homogeneous one"), a pair of two residents never does: that
    matters only in a last bracket that holds several scoregroups (C.13), where the
    reference engine JaVaFo 1.4 reads it so (``n054-r08of09-t014``)."""
    if c.params.get("remainder_homogeneous") and i >= b.n_mdp:
        return False
    return b.vertices[i].score > b.vertices[j].score


def _repeated_upfloats(b: DutchBracket, c: Criterion, back: int) -> list[tuple[int, int, int]]:
    """Bracket edges (e, higher, lower) whose lower player upfloated ``back`` rounds before
    and would float up again (the higher player has the higher score), in edge order."""
    found = []
    for j in range(b.n_bracket):
        if b.vertices[j].float_back(back) is Float.UP:
            found += [(e, b.edges[e][0], j) for e in b.incident_in_bracket[j]
                      if b.edges[e][1] == j and _floats(b, c, b.edges[e][0], j)]
    return sorted(found)


def _downfloated(b: DutchBracket, back: int) -> list[int]:
    """The bracket's players who floated down ``back`` rounds before."""
    return [v for v in range(b.n_bracket) if b.vertices[v].float_back(back) is Float.DOWN]


def repeated_float(b: DutchBracket, c: Criterion) -> list[Level]:
    """C.04.3 C.12-C.15: minimise players who get the same float as one (two) rounds before.

    A bracket player not paired in the bracket floats down; a paired player
    with the higher score floats down, with the lower score floats up.
    RN-3: an unplayed round counts as the downfloat A.4 gives it.
    With ``unpaired_downfloat = "lowest-score"`` (2013, as JaVaFo 1.4 reads B.5/B.6) the
    downfloaters are the players the bracket leaves unpaired whose score is its lowest: a
    moved-down player, paired with a lower one or left unpaired again, and in a joined
    bracket (C.13) a player of a higher score, are not floated by this bracket
    (tests/data/dutch-2013-endorse, s3483-r08, s61-r06).
    With ``topscorers_exempt`` (1998 B.5/B.6: "not applied, in the last round, to players
    scoring more than 50%") a final-round topscorer never counts.
    """
    back, direction = _float_params(c)
    if b.round.round_no - 1 < back:
        return []
    exempt = bool(c.params.get("topscorers_exempt"))
    lowest_only = c.params.get("unpaired_downfloat") == "lowest-score"

    def floated(p: PlayerState, how: Float) -> bool:
        return p.float_back(back) is how and not (exempt and p.topscorer)

    level = Level(f"{c.label} repeated {direction}float ({back} round{'s' if back > 1 else ''} back)", floor=0)
    if direction == "down":
        # each player who downfloated then counts, unless paired now without floating down:
        # with a lower player of his score, or as the lower player of the pair
        lowest = min(b.vertices[v].score for v in range(b.n_bracket))
        for v in range(b.n_bracket):
            if floated(b.vertices[v], Float.DOWN) and lowest_only:
                if b.vertices[v].score > lowest:
                    continue
                level.count_unless_paired(b.incident_in_bracket[v])
            elif floated(b.vertices[v], Float.DOWN):
                level.constant += 1
                for e in b.incident_in_bracket[v]:
                    i, j = b.edges[e]
                    if v == j or not _floats(b, c, i, j):
                        level.add(e, -1)
        level.coef = dict(sorted(level.coef.items()))  # in edge order, as every level
    else:
        for e, _, j in _repeated_upfloats(b, c, back):
            if not (exempt and b.vertices[j].topscorer):
                level.add(e, 1)
    return [] if level.trivial and not level.constant else [level]


def _repeated_float_entries(b: DutchBracket, c: Criterion, unpaired_value: Callable[[int], int],
                            pair_value: Callable[[int, int], int], paired_down: bool) -> list[Contribution] | None:
    """The (value, edge, sign) entries of a repeated-float criterion (one or two rounds
    back, down or up, from the criterion's parameters), or None before that round exists.

    Down: each bracket player who downfloated then counts ``unpaired_value(v)`` when he is
    not paired in the bracket now, and with ``paired_down`` ``pair_value(i, j)`` when he is
    paired with a lower score; up: each pair whose lower player upfloated then and floats up
    again counts ``pair_value(i, j)``."""
    back, direction = _float_params(c)
    if b.round.round_no - 1 < back:
        return None
    out: list[Contribution] = []
    if direction == "down":
        downfloated = _downfloated(b, back)
        for v in downfloated:
            unpaired_in_bracket(b, v, unpaired_value(v), out)
        if paired_down and downfloated:
            down = set(downfloated)
            for e, i, j in b.bracket_edges():
                if i in down and _floats(b, c, i, j):
                    out.append((pair_value(i, j), e, 1))
    else:
        for e, i, j in _repeated_upfloats(b, c, back):
            out.append((pair_value(i, j), e, 1))
    return out


def repeated_float_score_difference(b: DutchBracket, c: Criterion) -> list[Level]:
    """C.04.3 C.16-C.19: minimise the score differences of players who get the same float
    again.  RN-26: compared as a sorted list, like a PSD: a repeated downfloater left
    unpaired counts its downfloater SD (A.8), one paired with a lower score the SD of
    his pair; a repeated upfloater the SD of his pair.  (No case of the 2017 corpus
    tells the sorted list apart from the plain sum of those SDs: both agree on 404/404.)"""
    out = _repeated_float_entries(b, c, b.downfloat_sd, b.pair_sd, paired_down=True)
    if out is None:
        return []
    back, direction = _float_params(c)
    return lexicographic(f"{c.label} {direction}float SDs ({back} back)", out)


def _by_score(name: str, contributions: Sequence[Contribution], sense: int) -> list[Level]:
    """Levels for "minimise (or maximise) the scores, in descending order" of 2026 Art. 2.4:
    one level per score, highest first, counting the (value, edge, sign) contributions
    at that score; a score's count dominates every lower score's (as the reference
    engine's score-group bit fields do)."""
    coefs: dict[int, dict[int, int]] = {}
    constants: dict[int, int] = {}
    for score, edge, sign in contributions:
        coef = coefs.get(score)
        if coef is None:
            coef = coefs[score] = {}
            constants[score] = 0
        if edge is None:
            constants[score] += sign
        else:
            coef[edge] = coef.get(edge, 0) + sign
    floor = 0 if sense == 1 else None
    return [Level(f"{name} {s / ONE_POINT_TENTHS:g}", coefs[s], constants[s], floor, sense)
            for s in sorted(coefs, reverse=True) if any(coefs[s].values())]


def _led_by_score(name: str, b: DutchBracket, edges: Sequence[int]) -> list[Level]:
    """:func:`_by_score` maximising, per score, the pairs of ``edges`` whose higher player
    (the first of the edge) has that score: the same levels, grouped without a contribution
    per pair (a bracket step has tens of thousands of them)."""
    score = [p.score for p in b.vertices]
    all_edges = b.edges
    coefs: dict[int, dict[int, int]] = {}  # score -> its pairs (one pass, no list per edge)
    for e in edges:
        s = score[all_edges[e][0]]
        coef = coefs.get(s)
        if coef is None:
            coef = coefs[s] = {}
        coef[e] = -1
    return [Level(f"{name} {s / ONE_POINT_TENTHS:g}", coefs[s], 0, None, -1) for s in sorted(coefs, reverse=True)]


def downfloater_scores(b: DutchBracket, c: Criterion) -> list[Level]:
    """2026 Art. 2.4.2 [C7]: minimise the scores of the downfloaters, in descending order.

    Read as the reference engine (bbpPairings 6.0.0) does: with the number of pairs
    fixed by [C6], maximise, highest score first, the pairs of the bracket whose
    higher player has that score.  For residents and MDPs paired with residents this
    is the text (every paired MDP is one downfloater fewer of his score); it differs
    only where two MDPs meet, which counts once, at the higher score.
    """
    return _led_by_score(f"{c.label} pairs led by a player of score", b, b.inside)


def next_bracket_scores(b: DutchBracket, c: Criterion) -> list[Level]:
    """2026 Art. 2.4.3 [C8]: choose the downfloaters so that the following bracket complies
    as well as it can with [C6] and [C7]: first the most pairs whose lower player is in
    the next scoregroup, then, highest score first, the most of them led by a player of
    that score (the downfloaters paired there).  Void in the last bracket."""
    if b.last_step:
        return []
    into_next = b.edges_into_next()
    count = Level(f"{c.label} next-bracket pairs", dict.fromkeys(into_next, -1), sense=-1)
    return [count] + _led_by_score(f"{c.label} next-bracket pairs led by a player of score", b, into_next)


def pab_unplayed_games(b: DutchBracket, c: Criterion) -> list[Level]:
    """2026 Art. 2.4.4 [C9]: minimise the unplayed games of the PAB assignee.

    As its note says and the reference engine reads it, only in the bracket that
    holds the PAB and pairs all its other players inside (``b.pab_in_bracket``):
    the player it leaves unpaired is the assignee.  Value: the unplayed rounds of
    the players of the PAB score left unpaired.
    """
    if not b.pab_in_bracket:
        return []
    limit, past = b.round.pab_score_limit, b.round.round_no - 1
    level = Level(f"{c.label} unplayed games of the PAB assignee", floor=0)
    unplayed = [past - p.games_played if p.score == limit else 0 for p in b.vertices]
    level.constant = sum(unplayed[:b.n_bracket])
    for e, (i, j) in enumerate(b.edges):
        level.add(e, -(unplayed[i] + unplayed[j]))
    return [] if level.trivial else [level]


def repeated_float_score(b: DutchBracket, c: Criterion) -> list[Level]:
    """2026 Art. 2.4.13-2.4.16 [C18]-[C21]: minimise, highest first, the scores of the
    players who get the same float as one (two) rounds before.

    Down: the bracket's players who downfloated then and are not paired in the
    bracket now.  Up: the MDPs whose opponent upfloated then and floats up again,
    at the MDP's score (the reference engine's reading of "the score differences of
    the MDP opponents").
    """
    out = _repeated_float_entries(b, c, lambda v: b.vertices[v].score, lambda i, j: b.vertices[i].score,
                                  paired_down=False)
    if out is None:
        return []
    back, direction = _float_params(c)
    return _by_score(f"{c.label} repeated {direction}floats ({back} back) of score", out, sense=1)


UNITS: dict[str, Callable[[DutchBracket, Criterion], list[Level]]] = {
    **SHARED_UNITS,
    "completion": completion,
    "psd": psd,
    "next-bracket": next_bracket,
    "strong-colour-preference": strong_colour_preference,
    "repeated-float": repeated_float,
    "repeated-float-score-difference": repeated_float_score_difference,
    "downfloater-scores": downfloater_scores,
    "next-bracket-scores": next_bracket_scores,
    "stranded-downfloaters": stranded_downfloaters,
    "landing-unpaired": landing_unpaired,
    "semi-absolute-preference": semi_absolute_preference,
    "pab-unplayed-games": pab_unplayed_games,
    "repeated-float-score": repeated_float_score,
    **FAIRNESS_UNITS,
}
# units whose levels have edges below the bracket (every other unit counts pairs inside it)
LOOKAHEAD_UNITS = {"next-bracket", "next-bracket-scores"}
# units decided once for the whole round before the brackets (2026 [C5])
ROUND_UNITS: frozenset[str] = frozenset({"pab-score"})
BRACKET_UNITS = BracketUnits(UNITS, ROUND_UNITS)

__all__ = ["BRACKET_UNITS", "LOOKAHEAD_UNITS", "ROUND_UNITS", "UNITS"]
