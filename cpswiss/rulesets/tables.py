"""A rule file's table checked against a typed class: the one way every table of a rule file
(``[state]``, ``[procedure]``, ``[colours]``, a system's ``[switches]``, a criterion's
parameters) is checked.  The class's annotated attributes, its bases' included, are the keys,
each with its type: a frozen dataclass for a table the program reads as a value
(:func:`read_table`), a plain annotated class for one only checked (:func:`check_table`: a
criterion's parameters, whose unit reads the entry itself; a plain class costs nothing to
create when its module loads, where a dataclass's generated methods are compiled from source)."""

from __future__ import annotations

import functools
import types
import typing
from collections.abc import Mapping
from typing import Any

from cpswiss.errors import InputError


def read_table(kind: type, table: Mapping[str, Any], name: str, source: str, where: str | None = None) -> Any:
    """A rule file's table as the frozen dataclass ``kind``, checked as :func:`check_table` does."""
    return kind(**check_table(kind, table, name, source, where))


def check_table(kind: type, table: Mapping[str, Any], name: str, source: str,
                where: str | None = None) -> dict[str, Any]:
    """The values of a rule file's table, each checked against the class ``kind``: unknown keys
    and values that are not of the key's type (for a ``Literal``, not one of its values) are an
    InputError naming the table (``[name]``, or ``where``) and the key, with what is allowed."""
    hints = _keys(kind)
    at = where or f"[{name}]"
    unknown = sorted(set(table) - set(hints))
    if unknown:
        raise InputError(f"{at} {unknown[0]}: unknown key (known: {', '.join(hints)})", source)
    return {key: _typed(hints[key], value, f"{at} {key}", source) for key, value in table.items()}


@functools.cache
def _keys(kind: type) -> dict[str, Any]:
    """The keys of a table class with their types, the bases' first (as a dataclass's fields)."""
    return typing.get_type_hints(kind)


def _typed(hint: Any, value: Any, key: str, source: str) -> Any:
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is typing.Union or origin is types.UnionType:  # X | None: a rule file has no null
        options = [arg for arg in args if arg is not type(None)]
        if len(options) == 1:
            return _typed(options[0], value, key, source)
    if origin is typing.Literal:
        if value not in args:
            raise InputError(f"{key} = {value!r}: not one of {', '.join(map(repr, args))}", source)
        return value
    if origin is tuple:
        if not isinstance(value, list):
            raise InputError(f"{key}: expected a list, found {value!r}", source)
        item = args[0]
        return tuple(_typed(item, v, key, source) for v in value)
    simple: dict[object, type | tuple[type, ...]] = {bool: bool, int: int, str: str, float: (int, float)}
    expected = simple.get(hint)
    if expected is not None:
        if not isinstance(value, expected) or (hint is not bool and isinstance(value, bool)):
            raise InputError(f"{key} = {value!r}: expected {hint.__name__}", source)
        return value
    return value
