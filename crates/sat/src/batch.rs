//! One ordered, parallel, interruptible, streaming batch runner.
//!
//! [`Batch::run`] hands the items of an iterator to worker threads, each with its own
//! state (a warm solver, say), and gives the results to a [`Sink`] on the calling thread
//! **in input order**, each as soon as it and every earlier one are done. A worker
//! takes no item more than [`Batch::window`] places ahead of the next one the sink
//! waits for, so memory stays bounded however long the input; the input is read by the
//! workers themselves (under a lock), a chunk at a time, so that it may be endless or
//! slow. The run stops taking items once its stop test says so (an [`Interrupt`], a
//! [`Budget`], or any test) or the sink answers [`Flow::Stop`]; the items already
//! taken are finished and delivered, so at most `threads × chunk` items start after
//! the stop is seen.
//!
//! ```
//! use gridsat_sat::batch::{Batch, Flow};
//!
//! let mut squares = Vec::new();
//! let ran = Batch::new(4)
//!     .run(1..=10u64, |_worker| (), |_state, _index, x| x * x, &mut |_i, y| {
//!         squares.push(y);
//!         Ok::<_, ()>(Flow::Continue)
//!     })
//!     .unwrap();
//! assert_eq!(squares, [1, 4, 9, 16, 25, 36, 49, 64, 81, 100]);
//! assert_eq!(ran.delivered, 10);
//! ```

use crate::{Budget, Interrupt};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

/// How often a waiting thread looks at the stop test and a waiting sink is told so.
const TICK: Duration = Duration::from_millis(2);

/// What the sink wants after a result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Go on.
    Continue,
    /// Take no more items; the ones already taken are still delivered.
    Stop,
}

/// Where results go, in input order, on the thread that called [`Batch::run`].
pub trait Sink<O> {
    /// What stops the run with an error.
    type Error;
    /// Result `index` (0-based input position).
    fn put(&mut self, index: usize, out: O) -> Result<Flow, Self::Error>;
    /// Called when the next result is not ready yet (then every tick while it is
    /// not; on one thread, before each item is worked on): the moment to flush what
    /// was written.
    fn waiting(&mut self) -> Result<(), Self::Error> {
        Ok(())
    }
}

impl<O, E, F: FnMut(usize, O) -> Result<Flow, E>> Sink<O> for F {
    type Error = E;
    fn put(&mut self, index: usize, out: O) -> Result<Flow, E> {
        self(index, out)
    }
}

/// What a run came to.
#[derive(Debug)]
#[non_exhaustive]
pub struct Ran<W> {
    /// The workers' states at the end, by worker number.
    pub workers: Vec<W>,
    /// Results handed to the sink.
    pub delivered: usize,
    /// Whether the stop test or the sink stopped the run before the input ended.
    pub stopped: bool,
}

/// A batch's settings: threads, window, chunk size and stop test.
pub struct Batch<'a> {
    threads: usize,
    window: usize,
    chunk: usize,
    stop: Box<dyn Fn() -> bool + Sync + 'a>,
}

impl std::fmt::Debug for Batch<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Batch")
            .field("threads", &self.threads)
            .field("window", &self.window)
            .field("chunk", &self.chunk)
            .finish_non_exhaustive()
    }
}

/// The number of cores, the default thread count of a command line.
pub fn available_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

impl<'a> Batch<'a> {
    /// A batch on `threads` workers (at least 1; with 1 everything runs on the calling
    /// thread), a window of 1,024 items, chunks of one item, never stopped.
    pub fn new(threads: usize) -> Batch<'a> {
        Batch {
            threads: threads.max(1),
            window: 1024,
            chunk: 1,
            stop: Box::new(|| false),
        }
    }

    /// At most `window` items (at least `threads × chunk`) taken and not yet delivered.
    pub fn window(mut self, window: usize) -> Self {
        self.window = window.max(1);
        self
    }

    /// Workers take chunks of items that grow from 1 to `max` (less locking per item
    /// for quick items; the first results still come at once).
    pub fn chunk(mut self, max: usize) -> Self {
        self.chunk = max.max(1);
        self
    }

    /// Stops taking items once `stop()` is true.
    pub fn stop_when(mut self, stop: impl Fn() -> bool + Sync + 'a) -> Self {
        self.stop = Box::new(stop);
        self
    }

    /// Stops taking items once `flag` is raised.
    pub fn until_interrupted(self, flag: &'a Interrupt) -> Self {
        self.stop_when(move || flag.is_set())
    }

    /// Stops taking items once `budget` is spent (deadline or interrupt).
    pub fn within(self, budget: &'a Budget) -> Self {
        self.stop_when(move || budget.stopped())
    }

    /// Runs `work(state, index, item)` on every item, one `state = worker(w)` per
    /// worker `w`, and hands each result to `sink` in input order.
    pub fn run<T, O, W, S>(
        &self,
        items: impl Iterator<Item = T> + Send,
        worker: impl Fn(usize) -> W + Sync,
        work: impl Fn(&mut W, usize, T) -> O + Sync,
        sink: &mut S,
    ) -> Result<Ran<W>, S::Error>
    where
        T: Send,
        O: Send,
        W: Send,
        S: Sink<O> + ?Sized,
    {
        if self.threads == 1 {
            return self.run_here(items, worker, work, sink);
        }
        let shared = Shared {
            feed: Mutex::new(Feed {
                items,
                taken: 0,
                ended: false,
                stopped: false,
            }),
            next_wanted: AtomicUsize::new(0),
            halted: AtomicBool::new(false),
            room: Condvar::new(),
        };
        let (tx, rx) = mpsc::channel::<Vec<(usize, O)>>();
        let started = std::thread::scope(|s| {
            let handles: Vec<_> = (0..self.threads)
                .map_while(|w| {
                    let (tx, shared, worker, work) = (tx.clone(), &shared, &worker, &work);
                    let thread = std::thread::Builder::new().name(format!("gridsat-batch-{w}"));
                    // A thread that cannot start (no memory for its stack): the run
                    // goes on with those that did.
                    let started = thread.spawn_scoped(s, move || {
                        let _halt = HaltOnPanic(shared);
                        let mut state = worker(w);
                        self.feed_worker(shared, &mut state, work, &tx);
                        state
                    });
                    started.ok()
                })
                .collect();
            drop(tx);
            if handles.is_empty() {
                return None;
            }
            let delivered = deliver(&rx, &shared, sink);
            // On an error (or a worker's panic) the workers must stop, not wait for room.
            shared.halt();
            let workers = handles
                .into_iter()
                .map(|h| h.join().unwrap_or_else(|p| std::panic::resume_unwind(p)))
                .collect();
            Some(delivered.map(|(delivered, sink_stopped)| Ran {
                workers,
                delivered,
                stopped: sink_stopped || shared.lock().stopped,
            }))
        });
        match started {
            Some(ran) => ran,
            // No thread could start: the calling thread does the work, all of it.
            None => {
                let feed = shared.feed.into_inner();
                let items = feed.unwrap_or_else(PoisonError::into_inner).items;
                self.run_here(items, worker, work, sink)
            }
        }
    }

    /// The one-thread run: no thread, no channel.
    fn run_here<T, O, W, S>(
        &self,
        items: impl Iterator<Item = T>,
        worker: impl Fn(usize) -> W,
        work: impl Fn(&mut W, usize, T) -> O,
        sink: &mut S,
    ) -> Result<Ran<W>, S::Error>
    where
        S: Sink<O> + ?Sized,
    {
        let mut state = worker(0);
        let mut delivered = 0;
        let mut stopped = false;
        let mut items = items.enumerate();
        loop {
            if (self.stop)() {
                stopped = true;
                break;
            }
            // The sink waits for the next item (which may wait for the sink): its
            // moment to flush.
            sink.waiting()?;
            let Some((i, item)) = items.next() else {
                break;
            };
            let out = work(&mut state, i, item);
            delivered += 1;
            if sink.put(i, out)? == Flow::Stop {
                stopped = true;
                break;
            }
        }
        Ok(Ran {
            workers: vec![state],
            delivered,
            stopped,
        })
    }

    /// One worker: takes chunks within the window until the input ends or the run
    /// stops, and sends each chunk's results.
    fn feed_worker<I, T, O, W>(
        &self,
        shared: &Shared<I>,
        state: &mut W,
        work: &(impl Fn(&mut W, usize, T) -> O + Sync),
        tx: &mpsc::Sender<Vec<(usize, O)>>,
    ) where
        I: Iterator<Item = T>,
    {
        let window = self.window.max(self.threads * self.chunk);
        let mut size = 1;
        while let Some(chunk) = shared.take(size, window, &*self.stop) {
            size = (size * 2).min(self.chunk);
            let done: Vec<(usize, O)> = chunk
                .into_iter()
                .map(|(i, item)| (i, work(state, i, item)))
                .collect();
            if tx.send(done).is_err() {
                break;
            }
        }
    }
}

/// The input as the workers share it, and how far the sink has got.
struct Feed<I> {
    items: I,
    /// Items taken so far (the index of the next one).
    taken: usize,
    /// The input is exhausted.
    ended: bool,
    /// The stop test said so.
    stopped: bool,
}

/// What the workers share. The sink's side (`next_wanted`, `halted`) never takes the
/// feed's lock: a worker may hold it a long time, waiting in a slow input (stdin, a
/// Python generator fed by the consumer of the results).
struct Shared<I> {
    feed: Mutex<Feed<I>>,
    /// The index the sink waits for.
    next_wanted: AtomicUsize,
    /// No more items are taken (stop test, [`Flow::Stop`], an error, a panic).
    halted: AtomicBool,
    /// Signalled when the window moves or the run halts.
    room: Condvar,
}

impl<I> Shared<I> {
    fn lock(&self) -> MutexGuard<'_, Feed<I>> {
        self.feed.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn halt(&self) {
        self.halted.store(true, Ordering::SeqCst);
        self.room.notify_all();
    }

    /// The sink has everything before `next`: the window moves on.
    fn advance(&self, next: usize) {
        self.next_wanted.store(next, Ordering::SeqCst);
        self.room.notify_all();
    }
}

impl<T, I: Iterator<Item = T>> Shared<I> {
    /// Up to `size` items with their indices, waiting while the window is full; `None`
    /// once the input ends or the run halts.
    fn take(
        &self,
        size: usize,
        window: usize,
        stop: &(dyn Fn() -> bool + Sync),
    ) -> Option<Vec<(usize, T)>> {
        let mut feed = self.lock();
        loop {
            if self.halted.load(Ordering::SeqCst) || feed.ended {
                return None;
            }
            if stop() {
                self.halted.store(true, Ordering::SeqCst);
                feed.stopped = true;
                self.room.notify_all();
                return None;
            }
            let next_wanted = self.next_wanted.load(Ordering::SeqCst);
            let room = (next_wanted + window).saturating_sub(feed.taken);
            if room > 0 {
                let first = feed.taken;
                let chunk: Vec<(usize, T)> = (&mut feed.items)
                    .take(size.min(room))
                    .enumerate()
                    .map(|(k, item)| (first + k, item))
                    .collect();
                feed.taken += chunk.len();
                if chunk.is_empty() {
                    feed.ended = true;
                    return None;
                }
                return Some(chunk);
            }
            feed = self
                .room
                .wait_timeout(feed, TICK)
                .unwrap_or_else(PoisonError::into_inner)
                .0;
        }
    }
}

/// Halts the run when its worker panics: the others would wait for room forever
/// behind the result that never comes. (The panic goes on to the caller.)
struct HaltOnPanic<'a, I>(&'a Shared<I>);

impl<I> Drop for HaltOnPanic<'_, I> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.halt();
        }
    }
}

/// Puts the results back in input order and hands them to the sink as soon as each is
/// next; returns how many were delivered and whether the sink stopped the run. Ends
/// when every worker is gone.
fn deliver<T, I, O, S>(
    rx: &mpsc::Receiver<Vec<(usize, O)>>,
    shared: &Shared<I>,
    sink: &mut S,
) -> Result<(usize, bool), S::Error>
where
    I: Iterator<Item = T>,
    S: Sink<O> + ?Sized,
{
    let mut pending: BTreeMap<usize, O> = BTreeMap::new();
    let (mut next, mut delivered) = (0, 0);
    let mut stopped = false;
    loop {
        let chunk = match rx.try_recv() {
            Ok(c) => c,
            Err(mpsc::TryRecvError::Disconnected) => break,
            Err(mpsc::TryRecvError::Empty) => {
                sink.waiting()?;
                match rx.recv_timeout(TICK) {
                    Ok(c) => c,
                    Err(RecvTimeoutError::Timeout) => continue,
                    Err(RecvTimeoutError::Disconnected) => break,
                }
            }
        };
        pending.extend(chunk);
        let before = next;
        while let Some(out) = pending.remove(&next) {
            next += 1;
            if stopped {
                continue;
            }
            delivered += 1;
            if sink.put(next - 1, out)? == Flow::Stop {
                stopped = true;
                shared.halt();
            }
        }
        if next != before {
            shared.advance(next);
        }
    }
    // Results after a stop are finished but not handed on.
    Ok((delivered, stopped))
}

#[cfg(test)]
mod tests;
