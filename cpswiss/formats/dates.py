"""The start date of a TRF file (record ``042``) as the programs that write it spell it.

TRF16 leaves the field's form open, and programs disagree: Swiss-Manager writes
``2023/05/12``, Swiss-Chess ``28. 07. 2005``, lichess ``May 29, 2020``, US programs
``05/29/2020``, some generators a two-digit year.  :func:`date_readings` returns every
calendar date the text can mean, so that a caller can tell an unambiguous date, an
ambiguous one whose readings agree on what matters, and one it cannot read (RF-1 in
``docs/cli.md``).
"""

from __future__ import annotations

import datetime
import re

Date = tuple[int, int, int]  # (year, month, day)

# month names and abbreviations as programs write them: English, German, French, Spanish
_MONTH_NAMES = (
    ("jan", "january", "januar", "janv", "janvier", "ene", "enero"),
    ("feb", "february", "februar", "févr", "fevr", "février", "fevrier", "febrero"),
    ("mar", "march", "mär", "märz", "maerz", "mars", "marzo"),
    ("apr", "april", "avr", "avril", "abr", "abril"),
    ("may", "mai", "mayo"),
    ("jun", "june", "juni", "juin", "junio"),
    ("jul", "july", "juli", "juil", "juillet", "julio"),
    ("aug", "august", "août", "aout", "ago", "agosto"),
    ("sep", "sept", "september", "septembre", "septiembre"),
    ("oct", "october", "okt", "oktober", "octobre", "octubre"),
    ("nov", "november", "novembre", "noviembre"),
    ("dec", "december", "dez", "dezember", "déc", "décembre", "decembre", "dic", "diciembre"),
)
_MONTHS = {name: number for number, names in enumerate(_MONTH_NAMES, start=1) for name in names}
_NUMBERS = re.compile(r"[0-9]+")
_WORDS = re.compile(r"[^\W\d_]+")  # letters of any script


def _full_year(text: str) -> int | None:
    """A year of four digits, or of two read as POSIX ``%y`` does (69-99: 19YY, else 20YY)."""
    if len(text) == 4:
        return int(text)
    if len(text) == 2:
        value = int(text)
        return 1900 + value if value >= 69 else 2000 + value
    return None


def _valid(year: int, month: int, day: int) -> Date | None:
    try:
        datetime.date(year, month, day)
    except ValueError:
        return None
    return year, month, day


def date_readings(text: str | None) -> tuple[Date, ...]:
    """Every date the ``042`` text can mean, earliest first; empty when it cannot be read.

    * year first (``2020-05-29``, ``2020/05/29``, ``2020.05.29``; a time after it is ignored):
      year, month, day - no program writes year, day, month;
    * a month name, full or abbreviated, in English, German, French or Spanish (``May 29,
      2020``, ``29 May 2020``, ``29. Mai 2020``); a month and year alone for each of its days;
    * day, month and year joined by dots (``28.07.2005``, ``28. 07. 2005``): day first, the
      convention of every program that writes dots;
    * joined by ``/`` or ``-`` with the year last: day first or month first - both readings
      when both are dates (``05/06/2020``), one when the other is not (``29/05/2020``);
    * three groups of two digits (``10.09.13``): also year first, as some programs write it;
    * a year alone (``2020``): its first and last day, the range it stands for.

    A two-digit year is read as POSIX ``%y`` reads it (``05`` is 2005, ``98`` 1998).
    """
    if not text:
        return ()
    text = text.strip()
    found = list(_NUMBERS.finditer(text))
    numbers = [m.group() for m in found]
    months = [_MONTHS[w.lower()] for w in _WORDS.findall(text) if w.lower() in _MONTHS]
    candidates: list[Date | None] = []
    if months and len(numbers) >= 2:
        day_text, year_text = (numbers[0], numbers[1]) if len(numbers[0]) <= 2 else (numbers[1], numbers[0])
        named_year = _full_year(year_text)
        if named_year is not None and len(day_text) <= 2:
            candidates.append(_valid(named_year, months[0], int(day_text)))
    elif len(numbers) == 1 and len(numbers[0]) == 4:  # a month and year, or a year alone
        import calendar  # only for a date of a month or a year alone (not at every start)

        alone = int(numbers[0])
        first_month, last_month = (months[0], months[0]) if months else (1, 12)
        candidates += [(alone, first_month, 1), (alone, last_month, calendar.monthrange(alone, last_month)[1])]
    elif len(numbers) >= 3 and not months:
        first, second, third = numbers[:3]
        last_year = _full_year(third)
        if len(first) == 4:  # year first
            candidates.append(_valid(int(first), int(second), int(third)))
        elif len(first) <= 2 and len(second) <= 2 and last_year is not None:
            day_first = _valid(last_year, int(second), int(first))
            if "." in text[found[0].end():found[1].start()]:
                candidates.append(day_first)
            else:
                candidates += [day_first, _valid(last_year, int(first), int(second))]
            first_year = _full_year(first)
            if len(third) == 2 and first_year is not None:  # YY.MM.DD
                candidates.append(_valid(first_year, int(second), int(third)))
    return tuple(sorted({d for d in candidates if d is not None}))


def format_date(date: Date) -> str:
    """``2020-05-29``."""
    return f"{date[0]:04d}-{date[1]:02d}-{date[2]:02d}"
