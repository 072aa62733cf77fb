"""Explanations for the FIDE Dubov System (C.04.4.1, 2026): the bye and every bracket in the
text's words - upfloaters and why, G1 (white seekers) and G2, the shifters, S1 by ARO and the
transposition T2 chosen, with what ruled out the earlier ones - and, against a proposal, the
first rule by which its bye or pairs are not the text's (Art. 3.1, a criterion [C1]-[C10], or
the order of sets of 4.2-4.4)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from cpswiss.colours.decoder import Pairing
from cpswiss.tournament.compatibility import compatible
from cpswiss.tournament.model import format_points
from cpswiss.rulesets.ruleset import RuleSet
from cpswiss.solver.settings import SolverSettings
from cpswiss.systems.dubov.facts import DubovFacts, dubov_facts, max_upfloats
from cpswiss.systems.dubov.procedure import BracketRecord, ByeRecord, bye_order_key
from cpswiss.systems.dubov.units import pair_levels
from cpswiss.systems.shared.explaining import BracketAccount, Finding, RoundAccount, ids_text, pairs_text, who
from cpswiss.tournament.state import RoundState

if TYPE_CHECKING:
    from cpswiss.api import PairingResult

TERMS = {"MDPs": "upfloaters", "floating": "upfloating", "C.04.1, C.04.3 C.1-C.3": "C.04.4.1 [C1]-[C3]"}


def account(result: PairingResult, settings: SolverSettings | None) -> RoundAccount:
    """The engine's pairing: the bye (Art. 3.1), then every bracket from the top (Art. 3.2)."""
    facts = dubov_facts(result.state, result.rules)
    return RoundAccount(bracket_accounts(result.records, result.state, result.rules, facts),
                        bye=bye_reason(result.records, result.state), terms=TERMS,
                        header=_header(result.state, result.rules))


def compare(result: PairingResult, proposed: Pairing, settings: SolverSettings | None) -> RoundAccount:
    """The first rule by which the proposal's bye (Art. 3.1, decided first) or pairs (the first
    bracket, from the top, whose pairs it does not make) are not the text's."""
    state, rules = result.state, result.rules
    facts = dubov_facts(state, rules)
    accounts = bracket_accounts(result.records, state, rules, facts)
    proposed_pairs = {frozenset((b.white, b.black)) for b in proposed.boards}
    decisive = None
    if proposed.bye != result.pairing.bye:
        decisive = _bye_finding(state, result.pairing.bye, proposed.bye)
    brackets = [r for r in result.records if isinstance(r, BracketRecord)]
    for record, acc in zip(brackets, accounts):
        residents = set(record.residents)
        # a board's pair has two players (a degenerate "n n" line of a -p file would give one;
        # the cast only tells the checker what the pairing file's boards are)
        theirs = sorted(cast("tuple[int, int]", tuple(sorted(p, key=lambda x: (x not in residents, x))))
                        for p in proposed_pairs if p & residents)
        acc.proposed_pairs = theirs
        if acc.agrees or decisive is not None:
            continue
        acc.verdict = compare_bracket(record, theirs, state, rules, facts)
        decisive = acc.verdict
    return RoundAccount(accounts, decisive=decisive, terms=TERMS)


def bracket_rows(result: PairingResult, settings: SolverSettings | None) -> list[dict[str, Any]]:
    """One row per bracket: residents, upfloaters, G1/G2, shifters, S1, T2, pairs."""
    return [{"score": format_points(r.score), "residents": r.residents, "upfloaters": r.upfloaters,
             "g1": r.g1, "g2": r.g2, "shifted_to_g2": r.shifted_to_g2, "shifted_to_g1": r.shifted_to_g1,
             "s1": r.s1, "t2": r.t2, "pairs": r.pairs}
            for r in result.records if isinstance(r, BracketRecord)]


def bracket_accounts(records: list[ByeRecord | BracketRecord], state: RoundState, rules: RuleSet,
                     facts: dict[int, DubovFacts]) -> list[BracketAccount]:
    accounts = []
    brackets = [r for r in records if isinstance(r, BracketRecord)]
    for number, r in enumerate(brackets, start=1):
        acc = BracketAccount(number=number, score=format_points(r.score), kind="bracket (Art. 1.3.2)",
                             residents=r.residents, mdps=r.upfloaters, s1=r.s1, s2=r.t2, limbo=[],
                             remainder_s1=[], remainder_s2=[], pairs=list(r.pairs), downfloaters=[],
                             values={k: (v,) for k, v in r.values.items()})
        acc.notes += _upfloater_notes(r, state, facts)
        acc.notes.append(f"3.2.3: G1 (white seekers) {ids_text(r.g1)}, G2 {ids_text(r.g2)}"
                         + (" - nobody has played yet: G1 is the first half by TPN" if
                            all(not state.players[p].colours for p in r.g1 + r.g2) else ""))
        if r.shifted_to_g2 or r.shifted_to_g1:
            acc.notes.append(f"3.2.4, 4.3: shifted to G2 {ids_text(r.shifted_to_g2)}, to G1 {ids_text(r.shifted_to_g1)} "
                             "(the first set, numbered from the middle of the sorted subgroup, that the best "
                             "pairing for [C7] allows)")
        acc.notes.append("3.2.5: S1 by ascending ARO, then TPN: "
                         + " ".join(f"{p}(ARO {facts[p].aro})" for p in r.s1))
        acc.notes.append(f"4.4: G2 by TPN {ids_text(r.g2_order)}; T2 = {ids_text(r.t2)}, the first transposition "
                         "whose pairs S1[i]-T2[i] are legal and leave the rest completable")
        for pos, skipped in sorted(r.t2_skipped.items()):
            acc.notes.append(f"4.4: S1[{pos + 1}] = {r.s1[pos]} cannot take {ids_text(skipped)} (earlier in TPN "
                             f"order): no legal pairing of the rest follows ([C1], [C3], [C4])")
        accounts.append(acc)
    return accounts


def _upfloater_notes(r: BracketRecord, state: RoundState, facts: dict[int, DubovFacts]) -> list[str]:
    if not r.upfloaters:
        return ["3.2.1: the residents pair among themselves: no upfloater"]
    notes = [f"3.2.1: {len(r.upfloaters)} upfloater(s), the fewest that let every resident be paired ([C5]): "
             + ", ".join(f"{who(state.players[u])} (upfloated {facts[u].upfloats}x)" for u in r.upfloaters)]
    if r.passed_upfloaters:
        notes.append(f"3.2.2, 4.2: passed over, earlier in the order of 4.2 (score, then TPN): "
                     f"{ids_text(r.passed_upfloaters)} - no pairing with them is as good on [C5]-[C10] "
                     "and completable")
    return notes


def bye_reason(records: list[ByeRecord | BracketRecord], state: RoundState) -> str | None:
    record = next((r for r in records if isinstance(r, ByeRecord)), None)
    if record is None:
        return None
    text = (f"{who(state.players[record.player])} gets the pairing-allocated bye (Art. 3.1: lowest score, "
            "then most games played, then largest TPN, among those [C2] allows")
    if record.passed_over:
        text += "; passed over: " + "; ".join(f"{pid}: {why}" for pid, why in record.passed_over)
    before = [pid for pid in record.ineligible
              if bye_order_key(state.players[pid]) < bye_order_key(state.players[record.player])]
    if before:
        text += f"; barred by [C2] (already a bye or a win without playing): {ids_text(before)}"
    return text + ")"


def _bye_finding(state: RoundState, ours: int | None, theirs: int | None) -> Finding:
    article = "C.04.4.1 Art. 3.1"
    if theirs is not None and not state.may_take_pab(state.players[theirs]):
        return Finding("C.04.4.1 Art. 2.1.2 [C2]", f"{theirs} may not take the bye (already a bye, or a win "
                       "without playing: C.04.1 Art. 4)", proposed=str(theirs), rules=str(ours))
    if theirs is not None and ours is not None and \
            bye_order_key(state.players[theirs]) < bye_order_key(state.players[ours]):
        return Finding(article + ".2", f"with the bye to {theirs} the others cannot all be paired ([C4])",
                       proposed=str(theirs), rules=str(ours))
    return Finding(article + ".3-3.1.5", f"the bye goes to {ours} (lowest score, most games, largest TPN), "
                   f"not {theirs}", proposed=str(theirs), rules=str(ours))


def compare_bracket(r: BracketRecord, theirs: list[tuple[int, int]], state: RoundState, rules: RuleSet,
                    facts: dict[int, DubovFacts]) -> Finding:
    """Why the bracket's pairs are the text's and not the proposal's: an absolute criterion, the
    first quality criterion (a level: a score difference, an upfloat count) on which the proposal
    is worse, or the order of 4.2 (upfloaters), 4.3 (shifters), 4.4 (T2)."""
    for a, b in theirs:
        if not compatible(state.players[a], state.players[b], state):
            return Finding("C.04.4.1 Art. 2.1 [C1]/[C3]", f"{a} and {b} may not meet (already played, forbidden, "
                           "or the same absolute colour preference)", players=(a, b))
    paired = {p for pair in theirs for p in pair}
    if not set(r.residents) <= paired:
        return Finding("C.04.4.1 Art. 3.2.1", "every resident of the bracket is paired in it (no downfloaters, "
                       f"Art. 1.3.2); the proposal leaves {ids_text(sorted(set(r.residents) - paired))}")
    for c, (ours, value) in pair_levels([r.pairs, theirs], r.residents, state, facts, rules.criteria):
        if ours != value:
            return Finding(f"{c.article} {c.label}", f"proposed {value}, rules {ours} (more is worse)",
                           proposed=str(value), rules=str(ours))
    upfloaters = sorted(p for p in paired if p not in r.residents)
    if set(upfloaters) != set(r.upfloaters):
        return Finding("C.04.4.1 Art. 3.2.2, 4.2", f"upfloaters {ids_text(upfloaters)} are as good on [C5]-[C10] "
                       f"as {ids_text(r.upfloaters)}, which come first in the order of 4.2 (score, then TPN)",
                       proposed=ids_text(upfloaters), rules=ids_text(r.upfloaters))
    partner = {a: b for pair in theirs for a, b in (pair, pair[::-1])}
    s1 = set(r.s1)
    if any((a in s1) == (b in s1) for a, b in theirs):
        return Finding("C.04.4.1 Art. 3.2.4, 4.3", f"after the shifts G1 is {ids_text(r.s1)}: every pair is one "
                       "player of G1 and one of G2, the shifters being the first set in the order of 4.3",
                       proposed=pairs_text(theirs), rules=pairs_text(r.pairs))
    for pos, (a, b) in enumerate(zip(r.s1, r.t2)):
        if partner.get(a) != b:
            return Finding("C.04.4.1 Art. 3.2.5, 4.4", f"S1[{pos + 1}] = {a} (ARO {facts[a].aro}) meets {b}, the "
                           f"first player of G2 in TPN order that still leaves a legal pairing; the proposal gives "
                           f"{partner.get(a)}", players=(a, b), proposed=str(partner.get(a)), rules=str(b))
    return Finding("C.04.4.1 Art. 3.2", "the proposal's pairs are the rules'")


def _header(state: RoundState, rules: RuleSet) -> str:
    rounds = state.total_rounds
    limit = "unknown (no XXR)" if rounds is None else \
        str(max_upfloats(rounds, rules.switches.max_t_base, rules.switches.max_t_rounds_per_step))
    return (f"Dubov system: the bye first (Art. 3.1), then the brackets from the top (Art. 3.2); "
            f"MaxT = {limit} (Art. 1.8.2)" + ("; last round: [C8]-[C10] do not apply" if state.is_last_round else ""))


__all__ = ["TERMS", "account", "bracket_rows", "bye_reason", "compare", "compare_bracket"]
