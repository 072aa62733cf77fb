"""The FIDE (Dutch) System's explanation of a round: one account per bracket step, in the
words of the edition that paired it (every edition, C.04.3 and C.04.3.1).

``account`` says, for the engine's pairing, bracket by bracket: its residents and MDPs, S1,
S2, limbo and the remainder (B.2, B.3), the pairs, and for each downfloater and the bye what
pairing that player inside the bracket would cost (the first criterion that gets worse, or the
B.8 generation-order step).  ``compare`` finds the first bracket where a proposal's pairs are
not the rules' and the criterion that decides there, with both values - valued on the same
bracket graph the engine solved, the proposal's pairs fixed and the rest of the step (the
look-ahead of C.7 / [C8]) optimised, exactly as for the engine's own choice.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cpswiss.colours.decoder import Pairing
from cpswiss.tournament.compatibility import compatible
from cpswiss.systems.dutch.bracket import DutchBracket
from cpswiss.tournament.model import format_points
from cpswiss.rulesets.ruleset import Criterion, RuleSet
from cpswiss.solver.settings import SolverSettings
from cpswiss.systems.dutch.parameters import bracket_parameters
from cpswiss.systems.dutch.generation import generation_order
from cpswiss.systems.dutch.solve import BracketRecord, pair_bracket
from cpswiss.systems.dutch.switches import round_switches
from cpswiss.systems.dutch.units import BRACKET_UNITS
from cpswiss.systems.shared.records import records_as
from cpswiss.systems.shared.explaining import (
    BracketAccount,
    Finding,
    RoundAccount,
    first_difference,
    graph_of,
    ids_text,
    level_names,
    pairs_text,
    proposed_inside,
    who,
)
from cpswiss.systems.shared.valuation import optimum_given, readable_values
from cpswiss.tournament.state import Float, RoundState

if TYPE_CHECKING:
    from cpswiss.systems import PairingResult


def brackets_of(result: PairingResult) -> list[BracketRecord]:
    """The record of each bracket step of a round the Dutch System paired."""
    return records_as(result.records, BracketRecord, "Dutch System")


def account(result: PairingResult, settings: SolverSettings | None) -> RoundAccount:
    """The engine's pairing: every bracket, why each downfloater floats and why the bye."""
    rules = result.rules
    accounts = _accounts(result)
    for record, bracket_account in zip(brackets_of(result), accounts):
        b = graph_of(record)
        ours = record.values(rules, settings)
        _fill_values(bracket_account, b, rules, ours)
        if record.joined:
            continue  # 2013 C.13: no pairing of its own; its players are paired in the next record
        bracket_account.notes += relaxation_notes(record, rules, bracket_account.values, result.state)
        size = len(record.mdps) + len(record.residents)
        if record.downfloaters:
            pairs_label = (rules.criterion("pairs") or Criterion("C5", "quality", "pairs")).label
            bracket_account.notes.append(f"{pairs_label}: {size} player{'s' if size > 1 else ''}, at most "
                                         f"{len(record.pairs)} pair{'s' if len(record.pairs) != 1 else ''}")
        is_bye = record is brackets_of(result)[-1] and result.pairing.bye is not None
        for pid in record.downfloaters:
            what = "gets the pairing-allocated bye" if is_bye and pid == result.pairing.bye else "floats down"
            bracket_account.notes.append(f"{who(result.state.players[pid])} {what}: "
                                         f"{_why_unpaired(b, rules, settings, record, ours, pid)}")
    return RoundAccount(accounts, bye=_bye_reason(result, accounts))


def compare(result: PairingResult, proposed: Pairing, settings: SolverSettings | None) -> RoundAccount:
    """The first bracket where the proposal's pairs are not the rules', and the rule that decides."""
    accounts = _accounts(result)
    proposed_pairs = {frozenset((bd.white, bd.black)) for bd in proposed.boards}
    for record, bracket_account in zip(brackets_of(result), accounts):
        members = record.mdps + record.residents
        mine = proposed_inside(members, proposed_pairs)
        bracket_account.proposed_pairs = mine
        paired = {p for pair in mine for p in pair}
        bracket_account.proposed_downfloaters = [p for p in members if p not in paired]
        if bracket_account.agrees or record.joined:
            continue  # 2013 C.13: a joined bracket's players are paired (and judged) in the next record
        bracket_account.verdict = _bracket_verdict(record, result.rules, settings, mine, bracket_account)
        return RoundAccount(accounts, decisive=bracket_account.verdict)
    return RoundAccount(accounts)


def bracket_rows(result: PairingResult, settings: SolverSettings | None) -> list[dict[str, object]]:
    """Per-bracket criteria values (one column per criterion id; a criterion with several
    levels, as a PSD, gives a tuple, highest score difference first)."""
    rows = []
    for r in brackets_of(result):
        row: dict[str, object] = {"score": format_points(r.score), "mdps": r.mdps, "residents": r.residents,
                               "collapsed": r.collapsed, "pairs": r.pairs, "downfloaters": r.downfloaters}
        row.update(readable_values(graph_of(r), result.rules, BRACKET_UNITS, r.values(result.rules, settings)))
        rows.append(row)
    return rows


def _fill_values(bracket_account: BracketAccount, b: DutchBracket, rules: RuleSet,
                 values: dict[str, tuple[int, ...]]) -> None:
    bracket_account.values = readable_values(b, rules, BRACKET_UNITS, values)
    bracket_account.levels = level_names(b, rules, BRACKET_UNITS)


def _kind(record: BracketRecord, previous: BracketRecord | None) -> str:
    if record.collapsed:
        if record.joined:  # 2013 C.13 only
            return "PPB (A.9: joined with every player below it)"
        return "PPB (A.9: re-paired with every player below it)"
    if record.bracket is not None and record.bracket.holds_rest:
        return ("heterogeneous" if record.mdps else "homogeneous") + \
            " ([C4]: re-paired on a model holding every remaining player)"
    if record.last_step:
        if previous is not None and previous.collapsed:
            return "collapsed last bracket (A.9)"
        return "last bracket"
    if record.treated_homogeneous:
        return "heterogeneous, treated as homogeneous (A.3: at least half of it moved down)"
    return "heterogeneous" if record.mdps else "homogeneous"


def generation_difference(b: DutchBracket, ours: list[tuple[int, int]], theirs: list[tuple[int, int]],
                          theirs_name: str = "the proposal") -> Finding:
    """B.8: of two candidates equal on every criterion, which step of D.1-D.3 puts ours first."""
    for mine, other in zip(generation_order(b, ours), generation_order(b, theirs)):
        if mine.key != other.key:
            return Finding(f"C.04.3 B.8 / {mine.article}",
                           f"both candidates are equal on every criterion; the rules' one is generated "
                           f"first by {mine.article}, on {mine.what}: rules {mine.shown}, "
                           f"{theirs_name} {other.shown}", proposed=other.shown, rules=mine.shown)
    return Finding("C.04.3 B.8", "the two candidates are the same")


def _structure(record: BracketRecord) -> tuple[list[int], list[int], list[int], list[int], list[int]]:
    """S1, S2, limbo and the remainder's S1 and S2 (B.2, B.3) for the pairing chosen,
    MDPs as exchanged by D.3; the remainder is split before any D.2 exchange."""
    paired = {p for pair in record.pairs for p in pair}
    if record.treated_homogeneous:  # A.3: S1 and S2 of all its players, as in a homogeneous bracket
        members, k = record.mdps + record.residents, len(record.pairs)
        return members[:k], members[k:], [], [], []
    mdps = set(record.mdps)
    if record.mdps:
        s1 = [p for p in record.mdps if p in paired]
        limbo = [p for p in record.mdps if p not in paired]
        s2 = list(record.residents)
    else:
        s1, s2, limbo = [], [], []
    with_mdp = {p for pair in record.pairs if mdps & set(pair) for p in pair}
    remainder = [p for p in record.residents if p not in with_mdp]
    k = sum(1 for pair in record.pairs if not mdps & set(pair))
    if not record.mdps:
        return remainder[:k], remainder[k:], [], [], []
    return s1, s2, limbo, remainder[:k], remainder[k:]


def _accounts(result: PairingResult) -> list[BracketAccount]:
    accounts = []
    previous = None
    for number, record in enumerate(brackets_of(result), start=1):
        s1, s2, limbo, rem_s1, rem_s2 = _structure(record)
        bracket_account = BracketAccount(
            number=number, score=format_points(record.score), kind=_kind(record, previous),
            residents=record.residents, mdps=record.mdps, s1=s1, s2=s2, limbo=limbo,
            remainder_s1=rem_s1, remainder_s2=rem_s2,
            pairs=list(record.pairs), downfloaters=record.downfloaters)
        style = result.rules.procedure.bracket_parameters
        if style:
            players = [result.state.players[pid] for pid in record.mdps + record.residents]
            parameters = bracket_parameters(players, len(record.mdps), result.state.round_no, style)
            bracket_account.notes.append(parameters.text(style))
        if record.collapsed:
            stranded = _stranded(record, result) if round_switches(result.rules).landing else []
            if stranded:
                bracket_account.notes.append(
                    f"C.12: its downfloater{'s' if len(stranded) > 1 else ''} {ids_text(stranded)} could "
                    "meet nobody below (B.1, B.2), and no other choice of downfloaters does better: "
                    "going back to this bracket (the backtrack) cannot help")
            bracket_account.notes.append(
                f"A.9: its best pairing on C.5-C.19 ({pairs_text(record.abandoned_pairs)}, floating "
                f"{ids_text(record.abandoned_downfloaters)}) leaves players below it that cannot all be "
                "paired (C.4), so it is the PPB and is "
                + ("joined with every player below it" if record.joined else
                   "re-paired together with every lower player; the brackets below it collapse into the "
                   "last bracket"))
        accounts.append(bracket_account)
        previous = record
    return accounts


def _stranded(record: BracketRecord, result: PairingResult) -> list[int]:
    """2013 C.1 / C.12: the downfloaters of a PPB's first pairing who may meet nobody below it."""
    b, state = graph_of(record), result.state
    below = b.vertices[b.n_bracket:]
    return [pid for pid in record.abandoned_downfloaters
            if not any(compatible(state.players[pid], q, state) for q in below)]


def _inside_edges(b: DutchBracket, pairs: list[tuple[int, int]]) -> list[int] | None:
    """The bracket edges of these pairs (None if one of them is not an edge)."""
    index = {b.edges[e]: e for e in b.inside}
    out = []
    for x, y in pairs:
        i, j = sorted((b.vertex_of[x], b.vertex_of[y]))
        if (i, j) not in index:
            return None
        out.append(index[(i, j)])
    return out


def _vertex_pairs(b: DutchBracket, pairs: list[tuple[int, int]]) -> list[tuple[int, int]]:
    return [(min(b.vertex_of[x], b.vertex_of[y]), max(b.vertex_of[x], b.vertex_of[y])) for x, y in pairs]


def relaxation_notes(record: BracketRecord, rules: RuleSet, values: dict[str, tuple[int, ...]],
                     state: RoundState) -> list[str]:
    """2013 C.10 (C.04.3.1): which relaxation steps the bracket's pairing needed.

    A criterion with a ``relaxation`` parameter (the 2013 file: C.10.a-f) was given up
    where the rules' pairing does not meet it; one with ``allowance = "X1"`` (B.4) only
    beyond the X1 colour failures that A.8 allows from the start."""
    notes = []
    players = [state.players[pid] for pid in record.mdps + record.residents]
    style = rules.procedure.bracket_parameters or "A.6-A.8"
    x1 = bracket_parameters(players, len(record.mdps), state.round_no, style).x1
    b = graph_of(record)
    for c in sorted((c for c in rules.criteria if "relaxation" in c.params), key=lambda c: c.params["relaxation"]):
        count = values.get(c.id, (0,))[0] if values.get(c.id) else 0
        if c.params.get("float") == "down":
            # as the text counts it: a resident who floats down again although somebody of
            # the bracket could meet that player (an MDP's float was counted where it came from,
            # and a player nobody may meet moves down by C.1, not by a relaxation)
            back = int(c.params.get("rounds_back", 1))
            count = sum(1 for pid in record.downfloaters if pid in record.residents
                        and state.players[pid].float_back(back) is Float.DOWN
                        and b.incident_in_bracket[b.vertex_of[pid]])
        if c.params.get("allowance") == "X1":
            if count > x1:
                notes.append(f"{c.params['relaxation']}: {c.label} - X raised from X1 = {x1} to {count} "
                             f"(pair{'s' if count > 1 else ''} not meeting both colour preferences)")
        elif count > 0:
            notes.append(f"{c.params['relaxation']}: {c.label} given up for {count} "
                         f"player{'s' if count > 1 else ''} ({c.unit.replace('-', ' ')}"
                         f"{', ' + c.params['float'] + 'floaters' if 'float' in c.params else ''})")
    return notes


def _bye_reason(result: PairingResult, accounts: list[BracketAccount]) -> str | None:
    bye = result.pairing.bye
    if bye is None:
        return None
    reason = next((f"{note} (bracket {bracket_account.number})" for bracket_account in accounts
                   for note in bracket_account.notes if note.startswith(f"{bye} gets the pairing-allocated bye")),
                  f"{bye} gets the pairing-allocated bye: the one player left once every bracket above "
                  "has paired as many players as it can (C.5), and one who may receive it (C.2)")
    despite_bar = result.state.bye_despite_bar
    if bye in despite_bar:
        reason += (f"; every player to be paired has had a round that bars the bye (C.2), so it may go to "
                   f"those with the fewest: {', '.join(map(str, sorted(despite_bar)))}")
    return reason


def _why_unpaired(b: DutchBracket, rules: RuleSet, settings: SolverSettings | None, record: BracketRecord,
                  ours: dict[str, tuple[int, ...]], pid: int) -> str:
    """The counterfactual: pair the player inside the bracket, and see what it costs."""
    v = b.vertex_of[pid]
    if not b.incident_in_bracket[v]:
        return "no player of the bracket may meet this player (C.1 / C.3)"
    other = optimum_given(b, rules, BRACKET_UNITS, settings, paired_inside=v)
    if other is None:
        return "this player cannot be paired inside the bracket (C.1 / C.3)"
    finding = first_difference(b, rules, BRACKET_UNITS, ours, other[0], theirs_name="pairing this player",
                               edges=(record.valued_edges(rules, settings), other[1]))
    if finding is not None:
        return f"{finding.article} - {finding.message}"
    # equal on every criterion: the generation order decides, against the first-generated of
    # the candidates that pair this player
    first = pair_bracket(b, rules, settings, pairing_inside=v)
    alt = [b.edges[e] for e in first.chosen if b.edges[e][1] < b.n_bracket]
    tie = generation_difference(b, _vertex_pairs(b, record.pairs), alt, theirs_name="pairing this player")
    return f"{tie.article} - {tie.message}"


def _bracket_verdict(record: BracketRecord, rules: RuleSet, settings: SolverSettings | None,
                     mine: list[tuple[int, int]], bracket_account: BracketAccount) -> Finding:
    b = graph_of(record)
    edges = _inside_edges(b, mine)
    if edges is None:
        return Finding("C.04.3 B.3", "the proposal pairs two MDPs with each other, which no candidate of "
                       "the bracket does (MDPs meet residents)", proposed=pairs_text(mine),
                       rules=pairs_text(record.pairs))
    ours = record.values(rules, settings)
    theirs = optimum_given(b, rules, BRACKET_UNITS, settings, inside=edges)
    if theirs is None:
        return Finding("C.04.3 C.4", "the players below cannot all be paired after the proposal's choice")
    _fill_values(bracket_account, b, rules, ours)
    bracket_account.proposed_values = readable_values(b, rules, BRACKET_UNITS, theirs[0])
    finding = first_difference(b, rules, BRACKET_UNITS, ours, theirs[0],
                               edges=(record.valued_edges(rules, settings), theirs[1]))
    if finding is None:
        finding = generation_difference(b, _vertex_pairs(b, record.pairs), _vertex_pairs(b, mine))
    return finding
