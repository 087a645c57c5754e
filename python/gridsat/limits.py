"""Checks of the numbers gridsat is given, and its memory ceiling.

Every integer argument is checked against its range before it reaches the native
code (``ValueError`` naming the argument and the range; ``TypeError`` for a non-int),
so nothing wraps silently. The memory ceiling is the command line's (``--max-memory``):
by default three quarters of the physical memory, and never more than the address
space the process may still take (``ulimit -v``). Formulas and solutions too large for
it are refused with ``MemoryError`` before anything is built.
"""
from __future__ import annotations

import math
import operator
import re
from typing import Any, Optional, Union

from . import _native

__all__ = ["set_max_memory", "max_memory"]

U64 = 2**64 - 1
I64 = 2**63 - 1


def integer(name: str, value: Any, lo: int, hi: int) -> int:
    """``value`` as an int in ``lo..=hi``, else ``TypeError``/``ValueError`` naming it."""
    if isinstance(value, bool):
        raise TypeError(f"{name} is an int, not bool")
    try:
        v = operator.index(value)
    except TypeError:
        raise TypeError(f"{name} is an int, not {type(value).__name__}") from None
    if not lo <= v <= hi:
        raise ValueError(f"{name} must be an int from {lo} to {hi}, not {v}")
    return v


def seconds(name: str, value: Any) -> float:
    """A number of seconds: finite, from 0 to 1e9."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"{name} is a number of seconds, not {type(value).__name__}")
    v = float(value)
    if not (math.isfinite(v) and 0 <= v <= 1e9):
        raise ValueError(f"{name} must be a finite number of seconds from 0 to 1e9, not {value!r}")
    return v


_UNITS = {"": 1, "K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40}


def size(name: str, value: Union[int, str]) -> int:
    """A size in bytes: an int, or text as the command line takes it (``4G``, ``512M``)."""
    if isinstance(value, str):
        m = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*([KMGT]?)(?:I?B)?\s*", value.upper())
        if not m:
            raise ValueError(f"{name} is a size such as 4G or 512M, not {value!r}")
        return integer(name, int(float(m.group(1)) * _UNITS[m.group(2)]), 1, U64)
    return integer(name, value, 1, U64)


def set_max_memory(limit: Optional[Union[int, str]]) -> None:
    """Sets the memory ceiling of every later call (bytes, or ``"4G"``); ``None``
    restores the default (three quarters of the physical memory)."""
    _native.set_max_memory(0 if limit is None else size("max_memory", limit))


def max_memory() -> int:
    """The memory ceiling in force now (bytes)."""
    return int(_native.max_memory())


MIB = 1 << 20


def admit(what: str, needed: int, limit: Optional[int] = None) -> None:
    """Refuses with ``MemoryError`` to build ``what`` of about ``needed`` bytes when
    that exceeds the ceiling (``limit``, else the package's)."""
    ceiling = max_memory() if limit is None else min(limit, max_memory())
    if needed > ceiling:
        raise MemoryError(
            f"{what} would need about {needed // MIB} MiB, more than the memory ceiling of "
            f"{ceiling // MIB} MiB (gridsat.set_max_memory() or max_memory= raises it)"
        )
