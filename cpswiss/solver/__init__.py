"""Solver machinery that knows no pairing system: levels, the CP-SAT matching model with
lexicographic minimisation and bounds, exchanges of pairs, and the completion test."""
