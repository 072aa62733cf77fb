"""What the command line writes: a file whole or not at all, the pairing file of ``-p``, JSON."""

from __future__ import annotations

import os
import stat
import sys

from cpswiss import errors
from cpswiss.errors import FileAccessError


def write_atomically(path: str, text: str) -> None:
    """Write the whole file or nothing: a regular file (or a link to one) through a temporary
    file beside the target, renamed over it, never left behind; a device or FIFO
    (``/dev/stdout``, ``/dev/null``) written directly, never replaced."""
    if not path:
        raise FileAccessError("cannot write to an empty file name")
    try:
        kind = os.stat(path).st_mode  # follows links
    except FileNotFoundError:
        kind = None
    except OSError as exc:
        raise FileAccessError(f"{path}: cannot write file: {exc.strerror or exc}") from None
    if kind is not None and stat.S_ISDIR(kind):
        raise FileAccessError(f"{path}: cannot write file: it is a directory")
    try:
        if kind is not None and not stat.S_ISREG(kind):  # a device or FIFO: written, never replaced
            with open(path, "w", encoding="utf-8", newline="\n") as handle:
                handle.write(text)
            return
        import tempfile
        from pathlib import Path  # here only: a check, or a pairing printed, writes no file

        target = Path(os.path.realpath(path))  # through symbolic links: the link stays a link
        fd, tmp = tempfile.mkstemp(dir=str(target.parent), prefix=".cpswiss-")
    except OSError as exc:
        raise FileAccessError(f"{path}: cannot write file: {exc.strerror or exc}") from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
        os.replace(tmp, target)
    except OSError as exc:
        raise FileAccessError(f"{path}: cannot write file: {exc.strerror or exc}") from None
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


def print_json(data: dict, stream=None) -> None:
    import json

    json.dump(data, stream or sys.stdout, indent=2, default=str)
    (stream or sys.stdout).write("\n")


def write_pairing_file(output: str | None, lines: list[str]) -> int:
    """``-p``: the pairing file to ``output`` (``-``: standard output; None: nothing)."""
    if output is not None:
        text = "\n".join(lines) + "\n"
        if output == "-":
            sys.stdout.write(text)
        else:
            write_atomically(output, text)
    return errors.EXIT_OK
