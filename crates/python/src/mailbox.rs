//! The hand-over of `solve_many`'s results from the runner thread to the Python
//! consumer: a queue under a lock that the runner fills one result at a time and the
//! consumer empties a run at a time.
//!
//! Waking a sleeping thread costs more than a quick puzzle's Python object, so the
//! consumer, once nothing is ready, asks for a run of results and sleeps until that
//! many are there, the runner runs out of input, or [`GATHER`] has passed with at
//! least one ready (a slow puzzle behind a quick one delays the quick one's result by
//! at most that much). While the consumer is busy, the runner only pushes.

use std::collections::VecDeque;
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

/// The longest a ready result waits for the run the consumer asked for.
pub const GATHER: Duration = Duration::from_millis(2);

/// Results between the runner and the consumer.
pub struct Mailbox<T> {
    inbox: Mutex<Inbox<T>>,
    ready: Condvar,
}

struct Inbox<T> {
    items: VecDeque<T>,
    /// How many items the sleeping consumer waits for (0: it is not sleeping).
    want: usize,
    /// The runner has ended: no more items will come.
    ended: bool,
}

/// What a wait for items came to.
pub enum Gathered<T> {
    /// Every item ready (at least one).
    Items(VecDeque<T>),
    /// None within the wait.
    Nothing,
    /// None, and none will come.
    Ended,
}

impl<T> Default for Mailbox<T> {
    fn default() -> Self {
        Mailbox {
            inbox: Mutex::new(Inbox {
                items: VecDeque::new(),
                want: 0,
                ended: false,
            }),
            ready: Condvar::new(),
        }
    }
}

impl<T> Mailbox<T> {
    fn lock(&self) -> MutexGuard<'_, Inbox<T>> {
        self.inbox.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Adds an item; wakes the consumer if it now has the run it asked for, or if
    /// `now` says it should not wait for more (the runner has no input left, or the
    /// item stops the batch).
    pub fn put(&self, item: T, now: bool) {
        let mut inbox = self.lock();
        inbox.items.push_back(item);
        if inbox.want > 0 && (now || inbox.items.len() >= inbox.want) {
            inbox.want = 0;
            self.ready.notify_one();
        }
    }

    /// The runner waits for input: a sleeping consumer gets what is ready now.
    pub fn flush(&self) {
        let mut inbox = self.lock();
        if inbox.want > 0 && !inbox.items.is_empty() {
            inbox.want = 0;
            self.ready.notify_one();
        }
    }

    /// The runner has ended.
    pub fn end(&self) {
        self.lock().ended = true;
        self.ready.notify_one();
    }

    /// Every item ready, if there are at least `want` (or the runner has ended)
    /// without waiting; `None` otherwise.
    pub fn take_now(&self, want: usize) -> Option<VecDeque<T>> {
        let mut inbox = self.lock();
        let enough = inbox.items.len() >= want.max(1) || (inbox.ended && !inbox.items.is_empty());
        enough.then(|| std::mem::take(&mut inbox.items))
    }

    /// Waits up to `patience` for `want` items (at least one), or for [`GATHER`] once
    /// one is ready, and takes every item ready.
    pub fn gather(&self, want: usize, patience: Duration) -> Gathered<T> {
        let start = Instant::now();
        let mut inbox = self.lock();
        loop {
            let waited = start.elapsed();
            let n = inbox.items.len();
            if n > 0 && (n >= want || inbox.ended || waited >= GATHER) {
                return Gathered::Items(std::mem::take(&mut inbox.items));
            }
            if inbox.ended {
                return Gathered::Ended;
            }
            if waited >= patience {
                return Gathered::Nothing;
            }
            let until = if n > 0 { GATHER } else { patience };
            inbox.want = want.max(1);
            inbox = self
                .ready
                .wait_timeout(inbox, until.saturating_sub(waited))
                .unwrap_or_else(PoisonError::into_inner)
                .0;
            inbox.want = 0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    #[test]
    fn a_run_is_handed_over_when_complete() {
        let m = Arc::new(Mailbox::default());
        let runner = {
            let m = Arc::clone(&m);
            std::thread::spawn(move || {
                for i in 0..5 {
                    m.put(i, false);
                }
            })
        };
        let Gathered::Items(got) = m.gather(5, Duration::from_secs(10)) else {
            panic!("five items were put");
        };
        runner.join().unwrap();
        // All five in one run (or fewer if GATHER passed first), in order.
        let mut all: Vec<i32> = got.into();
        while all.len() < 5 {
            let Gathered::Items(more) = m.gather(5, Duration::from_secs(10)) else {
                panic!("the rest were put");
            };
            all.extend(more);
        }
        assert_eq!(all, [0, 1, 2, 3, 4]);
    }

    #[test]
    fn one_ready_item_is_not_held_past_the_gather_time() {
        let m = Mailbox::default();
        m.put(7, false);
        let t0 = Instant::now();
        let Gathered::Items(got) = m.gather(100, Duration::from_secs(10)) else {
            panic!("one item is ready");
        };
        assert_eq!(Vec::from(got), [7]);
        assert!(
            t0.elapsed() < Duration::from_secs(1),
            "held {:?}",
            t0.elapsed()
        );
    }

    #[test]
    fn nothing_and_ended_are_told_apart() {
        let m: Mailbox<u8> = Mailbox::default();
        assert!(matches!(
            m.gather(1, Duration::from_millis(5)),
            Gathered::Nothing
        ));
        assert!(m.take_now(1).is_none());
        m.put(1, false);
        m.end();
        assert_eq!(m.take_now(10).map(Vec::from), Some(vec![1]));
        assert!(matches!(
            m.gather(1, Duration::from_secs(10)),
            Gathered::Ended
        ));
    }
}
