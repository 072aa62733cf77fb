"""Decoder: from unordered pairs to boards with colours, in board order.

Colours follow C.04.3 E.1-E.5; board order follows C.04.2 D.5.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from collections.abc import Iterable
from typing import Callable

from cpswiss.rulesets.ruleset import ColourRules
from cpswiss.tournament.colour import BLACK, WHITE, Colour, opposite
from cpswiss.tournament.state import PlayerState, RoundState, Strength, infer_initial_colour, order_key


@dataclass(frozen=True)
class Board:
    """One board: white and black pairing numbers, and the rule that gave the colours."""

    white: int
    black: int
    article: str  # the colour rule that decided: "E.1" ... "E.5"
    # E.4: the player whose preference was granted (the higher-ranked one, or under FIDE
    # Swiss 1999 12.4 below the median the lower-placed one); None for the other rules
    decider: int | None = field(default=None, compare=False)


@dataclass(frozen=True)
class Pairing:
    """A round's pairing in board order, plus the pairing-allocated bye."""

    round_no: int
    boards: tuple[Board, ...]
    bye: int | None

    def lines(self) -> list[str]:
        """The round as a pairing file (:func:`pairing_file_lines`)."""
        return pairing_file_lines([(b.white, b.black) for b in self.boards], self.bye)


def pairing_file_lines(pairs: Iterable[tuple[int, int]], bye: int | None) -> list[str]:
    """The JaVaFo / bbpPairings ``-p`` format of a round of any system: the count (the bye
    counted), then ``white black`` per board or match, the pairing-allocated bye as ``id 0``."""
    rows = [f"{white} {black}" for white, black in pairs] + ([f"{bye} 0"] if bye is not None else [])
    return [str(len(rows)), *rows]


def _last_difference(a: PlayerState, b: PlayerState) -> tuple[Colour, Colour] | None:
    """E.3: the colours of both players in the latest round in which they differed.

    RN-6: the played-game sequences (C.04.2 D.2: unplayed rounds squeezed out)
    are aligned at their most recent game and walked back together (decided by
    ``n034-r07of08-t037``: aligned at their first game, a colour there differs).
    """
    for ca, cb in zip(reversed(a.colours), reversed(b.colours)):
        if ca != cb:
            return ca, cb
    return None


def _rank_parity(p: PlayerState, q: PlayerState, initial: Colour) -> Colour:
    """E.5 (Dubov Art. 5.2.1) for ``p`` against ``q``: the higher-ranked player takes the
    initial colour if his pairing number is odd, the other colour if it is even."""
    higher = p if order_key(p) < order_key(q) else q
    colour = initial if higher.rank % 2 == 1 else opposite(initial)
    return colour if higher is p else opposite(colour)


def allocate_colours(p: PlayerState, q: PlayerState, initial: Colour,
                     no_preference: str = "rank-parity",
                     both_absolute: str = "wider-difference",
                     lower_decides: bool = False,
                     ranking: Callable[[PlayerState], tuple[int, ...]] = order_key) -> tuple[Colour, str]:
    """The colour of ``p`` against ``q`` and the rule that decided (C.04.3 E.1-E.5).
    ``no_preference`` (how E.5 colours two players who both have no preference) and
    ``both_absolute`` (E.2 between two absolute preferences): see
    :class:`cpswiss.rulesets.ruleset.ColourRules`.  ``lower_decides``: E.4 grants the
    lower-placed player's preference instead (FIDE Swiss 1999 item 12.4, below the median).
    ``ranking``: the order in which E.4 finds the higher-ranked player (E.5's round-1 parity
    always uses the score and pairing number)."""
    higher, lower = (p, q) if order_key(p) < order_key(q) else (q, p)
    pp, qp = p.preference, q.preference
    # E.1: both preferences can be granted (or one player has none, RN-5)
    if pp != qp or pp is None or qp is None:
        if pp is not None:
            return pp, "E.1"
        if qp is not None:
            return opposite(qp), "E.1"
        # no preferences at all: E.5
        if no_preference == "round-one-opposite":
            # the round-1 colour of the higher-ranked player's number (odd: the initial
            # colour; ``initial`` is round 1's own here), reversed
            colour = opposite(initial) if higher.id % 2 == 1 else initial
            return (colour if higher is p else opposite(colour)), "E.5"
        if no_preference == "lower-number-white":
            first = p if p.rank < q.rank else q
            return (WHITE if first is p else BLACK), "E.5"
        return _rank_parity(p, q, initial), "E.5"
    # E.2: the stronger preference; both absolute: the wider colour difference (RN-8;
    # no case of the 2017 corpus tells it apart from going on to E.3: both agree on 404/404)
    cd_p, cd_q = abs(p.colour_difference), abs(q.colour_difference)
    if both_absolute == "alternate" and p.absolute and q.absolute:
        cd_p = cd_q  # neither is stronger: on to E.3
    if p.absolute and (cd_p > cd_q or not q.absolute):
        return pp, "E.2"
    if q.absolute and (cd_q > cd_p or not p.absolute):
        return opposite(qp), "E.2"
    if p.strength is Strength.STRONG and q.strength is not Strength.STRONG:
        return pp, "E.2"
    if q.strength is Strength.STRONG and p.strength is not Strength.STRONG:
        return opposite(qp), "E.2"
    # E.3: alternate from the latest round with different colours
    latest = _last_difference(p, q)
    if latest is not None:
        return latest[1], "E.3"
    # E.4: the higher ranked player's preference (1999 12.4: below the median, the lower's);
    # here both prefer the same colour, pp.  ``ranking`` says who is higher ranked.
    higher, lower = (p, q) if ranking(p) < ranking(q) else (q, p)
    decider = lower if lower_decides else higher
    return (pp if decider is p else opposite(pp)), "E.4"


def decode(state: RoundState, pairs: list[tuple[int, int]], bye: int | None,
           rules: ColourRules | None = None) -> Pairing:
    """Boards with colours (E.1-E.5) in board order (C.04.2 D.5), under the rule set's
    colour switches (:class:`~cpswiss.rulesets.ruleset.ColourRules`; seed 003's scheme
    re-colours, in round 1, the boards that E.5 decided)."""
    rules = rules or ColourRules()
    players = state.players
    no_preference = "rank-parity" if state.round_no == 1 else rules.later_no_preference
    # round-one-opposite: round 1's initial colour as round 1 shows it (the colour of its
    # first board's higher-ranked player), not the file's XXC / 152
    initial = infer_initial_colour(state.tournament) \
        if no_preference == "round-one-opposite" else state.initial_colour
    median = (state.round_no - 1) * state.points_for_win // 2
    ranking: Callable[[PlayerState], tuple[int, ...]] = order_key
    if rules.higher_ranked == "system-order" and state.system_order:
        order = state.system_order
        ranking = lambda p: (order[p.id],)  # noqa: E731
    boards = []
    for a, b in pairs:
        p, q = (players[a], players[b]) if a < b else (players[b], players[a])
        below_median = rules.equal_histories == "median-side" and max(p.score, q.score) < median
        if rules.both_without_games == "rank-parity-first" and not p.colours and not q.colours:
            colour, rule = _rank_parity(p, q, state.initial_colour), "E.5"  # Dubov Art. 5.2.1
        else:
            colour, rule = allocate_colours(p, q, initial, no_preference, rules.both_absolute,
                                            lower_decides=below_median, ranking=ranking)
        white, black = (p.id, q.id) if colour == WHITE else (q.id, p.id)
        decider = None
        if rule == "E.4":
            decider = max(p, q, key=ranking).id if below_median else min(p, q, key=ranking).id
        boards.append(Board(white, black, rule, decider))

    def board_key(board: Board) -> tuple[int, int, int]:
        # D.5 / RN-34: score of the higher player, then of the other (the sum), then the
        # higher player's pairing number; real scores (acceleration excluded).  Decided by
        # the corpus: without the other player's score the board order differs in 96 of
        # 404 cases (n008-r04of07-t017, n009-r03of05-t007, ...).  Real, not pairing, scores
        # (although the acceleration digest reads C.04.2 3.6 as ordering by pairing score):
        # with virtual points counted the order differs in 35 of the 47 accelerated-round
        # cases of accelerated-2026 (n015-r02of07-t001, n042-r02of08-t002, ...)
        w, bl = players[board.white], players[board.black]
        hi, lo = (w, bl) if (-w.real_score, w.rank) < (-bl.real_score, bl.rank) else (bl, w)
        return (-hi.real_score, -lo.real_score, hi.rank)

    boards.sort(key=board_key)
    if rules.first_round == "board-alternation-reversed-at-middle" and state.round_no == 1:
        boards = _alternate_down_the_boards(boards, players, state.initial_colour)
    return Pairing(state.round_no, tuple(boards), bye)


def _alternate_down_the_boards(boards: list[Board], players: dict[int, PlayerState],
                               initial: Colour) -> list[Board]:
    """Seed 003 (essay of 21-7-2013): the higher-ranked player of board k gets the initial
    colour on board 1, then alternately; with an even number of pairs the alternation is
    reversed at the middle, so that the two middle players get opposite colours as they get
    opponents of opposite strength.  Only boards where no player has a preference (E.5)."""
    half = len(boards) // 2 if len(boards) % 2 == 0 else None
    out = []
    for k, board in enumerate(boards):
        if board.article != "E.5":
            out.append(board)
            continue
        colour = initial if k % 2 == 0 else opposite(initial)
        if half is not None and k >= half:
            colour = opposite(colour)
        w, b = players[board.white], players[board.black]
        higher, lower = (w, b) if order_key(w) < order_key(b) else (b, w)
        white, black = (higher, lower) if colour == WHITE else (lower, higher)
        out.append(Board(white.id, black.id, "seed 003"))
    return out


__all__ = ["Board", "Pairing", "allocate_colours", "decode"]
