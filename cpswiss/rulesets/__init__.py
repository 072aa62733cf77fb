"""Rule sets: editions and variants read from ``models/*.toml`` (:mod:`.ruleset`)."""
