//! Precomputed house membership for fast propagation: the cells of each house and the
//! houses of each cell, as flat index arrays.

use super::house::House;
use super::shape::Shape;

/// The 3N houses of a shape (rows, columns, boxes) as cell indices.
#[derive(Clone, Debug)]
pub struct Geometry {
    shape: Shape,
    /// House h holds cells `cells[h·N .. (h+1)·N]`.
    cells: Vec<u32>,
    /// Cell i lies in houses `of_cell[i]` (its row, column and box).
    of_cell: Vec<[u32; 3]>,
}

impl Geometry {
    /// The geometry of `shape`.
    pub fn new(shape: Shape) -> Geometry {
        let n = shape.n();
        let mut cells = Vec::with_capacity(3 * n * n);
        for h in shape.houses() {
            cells.extend(shape.house_cells(h).map(|(r, c)| (r * n + c) as u32));
        }
        let of_cell = (0..n * n)
            .map(|i| {
                let (r, c) = (i / n, i % n);
                [
                    r as u32,
                    (n + c) as u32,
                    (2 * n + shape.box_of(r, c)) as u32,
                ]
            })
            .collect();
        Geometry {
            shape,
            cells,
            of_cell,
        }
    }

    /// The shape.
    #[inline]
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// Side N.
    #[inline]
    pub fn n(&self) -> usize {
        self.shape.n()
    }

    /// Number of houses (3N).
    #[inline]
    pub fn num_houses(&self) -> usize {
        3 * self.n()
    }

    /// The cells of house `h` (index into rows, then columns, then boxes).
    #[inline]
    pub fn house(&self, h: usize) -> &[u32] {
        let n = self.n();
        &self.cells[h * n..(h + 1) * n]
    }

    /// The three houses of cell `i`.
    #[inline]
    pub fn houses_of(&self, i: usize) -> [u32; 3] {
        self.of_cell[i]
    }

    /// True when cells `a` and `b` share a row, a column or a box.
    #[inline]
    pub fn shares_house(&self, a: usize, b: usize) -> bool {
        let (x, y) = (self.of_cell[a], self.of_cell[b]);
        x.iter().zip(&y).any(|(h, k)| h == k)
    }

    /// The [`House`] with flat index `h`.
    pub fn house_id(&self, h: usize) -> House {
        let n = self.n();
        match h / n {
            0 => House::Row(h),
            1 => House::Col(h - n),
            _ => House::Box(h - 2 * n),
        }
    }
}
