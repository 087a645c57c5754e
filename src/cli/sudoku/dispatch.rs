//! One solver for classic and variant puzzles: classic ones go to `SudokuSolver`,
//! puzzles with variant rules to `RulesSolver`.

use gridsat_sudoku::{Answer, ParsedPuzzle, RulesSolver, SolveError, SolveOptions, SudokuSolver};

/// Solves each puzzle with the solver its rules call for (both kept warm).
pub struct AnySolver {
    classic: SudokuSolver,
    variants: RulesSolver,
}

impl AnySolver {
    /// Both solvers with the same options.
    pub fn new(opts: SolveOptions) -> AnySolver {
        AnySolver {
            classic: SudokuSolver::new(opts.clone()),
            variants: RulesSolver::new(opts),
        }
    }

    /// Chooses how killer cage sums are encoded.
    pub fn with_cage_encoding(mut self, cages: gridsat_sudoku::CageEncoding) -> AnySolver {
        self.variants = self.variants.with_cage_encoding(cages);
        self
    }

    /// Counts the solutions of `p` under its rules; every solution is verified.
    pub fn solve(&mut self, p: &ParsedPuzzle) -> Result<Answer, SolveError> {
        if p.rules.is_classic() {
            self.classic.solve(&p.grid)
        } else {
            self.variants.solve(&p.grid, &p.rules)
        }
    }
}
