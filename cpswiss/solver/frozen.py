"""What the levels frozen at their optima fix, for the matching model (:mod:`cpswiss.solver.model`):
the span of their coefficient vectors (is a level a combination of them?) and each one's
local form, computed on first use."""

from __future__ import annotations

import math
from collections import Counter

from cpswiss.solver.bounds import MatchingBound, one_weight_on_every_edge, tight_form


class FrozenSpan:
    """The rational span of the frozen levels' coefficient vectors over the edges, kept so
    that "is this level a combination of them" is answered exactly and cheaply.

    Edges on which every frozen level has the same coefficient form a class (``_class``:
    each edge's class, ``_size``: the edges of each); every frozen level, and every
    combination of them, is constant on each class, so a level that is not is no
    combination, and one that is needs only one coordinate per class.  Over the classes the
    frozen levels are kept in row echelon form (integers, each row reduced by the ones before
    it, ``_pivots``: where each row's leading entry is); a newly frozen level splits the
    classes by its coefficients and, reduced by the rows, adds a row unless it reduces to
    zero.  A level is a combination exactly when it reduces to zero (Gaussian elimination
    over the rationals, in integers: fraction-free, no rounding)."""

    def __init__(self, n_edges: int):
        self._n_edges = n_edges
        self._class = [0] * n_edges  # edge -> class
        self._size = [n_edges] if n_edges else []
        self._rows: list[list[int]] = []
        self._pivots: list[int] = []
        # levels frozen but not yet taken into the classes and rows: taken in by the next
        # question (:meth:`spans`), so a level frozen after the last question costs nothing
        self._pending: list[dict[int, int]] = []
        self._levels: list[dict[int, int]] = []  # every level frozen

    def _on_classes(self, coef: dict[int, int]) -> tuple[list[int] | None, tuple[int, int] | None]:
        """The level as one coefficient per class, or None when it is not constant on each
        class (found as soon as two edges of a class differ: most levels asked about are no
        combination), with those two edges (None when what fails is a class it has only in
        part)."""
        size, classes = self._size, self._class
        if one_weight_on_every_edge(coef, self._n_edges):
            return [next(iter(coef.values()))] * len(size), None  # one coefficient on every edge (the pairs)
        vector = [0] * len(size)
        first = [0] * len(size)  # the first edge of the level met in each class
        edges = 0  # the edges of the level (coefficient not 0) ...
        covered = 0  # ... and of the classes it touches: the same number when it has them whole
        for e, c in coef.items():
            if c:
                k = classes[e]
                held = vector[k]
                if not held:
                    vector[k] = c
                    first[k] = e
                    covered += size[k]
                    if covered > len(coef):
                        return None, None  # more edges in the classes it touches than it has
                elif held != c:
                    return None, (first[k], e)  # two edges of a class differ
                edges += 1
        if covered != edges:
            return None, None  # some edge of a class it touches has coefficient 0 (each edge is in one class)
        return vector, None

    def _reduced(self, vector: list[int]) -> list[int]:
        """The vector minus its combination of the rows, scaled to integers (zero exactly
        when it is in their span)."""
        for row, p in zip(self._rows, self._pivots):
            if vector[p]:
                a, b = row[p], vector[p]
                vector = [a * x - b * y for x, y in zip(vector, row)]
                g = math.gcd(*vector)
                if g > 1:
                    vector = [x // g for x in vector]
        return vector

    def spans(self, coef: dict[int, int]) -> bool:
        """Is the level a rational combination of the frozen ones?

        Levels frozen but not yet taken in are taken in first, unless two edges of a class
        as it stands, where the level differs, are alike on each of them too: every
        combination is then alike on the two edges, and the level is none.  A level equal to
        a frozen one (criteria that count the same pairs) is one at once."""
        if coef in self._levels:
            return True
        if self._pending:
            _, differ = self._on_classes(coef)
            if differ is not None:
                e, f = differ
                if all(frozen.get(e, 0) == frozen.get(f, 0) for frozen in self._pending):
                    return False
            for frozen in self._pending:
                self._take_in(frozen)
            self._pending.clear()
        vector, _ = self._on_classes(coef)
        return vector is not None and not any(self._reduced(vector))

    def add(self, coef: dict[int, int]) -> None:
        """Freeze a level (never changed after): taken in when the next question is asked."""
        self._pending.append(coef)
        self._levels.append(coef)

    def _take_in(self, coef: dict[int, int]) -> None:
        """Take a frozen level in: split the classes by its coefficients, then add its row.

        Only the level's own edges (non-zero coefficients) move: the edges of a class with
        one coefficient form a part of it.  A class the level has whole keeps its number
        for its first part (so a level constant on whole classes splits none); every other
        part becomes a new class, numbered in the order met.  A split copies the class's
        column in every row (the rows are constant on it), so every class keeps at least one
        edge and every row its pivot."""
        classes, size = self._class, self._size
        if 0 in coef.values():
            coef = {e: c for e, c in coef.items() if c}
        old = list(map(classes.__getitem__, coef))
        kinds = len(size)  # a part is keyed by coefficient * kinds + old class (one int, no pair)
        if len(set(coef.values())) == 1:  # one coefficient: a part per class, counted without keys per edge
            c = next(iter(coef.values()))
            counts = {c * kinds + k: n for k, n in Counter(old).items()}  # first met first
            keys: list[int] | None = None
        else:
            keys = [c * kinds + k for k, c in zip(old, coef.values())]
            counts = Counter(keys)  # in the order first met
        touched: dict[int, int] = {}  # old class -> how many of its edges the level has
        for key, count in counts.items():
            k = key % kinds
            touched[k] = touched.get(k, 0) + count
        whole = {k for k, count in touched.items() if count == size[k]}
        target: dict[int, int] = {}  # part -> its class
        parent: list[int] = []  # each new class, the class it came from
        for key, count in counts.items():
            k = key % kinds
            if k in whole:
                whole.discard(k)
                target[key] = k
            else:
                target[key] = len(size)
                parent.append(k)
                size[k] -= count
                size.append(count)
        if parent:
            if keys is None:
                by_class = {key % kinds: t for key, t in target.items()}
                for e, t in zip(coef, map(by_class.__getitem__, old)):
                    classes[e] = t
            else:
                for e, t in zip(coef, map(target.__getitem__, keys)):
                    classes[e] = t
            for row in self._rows:
                row.extend([row[k] for k in parent])
        vector = [0] * len(size)  # the level on the classes: each part holds its coefficient alone
        for key, k in target.items():
            vector[k] = key // kinds
        vector = self._reduced(vector)
        pivot = next((k for k, x in enumerate(vector) if x), None)
        if pivot is not None:
            self._rows.append(vector)
            self._pivots.append(pivot)


class FrozenLevel:
    """A level frozen at its optimum (Σ coef·x == optimum), with its local form
    (:func:`tight_form`: edges fixed to 0, groups of which exactly one is chosen, or None)
    computed on first use."""

    def __init__(self, coef: dict[int, int], optimum: int, incident: list[list[int]],
                 edges: list[tuple[int, int]], bound: MatchingBound | None):
        self.coef, self.optimum, self.bound = coef, optimum, bound
        self._incident, self._edges = incident, edges
        # computed on first use, kept by hand: compiled code (mypyc) recomputes a cached_property
        self._local: tuple[list[int], list[list[int]]] | None = None
        self._local_known = False

    def local(self, solution: list[int]) -> tuple[list[int], list[list[int]]] | None:
        """The local form; ``solution``: the model's solution in hand (x per edge), which may
        spare building the cover (:func:`tight_form`)."""
        if not self._local_known:
            self._local = tight_form(self.coef, self._incident, self._edges, self.optimum, self.bound, solution)
            self._local_known = True
        return self._local
