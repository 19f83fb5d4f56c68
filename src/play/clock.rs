//! Chess clocks for a time control such as `5+3` (five minutes, three seconds a move).

use shakmaty::Color;
use std::fmt;
use std::str::FromStr;
use std::time::{Duration, Instant};
use thiserror::Error;

/// A time control: base time per side and increment per move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TimeControl {
    /// Time each side starts with.
    pub base: Duration,
    /// Time added after each move.
    pub increment: Duration,
}

/// Why a time control could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("bad time control '{0}': expected MINUTES+SECONDS such as 5+3, 0.5+0 or 15")]
pub struct TimeControlError(String);

/// `MINUTES[+SECONDS]`, minutes may be fractional: `5+3`, `0.5+0`, `15`.
impl FromStr for TimeControl {
    type Err = TimeControlError;

    fn from_str(s: &str) -> Result<TimeControl, TimeControlError> {
        let err = || TimeControlError(s.to_string());
        let (base, inc) = s.trim().split_once('+').unwrap_or((s.trim(), "0"));
        let minutes: f64 = base.trim().parse().map_err(|_| err())?;
        let seconds: f64 = inc.trim().parse().map_err(|_| err())?;
        if !(minutes.is_finite() && seconds.is_finite()) || minutes <= 0.0 || seconds < 0.0 {
            return Err(err());
        }
        if minutes > 24.0 * 60.0 || seconds > 3600.0 {
            return Err(err());
        }
        Ok(TimeControl {
            base: Duration::from_secs_f64(minutes * 60.0),
            increment: Duration::from_secs_f64(seconds),
        })
    }
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}+{}",
            self.base.as_secs_f64() / 60.0,
            self.increment.as_secs_f64()
        )
    }
}

/// Both players' clocks; the side to move's runs.
#[derive(Debug, Clone)]
pub struct Clocks {
    control: TimeControl,
    left: [Duration; 2],
    running: Option<(Color, Instant)>,
}

fn idx(c: Color) -> usize {
    match c {
        Color::White => 0,
        Color::Black => 1,
    }
}

impl Clocks {
    /// Both clocks full, neither running.
    pub fn new(control: TimeControl) -> Clocks {
        Clocks {
            control,
            left: [control.base; 2],
            running: None,
        }
    }

    /// The time control.
    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// Starts `side`'s clock (stopping nothing: call [`Clocks::stop`] first).
    pub fn start(&mut self, side: Color) {
        self.running = Some((side, Instant::now()));
    }

    /// Stops the running clock, charging its time; `increment` adds the increment (a move was
    /// made). Returns the side whose clock ran.
    pub fn stop(&mut self, increment: bool) -> Option<Color> {
        let (side, since) = self.running.take()?;
        let i = idx(side);
        self.left[i] = self.left[i].saturating_sub(since.elapsed());
        if increment && !self.left[i].is_zero() {
            self.left[i] += self.control.increment;
        }
        Some(side)
    }

    /// Time left for `side` now (the running clock counted to this instant).
    pub fn left(&self, side: Color) -> Duration {
        let base = self.left[idx(side)];
        match self.running {
            Some((s, since)) if s == side => base.saturating_sub(since.elapsed()),
            _ => base,
        }
    }

    /// Whether `side` has run out of time.
    pub fn flagged(&self, side: Color) -> bool {
        self.left(side).is_zero()
    }

    /// The side whose clock runs.
    pub fn running(&self) -> Option<Color> {
        self.running.map(|(s, _)| s)
    }
}

/// `m:ss`, or `s.t` under ten seconds.
pub fn format_clock(d: Duration) -> String {
    let secs = d.as_secs();
    if secs < 10 {
        format!("{}.{}", secs, d.subsec_millis() / 100)
    } else if secs >= 3600 {
        format!("{}:{:02}:{:02}", secs / 3600, secs / 60 % 60, secs % 60)
    } else {
        format!("{}:{:02}", secs / 60, secs % 60)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_time_controls() {
        let tc: TimeControl = "5+3".parse().unwrap();
        assert_eq!(tc.base, Duration::from_secs(300));
        assert_eq!(tc.increment, Duration::from_secs(3));
        let tc: TimeControl = "0.5".parse().unwrap();
        assert_eq!(tc.base, Duration::from_secs(30));
        assert!("x+3".parse::<TimeControl>().is_err());
        assert!("0+3".parse::<TimeControl>().is_err());
        assert!("5+-1".parse::<TimeControl>().is_err());
    }

    #[test]
    fn clocks_charge_and_increment() {
        let mut c = Clocks::new("1+2".parse().unwrap());
        c.start(Color::White);
        assert_eq!(c.running(), Some(Color::White));
        assert_eq!(c.stop(true), Some(Color::White));
        assert!(c.left(Color::White) > Duration::from_secs(61));
        assert_eq!(c.left(Color::Black), Duration::from_secs(60));
        assert!(!c.flagged(Color::Black));
        assert_eq!(format_clock(Duration::from_millis(65_000)), "1:05");
        assert_eq!(format_clock(Duration::from_millis(9_340)), "9.3");
    }
}
