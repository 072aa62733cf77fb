"""Pairing systems: each system's bracket procedure and generation order."""
