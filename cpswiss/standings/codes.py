"""A tie-break list as data: the TRF-2026 code grammar (MTB26) and the records ``202`` / ``212``.

Grammar, case-insensitive: ``NAME[:MP|:GP][/Cn|/Mn|/L±n|/Kx|/P|/F|/R]...`` -

* ``/Cn`` cut the n least significant values (C.07 Art. 14.1, 14.2); ``/Mn`` median: cut n at
  each end (Art. 14.3, 14.4);
* ``/L±n`` the Koya limit moved by n half points (Art. 14.5; ``/Ln`` without a sign: up, TB-13);
* ``/Kx`` the SSSC normalising factor (Art. 13.4); ``/P`` forfeits count as played (Art. 6.1.1);
  ``/F`` Fore Buchholz mode (Art. 8.2 "or FB"); ``/R`` reverse order (Art. 7.8, 10.6);
* ``:MP`` / ``:GP`` the score a team tie-break is computed on (Art. 13 preamble; default: the
  primary score).

Record ``202`` lists the tie-breaks after the points, ``212`` the whole order starting with the
points (``PTS`` / ``MPTS`` / ``GPTS``).  Every fault - an unknown code, a modifier the tie-break
does not take, a malformed record - is an :class:`~cpswiss.errors.InputError` naming the code and
its place (the list's position, the file's line).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from cpswiss.errors import InputError
from cpswiss.standings.catalogue import C07_UNPLAYED, Definition, UnplayedRounds, definition
from cpswiss.tournament.model import Tournament

_MODIFIER = re.compile(r"([CM])([0-9]{1,2})|L([+-]?)([0-9]{1,3})|K([0-9]+(?:\.[0-9]+)?)|(P)|(F)|(R)")
_NAME = re.compile(r"([A-Z][A-Z0-9_]*)(?::(MP|GP))?")


@dataclass(frozen=True)
class TieBreak:
    """One entry of a tie-break list: the definition and what the code's modifiers ask."""

    definition: Definition
    text: str  # as the column header shows it (upper case)
    score: str | None = None  # "MP" / "GP" for a team tie-break on that score; None: the primary
    cut_low: int = 0
    cut_high: int = 0
    limit_shift: int = 0  # Koya: the limit moved by this many half points (/L+n, /L-n)
    factor: Fraction | None = None  # SSSC /Kx
    forfeits_played: bool = False  # /P
    fore: bool = False  # /F
    reverse: bool = False  # /R
    unplayed: UnplayedRounds = C07_UNPLAYED  # a sum over the opponents: how it counts unplayed rounds

    @property
    def code(self) -> str:
        return self.definition.code

    @property
    def higher_first(self) -> bool:
        return self.definition.higher_first != self.reverse


def parse_code(text: str, place: str, path: str | None = None, line: int | None = None) -> TieBreak:
    """One code of the grammar; ``place`` names where it stands (``"tie-break 3"``)."""
    written = text.strip().upper()
    parts = written.split("/")
    head = _NAME.fullmatch(parts[0])
    if head is None:
        raise InputError(f"{place} {text.strip()!r}: not a tie-break code (NAME[:MP|:GP][/modifier...])",
                         path, line)
    found = definition(head.group(1))
    if found is None:
        raise InputError(f"{place} {text.strip()!r}: unknown tie-break {head.group(1)!r} (C.07 Art. 5 lists "
                         "the codes)", path, line)
    fields: dict[str, object] = {"score": head.group(2)}
    for part in parts[1:]:
        match = _MODIFIER.fullmatch(part)
        if match is None:
            raise InputError(f"{place} {text.strip()!r}: unknown modifier /{part}", path, line)
        letter = part[0]
        if not found.takes(letter):
            takes = ", ".join(f"/{c}" for c in found.modifiers) or "none"
            raise InputError(f"{place} {text.strip()!r}: {found.code} ({found.article}) does not take the "
                             f"modifier /{part} (it takes {takes})", path, line)
        if match.group(1) == "C":
            fields["cut_low"] = int(match.group(2))
        elif match.group(1) == "M":
            fields["cut_low"] = fields["cut_high"] = int(match.group(2))
        elif letter == "L":
            amount = int(match.group(4))
            fields["limit_shift"] = -amount if match.group(3) == "-" else amount
        elif letter == "K":
            fields["factor"] = Fraction(match.group(5))
        else:
            fields[{"P": "forfeits_played", "F": "fore", "R": "reverse"}[letter]] = True
    return TieBreak(found, written, **fields)  # type: ignore[arg-type]


def parse_list(text: str, path: str | None = None, line: int | None = None, record: str = "") -> tuple[TieBreak, ...]:
    """A list of codes separated by commas or blanks (``--tiebreaks``, a 202 / 212 record:
    ``record`` names it in messages)."""
    items = [item for item in re.split(r"[,\s]+", text.strip()) if item]
    lead = f"{record}: " if record else ""
    if not items:
        raise InputError(f"{lead}the tie-break list is empty", path, line)
    return tuple(parse_code(item, f"{lead}tie-break {number}", path, line)
                 for number, item in enumerate(items, start=1))


@dataclass(frozen=True)
class FileList:
    """The tie-break list a file's records give: the codes after the points, and the record."""

    tiebreaks: tuple[TieBreak, ...]
    record: str  # "202" or "212"
    line: int


def file_list(t: Tournament) -> FileList | None:
    """The list of the file's ``212`` record (its first code the points), else of ``202``."""
    found: dict[str, tuple[str, int]] = {}
    for index, item in enumerate(t.layout):
        if isinstance(item, str) and item[:3] in ("202", "212"):
            if item[:3] in found:
                raise InputError(f"record {item[:3]} is repeated (first on line {found[item[:3]][1]})",
                                 t.path, index + 1)
            found[item[:3]] = (item[3:], index + 1)
    if "212" in found:
        text, line = found["212"]
        codes = parse_list(text, t.path, line, "212")
        if codes[0].definition.code not in ("PTS", "MPTS", "GPTS"):
            raise InputError(f"212: the standings order starts with the points (PTS, MPTS or GPTS), not "
                             f"{codes[0].text!r}", t.path, line)
        return FileList(codes[1:], "212", line)
    if "202" in found:
        text, line = found["202"]
        return FileList(parse_list(text, t.path, line, "202"), "202", line)
    return None
