"""A large bracket paired by the fold order's first candidate, proven by bounds, without its graph.

The pairing of a bracket (C.04.4.2 2026 Art. 4.3) is the first in the fold order of those
that comply best with [C5]-[C8] ([C4]: every player of the step paired but the floaters).
Its *first candidate* is found BSN by BSN: each undecided BSN takes the highest-BSN
undecided opponent [C1] and [C3] allow whom [C8]'s count by colour does not rule out
(:meth:`~.units.PreferenceCount.least_clashes` above the fewest clashes any pairing of the
bracket can have), and floats (a virtual player of BSN 0, Art. 4.2) when none is left.
Every option passed over is one no best pairing takes, so the candidate is first in the fold
order among the best pairings as soon as it is one of them; it is, with no graph and no
solve, when it reaches on every criterion what no complete pairing of the step exceeds
(the rules' order is [C5], [C6], [C7], [C8]):

* [C5]: every player paired but one when the bracket is odd (Art. 2.3.1);
* [C6]: that floater of the bracket's lowest score (Art. 2.3.2);
* [C7]: that floater reaching the next bracket's best (:func:`.floater.all_reach_the_best`:
  a complete pairing below with the most pairs there, one of them his); with nobody floating,
  the players below can all be paired ([C4]; every pairing of the bracket then leaves the
  same to them);
* [C8]: no more pairs of two players preferring the same colour than the count by colour
  forces on every pairing (:meth:`~.units.PreferenceCount.fewest`).

When the candidate falls short, only its last choices are undone: the players they hold
(the middle of the bracket by BSN) are paired as a bracket of their own on its graph (the
caller's ``solve_part``: the procedure's own :func:`~.procedure.pair_bracket`) below the
choices kept, more of them each time, and the result is again held against the same
bounds; it is the bracket's pairing when it reaches them (the choices kept are first in
the fold order among the best pairings, the part's pairing first among its own best, and
every criterion counts pair by pair).  Otherwise the caller pairs the whole step as before.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from cpswiss.systems.burstein.floater import all_reach_the_best
from cpswiss.systems.burstein.units import PreferenceCount
from cpswiss.tournament.state import PlayerState, RoundState

FIRST_CANDIDATE_FROM_PAIRS = 100_000  # the possible pairs from which a bracket is first paired here
TAILS = (8, 32, 128, 512)  # how many of the first candidate's last choices are undone, in turn


@dataclass
class FoldStep:
    """Art. 4.3: one BSN's opponent, chosen in the fold order (None: he floats, BSN 0).
    ``first_choice``: it is the first opponent the fold order offers him (no better one was
    ruled out by the criteria)."""

    bsn: int
    player: int
    opponent: int | None
    first_choice: bool


class WholeStepNeeded(Exception):
    """A part of a bracket that the procedure would pair only on the whole step's graph (the
    first candidate's tails stop there: :func:`first_candidate_pairing`)."""


class PairedPart(Protocol):
    """What the pairing of a bracket (or of a part of one) says: its pairs and floaters (player
    ids), its fold steps, and the matchings it took."""

    pairs: list[tuple[int, int]]
    floaters: list[int]
    steps: list[FoldStep]
    solves: int
    whole_solves: int


@dataclass
class FirstPairing:
    """A bracket's pairing proven by :func:`first_candidate_pairing`: pairs and floaters (player
    ids), the fold steps, and the matchings its undone part took (none: the first candidate)."""

    pairs: list[tuple[int, int]]
    floaters: list[int]
    steps: list[FoldStep] = field(default_factory=list)
    solves: int = 0
    whole_solves: int = 0
    undone: int = 0  # how many of the first candidate's choices were solved again on a graph


@dataclass
class Candidate:
    """The first candidate of a bracket (or of what its first choices leave): each choice as
    a fold step on BSN positions (``decisions``: the deciding BSN position, its opponent's
    position or None), in the order made."""

    decisions: list[tuple[int, int | None]]
    steps: list[FoldStep]
    complete: bool  # every BSN decided with no more floaters than allowed


def first_candidate(bracket: list[PlayerState], barred: dict[int, frozenset[int]], floating: int,
                    clashes: int) -> Candidate:
    """The fold order's first candidate of ``bracket`` (players by BSN): BSN by BSN, the
    highest-BSN undecided opponent [C1]/[C3] allow (``barred``: by player id) that keeps
    [C8]'s count by colour at most ``clashes``, else floating while ``floating`` floaters are
    left to choose (module docstring).  Stops, incomplete, at a BSN with neither."""
    count = PreferenceCount(bracket)
    undecided = list(range(len(bracket) - 1, -1, -1))  # highest BSN first
    decided: set[int] = set()
    decisions: list[tuple[int, int | None]] = []
    steps: list[FoldStep] = []
    for k, player in enumerate(bracket):
        if k in decided:
            continue
        undecided.pop()  # k: every lower BSN is decided
        no = barred[player.id]
        first: int | None = None
        chosen: int | None = None
        for j in undecided:
            other = bracket[j]
            if other.id in no:
                continue
            if first is None:
                first = j
            if count.least_clashes(floating, player, other) <= clashes:
                chosen = j
                break
        if chosen is None:
            if not floating:
                return Candidate(decisions, steps, False)
            floating -= 1
            count.fix_float(player)
            decided.add(k)
        else:
            undecided.remove(chosen)
            count.fix_pair(player, bracket[chosen])
            decided |= {k, chosen}
        decisions.append((k, chosen))
        steps.append(FoldStep(k + 1, player.id, None if chosen is None else bracket[chosen].id, chosen == first))
    return Candidate(decisions, steps, count.clashes <= clashes)


def first_candidate_pairing(bracket: list[PlayerState], nxt: list[PlayerState], rest: list[PlayerState],
                            state: RoundState, barred: dict[int, frozenset[int]],
                            below: Callable[[list[PlayerState]], bool],
                            solve_part: Callable[[list[PlayerState]], PairedPart]) -> FirstPairing | None:
    """The bracket's pairing (players by BSN) by its first candidate, or by it with its last
    choices paired again by ``solve_part`` (a bracket of those players above ``nxt`` and
    ``rest``, raising :class:`WholeStepNeeded` where only the whole step would tell), proven
    against the bounds of the module docstring; None when no such proof is found.
    ``below``: can these players all be paired ([C4])?  For the rules' order [C5]-[C8] only."""
    floating = len(bracket) % 2
    if not floating and not below(nxt + rest):
        return None  # nobody may float and the players below cannot all be paired: [C5] gives
    clashes = PreferenceCount(bracket).fewest(floating)
    lowest = min(p.score for p in bracket)
    position = {p.id: k for k, p in enumerate(bracket)}

    def proven(pairs: list[tuple[int, int]], floaters: list[int]) -> bool:
        if len(floaters) != floating or sum(PreferenceCount.clash(bracket[position[a]], bracket[position[b]])
                                            for a, b in pairs) != clashes:
            return False
        if not floaters:
            return True
        floater = bracket[position[floaters[0]]]
        return floater.score == lowest and all_reach_the_best([floater], nxt, rest, barred, state, below)

    candidate = first_candidate(bracket, barred, floating, clashes)
    decisions = candidate.decisions
    if candidate.complete:
        pairs = [(bracket[k].id, bracket[j].id) for k, j in decisions if j is not None]
        floaters = [bracket[k].id for k, j in decisions if j is None]
        if proven(pairs, floaters):
            return FirstPairing(sorted(pairs), floaters, candidate.steps)  # each pair's lower BSN first
    for tail in TAILS:
        kept = max(0, len(decisions) - tail)
        held = {v for k, j in decisions[:kept] for v in (k, j) if v is not None}
        part = [p for k, p in enumerate(bracket) if k not in held]
        if len(part) < 2:
            continue
        try:
            solved = solve_part(part)
        except WholeStepNeeded:
            return None
        pairs = [(bracket[k].id, bracket[j].id) for k, j in decisions[:kept] if j is not None] + solved.pairs
        floaters = [bracket[k].id for k, j in decisions[:kept] if j is None] + solved.floaters
        if proven(pairs, floaters):
            renumbered = [FoldStep(position[s.player] + 1, s.player, s.opponent, s.first_choice)
                          for s in solved.steps]
            return FirstPairing(sorted(pairs), sorted(floaters, key=position.__getitem__),
                                candidate.steps[:kept] + renumbered, solved.solves, solved.whole_solves,
                                len(decisions) - kept)
        if kept == 0:
            return None
    return None
