"""Explanations for the FIDE Dubov System (C.04.4.1, 2026): the bye and every bracket in the
text's words - upfloaters and why, G1 (white seekers) and G2, the shifters, S1 by ARO and the
transposition T2 chosen, with what ruled out the earlier ones - and, against a proposal, the
first rule by which its bye or pairs are not the text's (Art. 3.1, a criterion [C1]-[C10], or
the order of sets of 4.2-4.4)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, cast

from cpswiss.colours.decoder import Pairing
from cpswiss.tournament.compatibility import compatible, compatible_later
from cpswiss.tournament.colour import name_of
from cpswiss.tournament.model import format_points
from cpswiss.rulesets.ruleset import Criterion, RuleSet
from cpswiss.solver.settings import SolverSettings
from cpswiss.systems.dubov.facts import DubovFacts, dubov_facts, max_upfloats
from cpswiss.systems.dubov.procedure import BracketRecord, ByeRecord, PackedMatching, bye_order_key
from cpswiss.systems.dubov.units import BracketEdges, pair_levels, quality_levels
from cpswiss.systems.shared.explaining import BracketAccount, Finding, RoundAccount, ids_text, pairs_text, who
from cpswiss.systems.shared.records import records_as
from cpswiss.tournament.state import PlayerState, RoundState

if TYPE_CHECKING:
    from cpswiss.systems import PairingResult

TERMS = {"MDPs": "upfloaters", "floating": "upfloating", "C.04.1, C.04.3 C.1-C.3": "C.04.4.1 [C1]-[C3]"}


def records_of(result: PairingResult) -> list[ByeRecord | BracketRecord]:
    """The records of a round Dubov paired: the bye (Art. 3.1), then each bracket."""
    return records_as(result.records, (ByeRecord, BracketRecord), "Dubov System")


def account(result: PairingResult, settings: SolverSettings | None) -> RoundAccount:
    """The engine's pairing: the bye (Art. 3.1), then every bracket from the top (Art. 3.2)."""
    facts = dubov_facts(result.state, result.rules)
    return RoundAccount(bracket_accounts(records_of(result), result.state, result.rules, facts),
                        bye=bye_reason(records_of(result), result.state), terms=TERMS,
                        header=_header(result.state, result.rules))


def compare(result: PairingResult, proposed: Pairing, settings: SolverSettings | None) -> RoundAccount:
    """The first rule by which the proposal's bye (Art. 3.1, decided first) or pairs (the first
    bracket, from the top, whose pairs it does not make) are not the text's."""
    state, rules = result.state, result.rules
    facts = dubov_facts(state, rules)
    accounts = bracket_accounts(records_of(result), state, rules, facts)
    proposed_pairs = {frozenset((b.white, b.black)) for b in proposed.boards}
    decisive = None
    if proposed.bye != result.pairing.bye:
        decisive = _bye_finding(state, result.pairing.bye, proposed.bye)
    brackets = [r for r in records_of(result) if isinstance(r, BracketRecord)]
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


def bracket_rows(result: PairingResult, settings: SolverSettings | None) -> list[dict[str, object]]:
    """One row per bracket: residents, upfloaters, G1/G2, shifters, S1, T2, pairs."""
    return [{"score": format_points(r.score), "residents": r.residents, "upfloaters": r.upfloaters,
             "g1": r.g1, "g2": r.g2, "shifted_to_g2": r.shifted_to_g2, "shifted_to_g1": r.shifted_to_g1,
             "s1": r.s1, "t2": r.t2, "pairs": r.pairs}
            for r in records_of(result) if isinstance(r, BracketRecord)]


def bracket_pools(records: list[ByeRecord | BracketRecord], state: RoundState) -> list[list[PlayerState]]:
    """The players left to pair when each bracket was paired (the procedure's pools: everyone
    to pair but the bye, in the order of Art. 1.2, less the brackets above)."""
    bye = next((r.player for r in records if isinstance(r, ByeRecord)), None)
    pool = [p for p in state.to_pair if p.id != bye]
    pools = []
    for r in records:
        if isinstance(r, BracketRecord):
            pools.append(pool)
            paired = {pid for pair in r.pairs for pid in pair}
            pool = [p for p in pool if p.id not in paired]
    return pools


def bracket_accounts(records: list[ByeRecord | BracketRecord], state: RoundState, rules: RuleSet,
                     facts: dict[int, DubovFacts]) -> list[BracketAccount]:
    accounts = []
    brackets = [r for r in records if isinstance(r, BracketRecord)]
    pools = bracket_pools(records, state)
    for number, (r, pool) in enumerate(zip(brackets, pools), start=1):
        acc = BracketAccount(number=number, score=format_points(r.score), kind="bracket (Art. 1.3.2)",
                             residents=r.residents, mdps=r.upfloaters, s1=r.s1, s2=r.t2, limbo=[],
                             remainder_s1=[], remainder_s2=[], pairs=list(r.pairs), downfloaters=[],
                             values={k: (v,) for k, v in r.values.items()})
        acc.notes += _upfloater_notes(r, pool, state, rules, facts)
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


def _upfloater_notes(r: BracketRecord, pool: list[PlayerState], state: RoundState, rules: RuleSet,
                     facts: dict[int, DubovFacts]) -> list[str]:
    if not r.upfloaters:
        return ["3.2.1: the residents pair among themselves: no upfloater"]
    notes = [f"3.2.1: {len(r.upfloaters)} upfloater(s), the fewest that let every resident be paired ([C5]): "
             + ", ".join(f"{who(state.players[u])} (upfloated {facts[u].upfloats}x)" for u in r.upfloaters)]
    for pid, why in passed_over_reasons(r, pool, state, rules, facts):
        notes.append(f"3.2.2, 4.2: {who(state.players[pid])}, who comes before them in the order of 4.2 (score, "
                     f"then TPN), is passed over: {why}")
    return notes


def passed_over_reasons(r: BracketRecord, pool: list[PlayerState], state: RoundState, rules: RuleSet,
                        facts: dict[int, DubovFacts]) -> list[tuple[int, str]]:
    """Why each candidate the order of 4.2 puts before an upfloater is passed over: the best
    pairing with him upfloated (and the choices before him kept) leaves the rest incomplete
    ([C4]), or is worse than the bracket's pairing on a quality criterion - the first in
    priority order, said with the players (:func:`criterion_difference`).  The procedure's
    choice replayed: the same matchings, one more solve per candidate passed over."""
    if not r.passed_upfloaters:
        return []
    n = len(pool)
    index = {p.id: i for i, p in enumerate(pool)}
    residents = frozenset(index[pid] for pid in r.residents)
    later = compatible_later(pool, state)
    edges = [(i, j) for i in range(n) for j in sorted(later[i])]
    graph = BracketEdges(pool, edges, residents, facts, state)
    m = PackedMatching(n, edges, [lv for _, lv in quality_levels(graph, rules.criteria)], probe_bound=1)
    lower = {i for i in range(n) if i not in residents}
    chosen, passed = set(r.upfloaters), set(r.passed_upfloaters)
    reasons: list[tuple[int, str]] = []
    for i in sorted(lower, key=lambda i: (-pool[i].score, pool[i].rank)):
        pid = pool[i].id
        if not chosen and not passed:
            break
        if pid in chosen:
            chosen.discard(pid)
            m.remove(m.edges_between(i, lower))
            continue
        if pid not in passed:
            continue
        passed.discard(pid)
        kept = set(m.removed)
        m.remove(m.edges_between(i, lower))  # he upfloats: he meets a resident
        mate = m.solve()
        m.removed = kept
        if len(mate) < n:
            reasons.append((pid, "with him upfloated the rest of the round cannot be completed ([C4], "
                                 "C.04.4.1 Art. 2.2.1)"))
        else:
            theirs = [(pool[a].id, pool[b].id) for a, b in mate.items() if a < b and (a in residents or b in residents)]
            reasons.append((pid, criterion_difference(r.pairs, theirs, r.residents, state, rules, facts,
                                                       "the best pairing with him", "the bracket's pairing")))
        m.remove(m.edges_between(i, residents))
    return reasons


_AIMS = {"dubov-upfloaters": "the fewest upfloaters",
         "dubov-score-differences": "the smallest score differences, the largest first",
         "dubov-colour-preference": "the fewest players without their colour preference",
         "dubov-maximum-upfloaters": "the fewest maximum upfloaters",
         "dubov-upfloat-counts": "the fewest upfloats of maximum upfloaters, the highest count first",
         "dubov-repeated-upfloaters": "the fewest upfloaters who upfloated in the previous round"}


def criterion_in_words(c: Criterion, pairs: list[tuple[int, int]], residents: list[int], state: RoundState,
                       facts: dict[int, DubovFacts]) -> str:
    """What a bracket's pairs do on one quality criterion, as a verb phrase with the players:
    who upfloats, with his score, to meet whom, and the score difference; who goes without his
    colour preference; who is a maximum upfloater and how often he has upfloated."""
    players = state.players
    inside = set(residents)
    ups = sorted(((a, b) if a in inside else (b, a) for a, b in pairs if (a in inside) != (b in inside)),
                 key=lambda rl: (players[rl[0]].score - players[rl[1]].score, rl[1]), reverse=True)
    lowers = [u for _, u in ups]

    def some(ids: list[int], what: tuple[str, str], detail: Callable[[int], str]) -> str:
        if not ids:
            return f"no {what[0]}"
        return f"{len(ids)} {what[len(ids) > 1]}: " + ", ".join(detail(u) for u in ids)

    if c.unit == "dubov-upfloaters":
        return "has " + some(lowers, ("upfloater", "upfloaters"), lambda u: f"{u} ({players[u].score_text})")
    if c.unit == "dubov-score-differences":
        if not ups:
            return "has no upfloater"
        return ("upfloats " + ", ".join(f"{u} ({players[u].score_text}) to meet {r} ({players[r].score_text})"
                                        for r, u in ups)
                + (": score differences " if len(ups) > 1 else ": score difference ") + ", ".join(format_points(players[r].score - players[u].score)
                                                       for r, u in ups))
    if c.unit == "dubov-colour-preference":
        same = [(a, b) for a, b in pairs if players[a].preference == players[b].preference]
        if not same:
            return "gives every player his colour preference"
        return (f"leaves {len(same)} {'player' if len(same) == 1 else 'players'} without a colour preference "
                "granted: "
                + ", ".join(f"{a} and {b} both want "
                            f"{name_of(wanted).capitalize() if (wanted := players[a].preference) else 'the same colour'}"
                            for a, b in same))
    if c.unit in ("dubov-maximum-upfloaters", "dubov-upfloat-counts"):
        return "upfloats " + some([u for u in lowers if facts[u].maximum_upfloater], ("maximum upfloater", "maximum upfloaters"),
                                  lambda u: f"{u} (upfloated {facts[u].upfloats} times already)")
    if c.unit == "dubov-repeated-upfloaters":
        return "upfloats " + some([u for u in lowers if facts[u].upfloated_last_round],
                                  ("player who upfloated in the previous round",
                                   "players who upfloated in the previous round"), str)
    return f"a different value of {c.label}"


def criterion_difference(ours: list[tuple[int, int]], theirs: list[tuple[int, int]], residents: list[int],
                         state: RoundState, rules: RuleSet, facts: dict[int, DubovFacts],
                         their_name: str, our_name: str) -> str:
    """The first quality criterion on which ``theirs`` is worse than ``ours`` (pairs of one
    bracket), in players' words: what each pairing does there, and what the criterion asks."""
    for c, (mine, value) in pair_levels([ours, theirs], residents, state, facts, rules.criteria):
        if mine != value:
            return (f"{c.label} ({c.article}) asks for {_AIMS.get(c.unit, 'less')}: {their_name} "
                    f"{criterion_in_words(c, theirs, residents, state, facts)}; {our_name} "
                    f"{criterion_in_words(c, ours, residents, state, facts)}")
    return "as good on [C5]-[C10]; the order of 4.2 takes the upfloaters before him first"


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
    if theirs is None or ours is None:
        return Finding(article, f"the bye goes to {ours}, not {theirs}", proposed=str(theirs), rules=str(ours))
    p, q = state.players[ours], state.players[theirs]
    if p.score != q.score:
        return Finding(article + ".3", f"the bye goes to the lowest score: {ours} ({p.score_text}), not {theirs} "
                       f"({q.score_text})", proposed=str(theirs), rules=str(ours))
    if p.games_played != q.games_played:
        return Finding(article + ".4", f"with the same score ({p.score_text}), the bye goes to the player who has "
                       f"played the most games: {ours} ({p.games_played}), not {theirs} ({q.games_played})",
                       proposed=str(theirs), rules=str(ours))
    return Finding(article + ".5", f"with the same score ({p.score_text}) and games ({p.games_played}), the bye goes "
                   f"to the largest TPN: {ours} (TPN {p.rank}), not {theirs} (TPN {q.rank})",
                   proposed=str(theirs), rules=str(ours))


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
            return Finding(f"{c.article} {c.label}",
                           f"{c.label} asks for {_AIMS.get(c.unit, 'less')}: the proposal "
                           f"{criterion_in_words(c, theirs, r.residents, state, facts)}; the rules' pairing "
                           f"{criterion_in_words(c, r.pairs, r.residents, state, facts)}",
                           proposed=criterion_in_words(c, theirs, r.residents, state, facts),
                           rules=criterion_in_words(c, r.pairs, r.residents, state, facts))
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


__all__ = ["TERMS", "account", "bracket_pools", "bracket_rows", "bye_reason", "compare", "compare_bracket",
           "criterion_difference", "criterion_in_words", "passed_over_reasons"]
