"""The push-state closure as docs/guide/certificates.md defines it, checked without
gridsat: `plain_closure` (beside this file) reads the level and the `.states` file and
checks the page's three conditions with a bound of its own. Closures written by
`sokoban.solve(certify=DIR, certify_with="closure")` must pass it and
`gridsat.check_certificate`; tampered ones must fail both."""
import pytest

import gridsat
from gridsat import sokoban
from conftest import EXAMPLES
import plain_closure

BOXOBAN = EXAMPLES / "sokoban" / "boxoban-test-000-first12.txt"


def certified(tmp_path, level):
    d = tmp_path / f"c{level.number}"
    plan = sokoban.solve(level, certify=d, certify_with="closure")
    assert plan.optimal == "pushes", plan
    return d


def levels():
    return sokoban.parse(BOXOBAN.read_text())


@pytest.mark.parametrize("index", range(12))
def test_every_closure_passes_a_checker_written_from_the_page(tmp_path, index):
    level = levels()[index]
    d = certified(tmp_path, level)
    checked = plain_closure.check_folder(d)
    plan_pushes = int(next(x for x in (d / "manifest.txt").read_text().splitlines()
                           if x.startswith("claim ")).split()[2])
    if plan_pushes == 0:
        assert checked == []
    else:
        assert len(checked) == 1 and checked[0][1] >= 1
    assert gridsat.check_certificate(d).ok


def body(text):
    lines = text.splitlines()
    at = next(i for i, x in enumerate(lines) if x.startswith("p closure")) + 1
    return lines[:at], lines[at:]


def test_tampered_closures_fail_both_checkers(tmp_path):
    level = levels()[7]  # level 8: 9 pushes, a closure of 16 positions
    tamperings = {
        "a position left out": lambda h, b: (
            h[:-1] + [h[-1].rsplit(" ", 1)[0] + f" {len(b) - 1}"], b[:-1]),
        "the start one level deeper": lambda h, b: (h, ["1 " + b[0].split(" ", 1)[1]] + b[1:]),
        "the last position one level deeper": lambda h, b: (
            h, b[:-1] + [f"{int(b[-1].split()[0]) + 1} " + b[-1].split(" ", 1)[1]]),
    }
    for why, tamper in tamperings.items():
        d = certified(tmp_path / why.replace(" ", "-"), level)
        states = d / "level-8.states"
        head, rows = body(states.read_text())
        head, rows = tamper(head, rows)
        states.write_text("\n".join(head + rows) + "\n")
        with pytest.raises(plain_closure.Rejected):
            plain_closure.check_folder(d)
        assert not gridsat.check_certificate(d).ok, why


def test_certify_with_takes_three_words(tmp_path):
    level = levels()[7]
    with pytest.raises(ValueError, match="certify_with"):
        sokoban.solve(level, certify=tmp_path / "x", certify_with="lemmas")
