"""``python -m cpswiss.cli``: the command line, as the ``cpswiss`` command."""

import sys

from cpswiss.cli import run

if __name__ == "__main__":
    sys.exit(run())
