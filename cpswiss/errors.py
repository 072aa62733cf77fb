"""Error types and the exit codes of the command line.

The exit codes follow bbpPairings, so that tournament managers that call
JaVaFo-style engines can swap cpswiss in:

0 done, 1 no legal pairing exists, 2 unexpected error, 3 invalid input,
4 too large, 5 file not readable.
"""

from __future__ import annotations

EXIT_OK = 0
EXIT_NO_PAIRING = 1
EXIT_UNEXPECTED = 2
EXIT_INVALID_INPUT = 3
EXIT_TOO_LARGE = 4
EXIT_FILE_ACCESS = 5


class CpswissError(Exception):
    """Base class of every error cpswiss reports to a user as one line."""

    exit_code = EXIT_UNEXPECTED

    def one_line(self) -> str:
        return " ".join(str(self).split())


class InputError(CpswissError):
    """A user mistake in an input file: reported as ``FILE:LINE: problem``."""

    exit_code = EXIT_INVALID_INPUT

    def __init__(self, problem: str, path: str | None = None, line: int | None = None):
        self.problem = problem
        self.path = path
        self.line = line
        where = path or "<input>"
        if line is not None:
            where = f"{where}:{line}"
        super().__init__(f"{where}: {problem}")


class FileAccessError(CpswissError):
    """The file cannot be read or written."""

    exit_code = EXIT_FILE_ACCESS


class NoPairingError(CpswissError):
    """No round-pairing satisfies the absolute criteria (C.04.3 A.9: the arbiter decides).
    ``details``: lines that say why (a certificate), printed after the one-line error."""

    exit_code = EXIT_NO_PAIRING

    def __init__(self, problem: str, details: list[str] | None = None):
        super().__init__(problem)
        self.details = details or []


class TooLargeError(CpswissError):
    """The tournament exceeds what this build handles."""

    exit_code = EXIT_TOO_LARGE


class UnprovenError(CpswissError):
    """The solver stopped (time limit) before proving an optimum: never reported as final."""

    exit_code = EXIT_UNEXPECTED


class EngineLimitError(CpswissError):
    """A round this engine cannot pair under the rule set although a pairing may exist: never
    a guess, an error with the unexpected-error exit code."""

    exit_code = EXIT_UNEXPECTED


class InternalCheckError(CpswissError):
    """The engine produced a pairing that breaks an absolute rule: a bug, never written out."""

    exit_code = EXIT_UNEXPECTED
