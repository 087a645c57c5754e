//! Shortening a plan by windows: the pushes between two positions of the plan are
//! searched again by the optimal A*, from the first position to the boxes of the second,
//! and a shorter part takes their place.
//!
//! A window `[i, j]` of a plan with positions `s0..sn` is a board of its own: the boxes
//! that no push of the window moves are walls, the others start where `s_i` has them and
//! their goals are the cells `s_j` has them on, and a solved position also has the
//! player in `s_j`'s region (the rest of the plan starts from there). The optimal A*
//! looks below `j − i` pushes within a small budget; what it finds is mapped back onto
//! the level's board, spliced in, and the whole plan is walked again before it is
//! kept. Windows of 16 pushes slide by half their length first, then windows twice as
//! long, and so on; rounds repeat while a window shortens the plan, with more time and
//! memory for each window once a round finds nothing. Last, while time remains, windows
//! are asked for parts of as many pushes, kept when the plan then has fewer moves (the
//! walks between pushes). The result is never longer than the input and is replayed
//! like any other plan by the caller.

use super::astar::{AstarOptions, AstarOutcome, AstarStats, Order, PushTables, astar_to};
use crate::analysis::{Push, pushes_to_plan};
use crate::model::{Board, Level};
use gridsat_sat::Budget;
use std::collections::HashSet;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::time::Duration;

/// The first round's window length in pushes.
const FIRST_SIZE: usize = 16;

/// The first round's time for one window; doubled for each round that shortened
/// nothing while some window ran out.
const FIRST_CAP: Duration = Duration::from_millis(50);

/// The first round's table and queue bytes for one window; doubled with the time.
const FIRST_MEMORY: u64 = 8 << 20;

/// What the windows did.
#[derive(Clone, Copy, Debug, Default)]
pub struct WindowStats {
    /// The plan's pushes before the windows.
    pub before: usize,
    /// Its pushes after them.
    pub after: usize,
    /// Windows searched.
    pub tried: u64,
    /// Windows that shortened the plan (spliced in).
    pub improved: u64,
    /// Rounds over the plan.
    pub rounds: u32,
    /// Windows whose part of as many pushes gave the plan fewer moves.
    pub fewer_moves: u64,
    /// The searches' counters, summed.
    pub search: AstarStats,
}

impl WindowStats {
    /// The passes' words: "windows: 254 → 38 pushes in 18 windows (96 searched, 11
    /// rounds)", or "windows: none shorter (21 searched, 1 round)".
    /// With parts of as many pushes and fewer moves: "…, 4 windows fewer moves (…)".
    pub fn words(&self) -> String {
        let rounds = if self.rounds == 1 { "round" } else { "rounds" };
        let moves = match self.fewer_moves {
            0 => String::new(),
            1 => ", 1 window fewer moves".to_string(),
            n => format!(", {n} windows fewer moves"),
        };
        let tail = format!("{} searched, {} {rounds}", self.tried, self.rounds);
        if self.improved == 0 {
            return format!("windows: none shorter{moves} ({tail})");
        }
        format!(
            "windows: {} → {} pushes in {} window{}{moves} ({tail})",
            self.before,
            self.after,
            self.improved,
            if self.improved == 1 { "" } else { "s" },
        )
    }
}

/// A position of a plan: the boxes' region cells, increasing, and the player's cell.
#[derive(Clone, Debug, Hash)]
struct Position {
    boxes: Vec<u32>,
    player: u32,
}

/// What one window's search gave.
enum Tried {
    /// Pushes on the level's board, fewer than the window's.
    Shorter(Vec<Push>),
    /// No shorter part (or the window cannot be searched): never asked again.
    NoneShorter,
    /// The window's budget ran out.
    Stopped,
}

/// `plan` (a plan of `board`, solving it) shortened by windows within `budget`; `base`
/// gives the A*'s pruning options (deadlocks, corrals). Never longer than `plan`.
pub fn shorten(
    board: &Board,
    plan: Vec<Push>,
    base: &AstarOptions,
    budget: &Budget,
) -> (Vec<Push>, WindowStats) {
    shorten_from(board, plan, base, budget, FIRST_SIZE)
}

/// [`shorten`] with windows of `first` pushes in the first round's first sweep.
fn shorten_from(
    board: &Board,
    plan: Vec<Push>,
    base: &AstarOptions,
    budget: &Budget,
    first: usize,
) -> (Vec<Push>, WindowStats) {
    let mut plan = plan;
    let mut stats = WindowStats {
        before: plan.len(),
        ..WindowStats::default()
    };
    // Windows proven to have no shorter part, by their two positions and length.
    let mut done: HashSet<u64> = HashSet::new();
    let (mut cap, mut memory) = (FIRST_CAP, FIRST_MEMORY.min(base.memory));
    while !budget.stopped() {
        stats.rounds += 1;
        let mut limits = Limits::new(first, cap, memory, false);
        round(
            board,
            &mut plan,
            base,
            budget,
            &mut limits,
            &mut done,
            &mut stats,
        );
        if !limits.improved {
            if !limits.stopped || memory >= base.memory {
                break;
            }
            cap *= 2;
            memory = (memory * 2).min(base.memory);
        }
    }
    // Then parts of as many pushes and fewer moves, at the first round's limits.
    let mut same: HashSet<u64> = HashSet::new();
    while !budget.stopped() {
        let mut limits = Limits::new(first, FIRST_CAP, FIRST_MEMORY.min(base.memory), true);
        round(
            board,
            &mut plan,
            base,
            budget,
            &mut limits,
            &mut same,
            &mut stats,
        );
        if !limits.improved {
            break;
        }
    }
    stats.after = plan.len();
    (plan, stats)
}

/// One window's limits, and what a round saw.
struct Limits {
    /// The first sweep's window length.
    first: usize,
    /// Parts of as many pushes count too when the plan then has fewer moves.
    moves: bool,
    cap: Duration,
    memory: u64,
    /// A window shortened the plan.
    improved: bool,
    /// A window ran out of its time or memory.
    stopped: bool,
}

impl Limits {
    /// A round's limits, nothing improved or stopped yet.
    fn new(first: usize, cap: Duration, memory: u64, moves: bool) -> Limits {
        Limits {
            first,
            moves,
            cap,
            memory,
            improved: false,
            stopped: false,
        }
    }
}

/// One round: windows of `limits.first` pushes sliding by half their length, then
/// twice as long, while shorter than the plan.
fn round(
    board: &Board,
    plan: &mut Vec<Push>,
    base: &AstarOptions,
    budget: &Budget,
    limits: &mut Limits,
    done: &mut HashSet<u64>,
    stats: &mut WindowStats,
) {
    let mut size = limits.first.max(2);
    while size < plan.len() || (size == limits.first.max(2) && plan.len() > 1) {
        let mut pos = positions(board, plan);
        let mut i = 0;
        while i + 1 < plan.len() {
            if budget.stopped() {
                return;
            }
            let j = (i + size).min(plan.len());
            let key = window_key(&pos, i, j);
            if !done.contains(&key) {
                stats.tried += 1;
                let part = budget.clone().with_time_limit(Some(limits.cap));
                let below = (j - i + usize::from(limits.moves)) as u32;
                let outcome =
                    search_window(board, plan, &pos, (i, j), base, limits, below, &part, stats);
                match outcome {
                    Tried::Shorter(sub) => {
                        let same = sub.len() == j - i;
                        if let Some(new) = splice(board, plan, (i, j), sub) {
                            *plan = new;
                            pos = positions(board, plan);
                            limits.improved = true;
                            if same {
                                stats.fewer_moves += 1;
                            } else {
                                stats.improved += 1;
                            }
                        } else if same {
                            done.insert(key);
                        }
                    }
                    Tried::NoneShorter => {
                        done.insert(key);
                    }
                    Tried::Stopped => limits.stopped = true,
                }
            }
            if j >= plan.len() {
                break;
            }
            i += size / 2;
        }
        size *= 2;
    }
}

/// The positions `s0..sn` of a plan of `board`: before the first push and after each.
fn positions(board: &Board, plan: &[Push]) -> Vec<Position> {
    let mut cur = Position {
        boxes: board.boxes.clone(),
        player: board.player,
    };
    let mut out = Vec::with_capacity(plan.len() + 1);
    out.push(cur.clone());
    for p in plan {
        let Some(ahead) = board.nb[p.from as usize][p.dir.index()] else {
            break;
        };
        if let Some(b) = cur.boxes.iter_mut().find(|b| **b == p.from) {
            *b = ahead;
        }
        cur.boxes.sort_unstable();
        cur.player = p.from;
        out.push(cur.clone());
    }
    out
}

/// A window's identity: its two positions and its length.
fn window_key(pos: &[Position], i: usize, j: usize) -> u64 {
    let mut h = DefaultHasher::new();
    (&pos[i], &pos[j], j - i).hash(&mut h);
    h.finish()
}

/// The plan with `sub` in place of the pushes `i..j`, when the whole walks, ends
/// solved, and has fewer pushes than `plan` or as many and fewer moves; `None`
/// otherwise.
fn splice(
    board: &Board,
    plan: &[Push],
    (i, j): (usize, usize),
    sub: Vec<Push>,
) -> Option<Vec<Push>> {
    if sub.len() > j - i {
        return None;
    }
    let same = sub.len() == j - i;
    let mut new = Vec::with_capacity(plan.len() - (j - i) + sub.len());
    new.extend_from_slice(&plan[..i]);
    new.extend(sub);
    new.extend_from_slice(&plan[j..]);
    let walked = pushes_to_plan(board, &new).ok()?;
    if same && walked.len() >= pushes_to_plan(board, plan).ok()?.len() {
        return None;
    }
    let end = positions(board, &new);
    let last = end.last()?;
    (end.len() == new.len() + 1 && last.boxes.iter().all(|&b| board.goal[b as usize]))
        .then_some(new)
}

/// The boxes of window `(i, j)`: for each box of `s_i`, whether a push of the window
/// moves it and the cell it ends on in `s_j`.
fn moving_boxes(
    board: &Board,
    plan: &[Push],
    start: &[u32],
    (i, j): (usize, usize),
) -> Vec<(bool, u32)> {
    let mut label: Vec<Option<usize>> = vec![None; board.len()];
    for (l, &b) in start.iter().enumerate() {
        label[b as usize] = Some(l);
    }
    let mut boxes: Vec<(bool, u32)> = start.iter().map(|&b| (false, b)).collect();
    for p in &plan[i..j] {
        let ahead = board.nb[p.from as usize][p.dir.index()].expect("a plan's push");
        let l = label[p.from as usize].take().expect("a box to push");
        label[ahead as usize] = Some(l);
        boxes[l] = (true, ahead);
    }
    boxes
}

/// The window's own board: the boxes it does not move are walls, the others start on
/// `s_i`'s cells with `s_j`'s cells as goals, the player on `s_i`'s cell. `None` when a
/// box the window moves would be immovable there.
fn window_board(board: &Board, boxes: &[(bool, u32)], start: &[u32], player: u32) -> Option<Board> {
    let width = board.width;
    let height = board.cells.iter().max()? / width + 1;
    let mut walls = vec![true; width * height];
    for &c in &board.cells {
        walls[c] = false;
    }
    let mut goals = vec![false; width * height];
    let mut on = Vec::new();
    for (&(moved, end), &s) in boxes.iter().zip(start) {
        if moved {
            goals[board.cells[end as usize]] = true;
            on.push(board.cells[s as usize]);
        } else {
            walls[board.cells[s as usize]] = true;
        }
    }
    let moving = on.len();
    let level = Level::new(
        width,
        height,
        walls,
        goals,
        on,
        board.cells[player as usize],
    );
    let wb = Board::new(&level);
    (wb.stuck.is_empty() && wb.boxes.len() == moving && wb.goals().len() == moving).then_some(wb)
}

/// The least cell of the player's region on window board `wb` with the boxes of `s_j`
/// that the window moves, the player on `s_j`'s cell of `board`.
fn target_region(board: &Board, wb: &Board, boxes: &[(bool, u32)], player: u32) -> Option<u16> {
    let to_window = |c: u32| wb.index[board.cells[c as usize]];
    let mut occ = vec![false; wb.len()];
    for &(moved, end) in boxes {
        if moved {
            occ[to_window(end)? as usize] = true;
        }
    }
    let reach = wb.reachable(&occ, to_window(player)?);
    reach.iter().position(|&r| r).map(|c| c as u16)
}

/// The optimal A* on window `(i, j)` below its length, within `memory` and `budget`.
#[allow(clippy::too_many_arguments)]
fn search_window(
    board: &Board,
    plan: &[Push],
    pos: &[Position],
    (i, j): (usize, usize),
    base: &AstarOptions,
    limits: &Limits,
    below: u32,
    budget: &Budget,
    stats: &mut WindowStats,
) -> Tried {
    let boxes = moving_boxes(board, plan, &pos[i].boxes, (i, j));
    let Some(wb) = window_board(board, &boxes, &pos[i].boxes, pos[i].player) else {
        return Tried::NoneShorter;
    };
    let region = if j < plan.len() {
        match target_region(board, &wb, &boxes, pos[j].player) {
            Some(r) => Some(r),
            None => return Tried::NoneShorter,
        }
    } else {
        None
    };
    let Ok(mut tables) = PushTables::new(&wb, false, budget) else {
        return Tried::Stopped;
    };
    let opts = AstarOptions {
        order: Order::Optimal,
        below: Some(below),
        pairs: false,
        macros: false,
        box_moves: false,
        learn: false,
        memory: limits.memory,
        ..base.clone()
    };
    let (outcome, s) = astar_to(&wb, &mut tables, &opts, region, budget);
    stats.search.expanded += s.expanded;
    stats.search.generated += s.generated;
    stats.search.deadlocks += s.deadlocks;
    stats.search.stored = stats.search.stored.max(s.stored);
    match outcome {
        AstarOutcome::Plan(sub) => {
            let back = sub
                .iter()
                .map(|p| {
                    let cell = board.index[wb.cells[p.from as usize]]?;
                    Some(Push {
                        from: cell,
                        dir: p.dir,
                    })
                })
                .collect::<Option<Vec<Push>>>();
            back.map_or(Tried::NoneShorter, Tried::Shorter)
        }
        AstarOutcome::Exhausted => Tried::NoneShorter,
        AstarOutcome::Stopped { .. } => Tried::Stopped,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::io::{Format, parse_levels};
    use crate::model::Dir;
    use crate::search::astar;

    /// The A*'s options with every sound pruning on and no macros.
    pub(crate) fn options(order: Order) -> AstarOptions {
        AstarOptions::sound(order, 64 << 20)
    }

    /// A box pushed two cells on, two back and three on again: the windows find the
    /// three pushes of the optimal A*, and the plan walks.
    #[test]
    fn a_box_pushed_back_and_forth_is_shortened_to_the_optimum() {
        let level = parse_level("#######\n#     #\n#@$  .#\n#     #\n#######\n");
        let board = Board::new(&level);
        let at = |c: usize| board.index[level.cell(2, c)].unwrap();
        let push = |c, dir| Push { from: at(c), dir };
        let (r, l) = (Dir::Right, Dir::Left);
        let wasteful = vec![
            push(2, r),
            push(3, r),
            push(4, l),
            push(3, l),
            push(2, r),
            push(3, r),
            push(4, r),
        ];
        assert!(pushes_to_plan(&board, &wasteful).is_ok());
        let opts = options(Order::Optimal);
        let budget = Budget::unlimited();
        let (short, stats) = shorten(&board, wasteful, &opts, &budget);
        let mut tables = PushTables::new(&board, true, &budget).unwrap();
        let AstarOutcome::Plan(best) = astar(&board, &mut tables, &opts, &budget).0 else {
            panic!("the level has a plan");
        };
        assert_eq!(short.len(), best.len());
        assert_eq!(short.len(), 3);
        assert_eq!((stats.before, stats.after, stats.improved), (7, 3, 1));
        assert!(pushes_to_plan(&board, &short).is_ok());
    }

    /// Two boxes pushed in turn, the player walking between them each time (10 moves):
    /// the windows' part of as many pushes takes one box home, then the other (6).
    #[test]
    fn a_part_of_as_many_pushes_is_kept_when_it_walks_less() {
        let level = parse_level("#########\n#. $@$ .#\n#########\n");
        let board = Board::new(&level);
        let at = |c: usize| board.index[level.cell(1, c)].unwrap();
        let (r, l) = (Dir::Right, Dir::Left);
        let turns = vec![
            Push {
                from: at(3),
                dir: l,
            },
            Push {
                from: at(5),
                dir: r,
            },
            Push {
                from: at(2),
                dir: l,
            },
            Push {
                from: at(6),
                dir: r,
            },
        ];
        let walked = pushes_to_plan(&board, &turns).unwrap();
        assert_eq!(walked.len(), 10);
        let (short, stats) = shorten(
            &board,
            turns,
            &options(Order::Optimal),
            &Budget::unlimited(),
        );
        assert_eq!(short.len(), 4);
        assert_eq!(
            pushes_to_plan(&board, &short).unwrap().len(),
            6,
            "{stats:?}"
        );
        assert_eq!(stats.fewer_moves, 1);
    }

    fn parse_level(text: &str) -> Level {
        parse_levels(text, "test", Format::Xsb).unwrap().remove(0)
    }

    /// Windows in the middle of a plan (of 4 pushes and more) keep the player's side
    /// for the pushes after them: two boxes, the first one's detour removed, the
    /// second still pushed.
    #[test]
    fn windows_in_the_middle_end_where_the_rest_can_go_on() {
        let level = parse_level("########\n#      #\n#@$  . #\n#  $   #\n#    . #\n########\n");
        let board = Board::new(&level);
        let at = |row: usize, c: usize| board.index[level.cell(row, c)].unwrap();
        let (r, l) = (Dir::Right, Dir::Left);
        let mut plan = Vec::new();
        // The first box: on, back, on to its goal (3 + 2 + 2 = 7 pushes where 3 do).
        for (c, d) in [(2, r), (3, r), (4, r), (5, l), (4, l), (3, r), (4, r)] {
            plan.push(Push {
                from: at(2, c),
                dir: d,
            });
        }
        // The second box: down one and right two.
        plan.push(Push {
            from: at(3, 3),
            dir: Dir::Down,
        });
        plan.push(Push {
            from: at(4, 3),
            dir: r,
        });
        plan.push(Push {
            from: at(4, 4),
            dir: r,
        });
        assert!(pushes_to_plan(&board, &plan).is_ok());
        let opts = options(Order::Optimal);
        let (short, stats) = shorten_from(&board, plan.clone(), &opts, &Budget::unlimited(), 4);
        assert_eq!(short.len(), 6, "{stats:?}");
        assert!(pushes_to_plan(&board, &short).is_ok());
        let end = positions(&board, &short);
        assert!(
            end.last()
                .unwrap()
                .boxes
                .iter()
                .all(|&b| board.goal[b as usize])
        );
    }
}
