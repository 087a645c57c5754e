"""certify=DIR from Python: the folders written are the command line's (its
`check-certificate` accepts them), `gridsat.check_certificate` agrees with it, and a
certificate with part of its proof dropped or one given changed is rejected by both."""
import subprocess

import pytest

import gridsat
from gridsat import sokoban, sudoku
from conftest import EXAMPLES, cli_binary

# A classic 9×9 with one solution that singles do not finish (its proof has lemmas).
HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
UNSAT = "55..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def cli_check(d):
    """The command line's verdict on folder `d`: (exit code, stdout)."""
    r = subprocess.run([str(cli_binary()), "check-certificate", str(d)],
                       capture_output=True, text=True, timeout=300)
    return r.returncode, r.stdout


def accepted(d, entries):
    code, out = cli_check(d)
    assert code == 0, out
    assert f"all {entries} entries checked" in out
    check = gridsat.check_certificate(d)
    assert check.ok and len(check.entries) == entries, check.entries
    return check


def tamper_proof(d, name):
    """Breaks `name`'s proof: a Sudoku case split loses a whole branch at its root (its
    lemma `-x 0` and every lemma under it, `-x …`: one lemma alone may follow from the
    others); a CaDiCaL proof has the sign of its first lemma's first literal flipped."""
    p = d / f"{name}.drat"
    lines = p.read_text().splitlines(keepends=True)
    deep = next((line for line in lines if len(line.split()) == 3 and not line.startswith("d")), None)
    if name.startswith("puzzle-") and deep is not None:
        x = deep.split()[0]
        p.write_text("".join(line for line in lines if line.split()[:1] != [x]))
        return
    k = next(i for i, line in enumerate(lines) if line.split() and line.split()[0] not in ("d", "0"))
    first = lines[k].split()[0]
    lines[k] = (first[1:] if first.startswith("-") else "-" + first) + lines[k][len(first):]
    p.write_text("".join(lines))


def test_a_unique_verdict_is_certified_and_a_forged_proof_rejected(tmp_path):
    d = tmp_path / "cert"
    r = sudoku.solve(HARD, certify=d)  # a pathlib.Path: any os.PathLike
    assert r.status == "unique"
    check = accepted(d, 1)
    assert check.entries[0].name == "puzzle-1" and check.entries[0].claim == "unique"
    assert "proof checked" in check.entries[0].message
    tamper_proof(d, "puzzle-1")
    code, out = cli_check(d)
    assert code == 1 and "REJECTED" in out, out
    check = gridsat.check_certificate(str(d))
    assert not check.ok and check.entries[0].status == "rejected", check.entries


def test_an_unsat_verdict_and_a_changed_given_are_told_apart(tmp_path):
    d = tmp_path / "cert"
    assert sudoku.solve(UNSAT, certify=str(d)).status == "unsat"
    accepted(d, 1)
    puzzle = d / "puzzle-1.puzzle"
    text = puzzle.read_text()
    # A given changed (5 back to the famous puzzle's 3): the formula rebuilt from the
    # puzzle is satisfiable now, and the proof does not refute it.
    puzzle.write_text(text[0] + "3" + text[2:])
    assert cli_check(d)[0] == 1
    assert gridsat.check_certificate(d).entries[0].status == "rejected"


def test_solve_many_writes_one_manifest_in_input_order(tmp_path):
    d = tmp_path / "many"
    lines = [l for l in (EXAMPLES / "sudoku" / "9x9.txt").read_text().split() if len(l) == 81]
    puzzles = lines[:3] + [UNSAT]
    results = list(sudoku.solve_many(puzzles, threads=2, certify=d))
    check = accepted(d, len(puzzles))
    assert [e.name for e in check.entries] == [f"puzzle-{k}" for k in range(1, len(puzzles) + 1)]
    assert [e.claim for e in check.entries] == [r.status for r in results]


def test_generate_certifies_each_puzzle_made(tmp_path):
    d = tmp_path / "gen"
    made = sudoku.generate(count=2, seed=3, certify=d)
    check = accepted(d, 2)
    assert all(e.claim == "unique" for e in check.entries)
    for k, g in enumerate(made, 1):
        # The certified puzzle is the one handed back.
        written = (d / f"puzzle-{k}.puzzle").read_text().strip()
        assert written.replace("0", ".") == g.givens.replace("0", "."), (written, g.givens)


def test_sokoban_plan_is_certified_push_optimal(tmp_path):
    # The detour's certificate needs lemmas: the checker's own pruning does not refute
    # one push fewer by unit propagation, so a broken proof is caught.
    d = tmp_path / "soko"
    level = sokoban.parse((EXAMPLES / "sokoban" / "detour.xsb").read_text())[0]
    plan = sokoban.solve(level, certify=d, certify_with="drat")
    check = accepted(d, 1)
    assert check.entries[0].claim == f"optimal {plan.pushes}"
    tamper_proof(d, f"level-{level.number}")
    assert cli_check(d)[0] == 1
    assert not gridsat.check_certificate(d).ok
    # The default backs it with the push-state closure instead of a proof.
    d = tmp_path / "auto"
    sokoban.solve(level, certify=d)
    assert accepted(d, 1).entries[0].claim == f"optimal {plan.pushes}"
    assert (d / f"level-{level.number}.states").exists()
    assert not (d / f"level-{level.number}.drat").exists()


def test_sokoban_move_optimal_plans_certify(tmp_path):
    level = sokoban.parse((EXAMPLES / "sokoban" / "two-boxes.txt").read_text())[0]
    plan = sokoban.solve(level, optimize="moves", certify=tmp_path / "m")
    check = accepted(tmp_path / "m", 1)
    assert check.entries[0].claim == f"optimal-moves {len(plan.moves or '')}"
    # Fewest pushes, then fewest moves: one entry for each.
    plan = sokoban.solve(level, optimize="pushes,moves", certify=tmp_path / "pm")
    check = accepted(tmp_path / "pm", 2)
    claims = [e.claim for e in check.entries]
    assert claims == [
        f"optimal {plan.pushes}",
        f"optimal-moves {len(plan.moves or '')} pushes {plan.pushes}",
    ]
    tamper_proof(tmp_path / "pm", f"level-{level.number}-moves")
    assert cli_check(tmp_path / "pm")[0] == 1


def test_certify_refuses_what_it_cannot_certify(tmp_path):
    (tmp_path / "full").mkdir()
    (tmp_path / "full" / "notes.txt").write_text("mine")
    with pytest.raises(FileExistsError, match="not empty"):
        sudoku.solve(HARD, certify=tmp_path / "full")
    with pytest.raises(ValueError, match="classic"):
        sudoku.solve(HARD, rules="diagonals", certify=tmp_path / "x")
    with pytest.raises(TypeError):
        sudoku.solve(HARD, certify=3)  # type: ignore[arg-type]
    with pytest.raises(OSError):
        gridsat.check_certificate(tmp_path / "nowhere")
