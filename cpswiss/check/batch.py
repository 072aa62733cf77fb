"""Checking many tournaments in one process: ``cpswiss check FILE_OR_FOLDER ...``.

Each tournament is checked as :func:`cpswiss.check.rounds.check_tournament` checks one (every
round re-paired from the state before it, the history read once) and summed up in one
:class:`TournamentVerdict`: every round agrees, some rounds differ, or the file is refused (one
line: why).  A refused file never ends the run.  The process pays its start-up (imports, rule
files) once for all the files.  A file with a rank column has it checked against its tie-break
list as the one-file check does (:func:`cpswiss.check.ranking.rank_report`, C.07 Art. 4.2): its
line says what the ranks break, and a rank column out of order makes the run's exit code 1.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from cpswiss.check.ranking import RankReport, rank_report
from cpswiss.check.rounds import CheckReport, RoundCheck, check_tournament, differing_text, load_tournament
from cpswiss.errors import (
    EXIT_FILE_ACCESS,
    EXIT_INVALID_INPUT,
    EXIT_NO_PAIRING,
    EXIT_OK,
    EXIT_TOO_LARGE,
    EXIT_UNEXPECTED,
    CpswissError,
)

if TYPE_CHECKING:
    from cpswiss.rulesets.ruleset import RuleSet
    from cpswiss.solver.settings import SolverSettings
    from cpswiss.tournament.model import Tournament

AGREE, DIFFER, REFUSED, ERROR = "agree", "differ", "refused", "error"


@dataclass
class TournamentVerdict:
    """One tournament of a batch: its verdict (``agree``, ``differ``, ``refused`` - an input or
    file problem -, ``error`` - a fault of cpswiss), its rounds, and the rounds that differ with
    what differs in each; ``ranks`` the check of its rank column (None: the file has none)."""

    file: str
    verdict: str
    rounds: int = 0
    rule_set: str = ""
    differing: list[RoundCheck] = field(default_factory=list)
    reason: str = ""  # why refused, or the error
    ranks: RankReport | None = None

    @classmethod
    def of(cls, report: CheckReport, ranks: RankReport | None = None) -> TournamentVerdict:
        differing = [r for r in report.rounds if not r.agrees]
        return cls(report.file, DIFFER if differing else AGREE, len(report.rounds), report.rule_set, differing,
                   ranks=ranks)

    @property
    def ranks_checked(self) -> bool:
        return self.ranks is not None and self.ranks.check is not None

    @property
    def ranks_agree(self) -> bool:
        return self.ranks is None or self.ranks.agrees

    @property
    def differing_rounds(self) -> list[int]:
        return [r.round_no for r in self.differing]

    def line(self) -> str:
        """One line, in the words of the single-file check."""
        checked = f"{self.rounds} round" + ("" if self.rounds == 1 else "s")
        ranks = f"; {self.ranks.line()}" if self.ranks is not None and self.ranks_checked else ""
        if self.verdict == AGREE:
            return f"{self.file}: all rounds agree ({checked}){ranks}"
        if self.verdict == DIFFER:
            return f"{self.file}: {differing_text(self.differing_rounds)} (of {checked}){ranks}"
        return f"{self.file}: {self.verdict}: {self.reason}"

    def as_dict(self) -> dict:
        return {"file": self.file, "verdict": self.verdict, "rounds": self.rounds, "rule_set": self.rule_set,
                "differing_rounds": self.differing_rounds, "differing": [asdict(r) for r in self.differing],
                "reason": self.reason, "ranks": None if self.ranks is None else self.ranks.as_dict()}


def tournament_files(paths: Iterable[str]) -> list[Path]:
    """The files named, and every ``*.trf`` under the folders named (sorted, recursively)."""
    files: list[Path] = []
    for p in paths:
        path = Path(p)
        if path.is_dir():
            files.extend(sorted(f for f in path.rglob("*.trf") if f.is_file()))
        else:
            files.append(path)  # a missing file is refused on its own line
    return files


def is_refusal(exc: CpswissError) -> bool:
    """The file is refused (invalid, unreadable, too large), not a fault of cpswiss."""
    return exc.exit_code in (EXIT_INVALID_INPUT, EXIT_FILE_ACCESS, EXIT_TOO_LARGE)


def check_one(path: str | Path, rule_set: str | RuleSet | None = None, settings: SolverSettings | None = None,
              accelerate: str | None = None, rounds: list[int] | None = None, initial_colour: str | None = None,
              read: Callable[[str], Tournament] | None = None, tiebreaks: str | None = None,
              edition: str | None = None) -> TournamentVerdict:
    """One tournament's verdict, by the system its file asks for (a team or Double-Swiss file
    too: :func:`cpswiss.check.rounds.check_tournament`), with its rank column checked against
    its list (``tiebreaks``: ``--tiebreaks``, else the file's 202 / 212; ``edition``: C.07's);
    a problem with the file (a malformed list included), or a fault, is its verdict, not an
    exception.  ``read``: how the file is read (the command's ``--recompute-points``,
    ``--rounds``, ``--rating``), else as it is."""
    try:
        tournament = read(str(path)) if read is not None else load_tournament(str(path))
        ranks = rank_report(tournament, tiebreaks, edition)
        return TournamentVerdict.of(check_tournament(tournament, rule_set, rounds, settings, accelerate,
                                                     initial_colour), ranks)
    except CpswissError as exc:
        return TournamentVerdict(str(path), REFUSED if is_refusal(exc) else ERROR, reason=exc.one_line())
    except Exception as exc:  # a bug: the run goes on, the tournament is counted as one
        return TournamentVerdict(str(path), ERROR, reason=f"unexpected error: {type(exc).__name__}: {exc}")


def check_many(paths: Iterable[str | Path], rule_set: str | RuleSet | None = None,
               settings: SolverSettings | None = None, accelerate: str | None = None,
               rounds: list[int] | None = None, initial_colour: str | None = None,
               read: Callable[[str], Tournament] | None = None, tiebreaks: str | None = None,
               edition: str | None = None) -> Iterator[TournamentVerdict]:
    """Every tournament's verdict, in order (:func:`check_one`)."""
    for path in paths:
        yield check_one(path, rule_set, settings, accelerate, rounds, initial_colour, read, tiebreaks, edition)


@dataclass
class BatchSummary:
    """The counts of a batch: tournaments and rounds, by verdict."""

    tournaments: int = 0
    rounds: int = 0
    agreeing: int = 0
    differing: int = 0
    refused: int = 0
    errors: int = 0
    differing_rounds: int = 0
    ranks_checked: int = 0  # files whose rank column was checked against their list
    ranks_out_of_order: int = 0

    def add(self, verdict: TournamentVerdict) -> None:
        self.tournaments += 1
        self.ranks_checked += verdict.ranks_checked
        self.ranks_out_of_order += not verdict.ranks_agree
        self.rounds += verdict.rounds
        self.differing_rounds += len(verdict.differing)
        if verdict.verdict == AGREE:
            self.agreeing += 1
        elif verdict.verdict == DIFFER:
            self.differing += 1
        elif verdict.verdict == REFUSED:
            self.refused += 1
        else:
            self.errors += 1

    def line(self) -> str:
        errors = f", {self.errors} failed" if self.errors else ""
        ranks = (f"; rank columns {self.ranks_checked} checked, {self.ranks_out_of_order} out of order"
                 if self.ranks_checked else "")
        return (f"tournaments {self.tournaments}, rounds {self.rounds}: {self.agreeing} agreeing, "
                f"{self.differing} differing ({self.differing_rounds} rounds), {self.refused} refused{errors}{ranks}")

    def as_dict(self) -> dict:
        return asdict(self)

    @property
    def exit_code(self) -> int:
        """0 every tournament agrees; 1 one differs or has its rank column out of order; 3 none
        differs but a file was refused; 2 a tournament failed (a fault of cpswiss), whatever the
        others did."""
        if self.errors:
            return EXIT_UNEXPECTED
        if self.differing or self.ranks_out_of_order:
            return EXIT_NO_PAIRING
        return EXIT_INVALID_INPUT if self.refused else EXIT_OK


__all__ = ["AGREE", "DIFFER", "ERROR", "REFUSED", "BatchSummary", "TournamentVerdict", "check_many", "check_one",
           "is_refusal", "tournament_files"]
