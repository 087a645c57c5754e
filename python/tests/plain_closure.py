"""A push-state closure checked from docs/guide/certificates.md alone, in plain Python.

Nothing here comes from gridsat: the level is read from its XSB text, the lone-box push
distances are two breadth-first searches, the bound is a brute-force least-cost
assignment (fine for the few boxes of a test level), and the three conditions of the
page are checked as written there:

1. the start position is listed at depth 0;
2. no listed position has every box on a goal;
3. every push from a listed position of depth d < H leads to a position listed at
   depth d + 1 or less, or to one whose bound is infinite or more than H - d - 1.

`check(level_text, states_text, horizon)` returns the number of positions, or raises
`Rejected` with the reason. `python plain_closure.py DIR` checks every `states` entry of
a certificate folder (used by bench/sokoban to check closures with a second checker).
"""
from collections import deque
from itertools import permutations
import pathlib
import sys
from typing import Dict, FrozenSet, List, Optional, Set, Tuple

Cell = Tuple[int, int]
Position = Tuple[FrozenSet[Cell], FrozenSet[Cell]]  # boxes, the player's region
STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))


class Rejected(Exception):
    """The closure does not prove its claim."""


class Board:
    """Walls, goals, boxes and player of one level, read from XSB rows."""

    def __init__(self, text: str) -> None:
        rows = [r for r in text.splitlines() if r.strip() and not r.lstrip().startswith(";")]
        self.walls: Set[Cell] = set()
        self.goals: Set[Cell] = set()
        self.boxes: Set[Cell] = set()
        self.player: Cell = (-1, -1)
        self.height, self.width = len(rows), max(len(r) for r in rows)
        for r, row in enumerate(rows):
            for c, ch in enumerate(row):
                at = (r, c)
                if ch == "#":
                    self.walls.add(at)
                if ch in ".+*":
                    self.goals.add(at)
                if ch in "$*":
                    self.boxes.add(at)
                if ch in "@+":
                    self.player = at

    def floor(self, at: Cell) -> bool:
        r, c = at
        return 0 <= r < self.height and 0 <= c < self.width and at not in self.walls

    def region(self, boxes: FrozenSet[Cell], start: Cell) -> FrozenSet[Cell]:
        seen = {start}
        todo = [start]
        while todo:
            r, c = todo.pop()
            for dr, dc in STEPS:
                n = (r + dr, c + dc)
                if self.floor(n) and n not in boxes and n not in seen:
                    seen.add(n)
                    todo.append(n)
        return frozenset(seen)

    def pull_distances(self, goal: Cell) -> Dict[Cell, int]:
        """Pushes of a lone box from each cell to `goal`: pulled back from the goal, the
        box came from the cell before it with the player one cell further back."""
        dist = {goal: 0}
        queue = deque([goal])
        while queue:
            r, c = queue.popleft()
            for dr, dc in STEPS:
                came, player = (r - dr, c - dc), (r - 2 * dr, c - 2 * dc)
                if self.floor(came) and self.floor(player) and came not in dist:
                    dist[came] = dist[(r, c)] + 1
                    queue.append(came)
        return dist


def bound(board: Board, to_goal: List[Dict[Cell, int]], boxes: FrozenSet[Cell]) -> Optional[int]:
    """The least total push distance over the ways of sending the boxes to distinct
    goals (None: no way at all)."""
    best: Optional[int] = None
    listed = sorted(boxes)
    for goals in permutations(range(len(to_goal)), len(listed)):
        ds = [to_goal[g].get(b) for b, g in zip(listed, goals)]
        if all(d is not None for d in ds):
            total = sum(d for d in ds if d is not None)
            best = total if best is None else min(best, total)
    return best


def pushes(board: Board, pos: Position) -> List[Position]:
    boxes, region = pos
    out = []
    for (r, c) in boxes:
        for dr, dc in STEPS:
            behind, ahead = (r - dr, c - dc), (r + dr, c + dc)
            if behind in region and board.floor(ahead) and ahead not in boxes:
                moved = (boxes - {(r, c)}) | {ahead}
                out.append((moved, board.region(moved, (r, c))))
    return out


def read_states(board: Board, text: str, horizon: int) -> Dict[Position, int]:
    lines = [x.strip() for x in text.splitlines() if x.strip() and not x.startswith("c")]
    head = lines[0].split()
    if head[:3] != ["p", "closure", str(horizon)] or len(head) != 4:
        raise Rejected(f"expected the header 'p closure {horizon} N', got {lines[0]!r}")
    listed: Dict[Position, int] = {}
    for line in lines[1:]:
        words = line.split()
        cells = [tuple(int(x) - 1 for x in w.split(",")) for w in words[1:]]
        player, boxes = cells[0], frozenset((r, c) for r, c in cells[1:])
        if len(boxes) != len(board.boxes) or not all(board.floor(b) for b in boxes):
            raise Rejected(f"bad position line {line!r}")
        pos = (boxes, board.region(boxes, (player[0], player[1])))
        if pos in listed:
            raise Rejected(f"position listed twice: {line!r}")
        listed[pos] = int(words[0])
    if len(listed) != int(head[3]):
        raise Rejected(f"{len(listed)} positions, the header says {head[3]}")
    return listed


def check(level_text: str, states_text: str, horizon: int) -> int:
    board = Board(level_text)
    to_goal = [board.pull_distances(g) for g in sorted(board.goals)]
    listed = read_states(board, states_text, horizon)
    start_boxes = frozenset(board.boxes)
    if listed.get((start_boxes, board.region(start_boxes, board.player))) != 0:
        raise Rejected("the start position is not listed at depth 0")
    for (boxes, region), depth in listed.items():
        if boxes <= board.goals:
            raise Rejected(f"a listed position at depth {depth} is solved")
        if depth >= horizon:
            continue
        for nxt in pushes(board, (boxes, region)):
            d = listed.get(nxt)
            if d is not None and d <= depth + 1:
                continue
            b = bound(board, to_goal, nxt[0])
            if b is None or depth + 1 + b > horizon:
                continue
            raise Rejected(f"a push from a position at depth {depth} is neither listed nor cut")
    return len(listed)


def check_folder(folder: pathlib.Path) -> List[Tuple[str, int]]:
    """Every entry of `folder`'s manifest that carries `states`: (entry, positions)."""
    out = []
    for block in (folder / "manifest.txt").read_text().split("\n\n"):
        kv = dict(x.split(" ", 1) for x in block.splitlines() if x and not x.startswith("#"))
        if "states" in kv:
            pushes_claimed = int(kv["claim"].split()[1])
            if int(kv["horizon"]) != pushes_claimed - 1:
                raise Rejected(f"{kv['entry']}: the horizon is not one below the claim")
            n = check((folder / kv["level"]).read_text(), (folder / kv["states"]).read_text(),
                      int(kv["horizon"]))
            out.append((kv["entry"], n))
    return out


if __name__ == "__main__":
    for entry, n in check_folder(pathlib.Path(sys.argv[1])):
        print(f"{entry}: closure of {n} positions checked")
