//! The batch runner's properties: input order under random delays, a bounded window,
//! stops within a bounded number of items, per-item errors, worker states.

use super::{Batch, Flow, Sink};
use crate::Interrupt;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

/// A delay of 0 to 3 ms that depends on `i` only (a small xorshift).
fn jitter(i: usize) {
    let mut x = (i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    std::thread::sleep(Duration::from_micros(x % 3000));
}

/// Collects `(index, result)` in the order the sink is given them.
fn collect<O>(got: &mut Vec<(usize, O)>) -> impl FnMut(usize, O) -> Result<Flow, ()> + '_ {
    |i, o| {
        got.push((i, o));
        Ok(Flow::Continue)
    }
}

#[test]
fn results_come_in_input_order_under_random_delays() {
    for threads in [1, 2, 4, 7] {
        for chunk in [1, 4, 64] {
            let mut got = Vec::new();
            let items = (0..150).map(|i| i * 3);
            let ran = Batch::new(threads)
                .chunk(chunk)
                .window(10)
                .run(
                    items,
                    |_| (),
                    |_, i, x| {
                        jitter(i);
                        x + 1
                    },
                    &mut collect(&mut got),
                )
                .unwrap();
            let want: Vec<(usize, usize)> = (0..150).map(|i| (i, i * 3 + 1)).collect();
            assert_eq!(got, want, "{threads} threads, chunks up to {chunk}");
            assert_eq!(ran.delivered, 150);
            assert!(!ran.stopped);
            assert_eq!(ran.workers.len(), threads);
        }
    }
}

#[test]
fn no_item_starts_a_window_ahead_of_the_sink() {
    let window = 6;
    let started = AtomicUsize::new(0);
    let mut worst = 0;
    let mut sink = |i: usize, ()| {
        let furthest = started.load(Ordering::SeqCst);
        assert!(
            furthest < i + window,
            "item {furthest} started at delivery {i}"
        );
        worst = worst.max(furthest - i);
        Ok::<_, ()>(Flow::Continue)
    };
    Batch::new(4)
        .window(window)
        .run(
            0..300usize,
            |_| (),
            |_, i, _| {
                started.fetch_max(i, Ordering::SeqCst);
                // Item 0 is slow: everyone else runs into the window.
                jitter(i);
                if i % 50 == 0 {
                    std::thread::sleep(Duration::from_millis(20));
                }
            },
            &mut sink,
        )
        .unwrap();
    // The workers did run ahead (the test would pass trivially on one thread).
    assert!(worst > 0);
}

#[test]
fn an_interrupt_stops_within_the_window() {
    for threads in [1, 3] {
        let flag = Interrupt::new();
        let taken = AtomicUsize::new(0);
        let window = 8;
        let mut got = Vec::new();
        let mut sink = |i: usize, x: usize| {
            if i == 10 {
                flag.interrupt();
            }
            got.push(x);
            Ok::<_, ()>(Flow::Continue)
        };
        // An endless input: only the interrupt ends the run.
        let ran = Batch::new(threads)
            .window(window)
            .until_interrupted(&flag)
            .run(
                0usize..,
                |_| (),
                |_, i, x| {
                    taken.fetch_add(1, Ordering::SeqCst);
                    jitter(i);
                    x
                },
                &mut sink,
            )
            .unwrap();
        assert!(ran.stopped);
        let n = taken.load(Ordering::SeqCst);
        assert!(n <= 11 + window, "{n} items taken after a stop at item 10");
        // Everything taken was delivered, in order, with no gap.
        assert_eq!(got, (0..n).collect::<Vec<_>>());
        assert_eq!(ran.delivered, n);
    }
}

#[test]
fn errors_are_per_item_and_the_run_goes_on() {
    let mut got = Vec::new();
    let work = |_: &mut (), i: usize, x: u32| {
        jitter(i);
        if x % 7 == 0 {
            Err(format!("item {x} is bad"))
        } else {
            Ok(x * 2)
        }
    };
    Batch::new(3)
        .run(1..=40u32, |_| (), work, &mut collect(&mut got))
        .unwrap();
    assert_eq!(got.len(), 40);
    for (i, r) in got {
        let x = i as u32 + 1;
        match r {
            Ok(y) => assert_eq!(y, x * 2),
            Err(m) => {
                assert_eq!(x % 7, 0);
                assert_eq!(m, format!("item {x} is bad"));
            }
        }
    }
}

#[test]
fn the_sink_stops_the_run_and_nothing_after_is_delivered() {
    for threads in [1, 4] {
        let mut got = Vec::new();
        let mut sink = |i: usize, x: usize| {
            got.push(x);
            Ok::<_, ()>(if i == 5 { Flow::Stop } else { Flow::Continue })
        };
        let ran = Batch::new(threads)
            .run(0usize.., |_| (), |_, i, x| (jitter(i), x).1, &mut sink)
            .unwrap();
        assert_eq!(got, [0, 1, 2, 3, 4, 5]);
        assert_eq!(ran.delivered, 6);
        assert!(ran.stopped);
    }
}

/// A sink that fails at one item and counts the calls it gets.
struct FailAt(usize, usize, bool);

impl Sink<usize> for FailAt {
    type Error = String;
    fn put(&mut self, i: usize, _: usize) -> Result<Flow, String> {
        self.1 += 1;
        if i == self.0 {
            return Err(format!("cannot write item {i}"));
        }
        Ok(Flow::Continue)
    }
    fn waiting(&mut self) -> Result<(), String> {
        self.2 = true;
        Ok(())
    }
}

#[test]
fn a_sink_error_ends_the_run_with_that_error() {
    for threads in [1, 2, 5] {
        let mut sink = FailAt(4, 0, false);
        let slow = |_: &mut (), i: usize, x: usize| {
            std::thread::sleep(Duration::from_millis(if i == 0 { 30 } else { 1 }));
            x
        };
        let err = Batch::new(threads)
            .run(0usize.., |_| (), slow, &mut sink)
            .unwrap_err();
        assert_eq!(err, "cannot write item 4");
        assert_eq!(sink.1, 5);
        // The sink was told it waited (item 0 is slow).
        assert!(sink.2);
    }
}

#[test]
fn each_worker_keeps_its_own_state() {
    let ran = Batch::new(3)
        .chunk(8)
        .run(
            0..500usize,
            |w| (w, 0usize),
            |state, _, _| state.1 += 1,
            &mut |_, ()| Ok::<_, ()>(Flow::Continue),
        )
        .unwrap();
    let numbers: Vec<usize> = ran.workers.iter().map(|w| w.0).collect();
    assert_eq!(numbers, [0, 1, 2]);
    assert_eq!(ran.workers.iter().map(|w| w.1).sum::<usize>(), 500);
}

#[test]
fn a_spent_budget_starts_nothing() {
    let flag = Interrupt::new();
    flag.interrupt();
    let budget = crate::Budget::unlimited().with_interrupt(flag);
    for threads in [1, 4] {
        let ran = Batch::new(threads)
            .within(&budget)
            .run(
                0..10usize,
                |_| (),
                |_, _, _| panic!("no item may start"),
                &mut |_, ()| Ok::<_, ()>(Flow::Continue),
            )
            .unwrap();
        assert_eq!(ran.delivered, 0);
        assert!(ran.stopped);
    }
}

#[test]
fn a_worker_panic_reaches_the_caller_and_nothing_hangs() {
    let ran = std::panic::catch_unwind(|| {
        Batch::new(3).window(4).run(
            0usize..,
            |_| (),
            |_, i, x| {
                assert!(i != 5, "item 5 is broken");
                jitter(i);
                x
            },
            &mut |_, _| Ok::<_, ()>(Flow::Continue),
        )
    });
    let panic = ran.unwrap_err();
    let message = (panic.downcast_ref::<&str>().copied())
        .or_else(|| panic.downcast_ref::<String>().map(String::as_str));
    assert_eq!(message, Some("item 5 is broken"));
}

/// Feeds the input one item at a time, each only once the sink has every result so
/// far and is told it waits, as Python's `solve_many` does: the sink must get its
/// results while a worker waits in the input.
struct FeedOnWait {
    tx: Option<std::sync::mpsc::Sender<usize>>,
    got: Vec<usize>,
    fed: usize,
}

impl Sink<usize> for FeedOnWait {
    type Error = ();
    fn put(&mut self, _: usize, x: usize) -> Result<Flow, ()> {
        self.got.push(x);
        Ok(Flow::Continue)
    }
    fn waiting(&mut self) -> Result<(), ()> {
        if self.got.len() == self.fed {
            if self.fed < 20 {
                self.tx.as_ref().map(|tx| tx.send(self.fed));
                self.fed += 1;
            } else {
                self.tx = None;
            }
        }
        Ok(())
    }
}

#[test]
fn an_input_fed_by_the_consumer_of_the_results_does_not_stall() {
    for threads in [1, 3] {
        let (tx, rx) = std::sync::mpsc::channel();
        tx.send(0).unwrap();
        let mut sink = FeedOnWait {
            tx: Some(tx),
            got: Vec::new(),
            fed: 1,
        };
        let input = std::iter::from_fn(move || rx.recv().ok());
        Batch::new(threads)
            .run(input, |_| (), |_, _, x| x * 10, &mut sink)
            .unwrap();
        assert_eq!(sink.got, (0..20).map(|x| x * 10).collect::<Vec<_>>());
    }
}
