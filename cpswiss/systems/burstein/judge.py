"""Which article decides between the Burstein pairing of a round and another proposal.

The first rule, in the text's order of work, by which the proposal's pairs or bye are not
the rules' (colours are judged by the caller):

* the pairing-allocated bye (Art. 3.1.1-3.1.5, chosen before any bracket);
* then bracket by bracket from the top: a pair [C1] or [C3] forbids, a choice that leaves
  no complete pairing ([C4]), the first quality criterion ([C5]-[C8]) on which the
  proposal's bracket is worse, or - all criteria equal - the fold order (Art. 4.3): the
  first BSN whose opponent comes later in that order.

A seeding round is the seeding rule set's pairing; the judgement says so (its own
explanation module judges the Dutch pairing).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from cpswiss.errors import NoPairingError
from cpswiss.solver.completion import completable
from cpswiss.systems.burstein.index import index_values
from cpswiss.systems.burstein.procedure import BursteinBracket, BursteinRecords, StepMatcher, best_step
from cpswiss.systems.burstein.units import StepGraph
from cpswiss.tournament.colour import name_of
from cpswiss.tournament.state import RoundState


@dataclass(frozen=True)
class Judgement:
    """The deciding rule (``article``: "[C6]", "Art. 3.1.3", "Art. 4.3", ...), what it says
    about this round, and the bracket (1-based) where it decides (None: the bye or the round)."""

    article: str
    message: str
    bracket: int | None = None


def judge(state: RoundState, records: BursteinRecords, proposed_pairs: list[tuple[int, int]],
          proposed_bye: int | None, bye: int | None, units: Mapping[str, str] | None = None,
          runs_as_draws: bool = True) -> Judgement | None:
    """The first rule by which (proposed_pairs, proposed_bye) is not the rules' pairing
    recorded in ``records`` (None when the pairs and the bye are the same).  ``units``
    (criterion id -> unit, the rule file's): a quality criterion's verdict is said with the
    players (:func:`step_in_words`); without it, with the criterion's counts.  ``runs_as_draws``:
    the Index of Art. 1.7.2 as the rule file reads it (:func:`.index.index_values`)."""
    if records.seeding:
        ours = {frozenset(p) for p in records.seeding_pairing().pairs}
        if ours == {frozenset(p) for p in proposed_pairs} and proposed_bye == bye:
            return None
        return Judgement("Art. 1.6", "a seeding round: the seeding rule set's pairing decides")
    if proposed_bye != bye:
        return judge_bye(state, proposed_bye, bye, runs_as_draws)
    proposed = {frozenset(p) for p in proposed_pairs}
    for number, b in enumerate(records.brackets, 1):
        found = judge_bracket(state, b, proposed, units)
        if found is not None:
            return Judgement(found[0], found[1], number)
    return None


def judge_bye(state: RoundState, proposed: int | None, bye: int | None, runs_as_draws: bool = True) -> Judgement:
    """Art. 3.1: why ``bye`` and not ``proposed`` takes the pairing-allocated bye."""
    players = state.to_pair
    if proposed is None or bye is None:
        return Judgement("[C4]", "with this number of players exactly one takes the pairing-allocated bye"
                         if bye is not None else "with an even number of players nobody takes the bye")
    p, q = state.players[proposed], state.players[bye]
    if not state.may_take_pab(p):
        return Judgement("Art. 3.1.1 [C2]", f"{proposed} has had a pairing-allocated bye or a win without playing")
    if not completable([x for x in players if x.id != proposed], state):
        return Judgement("Art. 3.1.2 [C4]", f"without {proposed} the others cannot all be paired")
    if p.score != q.score:
        return Judgement("Art. 3.1.3", f"{bye} has the lower score ({q.score_text} against {p.score_text})")
    if p.games_played != q.games_played:
        return Judgement("Art. 3.1.4", f"{bye} has played more games ({q.games_played} against {p.games_played})")
    values = index_values(state.tournament, state.round_no, runs_as_draws)
    return Judgement("Art. 3.1.5", f"with the same score ({q.score_text}) and games ({q.games_played}), {bye} "
                     f"({values[bye].text()}, TPN {q.rank}) is lower in the Index order than {proposed} "
                     f"({values[proposed].text()}, TPN {p.rank})")


def judge_bracket(state: RoundState, b: BursteinBracket, proposed: set[frozenset[int]],
                  units: Mapping[str, str] | None = None) -> tuple[str, str] | None:
    """The rule that rejects the proposal's pairs in this bracket (None: the same pairs)."""
    members = set(b.players)
    inside = {pair for pair in proposed if pair <= members}
    if inside == {frozenset(pair) for pair in b.pairs}:
        return None
    g = b.graph
    position = {p.id: v for v, p in enumerate(g.players)}
    edge_of = {frozenset((g.players[i].id, g.players[j].id)): e for e, (i, j) in enumerate(g.edges)}
    for pair in sorted(inside, key=sorted):
        if pair not in edge_of:
            x, y = (state.players[pid] for pid in sorted(pair))
            rule = "[C1]" if not x.can_meet(y) else "[C3]"
            return rule, f"{x.id} and {y.id} may not meet"
    levels = [lv for _, group in b.levels for lv in group]
    matcher = StepMatcher(g, levels)
    paired = set().union(*inside) if inside else set()
    for pair in inside:
        a, c = (position[pid] for pid in pair)
        matcher.fix_pair(a, c)
    for pid in b.players:
        if pid not in paired:
            matcher.fix_float(position[pid])
    try:
        matcher.solve()
    except NoPairingError:
        return "[C4]", "the remaining players could not all be paired"
    theirs = b.values_of(matcher.chosen)
    for cid, ours in b.values.items():
        if theirs[cid] != ours:
            unit = (units or {}).get(cid)
            if unit not in AIMS:
                return f"[{cid}]", f"values {ours} against the proposal's {theirs[cid]} (more is better)"
            return f"[{cid}]", (f"[{cid}] asks for {AIMS[unit]}: the proposal "
                                f"{step_in_words(unit, g, matcher.chosen)}; the rules' pairing "
                                f"{step_in_words(unit, g, best_step(b))}")
    mate = {}
    for pair in inside:
        a, c = sorted(pair, key=lambda pid: b.players.index(pid))
        mate[a] = c
        mate[c] = a
    for step in b.steps:
        if mate.get(step.player) != step.opponent:
            theirs_text = mate.get(step.player)
            bsn = {pid: k + 1 for k, pid in enumerate(b.players)}
            ours_bsn = bsn[step.opponent] if step.opponent is not None else 0
            their_bsn = bsn[theirs_text] if theirs_text is not None else 0
            return "Art. 4.3", (f"[C5]-[C8] equal, the fold order decides: BSN {step.bsn} ({step.player}) takes "
                                f"the highest BSN still possible, BSN {ours_bsn} "
                                f"({step.opponent if step.opponent is not None else 'floating'}), where the "
                                f"proposal gives him BSN {their_bsn} "
                                f"({theirs_text if theirs_text is not None else 'floating'})")
    return "Art. 4.3", "the fold order"


AIMS = {"burstein-pairs": "the most pairs in the bracket",
        "burstein-floater-scores": "the lowest scores of the outgoing floaters, the highest score first",
        "burstein-next-bracket": "a next bracket (the floaters and the next scoregroup) that complies with "
                                 "[C1]-[C6]: the most pairs there, then the lowest scores of its own floaters",
        "burstein-colour-preferences": "the fewest players without their colour preference"}


def step_in_words(unit: str, g: StepGraph, chosen: list[int]) -> str:
    """What a pairing of a bracket step does on one quality criterion, as a verb phrase with the
    players: its pairs and floaters with their scores ([C5], [C6]), what the next bracket makes of
    the floaters ([C7]), which pairs leave a colour preference ungranted ([C8])."""
    players, nb, nn = g.players, g.n_bracket, g.n_next
    pairs = [g.edges[e] for e in chosen]
    inside = [(i, j) for i, j in pairs if j < nb]
    paired = {v for pair in inside for v in pair}
    floaters = sorted((v for v in range(nb) if v not in paired), key=lambda v: (-players[v].score, v))

    def named(vs: list[int]) -> str:
        return ", ".join(f"{players[v].id} ({players[v].score_text})" for v in vs) if vs else "nobody"

    if unit == "burstein-pairs":
        return f"makes {len(inside)} pair{'s' * (len(inside) != 1)} in the bracket and floats {named(floaters)}"
    if unit == "burstein-floater-scores":
        return f"floats {named(floaters)}"
    if unit == "burstein-next-bracket":
        there = [(i, j) for i, j in pairs if nb <= j < nn]
        met = [i for i, _ in there if i < nb]
        return (f"floats {named(floaters)}, and the next bracket makes {len(there)} pair{'s' * (len(there) != 1)} "
                f"pairing {named(sorted(met, key=lambda v: (-players[v].score, v)))} of them")
    if unit == "burstein-colour-preferences":
        same = [(players[i], players[j]) for i, j in inside
                if players[i].preference is not None and players[i].preference == players[j].preference]
        if not same:
            return "gives every player of the bracket his colour preference"
        return (f"leaves {len(same)} player{'s' * (len(same) != 1)} without a colour preference granted: "
                + ", ".join(f"{a.id} and {b.id} both want {name_of(a.preference).capitalize() if a.preference else 'the same colour'}"
                            for a, b in same))
    return unit
