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

Values are compared on the same bracket graph the engine solved (the
bracket's MDPs and residents and the players below): the proposal's pairs
inside the bracket are fixed and the rest of the step (the look-ahead of C.7)
is optimised, exactly as for the engine's own choice.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING

from cpswiss.api import PairingResult, pair_tournament
from cpswiss.check.checker import Violation, check_pairing
from cpswiss.colours.decoder import Board, Pairing
from cpswiss.criteria.absolute import compatible
from cpswiss.criteria.bracket import Bracket
from cpswiss.criteria.units import bracket_levels
from cpswiss.errors import FileAccessError, InputError, NoPairingError
from cpswiss.formats.trf import Tournament, format_points, is_number, read_trf
from cpswiss.rulesets.ruleset import Criterion, RuleSet, select_rule_set
from cpswiss.solver.model import SolverSettings
from cpswiss.systems.dutch.parameters import bracket_parameters
from cpswiss.systems.dutch.procedure import (
    BracketRecord,
    generation_order,
    optimum_given,
    readable_values,
)
from cpswiss.tournament.state import (
    BLACK,
    WHITE,
    Float,
    PlayerState,
    Strength,
    order_key,
)

if TYPE_CHECKING:
    import pandas as pd

# ---------------------------------------------------------------------------
# Results
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Finding:
    """One reason: the article that decides, in words, with the values compared."""

    article: str  # e.g. "C.04.3 C.10", "C.04.3 B.8 / D.1", "C.04.3 E.2"
    message: str
    players: tuple[int, ...] = ()
    proposed: str | None = None
    rules: str | None = None

    def __str__(self) -> str:
        return f"{self.article}: {self.message}"


@dataclass
class BracketAccount:
    """One bracket step as the engine paired it, and the proposal's choice there."""

    number: int
    score: str  # the residents' score
    kind: str  # homogeneous, heterogeneous, PPB, collapsed last bracket, last bracket
    residents: list[int]
    mdps: list[int]
    s1: list[int]
    s2: list[int]
    limbo: list[int]
    remainder_s1: list[int]  # heterogeneous brackets: the remainder (B.3), before exchanges
    remainder_s2: list[int]
    pairs: list[tuple[int, int]]  # the engine's pairs inside the bracket
    downfloaters: list[int]
    values: dict[str, tuple[int, ...]] = field(default_factory=dict)  # as a reader counts
    proposed_pairs: list[tuple[int, int]] | None = None
    proposed_downfloaters: list[int] | None = None
    proposed_values: dict[str, tuple[int, ...]] | None = None
    notes: list[str] = field(default_factory=list)
    verdict: Finding | None = None

    @property
    def agrees(self) -> bool | None:
        if self.proposed_pairs is None:
            return None
        return {frozenset(p) for p in self.proposed_pairs} == {frozenset(p) for p in self.pairs}


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
                out.append(f"  {term('MDPs')} {_ids(a.mdps)}; residents {_ids(a.residents)}")
            else:
                out.append(f"  residents {_ids(a.residents)}")
            out.append(f"  S1 {_ids(a.s1)}; S2 {_ids(a.s2)}" + (f"; limbo {_ids(a.limbo)}" if a.limbo else ""))
            if a.remainder_s1 or a.remainder_s2:
                out.append(f"  remainder: S1 {_ids(a.remainder_s1)}; S2 {_ids(a.remainder_s2)}")
            out.append(f"  rules:    {_pairs(a.pairs)}"
                       + (f"; {term('floating')} {_ids(a.downfloaters)}" if a.downfloaters else ""))
            if a.proposed_pairs is not None:
                if a.agrees:
                    out.append("  proposal: the same")
                else:
                    floating = (f"; {term('floating')} {_ids(a.proposed_downfloaters)}"
                                if a.proposed_downfloaters else "")
                    out.append(f"  proposal: {_pairs(a.proposed_pairs)}{floating}")
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


def who(p: PlayerState) -> str:
    """A player as an arbiter names him: pairing number, name and score, e.g. ``5 Eloise (3.0)``."""
    return f"{p.id} {p.name} ({p.score_text})" if p.name else f"{p.id} ({p.score_text})"


def _ids(ids: list[int]) -> str:
    return "[" + " ".join(map(str, ids)) + "]"


def _pairs(pairs: list[tuple[int, int]]) -> str:
    return " ".join(f"{a}-{b}" for a, b in pairs) if pairs else "(no pair)"


# ---------------------------------------------------------------------------
# Reading a proposed pairing
# ---------------------------------------------------------------------------


def read_pairing_file(path: str | Path, tournament: Tournament, round_no: int) -> Pairing:
    """A pairing in the ``-p`` format: a count, then ``white black`` per board, the bye as
    ``id 0``.  Malformed files and unknown players raise an :class:`InputError` naming the line."""
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
            if pid and pid not in tournament.players:
                raise InputError(f"player {pid} is not in the tournament", name, number)
        if white == 0:
            raise InputError("the bye is written 'player 0', not '0 player'", name, number)
        if black == 0:
            if bye is not None:
                raise InputError(f"a second bye line (player {white}; the first gave it to {bye})", name, number)
            bye = white
        else:
            boards.append(Board(white, black, "-"))
    return Pairing(round_no, tuple(boards), bye)


def _pairing_in_file(t: Tournament, round_no: int) -> Pairing:
    boards, byes = t.pairing_of(round_no)
    if len(byes) > 1:
        raise InputError(f"round {round_no} gives the pairing-allocated bye to {len(byes)} players "
                         f"({', '.join(map(str, byes))})", t.path)
    return Pairing(round_no, tuple(Board(w, b, "-") for w, b in boards), byes[0] if byes else None)


# ---------------------------------------------------------------------------
# The account of each bracket
# ---------------------------------------------------------------------------


def _kind(record: BracketRecord, previous: BracketRecord | None) -> str:
    if record.collapsed:
        return "PPB (A.9: re-paired with every player below it)"
    if record.bracket is not None and record.bracket.holds_rest:
        return ("heterogeneous" if record.mdps else "homogeneous") + \
            " ([C4]: re-paired on a model holding every remaining player)"
    if record.special:
        if previous is not None and previous.collapsed:
            return "collapsed last bracket (A.9)"
        return "last bracket"
    return "heterogeneous" if record.mdps else "homogeneous"


def criterion_article(rules: RuleSet, cid: str) -> str:
    """How the edition cites a criterion: ``C.04.3 C.10`` (2017), ``C.04.3 Art. 2.4.7 [C12]``
    (2026), from the rule set's ``article`` and ``label``."""
    c = next((c for c in rules.criteria if c.id == cid), None)
    if c is None or not c.article:
        return f"C.04.3 C.{cid[1:]}" if cid[:1] == "C" and cid[1:].isdigit() else cid
    return c.article if c.label == cid or c.label in c.article else f"{c.article} {c.label}"


def _level_label(label: str, name: str) -> str:
    return name[len(label):].strip() if name.startswith(label) else name


def first_difference(b: Bracket, rules: RuleSet, ours: dict[str, tuple[int, ...]],
                     theirs: dict[str, tuple[int, ...]], theirs_name: str = "proposed") -> Finding | None:
    """The first criterion (rule-set order) on which two choices of the step differ."""
    for cid, levels in bracket_levels(b, rules.criteria):
        for level, mine, other in zip(levels, ours[cid], theirs[cid]):
            if mine != other:
                worse = "fewer" if level.sense < 0 else "more"
                label = _level_label(rules.label(cid), level.name)
                return Finding(criterion_article(rules, cid), f"{label}: {theirs_name} {level.shown(other)}, rules "
                               f"{level.shown(mine)} ({worse} is worse)",
                               proposed=str(level.shown(other)), rules=str(level.shown(mine)))
    return None


def generation_difference(b: Bracket, ours: list[tuple[int, int]], theirs: list[tuple[int, int]],
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
    for number, record in enumerate(result.brackets, start=1):
        s1, s2, limbo, rem_s1, rem_s2 = _structure(record)
        account = BracketAccount(
            number=number, score=format_points(record.score), kind=_kind(record, previous),
            residents=record.residents, mdps=record.mdps, s1=s1, s2=s2, limbo=limbo,
            remainder_s1=rem_s1, remainder_s2=rem_s2,
            pairs=list(record.pairs), downfloaters=record.downfloaters)
        style = result.rules.procedure.bracket_parameters
        if style:
            players = [result.state.players[pid] for pid in record.mdps + record.residents]
            parameters = bracket_parameters(players, len(record.mdps), result.state.round_no, style)
            account.notes.append(parameters.text(style))
        if record.collapsed:
            stranded = _stranded(record, result) if result.rules.criterion("stranded-downfloaters") else []
            if stranded:
                account.notes.append(
                    f"C.12: its downfloater{'s' if len(stranded) > 1 else ''} {_ids(stranded)} could "
                    "meet nobody below (B.1, B.2), and no other choice of downfloaters does better: "
                    "going back to this bracket (the backtrack) cannot help")
            account.notes.append(
                f"A.9: its best pairing on C.5-C.19 ({_pairs(record.abandoned_pairs)}, floating "
                f"{_ids(record.abandoned_downfloaters)}) leaves players below it that cannot all be "
                "paired (C.4), so it is the PPB and is re-paired together with every lower player; "
                "the brackets below it collapse into the last bracket")
        accounts.append(account)
        previous = record
    return accounts


def _stranded(record: BracketRecord, result: PairingResult) -> list[int]:
    """2013 C.1 / C.12: the downfloaters of a PPB's first pairing who may meet nobody below it."""
    b, state = record.bracket, result.state
    below = b.vertices[b.n_bracket:]
    return [pid for pid in record.abandoned_downfloaters
            if not any(compatible(state.players[pid], q, state) for q in below)]


def _vertex(b: Bracket, pid: int) -> int:
    return b.vertex_of[pid]


def _inside_edges(b: Bracket, pairs: list[tuple[int, int]]) -> list[int] | None:
    """The bracket edges of these pairs (None if one of them is not an edge)."""
    index = {b.edges[e]: e for e in b.inside}
    out = []
    for x, y in pairs:
        i, j = sorted((_vertex(b, x), _vertex(b, y)))
        if (i, j) not in index:
            return None
        out.append(index[(i, j)])
    return out


def _vertex_pairs(b: Bracket, pairs: list[tuple[int, int]]) -> list[tuple[int, int]]:
    return [tuple(sorted((_vertex(b, x), _vertex(b, y)))) for x, y in pairs]


# ---------------------------------------------------------------------------
# Colours
# ---------------------------------------------------------------------------


def _preference_text(p: PlayerState) -> str:
    if p.preference is None:
        return f"{who(p)} has no preference"
    colour = "white" if p.preference == "W" else "black"
    strength = {Strength.ABSOLUTE: "an absolute", Strength.STRONG: "a strong", Strength.MILD: "a mild"}[p.strength]
    return f"{who(p)} has {strength} preference for {colour} (CD {p.colour_difference:+d})"


def colour_reason(board: Board, players: dict[int, PlayerState]) -> str:
    """Why a board has its colours, in words (C.04.3 E.1-E.5, the rule that decided)."""
    w, b = players[board.white], players[board.black]
    detail = f"{_preference_text(w)}; {_preference_text(b)}"
    granted = [p for p, colour in ((w, WHITE), (b, BLACK)) if p.preference == colour]
    higher = min(w, b, key=order_key)
    rule = board.colour_rule
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
        what = (f"neither has a preference: the higher-ranked {higher.id} gets the colour his "
                f"pairing number gives from the initial colour")
    else:
        what = "colours as proposed"
    return f"{what} ({detail})"


def colour_finding(board: Board, players: dict[int, PlayerState], number: int) -> Finding:
    """One board's colours and the rule of E.1-E.5 that gave them."""
    return Finding(f"C.04.3 {board.colour_rule}",
                   f"board {number} {board.white}-{board.black}: white {board.white}, which "
                   f"{colour_reason(board, players)}", players=(board.white, board.black))


# ---------------------------------------------------------------------------
# Entry points
# ---------------------------------------------------------------------------


def edition_text(result: PairingResult) -> str:
    """Which edition paired the round, and why (--rules, record 192, start date 042)."""
    return f"{result.rules.title} ({result.rules_reason})"


def _load(tournament: Tournament | str | Path) -> Tournament:
    return read_trf(tournament) if isinstance(tournament, (str, Path)) else tournament


def explain_pairing(tournament: Tournament | str | Path, proposal: Pairing | str | Path | None = None,
                    round_no: int | None = None, rule_set: str | RuleSet | None = None,
                    settings: SolverSettings | None = None, accelerate: str | None = None) -> Explanation:
    """Compare a proposed pairing with the one the rules demand, and say which rule decides.

    ``proposal``: a Pairing or a ``-p`` file for the next round; when None,
    ``round_no`` names a round already in the file, whose pairing is examined.
    """
    t = _load(tournament)
    if proposal is None and round_no is None:
        raise InputError("nothing to explain: give a proposed pairing or a round of the file", t.path)
    if round_no is not None and proposal is None:
        if not 1 <= round_no <= t.last_paired_round:
            raise InputError(f"round {round_no} is not in the file ({t.paired_rounds_text()})", t.path)
        proposed = _pairing_in_file(t, round_no)
        result = pair_tournament(t, rule_set, settings=settings, round_no=round_no, accelerate=accelerate)
    else:
        result = pair_tournament(t, rule_set, settings=settings, round_no=round_no, accelerate=accelerate)
        proposed = proposal if isinstance(proposal, Pairing) else read_pairing_file(
            proposal, t, result.state.round_no)
    return compare_with(t, result.rules, result, proposed, settings)


def explain_engine(tournament: Tournament | str | Path, rule_set: str | RuleSet | None = None,
                   settings: SolverSettings | None = None, round_no: int | None = None,
                   initial_colour: str | None = None) -> Explanation:
    """The engine's own pairing, with why each player floats, why the bye, why each colour."""
    t = _load(tournament)
    result = pair_tournament(t, rule_set, initial_colour=initial_colour, settings=settings, round_no=round_no)
    return account_of(result, settings, t.path)


def account_of(result: PairingResult, settings: SolverSettings | None, file: str) -> Explanation:
    """The explanation of an engine result (floats, bye, colours)."""
    rules = result.rules
    if result.groups:
        return _group_account_of(result, settings, file)
    accounts = _accounts(result)
    for record, account in zip(result.brackets, accounts):
        b = record.bracket
        ours = record.values(rules, settings)
        account.values = readable_values(b, rules, ours)
        account.notes += relaxation_notes(record, rules, account.values, result.state)
        size = len(record.mdps) + len(record.residents)
        if record.downfloaters:
            pairs_label = (rules.criterion("pairs") or Criterion("C5", "quality", "pairs")).label
            account.notes.append(f"{pairs_label}: {size} player{'s' if size > 1 else ''}, at most "
                                 f"{len(record.pairs)} pair{'s' if len(record.pairs) != 1 else ''}")
        is_bye = record is result.brackets[-1] and result.pairing.bye is not None
        for pid in record.downfloaters:
            what = "gets the pairing-allocated bye" if is_bye and pid == result.pairing.bye else "floats down"
            account.notes.append(f"{who(result.state.players[pid])} {what}: "
                                 f"{_why_unpaired(b, rules, settings, record, ours, pid)}")
    colours = [colour_finding(board, result.state.players, n)
               for n, board in enumerate(result.pairing.boards, start=1)]
    return in_edition_terms(Explanation(file, result.pairing.round_no, edition_text(result), result.pairing,
                                        None, [], accounts, None, colours, _bye_reason(result, accounts)),
                            rules)


def _group_account_of(result: PairingResult, settings: SolverSettings | None, file: str) -> Explanation:
    """The FIDE Swiss 1999 account: score groups, transfers and cracks (:mod:`.groups`)."""
    from cpswiss.check.groups import TERMS, bye_reason, group_accounts, median_text

    accounts = group_accounts(result.groups, result.state, result.rules, settings)
    colours = [colour_finding(board, result.state.players, n)
               for n, board in enumerate(result.pairing.boards, start=1)]
    return in_edition_terms(Explanation(file, result.pairing.round_no, edition_text(result), result.pairing,
                                        None, [], accounts, None, colours,
                                        bye_reason(result.state, result.pairing.bye), TERMS,
                                        median_text(result.state, result.groups)), result.rules)


def relaxation_notes(record: BracketRecord, rules: RuleSet, values: dict[str, tuple[int, ...]],
                     state) -> list[str]:
    """2013 C.10 (C.04.3.1): which relaxation steps the bracket's pairing needed.

    A criterion with a ``relaxation`` parameter (the 2013 file: C.10.a-f) was given up
    where the rules' pairing does not meet it; one with ``allowance = "X1"`` (B.4) only
    beyond the X1 colour failures that A.8 allows from the start."""
    notes = []
    players = [state.players[pid] for pid in record.mdps + record.residents]
    style = rules.procedure.bracket_parameters or "A.6-A.8"
    x1 = bracket_parameters(players, len(record.mdps), state.round_no, style).x1
    b = record.bracket
    for c in sorted((c for c in rules.criteria if "relaxation" in c.params), key=lambda c: c.params["relaxation"]):
        count = values.get(c.id, (0,))[0] if values.get(c.id) else 0
        if c.params.get("float") == "down":
            # as the text counts it: a resident who floats down again although somebody of
            # the bracket could meet him (an MDP's float was counted where he came from, and
            # a player nobody may meet moves down by C.1, not by a relaxation)
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
    for account in accounts:
        for note in account.notes:
            if note.startswith(f"{bye} gets the pairing-allocated bye"):
                return f"{note} (bracket {account.number})"
    return (f"{bye} gets the pairing-allocated bye: he is the one player left once every bracket above "
            "has paired as many players as it can (C.5), and he may receive it (C.2)")


def _why_unpaired(b: Bracket, rules: RuleSet, settings: SolverSettings | None, record: BracketRecord,
                  ours: dict[str, tuple[int, ...]], pid: int) -> str:
    """The counterfactual: pair the player inside the bracket, and see what it costs."""
    v = _vertex(b, pid)
    if not b.incident_in_bracket[v]:
        return "no player of the bracket may meet him (C.1 / C.3)"
    other = optimum_given(b, rules, settings, paired_inside=v)
    if other is None:
        return "he cannot be paired inside the bracket (C.1 / C.3)"
    values, chosen = other
    finding = first_difference(b, rules, ours, values, theirs_name="pairing him")
    if finding is not None:
        return f"{finding.article} - {finding.message}"
    alt = [b.edges[e] for e in chosen if b.edges[e][1] < b.n_bracket]
    tie = generation_difference(b, _vertex_pairs(b, record.pairs), alt, theirs_name="pairing him")
    return f"{tie.article} - {tie.message}"


def compare_with(t: Tournament, rules: RuleSet, result: PairingResult, proposed: Pairing,
                 settings: SolverSettings | None) -> Explanation:
    """A proposed pairing against an engine result: legality, then the first bracket where
    they differ with every criterion value of both there, or else the colours."""
    state = result.state
    violations = check_pairing(state, proposed)
    terms, header = {}, ""
    if result.groups:
        from cpswiss.check.groups import TERMS, group_accounts, median_text

        accounts = group_accounts(result.groups, state, rules, settings)
        terms, header = TERMS, median_text(state, result.groups)
    else:
        accounts = _accounts(result)
    decisive: Finding | None = None
    colours: list[Finding] = []
    if violations:
        v = violations[0]
        decisive = Finding(v.article, f"the proposal is illegal: {v.message}", players=v.players)
    elif result.groups:
        from cpswiss.check.groups import compare_groups

        decisive = compare_groups(result.groups, accounts, {frozenset((bd.white, bd.black))
                                                            for bd in proposed.boards}, rules, settings)
        if decisive is None and proposed.bye != result.pairing.bye:
            decisive = Finding("FIDE Swiss 1999 item 8.1", f"the bye goes to {result.pairing.bye}, "
                               f"not {proposed.bye}", proposed=str(proposed.bye), rules=str(result.pairing.bye))
        if decisive is None:
            colours, decisive = _colour_verdict(result, proposed)
    else:
        proposed_pairs = {frozenset((bd.white, bd.black)) for bd in proposed.boards}
        for record, account in zip(result.brackets, accounts):
            members = set(record.mdps) | set(record.residents)
            order = {pid: k for k, pid in enumerate(record.mdps + record.residents)}
            mine = sorted((tuple(sorted(p, key=order.__getitem__)) for p in proposed_pairs if p <= members),
                          key=lambda pair: order[pair[0]])
            account.proposed_pairs = mine
            paired = {p for pair in mine for p in pair}
            account.proposed_downfloaters = [p for p in record.mdps + record.residents if p not in paired]
            if account.agrees:
                continue
            account.verdict = _bracket_verdict(record, rules, settings, mine, account)
            decisive = account.verdict
            break
        if decisive is None:
            colours, decisive = _colour_verdict(result, proposed)
    return in_edition_terms(Explanation(t.path, state.round_no, edition_text(result), result.pairing, proposed,
                                        violations, accounts, decisive, colours, terms=terms, header=header),
                            rules)


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
    return replace(explanation, decisive=finding(explanation.decisive),
                   colours=[finding(f) for f in explanation.colours],
                   bye=None if explanation.bye is None else speak(explanation.bye),
                   violations=[replace(v, article=speak(v.article), message=speak(v.message))
                               for v in explanation.violations])


def _bracket_verdict(record: BracketRecord, rules: RuleSet, settings: SolverSettings | None,
                     mine: list[tuple[int, int]], account: BracketAccount) -> Finding:
    b = record.bracket
    edges = _inside_edges(b, mine)
    if edges is None:
        return Finding("C.04.3 B.3", "the proposal pairs two MDPs with each other, which no candidate of "
                       "the bracket does (MDPs meet residents)", proposed=_pairs(mine), rules=_pairs(record.pairs))
    ours = record.values(rules, settings)
    theirs = optimum_given(b, rules, settings, inside=edges)
    if theirs is None:
        return Finding("C.04.3 C.4", "the players below cannot all be paired after the proposal's choice")
    account.values = readable_values(b, rules, ours)
    account.proposed_values = readable_values(b, rules, theirs[0])
    finding = first_difference(b, rules, ours, theirs[0])
    if finding is None:
        finding = generation_difference(b, _vertex_pairs(b, record.pairs), _vertex_pairs(b, mine))
    return finding


def _colour_verdict(result: PairingResult, proposed: Pairing) -> tuple[list[Finding], Finding | None]:
    players = result.state.players
    given = {frozenset((bd.white, bd.black)): bd for bd in proposed.boards}
    colours = []
    decisive = None
    for n, board in enumerate(result.pairing.boards, start=1):
        finding = colour_finding(board, players, n)
        colours.append(finding)
        theirs = given[frozenset((board.white, board.black))]
        if decisive is None and theirs.white != board.white:
            decisive = Finding(finding.article, f"board {n}: the proposal gives white to {theirs.white}, the "
                               f"rules to {board.white}, which {colour_reason(board, players)}",
                               players=finding.players,
                               proposed=f"{theirs.white}-{theirs.black}", rules=f"{board.white}-{board.black}")
    return colours, decisive


# ---------------------------------------------------------------------------
# Checking a whole tournament
# ---------------------------------------------------------------------------


@dataclass
class RoundCheck:
    """One round of a file re-paired from the state before it."""

    round_no: int
    agrees: bool
    missing: list[tuple[int, int]]  # boards the rules demand that were not played (white, black)
    extra: list[tuple[int, int]]  # boards played that the rules do not give
    colours: list[tuple[int, int]]  # boards played with the colours reversed (as played)
    bye_played: int | None
    bye_rules: int | None
    error: str | None = None  # the round could not be re-paired (message)


@dataclass
class CheckReport:
    file: str
    rule_set: str
    rounds: list[RoundCheck]

    @property
    def agrees(self) -> bool:
        return all(r.agrees for r in self.rounds)

    def frame(self) -> pd.DataFrame:
        import pandas as pd
        return pd.DataFrame([asdict(r) for r in self.rounds])

    def as_dict(self) -> dict:
        return {"file": self.file, "rule_set": self.rule_set, "agrees": self.agrees,
                "rounds": [asdict(r) for r in self.rounds]}

    def text(self) -> str:
        out = [f"{self.file} - {self.rule_set}"]
        for r in self.rounds:
            if r.error:
                out.append(f"round {r.round_no}: cannot be re-paired: {r.error}")
            elif r.agrees:
                out.append(f"round {r.round_no}: agrees")
            else:
                out.append(f"round {r.round_no}: DIFFERS")
                out += [f"  rules demand {w}-{b}, not played" for w, b in r.missing]
                out += [f"  played {w}-{b}, not what the rules give" for w, b in r.extra]
                out += [f"  played {w}-{b} with colours reversed (rules: {b}-{w})" for w, b in r.colours]
                if r.bye_played != r.bye_rules:
                    out.append(f"  bye: played {r.bye_played or 'none'}, rules {r.bye_rules or 'none'}")
        differing = [r.round_no for r in self.rounds if not r.agrees]
        out.append("all rounds agree" if not differing else
                   "rounds that differ: " + ", ".join(map(str, differing)))
        return "\n".join(out)


def check_tournament(tournament: Tournament | str | Path, rule_set: str | RuleSet | None = None,
                     rounds: list[int] | None = None, settings: SolverSettings | None = None,
                     accelerate: str | None = None) -> CheckReport:
    """Re-pair every round in the file (or the given ones) and compare with what was played."""
    t = _load(tournament)
    rules, reason = select_rule_set(t, rule_set, accelerate)
    last = t.last_paired_round
    wanted = rounds if rounds is not None else list(range(1, last + 1))
    for r in wanted:
        if not 1 <= r <= last:
            raise InputError(f"round {r} is not in the file ({t.paired_rounds_text()})", t.path)
    checks = []
    for r in wanted:
        played = _pairing_in_file(t, r)
        try:
            engine = pair_tournament(t, rules, settings=settings, round_no=r).pairing
        except NoPairingError as exc:
            checks.append(RoundCheck(r, False, [], [], [], played.bye, None, error=exc.one_line()))
            continue
        ours = {(b.white, b.black) for b in engine.boards}
        theirs = {(b.white, b.black) for b in played.boards}
        reversed_ = sorted(p for p in theirs - ours if (p[1], p[0]) in ours)
        missing = sorted(p for p in ours - theirs if (p[1], p[0]) not in theirs)
        extra = sorted(p for p in theirs - ours if (p[1], p[0]) not in ours)
        agrees = not (missing or extra or reversed_) and engine.bye == played.bye
        checks.append(RoundCheck(r, agrees, missing, extra, reversed_, played.bye, engine.bye))
    return CheckReport(t.path, f"{rules.title} ({reason})", checks)


__all__ = ["BracketAccount", "CheckReport", "Explanation", "Finding", "RoundCheck", "account_of",
           "check_tournament", "colour_finding", "explain_engine", "explain_pairing", "read_pairing_file"]
