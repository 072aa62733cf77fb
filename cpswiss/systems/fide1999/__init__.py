"""The general FIDE Swiss rules of 1987-99 (seed 001 part 1), today's Lim system: score
groups paired from the top down and from the bottom up to the median group (:mod:`.procedure`)."""
