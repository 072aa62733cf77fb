"""Check and explain: is a pairing the one the rules demand, and if not, which rule says so?

Three questions, one account:

* ``explain_pairing`` - a proposed pairing (a ``-p`` file, or a round already in
  the TRF file) against the engine's: legality first (C.04.1, C.04.3 C.1-C.3),
  then bracket by bracket, up to the first bracket where the two differ, and
  there the criterion that decides (C.4-C.19 with both values, or the B.8
  generation order D.1-D.3), or for equal boards the colour rule (E.1-E.5).
* ``explain_engine`` - the engine's own pairing: why each player floats, why
  the bye goes where it goes, why each board has its colours.
* ``check_tournament`` - every round of a file re-paired from the state before
  it and compared with what was played.

Legality, colours and the edition's words are common to every system; the brackets and
the rule that decides between two pairings are the system's (its ``explanation`` module,
reached through :mod:`cpswiss.registry`).
"""

from __future__ import annotations

from collections.abc import Collection

from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING

from cpswiss.api import ArbiterDecisions, pair
from cpswiss.systems import PairingResult, engine_of
from cpswiss.check.rounds import CheckReport, RoundCheck, check_tournament, load_tournament, pairing_in_file
from cpswiss.colours.decoder import Board, Pairing
from cpswiss.errors import FileAccessError, InputError
from cpswiss.tournament.model import Tournament, is_number
from cpswiss.legality.checker import Violation, articles_of, check_pairing
from cpswiss.rulesets.ruleset import RuleSet
from cpswiss.solver.settings import SolverSettings
from cpswiss.systems.shared.explaining import (
    BracketAccount,
    Finding,
    ids_text,
    pairs_text,
    who,
)
from cpswiss.registry import system_of
from cpswiss.tournament.colour import BLACK, WHITE, name_of
from cpswiss.tournament.state import PlayerState, Strength, order_key

if TYPE_CHECKING:
    import pandas as pd

# ---------------------------------------------------------------------------
# Results
# ---------------------------------------------------------------------------


@dataclass
class Explanation:
    """The whole account of one round."""

    file: str
    round_no: int
    rule_set: str
    engine: Pairing
    proposal: Pairing | None
    violations: list[Violation]
    brackets: list[BracketAccount]
    decisive: Finding | None  # the first reason the proposal is not the rules' pairing
    colours: list[Finding]  # one per board of the engine's pairing
    bye: str | None = None  # why the pairing-allocated bye goes to its player
    # the system's words for the text's "Bracket", "MDPs", "floating" (FIDE 1999: groups)
    terms: dict = field(default_factory=dict)
    header: str = ""  # a line about the round as a whole (FIDE 1999: the median score)

    @property
    def agrees(self) -> bool:
        """The proposal is the pairing the rules demand (boards, colours; board order aside)."""
        return self.proposal is not None and self.decisive is None

    def brackets_frame(self) -> pd.DataFrame:
        """One row per bracket: composition, pairs, and each criterion's value (rules / proposal)."""
        rows = []
        for a in self.brackets:
            row = {"bracket": a.number, "score": a.score, "kind": a.kind, "mdps": a.mdps,
                   "residents": a.residents, "pairs": a.pairs, "downfloaters": a.downfloaters}
            row.update(a.values)
            if a.proposed_values is not None:
                row["proposed_pairs"] = a.proposed_pairs
                row.update({f"proposed {cid}": v for cid, v in a.proposed_values.items()})
            rows.append(row)
        import pandas as pd
        return pd.DataFrame(rows)

    def as_dict(self) -> dict:
        def pairing(p: Pairing | None):
            if p is None:
                return None
            return {"boards": [[b.white, b.black] for b in p.boards], "bye": p.bye}

        return {
            "file": self.file, "round": self.round_no, "rule_set": self.rule_set,
            "agrees": self.agrees if self.proposal is not None else None,
            "engine": pairing(self.engine), "proposal": pairing(self.proposal),
            "violations": [asdict(v) for v in self.violations],
            "decisive": asdict(self.decisive) if self.decisive else None,
            "brackets": [asdict(a) | {"agrees": a.agrees} for a in self.brackets],
            "colours": [asdict(f) for f in self.colours], "bye": self.bye,
        }

    def text(self) -> str:
        """An account an arbiter can paste into a written ruling."""
        out = [f"Round {self.round_no} of {self.file} - {self.rule_set}"]
        def term(word: str) -> str:  # the system's word for it
            return self.terms.get(word, word)

        if self.header:
            out.append(self.header)
        if self.proposal is not None:
            out.append("")
            out.append(f"Legality ({term('C.04.1, C.04.3 C.1-C.3')}): " + (
                "no violation." if not self.violations else f"{len(self.violations)} violation(s):"))
            out += [f"  - {v}" for v in self.violations]
        out.append("")
        for a in self.brackets:
            out.append(f"{term('Bracket')} {a.number}: score {a.score}, {a.kind}")
            if a.mdps:
                out.append(f"  {term('MDPs')} {ids_text(a.mdps)}; residents {ids_text(a.residents)}")
            else:
                out.append(f"  residents {ids_text(a.residents)}")
            out.append(f"  S1 {ids_text(a.s1)}; S2 {ids_text(a.s2)}" + (f"; limbo {ids_text(a.limbo)}" if a.limbo else ""))
            if a.remainder_s1 or a.remainder_s2:
                out.append(f"  remainder: S1 {ids_text(a.remainder_s1)}; S2 {ids_text(a.remainder_s2)}")
            out.append(f"  rules:    {pairs_text(a.pairs)}"
                       + (f"; {term('floating')} {ids_text(a.downfloaters)}" if a.downfloaters else ""))
            if a.proposed_pairs is not None:
                if a.agrees:
                    out.append("  proposal: the same")
                else:
                    floating = (f"; {term('floating')} {ids_text(a.proposed_downfloaters)}"
                                if a.proposed_downfloaters else "")
                    out.append(f"  proposal: {pairs_text(a.proposed_pairs)}{floating}")
            out += [f"  {note}" for note in a.notes]
            if a.verdict is not None:
                out.append(f"  => {a.verdict}")
        if self.bye:
            out.append("")
            out.append(f"Bye: {self.bye}")
        if self.colours:
            out.append("")
            out.append("Colours:")
            out += [f"  {f.message} ({f.article})" for f in self.colours]
        if self.proposal is not None:
            out.append("")
            if self.agrees:
                out.append("Verdict: the proposal is the pairing the rules demand.")
            else:
                out.append(f"Verdict: the proposal is not the pairing the rules demand. {self.decisive}")
        return "\n".join(out)


# ---------------------------------------------------------------------------
# Reading a proposed pairing
# ---------------------------------------------------------------------------


def read_pairing_file(path: str | Path, tournament: Tournament, round_no: int,
                      known: Collection[int] | None = None, noun: str = "player") -> Pairing:
    """A pairing in the ``-p`` format: a count, then ``white black`` per board, the bye as
    ``id 0``.  Malformed files and unknown players (``known``: the pairing numbers allowed,
    default the tournament's players; a team file's team numbers; ``noun``: what the system
    calls them) raise an :class:`InputError` naming the line."""
    ids = tournament.players if known is None else known
    name = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8-sig")
    except OSError as exc:
        raise FileAccessError(f"{name}: cannot read file: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise InputError("not a text file", name) from None
    lines = [(n, line.strip()) for n, line in enumerate(text.splitlines(), start=1) if line.strip()]
    if not lines:
        raise InputError("empty pairing file (expected the number of boards on the first line)", name)
    first_no, first = lines[0]
    if not is_number(first):
        raise InputError(f"expected the number of boards, found {first!r}", name, first_no)
    count = int(first)
    if count != len(lines) - 1:
        raise InputError(f"the first line announces {count} boards but {len(lines) - 1} follow", name, first_no)
    boards: list[Board] = []
    bye: int | None = None
    for number, line in lines[1:]:
        fields = line.split()
        if len(fields) != 2 or not all(is_number(f) for f in fields):
            raise InputError(f"expected two pairing numbers 'white black', found {line!r}", name, number)
        white, black = map(int, fields)
        for pid in (white, black):
            if pid and pid not in ids:
                raise InputError(f"{noun} {pid} is not in the tournament", name, number)
        if white == 0:
            raise InputError("the bye is written 'player 0', not '0 player'", name, number)
        if white == black:
            raise InputError(f"player {white} is paired against themself", name, number)
        if black == 0:
            if bye is not None:
                raise InputError(f"a second bye line (player {white}; the first gave it to {bye})", name, number)
            bye = white
        else:
            boards.append(Board(white, black, "-"))
    return Pairing(round_no, tuple(boards), bye)


# ---------------------------------------------------------------------------
# Colours
# ---------------------------------------------------------------------------


def _preference_text(p: PlayerState) -> str:
    if p.preference is None:
        return f"{who(p)} has no preference"
    colour = name_of(p.preference)
    strength = {Strength.ABSOLUTE: "an absolute", Strength.STRONG: "a strong", Strength.MILD: "a mild"}[p.strength]
    if p.strength is Strength.ABSOLUTE and p.repeated_colour == p.preference:  # RN-4: the difference decides
        return (f"{who(p)} has an absolute preference for {colour} (CD {p.colour_difference:+d}, after two "
                f"{colour}s: the colour difference comes first, C.04.1 rule 6 before rule 7)")
    return f"{who(p)} has {strength} preference for {colour} (CD {p.colour_difference:+d})"


def colour_reason(board: Board, players: dict[int, PlayerState], ranking: dict[int, int] | None = None) -> str:
    """Why a board has its colours, in words (C.04.3 E.1-E.5, the rule that decided).
    ``ranking``: the system's own order that E.4 reads (Burstein's Index order,
    ``RoundState.system_order``), when it has one; else score, then pairing number."""
    w, b = players[board.white], players[board.black]
    detail = f"{_preference_text(w)}; {_preference_text(b)}"
    granted = [p for p, colour in ((w, WHITE), (b, BLACK)) if p.preference == colour]
    higher = min(w, b, key=order_key)
    if board.article == "E.4" and ranking and w.id in ranking and b.id in ranking:
        higher = min(w, b, key=lambda p: ranking[p.id])
    rule = board.article
    if rule == "E.1":
        what = ("grants both colour preferences" if len(granted) == 2
                else f"grants the preference of {granted[0].id}, the other having none")
    elif rule == "E.2":
        what = f"grants the stronger preference, that of {granted[0].id}"
    elif rule == "E.3":
        what = "alternates the colours of the latest round in which the two had different colours"
    elif rule == "E.4" and board.decider not in (None, higher.id):
        what = f"grants the preference of the lower-ranked player, {board.decider}"
    elif rule == "E.4":
        what = f"grants the preference of the higher-ranked player, {higher.id}"
    elif rule == "E.5":
        parity = "odd: the initial colour" if higher.rank % 2 else "even: the other colour than the initial one"
        what = (f"neither has a preference: the higher-ranked {higher.id} gets the colour his pairing number "
                f"gives (pairing number {higher.rank}, {parity})")
    else:
        what = "colours as proposed"
    return f"{what} ({detail})"


def colour_finding(board: Board, players: dict[int, PlayerState], number: int,
                   ranking: dict[int, int] | None = None) -> Finding:
    """One board's colours and the rule of E.1-E.5 that gave them (``ranking``: :func:`colour_reason`)."""
    return Finding(f"C.04.3 {board.article}",
                   f"board {number} {board.white}-{board.black}: white {board.white}, which "
                   f"{colour_reason(board, players, ranking)}", players=(board.white, board.black))


# ---------------------------------------------------------------------------
# Entry points
# ---------------------------------------------------------------------------


def edition_text(result: PairingResult) -> str:
    """Which edition paired the round, and why (--rules, record 192, start date 042)."""
    return f"{result.rules.title} ({result.reason})"


def players_round(tournament: Tournament | str | Path, rule_set: str | RuleSet | None, settings: SolverSettings | None = None,
                  round_no: int | None = None, accelerate: str | None = None, initial_colour: str | None = None,
                  decisions: ArbiterDecisions | None = None) -> PairingResult:
    """The round an explanation of a file of players reads: :func:`cpswiss.api.pair`'s round
    (the next, or ``round_no`` re-paired) as its system's explanation reads it (``view``); a
    file of matches is refused in one line (its rounds are explained on matches,
    :func:`cpswiss.check.matches.explain_matches`)."""
    t = load_tournament(tournament)
    view = pair(t, rule_set, round_no, settings, decisions, initial_colour=initial_colour,
                accelerate=accelerate).view
    if not isinstance(view, PairingResult):
        raise InputError("a file of matches: its rounds are explained on matches "
                         "(cpswiss.check.matches.explain_matches)", t.path)
    return view


def explain_pairing(tournament: Tournament | str | Path, proposal: Pairing | str | Path | None = None,
                    round_no: int | None = None, rule_set: str | RuleSet | None = None,
                    settings: SolverSettings | None = None, accelerate: str | None = None) -> Explanation:
    """Compare a proposed pairing with the one the rules demand, and say which rule decides.

    ``proposal``: a Pairing or a ``-p`` file for the next round; when None,
    ``round_no`` names a round already in the file, whose pairing is examined.
    """
    t = load_tournament(tournament)
    if proposal is None:
        if round_no is None:
            raise InputError("nothing to explain: give a proposed pairing or a round of the file", t.path)
        if not 1 <= round_no <= t.last_paired_round:
            raise InputError(f"round {round_no} is not in the file ({t.paired_rounds_text()})", t.path)
        result = players_round(t, rule_set, settings=settings, round_no=round_no, accelerate=accelerate)
        # after the rule set (and the kind of file) is settled
        proposed = pairing_in_file(t, round_no, orient_like=result.pairing)
    else:
        result = players_round(t, rule_set, settings=settings, round_no=round_no, accelerate=accelerate)
        proposed = proposal if isinstance(proposal, Pairing) else read_pairing_file(
            proposal, t, result.state.round_no)
    return compare_with(t, result.rules, result, proposed, settings)


def explain_engine(tournament: Tournament | str | Path, rule_set: str | RuleSet | None = None,
                   settings: SolverSettings | None = None, round_no: int | None = None,
                   initial_colour: str | None = None) -> Explanation:
    """The engine's own pairing, with why each player floats, why the bye, why each colour."""
    t = load_tournament(tournament)
    result = players_round(t, rule_set, initial_colour=initial_colour, settings=settings, round_no=round_no)
    return account_of(result, settings, t.path)


def account_of(result: PairingResult, settings: SolverSettings | None, file: str) -> Explanation:
    """The explanation of an engine result: the system's account of its brackets, the bye, and
    why each board has its colours."""
    system = engine_of(system_of(result.rules)).explainer.account(result, settings)
    colours = [colour_finding(board, result.state.players, n, result.state.system_order)
               for n, board in enumerate(result.pairing.boards, start=1)]
    return in_edition_terms(Explanation(file, result.pairing.round_no, edition_text(result), result.pairing,
                                        None, [], system.brackets, None, colours, system.bye, system.terms,
                                        system.header), system.rules or result.rules)


def compare_with(t: Tournament, rules: RuleSet, result: PairingResult, proposed: Pairing,
                 settings: SolverSettings | None) -> Explanation:
    """A proposed pairing against an engine result: legality, then the system's first bracket
    where they differ with the criterion that decides there, or else the colours."""
    state = result.state
    violations = check_pairing(state, proposed, articles_of(rules))
    system = engine_of(system_of(rules)).explainer.compare(result, proposed, settings)
    colours: list[Finding] = []
    decisive = system.decisive
    if violations:
        v = violations[0]
        decisive = Finding(v.article, f"the proposal is illegal: {v.message}", players=v.players)
    elif decisive is None:
        colours, decisive = _colour_verdict(result, proposed)
    return in_edition_terms(Explanation(t.path, state.round_no, edition_text(result), result.pairing, proposed,
                                        violations, system.brackets, decisive, colours, terms=system.terms,
                                        header=system.header), system.rules or rules)


def in_edition_terms(explanation: Explanation, rules: RuleSet) -> Explanation:
    """The explanation with every article in the words of the rule set's edition (its
    ``[vocabulary]``: under 2026, ``E.4`` reads ``Art. 5.2.4`` and ``C.5`` reads ``[C6]``)."""
    if not rules.vocabulary:
        return explanation
    speak = rules.speak

    def finding(f: Finding | None) -> Finding | None:
        return None if f is None else replace(f, article=speak(f.article), message=speak(f.message))

    for a in explanation.brackets:
        a.kind, a.notes, a.verdict = speak(a.kind), [speak(n) for n in a.notes], finding(a.verdict)
    legality = "C.04.1, C.04.3 C.1-C.3"  # the heading of the legality check, in the edition's words
    return replace(explanation, terms={legality: speak(legality), **explanation.terms},
                   decisive=finding(explanation.decisive),
                   colours=[f for f in map(finding, explanation.colours) if f is not None],
                   bye=None if explanation.bye is None else speak(explanation.bye),
                   violations=[replace(v, article=speak(v.article), message=speak(v.message))
                               for v in explanation.violations])


def _colour_verdict(result: PairingResult, proposed: Pairing) -> tuple[list[Finding], Finding | None]:
    players = result.state.players
    given = {frozenset((bd.white, bd.black)): bd for bd in proposed.boards}
    colours = []
    decisive = None
    for n, board in enumerate(result.pairing.boards, start=1):
        finding = colour_finding(board, players, n, result.state.system_order)
        colours.append(finding)
        theirs = given[frozenset((board.white, board.black))]
        if decisive is None and theirs.white != board.white:
            decisive = Finding(finding.article, f"board {n}: the proposal gives white to {theirs.white}, the "
                               f"rules to {board.white}, which "
                               f"{colour_reason(board, players, result.state.system_order)}",
                               players=finding.players,
                               proposed=f"{theirs.white}-{theirs.black}", rules=f"{board.white}-{board.black}")
    return colours, decisive


__all__ = ["BracketAccount", "CheckReport", "Explanation", "Finding", "RoundCheck", "account_of",
           "check_tournament", "colour_finding", "explain_engine", "explain_pairing", "players_round", "read_pairing_file"]
