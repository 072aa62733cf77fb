"""Checking a whole tournament: every round of a file re-paired from the state before it and
compared with what was played.

Kept apart from the explanations (:mod:`cpswiss.check.explain`), which import far more: a
``cpswiss check`` process loads only what re-pairing and comparing need.
"""

from __future__ import annotations

import os
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING

from cpswiss.api import pair_round, prepare_tournament
from cpswiss.colours.decoder import Board, Pairing
from cpswiss.errors import InputError, NoPairingError
from cpswiss.formats.trf import read_trf
from cpswiss.api.selection import select_rule_set
from cpswiss.rulesets.ruleset import RuleSet
from cpswiss.tournament.model import Tournament

if TYPE_CHECKING:
    from pathlib import Path

    import pandas as pd

    from cpswiss.solver.settings import SolverSettings


def pairing_in_file(t: Tournament, round_no: int, orient_like: Pairing | None = None) -> Pairing:
    """The pairing of a round already in the file (colours as played).  A board whose colours
    the file does not record (a forfeit written ``0214 - -`` / ``0251 - +``: no game, so no
    colour was played) takes the colours ``orient_like`` gives the same two players, when it
    pairs them: a colour that was never played cannot be reversed (RF-4)."""
    boards, byes = t.pairing_of(round_no)
    if len(byes) > 1:
        raise InputError(f"round {round_no} gives the pairing-allocated bye to {len(byes)} players "
                         f"({', '.join(map(str, byes))})", t.path)
    if orient_like is not None:
        theirs = {(b.white, b.black) for b in orient_like.boards}
        boards = [(b, w) if (b, w) in theirs and _colours_unrecorded(t, round_no, w, b) else (w, b)
                  for w, b in boards]
    return Pairing(round_no, tuple(Board(w, b, "-") for w, b in boards), byes[0] if byes else None)


def _colours_unrecorded(t: Tournament, round_no: int, a: int, b: int) -> bool:
    """Neither block of the board of ``a`` and ``b`` in ``round_no`` gives a colour."""
    return all((e := t.players[p].entry(round_no)) is not None and e.colour is None for p in (a, b))


def load_tournament(tournament: Tournament | str | Path) -> Tournament:
    """A tournament given as itself or by the path of its file."""
    return read_trf(tournament) if isinstance(tournament, (str, os.PathLike)) else tournament


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
    """Every round of a file re-paired and compared, under the rule set named with why it applies."""

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
    t = load_tournament(tournament)
    rules, reason = select_rule_set(t, rule_set, accelerate)
    last = t.last_paired_round
    wanted = rounds if rounds is not None else list(range(1, last + 1))
    for r in wanted:
        if not 1 <= r <= last:
            raise InputError(f"round {r} is not in the file ({t.paired_rounds_text()})", t.path)
    if not wanted:
        return CheckReport(t.path, f"{rules.title} ({reason})", [])
    prepared = prepare_tournament(t, rules)  # accelerated once, its history summed once for every round
    checks = []
    for r in wanted:
        try:
            engine = pair_round(prepared, r, settings).pairing
        except NoPairingError as exc:
            played = pairing_in_file(t, r)
            checks.append(RoundCheck(r, False, [], [], [], played.bye, None, error=exc.one_line()))
            continue
        played = pairing_in_file(t, r, orient_like=engine)
        ours = {(b.white, b.black) for b in engine.boards}
        theirs = {(b.white, b.black) for b in played.boards}
        reversed_ = sorted(p for p in theirs - ours if (p[1], p[0]) in ours)
        missing = sorted(p for p in ours - theirs if (p[1], p[0]) not in theirs)
        extra = sorted(p for p in theirs - ours if (p[1], p[0]) not in ours)
        agrees = not (missing or extra or reversed_) and engine.bye == played.bye
        checks.append(RoundCheck(r, agrees, missing, extra, reversed_, played.bye, engine.bye))
    return CheckReport(t.path, f"{rules.title} ({reason})", checks)


__all__ = ["CheckReport", "RoundCheck", "check_tournament", "load_tournament", "pairing_in_file"]
