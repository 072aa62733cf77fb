"""The colour of a game or match, one type for every layer: ``"W"`` or ``"B"``.

A plain string (no object per use, free in the compiled hot loops); the TRF letters ``w`` /
``b`` of a round block, the words of XXC and the ``W`` / ``B`` of 152 and 352 are read into it
and written from it by :mod:`cpswiss.formats` only."""

from __future__ import annotations

from typing import Final, Literal, overload

from cpswiss.errors import InputError

Colour = Literal["W", "B"]

WHITE: Final[Colour] = "W"
BLACK: Final[Colour] = "B"


@overload
def opposite(colour: Colour) -> Colour: ...


@overload
def opposite(colour: None) -> None: ...


def opposite(colour: Colour | None) -> Colour | None:
    """The other colour (None for none)."""
    if colour is None:
        return None
    return BLACK if colour == WHITE else WHITE


def name_of(colour: Colour) -> str:
    """The colour's word in messages and explanations: ``white`` or ``black``."""
    return "white" if colour == WHITE else "black"


def colour_named(name: str) -> Colour:
    """The colour a word names: ``white`` or ``black`` (``--initial-colour``, the API, a rule
    file's ``initial``), in any case; its first letter is enough."""
    first = name[:1].upper()
    if first == WHITE:
        return WHITE
    if first == BLACK:
        return BLACK
    raise InputError(f"a colour is white or black, not {name[:20]!r}")
