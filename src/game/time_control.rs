//! Time controls in cutechess-cli's `tc` syntax, for matches and for `play`:
//! `[MOVES/]BASE[+INCREMENT]`, base and increment in seconds (`40/60`, `10+0.1`, `60`), the base
//! also as minutes (`5m+3`) or `MINUTES:SECONDS` (`2:30+1`).

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// The longest base time accepted (a week), so that any accepted value fits a [`Duration`].
const MAX_BASE_SECONDS: f64 = 7.0 * 24.0 * 3600.0;

/// The longest increment accepted.
const MAX_INCREMENT_SECONDS: f64 = 3600.0;

/// A clock: base time, increment, and optionally a number of moves per period (`40/60+0`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TimeControl {
    /// Time at the start (and added again every `moves` moves).
    pub base: Duration,
    /// Added after each move.
    pub increment: Duration,
    /// Moves per period, for repeating controls.
    pub moves: Option<u32>,
}

/// A bad time control.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "bad time control '{0}': expected [MOVES/]SECONDS[+INCREMENT] in seconds, e.g. 300+3, 10+0.1, 40/60 (or 5m+3 for minutes)"
)]
pub struct TimeControlError(pub String);

impl TimeControl {
    /// A clock of `base` plus `increment` a move.
    pub fn new(base: Duration, increment: Duration) -> TimeControl {
        TimeControl {
            base,
            increment,
            moves: None,
        }
    }

    /// Whether the base time is added again after a side's `moves_made`th move.
    pub fn period_ends(&self, moves_made: u32) -> bool {
        self.moves
            .is_some_and(|m| moves_made > 0 && moves_made.is_multiple_of(m))
    }
}

impl FromStr for TimeControl {
    type Err = TimeControlError;
    fn from_str(text: &str) -> Result<TimeControl, TimeControlError> {
        let s = text.trim();
        let err = || TimeControlError(text.to_string());
        let number = |t: &str, max: f64| -> Result<f64, TimeControlError> {
            let v: f64 = t.trim().parse().map_err(|_| err())?;
            if !v.is_finite() || !(0.0..=max).contains(&v) {
                return Err(err());
            }
            Ok(v)
        };
        let (moves, rest) = match s.split_once('/') {
            Some((m, r)) => (
                Some(
                    m.trim()
                        .parse::<u32>()
                        .ok()
                        .filter(|&m| m > 0)
                        .ok_or_else(err)?,
                ),
                r,
            ),
            None => (None, s),
        };
        let (base, increment) = rest.split_once('+').unwrap_or((rest, "0"));
        let base = base.trim();
        let base_seconds = if let Some(minutes) = base.strip_suffix('m') {
            number(minutes, MAX_BASE_SECONDS / 60.0)? * 60.0
        } else if let Some((minutes, seconds)) = base.split_once(':') {
            let seconds = number(seconds, 59.999)?;
            number(minutes, MAX_BASE_SECONDS / 60.0)? * 60.0 + seconds
        } else {
            number(base, MAX_BASE_SECONDS)?
        };
        let increment = number(increment, MAX_INCREMENT_SECONDS)?;
        if base_seconds <= 0.0 && increment <= 0.0 || base_seconds > MAX_BASE_SECONDS {
            return Err(err());
        }
        Ok(TimeControl {
            base: Duration::from_secs_f64(base_seconds),
            increment: Duration::from_secs_f64(increment),
            moves,
        })
    }
}

impl fmt::Display for TimeControl {
    /// The PGN `TimeControl` form, in seconds: `40/60`, `10+0.1`, `300+3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(m) = self.moves {
            write!(f, "{m}/")?;
        }
        write!(f, "{}", self.base.as_secs_f64())?;
        if !self.increment.is_zero() {
            write!(f, "+{}", self.increment.as_secs_f64())?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cutechess_syntax_in_seconds() {
        let tc: TimeControl = "10+0.1".parse().unwrap();
        assert_eq!(
            tc,
            TimeControl::new(Duration::from_secs(10), Duration::from_millis(100))
        );
        assert_eq!(tc.to_string(), "10+0.1");
        let tc: TimeControl = "40/60".parse().unwrap();
        assert_eq!((tc.moves, tc.to_string().as_str()), (Some(40), "40/60"));
        assert!(!tc.period_ends(0) && tc.period_ends(40) && !tc.period_ends(41));
        let tc: TimeControl = "40/60+0.6".parse().unwrap();
        assert_eq!(tc.increment, Duration::from_millis(600));
        let tc: TimeControl = "300+3".parse().unwrap();
        assert_eq!(tc.base, Duration::from_secs(300));
        assert_eq!(tc.to_string(), "300+3");
        assert_eq!("5m+3".parse::<TimeControl>(), Ok(tc));
        assert_eq!("5:00+3".parse::<TimeControl>(), Ok(tc));
        assert_eq!(
            "60".parse::<TimeControl>().unwrap().base,
            Duration::from_secs(60)
        );
        for bad in [
            "", "x", "10+", "0", "-1+1", "0/10", "10+0.1+2", "5+-1", "x+3", "1e30", "inf", "nan+1",
            "5:75", "m", "10+99999",
        ] {
            assert!(bad.parse::<TimeControl>().is_err(), "{bad}");
        }
    }
}
