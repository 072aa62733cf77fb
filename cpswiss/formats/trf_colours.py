"""The colour letters of a report file: ``w`` / ``b`` in a round block (column 6), ``W`` / ``B``
in record 152 (read in any case), read into the model's
:data:`~cpswiss.tournament.colour.Colour` and written back from it."""

from __future__ import annotations

from cpswiss.tournament.colour import BLACK, WHITE, Colour

COLOUR_OF_LETTER: dict[str, Colour] = {"w": WHITE, "b": BLACK}  # a letter in lower case
LETTER_OF_COLOUR: dict[Colour, str] = {WHITE: "w", BLACK: "b"}


def letter(colour: Colour | None) -> str:
    """The block letter of a colour: ``w``, ``b``, or ``-`` for none."""
    return "-" if colour is None else LETTER_OF_COLOUR[colour]
