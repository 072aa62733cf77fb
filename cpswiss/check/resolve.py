"""When the rules run out: the least-bad pairings of a round, for the arbiter to choose from.

2017 A.9 and 2026 Art. 1.9.3 leave a round without a legal pairing to the Chief Arbiter.
``cpswiss resolve`` ranks the complete pairings that break the absolute rules by the rule
set's relaxation order (``[resolve] relax``: the rule given up first comes first, so the
last one listed is the most serious): a colour rule (C.04.1 f/g: a third colour in a row or
|CD| = 3, counted in players), a second pairing-allocated bye (C.2), a rematch (C.1: the
fewest, then the oldest games).  Forbidden pairs never give.  For each way out (a set of
relaxed pairs and bye), the pairing system pairs the round with exactly those relaxations
allowed, so every alternative is the edition's own pairing under them; ties of cost are
ordered by the pairing's score differences (largest first, as a PSD), then by its boards.

For a round that has a legal pairing, the first alternative is that pairing, and the next
ones are the rules' pairings when one of its pairs may not be played (board by board).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from cpswiss.systems import PairingResult
from cpswiss.legality.checker import Violation, articles_of, check_pairing
from cpswiss.check.explain import players_round
from cpswiss.check.whatif import CriterionChange, what_if
from cpswiss.colours.decoder import Pairing
from cpswiss.tournament.compatibility import compatible
from cpswiss.errors import InputError, NoPairingError
from cpswiss.formats.trf import read_trf
from cpswiss.tournament.model import Tournament, format_points
from cpswiss.api.selection import select_rule_set
from cpswiss.rulesets.ruleset import RuleSet
from cpswiss.solver.completion import completable
from cpswiss.solver.settings import SolverSettings
from cpswiss.solver.relaxation import Relaxable, least_relaxed
from cpswiss.tournament.acceleration import accelerated
from cpswiss.check.decisions import Decisions
from cpswiss.tournament.state import PlayerState, RoundState, build_state

if TYPE_CHECKING:
    import pandas as pd


@dataclass
class Alternative:
    """One proposed pairing: what it breaks, what it costs, how it was found."""

    rank: int
    pairing: Pairing
    violations: list[Violation]
    costs: dict[str, int]
    how: str  # "the rules' pairing", "relaxing ...", "if 2-1 may not meet"
    result: PairingResult = field(repr=False)
    changes: list[CriterionChange] = field(default_factory=list)
    report: list[str] = field(default_factory=list)  # where it parts from the first, in words

    def as_dict(self) -> dict:
        return {"rank": self.rank, "how": self.how,
                "boards": [[b.white, b.black] for b in self.pairing.boards], "bye": self.pairing.bye,
                "violations": [{"article": v.article, "players": list(v.players), "message": v.message}
                               for v in self.violations],
                "costs": self.costs,
                "criteria": self.result.brackets_frame().drop(columns=["collapsed"], errors="ignore").to_dict("records"),
                "changes": [vars(c) for c in self.changes]}


@dataclass
class Resolution:
    file: str
    round_no: int
    rules: RuleSet
    legal: bool
    alternatives: list[Alternative]
    reason: str = ""  # why this rule set (a system flag, --rules, record 192, start date 042)

    def frame(self) -> pd.DataFrame:
        """One row per alternative: rank, how, boards, bye, the rules it breaks, its costs."""
        import pandas as pd
        return pd.DataFrame([{"rank": a.rank, "how": a.how,
                              "boards": " ".join(f"{b.white}-{b.black}" for b in a.pairing.boards),
                              "bye": a.pairing.bye, "breaks": "; ".join(map(str, a.violations)), **a.costs}
                             for a in self.alternatives])

    def as_dict(self) -> dict:
        return {"file": self.file, "round": self.round_no, "rule_set": self.rules.name, "legal": self.legal,
                "relax": list(self.rules.resolve.relax), "alternatives": [a.as_dict() for a in self.alternatives]}

    def text(self) -> str:
        speak = self.rules.speak
        order = ", then ".join(self.rules.resolve.relax)
        lines = [f"Round {self.round_no} of {self.file} - {self.rules.title}"
                 + (f" ({self.reason})" if self.reason else "")]
        if self.legal:
            lines.append("A legal pairing exists: it comes first; then the rules' pairings when one of its "
                         "pairs may not be played.")
        else:
            lines.append(speak("No pairing satisfies the absolute criteria (C.04.3 A.9: the arbiter decides). "
                               f"The least-bad ones, giving up first: {order} (each with its criteria "
                               "per bracket in --json)."))
        for a in self.alternatives:
            lines.append("")
            lines.append(f"Alternative {a.rank}: {a.how}")
            if a.violations:
                for v in a.violations:
                    lines.append(f"  breaks {speak(str(v))}")
            else:
                lines.append("  breaks no absolute rule")
            players = a.result.state.players
            for n, board in enumerate(a.pairing.boards, start=1):
                w, b = players[board.white], players[board.black]
                lines.append(f"  {n:3d}  {w.id:4d} ({format_points(w.real_score)}) - {b.id:4d} "
                             f"({format_points(b.real_score)})")
            if a.pairing.bye is not None:
                lines.append(f"  bye  {a.pairing.bye:4d} ({format_points(players[a.pairing.bye].real_score)})")
            if a.report:
                lines.append("  against the first:")
                lines += ["  " + line for line in a.report]
        return "\n".join(lines)


def _met_in(state: RoundState, p: PlayerState, q: PlayerState) -> int:
    """The latest round in which p and q played each other."""
    record = state.tournament.players[p.id]
    return max((r for r, e in enumerate(record.rounds, start=1)
                if e is not None and e.played and e.opponent == q.id and r < state.round_no), default=0)


def relaxation_costs(state: RoundState, relax: tuple[str, ...]):
    """The round's legal pairs, the players who may take the bye, and every pair or bye that
    breaks a rule that may give, with its costs in the order of seriousness (the relaxation
    order reversed: the rule given up last is the most serious).  Cost components: a rematch
    counts 1 and then its round (older is cheaper); a second bye 1; a colour clash 1 player."""
    serious = list(reversed(relax))
    players = state.to_pair
    legal, relaxables = [], []
    for k, p in enumerate(players):
        for q in players[k + 1:]:
            if compatible(p, q, state):
                legal.append((p.id, q.id))
                continue
            if q.id in p.forbidden:
                continue
            rematch = q.id in p.opponents
            clash = p.absolute and q.absolute and p.preference == q.preference
            parts = {"rematch": (int(rematch), _met_in(state, p, q) if rematch else 0),
                     "bye": (0,), "colour": (int(clash),)}
            if (rematch and "rematch" not in relax) or (clash and "colour" not in relax):
                continue
            relaxables.append(Relaxable((p.id, q.id), tuple(c for kind in serious for c in parts[kind])))
    eligible = {p.id for p in players if state.may_take_pab(p)}
    if len(players) % 2 and "bye" in relax:
        for p in players:
            if p.id not in eligible:
                parts = {"rematch": (0, 0), "bye": (1,), "colour": (0,)}
                relaxables.append(Relaxable((p.id,), tuple(c for kind in serious for c in parts[kind])))
    return [p.id for p in players], legal, eligible, relaxables


def _cost_names(relax: tuple[str, ...]) -> list[str]:
    names = {"rematch": ["rematches", "rematch rounds"], "bye": ["second byes"], "colour": ["colour breaks"]}
    return [n for kind in reversed(relax) for n in names[kind]]


def _psd_key(result: PairingResult) -> tuple:
    players = result.state.players
    diffs = sorted((abs(players[b.white].score - players[b.black].score) for b in result.pairing.boards),
                   reverse=True)
    return tuple(-d for d in diffs), [(b.white, b.black) for b in result.pairing.boards]


def resolve(tournament: Tournament | str, rule_set: str | RuleSet | None = None, count: int = 3,
            settings: SolverSettings | None = None, accelerate: str | None = None) -> Resolution:
    """The ``count`` least-bad pairings of the next round (see the module docstring)."""
    if count < 1:
        raise InputError("--count must be at least 1")
    t = read_trf(tournament) if isinstance(tournament, str) else tournament
    rules, reason = select_rule_set(t, rule_set, accelerate)
    state = build_state(accelerated(t, rules.acceleration.generator), rules.state)
    if not state.to_pair:
        raise NoPairingError("no player is available for this round")
    relax = rules.resolve.relax
    names = _cost_names(relax)
    if completable(state.to_pair, state):
        return replace(_legal_round(t, rules, state, count, settings, accelerate, names), reason=reason)
    ids, legal, eligible, relaxables = relaxation_costs(state, relax)
    ways = least_relaxed(ids, legal, eligible, relaxables, count, settings)
    if not ways:
        raise NoPairingError("no complete pairing exists even when the rules of [resolve] relax give "
                             f"({', '.join(relax)}): forbidden pairs or too few players")
    found = []
    for way in ways:
        pairs = tuple(relaxables[i].players for i in way.relaxed if len(relaxables[i].players) == 2)
        byes = tuple(relaxables[i].players[0] for i in way.relaxed if len(relaxables[i].players) == 1)
        result = players_round(t, rules, settings=settings, accelerate=accelerate,
                               decisions=Decisions(allow_pairs=pairs, allow_bye=byes))
        how = "allowing " + ", ".join([f"{a}-{b}" for a, b in pairs] + [f"the bye to {p}" for p in byes])
        found.append((way.costs, _psd_key(result), result, how))
    found.sort(key=lambda item: (item[0], item[1]))
    alternatives = [Alternative(rank, result.pairing, check_pairing(state, result.pairing, articles_of(rules)),
                                dict(zip(names, costs)), how, result)
                    for rank, (costs, _, result, how) in enumerate(found, start=1)]
    return Resolution(t.path, state.round_no, rules, False, alternatives, reason)


def _legal_round(t, rules, state, count, settings, accelerate, names) -> Resolution:
    first = players_round(t, rules, settings=settings, accelerate=accelerate)
    zero = dict.fromkeys(names, 0)
    alternatives = [Alternative(1, first.pairing, [], zero, "the rules' pairing", first)]
    seen = {_boards(first.pairing)}
    for board in first.pairing.boards:
        if len(alternatives) >= count:
            break
        try:
            outcome = what_if(t, Decisions(forbid=((board.white, board.black),)), rules, settings, accelerate)
        except NoPairingError:
            continue
        if _boards(outcome.result.pairing) in seen:
            continue
        seen.add(_boards(outcome.result.pairing))
        alternatives.append(Alternative(len(alternatives) + 1, outcome.result.pairing,
                                        check_pairing(state, outcome.result.pairing, articles_of(rules)), zero,
                                        f"if {board.white}-{board.black} may not be played", outcome.result,
                                        outcome.changes(), outcome.lines()[1:]))
    return Resolution(t.path, state.round_no, rules, True, alternatives)


def _boards(pairing: Pairing):
    return tuple(sorted(tuple(sorted((b.white, b.black))) for b in pairing.boards)), pairing.bye


__all__ = ["Alternative", "Resolution", "relaxation_costs", "resolve"]
