//! Chess clocks for a time control such as `300+3` (five minutes, three seconds a move).

pub use crate::game::TimeControl;
use shakmaty::Color;
use std::time::{Duration, Instant};

/// Both players' clocks; the side to move's runs.
#[derive(Debug, Clone)]
pub struct Clocks {
    control: TimeControl,
    left: [Duration; 2],
    moves_made: [u32; 2],
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
            moves_made: [0; 2],
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

    /// Stops the running clock, charging its time; `moved` adds the increment, and the base
    /// time again at the end of a period of a `MOVES/...` control (a move was made). Returns
    /// the side whose clock ran.
    pub fn stop(&mut self, moved: bool) -> Option<Color> {
        let (side, since) = self.running.take()?;
        let i = idx(side);
        self.left[i] = self.left[i].saturating_sub(since.elapsed());
        if moved && !self.left[i].is_zero() {
            self.left[i] += self.control.increment;
            self.moves_made[i] += 1;
            if self.control.period_ends(self.moves_made[i]) {
                self.left[i] += self.control.base;
            }
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
    fn clocks_charge_and_increment() {
        let mut c = Clocks::new("60+2".parse().unwrap());
        c.start(Color::White);
        assert_eq!(c.running(), Some(Color::White));
        assert_eq!(c.stop(true), Some(Color::White));
        assert!(c.left(Color::White) > Duration::from_secs(61));
        assert_eq!(c.left(Color::Black), Duration::from_secs(60));
        assert!(!c.flagged(Color::Black));
        assert_eq!(format_clock(Duration::from_millis(65_000)), "1:05");
        assert_eq!(format_clock(Duration::from_millis(9_340)), "9.3");
    }

    #[test]
    fn periods_add_the_base_again() {
        let mut c = Clocks::new("2/10".parse().unwrap());
        c.start(Color::White);
        c.stop(true);
        assert!(c.left(Color::White) <= Duration::from_secs(10));
        c.start(Color::White);
        c.stop(true);
        assert!(c.left(Color::White) > Duration::from_secs(19));
    }
}
