"""``python -m cpswiss.cli``: the command line, as the ``cpswiss`` command."""

import sys

from cpswiss.cli import main

if __name__ == "__main__":
    sys.exit(main())
