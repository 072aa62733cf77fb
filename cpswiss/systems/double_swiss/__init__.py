"""The FIDE Double-Swiss System, C.04.5 (2026 text): every round a match of two games between
the same two players, colours reversed, scored per game.  The match and its meaning
(:mod:`.matches`), a player's past rounds (:mod:`.history`), the colours of Art. 4
(:mod:`.colours`).  Readings: ``scenarios/double-swiss-2026/README.md``."""
