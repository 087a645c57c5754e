//! Generalised arc consistency for one all-different house (Régin's algorithm): every
//! candidate that belongs to no perfect matching of the house's open cells to its
//! missing values is removed. This subsumes naked and hidden subsets of every size.

/// Scratch space reused across houses.
#[derive(Default)]
pub(crate) struct AllDiff {
    /// adj[i] = values (0-based indices into `values`) cell i may take.
    adj: Vec<Vec<u32>>,
    /// rev[j] = cells other than its matched one that may take value j.
    rev: Vec<Vec<u32>>,
    cell_of_value: Vec<u32>,
    value_of_cell: Vec<u32>,
    dist: Vec<u32>,
    queue: Vec<u32>,
    // Tarjan
    index: Vec<u32>,
    low: Vec<u32>,
    on_stack: Vec<bool>,
    stack: Vec<u32>,
    comp: Vec<u32>,
    call: Vec<(u32, u32)>,
}

const NIL: u32 = u32::MAX;

impl AllDiff {
    /// Sets up a house with `cells` open cells; `values` missing values.
    pub(crate) fn reset(&mut self, cells: usize) {
        self.adj.resize_with(cells, Vec::new);
        for a in &mut self.adj[..cells] {
            a.clear();
        }
        self.adj.truncate(cells);
    }

    /// Cell `i` may take value index `j`.
    pub(crate) fn edge(&mut self, i: usize, j: usize) {
        self.adj[i].push(j as u32);
    }

    /// Finds the edges (cell index, value index) in no perfect matching; `None` when
    /// there is no perfect matching at all (the house cannot be completed).
    pub(crate) fn prune(&mut self, values: usize, out: &mut Vec<(u32, u32)>) -> Option<()> {
        let cells = self.adj.len();
        if cells != values {
            return None;
        }
        if !self.match_all(values) {
            return None;
        }
        // Directed graph on 2k nodes: cell i = node i, value j = node k + j.
        // Matched edges point cell → value, the others value → cell. An unmatched edge
        // lies on an alternating cycle exactly when both ends share a strongly
        // connected component; with a perfect matching no free vertex exists.
        self.rev.resize_with(values, Vec::new);
        for r in &mut self.rev[..values] {
            r.clear();
        }
        for i in 0..cells {
            for &j in &self.adj[i] {
                if self.cell_of_value[j as usize] != i as u32 {
                    self.rev[j as usize].push(i as u32);
                }
            }
        }
        self.scc(cells);
        for i in 0..cells {
            let m = self.value_of_cell[i];
            for &j in &self.adj[i] {
                if j != m && self.comp[i] != self.comp[cells + j as usize] {
                    out.push((i as u32, j));
                }
            }
        }
        Some(())
    }

    /// Hopcroft–Karp maximum matching; true when every cell is matched.
    fn match_all(&mut self, values: usize) -> bool {
        let cells = self.adj.len();
        self.value_of_cell.clear();
        self.value_of_cell.resize(cells, NIL);
        self.cell_of_value.clear();
        self.cell_of_value.resize(values, NIL);
        // Greedy start.
        for i in 0..cells {
            for k in 0..self.adj[i].len() {
                let j = self.adj[i][k] as usize;
                if self.cell_of_value[j] == NIL {
                    self.cell_of_value[j] = i as u32;
                    self.value_of_cell[i] = j as u32;
                    break;
                }
            }
        }
        let mut matched = self.value_of_cell.iter().filter(|&&v| v != NIL).count();
        while matched < cells && self.bfs() {
            for i in 0..cells {
                if self.value_of_cell[i] == NIL && self.dfs(i) {
                    matched += 1;
                }
            }
        }
        matched == cells
    }

    fn bfs(&mut self) -> bool {
        let cells = self.adj.len();
        self.dist.clear();
        self.dist.resize(cells, NIL);
        self.queue.clear();
        for i in 0..cells {
            if self.value_of_cell[i] == NIL {
                self.dist[i] = 0;
                self.queue.push(i as u32);
            }
        }
        let mut found = false;
        let mut head = 0;
        while head < self.queue.len() {
            let i = self.queue[head] as usize;
            head += 1;
            for &j in &self.adj[i] {
                let c = self.cell_of_value[j as usize];
                if c == NIL {
                    found = true;
                } else if self.dist[c as usize] == NIL {
                    self.dist[c as usize] = self.dist[i] + 1;
                    self.queue.push(c);
                }
            }
        }
        found
    }

    fn dfs(&mut self, i: usize) -> bool {
        for k in 0..self.adj[i].len() {
            let j = self.adj[i][k] as usize;
            let c = self.cell_of_value[j];
            if c == NIL || (self.dist[c as usize] == self.dist[i] + 1 && self.dfs(c as usize)) {
                self.cell_of_value[j] = i as u32;
                self.value_of_cell[i] = j as u32;
                return true;
            }
        }
        self.dist[i] = NIL;
        false
    }

    /// Iterative Tarjan over the matching-oriented graph.
    fn scc(&mut self, k: usize) {
        let nodes = 2 * k;
        self.index.clear();
        self.index.resize(nodes, NIL);
        self.low.clear();
        self.low.resize(nodes, 0);
        self.on_stack.clear();
        self.on_stack.resize(nodes, false);
        self.comp.clear();
        self.comp.resize(nodes, NIL);
        self.stack.clear();
        let mut next_index = 0u32;
        let mut next_comp = 0u32;
        for root in 0..nodes {
            if self.index[root] != NIL {
                continue;
            }
            self.call.clear();
            self.call.push((root as u32, 0));
            while let Some(&(v, edge)) = self.call.last() {
                let v = v as usize;
                if edge == 0 && self.index[v] == NIL {
                    self.index[v] = next_index;
                    self.low[v] = next_index;
                    next_index += 1;
                    self.stack.push(v as u32);
                    self.on_stack[v] = true;
                }
                // Successor number `edge` of v.
                let succ = self.successor(v, edge as usize, k);
                if let Some(w) = succ {
                    self.call.last_mut().expect("frame").1 += 1;
                    if self.index[w] == NIL {
                        self.call.push((w as u32, 0));
                    } else if self.on_stack[w] {
                        self.low[v] = self.low[v].min(self.index[w]);
                    }
                    continue;
                }
                // v is done.
                self.call.pop();
                if let Some(&(u, _)) = self.call.last() {
                    let u = u as usize;
                    self.low[u] = self.low[u].min(self.low[v]);
                }
                if self.low[v] == self.index[v] {
                    loop {
                        let w = self.stack.pop().expect("on stack") as usize;
                        self.on_stack[w] = false;
                        self.comp[w] = next_comp;
                        if w == v {
                            break;
                        }
                    }
                    next_comp += 1;
                }
            }
        }
    }

    /// The `e`-th successor of node `v`: a cell points to its matched value; a value
    /// points to every cell that may take it except its matched cell.
    fn successor(&self, v: usize, e: usize, k: usize) -> Option<usize> {
        if v < k {
            (e == 0).then(|| k + self.value_of_cell[v] as usize)
        } else {
            self.rev[v - k].get(e).map(|&i| i as usize)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(adj: &[&[u32]]) -> Option<Vec<(u32, u32)>> {
        let mut a = AllDiff::default();
        a.reset(adj.len());
        for (i, vs) in adj.iter().enumerate() {
            for &j in *vs {
                a.edge(i, j as usize);
            }
        }
        let mut out = Vec::new();
        a.prune(adj.len(), &mut out).map(|_| {
            out.sort();
            out
        })
    }

    #[test]
    fn naked_pair_and_hidden_pair_are_found() {
        // Cells 0 and 1 can only take values 0 and 1: cell 2 loses them.
        assert_eq!(
            run(&[&[0, 1], &[0, 1], &[0, 1, 2]]),
            Some(vec![(2, 0), (2, 1)])
        );
        // Values 2 and 3 fit only cells 2 and 3: those cells lose 0 and 1.
        let r = run(&[&[0, 1], &[0, 1], &[0, 1, 2, 3], &[0, 2, 3]]).unwrap();
        assert_eq!(r, vec![(2, 0), (2, 1), (3, 0)]);
    }

    #[test]
    fn impossible_houses_are_reported() {
        assert_eq!(run(&[&[0], &[0], &[1, 2]]), None);
    }

    /// Brute force: an edge survives exactly when some perfect matching uses it.
    #[test]
    fn pruning_matches_brute_force_on_random_houses() {
        let mut s = 12345u64;
        let mut rnd = |k: u64| {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            s % k
        };
        for _ in 0..300 {
            let k = 1 + rnd(6) as usize;
            let adj: Vec<Vec<u32>> = (0..k)
                .map(|_| (0..k as u32).filter(|_| rnd(3) > 0).collect())
                .collect();
            // All permutations.
            let mut perm: Vec<usize> = (0..k).collect();
            let mut used = std::collections::BTreeSet::new();
            let mut any = false;
            loop {
                if (0..k).all(|i| adj[i].contains(&(perm[i] as u32))) {
                    any = true;
                    for (i, &j) in perm.iter().enumerate() {
                        used.insert((i as u32, j as u32));
                    }
                }
                // next permutation
                let mut i = k;
                while i > 1 && perm[i - 2] >= perm[i - 1] {
                    i -= 1;
                }
                if i <= 1 {
                    break;
                }
                let mut j = k - 1;
                while perm[j] <= perm[i - 2] {
                    j -= 1;
                }
                perm.swap(i - 2, j);
                perm[i - 1..].reverse();
            }
            let refs: Vec<&[u32]> = adj.iter().map(|v| v.as_slice()).collect();
            let got = run(&refs);
            if !any {
                assert_eq!(got, None, "{adj:?}");
                continue;
            }
            let mut expected: Vec<(u32, u32)> = (0..k)
                .flat_map(|i| adj[i].iter().map(move |&j| (i as u32, j)))
                .filter(|e| !used.contains(e))
                .collect();
            expected.sort();
            assert_eq!(got, Some(expected), "{adj:?}");
        }
    }
}
