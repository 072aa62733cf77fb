"""Which packages the distribution holds: every package under cpswiss/ (found, never listed, so a new
module cannot be left out), plus the rule files of the top-level models/ folder as ``cpswiss.models``.
Everything else about the project is in pyproject.toml."""

from setuptools import find_namespace_packages, setup

setup(
    packages=find_namespace_packages(include=["cpswiss", "cpswiss.*"], exclude=["*.__pycache__"]) + ["cpswiss.models"],
    package_dir={"cpswiss.models": "models"},
)
