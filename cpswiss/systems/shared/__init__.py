"""What several pairing systems share, in one place (a system imports no other system): the
bracket graph of a step (:mod:`.bracket`) and the criterion units on it that the FIDE (Dutch)
System and the FIDE Swiss rules of 1987-99 both name (:mod:`.units`), the valuation of a step
under a condition that their explanations use (:mod:`.valuation`), and the pieces of every
system's explanation (:mod:`.explaining`)."""
