"""Criterion units: the absolute criteria as pair compatibility, the bracket graph, and one
small unit per completion and quality criterion that turns a bracket into solver levels."""
