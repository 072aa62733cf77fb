"""The FIDE Dubov System, C.04.4.1 (2026 text): the pairing-allocated bye first, then
brackets from the top with upfloaters only, white seekers (S1, by ascending ARO) against
the first legal transposition of the others (:mod:`.procedure`)."""
