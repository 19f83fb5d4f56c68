//! Where mouse actions go: the real mouse (feature `autoplay`) or a recorder for tests.

use super::AutoplayError;
use super::geometry::ScreenPoint;

/// One mouse action, as recorded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    /// Press at `from`, move to `to`, release.
    Drag {
        /// Where the button went down.
        from: ScreenPoint,
        /// Where it was released.
        to: ScreenPoint,
    },
    /// Press and release at one point.
    Click(ScreenPoint),
}

/// A sink for mouse actions.
///
/// Implementations check for the user between steps: a drag that finds the pointer somewhere it
/// did not put it returns [`AutoplayError::UserMovedMouse`] (after releasing the button).
pub trait InputSink {
    /// Performs a drag from one point to another.
    fn drag(&mut self, from: ScreenPoint, to: ScreenPoint) -> Result<(), AutoplayError>;
    /// Clicks at a point.
    fn click(&mut self, at: ScreenPoint) -> Result<(), AutoplayError>;
    /// Where the pointer is now, if the sink can tell.
    fn pointer(&mut self) -> Option<ScreenPoint>;
    /// The screen size in the sink's coordinates, if known (for the corner fail-safe).
    fn screen_size(&mut self) -> Option<(i32, i32)>;
}

/// Whether the pointer is pushed into a screen corner: the fail-safe gesture that stops autoplay.
pub fn in_corner(p: ScreenPoint, size: (i32, i32)) -> bool {
    const MARGIN: i32 = 2;
    let near_x = p.x <= MARGIN || p.x >= size.0 - 1 - MARGIN;
    let near_y = p.y <= MARGIN || p.y >= size.1 - 1 - MARGIN;
    near_x && near_y
}

/// Records actions instead of moving anything; can simulate a user who grabs the mouse.
#[derive(Debug, Default, Clone)]
pub struct RecordingSink {
    /// Everything done so far, in order.
    pub actions: Vec<Action>,
    /// Where the pointer is, as far as the recorder knows.
    pub pointer: Option<ScreenPoint>,
    /// Simulates the user moving the mouse during the n-th action (0-based).
    pub interfere_at: Option<usize>,
    /// The simulated screen size.
    pub size: Option<(i32, i32)>,
}

impl RecordingSink {
    fn act(&mut self, action: Action, end: ScreenPoint) -> Result<(), AutoplayError> {
        if self.interfere_at == Some(self.actions.len()) {
            return Err(AutoplayError::UserMovedMouse);
        }
        self.actions.push(action);
        self.pointer = Some(end);
        Ok(())
    }
}

impl InputSink for RecordingSink {
    fn drag(&mut self, from: ScreenPoint, to: ScreenPoint) -> Result<(), AutoplayError> {
        self.act(Action::Drag { from, to }, to)
    }

    fn click(&mut self, at: ScreenPoint) -> Result<(), AutoplayError> {
        self.act(Action::Click(at), at)
    }

    fn pointer(&mut self) -> Option<ScreenPoint> {
        self.pointer
    }

    fn screen_size(&mut self) -> Option<(i32, i32)> {
        self.size
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corners_are_detected() {
        let size = (1280, 800);
        assert!(in_corner(ScreenPoint { x: 0, y: 0 }, size));
        assert!(in_corner(ScreenPoint { x: 1279, y: 799 }, size));
        assert!(in_corner(ScreenPoint { x: 1, y: 798 }, size));
        assert!(!in_corner(ScreenPoint { x: 640, y: 0 }, size));
        assert!(!in_corner(ScreenPoint { x: 0, y: 400 }, size));
    }
}
