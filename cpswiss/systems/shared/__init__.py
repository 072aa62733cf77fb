"""Procedure code several pairing systems share (a system imports no other system; what two
systems have in common lives here): :mod:`.topdown`, the pairing-allocated bye first and then
brackets from the top with upfloaters only, each paired by the first pairing in the order of
its identifier (C.04.6 Art. 3.3-3.6; C.04.5 Art. 3.3-3.6 read the same on players)."""
