//! Jigsaw: irregular regions of N cells replace the boxes.

use super::Cell;
use super::RulesError;
use super::rule::VariantRule;
use crate::model::fault::Fault;
use crate::model::grid::Grid;
use crate::model::house::House;
use crate::model::shape::Shape;

/// Jigsaw regions: cell (row-major index) → region 0..N−1, each region N cells.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Regions {
    map: Vec<u16>,
}

impl Regions {
    /// Regions from a map of N² region numbers 0..N−1; errors unless every region
    /// has exactly N cells.
    pub fn new(shape: Shape, map: Vec<u16>) -> Result<Regions, RulesError> {
        let n = shape.n();
        if map.len() != n * n {
            return Err(RulesError::RegionMapSize {
                cells: map.len(),
                n,
            });
        }
        let mut size = vec![0usize; n];
        for (i, &k) in map.iter().enumerate() {
            if k as usize >= n {
                return Err(RulesError::RegionNumber {
                    row: i / n,
                    col: i % n,
                    region: k as usize,
                    n,
                });
            }
            size[k as usize] += 1;
        }
        if let Some(k) = (0..n).find(|&k| size[k] != n) {
            return Err(RulesError::RegionSize {
                region: k,
                cells: size[k],
                n,
            });
        }
        Ok(Regions { map })
    }

    /// The region (0-based) of cell (r, c).
    #[inline]
    pub fn region_of(&self, r: usize, c: usize, n: usize) -> usize {
        self.map[r * n + c] as usize
    }

    /// The region of every cell, row-major.
    pub fn map(&self) -> &[u16] {
        &self.map
    }

    /// The cells of region `k` of an N×N grid, in reading order.
    pub fn cells(&self, k: usize, n: usize) -> impl Iterator<Item = Cell> + '_ {
        (0..self.map.len())
            .filter(move |&i| self.map[i] as usize == k)
            .map(move |i| (i / n, i % n))
    }
}

impl VariantRule for Regions {
    fn name(&self) -> &'static str {
        "jigsaw"
    }

    fn validate(&self, shape: Shape) -> Result<(), RulesError> {
        let n = shape.n();
        if self.map.len() != n * n {
            return Err(RulesError::RegionMapShape { n });
        }
        Ok(())
    }

    fn houses(&self, shape: Shape) -> Vec<House> {
        (0..shape.n()).map(House::Region).collect()
    }

    fn replaces_boxes(&self) -> bool {
        true
    }

    fn house_cells(&self, shape: Shape, house: House) -> Option<Vec<Cell>> {
        match house {
            House::Region(k) => Some(self.cells(k, shape.n()).collect()),
            _ => None,
        }
    }

    fn houses_of(&self, shape: Shape, r: usize, c: usize) -> Vec<House> {
        vec![House::Region(self.region_of(r, c, shape.n()))]
    }

    /// Every region number is in range, every region has N cells, and none holds a
    /// value twice (read from the map, cell by cell).
    fn check(&self, solution: &Grid) -> Result<(), Fault> {
        let n = solution.n();
        if self.map.len() != n * n {
            return Err(Fault::Malformed(format!("the region map is not {n}×{n}")));
        }
        let mut members: Vec<Vec<(usize, usize)>> = vec![Vec::new(); n];
        for (i, &k) in self.map.iter().enumerate() {
            match members.get_mut(k as usize) {
                Some(m) => m.push((i / n, i % n)),
                None => {
                    return Err(Fault::Malformed(format!(
                        "region number {} is out of range",
                        k + 1
                    )));
                }
            }
        }
        for (k, cells) in members.iter().enumerate() {
            if cells.len() != n {
                return Err(Fault::Malformed(format!(
                    "region {} has {} cells, not {n}",
                    k + 1,
                    cells.len()
                )));
            }
            let mut seen = vec![false; n + 1];
            for &(row, col) in cells {
                let value = solution.get(row, col);
                if std::mem::replace(&mut seen[(value as usize).min(n)], true) {
                    return Err(Fault::RepeatedAt {
                        house: format!("region {}", k + 1),
                        value,
                        row,
                        col,
                    });
                }
            }
        }
        Ok(())
    }
}
