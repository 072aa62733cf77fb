"""Explanations for the FIDE Swiss rules of 1987-99 (the Lim system): one account per
score group, in the text's words - the median group, transfers (floaters) and the "crack"
of the median group (items 9.2-9.6, 10, 11) - with the rule behind every transfer.

The accounts are the shared :class:`~cpswiss.systems.shared.explaining.BracketAccount`, so
``pair --explain``, ``explain`` and ``--json`` print them as they print the Dutch brackets;
only the reasons differ.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from cpswiss.colours.decoder import Pairing
from cpswiss.tournament.compatibility import compatible
from cpswiss.tournament.model import format_points
from cpswiss.rulesets.ruleset import RuleSet
from cpswiss.solver.settings import SolverSettings
from cpswiss.systems.fide1999.units import BRACKET_UNITS
from cpswiss.systems.shared.units import evaluate
from cpswiss.systems.shared.valuation import optimum_given
from cpswiss.systems.shared.records import records_as
from cpswiss.systems.shared.explaining import (
    BracketAccount,
    Finding,
    RoundAccount,
    criterion_article,
    first_difference,
    graph_of,
    pairs_text,
    who,
)
from cpswiss.systems.fide1999.procedure import (
    DOWN,
    GroupRecord,
    group_criteria,
    median_score,
)
from cpswiss.tournament.state import PlayerState, RoundState, order_key

if TYPE_CHECKING:
    from cpswiss.systems import PairingResult

# how the accounts name the Dutch words of Explanation.text
TERMS = {"Bracket": "Group", "MDPs": "transferred in", "floating": "transferred on",
         "C.04.1, C.04.3 C.1-C.3": "items 2, 8.2, 9.1"}


def groups_of(result: PairingResult) -> list[GroupRecord]:
    """The record of each score group of a round the 1987-99 rules paired."""
    return records_as(result.records, GroupRecord, "FIDE Swiss Rules 1987-99")


def account(result: PairingResult, settings: SolverSettings | None) -> RoundAccount:
    """The engine's pairing: every score group in the text's order, each transfer and crack
    with its rule, and the bye (8.1, 8.2)."""
    return RoundAccount(group_accounts(groups_of(result), result.state, result.rules, settings),
                        bye=bye_reason(result.state, result.pairing.bye), terms=TERMS,
                        header=median_text(result.state, groups_of(result)))


def compare(result: PairingResult, proposed: Pairing, settings: SolverSettings | None) -> RoundAccount:
    """The first group whose pairs the proposal does not make, and the rule that decides there;
    else the bye (8.1)."""
    accounts = group_accounts(groups_of(result), result.state, result.rules, settings)
    decisive = compare_groups(groups_of(result), accounts, {frozenset((bd.white, bd.black)) for bd in proposed.boards},
                              result.rules, settings)
    if decisive is None and proposed.bye != result.pairing.bye:
        decisive = Finding("FIDE Swiss 1999 item 8.1", f"the bye goes to {result.pairing.bye}, not {proposed.bye}",
                           proposed=str(proposed.bye), rules=str(result.pairing.bye))
    return RoundAccount(accounts, decisive=decisive, terms=TERMS, header=median_text(result.state, groups_of(result)))


def bracket_rows(result: PairingResult, settings: SolverSettings | None) -> list[dict[str, object]]:
    """One row per score group, in the text's order: who was transferred in and on, the pairs."""
    return [{"score": format_points(r.score), "median": r.median, "direction": r.direction,
             "incoming": r.incoming, "residents": r.residents, "pairs": r.pairs, "transferred": r.transferred}
            for r in groups_of(result)]


def group_accounts(groups: list[GroupRecord], state: RoundState, rules: RuleSet,
                   settings: SolverSettings | None) -> list[BracketAccount]:
    """One account per score group, in the order the text pairs them (9.2)."""
    accounts = []
    following = {id(r): groups[k + 1] if k + 1 < len(groups) else None for k, r in enumerate(groups)}
    for number, record in enumerate((r for r in groups if r.incoming or r.residents), start=1):
        rest = _rest(record)
        half = len(rest) // 2
        account = BracketAccount(
            number=number, score=format_points(record.score), kind=_kind(record),
            residents=record.residents, mdps=record.incoming, s1=rest[:half], s2=rest[half:], limbo=[],
            remainder_s1=[], remainder_s2=[], pairs=list(record.pairs), downfloaters=record.transferred)
        account.notes += [f"9.6: its pairing {a}-{b} was paired here, then broken up for the median group"
                          for a, b in record.broken]
        account.notes += _crack_notes(record, state)
        account.notes += _floater_notes(record, state)
        after = following[id(record)]
        for pid in record.transferred:
            account.notes.append(f"{who(state.players[pid])} is transferred {_where(record, after)}: "
                                 f"{why_transferred(record, rules, settings, pid)}")
        accounts.append(account)
    return accounts


def _rest(record: GroupRecord) -> list[int]:
    """9.4: the players the predicted pairing is made of - the group's own players who are
    paired and not with a floater - in the order of pairing."""
    made = record.pairs + record.broken
    with_floater = {p for pair in made if set(pair) & set(record.incoming) for p in pair}
    paired = {p for pair in made for p in pair}
    return [p for p in record.residents if p in paired and p not in with_floater]


def _kind(record: GroupRecord) -> str:
    if record.median:
        return "median group, paired downward (9.2)" + (
            f"; cracked open {len(record.cracks)} time{'s' if len(record.cracks) > 1 else ''} (9.6)"
            if record.cracks else "")
    if record.direction == DOWN:
        return "above the median, paired downward (9.2)"
    return "below the median, paired upward (9.2)"


def _where(record: GroupRecord, after: GroupRecord | None) -> str:
    if after is None or after.median or (after.direction != record.direction):
        return "to the median group (9.2)"
    return f"{'down' if record.direction == DOWN else 'up'} to the {format_points(after.score)} group (10.2)"


def _crack_notes(record: GroupRecord, state: RoundState) -> list[str]:
    notes = []
    for (a, b), side in record.cracks:
        players = sorted((state.players[a], state.players[b]), key=order_key)
        group = "group above" if side == "above" else "group below"
        which = "its lowest pairing" if side == "above" else "its highest pairing"
        notes.append(f"9.6: the median group could not pair all its players, so the pairing "
                     f"{players[0].id}-{players[1].id} of the {group} ({which}, the one nearest the median) "
                     f"was broken up and both joined it as floaters"
                     + (" (more floaters had come from above than from below)" if side == "below" else ""))
    return notes


def _floater_notes(record: GroupRecord, state: RoundState) -> list[str]:
    """10.6-10.8: how each floater transferred into the group was paired."""
    notes = []
    partner = {a: b for pair in record.pairs for a, b in (pair, pair[::-1])}
    for pid, direction in zip(record.incoming, record.floater_directions):
        p = state.players[pid]
        if pid not in partner:
            continue
        q = state.players[partner[pid]]
        end = "highest" if direction == DOWN else "lowest"
        if p.preference is None or q.preference is None or p.preference != q.preference:
            rule = f"10.8: the {end}-placed player of the group with a suitable colour who can take the floater"
        elif record.maxi_gap is not None:
            rule = (f"10.8, Maxi-tournament: nobody with a suitable colour within {record.maxi_gap} rating points "
                    f"of the {end}-placed player who can take the floater, so that player")
        else:
            rule = (f"10.8: nobody with a suitable colour can take the floater, so the {end}-placed player of the "
                    "group who can")
        notes.append(f"{who(p)}, transferred {'down' if direction == DOWN else 'up'} into the group, plays "
                     f"{who(q)} ({rule}; floaters are paired first, in the order of 10.6/10.7)")
    return notes


def why_transferred(record: GroupRecord, rules: RuleSet, settings: SolverSettings | None, pid: int) -> str:
    """The rule that sends a player on: no suitable opponent in the group (9.3 a-c), or the
    first criterion a pairing that keeps the player would do worse on, or the text's choice among
    equal pairings (10.3 / 10.4)."""
    b = graph_of(record)
    v = b.vertex_of[pid]
    p = b.vertices[v]
    others = [q for q in b.vertices if q.id != pid]
    if not b.incident_in_bracket[v]:
        reason = _no_suitable_opponent(p, others, b.round)
        return f"a floater with no suitable opponent here moves on (10.5): {reason}" if v < b.n_mdp else reason
    group_rules = _as_minimised(record, rules)
    ours = evaluate(b, group_rules.criteria, BRACKET_UNITS, record.chosen)
    other = optimum_given(b, group_rules, BRACKET_UNITS, settings, paired_inside=v)
    if other is None:
        return "cannot be paired in the group (2, 9.1)"
    finding = first_difference(b, group_rules, BRACKET_UNITS, ours, other[0], theirs_name="keeping this player")
    if finding is not None:
        return _criterion_reason(finding, record, rules)
    if pid in record.colour_floaters:
        return (f"10.2 (Maxi-tournament): of the players within {record.maxi_gap} rating points of the group's "
                "last player, this transfer lets the most others have their due colours")
    if record.direction == DOWN:
        return ("10.3: pairing downward, the floater is the lowest-placed player for whom a suitable "
                "opponent remains among the others")
    return ("10.4: pairing upward, the floater is the highest-placed player for whom a suitable "
            "opponent remains among the others")


def _as_minimised(record: GroupRecord, rules: RuleSet) -> RuleSet:
    """The rule set with the criteria the group was minimised on (a Maxi group applies due
    colours by exchanges instead: :func:`~cpswiss.systems.fide1999.procedure.group_criteria`)."""
    return replace(rules, criteria=tuple(group_criteria(rules, record.maxi_gap)[0]))


def _criterion_reason(finding: Finding, record: GroupRecord, rules: RuleSet) -> str:
    if finding.article == criterion_article(rules, "9.3") and (len(record.incoming) + len(record.residents)) % 2:
        return f"the group must be made even (9.3 d) - {finding.article}: {finding.message}"
    return f"{finding.article} - {finding.message}"


def _no_suitable_opponent(p: PlayerState, others: list[PlayerState], state: RoundState) -> str:
    """9.3 a-c: why nobody of the group is a suitable opponent (9.1)."""
    if not others:
        return "alone in the group, which must be made even (9.3 d)"
    if all(q.id in p.opponents or q.id in p.forbidden for q in others):
        return "has already played everyone in the group (9.3 a)"
    colour_barred = [q for q in others if q.id not in p.opponents and not compatible(p, q, state)]
    if colour_barred and abs(p.colour_difference) >= 2:
        return (f"has had one colour twice more than the other (CD {p.colour_difference:+d}) and nobody "
                "in the group not yet met can give the other colour (9.3 b, 9.1)")
    if colour_barred:
        return ("had the same colour in the last two rounds and nobody in the group not yet met can give the "
                "other colour (9.3 c, 9.1)")
    return "nobody in the group is a suitable opponent (9.1)"


def bye_reason(state: RoundState, bye: int | None) -> str | None:
    """8.1, 8.2: why the bye goes to its player: who is below that player and why they do not get it."""
    if bye is None:
        return None
    order = state.to_pair
    at = next(k for k, p in enumerate(order) if p.id == bye)
    skipped = []
    for q in reversed(order[at + 1:]):
        if not state.may_take_pab(q):
            skipped.append(f"{q.id} may not (8.2: already had the bye or a point without playing)")
        else:
            skipped.append(f"{q.id} may not (the others could not all be paired then)")
    text = (f"{who(state.players[bye])} gets the bye: the lowest player of the lowest score group who may "
            "take it (8.1)")
    return text + ("; of those below, " + "; ".join(skipped) if skipped else "")


def median_text(state: RoundState, groups: list[GroupRecord] | None = None) -> str:
    text = f"median score {format_points(median_score(state))} (9.2: half the rounds played)"
    gap = next((g.maxi_gap for g in groups or [] if g.maxi_gap is not None), None)
    if gap is not None:
        text += (f"; a Maxi-tournament (more than 2^{state.total_rounds} players): floaters and colour "
                 f"exchanges within {gap} rating points (10.2, 10.8, 12.7)")
    return text


def compare_groups(groups: list[GroupRecord], accounts: list[BracketAccount], proposed_pairs: set[frozenset[int]],
                   rules: RuleSet, settings: SolverSettings | None) -> Finding | None:
    """The first group (in the text's order) whose pairs a proposal does not make, and the rule
    that decides there (the first criterion it does worse on, or the text's order of work)."""
    shown = [r for r in groups if r.incoming or r.residents]
    for record, account in zip(shown, accounts):
        members = set(record.incoming) | set(record.residents)
        mine = [(min(p), max(p)) for p in proposed_pairs if p <= members]
        account.proposed_pairs = sorted(mine)
        paired = {p for pair in mine for p in pair}
        account.proposed_downfloaters = [p for p in record.incoming + record.residents if p not in paired]
        if account.agrees:
            continue
        b = graph_of(record)
        edge_of = {frozenset((b.vertices[i].id, b.vertices[j].id)): e for e, (i, j) in enumerate(b.edges)}
        chosen = [edge_of[frozenset(p)] for p in mine if frozenset(p) in edge_of]
        if len(chosen) < len(mine):
            account.verdict = Finding(criterion_article(rules, "9.1"), "the proposal pairs players who may not "
                                      "meet (2, 9.1)", proposed=pairs_text(mine), rules=pairs_text(record.pairs))
            return account.verdict
        group_rules = _as_minimised(record, rules)
        finding = first_difference(b, group_rules, BRACKET_UNITS, evaluate(b, group_rules.criteria, BRACKET_UNITS, record.chosen),
                                   evaluate(b, group_rules.criteria, BRACKET_UNITS, chosen))
        if finding is None:
            finding = Finding("FIDE Swiss 1999 items 10.3, 10.4, 10.8, 11.1",
                              "both pairings are equal on every criterion; the text's order of work (floaters' "
                              "opponents, then who floats, then the predicted pairing with exchanges) reaches "
                              "the rules' one first", proposed=pairs_text(mine), rules=pairs_text(record.pairs))
        account.verdict = finding
        return finding
    return None


__all__ = ["TERMS", "account", "bracket_rows", "bye_reason", "compare", "compare_groups", "group_accounts",
           "median_text", "why_transferred"]
