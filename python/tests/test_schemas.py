"""The objects gridsat.sudoku and gridsat.sokoban return validate against the JSON
Schemas in docs/schema/ (the same schemas tests/schema_sudoku.rs and
tests/schema_sokoban.rs hold the command line's and the server's objects to). The
schemas refuse members they do not list, so a key the Python package adds or drops
without its schema fails here.

Needs ``jsonschema`` (``pip install jsonschema``); skipped with a message without it."""
import json

import pytest

import gridsat
from conftest import EXAMPLES, ROOT

jsonschema = pytest.importorskip(
    "jsonschema", reason="skipping: jsonschema is not installed (pip install jsonschema)")

SUDOKU = sorted((EXAMPLES / "sudoku").glob("*.txt")) + sorted(
    (EXAMPLES / "sudoku" / "variants").glob("*.txt"))
TINY = (EXAMPLES / "sokoban" / "tiny.xsb").read_text()


def validator(family, name):
    schema = json.loads((ROOT / "docs" / "schema" / family / f"{name}.json").read_text())
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    return cls(schema)


def assert_valid(family, name, obj, what):
    errors = [f"{e.message} at {list(e.absolute_path)}"
              for e in validator(family, name).iter_errors(obj)]
    assert not errors, f"{what}: not a {family}/{name} object:\n{obj}\n" + "\n".join(errors)


def first_puzzle(path):
    return path.read_text()


def test_the_schemas_refuse_what_they_do_not_list():
    # The check can fail: an object with a member its schema does not list is refused.
    obj = gridsat.sudoku.hint(first_puzzle(EXAMPLES / "sudoku" / "9x9.txt")).to_json()
    obj["no such member"] = 1
    assert list(validator("sudoku", "hint").iter_errors(obj))


@pytest.mark.parametrize("path", SUDOKU, ids=lambda p: p.name)
def test_sudoku_objects_validate(path):
    text = first_puzzle(path)
    what = path.name
    assert_valid("sudoku", "solve", gridsat.sudoku.solve(text).to_json(), what)
    for name, call in [("hint", gridsat.sudoku.hint), ("candidates", gridsat.sudoku.candidates),
                       ("explain", gridsat.sudoku.explain), ("rate", gridsat.sudoku.rate),
                       ("propagate", gridsat.sudoku.propagate)]:
        assert_valid("sudoku", name, call(text).to_json(), f"{name} of {what}")


def test_generated_objects_validate():
    made = gridsat.sudoku.generate(size=4, seed=7, count=2)
    for g in (made if isinstance(made, list) else [made]):
        assert_valid("sudoku", "generate", g.to_json(), "generate")


def test_sokoban_objects_validate():
    for level in gridsat.sokoban.parse(TINY):
        assert_valid("sokoban", "level", level.to_json(), level.title)
        plan = gridsat.sokoban.solve(level)
        assert_valid("sokoban", "solve", plan.to_json(), f"solve of {level.title}")
        assert_valid("sokoban", "options", gridsat.sokoban.options(level), level.title)
        verified = gridsat.sokoban.verify(level, plan.moves)
        assert_valid("sokoban", "verify", verified.to_json(), f"verify of {level.title}")
