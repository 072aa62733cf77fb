"""Declarative rule sets (one TOML file per edition or variant), read by :mod:`cpswiss.rules`."""
