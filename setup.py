"""Which packages the distribution holds: every package under cpswiss/ (found, never listed, so a new
module cannot be left out), plus the rule files of the top-level models/ folder as ``cpswiss.models``.

The engine's modules are also compiled to C extensions by mypyc (part of mypy): the same source,
type-checked, run as native code.  The wheel holds both; Python imports the extension where it
finds one.  Every extension is optional: with no C compiler, or when mypy rejects the modules
(a library newer than the code), the build goes on and the pure-Python modules run, with the
same results.  ``CPSWISS_PURE_PYTHON=1`` skips the compilation, and an editable install never
compiles (an extension beside the source would hide every later edit).
Everything else about the project is in pyproject.toml.
"""

import os
import sys
from glob import glob

from setuptools import find_namespace_packages, setup

# where the time of a pairing goes: the solver machinery, the criterion units (the bracket graph
# and the units the systems share, the Dutch and the FIDE 1999 ones), the Dutch procedure, and the
# round's state with its compatibility and the colour type (all mypy-strict, pyproject.toml).  Not
# the rule-set model, whose tables are read through their type hints (rulesets.tables); nor cpsat.py, which stands in
# for pandas with a metaclass; nor the explanations, which are not on the pairing's path; nor the
# tables of the units' parameters (dutch/criteria.py), read through their type hints too; nor the
# small CP-SAT count models of solver/classcounts.py, whose sums of CP-SAT variables mypy types as
# int (so compiled code would unbox a CP-SAT expression as an int)
COMPILED = ["cpswiss/solver/*.py", "cpswiss/systems/shared/*.py", "cpswiss/systems/dutch/*.py",
            "cpswiss/systems/fide1999/units.py", "cpswiss/tournament/state.py", "cpswiss/tournament/history.py",
            "cpswiss/tournament/compatibility.py", "cpswiss/tournament/colour.py", "cpswiss/tournament/competitors.py"]
NOT_COMPILED = {"cpswiss/solver/cpsat.py", "cpswiss/systems/dutch/explain.py",
                "cpswiss/systems/shared/explaining.py", "cpswiss/systems/dutch/criteria.py",
                "cpswiss/solver/classcounts.py"}


def compiled_modules() -> list:
    """The C extensions mypyc builds from the core packages, or none (see the module's docstring)."""
    # setup.py also runs to ask for the build's requirements and the metadata (egg_info,
    # dist_info): compile for the commands that build, never for an editable wheel
    building = any(command in sys.argv for command in ("bdist_wheel", "build_ext", "build", "install"))
    if os.environ.get("CPSWISS_PURE_PYTHON") or not building or "editable_wheel" in sys.argv:
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:  # a build without mypy: the pure-Python package
        return []
    sources = sorted(path for pattern in COMPILED for path in glob(pattern)
                     if path not in NOT_COMPILED and not path.endswith("__init__.py"))
    try:
        # the project's mypy settings (pyproject.toml) name packages this build does not check
        extensions = mypycify(["--no-warn-unused-configs", *sources], opt_level="3", debug_level="0")
    except (Exception, SystemExit) as error:  # mypy's verdict on libraries newer than the code
        print(f"cpswiss: the engine is not compiled ({error or 'mypy found errors'}); "
              "it installs as pure Python", file=sys.stderr)
        return []
    for extension in extensions:
        extension.optional = True  # no compiler: build on, the modules stay pure Python
    return extensions


setup(
    packages=find_namespace_packages(include=["cpswiss", "cpswiss.*"], exclude=["*.__pycache__"]) + ["cpswiss.models"],
    package_dir={"cpswiss.models": "models"},
    ext_modules=compiled_modules(),
)
