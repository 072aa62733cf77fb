"""The order in which B.6/B.7 generate a bracket's candidates (C.04.3 B.8, D.1-D.3), as
comparable keys: where a candidate stands, step by step (for the explanations and the tests;
:mod:`cpswiss.systems.dutch.tiebreak` finds the first candidate decision by decision)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from cpswiss.systems.dutch.bracket import DutchBracket


@dataclass(frozen=True)
class GenerationStep:
    """One decision of the B.8 generation order and a candidate's key for it (smaller first)."""

    article: str
    what: str
    key: tuple[int, ...]
    shown: str  # the candidate's choice in this step, by pairing number


def generation_order(b: DutchBracket, pairs: list[tuple[int, int]]) -> list[GenerationStep]:
    """Where a candidate of the bracket stands in the order of B.6/B.7 (C.04.3 B.8).

    ``pairs`` are the candidate's pairs inside the bracket, as vertex indices.
    Two candidates equal on every criterion are compared step by step; the
    first step whose keys differ decides, the smaller key being generated first.
    The steps are those :class:`~cpswiss.systems.dutch.tiebreak.TieBreak` takes, in its order: D.3 (which MDPs
    are paired), D.1 on the MDP-pairing, D.2 rules 1-4 on the remainder, and
    D.1 in the remainder.
    """
    ids = [p.id for p in b.vertices]
    partner: dict[int, int] = {}
    for i, j in pairs:
        partner[i], partner[j] = j, i
    mdps = range(b.n_mdp)
    matched = [v for v in mdps if v in partner]
    remainder = [r for r in range(b.n_mdp, b.n_bracket) if partner.get(r, b.n_bracket) >= b.n_mdp]
    position = {v: k for k, v in enumerate(remainder)}
    s1_new = [v for v in remainder if partner.get(v, -1) > v]
    s1, s2 = remainder[:len(s1_new)], remainder[len(s1_new):]
    new = set(s1_new)
    moved_out = [v for v in reversed(s1) if v not in new]
    moved_in = [v for v in s2 if v in new]

    def names(vs: Iterable[int]) -> str:
        return "[" + " ".join(str(ids[v]) for v in vs) + "]"

    def pairs_of(vs: Iterable[int]) -> str:
        return " ".join(f"{ids[v]}-{ids[partner[v]]}" for v in vs) or "(none)"

    return [
        GenerationStep("D.3", "the MDPs paired (lowest BSNs first among equal scores)",
                       tuple(0 if v in partner else 1 for v in mdps), names(matched)),
        GenerationStep("D.1", "the opponents of the MDPs (transpositions of S2)",
                       tuple(partner[v] for v in matched), pairs_of(matched)),
        GenerationStep("D.2", "the number of exchanges between S1 and S2",
                       (len(moved_out),), str(len(moved_out))),
        GenerationStep("D.2", "the difference of the BSN sums exchanged",
                       (sum(position[v] for v in s1_new),), f"S1 {names(s1_new)}"),
        GenerationStep("D.2", "the S1 players moved to S2 (highest BSNs first)",
                       tuple(0 if v not in new else 1 for v in reversed(s1)), names(moved_out)),
        GenerationStep("D.2", "the S2 players moved to S1 (lowest BSNs first)",
                       tuple(0 if v in new else 1 for v in s2), names(moved_in)),
        GenerationStep("D.1", "the opponents of the S1 players (transpositions of S2)",
                       tuple(partner[v] for v in s1_new), pairs_of(s1_new)),
    ]
