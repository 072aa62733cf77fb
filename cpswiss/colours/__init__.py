"""Colours and board order: the decoder of a round's pairs (C.04.3 E, 2026 Art. 5; C.04.2)."""
