"""Tournament state: what the pairing of one round sees (scores, colours, floats, byes)."""
