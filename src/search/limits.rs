//! What bounds a search: depth, nodes, time, clocks, or nothing (infinite until stopped).

use super::score::Depth;
use super::strength::Strength;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// The clock situation of the side to move, as UCI's `go wtime/btime/winc/binc/movestogo` gives it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Clock {
    /// Time left on our clock.
    pub time: Duration,
    /// Our increment per move.
    pub increment: Duration,
    /// Moves until the next time control, if the control is not sudden death.
    pub moves_to_go: Option<u32>,
}

/// The default time kept back per move for the delays between the engine's answer and the
/// clock stopping: the pipe, the GUI, and the scheduler of a loaded machine.
pub const DEFAULT_MOVE_OVERHEAD: Duration = Duration::from_millis(20);

/// Limits of one search. Everything unset means "search until stopped".
#[derive(Debug, Clone)]
pub struct Limits {
    /// Stop after completing this depth.
    pub depth: Option<Depth>,
    /// Stop after about this many nodes.
    pub nodes: Option<u64>,
    /// Use exactly this much time.
    pub movetime: Option<Duration>,
    /// Budget time from the clock.
    pub clock: Option<Clock>,
    /// Ignore every other limit until stopped (UCI `go infinite`, and pondering).
    pub infinite: bool,
    /// Report this many principal variations (UCI MultiPV); at least 1.
    pub multipv: usize,
    /// Search only these root moves (UCI `searchmoves`); empty means all.
    pub search_moves: Vec<shakmaty::Move>,
    /// Time kept back per move for communication delays (UCI Move Overhead); by default
    /// [`DEFAULT_MOVE_OVERHEAD`].
    pub move_overhead: Duration,
    /// A ponder search (UCI `go ponder`): no time limit applies until
    /// [`SearchControl::ponderhit`](super::SearchControl) is raised; the clock budget then
    /// starts from that moment. Raise `stop` instead when the opponent played another move.
    pub ponder: bool,
    /// Play weaker than full strength (UCI_LimitStrength/UCI_Elo, `--level`); `None` is full
    /// strength. See [`Strength`].
    pub strength: Option<Strength>,
}

impl Default for Limits {
    /// No limit: search until stopped, with the default move overhead kept back once a clock
    /// or a move time is set.
    fn default() -> Limits {
        Limits {
            depth: None,
            nodes: None,
            movetime: None,
            clock: None,
            infinite: false,
            multipv: 0,
            search_moves: Vec::new(),
            move_overhead: DEFAULT_MOVE_OVERHEAD,
            ponder: false,
            strength: None,
        }
    }
}

impl Limits {
    /// A fixed-depth search.
    pub fn depth(depth: Depth) -> Limits {
        Limits {
            depth: Some(depth),
            multipv: 1,
            ..Limits::default()
        }
    }

    /// A fixed-time search.
    pub fn movetime(time: Duration) -> Limits {
        Limits {
            movetime: Some(time),
            multipv: 1,
            ..Limits::default()
        }
    }

    /// A fixed-node search.
    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            multipv: 1,
            ..Limits::default()
        }
    }
}

/// A flag another thread can raise to stop a running search at once (UCI `stop`, Ctrl-C).
///
/// Cloning shares the flag.
#[derive(Debug, Clone, Default)]
pub struct StopFlag(Arc<AtomicBool>);

impl StopFlag {
    /// A new, lowered flag.
    pub fn new() -> StopFlag {
        StopFlag::default()
    }

    /// Asks the search to stop.
    pub fn stop(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Lowers the flag again before a new search.
    pub fn reset(&self) {
        self.0.store(false, Ordering::Relaxed);
    }

    /// Whether a stop was asked for.
    pub fn is_stopped(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }

    /// The shared flag itself, for a signal handler to raise (`signal_hook::flag::register`).
    pub fn shared(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.0)
    }
}
