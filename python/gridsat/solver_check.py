"""Checking a student's solver by its answers: ``check_sokoban(solve_sokoban)`` and
``check_sudoku(solve_sudoku)`` run the function on small cases, smallest first, judge
each answer with the plain-Python oracle of :mod:`gridsat.course`, and return the first
(so the smallest) counterexample, drawn, with the rule it breaks in words.

Re-exported by :mod:`gridsat.teach`.
"""
from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Iterator, List, Optional, Sequence, Tuple

from . import course

__all__ = ["Counterexample", "SolverCheck", "check_sokoban", "sokoban_cases"]


@dataclass(frozen=True)
class Counterexample:
    """A case the student's function answers wrongly. ``puzzle`` is the level (rows of
    characters) or the grid (rows of numbers) it was given, ``T`` the move bound
    (Sokoban), ``returned`` what it returned (cut to 80 characters), ``rule`` what is
    wrong in words, ``family`` the rule's family (``"walls"``, ``"pushes"``,
    ``"goals"``, ``"bound T"``, ``"no plan"``, ``"row at-most-one"``, ``"givens"``, …),
    ``picture`` a drawing of where it goes wrong, and ``answer`` a right answer when one
    exists (a plan, or a solution grid)."""

    puzzle: List[Any]
    T: Optional[int]
    returned: str
    rule: str
    family: str
    picture: str
    answer: Optional[Any]


@dataclass(frozen=True)
class SolverCheck:
    """What a check found: ``problem`` when ``counterexample`` is set; ``cases`` how
    many cases the function answered; ``stopped`` when the time limit ended the check
    before every case was tried; ``text`` the report in words."""

    function: str
    problem: bool
    cases: int
    stopped: bool
    counterexample: Optional[Counterexample]
    text: str


# The course's own examples (issue 15's harness), tried before the generated levels.
_COURSE_LEVELS = [["#####", "#PBG#", "#####"], ["######", "#P.BG#", "######"],
                  ["#######", "#P....#", "#.B.B.#", "#..#..#", "#G...G#", "#######"]]


def _bounds(level: course.Level) -> List[Tuple[int, Optional[List[str]]]]:
    """(T, a plan within T or ``None``) to ask of a level: its fewest moves m and m − 1
    when it has a plan, a bound of its open area when it has none."""
    try:
        plan = course.fewest_moves(level)
    except course.TooLarge:
        return []
    if plan is None:
        return [(sum(row.count(".") + row.count("P") for row in level.rows) + 2, None)]
    m = len(plan)
    return [(m, plan)] + ([(m - 1, None)] if m > 0 else [])


def _open(level: course.Level) -> int:
    return sum(len(row) - row.count("#") for row in level.rows)


def sokoban_cases(seed: int = 228, per_size: int = 6,
                  max_area: int = 20) -> List[Tuple[course.Level, int, Optional[List[str]]]]:
    """(level, T, a plan of at most T moves or ``None`` when none exists): the course's
    examples and ``per_size`` random levels of each size, smallest first (open squares,
    then boxes, then T)."""
    levels = [course.Level.parse(rows) for rows in _COURSE_LEVELS]
    rng = random.Random(seed)
    for h, w, boxes in course.sizes(max_area):
        for _ in range(per_size):
            made = course.random_level(rng, h, w, boxes)
            if made is not None:
                levels.append(made)
    cases = [(level, bound, plan) for level in levels for bound, plan in _bounds(level)]
    cases.sort(key=lambda case: (_open(case[0]), len(case[0].boxes), case[1]))
    return cases


def _plan_of(got: Any) -> Optional[List[str]]:
    if isinstance(got, str):
        return list(got)
    if isinstance(got, (list, tuple)) and all(isinstance(m, str) for m in got):
        return list(got)
    return None


def _judge_sokoban(level: course.Level, t: int, plan: Optional[List[str]],
                   got: Any) -> Optional[Counterexample]:
    """``None`` when ``got`` is a right answer for (level, T)."""
    def wrong(rule: str, family: str, picture: str = "") -> Counterexample:
        return Counterexample(level.grid(), t, course.short(got), rule, family, picture, plan)

    if isinstance(got, int) and not isinstance(got, bool) and got == -1:
        if plan is None:
            return None
        return wrong(f"returned -1, but a plan of {course.moves_text(len(plan))} (T = {t}) exists: "
                     f"{''.join(plan)}", "no plan")
    moves = _plan_of(got)
    if moves is None:
        return wrong(f"returned {course.short(got)}: neither a list of moves nor -1", "answer")
    if len(moves) > t:
        return wrong(f"returned a plan of {course.moves_text(len(moves))}, more than T = {t}", "bound T")
    r = course.replay(level, moves)
    if r.rule is None:
        return None
    if r.step is not None and "not one of" in r.rule:
        return wrong(r.rule, "answer")
    family = "goals" if r.step is None else "walls" if "wall" in r.rule else "pushes"
    return wrong(r.rule, family, level.draw(r.boxes, r.player))


def run(function: Callable[..., Any], args: Tuple[Any, ...]) -> Tuple[Any, Optional[str]]:
    """(what ``function(*args)`` returned, ``None``), or (``None``, what it raised)."""
    try:
        return function(*args), None
    except Exception as e:  # the student's code may raise anything: that is the finding
        return None, f"raised {type(e).__name__}: {e}"


def check_sokoban(solve_sokoban: Callable[[List[List[str]], int], Any], *, seed: int = 228,
                  time_limit: float = 10.0, max_area: int = 20,
                  cases: Optional[Iterable[Tuple[Sequence[str], int]]] = None) -> SolverCheck:
    """Runs ``solve_sokoban(grid, T)`` (the course contract: a list of ``"U" "D" "L"
    "R"`` of at most ``T`` moves that puts every box on a goal, or ``-1`` when none
    exists) on the course's examples and on random small levels, smallest first (open
    area, then boxes, then T), each T the fewest moves a breadth-first search finds and
    one fewer. Returns the first wrong answer: an illegal move (drawn where it breaks),
    a plan that leaves a box off its goal or is longer than T, or ``-1`` where a plan
    exists (the plan shown). ``cases`` replaces the generated ones with (rows, T)."""
    if cases is None:
        todo: Iterable[Tuple[course.Level, int, Optional[List[str]]]] = sokoban_cases(
            seed, max_area=max_area)
    else:
        todo = _given_cases(cases)
    deadline = time.monotonic() + time_limit
    tried = 0
    for level, t, plan in todo:
        if time.monotonic() > deadline:
            return verdict("solve_sokoban", tried, True, None)
        got, raised = run(solve_sokoban, (level.grid(), t))
        tried += 1
        found = (Counterexample(level.grid(), t, "nothing", raised, "answer", "", plan)
                 if raised else _judge_sokoban(level, t, plan, got))
        if found is not None:
            return verdict("solve_sokoban", tried, False, found)
    return verdict("solve_sokoban", tried, False, None)


def _given_cases(cases: Iterable[Tuple[Sequence[str], int]]) -> Iterator[
        Tuple[course.Level, int, Optional[List[str]]]]:
    """The caller's (rows, T), each with a plan of at most T moves from the oracle, or
    ``None``; ``ValueError`` for a level the oracle cannot read or search."""
    for k, (rows, t) in enumerate(cases, 1):
        level = course.Level.parse(rows)
        try:
            plan = course.fewest_moves(level)
        except course.TooLarge as e:
            raise ValueError(f"case {k}: too large for the breadth-first oracle ({e}); "
                             "give small levels") from None
        yield level, t, (plan if plan is not None and len(plan) <= t else None)


def verdict(function: str, tried: int, stopped: bool,
             found: Optional[Counterexample]) -> SolverCheck:
    """The check's result and its text."""
    return SolverCheck(function, found is not None, tried, stopped, found,
                       _text(function, tried, stopped, found))


def _text(function: str, tried: int, stopped: bool, found: Optional[Counterexample]) -> str:
    if found is None:
        end = "the time limit ended the check" if stopped else "every case was answered right"
        return f"{function}: no counterexample in {tried} cases ({end})"
    given = (f"the level, T = {found.T}:\n" + "\n".join("".join(r) for r in found.puzzle)
             if found.T is not None else "the puzzle:\n" + course.draw_sudoku(found.puzzle))
    lines = [f"{function}: counterexample (case {tried}, smallest first)", given,
             f"returned: {found.returned}", f"wrong: {found.rule} [{found.family}]"]
    if found.picture:
        caption = {"goals": "after the plan:", "walls": "before that move:",
                   "pushes": "before that move:"}.get(found.family, "the answer:")
        lines += [caption, found.picture]
    if found.answer is not None and found.T is None:
        lines += ["a solution:", course.draw_sudoku(found.answer)]
    return "\n".join(lines)
