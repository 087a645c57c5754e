"""The course's Sokoban and Sudoku formats checked in plain Python: U/D/L/R moves
replayed, the fewest moves found by breadth-first search, small levels made at random,
and a Sudoku grid checked against its rules and givens.

Nothing here calls gridsat's encoders or solvers: :mod:`gridsat.teach` uses this module
as the independent oracle that a student's ``solve_sokoban(grid, T)`` and
``solve_sudoku(grid)`` are judged by.
"""
from __future__ import annotations

import random
from collections import deque
from dataclasses import dataclass
from typing import Any, Deque, Dict, FrozenSet, Iterator, List, Optional, Sequence, Tuple

Pos = Tuple[int, int]

#: The four moves of the course: (row step, column step).
DIRS: Dict[str, Pos] = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}


def at(p: Pos) -> str:
    """``row 2, column 3`` (counted from 1, as the course prints grids)."""
    return f"row {p[0] + 1}, column {p[1] + 1}"


@dataclass(frozen=True)
class Level:
    """A course-format level: ``#`` wall, ``.`` floor, ``P`` player, ``B`` box, ``G``
    goal (positions are (row, column) from 0; outside the rows counts as wall)."""

    rows: Tuple[str, ...]
    walls: FrozenSet[Pos]
    goals: FrozenSet[Pos]
    boxes: FrozenSet[Pos]
    player: Pos

    @staticmethod
    def parse(grid: Sequence[Sequence[str]]) -> "Level":
        """Reads a list of rows (strings or lists of one-character strings); raises
        ``ValueError`` naming the row and column of anything else."""
        found: Dict[str, List[Pos]] = {"#": [], "G": [], "B": [], "P": []}
        rows = []
        for r, row in enumerate(grid):
            text = "".join(str(ch) for ch in row)
            for c, ch in enumerate(text):
                if ch in found:
                    found[ch].append((r, c))
                elif ch != ".":
                    raise ValueError(f"{at((r, c))}: {ch!r} is not one of # . P B G")
            rows.append(text)
        if len(found["P"]) != 1:
            raise ValueError(f"a level has one player P, not {len(found['P'])}")
        if len(found["B"]) != len(found["G"]):
            raise ValueError(f"{len(found['B'])} boxes B but {len(found['G'])} goals G")
        return Level(tuple(rows), frozenset(found["#"]), frozenset(found["G"]),
                     frozenset(found["B"]), found["P"][0])

    def grid(self) -> List[List[str]]:
        """A fresh list of lists of characters, as the course passes a level."""
        return [list(row) for row in self.rows]

    def blocked(self, p: Pos) -> bool:
        """A wall, or outside the grid."""
        r, c = p
        return p in self.walls or not (0 <= r < len(self.rows) and 0 <= c < len(self.rows[r]))

    def draw(self, boxes: FrozenSet[Pos], player: Pos) -> str:
        """The level with these boxes and player (``*`` a box on a goal, ``+`` the
        player on a goal), one line per row."""
        out = []
        for r, row in enumerate(self.rows):
            line = []
            for c, ch in enumerate(row):
                p = (r, c)
                goal = p in self.goals
                if p == player:
                    line.append("+" if goal else "P")
                elif p in boxes:
                    line.append("*" if goal else "B")
                else:
                    line.append("#" if ch == "#" else "G" if goal else ".")
            out.append("".join(line))
        return "\n".join(out)


@dataclass(frozen=True)
class Replay:
    """A plan replayed: ``rule`` is ``None`` when every move is legal and every box
    ends on a goal, else what went wrong in words; ``step`` the 0-based index of the
    illegal move (``None`` when the moves are legal but boxes end off their goals);
    ``boxes`` and ``player`` where they stand when the replay stopped."""

    rule: Optional[str]
    step: Optional[int]
    boxes: FrozenSet[Pos]
    player: Pos


def step(level: Level, boxes: FrozenSet[Pos], player: Pos,
         move: str) -> Tuple[Optional[str], FrozenSet[Pos], Pos]:
    """One move: (what makes it illegal or ``None``, boxes, player after it)."""
    if move not in DIRS:
        return f"{move!r} is not one of U D L R", boxes, player
    dr, dc = DIRS[move]
    to = (player[0] + dr, player[1] + dc)
    if level.blocked(to):
        return f"walks into the wall at {at(to)}", boxes, player
    if to in boxes:
        beyond = (to[0] + dr, to[1] + dc)
        if level.blocked(beyond):
            return f"pushes the box at {at(to)} into the wall at {at(beyond)}", boxes, player
        if beyond in boxes:
            return f"pushes the box at {at(to)} into the box at {at(beyond)}", boxes, player
        boxes = (boxes - {to}) | {beyond}
    return None, boxes, to


def replay(level: Level, moves: Sequence[str]) -> Replay:
    """Plays ``moves`` (``"U"``, ``"D"``, ``"L"``, ``"R"``; lower case accepted) from the
    level's start and says whether they solve it."""
    boxes, player = level.boxes, level.player
    for i, m in enumerate(moves):
        move = m.upper() if isinstance(m, str) else repr(m)
        why, boxes, player = step(level, boxes, player, move)
        if why is not None:
            return Replay(f"move {i + 1} ({m}) {why}", i, boxes, player)
    off = sorted(boxes - level.goals)
    if off:
        return Replay(f"after {moves_text(len(moves))} the box at {at(off[0])} is not on a goal",
                      None, boxes, player)
    return Replay(None, None, boxes, player)


def moves_text(k: int) -> str:
    """``1 move``, ``2 moves``."""
    return f"{k} move" if k == 1 else f"{k} moves"


class TooLarge(Exception):
    """The breadth-first search met more states than it was allowed."""


def fewest_moves(level: Level, max_states: int = 200_000) -> Optional[List[str]]:
    """The shortest plan by breadth-first search over (player, boxes), or ``None`` when
    no plan exists; raises :class:`TooLarge` past ``max_states`` states."""
    start = (level.player, level.boxes)
    parent: Dict[Tuple[Pos, FrozenSet[Pos]], Tuple[Any, str]] = {start: (None, "")}
    todo: Deque[Tuple[Pos, FrozenSet[Pos]]] = deque([start])
    while todo:
        state = todo.popleft()
        player, boxes = state
        if boxes <= level.goals:
            plan = []
            while parent[state][0] is not None:
                state, move = parent[state]
                plan.append(move)
            return plan[::-1]
        for move in "UDLR":
            why, b, p = step(level, boxes, player, move)
            if why is None and (p, b) not in parent:
                parent[(p, b)] = (state, move)
                todo.append((p, b))
        if len(parent) > max_states:
            raise TooLarge(f"more than {max_states} states")
    return None


def random_level(rng: random.Random, height: int, width: int, boxes: int,
                 walls: float = 0.2) -> Optional[Level]:
    """A level of ``height`` × ``width`` open squares inside a wall border, with some
    inner walls, ``boxes`` boxes and goals on distinct squares and the player; ``None``
    when there is no room for them."""
    inner = [(r, c) for r in range(1, height + 1) for c in range(1, width + 1)]
    rng.shuffle(inner)
    n_walls = int(walls * len(inner) * rng.random())
    if len(inner) - n_walls < 2 * boxes + 1:
        return None
    wall_set = set(inner[:n_walls])
    free = inner[n_walls:]
    box_set, goal_set, player = free[:boxes], free[boxes:2 * boxes], free[2 * boxes]
    rows = []
    for r in range(height + 2):
        line = ""
        for c in range(width + 2):
            p = (r, c)
            border = r in (0, height + 1) or c in (0, width + 1)
            line += ("#" if border or p in wall_set else "B" if p in box_set
                     else "G" if p in goal_set else "P" if p == player else ".")
        rows.append(line)
    return Level.parse(rows)


def sizes(max_area: int) -> Iterator[Tuple[int, int, int]]:
    """(height, width, boxes) of the generated levels, smallest first: by open area,
    then boxes (1 to 3, while they fit)."""
    shapes = sorted(((h * w, h, w) for h in range(1, 7) for w in range(2, 8)
                     if h * w <= max_area))
    for _area, h, w in shapes:
        for boxes in (1, 2, 3):
            if 2 * boxes + 1 <= h * w:
                yield h, w, boxes


def sudoku_problems(puzzle: Sequence[Sequence[int]], answer: Any) -> List[Tuple[str, str]]:
    """What is wrong with ``answer`` as a solution of ``puzzle`` (an n×n list of lists,
    0 = empty; boxes as :func:`box_shape`): (the rule broken in words, the reference family), first the
    shape, then the values, the givens, and the rows, columns and boxes. Empty when the
    answer is a valid solution."""
    n = len(puzzle)
    try:
        grid = [[int(v) for v in row] for row in answer]
    except (TypeError, ValueError):
        return [(f"the answer {short(answer)} is not a list of rows of numbers", "answer")]
    if len(grid) != n or any(len(row) != n for row in grid):
        shape = f"{len(grid)} rows of {sorted({len(row) for row in grid})} cells"
        return [(f"the answer has {shape}, not {n} rows of {n}", "answer")]
    out: List[Tuple[str, str]] = []
    for r in range(n):
        for c in range(n):
            v, g = grid[r][c], int(puzzle[r][c])
            if v == 0:
                out.append((f"r{r + 1}c{c + 1} is left empty (0)", "cell at-least-one"))
            elif not 1 <= v <= n:
                out.append((f"r{r + 1}c{c + 1} holds {v}, not a symbol 1–{n}",
                            "cell at-least-one"))
            elif g and v != g:
                out.append((f"r{r + 1}c{c + 1} is given {g} but the answer has {v}", "givens"))
    return out + house_problems(grid)


def house_problems(grid: Sequence[Sequence[int]]) -> List[Tuple[str, str]]:
    """The rows, columns and boxes of an n×n grid that hold a symbol twice (values
    outside 1..n, such as 0 for an empty cell, are not counted): on a puzzle, the
    givens that clash."""
    n = len(grid)
    p, q = box_shape(n)
    houses = [("row", r + 1, [(r, c) for c in range(n)]) for r in range(n)]
    houses += [("column", c + 1, [(r, c) for r in range(n)]) for c in range(n)]
    houses += [("box", i + 1, [(i // p * p + k // q, i % p * q + k % q) for k in range(n)])
               for i in range(n)]
    out: List[Tuple[str, str]] = []
    for kind, index, cells in houses:
        seen: Dict[int, Pos] = {}
        for r, c in cells:
            v = int(grid[r][c])
            if v in seen:
                first = seen[v]
                out.append((f"{kind} {index} holds {v} twice (r{first[0] + 1}c{first[1] + 1} "
                            f"and r{r + 1}c{c + 1})", f"{kind} at-most-one"))
                break
            if 1 <= v <= n:
                seen[v] = (r, c)
    return out


def short(x: Any, limit: int = 80) -> str:
    """``repr(x)``, cut to ``limit`` characters."""
    text = repr(x)
    return text if len(text) <= limit else text[:limit - 1] + "…"


def box_shape(n: int) -> Pos:
    """Boxes of P rows × Q columns for side ``n``: square when n is a square, else the
    most nearly square with P < Q (6 → 2×3), as gridsat reads a grid."""
    p = max(d for d in range(1, int(n ** 0.5) + 1) if n % d == 0)
    return p, n // p


def draw_sudoku(grid: Sequence[Sequence[int]]) -> str:
    """A grid as rows of digits (``.`` for 0) with the boxes spaced out."""
    n = len(grid)
    p, q = box_shape(n)
    lines = []
    for r, row in enumerate(grid):
        cells = ["." if not v else str(v) for v in row]
        line = " | ".join(" ".join(cells[i:i + q]) for i in range(0, n, q))
        if r and r % p == 0:
            lines.append("-" * len(line))
        lines.append(line)
    return "\n".join(lines)
