"""Study: synthetic tournaments and the benchmark command."""
