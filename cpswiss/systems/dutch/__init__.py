"""The FIDE (Dutch) System, C.04.3: one procedure for every edition (:mod:`.procedure`), the
look-ahead split (:mod:`.lookahead`) and the generation-order tie-break (:mod:`.tiebreak`)."""
