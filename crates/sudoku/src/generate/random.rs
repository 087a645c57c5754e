//! Random jigsaw regions and random killer cages for the generator.

use crate::model::grid::Grid;
use crate::model::rules::{Cage, Regions};
use crate::model::shape::Shape;
use crate::rng::Rng;

fn neighbours(n: usize, i: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (i / n, i % n);
    [
        (r.wrapping_sub(1), c),
        (r + 1, c),
        (r, c.wrapping_sub(1)),
        (r, c + 1),
    ]
    .into_iter()
    .filter(move |&(a, b)| a < n && b < n)
    .map(move |(a, b)| a * n + b)
}

fn connected(map: &[u16], n: usize, region: u16) -> bool {
    let cells: Vec<usize> = (0..n * n).filter(|&i| map[i] == region).collect();
    let Some(&start) = cells.first() else {
        return true;
    };
    let mut seen = vec![false; n * n];
    let mut stack = vec![start];
    seen[start] = true;
    let mut count = 0;
    while let Some(i) = stack.pop() {
        count += 1;
        for j in neighbours(n, i) {
            if map[j] == region && !seen[j] {
                seen[j] = true;
                stack.push(j);
            }
        }
    }
    count == cells.len()
}

/// Random connected jigsaw regions of N cells each: the boxes, reshaped by many
/// random exchanges of cells between neighbouring regions that keep both connected.
pub fn random_regions(shape: Shape, rng: &mut Rng) -> Regions {
    let n = shape.n();
    let mut map: Vec<u16> = (0..n * n)
        .map(|i| shape.box_of(i / n, i % n) as u16)
        .collect();
    for _ in 0..30 * n * n {
        let a = rng.below(n * n);
        let ra = map[a];
        let others: Vec<usize> = neighbours(n, a).filter(|&j| map[j] != ra).collect();
        if others.is_empty() {
            continue;
        }
        let rb = map[others[rng.below(others.len())]];
        // A cell of B that touches A (without a) moves to A in exchange.
        let give: Vec<usize> = (0..n * n)
            .filter(|&c| map[c] == rb && neighbours(n, c).any(|j| j != a && map[j] == ra))
            .collect();
        if give.is_empty() {
            continue;
        }
        let c = give[rng.below(give.len())];
        map[a] = rb;
        map[c] = ra;
        if !(connected(&map, n, ra) && connected(&map, n, rb)) {
            map[a] = ra;
            map[c] = rb;
        }
    }
    Regions::new(shape, map).expect("exchanges keep every region at N cells")
}

/// Random killer cages covering the whole grid, 2–4 orthogonally connected cells each
/// (up to 5 when a lone cell joins a neighbour; a cell with no way to join stays alone),
/// no value repeated in a cage, sums taken from `solution`.
pub fn random_cages(solution: &Grid, rng: &mut Rng) -> Vec<Cage> {
    let n = solution.n();
    let mut order: Vec<usize> = (0..n * n).collect();
    rng.shuffle(&mut order);
    let mut taken = vec![false; n * n];
    let mut cages: Vec<Vec<usize>> = Vec::new();
    for start in order {
        if taken[start] {
            continue;
        }
        let size = 2 + rng.below(3);
        let mut cells = vec![start];
        taken[start] = true;
        while cells.len() < size {
            let mut frontier: Vec<usize> = cells
                .iter()
                .flat_map(|&i| neighbours(n, i))
                .filter(|&j| {
                    !taken[j]
                        && !cells
                            .iter()
                            .any(|&k| solution.values()[k] == solution.values()[j])
                })
                .collect();
            frontier.sort();
            frontier.dedup();
            if frontier.is_empty() {
                break;
            }
            let j = frontier[rng.below(frontier.len())];
            taken[j] = true;
            cells.push(j);
        }
        cages.push(cells);
    }
    // A lone cell is just a given in disguise: join it to a neighbouring cage (of at
    // most four cells) that does not hold its value yet, when there is one.
    let value = |i: usize| solution.values()[i];
    for k in 0..cages.len() {
        if cages[k].len() != 1 {
            continue;
        }
        let i = cages[k][0];
        let mut hosts: Vec<usize> = neighbours(n, i)
            .filter_map(|j| cages.iter().position(|c| c.contains(&j)))
            .filter(|&h| {
                h != k && cages[h].len() < 5 && cages[h].iter().all(|&x| value(x) != value(i))
            })
            .collect();
        hosts.sort();
        hosts.dedup();
        if !hosts.is_empty() {
            let h = hosts[rng.below(hosts.len())];
            cages[h].push(i);
            cages[k].clear();
        }
    }
    let mut out: Vec<Cage> = cages
        .into_iter()
        .filter(|c| !c.is_empty())
        .map(|mut cells| {
            cells.sort();
            Cage {
                sum: cells.iter().map(|&i| value(i) as u32).sum(),
                cells: cells.into_iter().map(|i| (i / n, i % n)).collect(),
            }
        })
        .collect();
    out.sort_by(|a, b| a.cells.cmp(&b.cells));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_cages_cover_the_grid_without_repeats() {
        let rows = ["123456", "456123", "231564", "564231", "312645", "645312"];
        let v = rows
            .iter()
            .flat_map(|r| r.bytes().map(|b| (b - b'0') as u16))
            .collect();
        let g = Grid::from_values(Shape::new(2, 3).unwrap(), v).unwrap();
        for seed in 0..20 {
            let cages = random_cages(&g, &mut Rng::new(seed));
            let mut seen = [0; 36];
            for c in &cages {
                assert!(c.cells.len() <= 5);
                let vals: Vec<u16> = c.cells.iter().map(|&(r, k)| g.get(r, k)).collect();
                let mut d = vals.clone();
                d.sort();
                d.dedup();
                assert_eq!(d.len(), vals.len(), "repeat in {c:?}");
                assert_eq!(c.sum, vals.iter().map(|&x| x as u32).sum::<u32>());
                for &(r, k) in &c.cells {
                    seen[r * 6 + k] += 1;
                }
            }
            assert!(seen.iter().all(|&x| x == 1));
        }
    }

    #[test]
    fn random_regions_are_connected_and_sized() {
        for (p, q) in [(2, 2), (2, 3), (3, 3)] {
            let shape = Shape::new(p, q).unwrap();
            let n = shape.n();
            let mut rng = Rng::new(5);
            let reg = random_regions(shape, &mut rng);
            for k in 0..n as u16 {
                assert!(connected(reg.map(), n, k));
                assert_eq!(reg.map().iter().filter(|&&x| x == k).count(), n);
            }
            if n == 9 {
                let boxes: Vec<u16> = (0..81).map(|i| shape.box_of(i / 9, i % 9) as u16).collect();
                assert_ne!(reg.map(), &boxes[..], "the regions were reshaped");
            }
        }
    }
}
