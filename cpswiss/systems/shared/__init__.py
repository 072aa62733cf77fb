"""What several pairing systems share, in one place (a system imports no other system): the
bracket graph of a step (:mod:`.bracket`) and the criterion units on it that the FIDE (Dutch)
System and the FIDE Swiss rules of 1987-99 both name (:mod:`.units`), the valuation of a step
under a condition that their explanations use (:mod:`.valuation`), the pieces of every
system's explanation (:mod:`.explaining`), and the top-down procedure of C.04.6 Art. 3.3-3.6
that the Double-Swiss System (C.04.5 Art. 3.3-3.6) repeats on players (:mod:`.topdown`: the
pairing-allocated bye first, then brackets from the top with upfloaters only, each paired by
the first pairing in the order of its identifier)."""
