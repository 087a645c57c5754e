//! Push-state closures: the second kind of certificate of "no plan of at most `H`
//! pushes", checked without any formula or proof.
//!
//! A position is the boxes' cells and the player's region (the cells it reaches
//! without pushing, named here by its first cell in row-major order). The certificate
//! lists positions with a depth each. The checker computes a lower bound `b` of its
//! own: the least total lone-box push distance over all ways of sending the boxes to
//! distinct goals (each box must reach a goal of its own, one cell per push, and a
//! lone box on floor that ignores the other boxes and where the player can walk is
//! pushed at least as far). It then asks three things:
//!
//! 1. the start position is listed at depth 0;
//! 2. no listed position of depth at most `H` has every box on a goal;
//! 3. for every listed position of depth `d < H`, each push leads to a position listed
//!    at depth at most `d + 1`, or to one whose bound `b` is infinite or over
//!    `H − d − 1`.
//!
//! Why that proves the claim: take a plan of `L ≤ H` pushes through positions
//! `s_0 … s_L`. By induction `s_i` is listed at a depth `d_i ≤ i`: `s_0` by (1); from
//! `s_i` (with `d_i ≤ i < L ≤ H`) the plan's push reaches `s_{i+1}`, from which it
//! still makes `L − i − 1 ≥ b(s_{i+1})` pushes, so `d_i + 1 + b(s_{i+1}) ≤ L ≤ H`: the
//! push is not cut and (3) lists `s_{i+1}` at depth at most `d_i + 1 ≤ i + 1`. Then
//! `s_L`, solved, is listed at depth at most `H`, against (2). The checker's work is
//! one pass over the list: every push of every position, a lookup and a bound.

use super::matching::{NONE, least_cost};
use super::prune::{FAR, push_distances};
use super::{DIRS, Level, bad};
use crate::manifest::Entry;
use crate::{Limits, Rejected};
use std::collections::HashMap;

/// A position: the boxes' cells (increasing), then the first cell of the player's region.
type Key = Vec<u32>;

/// The rules of one level: its floor and each goal's lone-box push distances.
struct Rules<'a> {
    l: &'a Level,
    floor: Vec<bool>,
    /// `to_goal[g][c]`: pushes of a lone box from `c` to the `g`-th goal.
    to_goal: Vec<Vec<usize>>,
}

impl<'a> Rules<'a> {
    fn new(l: &'a Level) -> Rules<'a> {
        let floor: Vec<bool> = l.wall.iter().map(|&w| !w).collect();
        let goals: Vec<usize> = (0..floor.len()).filter(|&c| l.goal[c]).collect();
        let to_goal = goals
            .iter()
            .map(|&g| push_distances(l, &floor, &[g], false))
            .collect();
        Rules { l, floor, to_goal }
    }

    /// The lower bound on the pushes left from `boxes` (`None`: no plan at all).
    fn bound(&self, boxes: &[u32]) -> Option<usize> {
        let cost: Vec<Vec<usize>> = boxes
            .iter()
            .map(|&b| {
                let at = |g: &Vec<usize>| g[b as usize];
                self.to_goal
                    .iter()
                    .map(at)
                    .map(|d| if d == FAR { NONE } else { d })
                    .collect()
            })
            .collect();
        least_cost(&cost)
    }

    /// The least cell of the player's region from `from`: the cells it reaches without
    /// pushing, through cells not in `w.occupied`; they get a new mark in `w.mark`.
    fn region(&self, w: &mut Walk, from: usize) -> usize {
        w.stamp += 1;
        let (stamp, mut first) = (w.stamp, from);
        w.stack.clear();
        w.stack.push(from);
        w.mark[from] = stamp;
        while let Some(c) = w.stack.pop() {
            first = first.min(c);
            for n in (0..4).filter_map(|d| self.l.step(c, d)) {
                if self.floor[n] && !w.occupied[n] && w.mark[n] != stamp {
                    w.mark[n] = stamp;
                    w.stack.push(n);
                }
            }
        }
        first
    }

    /// The position of `boxes` with the player at `player`.
    fn key(&self, boxes: &[u32], player: usize, w: &mut Walk) -> Key {
        boxes.iter().for_each(|&b| w.occupied[b as usize] = true);
        let mut key = boxes.to_vec();
        key.sort_unstable();
        key.push(self.region(w, player) as u32);
        boxes.iter().for_each(|&b| w.occupied[b as usize] = false);
        key
    }

    /// Every push from position `key`: (box cell, direction, the position reached).
    fn pushes(&self, key: &Key, w: &mut Walk) -> Vec<(usize, usize, Key)> {
        let boxes = &key[..key.len() - 1];
        boxes.iter().for_each(|&b| w.occupied[b as usize] = true);
        self.region(w, key[key.len() - 1] as usize);
        let stamp = w.stamp;
        let mut legal = Vec::new();
        for (i, &b) in boxes.iter().enumerate() {
            for d in 0..4 {
                let behind = self.l.step(b as usize, d ^ 1);
                let ahead = self.l.step(b as usize, d);
                if let (Some(behind), Some(ahead)) = (behind, ahead)
                    && w.mark[behind] == stamp
                    && self.floor[ahead]
                    && !w.occupied[ahead]
                {
                    legal.push((i, d, ahead));
                }
            }
        }
        boxes.iter().for_each(|&b| w.occupied[b as usize] = false);
        let mut out = Vec::with_capacity(legal.len());
        for (i, d, ahead) in legal {
            let mut next = boxes.to_vec();
            next[i] = ahead as u32;
            let b = boxes[i] as usize;
            out.push((b, d, self.key(&next, b, w)));
        }
        out
    }
}

/// The checker's scratch: which cells hold a box, and the player's region by mark.
struct Walk {
    occupied: Vec<bool>,
    mark: Vec<u64>,
    stamp: u64,
    stack: Vec<usize>,
}

impl Walk {
    fn new(cells: usize) -> Walk {
        Walk {
            occupied: vec![false; cells],
            mark: vec![0; cells],
            stamp: 0,
            stack: Vec::new(),
        }
    }
}

/// One listed position: its depth and its line in the file.
#[derive(Clone, Copy)]
struct Listed {
    depth: usize,
    line: usize,
}

/// Bytes one listed position takes in the checker's table (key, entry, hash slack).
fn bytes_per_position(boxes: usize) -> u64 {
    96 + 4 * (boxes as u64 + 1)
}

/// Checks `entry`'s closure file `text` (named `file`) on `l` for "no plan of at most
/// `h` pushes"; returns the positions listed.
pub(super) fn check(
    entry: &Entry,
    l: &Level,
    h: usize,
    file: &str,
    text: &str,
    limits: &Limits,
) -> Result<usize, Rejected> {
    let rules = Rules::new(l);
    let listed = read(entry, &rules, h, file, text, limits)?;
    let mut seen = Walk::new(rules.floor.len());
    let start = rules.key(&to_u32(&l.boxes), l.player, &mut seen);
    if listed.get(&start).is_none_or(|s| s.depth != 0) {
        return Err(bad(entry, "the start position is not listed at depth 0"));
    }
    for (n, (key, at)) in listed.iter().enumerate() {
        if n % 1024 == 0 {
            limits.in_time(&entry.name)?;
        }
        closed(entry, &rules, &listed, (key, *at), h, file, &mut seen)?;
    }
    Ok(listed.len())
}

/// Conditions (2) and (3) for one listed position.
fn closed(
    entry: &Entry,
    rules: &Rules,
    listed: &HashMap<Key, Listed>,
    (key, at): (&Key, Listed),
    h: usize,
    file: &str,
    seen: &mut Walk,
) -> Result<(), Rejected> {
    let boxes = &key[..key.len() - 1];
    if boxes.iter().all(|&b| rules.l.goal[b as usize]) {
        return Err(bad(
            entry,
            format!(
                "{file}:{}: this position has every box on a goal at depth {}: a plan of at most {h} pushes",
                at.line, at.depth
            ),
        ));
    }
    if at.depth >= h {
        return Ok(());
    }
    for (b, d, next) in rules.pushes(key, seen) {
        if listed.get(&next).is_some_and(|s| s.depth <= at.depth + 1) {
            continue;
        }
        let cut = rules.bound(&next[..next.len() - 1]);
        if cut.is_none_or(|c| at.depth + 1 + c > h) {
            continue;
        }
        return Err(bad(
            entry,
            format!(
                "{file}:{}: pushing the box at {} {} leads to a position within reach of a plan of {h} pushes that is not listed at depth {} or less",
                at.line,
                rules.l.at(b),
                DIRS[d].0.to_lowercase(),
                at.depth + 1
            ),
        ));
    }
    Ok(())
}

fn to_u32(cells: &[usize]) -> Vec<u32> {
    cells.iter().map(|&c| c as u32).collect()
}

/// Reads the closure file: `c` lines are comments, then `p closure H N`, then `N` lines
/// `DEPTH PLAYER BOX…` with cells as `ROW,COLUMN` (1-based, as the level file lists them).
fn read(
    entry: &Entry,
    rules: &Rules,
    h: usize,
    file: &str,
    text: &str,
    limits: &Limits,
) -> Result<HashMap<Key, Listed>, Rejected> {
    let format = |line: usize, message: String| Rejected::Format {
        file: file.to_string(),
        line,
        message,
    };
    let mut lines = (text.lines().enumerate())
        .map(|(i, l)| (i + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('c'));
    let (hl, header) = lines.next().unwrap_or((0, ""));
    let n = match header.split_whitespace().collect::<Vec<_>>()[..] {
        ["p", "closure", hh, n] if hh == h.to_string() => n.parse::<usize>().ok(),
        _ => None,
    }
    .ok_or_else(|| format(hl, format!("expected the header 'p closure {h} N'")))?;
    let boxes = rules.l.boxes.len();
    let bytes = (n as u64).saturating_mul(bytes_per_position(boxes));
    if bytes > limits.memory / 2 {
        return Err(Rejected::TooLarge {
            entry: entry.name.clone(),
            detail: format!(
                "{n} positions would take about {} MiB, more than half of the memory budget of {} MiB (raise it with --max-memory)",
                bytes >> 20,
                limits.memory >> 20
            ),
        });
    }
    let mut listed: HashMap<Key, Listed> = HashMap::with_capacity(n);
    let mut seen = Walk::new(rules.floor.len());
    for (line, text) in lines {
        if listed.len() % 4096 == 0 {
            limits.in_time(&entry.name)?;
        }
        let (depth, player, cells) =
            position(rules, boxes, h, text).map_err(|m| format(line, m))?;
        let key = rules.key(&cells, player, &mut seen);
        if let Some(was) = listed.insert(key, Listed { depth, line }) {
            return Err(format(
                line,
                format!("the position of line {} is listed again", was.line),
            ));
        }
        if listed.len() > n {
            return Err(format(
                line,
                format!("more than the {n} positions the header says"),
            ));
        }
    }
    if listed.len() != n {
        return Err(format(
            0,
            format!("{} positions, the header says {n}", listed.len()),
        ));
    }
    Ok(listed)
}

/// One line: the depth (at most `h`), the player's cell and `boxes` distinct box cells,
/// every one on floor, the player on none of the boxes.
fn position(
    rules: &Rules,
    boxes: usize,
    h: usize,
    text: &str,
) -> Result<(usize, usize, Vec<u32>), String> {
    let mut words = text.split_whitespace();
    let depth = (words.next().and_then(|w| w.parse::<usize>().ok()))
        .filter(|&d| d <= h)
        .ok_or(format!("expected a depth from 0 to {h} first"))?;
    let mut cells = Vec::with_capacity(boxes + 1);
    for w in words {
        cells.push(cell(rules, w)?);
    }
    if cells.len() != boxes + 1 {
        return Err(format!(
            "expected the player's cell and {boxes} box cells after the depth, as ROW,COLUMN"
        ));
    }
    let player = cells.remove(0);
    let mut sorted = cells.clone();
    sorted.sort_unstable();
    sorted.dedup();
    if sorted.len() != boxes || cells.contains(&player) {
        return Err("two boxes, or the player and a box, share a cell".to_string());
    }
    Ok((depth, player, to_u32(&cells)))
}

/// A floor cell `ROW,COLUMN` (1-based).
fn cell(rules: &Rules, word: &str) -> Result<usize, String> {
    let l = rules.l;
    let parsed = word.split_once(',').and_then(|(r, c)| {
        let (r, c) = (r.parse::<usize>().ok()?, c.parse::<usize>().ok()?);
        (1..=l.height).contains(&r).then_some(())?;
        (1..=l.width)
            .contains(&c)
            .then_some((r - 1) * l.width + c - 1)
    });
    parsed
        .filter(|&c| rules.floor[c])
        .ok_or_else(|| "expected a floor cell of the level as ROW,COLUMN".to_string())
}

#[cfg(test)]
mod tests {
    use super::super::models::{random_level, shortest};
    use super::super::read_level;
    use super::super::tests::lim;
    use super::*;

    /// A closure of "no plan of at most `h` pushes" by breadth-first search with the
    /// checker's bound, as file text (`None`: a solved position within `h`).
    fn closure_text(l: &Level, h: usize) -> Option<String> {
        let rules = Rules::new(l);
        let mut seen = Walk::new(rules.floor.len());
        let start = rules.key(&to_u32(&l.boxes), l.player, &mut seen);
        let mut depth: HashMap<Key, usize> = HashMap::from([(start.clone(), 0)]);
        let (mut order, mut layer) = (vec![start.clone()], vec![start]);
        for d in 0..h {
            let mut next = Vec::new();
            for p in &layer {
                for (_, _, q) in rules.pushes(p, &mut seen) {
                    let kept = rules
                        .bound(&q[..q.len() - 1])
                        .is_some_and(|b| d + 1 + b <= h);
                    if kept && !depth.contains_key(&q) {
                        depth.insert(q.clone(), d + 1);
                        next.push(q.clone());
                        order.push(q);
                    }
                }
            }
            layer = next;
        }
        let at = |c: u32| format!("{},{}", c as usize / l.width + 1, c as usize % l.width + 1);
        let mut text = format!("c a test closure\np closure {h} {}\n", order.len());
        for p in &order {
            if p[..p.len() - 1].iter().all(|&b| l.goal[b as usize]) {
                return None;
            }
            let cells: Vec<String> = std::iter::once(p[p.len() - 1])
                .chain(p[..p.len() - 1].iter().copied())
                .map(at)
                .collect();
            text.push_str(&format!("{} {}\n", depth[p], cells.join(" ")));
        }
        Some(text)
    }

    fn checks(l: &Level, h: usize, text: &str) -> Result<usize, Rejected> {
        check(&Entry::default(), l, h, "t.states", text, &lim())
    }

    /// The positions a plan passes through, the start first.
    fn positions(l: &Level, plan: &[(usize, usize)]) -> Vec<Vec<u32>> {
        let mut boxes = l.boxes.clone();
        let mut out = vec![to_u32(&boxes)];
        for &(b, d) in plan {
            let i = boxes.iter().position(|&x| x == b).unwrap();
            boxes[i] = l.step(b, d).unwrap();
            out.push(to_u32(&boxes));
        }
        out
    }

    #[test]
    fn closures_prove_true_optima_and_no_shorter_plan_slips_through() {
        let mut seed = 0x2545_f491_4f6c_dd1d;
        let mut proven = 0;
        for _ in 0..1000 {
            let Ok(l) = read_level(&Entry::default(), &random_level(&mut seed)) else {
                continue;
            };
            let Some(plan) = shortest(&l, 12).filter(|p| !p.is_empty()) else {
                continue;
            };
            let (n, rules) = (plan.len(), Rules::new(&l));
            // The bound never overestimates: from the i-th position of a shortest plan
            // n − i pushes remain.
            for (i, boxes) in positions(&l, &plan).iter().enumerate() {
                let b = rules.bound(boxes).expect("a box of a plan reaches a goal");
                assert!(b <= n - i, "bound {b} > {} pushes left", n - i);
            }
            // One below the optimum the closure holds; at the optimum none exists, and
            // the closure without its solved positions is refused.
            let text = closure_text(&l, n - 1).expect("no plan below the optimum");
            assert!(checks(&l, n - 1, &text).is_ok(), "{text}");
            assert!(closure_text(&l, n).is_none());
            assert!(
                checks(
                    &l,
                    n,
                    &text.replacen(&format!("closure {}", n - 1), &format!("closure {n}"), 1)
                )
                .is_err()
            );
            proven += 1;
        }
        assert!(proven >= 100, "only {proven} random rooms had a short plan");
    }

    #[test]
    fn a_tampered_closure_is_refused() {
        let mut seed = 0x9e37_79b9_7f4a_7c15;
        let mut tried = 0;
        while tried < 20 {
            let Ok(l) = read_level(&Entry::default(), &random_level(&mut seed)) else {
                continue;
            };
            let Some(n) = shortest(&l, 12).map(|p| p.len()).filter(|&n| n > 0) else {
                continue;
            };
            let text = closure_text(&l, n - 1).unwrap();
            let lines: Vec<&str> = text.lines().skip(2).collect();
            if lines.len() < 3 {
                continue;
            }
            tried += 1;
            let with = |body: &[String], count: usize| {
                format!("p closure {} {count}\n{}\n", n - 1, body.join("\n"))
            };
            let body: Vec<String> = lines.iter().map(|s| s.to_string()).collect();
            // A position left out: the push that reaches it is not covered.
            let dropped: Vec<String> = body[..body.len() - 1].to_vec();
            let e = checks(&l, n - 1, &with(&dropped, body.len() - 1)).unwrap_err();
            assert!(e.to_string().contains("not listed"), "{e}");
            // The start moved off depth 0, a count that does not match, a box on a wall.
            let mut late = body.clone();
            late[0] = late[0].replacen('0', "1", 1);
            assert!(checks(&l, n - 1, &with(&late, body.len())).is_err());
            assert!(checks(&l, n - 1, &with(&body, body.len() + 1)).is_err());
            let e = checks(&l, n - 1, &with(&[body[0].clone(), "0 1,1".into()], 2)).unwrap_err();
            assert!(e.to_string().contains("t.states:3"), "{e}");
            // A position listed deeper than its parent allows.
            let last = body.last().unwrap();
            let (d, rest) = last.split_once(' ').unwrap();
            let d: usize = d.parse().unwrap();
            if d < n - 1 {
                let mut deep = body.clone();
                *deep.last_mut().unwrap() = format!("{} {rest}", d + 1);
                assert!(checks(&l, n - 1, &with(&deep, body.len())).is_err());
            }
        }
    }
}
