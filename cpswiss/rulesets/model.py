"""Rule sets: the declarative description of an edition or a variant (the model; the files are
read by :mod:`cpswiss.rulesets.loader`).

Each criterion's ``unit`` names a criterion unit of the system that pairs the rule set
(the system's ``units`` module in :mod:`cpswiss.registry`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Any, Literal

# the edition of the FIDE (Dutch) System in force (C.04.3, applied from 1 February 2026): what
# pairs a file that names no edition, and every default that names one
EDITION_IN_FORCE = "dutch-2026"

CriterionKind = Literal["absolute", "completion", "round", "quality"]
CRITERION_KINDS: tuple[CriterionKind, ...] = ("absolute", "completion", "round", "quality")
_ARTICLE = re.compile(r"(?<![\w.])[A-E]\.[1-9]\d?(?![\d.])")


@dataclass(frozen=True)
class Criterion:
    """One criterion of the edition, as listed in the rule set."""

    id: str
    kind: CriterionKind  # "round": decided once per round, before the brackets
    unit: str
    params: dict[str, Any] = field(default_factory=dict, hash=False, compare=False)
    article: str = ""  # where the edition states it, e.g. "C.04.3 Art. 2.4.2"

    @property
    def label(self) -> str:
        """The criterion as the edition names it: ``[C7]`` (2026) or ``C.7`` (2017)."""
        return str(self.params.get("label", self.id))


@dataclass(frozen=True)
class StateRules:
    """Edition parameters of the tournament state (floats of unplayed rounds, topscorers,
    what bars the pairing-allocated bye)."""

    unplayed_round_float: Literal["always", "never", "pab-or-scored-above-loss"] = "always"
    bye_barred_by: tuple[Literal["pab", "forfeit-win", "full-bye", "half-bye", "unplayed-win"], ...] = \
        ("pab", "forfeit-win")
    # when every player to be paired is barred from the bye and one must be given (an odd
    # number of players): "nobody" (the text's absolute criterion stands: no pairing, the
    # arbiter decides) or "fewest" (the bye may go to those with the fewest rounds that bar
    # it; 2013 B.1.b as JaVaFo 1.4 reads it)
    bye_when_all_barred: Literal["nobody", "fewest"] = "nobody"
    # who floated in a past game: "scores" (Dutch A.4: the higher score down, the lower up)
    # or "transfers" (FIDE Swiss 1999 / Lim: the player who moved out of his score group -
    # the higher one when his score is above that round's median, the lower one when below)
    float_by: Literal["scores", "transfers"] = "scores"
    # the last round's exception to the colour limits (C.04.1 f/g): "topscorers" (Dutch:
    # players above 50%, and their opponents), "everyone" (FIDE Swiss 1999 item 13) or
    # "nobody" (Dubov C.04.4.1 [C3]: no exception at all)
    last_round_colour_limits: Literal["topscorers", "everyone", "nobody"] = "topscorers"
    # the colour preference of a player who has not played a game yet: "none" (Dutch A.6,
    # RN-5) or "mild-black" (Dubov C.04.4.1 Art. 1.6.4)
    no_games_preference: Literal["none", "mild-black"] = "none"
    # the pairing number a player has in a round (the parity of the first-round colour rule, the
    # tie-break of every order): "effective" (RN-10: C.04.2 B.3 as the Dutch reference engines
    # read it - a player who has never taken part in a pairing and is absent from this one is
    # not numbered yet, the players after him move up) or "registered" (C.04.2 Art. 2: each
    # registered player keeps the TPN he was given, absent or not)
    pairing_numbers: Literal["effective", "registered"] = "effective"
    # FIDE Swiss 1999 item 22 (World Youth and Junior Championships): in the last N rounds
    # two players of one federation who both have more than 50% do not meet (0: never)
    same_federation_apart: int = 0


@dataclass(frozen=True)
class ProcedureRules:
    """Switches of the bracket procedure where the editions' texts differ.

    ``completion``: ``"ppb"`` (2017 A.9: only the penultimate pairing bracket
    looks at completion, then the collapsed last bracket) or ``"every-bracket"``
    (2026 Art. 2.2.1 [C4]: every bracket leaves a completable rest).
    """

    completion: Literal["ppb", "every-bracket"] = "ppb"
    # the working parameters the edition's procedure counts per bracket, printed by the
    # explanations: "" (none), "A.6-A.8" (2013: P0, M0, X1 and, in even rounds, Z1) or
    # "p-x" (1992-98: p and x)
    bracket_parameters: Literal["", "A.6-A.8", "p-x"] = ""
    # what a bracket found to be the penultimate one becomes: "re-pair" (2017 A.9: paired
    # again with every player below it, completion on top) or "c13" (2013 C.13 with A.3:
    # re-paired while one of its moved-down players can still be paired, else joined with
    # the brackets below as their moved-down players - unless they would be at least half
    # of the joined bracket: then joined as a homogeneous bracket; procedure.c13_join)
    join: Literal["re-pair", "c13"] = "re-pair"
    # 2013 A.3 with C.13/C.14: a heterogeneous penultimate bracket whose re-pairing moves on one
    # of its own moved-down players leaves the lowest bracket moved-down players of whom at
    # least one is paired (p may not become zero), unless they are at least half of it
    # (procedure.pairs_a_floater_below)
    lowest_bracket_pairs_a_floater: bool = False
    # a heterogeneous bracket at least half of whose players moved down: "paired-first" (2017
    # B.2, 2026 Art. 3.2: its MDPs are paired first, S1 and limbo, however many) or
    # "homogeneous" (2013 A.3: "treated as though it was homogeneous" - one bracket, S1 and
    # S2 as A.6 and C.2-C.4 make them, no pair floats for B.5/B.6; and where a bracket's
    # downfloaters will be at least half of the bracket they land in, C.1 looks for an
    # opponent of each of them there, not for the MDP pairs paired first; the MDPs counted once
    # C.1 has moved on those who can meet no resident: procedure.treated_as_homogeneous)
    half_moved_down: Literal["paired-first", "homogeneous"] = "paired-first"


@dataclass(frozen=True)
class AccelerationRules:
    """Virtual points (C.04.7 / C.04.5.1, seed 003): ``method`` is ``none``, ``baku`` (this
    edition's Baku, named by ``baku``) or a method of :mod:`cpswiss.tournament.acceleration`.
    Explicit ``XXA`` / ``250`` records in a file always win over the method."""

    method: str = "none"
    baku: Literal["baku-2017", "baku-2026"] = "baku-2017"

    @property
    def generator(self) -> str | None:
        """The method that makes the virtual points, or None."""
        if self.method == "none":
            return None
        return self.baku if self.method == "baku" else self.method


@dataclass(frozen=True)
class ColourRules:
    """Colour allocation switches.  ``first_round``: ``rank-parity`` (2017 E.5, 2026 Art.
    5.2.5: the higher-ranked player with an odd pairing number gets the initial colour) or
    ``board-alternation-reversed-at-middle`` (seed 003: down the boards, reversed at the
    middle when the number of pairs is even).  ``initial``: ``lot`` (the file's XXC/152) or
    ``white``/``black`` (no lot: this colour for No. 1, over the file's).
    ``later_no_preference``: E.5 after round 1, for two players who both have no colour
    preference: ``rank-parity`` as in round 1, or ``lower-number-white`` (the player with
    the lower pairing number gets white) or ``round-one-opposite`` (JaVaFo 1.4: the
    higher-ranked player gets the colour opposite to the one E.5 gives that player's pairing
    number in round 1, with round 1's initial colour read from round 1: white for an even
    number when the first board's higher-ranked player had white).
    ``both_absolute``: E.2 between two absolute preferences: ``wider-difference`` (the
    larger |CD| is the stronger, RN-8, as bbpPairings reads 2017 and 2026) or
    ``alternate`` (neither is stronger: E.3 decides, as JaVaFo 1.4 reads 2013)."""

    first_round: Literal["rank-parity", "board-alternation-reversed-at-middle"] = "rank-parity"
    initial: Literal["lot", "white", "black"] = "lot"
    later_no_preference: Literal["rank-parity", "lower-number-white", "round-one-opposite"] = "rank-parity"
    both_absolute: Literal["wider-difference", "alternate"] = "wider-difference"
    # E.4 when nothing else decides: "higher-ranked" (the higher-ranked player's preference)
    # or "median-side" (FIDE Swiss 1999 item 12.4: in the median group or above it the
    # higher-placed player, below it the lower-placed one gets his due colour)
    equal_histories: Literal["higher-ranked", "median-side"] = "higher-ranked"
    # two players who have both yet to play a game: "by-preferences" (E.1-E.5 as for anyone)
    # or "rank-parity-first" (Dubov C.04.4.1 Art. 5.2.1: before any other rule, the
    # higher-ranked player takes the initial colour if his pairing number is odd)
    both_without_games: Literal["by-preferences", "rank-parity-first"] = "by-preferences"
    # who is "higher ranked" when E.4 grants his preference: "score" (C.04.3 A.2: score, then
    # pairing number) or "system-order" (the order the pairing system leaves in
    # RoundState.system_order: Burstein's Index order, C.04.4.2 Art. 1.8 / Art. 5.2.5)
    higher_ranked: Literal["score", "system-order"] = "score"


RelaxationKind = Literal["colour", "bye", "rematch"]
RELAXATION_KINDS: tuple[RelaxationKind, ...] = ("colour", "bye", "rematch")


@dataclass(frozen=True)
class ResolveRules:
    """What ``cpswiss resolve`` may give up when no legal pairing exists (2017 A.9, 2026
    Art. 1.9.3: the arbiter decides), the rule given up first first: ``colour`` (C.04.1 f/g,
    C.3: a third colour in a row or |CD| = 3), ``bye`` (C.2: a second pairing-allocated bye),
    ``rematch`` (C.1).  A kind left out never gives; forbidden pairs never give."""

    relax: tuple[RelaxationKind, ...] = RELAXATION_KINDS


@dataclass(frozen=True)
class RuleSet:
    """An edition or variant as its rule file states it: the criteria in priority order, the
    tables of switches (state, procedure, acceleration, colours, resolve) and the system's own."""

    name: str
    title: str
    system: str
    state: StateRules
    criteria: tuple[Criterion, ...]
    procedure: ProcedureRules = ProcedureRules()
    acceleration: AccelerationRules = AccelerationRules()
    colours: ColourRules = ColourRules()
    resolve: ResolveRules = ResolveRules()
    aliases: tuple[str, ...] = ()
    extends: str | None = None
    reference_engine: str = ""
    source: str = ""  # the file it was read from
    # how the edition names the articles the engine's explanations cite in 2017 terms
    # ("E.1" -> "Art. 5.2.1", "C.5" -> "[C6]"): the [vocabulary] table of the rule file
    vocabulary: dict[str, str] = field(default_factory=dict, hash=False, compare=False)
    # the system's own switches: its [switches] table read as the dataclass the system declares
    # (cpswiss.registry.PairingSystem.switches), None for a system without any
    switches: Any = None

    def speak(self, text: str) -> str:
        """``text`` with every 2017 article reference (``A.9``, ``B.8``, ``C.5``, ``D.1``,
        ``E.4``; not ``C.04.3``) in this edition's words.

        Vocabulary keys that are not a single reference are phrases, replaced first, the
        longest first (2013: "the PPB" is a C.13 merge).  The edition's own criterion
        labels and articles are never translated (2013 names its criteria ``B.5``, ``C.12``,
        which are also 2017 references)."""
        if not self.vocabulary:
            return text
        kept: list[str] = []  # text already in the edition's words, set aside meanwhile

        def keep(words: str) -> str:
            kept.append(words)
            return f"\x00{len(kept) - 1}\x00"

        phrases = sorted((k for k in self.vocabulary if not _ARTICLE.fullmatch(k)), key=len, reverse=True)
        for phrase in phrases:
            if phrase in text:
                text = text.replace(phrase, keep(self.vocabulary[phrase]))
        own = sorted({n for c in self.criteria for n in (c.label, c.article) if _ARTICLE.search(n)},
                     key=len, reverse=True)
        for name in own:
            if name in text:
                text = text.replace(name, keep(name))
        text = _ARTICLE.sub(lambda m: self.vocabulary.get(m.group(0), m.group(0)), text)
        return re.sub("\x00(\\d+)\x00", lambda m: kept[int(m.group(1))], text)

    def speak_lines(self, lines: list[str]) -> list[str]:
        return [self.speak(line) for line in lines]

    @property
    def quality(self) -> tuple[Criterion, ...]:
        return tuple(c for c in self.criteria if c.kind == "quality")

    def criterion(self, unit: str) -> Criterion | None:
        """The first criterion using a unit, if the rule set has one."""
        return next((c for c in self.criteria if c.unit == unit), None)

    def accelerated(self, method: str) -> RuleSet:
        """This rule set with another acceleration method (``--accelerate``, a ``_BAKU`` code)."""
        return replace(self, acceleration=replace(self.acceleration, method=method))

    def label(self, criterion_id: str) -> str:
        c = next((c for c in self.criteria if c.id == criterion_id), None)
        return c.label if c else criterion_id
