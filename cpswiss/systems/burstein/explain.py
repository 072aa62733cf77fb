"""Explanations for the Burstein System (C.04.4.2, 2026), in the text's words.

A seeding round is the seeding rule set's pairing and is explained by that system's own
explanation.  An Index round: the pairing-allocated bye and why it goes to its player
(Art. 3.1), then every bracket with its players in the Index order (BSN, with Buchholz and
Sonneborn-Berger), its pairs and outgoing floaters, the values of [C5]-[C8] and, BSN by BSN,
the opponent the fold order of Art. 4.3 gives and what rules out the opponents that come
before him in that order.  Against a proposal: the first rule by which its pairs or bye are
not the rules' (:mod:`.judge`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from cpswiss.errors import NoPairingError
from cpswiss.tournament.model import format_points
from cpswiss.rulesets.ruleset import RuleSet, load_rule_set
from cpswiss.systems.burstein.index import index_order_key, index_values
from cpswiss.systems.burstein.judge import AIMS, judge, step_in_words
from cpswiss.systems.burstein.first import FoldStep
from cpswiss.systems.burstein.procedure import BursteinBracket, BursteinRecords, StepMatcher, best_step
from cpswiss.systems.burstein.switches import switches_of
from cpswiss.systems.burstein.units import Level, StepGraph
from cpswiss.systems.shared.records import records_as
from cpswiss.systems.shared.explaining import (
    BracketAccount,
    Finding,
    LevelName,
    RoundAccount,
    criterion_article,
    proposed_inside,
    who,
)
from cpswiss.registry import system_of
from cpswiss.systems import Explanation, engine_of

if TYPE_CHECKING:
    from cpswiss.systems import PairingResult
    from cpswiss.colours.decoder import Pairing
    from cpswiss.solver.settings import SolverSettings
    from cpswiss.tournament.state import RoundState

TERMS = {"MDPs": "incoming floaters", "floating": "outgoing floaters",
         "C.04.1, C.04.3 C.1-C.3": "C.04.1, C.04.4.2 [C1]-[C3]"}
MAX_RULED_OUT = 6  # earlier opponents whose exclusion an account spells out, per BSN


def _records_of(result: PairingResult) -> BursteinRecords:
    """What the Burstein System recorded of a round: a seeding round's pairing or the Index brackets."""
    return records_as(result.records[:1], BursteinRecords, "Burstein System")[0]


def account(result: PairingResult, settings: SolverSettings | None) -> RoundAccount:
    """The engine's pairing: a seeding round by its rule set's explanation; an Index round
    bracket by bracket (module docstring) with the reason for the bye."""
    records = _records_of(result)
    if records.seeding:
        seeding, explainer = _seeding(result)
        inner = explainer.account(seeding, settings)
        inner.header = _seeding_header(result) + (f"; {inner.header}" if inner.header else "")
        inner.rules = seeding.rules  # the Dutch articles decided it, colours included
        return inner
    accounts = _accounts(result, with_steps=True)
    return RoundAccount(accounts, bye=bye_reason(result.state, records, result.rules), terms=TERMS,
                        header=INDEX_HEADER)


def compare(result: PairingResult, proposed: Pairing, settings: SolverSettings | None) -> RoundAccount:
    """The first rule by which the proposal's pairs or bye are not the rules' (Art. 3.1 for
    the bye, then bracket by bracket [C1]-[C8] and the fold order of Art. 4.3)."""
    records = _records_of(result)
    if records.seeding:
        seeding, explainer = _seeding(result)
        inner = explainer.compare(seeding, proposed, settings)
        inner.header = _seeding_header(result) + (f"; {inner.header}" if inner.header else "")
        inner.rules = seeding.rules
        return inner
    accounts = _accounts(result, with_steps=False)
    proposed_pairs = {frozenset((bd.white, bd.black)) for bd in proposed.boards}
    for record, bracket_account in zip(records.brackets, accounts):
        mine = proposed_inside(record.players, proposed_pairs)
        bracket_account.proposed_pairs = mine
        paired = {p for pair in mine for p in pair}
        bracket_account.proposed_downfloaters = [p for p in record.players if p not in paired]
    verdict = judge(result.state, records, [(bd.white, bd.black) for bd in proposed.boards], proposed.bye,
                    result.pairing.bye, {c.id: c.unit for c in result.rules.criteria},
                    switches_of(result.rules).zero_bye_runs == "trailing-as-draws")
    decisive = None
    if verdict is not None:
        article = verdict.article
        if article.startswith("[C"):
            article = criterion_article(result.rules, article.strip("[]"))
        elif not article.startswith("C.04"):
            article = f"C.04.4.2 {article}"
        decisive = Finding(article, verdict.message)
        if verdict.bracket is not None:
            accounts[verdict.bracket - 1].verdict = decisive
    return RoundAccount(accounts, bye=bye_reason(result.state, records, result.rules), decisive=decisive, terms=TERMS,
                        header=INDEX_HEADER)


def bracket_rows(result: PairingResult, settings: SolverSettings | None) -> list[dict[str, object]]:
    """One row per bracket: its score, players by BSN, incoming floaters, pairs, outgoing
    floaters and the criteria values (counts, more is better); a seeding round: its rule set's."""
    records = _records_of(result)
    if records.seeding:
        seeding, explainer = _seeding(result)
        return explainer.bracket_rows(seeding, settings)
    rows = []
    for r in records.brackets:
        row: dict[str, object] = {"score": format_points(r.score), "by_index": r.players, "incoming": r.incoming,
                               "pairs": r.pairs, "floaters": r.floaters}
        row.update(r.values)
        rows.append(row)
    return rows


INDEX_HEADER = ("Index round (C.04.4.2 Art. 1.8): players ranked in each bracket by Buchholz, "
                "Sonneborn-Berger, then TPN; the pairing-allocated bye chosen first (Art. 3.1)")


def _seeding(result: PairingResult) -> tuple[PairingResult, Explanation]:
    """The seeding round as its own rule set's result, and that system's explanation."""
    records = _records_of(result)
    rules = load_rule_set(switches_of(result.rules).seeding_rule_set)
    seeding = replace(result, rules=rules, records=records.seeding_pairing().records)
    return seeding, engine_of(system_of(rules)).explainer


def _seeding_header(result: PairingResult) -> str:
    switches = switches_of(result.rules)
    numbers = ("the TPNs of C.04.2 Art. 2, absent players included" if result.rules.state.pairing_numbers
               == "registered" else "the pairing numbers of those taking part")
    return (f"Seeding round (C.04.4.2 Art. 1.6): rounds 1-{switches.seeding_round_count(result.state.total_rounds)} "
            f"are paired by {switches.seeding_rule_set}, boards and colours by its articles, with {numbers}")


def bye_reason(state: RoundState, records: BursteinRecords, rules: RuleSet) -> str | None:
    """Art. 3.1: why the pairing-allocated bye goes to its player - and, when others [C2] allows
    have his score and as many games, the Index tie Art. 3.1.5 breaks (Buchholz, then
    Sonneborn-Berger, then the larger TPN: the lowest in the order of Art. 1.8)."""
    if records.bye is None or records.bye.player is None:
        return None
    p = state.players[records.bye.player]
    text = (f"{who(p)}: of the players [C2] allows, the lowest score, then the most games played "
            f"({p.games_played}), then the lowest in the Index order (C.04.4.2 Art. 3.1.1-3.1.5)")
    passed = {pid for pid, _ in records.bye.passed_over}
    tied = [q for q in state.to_pair if q.id != p.id and q.id not in passed and state.may_take_pab(q)
            and (q.score, q.games_played) == (p.score, p.games_played)]
    if tied:
        values = index_values(state.tournament, state.round_no,
                              switches_of(rules).zero_bye_runs == "trailing-as-draws")
        order = sorted([p, *tied], key=lambda q: index_order_key(values[q.id], q.rank))
        text += (f"; Art. 3.1.5 breaks the tie of {len(order)} players on {format_points(p.score)} points and "
                 f"{p.games_played} games, in the Index order: "
                 + ", ".join(f"{q.id} ({values[q.id].text()}, TPN {q.rank})" for q in order)
                 + f" - {p.id} is the lowest")
    if records.bye.passed_over:
        text += "; passed over because the others could not all be paired without them (Art. 3.1.2 [C4]): " + \
            ", ".join(str(pid) for pid, _ in records.bye.passed_over)
    return text


def level_names(b: BursteinBracket) -> dict[str, tuple[LevelName, ...]]:
    """How each criterion's counts read (all are maximised: fewer is worse)."""
    scores = [format_points(s) for s in b.graph.scores_in_bracket()]
    names = {"C5": ("pairs",),
             "C6": tuple(f"players of {s} paired" for s in scores),
             "C7": ("pairs in the next bracket",) + tuple(f"floaters of {s} paired there" for s in scores),
             "C8": ("pairs granting both preferences",)}
    return {cid: tuple(LevelName(name, -1) for name in names.get(cid, (cid,))[:len(values)])
            for cid, values in b.values.items()}


def _accounts(result: PairingResult, with_steps: bool) -> list[BracketAccount]:
    records = _records_of(result)
    state = result.state
    accounts = []
    for number, b in enumerate(records.brackets, start=1):
        residents = [pid for pid in b.players if pid not in b.incoming]
        acc = BracketAccount(number=number, score=format_points(b.score), kind="bracket ranked by Index",
                             residents=residents, mdps=b.incoming, s1=list(b.players), s2=[], limbo=[],
                             remainder_s1=[], remainder_s2=[], pairs=list(b.pairs), downfloaters=list(b.floaters),
                             values=dict(b.values), levels=level_names(b))
        acc.notes.append("BSN order (Index: Buchholz, Sonneborn-Berger, TPN): " + "; ".join(
            f"{k}. {who(state.players[pid])} {b.index[pid].text()}" for k, pid in enumerate(b.players, 1)))
        if with_steps:
            acc.notes += fold_notes(b, {c.id: c.unit for c in result.rules.criteria})
        accounts.append(acc)
    return accounts


def fold_notes(b: BursteinBracket, units: dict[str, str]) -> list[str]:
    """Art. 4.3, BSN by BSN: the opponent chosen and what rules out those before him in the
    fold order (a larger BSN first; floating, BSN 0, last)."""
    g = b.graph
    levels = [lv for _, group in b.levels for lv in group]
    bsn = {pid: k + 1 for k, pid in enumerate(b.players)}
    position = {p.id: v for v, p in enumerate(g.players)}
    notes = []
    fixed: list[tuple[int, int | None]] = []
    ours: list[int] | None = None
    for step in b.steps:
        chosen = "floats (meets a virtual player, BSN 0)" if step.opponent is None else \
            f"meets BSN {bsn[step.opponent]} ({step.opponent})"
        line = f"BSN {step.bsn} ({step.player}) {chosen}"
        if step.first_choice:
            line += ": the first opponent the fold order offers"
        else:
            if ours is None:
                ours = best_step(b)
            reasons = _ruled_out(g, levels, b, fixed, step, position, bsn, units, ours)
            line += ": before him in the fold order " + "; ".join(reasons)
        notes.append(line)
        fixed.append((step.player, step.opponent))
    return notes


def _ruled_out(g: StepGraph, levels: list[Level], b: BursteinBracket, fixed: list[tuple[int, int | None]],
               step: FoldStep, position: dict[int, int], bsn: dict[int, int], units: dict[str, str],
               ours: list[int]) -> list[str]:
    """Why each opponent the fold order puts before the chosen one is not taken: the rest cannot
    be completed ([C4]), or the first criterion on which the best pairing with him is worse,
    said with the players (``ours``: the edges of the rules' pairing of the step)."""
    k = position[step.player]
    decided = {position[p] for p, o in fixed} | {position[o] for p, o in fixed if o is not None}
    chosen_rank = bsn[step.opponent] if step.opponent is not None else 0
    earlier = [j for j in range(g.n_bracket - 1, k, -1) if j not in decided and j + 1 > chosen_rank]
    reasons = []
    for j in earlier[:MAX_RULED_OUT]:
        other = g.players[j].id
        if not any(set(g.edges[e]) == {k, j} for e in range(len(g.edges))):
            reasons.append(f"BSN {j + 1} ({other}): may not meet ([C1]/[C3])")
            continue
        matcher = StepMatcher(g, levels)
        for p, o in fixed:
            if o is None:
                matcher.fix_float(position[p])
            else:
                matcher.fix_pair(position[p], position[o])
        matcher.fix_pair(k, j)
        try:
            matcher.solve()
        except NoPairingError:
            reasons.append(f"BSN {j + 1} ({other}): the rest could not all be paired ([C4])")
            continue
        theirs = b.values_of(matcher.chosen)
        worse = next((cid for cid in b.values if theirs[cid] != b.values[cid]), None)
        if worse is None:
            reasons.append(f"BSN {j + 1} ({other}): equal criteria")
        elif units.get(worse) in AIMS:
            reasons.append(f"BSN {j + 1} ({other}): [{worse}] - with him the step "
                           f"{step_in_words(units[worse], g, matcher.chosen)}, where the rules' pairing "
                           f"{step_in_words(units[worse], g, ours)}")
        else:
            reasons.append(f"BSN {j + 1} ({other}): [{worse}] {theirs[worse]} against {b.values[worse]}")
    if len(earlier) > MAX_RULED_OUT:
        reasons.append(f"{len(earlier) - MAX_RULED_OUT} more")
    return reasons
