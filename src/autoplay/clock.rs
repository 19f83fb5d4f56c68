//! Time as the run sees it: the real clock, or a manual one that replays and tests move on, so
//! that every wait of the loop (settling, verifying, timeouts) can be tested without sleeping.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// A source of time and a way to wait.
pub trait Clock {
    /// Time since the clock's start.
    fn now(&self) -> Duration;
    /// Waits for `d` (a manual clock moves on by `d`).
    fn sleep(&mut self, d: Duration);
}

/// The real clock.
#[derive(Debug, Clone, Copy)]
pub struct SystemClock {
    start: Instant,
}

impl SystemClock {
    /// A clock starting now.
    pub fn new() -> SystemClock {
        SystemClock {
            start: Instant::now(),
        }
    }
}

impl Default for SystemClock {
    fn default() -> Self {
        SystemClock::new()
    }
}

impl Clock for SystemClock {
    fn now(&self) -> Duration {
        self.start.elapsed()
    }

    fn sleep(&mut self, d: Duration) {
        if !d.is_zero() {
            std::thread::sleep(d);
        }
    }
}

/// A clock that moves only when told: by [`Clock::sleep`], or by whoever else holds a clone
/// (a replayed screen sets it to each frame's capture time). Clones share the time.
#[derive(Debug, Clone, Default)]
pub struct ManualClock(Arc<AtomicU64>);

fn nanos(d: Duration) -> u64 {
    u64::try_from(d.as_nanos()).unwrap_or(u64::MAX)
}

impl ManualClock {
    /// A clock at zero.
    pub fn new() -> ManualClock {
        ManualClock::default()
    }

    /// Moves the clock on by `d`.
    pub fn advance(&self, d: Duration) {
        self.0.fetch_add(nanos(d), Ordering::Relaxed);
    }

    /// Moves the clock to `t`, if that is later than now (time never runs back).
    pub fn advance_to(&self, t: Duration) {
        self.0.fetch_max(nanos(t), Ordering::Relaxed);
    }
}

impl Clock for ManualClock {
    fn now(&self) -> Duration {
        Duration::from_nanos(self.0.load(Ordering::Relaxed))
    }

    fn sleep(&mut self, d: Duration) {
        self.advance(d);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn manual_clock_moves_only_forward_and_clones_share_it() {
        let mut a = ManualClock::new();
        let b = a.clone();
        a.sleep(Duration::from_millis(100));
        assert_eq!(b.now(), Duration::from_millis(100));
        b.advance_to(Duration::from_millis(50));
        assert_eq!(a.now(), Duration::from_millis(100));
        b.advance_to(Duration::from_millis(250));
        assert_eq!(a.now(), Duration::from_millis(250));
    }
}
