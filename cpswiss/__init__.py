"""cpswiss: a FIDE Swiss-system pairing engine on OR-Tools CP-SAT.

Public interface: :mod:`cpswiss.api` (Python) and :mod:`cpswiss.cli` (command line)."""
