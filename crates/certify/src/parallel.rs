//! Checking the entries of a folder on several threads, the results handed on in the
//! manifest's order.

use super::{Checked, Entry, Limits, Rejected, check_entry};
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

/// Checks `entries` of the folder `dir` on `threads` threads (at least one), each
/// entry within `limits` with its memory shared evenly between the threads, and
/// hands every result to `each` in the order of `entries`. `each` returns `false` to
/// stop: entries not started by then are not checked.
pub fn check_entries(
    dir: &Path,
    entries: &[Entry],
    limits: &Limits,
    threads: usize,
    mut each: impl FnMut(&Entry, Result<Checked, Rejected>) -> bool,
) {
    let threads = threads.clamp(1, entries.len().max(1));
    let share = Limits {
        memory: limits.memory / threads as u64,
        deadline: limits.deadline,
    };
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    std::thread::scope(|scope| {
        let (send, results) = mpsc::channel();
        for _ in 0..threads {
            let send = send.clone();
            let (next, stop, share) = (&next, &stop, &share);
            scope.spawn(move || {
                while !stop.load(Ordering::Relaxed) {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(entry) = entries.get(i) else { break };
                    if send.send((i, check_entry(dir, entry, share))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(send);
        let mut waiting: Vec<Option<Result<Checked, Rejected>>> = Vec::new();
        waiting.resize_with(entries.len(), || None);
        let mut done = 0;
        for (i, result) in results {
            waiting[i] = Some(result);
            while let Some(r) = waiting.get_mut(done).and_then(Option::take) {
                if !each(&entries[done], r) {
                    stop.store(true, Ordering::Relaxed);
                    return;
                }
                done += 1;
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Manifest;

    #[test]
    fn results_come_in_the_manifest_order_whatever_the_threads() {
        let dir = tempfile::tempdir().unwrap();
        let mut text = String::new();
        for k in 0..40 {
            // An entry with a sat claim and no solution file: rejected, with its name.
            text.push_str(&format!(
                "entry e{k}\nkind sudoku\nclaim sat\nbox 2x2\npuzzle p\nsolution s{k}\n\n"
            ));
        }
        std::fs::write(dir.path().join("manifest.txt"), &text).unwrap();
        std::fs::write(dir.path().join("p"), "1...............\n").unwrap();
        let m = Manifest::read(dir.path()).unwrap();
        for threads in [1, 2, 7] {
            let mut seen = Vec::new();
            check_entries(
                dir.path(),
                &m.entries,
                &Limits::memory(1 << 30),
                threads,
                |e, r| {
                    assert!(
                        r.unwrap_err()
                            .to_string()
                            .contains(&format!("s{}", seen.len()))
                    );
                    seen.push(e.name.clone());
                    true
                },
            );
            let want: Vec<String> = (0..40).map(|k| format!("e{k}")).collect();
            assert_eq!(seen, want, "{threads} threads");
            let mut count = 0;
            check_entries(
                dir.path(),
                &m.entries,
                &Limits::memory(1 << 30),
                threads,
                |_, _| {
                    count += 1;
                    count < 3
                },
            );
            assert_eq!(count, 3, "stopping stops");
        }
    }
}
