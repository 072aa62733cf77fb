"""OR-Tools CP-SAT, imported without paying for pandas at start-up.

``ortools.sat.python.cp_model`` imports pandas at module level for its DataFrame helpers
(``new_int_var_series`` and kin), which cpswiss never calls; pandas costs about 0.4 s of a
0.8 s start (measured with ``python -X importtime``), most of a small round's time.  While
CP-SAT is imported, ``pandas`` is a stand-in that *is* pandas on demand: any attribute
imports the real library and forwards to it, and ``pd.Index`` / ``pd.Series`` (which the
module names at import time, in type aliases) are classes whose ``isinstance`` checks and
construction defer to the real ones.  The stand-in is removed from ``sys.modules`` at once,
so every other ``import pandas`` gets the real library.  Should the import fail with the
stand-in (another OR-Tools release), CP-SAT is imported the ordinary way.
"""

from __future__ import annotations

import importlib
import sys
import types
from typing import TYPE_CHECKING, Any


def _real(name: str) -> Any:
    """The real pandas' attribute (importing pandas, the stand-in put aside, if need be)."""
    module = sys.modules.get("pandas")
    if module is None or isinstance(module, _DeferredPandas):
        sys.modules.pop("pandas", None)
        module = importlib.import_module("pandas")
    return getattr(module, name)


class _Deferred(type):
    """A class standing for a pandas class until pandas is needed."""

    def __instancecheck__(cls, obj: object) -> bool:
        return "pandas" in sys.modules and isinstance(obj, _real(cls.__name__))

    def __call__(cls, *args: Any, **kwargs: Any) -> Any:
        return _real(cls.__name__)(*args, **kwargs)


class _DeferredPandas(types.ModuleType):
    Index = _Deferred("Index", (), {})
    Series = _Deferred("Series", (), {})

    def __getattr__(self, name: str) -> Any:
        return _real(name)


def _import_cp_model() -> types.ModuleType:
    if "pandas" in sys.modules or "ortools.sat.python.cp_model" in sys.modules:
        from ortools.sat.python import cp_model

        return cp_model
    sys.modules["pandas"] = _DeferredPandas("pandas")
    try:
        from ortools.sat.python import cp_model
    except Exception:  # noqa: BLE001 - any failure: import it the ordinary way
        sys.modules.pop("ortools.sat.python.cp_model", None)
        sys.modules.pop("pandas", None)
        from ortools.sat.python import cp_model
    finally:
        if isinstance(sys.modules.get("pandas"), _DeferredPandas):
            del sys.modules["pandas"]
    return cp_model


if TYPE_CHECKING:  # the checker sees the module itself
    from ortools.sat.python import cp_model
else:
    cp_model = _import_cp_model()


class CpModel(cp_model.CpModel):
    """CP-SAT's model without the pre-PEP 8 aliases (``NewBoolVar`` for ``new_bool_var``, ...)
    that OR-Tools attaches to every new model, one wrapper per method: about 2 ms a model,
    and cpswiss builds hundreds of small models in a tournament.  cpswiss calls the
    snake_case names only."""

    def _add_pre_pep8_methods(self) -> None:
        return None


def solution_values(solver: cp_model.CpSolver, count: int) -> list[int]:
    """The first ``count`` variables' values in the solver's last response, copied here.

    The response is a view into the solver's memory that does not keep the solver alive,
    so it must be read while the solver lives: an interpreted frame holds its locals to the
    end, but compiled code (mypyc) releases a local after its last use, and a caller that
    read ``solver.ResponseProto().solution`` itself read freed memory (garbage values).
    Here, in an uncompiled module, ``solver`` lives until the copy is made."""
    return list(solver.ResponseProto().solution)[:count]


__all__ = ["CpModel", "cp_model", "solution_values"]
