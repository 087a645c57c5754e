"""gridsat.sudoku's ratings on the scales players use (issue 25): the SE rating and the
HoDoKu-style level, from rate() and on generated puzzles, against the CLI and against
the level rules HoDoKu publishes."""
import json
import subprocess

import pytest

import gridsat
from conftest import cli_binary, read_line_puzzle, valid_sudoku

# Solved by singles alone (HoDoKu rates it Easy).
EASY = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
LEVELS = ("easy", "medium", "hard", "unfair", "extreme")
SINGLES = ("full-house", "naked-single", "hidden-single")


def test_a_singles_puzzle_is_hodoku_easy_with_singles_points():
    r = gridsat.sudoku.rate(EASY).to_json()
    h = r["hodoku"]
    assert h["level"] == "easy" and h["complete"] is True
    assert h["hardest"] in SINGLES
    # 51 empty cells, each placed by a single worth 4 (naked, full house) or 14 (hidden).
    assert 51 * 4 <= h["score"] <= 51 * 14
    assert r["se"]["er"] <= 2.3


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_generate_to_a_level_gives_that_level_and_rate_agrees(level):
    made = gridsat.sudoku.generate(level=level, seed=11, count=1, time_limit=120)
    assert len(made) == 1
    g = made[0]
    assert g.rating["hodoku"]["level"] == level
    grid = read_line_puzzle(g.givens)
    assert valid_sudoku(g.solution, grid)
    again = gridsat.sudoku.rate(g.givens).to_json()
    assert again["status"] == "unique"
    assert again["hodoku"] == g.rating["hodoku"]
    # The level is at least the hardest technique's: a medium puzzle needs more than singles.
    assert again["hodoku"]["hardest"] not in SINGLES


def test_an_unknown_level_is_a_value_error_naming_the_levels():
    with pytest.raises(ValueError) as e:
        gridsat.sudoku.generate(level="fiendish")
    text = str(e.value)
    assert "fiendish" in text and all(name in text for name in LEVELS)


def test_rate_json_matches_the_cli(tmp_path):
    binary = cli_binary()
    f = tmp_path / "p.txt"
    f.write_text(EASY + "\n")
    out = subprocess.run([binary, "sudoku", "rate", "--json", str(f)], capture_output=True,
                         text=True, check=True).stdout
    cli = json.loads(out.splitlines()[0])
    assert cli["hodoku"] == gridsat.sudoku.rate(EASY).to_json()["hodoku"]
