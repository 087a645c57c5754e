//! Grouped X-chains: chains of strong links on one value whose ends may be groups, the
//! places of the value in one box that also lie in one line. A strong link joins two
//! nodes (cells or groups) that between them hold every place of the value in a house:
//! if one holds none, the other holds it. A weak link joins two nodes every cell of
//! which sees every cell of the other. A chain "S holds none ⇒ … ⇒ E holds it" says S
//! or E holds the value, so a cell that sees every cell of both cannot.
//!
//! Sudoku Explainer finds these as "Grouped N Strong links" (SukakuExplainer,
//! `StrongLinksHint.getDifficulty`: 4.0, 5.4, 5.8, 6.2, 6.6, 7.0 for two to seven strong
//! links, plus 0.3 when one of them is grouped). Two links with a box's grouped link and
//! a line's conjugate pair make HoDoKu's Empty Rectangle.

use super::board::Board;
use super::step::{Technique, TechniqueStep};
use crate::model::house::House;
use std::collections::{HashMap, VecDeque};

/// SE's rating of a chain of `k` strong links (two to seven) with a grouped link.
pub(super) fn grouped_rating(k: usize) -> f64 {
    const BASE: [f64; 6] = [4.0, 5.4, 5.8, 6.2, 6.6, 7.0];
    BASE[k.clamp(2, 7) - 2] + 0.3
}

/// The strong and weak links of one value between its nodes.
#[derive(Default)]
struct Graph {
    /// Each node's cells, ascending: one cell, or a group.
    nodes: Vec<Vec<usize>>,
    /// Strong links of each node: (the other node, the house).
    strong: Vec<Vec<(usize, usize)>>,
    /// Weak links of each node.
    weak: Vec<Vec<usize>>,
}

/// True when `cells` is a node: one cell, or cells sharing two houses (a box and a line).
fn is_node(b: &Board, cells: &[usize]) -> bool {
    cells.len() == 1
        || b.cell_houses[cells[0]]
            .iter()
            .filter(|&&h| cells.iter().all(|c| b.cell_houses[*c].contains(&h)))
            .count()
            >= 2
}

impl Graph {
    fn id(&mut self, ids: &mut HashMap<Vec<usize>, usize>, cells: Vec<usize>) -> usize {
        *ids.entry(cells.clone()).or_insert_with(|| {
            self.nodes.push(cells);
            self.strong.push(Vec::new());
            self.weak.push(Vec::new());
            self.nodes.len() - 1
        })
    }

    /// The graph of value `v`: a strong link for every split of a house's places (at most
    /// six) into two nodes; a weak link between every two disjoint nodes that see each
    /// other wholly. `None` when no strong link has a group (no grouped chain then).
    fn of(b: &Board, v: u16) -> Option<Graph> {
        let mut g = Graph::default();
        let mut ids = HashMap::new();
        for h in 0..b.house_cells.len() {
            let p = b.places(h, v);
            if !(2..=6).contains(&p.len()) {
                continue;
            }
            for mask in 0..(1u32 << (p.len() - 1)) - 1 {
                let (mut x, mut y) = (vec![p[0]], Vec::new());
                for (i, &c) in p.iter().enumerate().skip(1) {
                    let side = if mask >> (i - 1) & 1 == 1 {
                        &mut x
                    } else {
                        &mut y
                    };
                    side.push(c);
                }
                if !is_node(b, &x) || !is_node(b, &y) {
                    continue;
                }
                let (i, j) = (g.id(&mut ids, x), g.id(&mut ids, y));
                if !g.strong[i].iter().any(|&(o, _)| o == j) {
                    g.strong[i].push((j, h));
                    g.strong[j].push((i, h));
                }
            }
        }
        if g.nodes.iter().all(|x| x.len() == 1) {
            return None;
        }
        for i in 0..g.nodes.len() {
            for j in i + 1..g.nodes.len() {
                let (x, y) = (&g.nodes[i], &g.nodes[j]);
                if x.iter().all(|&c| y.iter().all(|&d| b.sees(c, d))) {
                    g.weak[i].push(j);
                    g.weak[j].push(i);
                }
            }
        }
        Some(g)
    }
}

/// A chain found: its nodes from S (holds none) to E (holds the value), the houses of
/// its strong links, and what it removes.
struct Found {
    path: Vec<usize>,
    houses: Vec<usize>,
    elims: Vec<usize>,
}

/// Breadth-first search from "S holds none" over states (node, holds it, grouped yet),
/// up to `most` strong links: parent state and the strong link's house (or `usize::MAX`).
fn search(g: &Graph, s: usize, most: usize) -> (Vec<u16>, Vec<(usize, usize)>) {
    let size = g.nodes.len() * 4;
    let mut dist = vec![u16::MAX; size];
    let mut parent = vec![(usize::MAX, usize::MAX); size];
    let state = |x: usize, on: bool, grouped: bool| x * 4 + (on as usize) * 2 + grouped as usize;
    let start = state(s, false, g.nodes[s].len() > 1);
    dist[start] = 0;
    let mut queue = VecDeque::from([start]);
    while let Some(q) = queue.pop_front() {
        let (x, on, grouped) = (q / 4, q & 2 != 0, q & 1 != 0);
        if dist[q] as usize >= 2 * most - 1 {
            continue;
        }
        let next: Vec<(usize, usize)> = if on {
            g.weak[x].iter().map(|&y| (y, usize::MAX)).collect()
        } else {
            g.strong[x].clone()
        };
        for (y, h) in next {
            let r = state(y, !on, grouped || g.nodes[y].len() > 1);
            if dist[r] == u16::MAX {
                dist[r] = dist[q] + 1;
                parent[r] = (q, h);
                queue.push_back(r);
            }
        }
    }
    (dist, parent)
}

/// The chain to state `q`: its nodes from the start and the houses of its strong links.
fn unwind(parent: &[(usize, usize)], mut q: usize) -> (Vec<usize>, Vec<usize>) {
    let (mut path, mut houses) = (vec![q / 4], Vec::new());
    while parent[q].0 != usize::MAX {
        let (p, h) = parent[q];
        if h != usize::MAX {
            houses.push(h);
        }
        path.push(p / 4);
        q = p;
    }
    path.reverse();
    houses.reverse();
    (path, houses)
}

/// The cells with `v`, outside nodes `s` and `e`, that see every cell of both.
fn removed(b: &Board, v: u16, s: &[usize], e: &[usize]) -> Vec<usize> {
    (0..b.n * b.n)
        .filter(|&c| b.has(c, v) && !s.contains(&c) && !e.contains(&c))
        .filter(|&c| s.iter().chain(e).all(|&d| b.sees(c, d)))
        .collect()
}

/// The grouped chains of value `v` with `k` strong links (`least..=most`, the fewest
/// first) that remove something; `keep` filters them.
fn chains_of(
    b: &Board,
    v: u16,
    least: usize,
    most: usize,
    keep: &dyn Fn(&Board, &Graph, &Found) -> bool,
) -> Option<(usize, Graph, Found)> {
    let g = Graph::of(b, v)?;
    let mut best: Option<(usize, Found)> = None;
    for s in 0..g.nodes.len() {
        let (dist, parent) = search(&g, s, most);
        for e in 0..g.nodes.len() {
            let q = e * 4 + 3;
            let k = (dist[q] as usize).div_ceil(2);
            if dist[q] == u16::MAX || k < least || best.as_ref().is_some_and(|(m, _)| *m <= k) {
                continue;
            }
            let elims = removed(b, v, &g.nodes[s], &g.nodes[e]);
            if elims.is_empty() {
                continue;
            }
            let (path, houses) = unwind(&parent, q);
            let f = Found {
                path,
                houses,
                elims,
            };
            if keep(b, &g, &f) {
                best = Some((k, f));
            }
        }
    }
    best.map(|(k, f)| (k, g, f))
}

/// True when a two-link chain is an Empty Rectangle: one link a box's places split into
/// a row part and a column part (one of them grouped), the other a line's two places.
fn is_empty_rectangle(b: &Board, g: &Graph, f: &Found) -> bool {
    if f.houses.len() != 2 {
        return false;
    }
    let single = |i: usize| g.nodes[f.path[i]].len() == 1;
    let boxed = |h: usize| matches!(b.house(f.houses[h]), House::Box(_));
    let line = |h: usize| matches!(b.house(f.houses[h]), House::Row(_) | House::Col(_));
    let (a, z) = (single(0) && single(1), single(2) && single(3));
    (boxed(1) && !z && line(0) && a) || (boxed(0) && !a && line(1) && z)
}

/// The step of a chain found on value `v` with `k` strong links.
fn step(b: &Board, v: u16, k: usize, g: &Graph, f: Found) -> TechniqueStep {
    let t = if is_empty_rectangle(b, g, &f) {
        Technique::EmptyRectangle
    } else {
        Technique::GroupedXChain
    };
    let mut s = TechniqueStep::new(t, grouped_rating(k));
    s.eliminations = f.elims.iter().map(|&c| (c, v)).collect();
    s.values.push(v);
    s.houses = f.houses.iter().map(|&h| b.house(h)).collect();
    for (i, &x) in f.path.iter().enumerate() {
        let cells = &g.nodes[x];
        s.chain.push((cells[0], v, i % 2 == 1));
        s.chain_groups.push(cells.clone());
        s.cells.extend(cells);
    }
    s
}

/// The grouped X-chain of `least..=most` strong links with the fewest links (and at
/// least one group), over every value.
pub fn grouped_x_chain(b: &Board, least: usize, most: usize) -> Option<TechniqueStep> {
    let any = |_: &Board, _: &Graph, _: &Found| true;
    best_over_values(b, least, most, &any)
}

/// An Empty Rectangle (a two-link grouped chain of that shape), HoDoKu's technique.
pub fn empty_rectangle(b: &Board) -> Option<TechniqueStep> {
    best_over_values(b, 2, 2, &is_empty_rectangle)
}

fn best_over_values(
    b: &Board,
    least: usize,
    most: usize,
    keep: &dyn Fn(&Board, &Graph, &Found) -> bool,
) -> Option<TechniqueStep> {
    let mut best: Option<TechniqueStep> = None;
    for v in 1..=b.n as u16 {
        if let Some((k, g, f)) = chains_of(b, v, least, most, keep) {
            if best
                .as_ref()
                .is_none_or(|s| grouped_rating(k) < s.difficulty)
            {
                best = Some(step(b, v, k, &g, f));
            }
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::grid::Grid;
    use crate::model::rules::Rules;
    use crate::model::shape::Shape;

    fn empty() -> Board {
        Board::new(&Grid::empty(Shape::new(3, 3).unwrap()), &Rules::classic()).unwrap()
    }

    /// Keeps value `v` only in `cells` among the cells of `within`.
    fn only(b: &mut Board, v: u16, within: &[usize], cells: &[usize]) {
        for &c in within.iter().filter(|c| !cells.contains(c)) {
            b.remove(c, v);
        }
    }

    #[test]
    fn an_empty_rectangle_and_a_conjugate_pair_remove_the_far_corner() {
        // Box 5 (rows 4-6, columns 4-6): 1 only in row 5 and column 5 (r5c4, r5c6,
        // r4c5, r6c5). Column 9: 1 only at r5c9 and r1c9. If r1c5 were 1, r1c9 is not,
        // so r5c9 is, so box 5's 1 is in column 5 below r1c5 — in the same column: so
        // r1c5 is not 1.
        let mut b = empty();
        let box5: Vec<usize> = (3..6)
            .flat_map(|r| (3..6).map(move |c| r * 9 + c))
            .collect();
        only(&mut b, 1, &box5, &[39, 41, 31, 49]);
        let col9: Vec<usize> = (0..9).map(|r| r * 9 + 8).collect();
        only(&mut b, 1, &col9, &[44, 8]);
        let s = empty_rectangle(&b).unwrap();
        assert_eq!(s.technique, Technique::EmptyRectangle);
        assert!((s.difficulty - 4.3).abs() < 1e-9);
        assert!(s.eliminations.contains(&(4, 1)), "{:?}", s.eliminations);
        // Every removal sees both ends of its chain.
        let (first, last) = (&s.chain_groups[0], s.chain_groups.last().unwrap());
        for &(c, _) in &s.eliminations {
            assert!(first.iter().chain(last).all(|&d| b.sees(c, d)));
        }
    }

    #[test]
    fn a_board_without_groups_has_no_grouped_chain() {
        // Only conjugate pairs of single cells: the plain X-chain finders' business.
        let mut b = empty();
        for r in 0..9 {
            if r != 0 && r != 6 {
                b.remove(r * 9, 1);
            }
            if r != 1 && r != 6 {
                b.remove(r * 9 + 3, 1);
            }
        }
        for v in 2..=9 {
            for c in 0..81 {
                b.remove(c, v);
            }
        }
        assert!(grouped_x_chain(&b, 2, 6).is_none());
    }

    #[test]
    fn ratings_follow_sukaku_explainer() {
        assert!((grouped_rating(2) - 4.3).abs() < 1e-9);
        assert!((grouped_rating(3) - 5.7).abs() < 1e-9);
        assert!((grouped_rating(4) - 6.1).abs() < 1e-9);
        assert!((grouped_rating(6) - 6.9).abs() < 1e-9);
    }
}
