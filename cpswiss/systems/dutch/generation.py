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
    D.1 in the remainder (their keys alone: :func:`generation_key`).
    """
    ids = [p.id for p in b.vertices]
    standing = _Standing(b, pairs)
    partner, s1, new = standing.partner, standing.s1, standing.new
    keys = standing.keys()
    moved_out = [v for v in reversed(s1) if v not in new]
    moved_in = [v for v in standing.s2 if v in new]

    def names(vs: Iterable[int]) -> str:
        return "[" + " ".join(str(ids[v]) for v in vs) + "]"

    def pairs_of(vs: Iterable[int]) -> str:
        return " ".join(f"{ids[v]}-{ids[partner[v]]}" for v in vs) or "(none)"

    shown = [names(standing.matched), pairs_of(standing.matched), str(len(moved_out)), f"S1 {names(standing.s1_new)}",
             names(moved_out), names(moved_in), pairs_of(standing.s1_new)]
    return [GenerationStep(article, what, key, text) for (article, what), key, text in zip(_STEPS, keys, shown)]


def generation_key(b: DutchBracket, pairs: list[tuple[int, int]]) -> tuple[tuple[int, ...], ...]:
    """The keys of :func:`generation_order` alone (no text): of two candidates equal on every
    criterion, the one with the smaller key is generated first (C.04.3 B.8)."""
    return _Standing(b, pairs).keys()


_STEPS = [
    ("D.3", "the MDPs paired (lowest BSNs first among equal scores)"),
    ("D.1", "the opponents of the MDPs (transpositions of S2)"),
    ("D.2", "the number of exchanges between S1 and S2"),
    ("D.2", "the difference of the BSN sums exchanged"),
    ("D.2", "the S1 players moved to S2 (highest BSNs first)"),
    ("D.2", "the S2 players moved to S1 (lowest BSNs first)"),
    ("D.1", "the opponents of the S1 players (transpositions of S2)"),
]


class _Standing:
    """A candidate's MDP-pairing and remainder (S1, S2 before and after the exchanges), as
    the steps of :func:`generation_order` read them."""

    def __init__(self, b: DutchBracket, pairs: list[tuple[int, int]]):
        partner: dict[int, int] = {}
        for i, j in pairs:
            partner[i], partner[j] = j, i
        self.partner = partner
        self.n_mdp = b.n_mdp
        self.matched = [v for v in range(b.n_mdp) if v in partner]
        self.remainder = [r for r in range(b.n_mdp, b.n_bracket) if partner.get(r, b.n_bracket) >= b.n_mdp]
        self.s1_new = [v for v in self.remainder if partner.get(v, -1) > v]
        self.s1, self.s2 = self.remainder[:len(self.s1_new)], self.remainder[len(self.s1_new):]
        self.new = set(self.s1_new)

    def keys(self) -> tuple[tuple[int, ...], ...]:
        partner, s1, new = self.partner, self.s1, self.new
        position = {v: k for k, v in enumerate(self.remainder)}
        return (tuple(0 if v in partner else 1 for v in range(self.n_mdp)),
                tuple(partner[v] for v in self.matched),
                (sum(1 for v in s1 if v not in new),),
                (sum(position[v] for v in self.s1_new),),
                tuple(0 if v not in new else 1 for v in reversed(s1)),
                tuple(0 if v in new else 1 for v in self.s2),
                tuple(partner[v] for v in self.s1_new))
