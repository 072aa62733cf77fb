"""An arbiter's decisions for the round to be paired, applied to its state.

The rules leave some decisions to the arbiter (2017 A.9 and 2026 Art. 1.9.3 when no legal
pairing exists; C.04.2 for absences and byes) and an arbiter may have to impose one (a pair
that must or must not happen, a bye already promised).  Each decision is a change of the
round's state; the pairing system then finds its best pairing under them, by its own rules:

* ``absent``: the player is not paired this round (as a zero-point bye);
* ``forbid a-b``: a and b may not meet (as a forbidden pair, XXP / 260);
* ``fix a-b``: a and b must meet: each may meet nobody else, and neither takes the bye;
* ``bye p``: p takes the pairing-allocated bye: he may meet nobody, and nobody else may
  take it;
* ``allow_pairs`` / ``allow_bye`` (``cpswiss resolve``): pairs that may meet although C.1 or
  C.3 bars them, players who may take the bye although C.2 bars them.

A decision that cannot hold (an unknown or absent player, a fixed pair that has met, a bye
with an even number of players) is an :class:`~cpswiss.errors.InputError` naming it.

The same decisions apply to the competitors of the match model (teams, C.04.6; Double-Swiss
players, C.04.5: :meth:`Decisions.apply_to_competitors`), whose absolute criteria are [C1] (no
second meeting) and [C2] (no second PAB), Art. 2.1.1 and 2.1.2 of both texts.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, TypeVar

from cpswiss.errors import InputError
from cpswiss.legality.checker import LEGACY_ARTICLES, Articles, meeting_violation
from cpswiss.registry import system_named
from cpswiss.tournament.state import PlayerState, RoundState

if TYPE_CHECKING:
    from cpswiss.tournament.competition_state import CompetitionState, CompetitorState

# one to be paired: a player of a round of games, or a competitor of a round of matches
Member = TypeVar("Member", "PlayerState", "CompetitorState")


def parse_pair(text: str, option: str) -> tuple[int, int]:
    """``3-7`` -> (3, 7)."""
    parts = text.replace(",", "-").split("-")
    if len(parts) != 2 or not all(x.strip().isdigit() for x in parts):
        raise InputError(f"{option} {text}: expected two pairing numbers, as 3-7")
    a, b = (int(x) for x in parts)
    if a == b:
        raise InputError(f"{option} {text}: a player cannot meet themself")
    return a, b


@dataclass(frozen=True)
class Decisions:
    """The arbiter's decisions for one round (see the module docstring)."""

    fix: tuple[tuple[int, int], ...] = ()
    forbid: tuple[tuple[int, int], ...] = ()
    bye: int | None = None
    absent: tuple[int, ...] = ()
    allow_pairs: tuple[tuple[int, int], ...] = ()
    allow_bye: tuple[int, ...] = ()

    @property
    def pairing_decisions(self) -> Decisions:
        """The decisions about the pairing itself (all but the absences)."""
        return replace(self, absent=())

    @property
    def empty(self) -> bool:
        return self == Decisions()

    def plus(self, more: Decisions) -> Decisions:
        """These decisions and ``more`` (its promised bye, if any, over this one's)."""
        return Decisions(self.fix + more.fix, self.forbid + more.forbid, more.bye if more.bye is not None else self.bye,
                         self.absent + more.absent, self.allow_pairs + more.allow_pairs,
                         self.allow_bye + more.allow_bye)

    def unchanged_text(self) -> str:
        """What an arbiter reads when the round under these decisions is the rules' pairing: for
        absences alone, that they say who plays, not how; else that the rules' pairing already
        respects them."""
        if self.pairing_decisions.empty:
            return "the absences say who plays, not how: the round is the rules' pairing of those present"
        return "the rules' pairing already respects these decisions: nothing changes"

    def describe(self) -> str:
        parts = [f"--fix {a}-{b}" for a, b in self.fix] + [f"--forbid {a}-{b}" for a, b in self.forbid]
        parts += [f"--bye {self.bye}"] if self.bye is not None else []
        parts += [f"--absent {p}" for p in self.absent]
        return " ".join(parts)

    def apply(self, state: RoundState, articles: Articles = LEGACY_ARTICLES) -> RoundState:
        """The state of the round under these decisions (the input is not changed); a fixed
        pair or a promised bye that an absolute rule bars is refused, cited in ``articles``
        (the rule set's, :func:`cpswiss.legality.checker.articles_of`)."""
        players = dict(state.players)

        def player(pid: int, option: str) -> PlayerState:
            if pid not in players:
                raise InputError(f"{option}: there is no player {pid}")
            if not players[pid].available:
                raise InputError(f"{option}: player {pid} is not available this round")
            return players[pid]

        self._absences_and_forbidden_pairs(players, player)
        in_round = [p.id for p in players.values() if p.available]
        allowed = set(state.allowed_pairs) | {frozenset(pair) for pair in self.allow_pairs}
        for pid in self.allow_bye:
            players[pid] = replace(player(pid, f"allow the bye to {pid}"), bye_eligible=True)
        new_state = replace(state, players=players, allowed_pairs=frozenset(allowed))
        for a, b in self.fix:
            option = f"--fix {a}-{b}"
            barred = meeting_violation(player(a, option), player(b, option), new_state, articles)
            if barred is not None and frozenset((a, b)) not in new_state.allowed_pairs:
                raise InputError(f"{option}: {barred.message} ({barred.article})")
            _pin_pair(players, in_round, a, b)
        if self.bye is not None:
            option = f"--bye {self.bye}"
            p = player(self.bye, option)
            if len(in_round) % 2 == 0:
                raise InputError(f"{option}: {len(in_round)} players are to be paired, an even number: "
                                 "there is no pairing-allocated bye (C.04.1)")
            if not new_state.may_take_pab(p):
                raise InputError(f"{option}: player {p.id} may not receive the pairing-allocated bye: that player "
                                 f"already had one or a point without playing ({articles.bye})")
            _pin_bye(players, in_round, p.id)
        return replace(new_state, players=players)

    def _absences_and_forbidden_pairs(self, found: dict[int, Member], member: Callable[[int, str], Member]) -> None:
        """The absent ones not paired, the forbidden pairs barred (``member(id, option)``: the
        state of one to be paired this round, else InputError naming the option)."""
        for cid in self.absent:
            found[cid] = replace(member(cid, f"--absent {cid}"), available=False)
        for a, b in self.forbid:
            for cid in (a, b):
                member(cid, f"--forbid {a}-{b}")  # both must be in the round
            _forbid(found, a, b)

    def apply_to_competitors(self, state: CompetitionState) -> CompetitionState:
        """The state of a round of the match model under these decisions (the input is not
        changed): an absent competitor is not paired; a forbidden pair joins the forbidden ones;
        a fixed pair may meet nobody else and takes no PAB ([C1] must allow it, or ``allow_pairs``);
        the PAB promised to X: X meets nobody and nobody else may take it ([C2] must allow X, or
        ``allow_bye``); ``allow_pairs`` / ``allow_bye`` lift [C1] / [C2] for those alone."""
        system = system_named(state.rules.system)
        text, noun = system.regulation, system.noun
        found = dict(state.competitors)

        def competitor(cid: int, option: str) -> CompetitorState:
            if cid not in found:
                raise InputError(f"{option}: there is no {noun} {cid}", state.tournament.path)
            if not found[cid].available:
                raise InputError(f"{option}: {noun} {cid} is not to be paired this round", state.tournament.path)
            return found[cid]

        self._absences_and_forbidden_pairs(found, competitor)
        for cid in self.allow_bye:
            found[cid] = replace(competitor(cid, f"allow the PAB to {cid}"), bye_eligible=True)
        allowed = state.allowed_pairs | {frozenset(pair) for pair in self.allow_pairs}
        in_round = [c.id for c in found.values() if c.available]
        for a, b in self.fix:
            option = f"--fix {a}-{b}"
            first = competitor(a, option)
            competitor(b, option)
            if b in first.forbidden:
                raise InputError(f"{option}: {a} and {b} may not meet (a forbidden pair)", state.tournament.path)
            if b in first.opponents and frozenset((a, b)) not in allowed:
                raise InputError(f"{option}: {a} and {b} have met before ([C1], {text} Art. 2.1.1)",
                                 state.tournament.path)
            _pin_pair(found, in_round, a, b)
        if self.bye is not None:
            option = f"--bye {self.bye}"
            taker = competitor(self.bye, option)
            if len(in_round) % 2 == 0:
                raise InputError(f"{option}: {len(in_round)} {noun}s are to be paired, an even number: there is "
                                 f"no pairing-allocated bye ({text} Art. 3.4)", state.tournament.path)
            if not taker.bye_eligible:
                raise InputError(f"{option}: {noun} {taker.id} may not receive the pairing-allocated bye ([C2], "
                                 f"{text} Art. 2.1.2)", state.tournament.path)
            _pin_bye(found, in_round, taker.id)
        return replace(state, competitors=found, allowed_pairs=allowed)


# The states of a round, by pairing number: RoundState.players (PlayerState) or
# CompetitionState.competitors (CompetitorState), frozen dataclasses that both have ``forbidden``
# and ``bye_eligible``.


def _forbid(found: dict[int, Member], a: int, b: int) -> None:
    """``a`` and ``b`` may not meet."""
    found[a] = replace(found[a], forbidden=found[a].forbidden | {b})
    found[b] = replace(found[b], forbidden=found[b].forbidden | {a})


def _pin_pair(found: dict[int, Member], in_round: list[int], a: int, b: int) -> None:
    """A fixed pair: each may meet nobody else, and neither takes the PAB."""
    for other in in_round:
        if other not in (a, b):
            _forbid(found, a, other)
            _forbid(found, b, other)
    found[a] = replace(found[a], bye_eligible=False)
    found[b] = replace(found[b], bye_eligible=False)


def _pin_bye(found: dict[int, Member], in_round: list[int], taker: int) -> None:
    """The PAB promised to ``taker``: it meets nobody, and nobody else may take the PAB."""
    for other in in_round:
        if other != taker:
            _forbid(found, taker, other)
            found[other] = replace(found[other], bye_eligible=False)


__all__ = ["Decisions", "parse_pair"]
