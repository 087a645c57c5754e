"""Sokoban as SAT planning: levels in XSB or course format, optimal plans (fewest
pushes or moves, proven), each replayed by an independent simulator before it is
returned.

>>> from gridsat import sokoban
>>> level = sokoban.parse("#######\\n#@ $ .#\\n#######\\n")[0]
>>> p = sokoban.solve(level)
>>> p.status, p.moves, p.pushes, p.optimal
('solved', 'rRR', 2, 'pushes')

The course contract: ``solve_course(grid, T)`` takes a list of rows of the
characters ``# . P B G`` and returns a list of ``"U" "D" "L" "R"`` of at most ``T``
moves, or ``-1`` when no such plan exists.
"""
from __future__ import annotations

import json as _json
from typing import Any, Dict, List, Literal, Optional, Sequence, Union, cast

from . import _native
from . import interrupt as _interrupt
from . import limits as _limits
from .certificates import Folder, folder as _folder

__all__ = ["Level", "Plan", "Verified", "parse", "solve", "verify", "solve_course", "options"]

Status = Literal["solved", "no-plan", "unsolvable", "unknown"]


class Level:
    """One level: ``title``, ``number`` (1-based in its collection), ``width``,
    ``height``, ``rows`` (XSB text rows), ``boxes`` and ``goals`` (counts), ``max_moves``
    (the course format's move bound, or ``None``); ``str(level)`` is its XSB text."""

    def __init__(self, native: _native.NativeLevel) -> None:
        self._native = native
        self._json: Dict[str, Any] = _json.loads(native.to_json())

    @property
    def title(self) -> str:
        return cast(str, self._json["title"])

    @property
    def number(self) -> int:
        return cast(int, self._json["number"])

    @property
    def width(self) -> int:
        return cast(int, self._json["width"])

    @property
    def height(self) -> int:
        return cast(int, self._json["height"])

    @property
    def rows(self) -> List[str]:
        return list(self._json["rows"])

    @property
    def boxes(self) -> int:
        return cast(int, self._json["boxes"])

    @property
    def goals(self) -> int:
        return cast(int, self._json["goals"])

    @property
    def max_moves(self) -> Optional[int]:
        return cast(Optional[int], self._json["max_moves"])

    def to_json(self) -> Dict[str, Any]:
        return cast(Dict[str, Any], _json.loads(_json.dumps(self._json)))

    def __str__(self) -> str:
        return self._native.xsb()

    def __repr__(self) -> str:
        return f"<gridsat.sokoban.Level {self.title!r}, {self.boxes} boxes>"


def parse(text: str, *, file: str = "level") -> List[Level]:
    """Every level of ``text`` (an XSB collection, or the course format: a first line
    with the move bound, then rows of ``# . P B G`` separated by spaces). Raises
    :class:`gridsat.ParseError` with ``file``, ``line``, ``column`` and ``level``."""
    if not isinstance(text, str):
        raise TypeError(f"a level is its text (str), not {type(text).__name__}")
    return [Level(n) for n in _native.sokoban_parse(text, file)]


def _level(level: Union[Level, str]) -> Level:
    if isinstance(level, Level):
        return level
    levels = parse(level)
    if len(levels) != 1:
        raise ValueError(f"the text holds {len(levels)} levels: pass one of parse(text)")
    return levels[0]


class Plan:
    """What a solve came to.

    * ``status``: ``"solved"``, ``"no-plan"`` (none within the bounds, proven),
      ``"unsolvable"`` (proven), ``"unknown"`` (stopped).
    * ``moves``: the plan in LURD letters (pushes in capitals), or ``None``.
    * ``pushes``, ``move_count``: its size.
    * ``optimal``: what it is proven optimal in (``"pushes"``, ``"moves"``,
      ``"pushes,moves"``), ``None`` when not proven (time limit).
    * ``reason``: why there is no plan, or what stopped the solve.
    * ``frames()``: every position as XSB text, the start first.

    ``to_json()`` is the object ``gridsat sokoban solve --json`` prints.
    """

    def __init__(self, native: _native.NativePlan) -> None:
        self._native = native
        self._json: Dict[str, Any] = _json.loads(native.to_json())

    @property
    def status(self) -> Status:
        return cast(Status, self._json["status"])

    @property
    def moves(self) -> Optional[str]:
        return cast(Optional[str], self._json["plan"])

    @property
    def move_count(self) -> Optional[int]:
        return cast(Optional[int], self._json["moves"])

    @property
    def pushes(self) -> Optional[int]:
        return cast(Optional[int], self._json["pushes"])

    @property
    def optimal(self) -> Optional[str]:
        return cast(Optional[str], self._json["optimal"])

    @property
    def reason(self) -> Optional[str]:
        return cast(Optional[str], self._json["reason"])

    @property
    def stats(self) -> Dict[str, Any]:
        return dict(self._json["stats"])

    def frames(self) -> List[str]:
        """Every position of the plan (XSB text), ``frames()[0]`` the start."""
        return self._native.frames()

    def to_json(self) -> Dict[str, Any]:
        return cast(Dict[str, Any], _json.loads(_json.dumps(self._json)))

    def __repr__(self) -> str:
        return f"<gridsat.sokoban.Plan {self.status} {self.moves or ''}>"


def solve(level: Union[Level, str], *, optimize: str = "pushes",
          time_limit: Optional[float] = None, max_moves: Optional[int] = None,
          max_pushes: Optional[int] = None, solver: Optional[str] = None,
          cancel: Optional[_interrupt.Cancel] = None,
          certify: Optional[Folder] = None, certify_with: str = "auto") -> Plan:
    """Finds a plan for ``level`` (a :class:`Level` or the text of one level),
    optimal in ``optimize`` (``"pushes"``, ``"moves"`` or ``"pushes,moves"``), of at most
    ``max_moves``/``max_pushes`` when given (the course format's first line gives
    ``max_moves``). ``time_limit`` in seconds: the best plan so far, not proven optimal,
    or status ``"unknown"``. Ctrl-C raises ``KeyboardInterrupt`` within a second (in a
    worker thread, :class:`gridsat.Cancelled`), and so does ``cancel.cancel()``.

    ``certify=DIR`` (a new or empty folder) writes the certificate that the plan is
    optimal, the files ``gridsat sokoban solve --certify DIR`` writes (entry
    ``level-N``, claim ``optimal P`` or ``optimal-moves M``; for ``"pushes,moves"``
    also ``level-N-moves``, ``optimal-moves M pushes P``): ``ValueError`` for a plan
    not proven optimal, ``TimeoutError`` when the time limit stops the proof. Check it
    with :func:`gridsat.check_certificate`. ``certify_with`` says what backs a push
    optimum, as ``--certify-with`` does: ``"closure"`` (the push-state closure),
    ``"drat"`` (the formula one push below and CaDiCaL's DRAT proof) or ``"auto"`` (the
    closure; the proof when the closure is over 4,000,000 positions or the memory
    budget)."""
    if certify_with not in ("auto", "drat", "closure"):
        raise ValueError(f"certify_with: {certify_with!r}: expected auto, drat or closure")
    path = _folder(certify)
    lv = _level(level)
    o = _request(optimize, time_limit, max_moves, max_pushes, solver)
    return Plan(_native.sokoban_solve(lv._native, _json.dumps(o), _interrupt.token(cancel),
                                      path, certify_with))


def _request(optimize: str, time_limit: Optional[float], max_moves: Optional[int],
             max_pushes: Optional[int], solver: Optional[str]) -> Dict[str, Any]:
    """The request object of :func:`solve`'s keyword arguments (the library reads it by
    type and names the member of a value it does not take)."""
    o: Dict[str, Any] = {"optimize": optimize}
    if time_limit is not None:
        o["time_limit"] = _limits.seconds("time_limit", time_limit)
    for k, v in (("max_moves", max_moves), ("max_pushes", max_pushes)):
        if v is not None:
            o[k] = _limits.integer(k, v, 0, 2**32)
    if solver is not None:
        o["solver"] = solver
    return o


def options(level: Union[Level, str], *, optimize: str = "pushes",
            max_moves: Optional[int] = None, max_pushes: Optional[int] = None,
            solver: Optional[str] = None) -> Dict[str, Any]:
    """The options :func:`solve` would run with these arguments on ``level``, without
    solving: the object ``gridsat sokoban solve --print-options`` prints, which shows that
    the package's defaults are the library's (``SolveOptions::new``)."""
    lv = _level(level)
    o = _request(optimize, None, max_moves, max_pushes, solver)
    return cast(Dict[str, Any], _json.loads(_native.sokoban_options(lv._native, _json.dumps(o))))


class Verified:
    """A replayed plan: ``solved`` (every box on a goal), ``valid`` (the same),
    ``moves``, ``pushes``, ``plan`` (pushes in capitals), ``boxes_off_goal``, ``error``
    (why it cannot be played)."""

    # Read from the simulator's JSON object by __getattr__ (the optional members are
    # None when it leaves them out); declared here for type checkers.
    solved: bool
    valid: bool
    moves: Optional[int]
    pushes: Optional[int]
    plan: Optional[str]
    boxes_off_goal: Optional[int]
    error: Optional[str]

    def __init__(self, obj: Dict[str, Any]) -> None:
        self._json = obj

    def __getattr__(self, name: str) -> Any:
        try:
            return self.__dict__["_json"][name]
        except KeyError:
            if name in ("moves", "pushes", "plan", "boxes_off_goal", "error"):
                return None
            raise AttributeError(name) from None

    def __bool__(self) -> bool:
        return bool(self._json["solved"])

    def to_json(self) -> Dict[str, Any]:
        return cast(Dict[str, Any], _json.loads(_json.dumps(self._json)))


def verify(level: Union[Level, str], plan: Union[str, Plan, Sequence[str]]) -> Verified:
    """Replays ``plan`` (LURD letters in any case, ``"R D R …"``, a list of letters or a
    :class:`Plan`) on ``level`` with the independent simulator."""
    if isinstance(plan, Plan):
        plan = plan.moves or ""
    elif not isinstance(plan, str):
        plan = " ".join(plan)
    return Verified(_json.loads(_native.sokoban_verify(_level(level)._native, plan)))


def solve_course(grid: Sequence[Sequence[str]], T: int) -> Union[List[str], int]:
    """The course contract: ``grid`` is a list of rows of the characters ``#`` (wall),
    ``.`` (floor), ``P`` (player), ``B`` (box), ``G`` (goal); returns a list of
    ``"U" "D" "L" "R"`` of at most ``T`` moves after which every box is on a goal
    (fewest moves), or ``-1`` when no such plan exists (proven)."""
    if isinstance(T, bool) or not isinstance(T, int) or T < 0:
        raise ValueError("T is a number of moves (an int, 0 or more)")
    _limits.integer("T", T, 0, 2**32)
    rows = [" ".join(str(c) for c in row) for row in grid]
    lv = parse(f"{T}\n" + "\n".join(rows) + "\n", file="grid")[0]
    p = solve(lv, optimize="moves", max_moves=T)
    if p.status == "solved" and p.moves is not None:
        return list(p.moves.upper())
    if p.status in ("no-plan", "unsolvable"):
        return -1
    from .errors import InternalError

    raise InternalError(f"the solve came to {p.status}: {p.reason}")
