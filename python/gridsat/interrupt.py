"""Stopping gridsat calls from any thread.

Python runs signal handlers in the main thread only, so a solve running in a worker
thread (``threading.Thread``, ``concurrent.futures``) would not see Ctrl-C, and the
interpreter would wait for it at exit. gridsat therefore keeps a process-wide
interrupt that every running call polls (every 50 ms, with the GIL released between):

* **Ctrl-C**: importing gridsat in the main thread wraps Python's default SIGINT
  handler; a SIGINT stops every gridsat call in every thread (those in other threads
  raise :class:`Cancelled`) and then raises ``KeyboardInterrupt`` in the main thread
  as before. A handler you install yourself replaces it: call
  :func:`install_sigint_handler` again, or :func:`cancel_all` from yours.
* **Interpreter exit**: when the main thread ends, gridsat stops every call still
  running before Python waits for non-daemon threads (and again at ``atexit``), so a
  long solve does not keep the process alive.
* **Explicitly**: :func:`cancel_all`, or a :class:`Cancel` token passed as
  ``cancel=`` to one call or batch: ``token.cancel()`` from any thread stops it.

A stopped call raises :class:`Cancelled` (``KeyboardInterrupt`` in the thread the
signal handler ran in) within a second; calls started afterwards run normally.
"""
from __future__ import annotations

import atexit
import signal
import threading
from typing import Any, Optional

from . import _native
from .errors import Cancelled

__all__ = ["Cancel", "Cancelled", "cancel_all", "install_sigint_handler"]

Cancel = _native.Cancel


def cancel_all() -> None:
    """Stops every gridsat call running in this process, in any thread."""
    _native.cancel_all()


def _on_sigint(signum: int, frame: Any) -> None:
    _native.cancel_all()
    signal.default_int_handler(signum, frame)


def install_sigint_handler() -> bool:
    """Makes SIGINT (Ctrl-C) stop every gridsat call in every thread, then raise
    ``KeyboardInterrupt`` in the main thread as Python's default handler does. Done at
    import when SIGINT has Python's default handler; returns False (and does nothing)
    outside the main thread or when SIGINT has another handler than Python's default
    or gridsat's."""
    if threading.current_thread() is not threading.main_thread():
        return False
    if signal.getsignal(signal.SIGINT) not in (signal.default_int_handler, _on_sigint):
        return False
    signal.signal(signal.SIGINT, _on_sigint)
    return True


_late_hook = False


def _register_shutdown_hook() -> None:
    # threading._register_atexit (3.9+) runs before the interpreter joins non-daemon
    # threads, last registered first: registered again from the first call made in a
    # worker thread, so that it runs before concurrent.futures joins its workers.
    register = getattr(threading, "_register_atexit", None)
    if register is not None:
        try:
            register(_native.cancel_all)
        except RuntimeError:  # the interpreter is already shutting down
            _native.cancel_all()


def watch_thread() -> None:
    """Called by every gridsat entry point: from a worker thread, makes sure the
    shutdown hook runs before the interpreter waits for that thread."""
    global _late_hook
    if not _late_hook and threading.current_thread() is not threading.main_thread():
        _late_hook = True
        _register_shutdown_hook()


def token(cancel: Optional[Any]) -> Optional[Any]:
    """The native token of a ``cancel=`` argument (a :class:`Cancel`, or None)."""
    watch_thread()
    if cancel is None or isinstance(cancel, Cancel):
        return cancel
    raise TypeError(f"cancel is a gridsat.Cancel, not {type(cancel).__name__}")


_register_shutdown_hook()
# After the non-daemon threads are joined: what still runs is a daemon thread, which
# must never take the GIL back from here on (see _native.finalizing).
atexit.register(_native.finalizing)
install_sigint_handler()
