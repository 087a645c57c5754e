//! Soundness of the checker's formula, tested: every plan of at most `H` pushes
//! extends to a model of the formula at horizon `H`, pruning and waste budgets
//! included. A clause that cut off a real plan would let a certificate "prove" a
//! false optimum, so each level's shortest plan (from a breadth-first search written
//! here) is turned into an assignment of every variable by its meaning — boxes by
//! replay, the player's region by a flood, the waste counters by their sums — and
//! every clause must hold under it.

use super::prune::{Distances, FAR};
use super::tests::{level, lim};
use super::*;
use std::collections::{HashMap, HashSet, VecDeque};

/// One push: the box's cell and the direction.
pub(super) type Push = (usize, usize);

/// The player's cells reachable from `from` with `boxes` and walls blocked.
fn reach(l: &Level, boxes: &[usize], from: usize) -> Vec<Option<usize>> {
    let mut dist = vec![None; l.wall.len()];
    let mut queue = VecDeque::from([from]);
    dist[from] = Some(0);
    while let Some(c) = queue.pop_front() {
        for n in (0..4).filter_map(|d| l.step(c, d)) {
            if !l.wall[n] && !boxes.contains(&n) && dist[n].is_none() {
                dist[n] = Some(dist[c].unwrap() + 1);
                queue.push_back(n);
            }
        }
    }
    dist
}

/// A shortest plan in pushes by breadth-first search over (boxes, player region).
pub(super) fn shortest(l: &Level, most: usize) -> Option<Vec<Push>> {
    let key = |boxes: &[usize], player: usize| {
        let r = reach(l, boxes, player);
        let mut b = boxes.to_vec();
        b.sort_unstable();
        (b, r.iter().position(Option::is_some).unwrap())
    };
    let start = (l.boxes.clone(), l.player, Vec::new());
    let mut seen = HashSet::from([key(&l.boxes, l.player)]);
    let mut queue = VecDeque::from([start]);
    while let Some((boxes, player, plan)) = queue.pop_front() {
        if boxes.iter().all(|&b| l.goal[b]) {
            return Some(plan);
        }
        if plan.len() == most {
            continue;
        }
        let r = reach(l, &boxes, player);
        for (i, &b) in boxes.iter().enumerate() {
            for d in 0..4 {
                let (Some(back), Some(ahead)) = (l.step(b, d ^ 1), l.step(b, d)) else {
                    continue;
                };
                if r[back].is_none() || l.wall[ahead] || boxes.contains(&ahead) {
                    continue;
                }
                let mut next = boxes.clone();
                next[i] = ahead;
                if seen.insert(key(&next, b)) {
                    let mut p = plan.clone();
                    p.push((b, d));
                    queue.push_back((next, b, p));
                }
            }
        }
    }
    None
}

/// Every variable of the horizon-`h` formula, valued by what it means for `plan`.
fn model(e: &Encoder, dist: &Distances, plan: &[Push], h: usize) -> HashMap<String, bool> {
    let mut m = HashMap::new();
    let (mut boxes, mut player) = (e.l.boxes.clone(), e.l.player);
    let mut wastes: Vec<[usize; 2]> = Vec::new();
    for t in 0..=h {
        for &c in &e.cells {
            m.insert(e.bx(c, t), boxes.contains(&c));
        }
        let walked = reach(e.l, &boxes, player);
        for &c in &e.cells {
            let d = walked[c].filter(|_| t == 0 || t <= plan.len());
            if t == 0 {
                m.insert(e.reach(c, 0, 0), d.is_some());
                continue;
            }
            for k in 0..e.layers {
                m.insert(e.reach(c, k, t), d.is_some_and(|d| d <= k));
            }
        }
        if t == h {
            break;
        }
        for (k, &cand) in e.cands.iter().enumerate() {
            m.insert(e.push(k, t), plan.get(t) == Some(&cand));
        }
        m.insert(format!("wait at step {t}"), t >= plan.len());
        wastes.push(match plan.get(t) {
            Some(&(c, d)) => {
                let a = e.l.step(c, d).unwrap();
                let (g, s) = (&dist.to_goal, &dist.from_start);
                [1 + g[a] - g[c], 1 + s[c] - s[a]]
            }
            None => [1, 1],
        });
        if let Some(&(c, d)) = plan.get(t) {
            let b = boxes.iter().position(|&b| b == c).unwrap();
            (boxes[b], player) = (e.l.step(c, d).unwrap(), c);
        }
    }
    m.insert(format!("goal at T={h}"), true);
    // A step wastes at most 1 + twice the distances' range; the sums go to h + 1.
    let most = 2 * e.cells.len() + h + 2;
    for (i, name) in ["to goals", "from start"].into_iter().enumerate() {
        let mut sum = 0;
        for (t, w) in wastes.iter().enumerate() {
            for j in 1..=most {
                m.insert(format!("{name}: step {t} wastes at least {j}"), w[i] >= j);
            }
            sum += w[i];
            for j in 1..=most {
                let s = format!("{name}: steps before {} waste at least {j}", t + 1);
                m.insert(s, sum >= j);
            }
        }
    }
    m
}

/// Builds the formula at `h` and checks that `plan` satisfies every clause.
fn keeps(l: &Level, plan: &[Push], h: usize) {
    let f = formula(l, h, &lim()).expect("a formula");
    let e = encoder(l, &lim()).expect("an encoder");
    let dist = e.distances();
    assert!(plan.iter().all(|&(c, d)| {
        let a = e.l.step(c, d).unwrap();
        dist.to_goal[c] != FAR && dist.to_goal[a] != FAR
    }));
    let m = model(&e, &dist, plan, h);
    for clause in &f {
        let holds = clause.iter().any(|(name, sign)| {
            let v = m
                .get(name)
                .unwrap_or_else(|| panic!("unvalued variable {name}"));
            v == sign
        });
        assert!(
            holds,
            "horizon {h}, plan {plan:?}: clause {clause:?} is false"
        );
    }
}

/// A small random room from `seed`: walls, one to three boxes and goals, a player.
pub(super) fn random_level(seed: &mut u64) -> String {
    let mut next = |n: u64| {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        (*seed % n) as usize
    };
    let (w, h) = (4 + next(3), 3 + next(3));
    let mut g: Vec<Vec<char>> = (0..h + 2)
        .map(|r| {
            (0..w + 2)
                .map(|c| {
                    let edge = r == 0 || c == 0 || r == h + 1 || c == w + 1;
                    if edge || next(100) < 15 { '#' } else { ' ' }
                })
                .collect()
        })
        .collect();
    let mut free: Vec<(usize, usize)> = (0..h + 2)
        .flat_map(|r| (0..w + 2).map(move |c| (r, c)))
        .filter(|&(r, c)| g[r][c] == ' ')
        .collect();
    let boxes = 1 + next(3);
    for (i, ch) in std::iter::repeat_n('$', boxes)
        .chain(std::iter::repeat_n('.', boxes))
        .chain(['@'])
        .enumerate()
    {
        if free.len() <= i {
            break;
        }
        let k = i + next((free.len() - i) as u64);
        free.swap(i, k);
        let (r, c) = free[i];
        g[r][c] = ch;
    }
    let rows: Vec<String> = g.into_iter().map(String::from_iter).collect();
    rows.join("\n") + "\n"
}

#[test]
fn every_shortest_plan_is_a_model_at_its_length_and_beyond() {
    let mut seed = 0x9e37_79b9_7f4a_7c15;
    let mut checked = 0;
    for _ in 0..1000 {
        let text = random_level(&mut seed);
        let Ok(l) = read_level(&Entry::default(), &text) else {
            continue;
        };
        if l.boxes.is_empty() || formula(&l, 0, &lim()).is_err() {
            continue;
        }
        let Some(plan) = shortest(&l, 12) else {
            continue;
        };
        for h in [plan.len(), plan.len() + 2] {
            keeps(&l, &plan, h);
        }
        checked += 1;
    }
    assert!(
        checked >= 100,
        "only {checked} random levels had a short plan"
    );
}

#[test]
fn the_detour_plan_is_a_model() {
    // The bundled level whose certificate needs lemmas: 8 pushes.
    let l = level(include_str!("../../../../examples/sokoban/detour.xsb"));
    let plan = shortest(&l, 12).expect("a plan");
    assert_eq!(plan.len(), 8);
    keeps(&l, &plan, 8);
    keeps(&l, &plan, 11);
}
