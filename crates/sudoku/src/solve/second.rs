//! A second solution of a sparse grid from its first, without a solver: two symbols
//! swapped on a set of their cells that no given touches and that every house meets in
//! both symbols or in neither (a Kempe chain of the two symbols), so that each row,
//! column and box still holds each symbol once.

use crate::model::grid::Grid;

/// The root of `i` in a union–find forest, halving paths on the way.
fn root(parent: &mut [u32], mut i: usize) -> usize {
    while parent[i] as usize != i {
        parent[i] = parent[parent[i] as usize];
        i = parent[i] as usize;
    }
    i
}

/// `sol` with symbols `a` and `b` swapped on a chain free of givens, if there is one:
/// the cells of `a` and `b` are joined house by house (each house holds one `a` and
/// one `b`), and a joined set with no given of `puzzle` can swap as a whole.
fn swap_pair(puzzle: &Grid, sol: &Grid, cells: [&[u32]; 2], ab: [u16; 2]) -> Option<Grid> {
    let shape = sol.shape();
    let n = shape.n();
    // Index k < n: the k-th cell of `a`; n + k: the k-th cell of `b`.
    let all: Vec<u32> = cells[0].iter().chain(cells[1]).copied().collect();
    let mut parent: Vec<u32> = (0..all.len() as u32).collect();
    // For each house (rows, columns, boxes) the index of its `a` cell.
    let mut of_a = vec![0u32; 3 * n];
    let house = |cell: u32| {
        let (r, c) = (cell as usize / n, cell as usize % n);
        [r, n + c, 2 * n + shape.box_of(r, c)]
    };
    for (k, &cell) in cells[0].iter().enumerate() {
        for h in house(cell) {
            of_a[h] = k as u32;
        }
    }
    for (k, &cell) in cells[1].iter().enumerate() {
        for h in house(cell) {
            let (x, y) = (
                root(&mut parent, of_a[h] as usize),
                root(&mut parent, n + k),
            );
            parent[x] = y as u32;
        }
    }
    let mut touched = vec![false; all.len()];
    for (k, &cell) in all.iter().enumerate() {
        if puzzle.values()[cell as usize] != 0 {
            let r = root(&mut parent, k);
            touched[r] = true;
        }
    }
    let free = (0..all.len()).find(|&k| !touched[root(&mut parent, k)])?;
    let free = root(&mut parent, free);
    let mut out = sol.clone();
    for (k, &cell) in all.iter().enumerate() {
        if root(&mut parent, k) == free {
            let v = if k < n { ab[1] } else { ab[0] };
            out.set(cell as usize / n, cell as usize % n, v);
        }
    }
    Some(out)
}

/// A solution of `puzzle` other than `sol` (a solution of it), by swapping two symbols
/// on a chain of their cells that holds no given; none when every chain of every pair
/// holds one. The caller verifies the grid returned with the independent checker.
pub(super) fn swapped(puzzle: &Grid, sol: &Grid) -> Option<Grid> {
    let n = sol.n();
    let mut cells: Vec<Vec<u32>> = vec![Vec::with_capacity(n); n + 1];
    for (i, &v) in sol.values().iter().enumerate() {
        cells[v as usize].push(i as u32);
    }
    if cells[1..].iter().any(|c| c.len() != n) {
        return None; // not a solution: the checker will say why
    }
    for a in 1..=n {
        for b in a + 1..=n {
            let pair = [cells[a].as_slice(), cells[b].as_slice()];
            if let Some(g) = swap_pair(puzzle, sol, pair, [a as u16, b as u16]) {
                return Some(g);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::check_solution;
    use crate::model::rules::Rules;
    use crate::model::shape::Shape;

    fn grid(line: &str) -> Grid {
        let v = line.bytes().map(|b| (b - b'0') as u16).collect();
        Grid::from_values(Shape::new(2, 2).unwrap(), v).unwrap()
    }

    #[test]
    fn a_chain_free_of_givens_swaps_into_another_solution() {
        let sol = grid("1234341221434321");
        let empty = Grid::empty(sol.shape());
        let other = swapped(&empty, &sol).expect("an empty grid always has one");
        assert_ne!(other, sol);
        assert_eq!(check_solution(&empty, &other, &Rules::classic()), Ok(()));
        // With a given on every cell of 1 and 2 but one, 1 and 2 cannot swap alone.
        let mut puzzle = Grid::empty(sol.shape());
        for (i, &v) in sol.values().iter().enumerate() {
            if v <= 2 {
                puzzle.set(i / 4, i % 4, v);
            }
        }
        let other = swapped(&puzzle, &sol).expect("3 and 4 are free");
        assert_eq!(check_solution(&puzzle, &other, &Rules::classic()), Ok(()));
        assert_ne!(other, sol);
    }

    #[test]
    fn a_full_puzzle_has_no_second_solution_by_swapping() {
        let sol = grid("1234341221434321");
        assert_eq!(swapped(&sol, &sol), None);
    }
}
