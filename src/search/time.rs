//! Time management: turns [`Limits`] into a soft budget (do not start another iteration after
//! it) and a hard deadline (abort the search), and watches the node limit, the stop flag and
//! `ponderhit`.
//!
//! On a clock the hard deadline never passes the time left minus the move overhead (the
//! delays between our answer and the clock stopping). Every budget leaves a reserve on the
//! clock, a growing share of it as it shrinks, and below a full reserve the increment counts
//! only in part, so that in a long game on a short clock the clock settles above a floor
//! instead of near zero: a scheduling delay on a loaded machine then costs time, not the game.
//! With almost nothing left the engine answers at once from a depth-1 search.
//!
//! While pondering, no time limit applies; when `ponderhit` is raised the budget starts from
//! that moment, because that is when our clock starts running.

use super::SearchControl;
use super::limits::Limits;
use std::time::{Duration, Instant};

/// How often (in nodes) the clock and the flags are polled: a quarter of a millisecond or so
/// on one core, so that even a machine several times slower stops within a millisecond or two
/// of the deadline; reading the clock this often costs nothing measurable.
pub const POLL_INTERVAL: u64 = 512;

/// With less than this left on the clock after the move overhead, the engine answers at once
/// with a depth-1 search (well under a millisecond).
pub const ANSWER_AT_ONCE: Duration = Duration::from_millis(5);

/// The usable clock below which a move takes less than its usual share (see
/// [`clock_budget`]): half of it with nothing left, rising to all of it here.
pub const SHORT_CLOCK: Duration = Duration::from_secs(1);

/// The part of the clock no budget touches: this much, or half the clock when less is left.
/// The increment counts fully only once the clock holds this much above the reserve, so a
/// game on a short clock keeps about this much in hand for the delays of a loaded machine.
pub const RESERVE: Duration = Duration::from_millis(200);

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

/// The soft and hard budget for a clock situation; both zero when the engine must answer at
/// once (less than [`ANSWER_AT_ONCE`] usable).
///
/// `time` is the time left, `increment` the increment per move, `moves_to_go` the moves left
/// until the next control (`None`: sudden death), `overhead` the time kept back per move. The
/// hard deadline is at most the time left minus `overhead`.
pub fn clock_budget(
    time: Duration,
    increment: Duration,
    moves_to_go: Option<u32>,
    overhead: Duration,
) -> (Duration, Duration) {
    let left = time.saturating_sub(overhead);
    if left < ANSWER_AT_ONCE {
        return (Duration::ZERO, Duration::ZERO);
    }
    let left = left.as_secs_f64() * 1000.0;
    let reserve_ms = RESERVE.as_secs_f64() * 1000.0;
    let usable = left - (left / 2.0).min(reserve_ms);
    let inc_ms = increment.as_secs_f64() * 1000.0;
    let inc_share = (usable / reserve_ms).min(1.0);
    let mtg = f64::from(moves_to_go.unwrap_or(30).clamp(1, 60));
    let base = usable / mtg + inc_ms * 0.8 * inc_share;
    // The most one move may take: nearly everything usable on the last move before a control,
    // 40% otherwise; on a short clock down to half that.
    let full_share = if mtg <= 1.0 { 0.9 } else { 0.4 };
    let short = (usable / (SHORT_CLOCK.as_secs_f64() * 1000.0)).min(1.0);
    let hard = (base * 3.0).min(usable * full_share * (0.5 + 0.5 * short));
    let soft = base.min(usable * 0.5).min(hard);
    (
        Duration::from_micros((soft * 1000.0) as u64),
        Duration::from_micros((hard * 1000.0).max(1.0) as u64),
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

    /// Whether the clock leaves no time to think: the search should answer from depth 1.
    /// Never while pondering (the budget starts at `ponderhit`).
    pub fn answers_at_once(&self) -> bool {
        !self.pondering && self.hard == Some(Duration::ZERO)
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
        // Last move before the control may use most of the time.
        let (_, hard) = clock_budget(
            Duration::from_secs(10),
            Duration::ZERO,
            Some(1),
            Duration::ZERO,
        );
        assert!(hard > Duration::from_secs(5) && hard < Duration::from_secs(10));
    }

    fn clock(time_ms: u64, increment_ms: u64) -> Limits {
        Limits {
            clock: Some(Clock {
                time: Duration::from_millis(time_ms),
                increment: Duration::from_millis(increment_ms),
                moves_to_go: None,
            }),
            move_overhead: Duration::from_millis(10),
            ..Limits::default()
        }
    }

    #[test]
    fn the_deadline_never_passes_the_time_left_minus_the_overhead() {
        let ms = Duration::from_millis;
        for overhead in [0, 10, 20, 50] {
            for time in [
                0, 1, 5, 10, 14, 15, 20, 30, 50, 100, 250, 700, 1000, 5000, 60_000,
            ] {
                for inc in [0, 10, 100, 1000] {
                    for mtg in [None, Some(1), Some(2), Some(40)] {
                        let (soft, hard) = clock_budget(ms(time), ms(inc), mtg, ms(overhead));
                        let left = ms(time).saturating_sub(ms(overhead));
                        let case = format!("{time}+{inc} ms, {mtg:?} to go, overhead {overhead}");
                        assert!(soft <= hard && hard <= left, "{case}: {soft:?} {hard:?}");
                        if left < ANSWER_AT_ONCE {
                            assert_eq!(hard, Duration::ZERO, "{case}");
                        } else {
                            assert!(hard > Duration::ZERO, "{case}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn a_short_clock_spends_a_smaller_share_and_nothing_answers_at_once() {
        let ms = Duration::from_millis;
        let overhead = ms(10);
        let share = |time: u64| {
            let (_, hard) = clock_budget(ms(time), ms(100), None, overhead);
            hard.as_secs_f64() / (ms(time) - overhead).as_secs_f64()
        };
        assert!(share(100) < share(300) && share(300) < share(800));
        // With an increment the short clock grows back: a move takes less than it adds.
        let (_, hard) = clock_budget(ms(100), ms(100), None, overhead);
        assert!(hard < ms(100), "{hard:?}");
        let control = SearchControl::default();
        for (time, at_once) in [(1, true), (5, true), (14, true), (20, false), (100, false)] {
            let tm = TimeManager::new(&clock(time, 10), &control);
            assert_eq!(tm.answers_at_once(), at_once, "{time} ms");
        }
        let pondering = Limits {
            ponder: true,
            ..clock(1, 0)
        };
        assert!(!TimeManager::new(&pondering, &control).answers_at_once());
    }

    /// A long game at 1 s + 10 ms in which every move takes its whole hard budget plus 5 ms of
    /// delay: the clock settles well above zero instead of running out.
    #[test]
    fn a_long_game_on_a_short_clock_keeps_a_floor() {
        let ms = Duration::from_millis;
        let (overhead, inc, delay) = (ms(20), ms(10), ms(5));
        let mut clock = ms(1000);
        let mut lowest = clock;
        for _ in 0..300 {
            let (_, hard) = clock_budget(clock, inc, None, overhead);
            clock = clock.saturating_sub(hard + delay) + inc;
            lowest = lowest.min(clock);
        }
        assert!(lowest > ms(60), "{lowest:?}");
        assert!(
            clock < ms(300),
            "{clock:?}: the reserve is kept, not hoarded"
        );
    }

    #[test]
    fn ponder_ignores_time_until_ponderhit() {
        let control = SearchControl::default();
        let limits = Limits {
            ponder: true,
            ..clock(1, 0)
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
