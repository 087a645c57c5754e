//! Chains: X-chains (one value, house links), XY-chains (bivalue cells) and forcing
//! chains (both, and the weak links in cells). A chain from "c is v" to "c is not v"
//! removes v from c; one from "c is not v" to "c is v" places it. The shortest chain is
//! taken, and its difficulty follows Sudoku Explainer: 5.4 for three strong links on
//! one value, 5.8 for four, else 6.6 (X) or 7.0 (XY and both) plus the length rule: SE
//! looks for chains of bivalue cells only as cycles, and finds an open XY-chain as a
//! forcing chain (7.0).

use super::board::Board;
use super::links::{Links, node, reach, unnode};
use super::step::{Technique, TechniqueStep, length_penalty};

/// SE's rating of a chain of k strong links on one value (SukakuExplainer's strong-link
/// ladder: 3 links 5.4, then 0.4 a link), below its rating as a forcing X-chain.
fn strong_link_rating(strong: usize) -> f64 {
    5.4 + 0.4 * (strong.saturating_sub(3)) as f64
}

/// The difficulty of a chain of `nodes` nodes made of `links`.
fn difficulty(links: Links, nodes: usize) -> f64 {
    let strong = (nodes - 2) / 2;
    match (links, strong) {
        (Links::X, 3) => 5.4,
        (Links::X, 4) => 5.8,
        (Links::X, _) => strong_link_rating(strong).min(6.6 + length_penalty(nodes)),
        (Links::Y | Links::Both, _) => 7.0 + length_penalty(nodes),
    }
}

/// The technique of chains made of `links`.
fn named(links: Links) -> Technique {
    match links {
        Links::X => Technique::XChain,
        Links::Y => Technique::XyChain,
        Links::Both => Technique::ForcingChain,
    }
}

/// A conclusion of chains from one premise: the fact (a node), and the chains' nodes.
struct Found {
    fact: usize,
    nodes: usize,
    path: Vec<(usize, u16, bool)>,
}

/// What the chains from (c, v) prove, shortest first: "c is v" implies "c is not v"
/// (removed); "c is not v" implies "c is v" (placed); "c is v" implies a fact and its
/// negation (removed); both "c is v" and "c is not v" imply the same fact (it holds).
fn conclusions(b: &Board, links: Links, c: usize, v: u16) -> Vec<Found> {
    let n = b.n;
    let (on, off) = (node(n, c, v, true), node(n, c, v, false));
    let ron = reach(b, links, on);
    let roff = reach(b, links, off);
    let mut out = Vec::new();
    if ron.dist[off] != u16::MAX {
        let path = ron.path(n, off);
        out.push(Found {
            fact: off,
            nodes: path.len(),
            path,
        });
    }
    if roff.dist[on] != u16::MAX {
        let path = roff.path(n, on);
        out.push(Found {
            fact: on,
            nodes: path.len(),
            path,
        });
    }
    let size = n * n * n;
    let mut best_contra: Option<(usize, usize)> = None;
    let mut best_both: Option<(usize, usize)> = None;
    for k in 0..size {
        let (xon, xoff) = (2 * k + 1, 2 * k);
        if xon == on || xoff == off {
            continue;
        }
        let (a, z) = (ron.dist[xon], ron.dist[xoff]);
        if a != u16::MAX && z != u16::MAX {
            let nodes = a as usize + z as usize + 2;
            if best_contra.is_none_or(|(m, _)| nodes < m) {
                best_contra = Some((nodes, k));
            }
        }
        for x in [xon, xoff] {
            if ron.dist[x] != u16::MAX && roff.dist[x] != u16::MAX {
                let nodes = ron.dist[x] as usize + roff.dist[x] as usize + 2;
                if best_both.is_none_or(|(m, _)| nodes < m) {
                    best_both = Some((nodes, x));
                }
            }
        }
    }
    if let Some((nodes, k)) = best_contra {
        let mut path = ron.path(n, 2 * k + 1);
        path.extend(ron.path(n, 2 * k).into_iter().skip(1));
        out.push(Found {
            fact: off,
            nodes,
            path,
        });
    }
    if let Some((nodes, x)) = best_both {
        let mut path = ron.path(n, x);
        path.extend(roff.path(n, x));
        out.push(Found {
            fact: x,
            nodes,
            path,
        });
    }
    out
}

/// The easiest chain of this kind whose difficulty is at most `most` (so that
/// three-link X-chains can be asked for before the rest).
pub fn chain(b: &Board, links: Links, most: f64) -> Option<TechniqueStep> {
    let n = b.n;
    let mut best: Option<TechniqueStep> = None;
    for c in (0..n * n).filter(|&c| b.value[c] == 0) {
        for v in super::board::digits(b.mask(c)) {
            for f in conclusions(b, links, c, v) {
                if f.nodes < 4 {
                    continue;
                }
                let d = difficulty(links, f.nodes);
                if d > most + 1e-9 || best.as_ref().is_some_and(|s| s.difficulty <= d) {
                    continue;
                }
                let (fc, fv, on) = unnode(n, f.fact);
                if (on && b.value[fc] != 0) || (!on && !b.has(fc, fv)) {
                    continue;
                }
                let mut s = TechniqueStep::new(named(links), d);
                if on {
                    s.placements.push((fc, fv));
                } else {
                    s.eliminations.push((fc, fv));
                }
                s.cells = f.path.iter().map(|p| p.0).collect();
                s.cells.dedup();
                s.values = f.path.iter().map(|p| p.1).collect();
                s.values.sort_unstable();
                s.values.dedup();
                s.chain = f.path;
                best = Some(s);
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

    #[test]
    fn a_loop_of_bivalue_cells_with_a_tail_is_an_xy_chain() {
        // r1c1 {1,2}, r1c5 {2,3}, r5c5 {3,4}, r5c2 {4,1}: one of r1c1 and r5c2 is 1,
        // so r1c2 and r5c1, which see both, are not (a ten-node chain: 7.0 + 0.2).
        let mut b = Board::new(&Grid::empty(Shape::new(3, 3).unwrap()), &Rules::classic()).unwrap();
        for (c, m) in [(0usize, 0b11u64), (4, 0b110), (40, 0b1100), (37, 0b1001)] {
            b.cand[c] = m;
        }
        let s = chain(&b, Links::Y, 20.0).unwrap();
        assert_eq!(s.technique, Technique::XyChain);
        assert!(s.eliminations == vec![(1, 1)] || s.eliminations == vec![(36, 1)]);
        assert!((s.difficulty - 7.2).abs() < 1e-9);
    }

    #[test]
    fn difficulties_follow_sudoku_explainer() {
        assert_eq!(difficulty(Links::X, 8), 5.4);
        assert_eq!(difficulty(Links::X, 10), 5.8);
        assert!((difficulty(Links::Y, 8) - 7.1).abs() < 1e-9);
        // Five strong links: SE's ladder (6.2) is below the forcing X-chain (6.6 + 0.2).
        assert!((difficulty(Links::X, 12) - 6.2).abs() < 1e-9);
        // Eight: the forcing X-chain (6.6 + 0.4) is below the ladder (7.4).
        assert!((difficulty(Links::X, 18) - 7.0).abs() < 1e-9);
        assert!((difficulty(Links::Both, 6) - 7.0).abs() < 1e-9);
    }
}
