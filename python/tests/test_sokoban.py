"""gridsat.sokoban, and the course contract solve_course(grid, T)."""
import json
import subprocess

import pytest

import gridsat
from conftest import EXAMPLES, cli_binary, replay_course, shared

TINY = (EXAMPLES / "sokoban" / "tiny.xsb").read_text()


def grid_of(text):
    return [row.split() for row in text.strip().splitlines()]


def test_parse_reads_every_level_of_a_collection():
    levels = gridsat.sokoban.parse(TINY)
    assert [l.title for l in levels] == ["corridor", "two rooms", "2 boxes, 2 goals"]
    assert levels[0].boxes == 1


def test_solve_returns_a_verified_optimal_plan():
    level = gridsat.sokoban.parse(TINY)[0]
    p = gridsat.sokoban.solve(level)
    assert p.status == "solved" and p.optimal == "pushes"
    assert p.moves == "rRR" and p.pushes == 2
    frames = p.frames()
    assert len(frames) == len(p.moves) + 1
    assert frames[-1].splitlines()[1] == "#   @*#"
    assert p.to_json()["plan"] == "rRR"
    assert gridsat.sokoban.verify(level, p.moves).solved
    assert gridsat.sokoban.verify(level, "r r r").solved
    assert not gridsat.sokoban.verify(level, "rR").solved


def test_a_text_level_is_accepted_too():
    p = gridsat.sokoban.solve("#######\n#@ $ .#\n#######\n", optimize="moves")
    assert p.status == "solved" and p.optimal == "moves"


def test_course_contract_solvable_levels():
    for name in ["corridor.txt", "two-boxes.txt", "corner.txt", "extra-goals.txt"]:
        text = (EXAMPLES / "sokoban" / name).read_text()
        t = int(text.split("\n", 1)[0])
        grid = grid_of(text.split("\n", 1)[1])
        moves = gridsat.sokoban.solve_course(grid, t)
        if name == "corner.txt":
            assert moves == -1
            continue
        assert isinstance(moves, list) and all(m in "UDLR" for m in moves)
        assert len(moves) <= t
        assert replay_course(grid, moves)


def test_course_contract_says_minus_one_when_no_plan_exists():
    text = (EXAMPLES / "sokoban" / "too-few-moves.txt").read_text()
    grid = grid_of(text.split("\n", 1)[1])
    assert gridsat.sokoban.solve_course(grid, 5) == -1
    more_boxes = [list("#####"), list("#PBB#"), list("#G..#"), list("#####")]
    assert gridsat.sokoban.solve_course(more_boxes, 30) == -1
    walled_in = [list("#######"), list("#P#B.G#"), list("#######")]
    assert gridsat.sokoban.solve_course(walled_in, 30) == -1


def test_course_contract_own_levels_replayed_by_the_test():
    level = [
        list("#######"),
        list("#P....#"),
        list("#.B.B.#"),
        list("#..#..#"),
        list("#G...G#"),
        list("#######"),
    ]
    moves = gridsat.sokoban.solve_course(level, 40)
    assert moves != -1 and len(moves) <= 40 and replay_course(level, moves)


def test_microban_first_levels():
    path = shared("sokoban/microban.xsb")
    levels = gridsat.sokoban.parse(path.read_text())
    assert len(levels) == 155
    p = gridsat.sokoban.solve(levels[0], time_limit=30)
    assert p.status == "solved" and p.pushes == 8 and p.optimal == "pushes"


def test_plan_to_json_is_the_cli_json_object():
    path = EXAMPLES / "sokoban" / "tiny.xsb"
    out = subprocess.run([str(cli_binary()), "sokoban", "solve", "--json", str(path)],
                         capture_output=True, text=True)
    want = [json.loads(l) for l in out.stdout.splitlines() if l.strip()]
    levels = gridsat.sokoban.parse(path.read_text(), file=str(path))
    got = [gridsat.sokoban.solve(l).to_json() for l in levels]
    for o in want + got:
        # Timings differ between two runs; every other member must be the same.
        for k in [k for k in o["stats"] if k.endswith("seconds")]:
            o["stats"].pop(k)
    assert got == want and len(got) == 3


def test_levels_carry_what_they_hold():
    level = gridsat.sokoban.parse(TINY)[1]
    assert level.title == "two rooms" and level.number == 2
    assert level.width == 8 and level.height == 5 and level.boxes == 1 and level.goals == 1
    assert str(level).splitlines() == level.rows
    course = gridsat.sokoban.parse((EXAMPLES / "sokoban" / "corridor.txt").read_text())[0]
    assert course.max_moves == int((EXAMPLES / "sokoban" / "corridor.txt").read_text().split()[0])


def test_every_frame_is_one_legal_step():
    level = gridsat.sokoban.parse(TINY)[2]
    p = gridsat.sokoban.solve(level, optimize="moves")
    assert p.status == "solved" and p.optimal == "moves"
    frames = p.frames()
    def cells(frame):
        return [row.ljust(level.width) for row in frame.splitlines()]

    for before, after in zip(frames, frames[1:]):
        moved = sum(a != b for ra, rb in zip(cells(before), cells(after)) for a, b in zip(ra, rb))
        assert 2 <= moved <= 3  # the player's two squares, and a box's when it pushes
    v = gridsat.sokoban.verify(level, p)
    assert v.solved and v.moves == len(p.moves) and v.pushes == p.pushes
    bad = gridsat.sokoban.verify(level, "uuuu")
    assert not bad.solved and bad.error


@pytest.mark.parametrize("optimize", ["pushes", "moves", "pushes,moves"])
def test_the_package_runs_the_command_lines_defaults(optimize):
    # One set of defaults (issue 23): what a solve from Python runs with is what
    # `gridsat sokoban solve` runs with, which tests/sokoban_defaults.rs holds equal to
    # the library's SolveOptions::new.
    path = EXAMPLES / "sokoban" / "tiny.xsb"
    level = gridsat.sokoban.parse(path.read_text())[0]
    cli = subprocess.run(
        [str(cli_binary()), "sokoban", "solve", "--print-options", "-l", "1",
         "--optimize", optimize, str(path)],
        capture_output=True, text=True, check=True)
    assert gridsat.sokoban.options(level, optimize=optimize) == json.loads(cli.stdout)


def test_options_name_the_member_of_a_bad_value():
    with pytest.raises(ValueError, match="optimize: unknown optimization goal 'fast'"):
        gridsat.sokoban.options("#####\n#@$.#\n#####\n", optimize="fast")
    with pytest.raises(ValueError, match="solver: unknown solver"):
        gridsat.sokoban.solve("#####\n#@$.#\n#####\n", solver="nope")
