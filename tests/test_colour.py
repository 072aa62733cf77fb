"""The one colour type: the model's ``W`` / ``B``, the file's letters only in formats."""

from __future__ import annotations

import pytest
from conftest import player_line

from cpswiss.errors import InputError
from cpswiss.formats.trf import parse_trf
from cpswiss.formats.trf_writer import round_block, write_trf
from cpswiss.tournament.colour import BLACK, WHITE, colour_named, name_of, opposite
from cpswiss.tournament.model import RoundEntry, RoundKind
from cpswiss.tournament.state import initial_colour_shown


def test_opposite_name_and_word():
    assert (opposite(WHITE), opposite(BLACK), opposite(None)) == (BLACK, WHITE, None)
    assert (name_of(WHITE), name_of(BLACK)) == ("white", "black")
    assert [colour_named(word) for word in ("white", "Black", "W", "b")] == [WHITE, BLACK, WHITE, BLACK]


@pytest.mark.parametrize("word", ["", "red", "lot"])
def test_a_word_that_names_no_colour_is_an_input_error(word):
    with pytest.raises(InputError, match="a colour is white or black"):
        colour_named(word)


def test_the_file_letters_are_read_into_the_type_and_written_back():
    text = "012 Test\nXXR 3\n152 b\n" + "\n".join([
        player_line(1, "Alpha", 2400, "1.0", ["   2 w 1"]),
        player_line(2, "Beta", 2300, "0.0", ["   1 b 0"]),
    ]) + "\n"
    t = parse_trf(text)
    assert t.initial_colour == BLACK
    assert (t.players[1].entry(1).colour, t.players[2].entry(1).colour) == (WHITE, BLACK)
    assert write_trf(t) == text
    assert round_block(RoundEntry(RoundKind.PENDING, 7, BLACK, " ")) == "   7 b  "
    assert round_block(RoundEntry(RoundKind.PAB, None, None, "U")) == "0000 - U"


def test_xxc_words_give_the_initial_colour():
    line = player_line(1, "Alpha", 2400, "0.0", [])
    assert parse_trf(f"012 Test\nXXR 3\nXXC black1\n{line}\n").initial_colour == BLACK
    assert parse_trf(f"012 Test\nXXR 3\nXXC white1\n{line}\n").initial_colour == WHITE


def test_the_initial_colour_shown_by_the_first_round_with_a_colour():
    # no colour in round 1; in round 2 the competitors who took part in a pairing by then are
    # the first (position 0, the PAB: no colour) and the third (position 1, Black): White
    histories = [[(None, False), (None, True)],
                 [(None, False)],  # never took part: not counted
                 [(None, True), (BLACK, True)],
                 [(None, True), (WHITE, True)]]
    assert initial_colour_shown(histories) == WHITE
    # counting everyone, the competitor who never took part is position 1 and Black is at 2
    assert initial_colour_shown(histories, everyone=True) == BLACK
    assert initial_colour_shown([[(None, True)], []]) == WHITE  # no colour ever given
