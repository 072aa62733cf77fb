"""The FIDE Burstein System (C.04.4.2, 2026 edition)."""
