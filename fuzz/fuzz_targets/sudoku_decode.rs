//! `sudoku decode`'s model reading against an encoded puzzle: the fuzz text is read as
//! a solver's answer (any form `parse_model` takes) and turned into an assignment of
//! the formula as the command does — either as the assignment itself or as the set of
//! variables to flip in a true model, so that near-solutions are tried too. Whenever
//! the assignment satisfies the formula, the decoded grid passes the independent
//! checker (the encoding and the checker agree); never a panic.
#![no_main]

use gridsat_sat::dimacs::{SolverAnswer, parse_model};
use gridsat_sat::{AmoEncoding, Backend, BackendSpec, Outcome};
use gridsat_sudoku::{
    ParseOptions, ParsedPuzzle, check_solution,
    encode::{EncodeOptions, Encoded, Encoding, GivenMode, encode},
    parse_puzzles,
};
use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;

/// The puzzles: a 4×4, a 6×6 with diagonals, a 4×4 killer.
const PUZZLES: [&str; 3] = [
    "1...\n..1.\n.3..\n...4\n",
    "rules: diagonals\ngivens:\n1 . . . . .\n. . 3 . . .\n. . . . . .\n. . . . . .\n. . . . . .\n. . . . . .\n",
    "cage: 3 r1c1 r1c2\ncage: 7 r4c3 r4c4\ngivens:\n. . . .\n. . . .\n. 3 . .\n. . . .\n",
];

struct Case {
    puzzle: ParsedPuzzle,
    enc: Encoded,
    /// A model of the formula (index 0 unused).
    model: Vec<bool>,
}

fn case(k: usize) -> Case {
    let (p, e, a) = (k % PUZZLES.len(), k / PUZZLES.len() % 4, k / 12 % 5);
    let puzzle = parse_puzzles(PUZZLES[p], &ParseOptions::default())
        .next()
        .unwrap()
        .unwrap();
    let mut opts = EncodeOptions::default();
    opts.encoding = Encoding::ALL[e];
    if !puzzle.rules.is_classic() {
        opts.encoding = opts.encoding.full();
    }
    opts.amo = AmoEncoding::ALL[a];
    opts.givens = GivenMode::Units;
    let enc = encode(&puzzle.grid, &puzzle.rules, &opts).expect("the puzzle encodes");
    let mut solver: Box<dyn Backend> = BackendSpec::default().build().unwrap();
    solver.reserve(enc.formula.num_vars());
    for (_, c) in enc.formula.clauses() {
        solver.add_clause(c);
    }
    assert_eq!(solver.solve(&enc.assumptions).unwrap(), Outcome::Sat);
    let model = (0..=enc.formula.num_vars())
        .map(|v| {
            v > 0
                && solver
                    .value(gridsat_sat::Var::new(v).pos())
                    .unwrap_or(false)
        })
        .collect();
    Case { puzzle, enc, model }
}

static CASES: [OnceLock<Case>; 60] = [const { OnceLock::new() }; 60];

fuzz_target!(|data: &[u8]| {
    let Some((&sel, body)) = data.split_first() else {
        return;
    };
    let text = String::from_utf8_lossy(body);
    let Ok(SolverAnswer::Sat(lits)) = parse_model(&text) else {
        return;
    };
    let k = usize::from(sel >> 1) % 60;
    let c = CASES[k].get_or_init(|| case(k));
    let flip = sel & 1 == 1;
    let num_vars = c.enc.formula.num_vars();
    let mut model = if flip {
        c.model.clone()
    } else {
        vec![false; num_vars as usize + 1]
    };
    for l in lits {
        assert_ne!(l, 0);
        let v = l.unsigned_abs();
        if v > num_vars {
            return; // `decode` refuses it with the literal named
        }
        if flip {
            model[v as usize] ^= l > 0;
        } else {
            model[v as usize] = l > 0;
        }
    }
    if c.enc.formula.first_falsified(&model[1..]).is_none() {
        let grid = c
            .enc
            .vars
            .decode(c.puzzle.grid.shape(), |v| model[v.get() as usize]);
        check_solution(&c.puzzle.grid, &grid, &c.puzzle.rules)
            .unwrap_or_else(|f| panic!("a model of the formula is no solution: {f}\n{grid:?}"));
    }
});
