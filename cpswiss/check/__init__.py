"""Check and explain: legality of a pairing, and which rule decides between two pairings."""
