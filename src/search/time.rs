//! Time management: turns [`Limits`] into a soft budget (do not start another iteration after
//! it) and a hard deadline (abort the search), and watches the node limit, the stop flag and
//! `ponderhit`.
//!
//! While pondering, no time limit applies; when `ponderhit` is raised the budget starts from
//! that moment, because that is when our clock starts running.

use super::SearchControl;
use super::limits::Limits;
use std::time::{Duration, Instant};

/// How often (in nodes) the clock and the flags are polled.
pub const POLL_INTERVAL: u64 = 1024;

/// The time budget of one search.
#[derive(Debug, Clone)]
pub struct TimeManager {
    started: Instant,
    /// Do not start a new iteration after this much time.
    soft: Option<Duration>,
    /// Stop the search at once after this much time.
    hard: Option<Duration>,
    node_limit: Option<u64>,
    pondering: bool,
    control: SearchControl,
}

/// The soft and hard budget for a clock situation.
///
/// `time` is the time left, `increment` the increment per move, `moves_to_go` the moves left
/// until the next control (`None`: sudden death), `overhead` the time kept back per move.
pub fn clock_budget(
    time: Duration,
    increment: Duration,
    moves_to_go: Option<u32>,
    overhead: Duration,
) -> (Duration, Duration) {
    let time_ms = time.as_millis() as f64;
    let inc_ms = increment.as_millis() as f64;
    let overhead_ms = overhead.as_millis() as f64;
    let usable = (time_ms - overhead_ms).max(1.0);
    let mtg = f64::from(moves_to_go.unwrap_or(30).clamp(1, 60));
    // With a moves-to-go control the last move may use (almost) everything left.
    let base = usable / mtg + inc_ms * 0.8;
    let soft = base.min(usable * 0.5);
    let hard = (base * 3.0).min(usable * if mtg <= 1.0 { 0.9 } else { 0.4 });
    let soft = soft.min(hard).max(1.0);
    let hard = hard.max(1.0);
    (
        Duration::from_micros((soft * 1000.0) as u64),
        Duration::from_micros((hard * 1000.0) as u64),
    )
}

impl TimeManager {
    /// Budgets a search that starts now.
    pub fn new(limits: &Limits, control: &SearchControl) -> TimeManager {
        let started = Instant::now();
        let (soft, hard) = if limits.infinite {
            (None, None)
        } else if let Some(t) = limits.movetime {
            let t = t
                .saturating_sub(limits.move_overhead)
                .max(Duration::from_millis(1));
            (Some(t), Some(t))
        } else if let Some(c) = limits.clock {
            let (s, h) = clock_budget(c.time, c.increment, c.moves_to_go, limits.move_overhead);
            (Some(s), Some(h))
        } else {
            (None, None)
        };
        TimeManager {
            started,
            soft,
            hard,
            node_limit: if limits.infinite { None } else { limits.nodes },
            pondering: limits.ponder && !control.ponderhit.is_stopped(),
            control: control.clone(),
        }
    }

    /// Time since the search (or, after a ponderhit, the real search) started.
    pub fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }

    fn check_ponderhit(&mut self) {
        if self.pondering && self.control.ponderhit.is_stopped() {
            self.pondering = false;
            self.started = Instant::now();
        }
    }

    /// Whether the search must stop now (polled every [`POLL_INTERVAL`] nodes).
    pub fn must_stop(&mut self, nodes: u64) -> bool {
        if self.control.stop.is_stopped() {
            return true;
        }
        if self.node_limit.is_some_and(|n| nodes >= n) {
            return true;
        }
        self.check_ponderhit();
        !self.pondering && self.hard.is_some_and(|h| self.started.elapsed() >= h)
    }

    /// Whether to start another iteration. `scale` stretches the soft budget (above 1 when the
    /// best move keeps changing, below 1 when it is stable).
    pub fn may_start_iteration(&mut self, scale: f64) -> bool {
        self.check_ponderhit();
        if self.pondering {
            return true;
        }
        match (self.soft, self.hard) {
            (Some(soft), Some(hard)) => {
                let budget = soft.mul_f64(scale.clamp(0.3, 3.0)).min(hard);
                self.started.elapsed() < budget
            }
            _ => true,
        }
    }

    /// Whether some time budget applies (as opposed to depth, nodes or infinite).
    pub fn is_timed(&self) -> bool {
        self.hard.is_some()
    }

    /// Whether the search is still pondering (no budget running yet).
    pub fn is_pondering(&self) -> bool {
        self.pondering
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Clock;

    #[test]
    fn budgets_stay_within_the_clock() {
        let (soft, hard) = clock_budget(
            Duration::from_secs(10),
            Duration::from_millis(100),
            None,
            Duration::from_millis(10),
        );
        assert!(soft <= hard);
        assert!(hard < Duration::from_secs(5));
        assert!(soft > Duration::from_millis(200));
        // Nearly flagging: still positive and below the time left.
        let (soft, hard) = clock_budget(
            Duration::from_millis(20),
            Duration::ZERO,
            None,
            Duration::from_millis(10),
        );
        assert!(soft >= Duration::from_millis(1) && hard < Duration::from_millis(20));
        // Last move before the control may use most of the time.
        let (_, hard) = clock_budget(
            Duration::from_secs(10),
            Duration::ZERO,
            Some(1),
            Duration::ZERO,
        );
        assert!(hard > Duration::from_secs(5) && hard < Duration::from_secs(10));
    }

    #[test]
    fn ponder_ignores_time_until_ponderhit() {
        let control = SearchControl::default();
        let limits = Limits {
            clock: Some(Clock {
                time: Duration::from_millis(1),
                increment: Duration::ZERO,
                moves_to_go: None,
            }),
            ponder: true,
            ..Limits::default()
        };
        let mut tm = TimeManager::new(&limits, &control);
        std::thread::sleep(Duration::from_millis(5));
        assert!(!tm.must_stop(0));
        assert!(tm.is_pondering());
        control.ponderhit.stop();
        let _ = tm.must_stop(0); // notices the ponderhit: the budget starts now
        assert!(!tm.is_pondering());
        std::thread::sleep(Duration::from_millis(5));
        assert!(tm.must_stop(0));
        control.stop.stop();
        assert!(tm.must_stop(0));
    }

    #[test]
    fn node_limit_and_stop_flag() {
        let control = SearchControl::default();
        let mut tm = TimeManager::new(&Limits::nodes(100), &control);
        assert!(!tm.must_stop(99));
        assert!(tm.must_stop(100));
        let mut tm = TimeManager::new(&Limits::depth(3), &control);
        assert!(!tm.must_stop(1 << 40));
        control.stop.stop();
        assert!(tm.must_stop(0));
    }
}
