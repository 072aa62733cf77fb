"""Legality of a round-pairing, for every system: C.04.1 and the absolute criteria.

One checker for the individual systems (C.04.3 [C1]-[C3] and the colour limits of C.04.1 rules
6-7, each edition's and system's own numbering) and for the systems of matches (C.04.6 and
C.04.5 [C1]-[C2], a complete round-pairing Art. 3.3.1): it is applied to every pairing cpswiss
produces before it is written (a pairing that breaks an absolute rule is an internal error) and
by ``check``, ``explain`` and ``resolve`` to the pairings proposed by others, forbidden pairs
and the rematches the arbiter allowed (``allowed_pairs``) included, the same way.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple, Protocol

from cpswiss.colours.decoder import Pairing
from cpswiss.registry import system_named
from cpswiss.tournament.compatibility import compatible
from cpswiss.tournament.colour import BLACK, WHITE, Colour, opposite
from cpswiss.tournament.state import PlayerState, RoundState

if TYPE_CHECKING:
    from cpswiss.rulesets.ruleset import RuleSet


@dataclass(frozen=True)
class Violation:
    """One absolute rule a pairing breaks: the article, the players concerned and what is wrong."""

    article: str
    players: tuple[int, ...]
    message: str

    def __str__(self) -> str:
        return f"{self.article}: {self.message}"


class Contender(Protocol):
    """What legality reads of a player (:class:`~cpswiss.tournament.state.PlayerState`) or a
    competitor of the match model (:class:`~cpswiss.tournament.competition_state.CompetitorState`)."""

    @property
    def id(self) -> int: ...
    @property
    def available(self) -> bool: ...
    @property
    def opponents(self) -> frozenset[int]: ...
    @property
    def forbidden(self) -> frozenset[int]: ...
    @property
    def bye_eligible(self) -> bool: ...


class Articles(NamedTuple):
    """Where a system's own text states each rule a round-pairing must keep: ``rematch`` ([C1],
    e.g. ``[C1] C.04.3 Art. 2.1.1``, ``C.04.3 C.1`` in 2017, ``[C1] C.04.6 Art. 2.1.1``),
    ``bye`` ([C2]), ``colour`` ([C3]) - each empty when the rule set does not list it (a
    system without an absolute colour rule, a variant that drops [C1] or [C2]: not checked) -,
    ``forbidden`` (a forbidden pair, 260 / XXP: always checked, cited as [C1] or, without it,
    as ``complete``),
    ``complete`` (every competitor to pair paired once: C.04.1 for players, Art. 3.3.1 of C.04.6
    and C.04.5), ``absent`` (one who is not to be paired is paired: C.04.2 C for players),
    ``byes`` (at most one pairing-allocated bye, and only for an odd number: C.04.1 rule 3,
    Art. 3.3.1) and the competitor's noun (``player``, ``team``)."""

    rematch: str
    bye: str
    colour: str
    complete: str
    absent: str
    byes: str
    noun: str

    @property
    def forbidden(self) -> str:
        return self.rematch or self.complete


LEGACY_ARTICLES = Articles("C.04.3 C.1", "C.04.3 C.2", "C.04.3 C.3", "C.04.1", "C.04.2 C", "C.04.1 rule 3", "player")
"""The 2017 Dutch numbering, for a state checked without its rule set."""

_ROLES = (("rematch", "no-rematch"), ("bye", "bye-eligibility"), ("colour", "absolute-colour-clash"))


def articles_of(rules: RuleSet) -> Articles:
    """The articles of ``rules``' own text: its absolute criteria as the rule file names them
    (the unit ``no-rematch`` / ``team-no-rematch`` / ``double-no-rematch`` is [C1], ...), each
    cited as ``label article`` (the label alone when the article holds it: ``C.04.3 C.1``).  A
    system of matches states the complete round-pairing in Art. 3.3.1 of the text that states
    its absolute criteria (C.04.6, C.04.5).  A rule the rule set does not list is not checked
    (empty): the rule set governs, as it governs the procedure."""
    cited: dict[str, str] = {}
    for criterion in rules.criteria:
        if criterion.kind != "absolute":
            continue
        for role, unit in _ROLES:
            if criterion.unit.endswith(unit) and role not in cited:
                label, article = criterion.label, criterion.article
                cited[role] = article if label in article or not article else f"{label} {article}"
    rematch, bye, colour = cited.get("rematch", ""), cited.get("bye", ""), cited.get("colour", "")
    if "individual" in system_named(rules.system).file_kinds:
        return Articles(rematch, bye, colour, LEGACY_ARTICLES.complete, LEGACY_ARTICLES.absent, LEGACY_ARTICLES.byes,
                        "player")
    text = next((c.article.split(" Art. ")[0] for c in rules.criteria if " Art. " in c.article), rules.title)
    complete = f"{text} Art. 3.3.1"
    noun = "team" if "team" in system_named(rules.system).file_kinds else "player"
    return Articles(rematch, bye, colour, complete, complete, complete, noun)


def round_violations(contenders: Mapping[int, Contender], pairs: Iterable[tuple[int, int]], byes: Iterable[int],
                     articles: Articles, allowed_pairs: frozenset[frozenset[int]] = frozenset(),
                     met_in: Callable[[int, int], int] | None = None) -> list[Violation]:
    """What a round-pairing (``pairs``: White, Black; ``byes``: the pairing-allocated byes)
    breaks of the rules every system shares, in ``articles``' words: every competitor to pair
    paired exactly once, none who is not; one bye for an odd number, none for an even one;
    [C2] for the bye; [C1] (a rematch, unless the arbiter allowed the pair: ``allowed_pairs``;
    ``met_in`` names the round they met in) and the forbidden pairs."""
    pairs, byes = list(pairs), list(byes)
    noun = articles.noun
    out: list[Violation] = []
    seen: dict[int, int] = {}
    for cid in [c for pair in pairs for c in pair] + byes:
        seen[cid] = seen.get(cid, 0) + 1
    for cid, count in sorted(seen.items()):
        if cid not in contenders:
            out.append(Violation(articles.complete, (cid,), f"{noun} {cid} does not exist"))
        elif count > 1:
            out.append(Violation(articles.complete, (cid,), f"{noun} {cid} is paired {count} times"))
        elif not contenders[cid].available:
            out.append(Violation(articles.absent, (cid,), f"{noun} {cid} is not available this round but is paired"))
    for cid, c in sorted(contenders.items()):
        if c.available and cid not in seen:
            out.append(Violation(articles.complete, (cid,), f"{noun} {cid} is available but missing from the pairing"))
    for white, black in pairs:
        a, b = contenders.get(white), contenders.get(black)
        if a is None or b is None:
            continue
        if white == black:
            out.append(Violation(articles.complete, (white,), f"{noun} {white} is paired against themself"))
        elif articles.rematch and black in a.opponents and frozenset((white, black)) not in allowed_pairs:
            first = met_in(white, black) if met_in is not None else 0
            out.append(Violation(articles.rematch, (white, black), f"{white} and {black} have already played "
                                 + (f"in round {first}" if first else "each other")))
        elif black in a.forbidden or white in b.forbidden:
            out.append(Violation(articles.forbidden, (white, black),
                                 f"{white} and {black} may not meet (forbidden pair)"))
    available = sum(1 for c in contenders.values() if c.available)
    if len(byes) > 1:
        out.append(Violation(articles.byes, tuple(byes), "more than one pairing-allocated bye "
                             f"({', '.join(map(str, byes))})"))
    elif byes and available % 2 == 0:
        out.append(Violation(articles.byes, tuple(byes), f"a bye is given with an even number of {noun}s"))
    if not byes and available % 2 == 1:
        out.append(Violation(articles.byes, (), f"an odd number of {noun}s but no bye"))
    for bye in byes if articles.bye else ():
        if bye in contenders and not contenders[bye].bye_eligible:
            out.append(Violation(articles.bye, (bye,), f"{noun} {bye} may not have the pairing-allocated bye: it "
                                 "already had one, or the points of a win without playing"))
    return out


def meeting_violation(a: PlayerState, b: PlayerState, state: RoundState,
                      articles: Articles = LEGACY_ARTICLES) -> Violation | None:
    """Why a and b may not meet ([C1] a rematch or a forbidden pair, [C3] the same absolute
    colour preference: those of ``articles`` that the rule set lists), or None when they may."""
    if articles.rematch and b.id in a.opponents:
        return Violation(articles.rematch, (a.id, b.id), f"{a.id} and {b.id} have already played each other")
    if b.id in a.forbidden:
        return Violation(articles.forbidden, (a.id, b.id), f"{a.id} and {b.id} may not meet (forbidden pair)")
    if articles.colour and not compatible(a, b, state):
        return Violation(articles.colour, (a.id, b.id), f"{a.id} and {b.id} have the same absolute "
                         f"colour preference ({a.preference}) and neither is exempt as a final-round topscorer")
    return None


def check_pairing(state: RoundState, pairing: Pairing, articles: Articles = LEGACY_ARTICLES) -> list[Violation]:
    """Every violation of C.04.1 and the absolute criteria [C1]-[C3] in ``pairing``, cited in
    ``articles`` (:func:`articles_of` the rule set: the edition's and system's own numbering)."""
    players = state.players
    out = round_violations(players, [(b.white, b.black) for b in pairing.boards],
                           [pairing.bye] if pairing.bye is not None else [], articles, state.allowed_pairs)
    for board in pairing.boards:
        w, b = players.get(board.white), players.get(board.black)
        if w is None or b is None:
            continue
        if w.id == b.id:
            continue  # said by round_violations
        if frozenset((w.id, b.id)) in state.allowed_pairs:
            continue  # the arbiter allowed this pair against C.1 / C.3 (cpswiss resolve)
        if articles.colour and b.id not in w.opponents and b.id not in w.forbidden and not compatible(w, b, state):
            barred = meeting_violation(w, b, state, articles)
            if barred is not None:
                out.append(barred)
        # C.8/C.9: in the final round topscorers and their opponents are exempt
        # (FIDE Swiss 1999 item 13: everyone in the last round)
        exempt = state.exempt_from_colour_limits(w) or state.exempt_from_colour_limits(b)
        if exempt:
            continue
        waived = state.colour_clash_waived.get(w.score) if w.score == b.score else None
        for p, colour in ((w, WHITE), (b, BLACK)):
            if waived != "all" and breaks_colour_difference(p, colour):
                out.append(Violation("C.04.1 rule 6", (p.id,), f"player {p.id} would reach colour "
                                     f"difference {p.colour_difference + colour_sign(colour):+d}"))
            if waived is None and breaks_three_in_a_row(p, colour):
                out.append(Violation("C.04.1 rule 7", (p.id,),
                                     f"player {p.id} would get {colour} three times in a row"))
    return out


def colour_sign(colour: Colour) -> int:
    """What a game with ``colour`` adds to the colour difference (A.6: whites minus blacks)."""
    return 1 if colour == WHITE else -1


def breaks_colour_difference(p: PlayerState, colour: Colour) -> bool:
    """C.04.1 rule 6: ``colour`` takes p's colour difference beyond +-2.  A colour that brings
    a difference already beyond 2 back towards 0 breaks nothing this round did (histories with
    such differences exist: manual pairings, arbiters' corrections)."""
    cd = p.colour_difference + colour_sign(colour)
    return abs(cd) > 2 and abs(cd) > abs(p.colour_difference)


def breaks_three_in_a_row(p: PlayerState, colour: Colour) -> bool:
    """C.04.1 rule 7: ``colour`` is p's third in a row - unless the other colour breaks rule 6:
    then rule 7 yields, so that every player has a colour he may take, the one of his absolute
    preference (RN-4: a colour difference of -2 after two Whites takes White; the Dutch A.6
    preference, the order of C.8 / [C10] before C.9 / [C11], and bbpPairings 5.0.1 and 6.0.0
    all put the colour difference first; decided by
    ``tests/data/colour-limits/cd-against-three-in-a-row.trf``)."""
    history = p.colours
    if len(history) < 2 or history[-1] != colour or history[-2] != colour:
        return False
    return not breaks_colour_difference(p, opposite(colour))
