"""Rule sets: the declarative description of an edition or a variant, read from TOML.

The public names in one place, each defined where its one job is done: the model
(:mod:`.model`), reading and checking the files (:mod:`.loader`, :mod:`.tables`), rule sets as
text (:mod:`.describe`).  Which rule set pairs a tournament is the API's choice
(:mod:`cpswiss.api.selection`).

A rule set names the criteria of its edition in priority order (absolute, completion,
round-wide, quality) with their parameters, the edition's state rules (how unplayed rounds
float, what bars the pairing-allocated bye), the switches of the procedure and of the colours,
and the pairing system's own ``[switches]``.  Composition: a file may ``extends = "other"`` and
override what differs:

* ``[state]``, ``[procedure]``, ``[colours]``, ``[acceleration]``, ``[resolve]``,
  ``[switches]`` and ``[vocabulary]`` keys replace the parent's one by one;
* ``criteria = [...]`` (an array of tables) replaces the parent's list whole;
* ``drop = ["C11", ...]`` removes criteria by id;
* ``[[replace]]`` tables (``id`` plus any keys) replace the listed keys of one criterion;
* ``[[insert]]`` tables (``after`` or ``before`` an id, then a criterion) add one;
* ``order = ["C1", ...]`` puts the named criteria first, in that order.

A rule set is found by name (``models/NAME.toml`` or an alias declared in a file there) or by
the path of a user's own file.
"""

from cpswiss.rulesets.describe import describe, diff
from cpswiss.rulesets.loader import available_rule_sets, load_rule_set
from cpswiss.rulesets.model import (
    CRITERION_KINDS,
    EDITION_IN_FORCE,
    RELAXATION_KINDS,
    AccelerationRules,
    ColourRules,
    Criterion,
    ProcedureRules,
    ResolveRules,
    RuleSet,
    StateRules,
)

__all__ = ["CRITERION_KINDS", "EDITION_IN_FORCE", "RELAXATION_KINDS", "AccelerationRules", "ColourRules",
           "Criterion", "ProcedureRules", "ResolveRules", "RuleSet", "StateRules", "available_rule_sets",
           "describe", "diff", "load_rule_set"]
