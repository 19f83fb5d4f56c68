//! The autoplay loop: watch, track the game, choose, move the mouse, check, repeat.
//!
//! Each turn of the loop captures a frame and watches the board's pixels
//! ([`super::settle::Stillness`]); a board is read only once it has stood still for the settle
//! time, so that slides, fades and half-drawn frames are never acted on. The still board is
//! explained by the known position ([`super::track::explain`]); our move is chosen, the stop
//! conditions are checked again, and it is entered with the mouse. The gesture that works (a
//! drag, or two clicks) is found on the first move and kept. Every wait has a limit: a board out
//! of sight, a board no legal move explains, our move not showing, the opponent not moving.

use super::AutoplayError;
use super::clock::Clock;
use super::geometry::{BoardOnScreen, Frame, ScreenPoint};
use super::input::{InputSink, in_corner};
use super::params;
use super::promotion::find_chooser;
use super::reader::{BoardReader, Sighting};
use super::screen::ScreenSource;
use super::settle::{PixelRect, Stillness};
use super::track::{Change, explain};
use crate::game::Termination;
use crate::players::{ClockView, GameView, Player};
use crate::search::{StopFlag, position_key};
use shakmaty::{Board, Chess, Color, Move, Outcome, Position, Role, Setup, Square};
use std::time::Duration;

/// Which side we play.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SideChoice {
    /// The side at the bottom of the board.
    Auto,
    /// A fixed side.
    Fixed(Color),
}

/// A way of entering a move with the mouse.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InputMethod {
    /// Press on the piece, release on the target square.
    Drag,
    /// Click the piece, then click the target square.
    Click,
}

/// How moves are entered in the GUI.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InputChoice {
    /// Always this way.
    Fixed(InputMethod),
    /// A drag first; where the GUI does not take it, a click on the target (to finish a
    /// selection the drag's press made) and then two clicks; what worked is kept for the game.
    Auto,
}

/// How the GUI asks for a promotion piece.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PromotionDialog {
    /// Look for a chooser wherever the GUI draws it ([`super::promotion`]); a GUI that promotes
    /// by itself is seen on the board.
    Auto,
    /// The GUI promotes without asking: nothing is looked for or clicked.
    None,
    /// A column of pieces drops from the promotion square towards the centre, queen first, then
    /// knight, rook, bishop (lichess, chessground and many web boards): clicked without looking.
    Column,
}

/// Settings of one autoplay run.
#[derive(Debug, Clone)]
pub struct Settings {
    /// Our side.
    pub side: SideChoice,
    /// The side to move in a position picked up other than the start (`None`: as the board
    /// shows it, else White).
    pub turn: Option<Color>,
    /// Stop after we made this many moves.
    pub max_moves: Option<u32>,
    /// Print what we would do but never touch the mouse.
    pub dry_run: bool,
    /// Drag, click-click or find out.
    pub input: InputChoice,
    /// The GUI's promotion dialog.
    pub promotion: PromotionDialog,
    /// Pause between captures.
    pub poll: Duration,
    /// How long the board must stand still before it is read ([`params::SETTLE`]).
    pub settle: Duration,
    /// How long a board no legal move explains is waited out ([`params::TRANSIENT`]).
    pub transient: Duration,
    /// How long the board may be out of sight ([`params::LOST`]).
    pub lost: Duration,
    /// How long to look for a board before one is seen ([`params::FIND`]).
    pub find: Duration,
    /// How long after a gesture our move may take to show ([`params::VERIFY`]).
    pub verify: Duration,
    /// How long the opponent may take over a move (`None`: for ever).
    pub opponent_timeout: Option<Duration>,
    /// The per-move limits for the player.
    pub clock: ClockView,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            side: SideChoice::Auto,
            turn: None,
            max_moves: None,
            dry_run: false,
            input: InputChoice::Auto,
            promotion: PromotionDialog::Auto,
            poll: params::POLL,
            settle: params::SETTLE,
            transient: params::TRANSIENT,
            lost: params::LOST,
            find: params::FIND,
            verify: params::VERIFY,
            opponent_timeout: Some(params::OPPONENT_TIMEOUT),
            clock: ClockView::default(),
        }
    }
}

/// Why a run ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StopReason {
    /// The game is over on the board.
    GameOver(Outcome),
    /// The game is drawn by a rule GUIs and sites apply themselves, ending it: the third
    /// repetition of a position ([`Termination::Repetition`]) or fifty moves by each side
    /// without a capture or a pawn move ([`Termination::FiftyMoves`]).
    Drawn(Termination),
    /// We made `--max-moves` moves.
    MaxMoves,
    /// The pointer was pushed into a screen corner.
    Failsafe,
    /// The user moved the mouse.
    UserMovedMouse,
    /// Ctrl-C or another stop request.
    Interrupted,
    /// No board was seen for too long.
    BoardLost,
    /// The board changed in a way no legal move explains, for longer than a GUI's passing
    /// drawing lasts.
    Unexplained {
        /// The placement we expected to extend (FEN of the board).
        known: String,
        /// The placement seen.
        seen: String,
    },
    /// Our move did not appear on the board, whichever way it was entered.
    MoveNotShown(String),
    /// The opponent did not move within the timeout.
    OpponentTimeout(Duration),
    /// The first board seen is not a legal position (the reason is given).
    IllegalPosition(String),
    /// A finite frame source ran out (replays).
    EndOfFrames,
}

impl StopReason {
    /// Whether the run was asked to stop (by the user or `--max-moves`) rather than ended by
    /// the game or a failure.
    pub fn asked_for(&self) -> bool {
        matches!(
            self,
            StopReason::MaxMoves
                | StopReason::Failsafe
                | StopReason::UserMovedMouse
                | StopReason::Interrupted
        )
    }
}

/// Something worth telling the user while the run goes on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    /// The game was picked up from the screen.
    Started {
        /// Our side.
        side: Color,
        /// The position as first seen.
        fen: String,
        /// Whether the side to move was only guessed (nothing on the board tells).
        turn_guessed: bool,
    },
    /// The opponent moved.
    TheirMove(String),
    /// The opponent's last move was read while its piece rested on the way: the piece went on,
    /// and this move replaces it.
    TheirMoveWentOn {
        /// The move read first, in SAN.
        was: String,
        /// The move the board shows now, in SAN.
        now: String,
    },
    /// We decided on a move (and are about to play it, unless dry-running).
    OurMove {
        /// The move in SAN.
        san: String,
        /// The move in UCI.
        uci: String,
        /// Where the mouse goes.
        from: ScreenPoint,
        /// Where the mouse is released.
        to: ScreenPoint,
        /// Whether it was only announced (`--dry-run`).
        dry_run: bool,
    },
    /// Our move was seen on the board.
    Confirmed(String),
    /// Our move did not show; it is entered again, this way.
    Retrying {
        /// The move in UCI.
        uci: String,
        /// The gesture tried now.
        how: &'static str,
    },
    /// The GUI took moves entered this way: they are entered so for the rest of the game.
    InputFound(InputMethod),
    /// A promotion chooser was found and the piece clicked.
    PromotionChosen(Role),
    /// The GUI promoted to another piece than the one we chose (by itself): the board's move
    /// is the one recorded.
    PromotedOtherwise(String),
    /// The board has stood still a long time waiting for a side whose turn was only guessed.
    StillWaiting {
        /// The side we wait for.
        side: Color,
        /// How long the board has stood still.
        still: Duration,
    },
}

/// What a run did.
#[derive(Debug, Clone)]
pub struct Report {
    /// Our side, once known.
    pub side: Option<Color>,
    /// The position the game was picked up in.
    pub start: Option<Chess>,
    /// Every move seen on the board since then.
    pub moves: Vec<Move>,
    /// Why the run ended.
    pub reason: StopReason,
    /// For each of our moves after one of theirs: time from the first frame that showed the
    /// opponent's move beginning (its slide included) to our mouse release, minus the time the
    /// player spent choosing.
    pub latencies: Vec<Duration>,
}

/// Everything a run needs, behind traits so tests can replay and record.
pub struct Autoplay<'a> {
    /// Frames.
    pub screen: &'a mut dyn ScreenSource,
    /// Frame to board.
    pub reader: &'a mut dyn BoardReader,
    /// Mouse.
    pub input: &'a mut dyn InputSink,
    /// Chooses our moves.
    pub player: &'a mut dyn Player,
    /// Time and waiting.
    pub clock: &'a mut dyn Clock,
    /// Raised by Ctrl-C.
    pub stop: StopFlag,
    /// Settings.
    pub settings: Settings,
}

/// The game as tracked.
struct Game {
    start: Chess,
    pos: Chess,
    moves: Vec<Move>,
    keys: Vec<u64>,
    side: Color,
    /// Whether the side to move at the start was guessed (nothing on the board told).
    turn_guessed: bool,
}

impl Game {
    fn play(&mut self, m: Move) {
        self.keys.push(position_key(&self.pos));
        self.pos.play_unchecked(m);
        self.moves.push(m);
    }

    /// Takes back the last move: the position before it and that move.
    fn take_back(&mut self) -> Option<(Chess, Move)> {
        let last = self.moves.pop()?;
        self.keys.pop();
        let mut pos = self.start.clone();
        for m in &self.moves {
            pos.play_unchecked(*m);
        }
        self.pos = pos.clone();
        Some((pos, last))
    }
}

/// One gesture that enters a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Gesture {
    /// Press, move, release.
    Drag,
    /// A click on the target alone: finishes a selection that a drag's press left.
    FinishClick,
    /// A click on the piece, then one on the target.
    ClickClick,
}

impl Gesture {
    fn name(self) -> &'static str {
        match self {
            Gesture::Drag => "a drag",
            Gesture::FinishClick => "a click on the target square",
            Gesture::ClickClick => "two clicks",
        }
    }
}

/// Our move, entered and not yet seen on the board.
struct Pending {
    mv: Move,
    from: ScreenPoint,
    to: ScreenPoint,
    /// The gestures still to try when this one does not show.
    next: Vec<Gesture>,
    /// The gesture tried last.
    gesture: Gesture,
    /// When the last gesture (or chooser click) ended.
    at: Duration,
    /// The frame read before the gesture (a promotion chooser is what changed since).
    before: Frame,
    /// The board's place then.
    place: BoardOnScreen,
    /// The whole screen, watched for a promotion chooser: a dialog may open beside the board,
    /// where the board's own watcher does not look.
    screen: Stillness,
    /// The still picture of the screen last searched for a promotion chooser.
    searched: Option<u64>,
    /// Whether a promotion piece was clicked.
    chose: bool,
}

/// A board read from a still picture.
enum Look {
    /// The board is moving (or a picture is being drawn): nothing to act on yet.
    Moving,
    /// The still picture shows no board.
    NoBoard,
    /// The still picture's board.
    Board(Sighting),
}

/// The loop's memory.
#[derive(Default)]
struct State {
    game: Option<Game>,
    still: Stillness,
    /// The last reading: the still picture it came from and what it showed.
    reading: Option<(u64, Option<Sighting>)>,
    /// The frame of the last reading, for gestures and promotion choosers.
    read_frame: Option<Frame>,
    /// When the picture of the last reading began to change (a move began to show).
    shown_at: Option<Duration>,
    /// The last reading of a restless board (see [`params::RESTLESS`]).
    restless: Option<Board>,
    /// The board's last known place.
    place: Option<BoardOnScreen>,
    /// When the still board was first seen without a board, or unexplained.
    lost_since: Option<Duration>,
    unexplained_since: Option<Duration>,
    /// Our moves seen on the board.
    ours: u32,
    pending: Option<Pending>,
    /// Our choice for a position (its key), waiting for one more look before the gesture, and
    /// the time the player took.
    chosen: Option<(u64, Move, Duration)>,
    /// The position a dry run last announced a move for.
    announced: Option<u64>,
    /// The way the GUI takes moves, once known.
    method: Option<InputMethod>,
    /// Where we left the pointer.
    pointer: Option<ScreenPoint>,
    /// When the wait for someone else's move began.
    waiting_since: Duration,
    /// Whether the hint about the side to move was given.
    hinted: bool,
    /// When the opponent's last move began to show.
    their_move_at: Option<Duration>,
    latencies: Vec<Duration>,
}

impl Autoplay<'_> {
    /// Runs until the game ends or a stop condition holds; `events` hears about progress.
    ///
    /// Errors are failures of the machinery (capture, mouse, player); every ordinary end of a
    /// run, safety stops included, is a [`StopReason`] in the report. However the run ends,
    /// the report's moves are the ones the board showed.
    pub fn run(&mut self, events: &mut dyn FnMut(Event)) -> Result<Report, AutoplayError> {
        let mut st = State {
            pointer: self.input.pointer(),
            ..State::default()
        };
        let reason = self.run_loop(&mut st, events)?;
        if reason.asked_for() && st.pending.is_some() {
            self.drain(&mut st, events)?;
        }
        Ok(match st.game {
            Some(g) => Report {
                side: Some(g.side),
                start: Some(g.start),
                moves: g.moves,
                reason,
                latencies: st.latencies,
            },
            None => Report {
                side: None,
                start: None,
                moves: Vec::new(),
                reason,
                latencies: st.latencies,
            },
        })
    }

    fn run_loop(
        &mut self,
        st: &mut State,
        events: &mut dyn FnMut(Event),
    ) -> Result<StopReason, AutoplayError> {
        loop {
            if let Some(reason) = self.asked_to_stop(st) {
                return Ok(reason);
            }
            let frame = match self.screen.capture() {
                Ok(f) => f,
                Err(AutoplayError::EndOfFrames) => return Ok(StopReason::EndOfFrames),
                Err(e) => return Err(e),
            };
            let now = self.clock.now();
            let sighting = match self.look(st, &frame, now)? {
                Look::Moving => {
                    self.pause();
                    continue;
                }
                Look::NoBoard => None,
                Look::Board(s) => Some(s),
            };
            // A chooser is answered before the board is read for our move: a dialog over the
            // board can put a piece's icon on the promotion square, which would read as the
            // GUI promoting to that piece by itself.
            if st.pending.is_some() {
                if let Some(reason) = self.answer_chooser(st, &frame, now, events)? {
                    return Ok(reason);
                }
                if st.pending.as_ref().is_some_and(|p| p.chose && p.at == now) {
                    self.pause();
                    continue;
                }
            }
            if let Some(reason) = self.track(st, sighting.as_ref(), now, events) {
                return Ok(reason);
            }
            if st.pending.is_some() {
                if let Some(reason) = self.follow_pending(st, now, events)? {
                    return Ok(reason);
                }
                self.pause();
                continue;
            }
            let lost_limit = if st.game.is_some() {
                self.settings.lost
            } else {
                self.settings.find
            };
            if let Some(since) = st.lost_since
                && now.saturating_sub(since) >= lost_limit
            {
                return Ok(StopReason::BoardLost);
            }
            if let (Some(since), Some(g), Some(s)) = (st.unexplained_since, &st.game, &sighting)
                && now.saturating_sub(since) >= self.settings.transient
            {
                return Ok(StopReason::Unexplained {
                    known: g.pos.board().to_string(),
                    seen: s.board.to_string(),
                });
            }
            let (Some(g), Some(s)) = (&st.game, sighting) else {
                self.pause();
                continue;
            };
            if st.unexplained_since.is_some() {
                self.pause();
                continue;
            }
            let announced = st.announced == Some(position_key(&g.pos));
            if g.pos.turn() != g.side || self.settings.dry_run && announced {
                if let Some(reason) = self.wait_for_them(st, now, events) {
                    return Ok(reason);
                }
                self.pause();
                continue;
            }
            if let Some(reason) = self.our_turn(st, &frame, &s, now, events)? {
                return Ok(reason);
            }
        }
    }

    fn pause(&mut self) {
        let poll = self.settings.poll;
        self.clock.sleep(poll);
    }

    /// The stops a user can ask for (Ctrl-C, the pointer pushed into a corner or moved away
    /// from where we left it) and `--max-moves`: checked at the top of the loop and again right
    /// before every gesture, so that a stop asked for while the engine thinks holds.
    fn asked_to_stop(&mut self, st: &mut State) -> Option<StopReason> {
        if self.stop.is_stopped() {
            return Some(StopReason::Interrupted);
        }
        if let Some(p) = self.input.pointer() {
            if let Some(size) = self.input.screen_size()
                && in_corner(p, size)
            {
                return Some(StopReason::Failsafe);
            }
            match st.pointer {
                Some(home)
                    if (p.x - home.x).abs() > params::POINTER_SLACK
                        || (p.y - home.y).abs() > params::POINTER_SLACK =>
                {
                    return Some(StopReason::UserMovedMouse);
                }
                Some(_) => {}
                None => st.pointer = Some(p),
            }
        }
        if self.settings.max_moves.is_some_and(|n| st.ours >= n) {
            return Some(StopReason::MaxMoves);
        }
        None
    }

    /// Watches the frame and reads the board once it stands still.
    fn look(
        &mut self,
        st: &mut State,
        frame: &Frame,
        now: Duration,
    ) -> Result<Look, AutoplayError> {
        let area = match &st.place {
            Some(p) => PixelRect::around(p.x, p.y, p.width, p.height, &frame.image),
            None => PixelRect::whole(&frame.image),
        };
        st.still.feed(&frame.image, area, now);
        let epoch = st.still.epoch();
        let still = st.still.still_for(now) >= self.settings.settle;
        let restless = st
            .still
            .first_change()
            .is_some_and(|t| now.saturating_sub(t) >= params::RESTLESS);
        if !still && !restless {
            return Ok(Look::Moving);
        }
        let sighting = match &st.reading {
            Some((e, s)) if *e == epoch => s.clone(),
            _ => {
                let s = self.reader.read(frame)?;
                if !still {
                    // A board that never stands still: two readings in a row must agree.
                    let board = s.as_ref().map(|s| s.board.clone());
                    if board.is_none() || board != st.restless {
                        st.restless = board;
                        return Ok(Look::Moving);
                    }
                }
                st.restless = None;
                st.reading = Some((epoch, s.clone()));
                st.read_frame = Some(frame.clone());
                st.shown_at = st.still.first_change();
                st.still.mark_read();
                s
            }
        };
        Ok(match sighting {
            Some(s) => {
                st.place = Some(s.place);
                Look::Board(s)
            }
            None => Look::NoBoard,
        })
    }

    /// Brings the game up to the board seen; a reason when the run must end.
    fn track(
        &mut self,
        st: &mut State,
        sighting: Option<&Sighting>,
        now: Duration,
        events: &mut dyn FnMut(Event),
    ) -> Option<StopReason> {
        let Some(s) = sighting else {
            st.lost_since.get_or_insert(now);
            return None;
        };
        st.lost_since = None;
        if st.game.is_none() {
            let g = match self.pick_up(s) {
                Ok(g) => g,
                Err(why) => return Some(StopReason::IllegalPosition(why)),
            };
            events(Event::Started {
                side: g.side,
                fen: crate::rules::fen::to_fen(&g.pos),
                turn_guessed: g.turn_guessed,
            });
            if let [m] = g.moves[..]
                && g.start.turn() != g.side
            {
                let san = shakmaty::san::SanPlus::from_move(g.start.clone(), m).to_string();
                events(Event::TheirMove(san));
                st.their_move_at = st.shown_at;
            }
            st.game = Some(g);
            st.waiting_since = now;
        }
        let g = st.game.as_mut()?;
        let pending = st.pending.as_ref().map(|p| p.mv);
        let moves = match explain(&g.pos, g.moves.last(), pending.as_ref(), &s.board) {
            Change::Unchanged => {
                st.unexplained_since = None;
                return None;
            }
            Change::Moved(moves) => moves,
            Change::Unexplained => {
                if st.pending.is_none()
                    && g.pos.turn() == g.side
                    && let Some((was, went_on)) = went_on(g, &s.board)
                {
                    events(Event::TheirMoveWentOn { was, now: went_on });
                    st.chosen = None;
                    st.unexplained_since = None;
                    st.waiting_since = now;
                    return None;
                }
                st.unexplained_since.get_or_insert(now);
                return None;
            }
        };
        st.unexplained_since = None;
        for m in moves {
            let san = shakmaty::san::SanPlus::from_move(g.pos.clone(), m).to_string();
            if g.pos.turn() == g.side {
                // Our turn changed the board: it must be the move we entered (or, with a GUI
                // that promotes by itself, that pawn move with the GUI's piece).
                match st.pending.take() {
                    Some(p) if p.mv == m || same_squares(&p.mv, &m) => {
                        // Another piece than ours may be a picture over the square before
                        // the GUI's chooser opens (the dragged pawn faded, a dialog's icon):
                        // the GUI is taken to have promoted by itself only when no chooser
                        // came in the time a move has to show.
                        if p.mv != m
                            && self.settings.promotion == PromotionDialog::Auto
                            && !p.chose
                            && now.saturating_sub(p.at) < self.settings.verify
                        {
                            st.pending = Some(p);
                            return None;
                        }
                        if p.mv != m {
                            events(Event::PromotedOtherwise(san.clone()));
                        }
                        if self.settings.input == InputChoice::Auto && st.method.is_none() {
                            let method = match p.gesture {
                                Gesture::Drag => InputMethod::Drag,
                                Gesture::FinishClick | Gesture::ClickClick => InputMethod::Click,
                            };
                            st.method = Some(method);
                            events(Event::InputFound(method));
                        }
                        events(Event::Confirmed(san));
                        st.ours += 1;
                    }
                    None if self.settings.dry_run => events(Event::Confirmed(san)),
                    other => {
                        st.pending = other;
                        return Some(StopReason::Unexplained {
                            known: g.pos.board().to_string(),
                            seen: s.board.to_string(),
                        });
                    }
                }
            } else {
                events(Event::TheirMove(san));
                st.their_move_at = st.shown_at;
            }
            g.play(m);
            st.waiting_since = now;
            st.chosen = None;
        }
        // Every move the board shows is recorded before `--max-moves` ends the run.
        if self.settings.max_moves.is_some_and(|n| st.ours >= n) {
            return Some(StopReason::MaxMoves);
        }
        if let Some(outcome) = g.pos.outcome().known() {
            return Some(StopReason::GameOver(Outcome::Known(outcome)));
        }
        // Waiting on for a move after such a draw would wait for ever.
        if crate::game::GamePosition::repetitions(&g.pos, &g.keys) >= 3 {
            return Some(StopReason::Drawn(Termination::Repetition));
        }
        if g.pos.halfmoves() >= 100 {
            return Some(StopReason::Drawn(Termination::FiftyMoves));
        }
        None
    }

    /// Our promotion was entered and no piece chosen yet: looks for the GUI's chooser once the
    /// whole screen stands still in a picture not searched yet, and clicks the wanted piece in
    /// it.
    fn answer_chooser(
        &mut self,
        st: &mut State,
        frame: &Frame,
        now: Duration,
        events: &mut dyn FnMut(Event),
    ) -> Result<Option<StopReason>, AutoplayError> {
        let Some(side) = st.game.as_ref().map(|g| g.side) else {
            return Ok(None);
        };
        let Some(p) = st.pending.as_mut() else {
            return Ok(None);
        };
        let Some(role) = p.mv.promotion() else {
            return Ok(None);
        };
        if self.settings.promotion != PromotionDialog::Auto || p.chose {
            return Ok(None);
        }
        p.screen
            .feed(&frame.image, PixelRect::whole(&frame.image), now);
        let epoch = p.screen.epoch();
        if p.screen.still_for(now) < self.settings.settle || p.searched == Some(epoch) {
            return Ok(None);
        }
        p.searched = Some(epoch);
        let known = st.game.as_ref().map(|g| g.pos.board().clone());
        let chooser = find_chooser(
            self.reader,
            &p.before,
            frame,
            &p.place,
            &known.unwrap_or_default(),
            drop_square(&p.mv),
            side,
        )?;
        let Some(at) = chooser.as_ref().and_then(|c| c.icon(role)) else {
            return Ok(None);
        };
        if let Some(reason) = self.asked_to_stop(st) {
            return Ok(Some(reason));
        }
        let at = frame.to_screen(at);
        if let Err(e) = self.input.click(at) {
            return Ok(Some(gesture_stop(e)));
        }
        st.pointer = self.input.pointer().or(Some(at));
        events(Event::PromotionChosen(role));
        if let Some(p) = st.pending.as_mut() {
            p.chose = true;
            p.at = now;
        }
        Ok(None)
    }

    /// Our move was entered and is not on the board yet: the next way of entering it, or the
    /// end.
    fn follow_pending(
        &mut self,
        st: &mut State,
        now: Duration,
        events: &mut dyn FnMut(Event),
    ) -> Result<Option<StopReason>, AutoplayError> {
        let Some(p) = st.pending.as_mut() else {
            return Ok(None);
        };
        if now.saturating_sub(p.at) < self.settings.verify {
            return Ok(None);
        }
        let uci = st
            .game
            .as_ref()
            .map(|g| p.mv.to_uci(g.pos.castles().mode()).to_string())
            .unwrap_or_default();
        if p.chose || p.next.is_empty() {
            return Ok(Some(StopReason::MoveNotShown(uci)));
        }
        let gesture = p.next.remove(0);
        events(Event::Retrying {
            uci,
            how: gesture.name(),
        });
        let (mv, from, to) = (p.mv, p.from, p.to);
        if let Err(reason) = self.gesture(st, gesture, mv, from, to) {
            return Ok(Some(reason));
        }
        let now = self.clock.now();
        if let Some(p) = st.pending.as_mut() {
            p.gesture = gesture;
            p.at = now;
            p.searched = None;
        }
        Ok(None)
    }

    /// Waiting for the opponent (or, dry-running, for whoever moves): the timeout, and a hint
    /// when the side to move was guessed and may be wrong.
    fn wait_for_them(
        &mut self,
        st: &mut State,
        now: Duration,
        events: &mut dyn FnMut(Event),
    ) -> Option<StopReason> {
        let waited = now.saturating_sub(st.waiting_since);
        if let Some(limit) = self.settings.opponent_timeout
            && waited >= limit
        {
            return Some(StopReason::OpponentTimeout(waited));
        }
        let g = st.game.as_ref()?;
        let still = st.still.still_for(now);
        if g.turn_guessed && g.moves.is_empty() && !st.hinted && still >= params::TURN_HINT {
            st.hinted = true;
            events(Event::StillWaiting {
                side: g.pos.turn(),
                still,
            });
        }
        None
    }

    /// Our turn on a still board: choose (then look once more), or enter the move chosen.
    fn our_turn(
        &mut self,
        st: &mut State,
        frame: &Frame,
        sighting: &Sighting,
        now: Duration,
        events: &mut dyn FnMut(Event),
    ) -> Result<Option<StopReason>, AutoplayError> {
        let Some(g) = st.game.as_ref() else {
            return Ok(None);
        };
        let key = position_key(&g.pos);
        let Some((_, mv, think)) = st.chosen.filter(|(k, _, _)| *k == key) else {
            let started = self.clock.now();
            let view = GameView {
                start: &g.start,
                moves: &g.moves,
                position: &g.pos,
                history: &g.keys,
            };
            let choice = self
                .player
                .choose(&view, &self.settings.clock)
                .map_err(|e| AutoplayError::Player(e.to_string()))?;
            let think = self.clock.now().saturating_sub(started);
            // The board is looked at once more (and the stops checked) before the gesture.
            st.chosen = Some((key, choice.mv, think));
            return Ok(None);
        };
        let pos = g.pos.clone();
        if let Some(reason) = self.asked_to_stop(st) {
            return Ok(Some(reason));
        }
        let place = sighting.place;
        let from = frame.to_screen(place.square_center(mv.from().unwrap_or(mv.to())));
        let to = frame.to_screen(place.square_center(drop_square(&mv)));
        events(Event::OurMove {
            san: shakmaty::san::SanPlus::from_move(pos.clone(), mv).to_string(),
            uci: mv.to_uci(pos.castles().mode()).to_string(),
            from,
            to,
            dry_run: self.settings.dry_run,
        });
        st.chosen = None;
        if self.settings.dry_run {
            st.announced = Some(key);
            st.waiting_since = now;
            self.pause();
            return Ok(None);
        }
        let mut plan = match (self.settings.input, st.method) {
            (InputChoice::Fixed(InputMethod::Drag), _)
            | (InputChoice::Auto, Some(InputMethod::Drag)) => vec![Gesture::Drag, Gesture::Drag],
            (InputChoice::Fixed(InputMethod::Click), _)
            | (InputChoice::Auto, Some(InputMethod::Click)) => {
                vec![Gesture::ClickClick, Gesture::ClickClick]
            }
            (InputChoice::Auto, None) => {
                vec![Gesture::Drag, Gesture::FinishClick, Gesture::ClickClick]
            }
        };
        let gesture = plan.remove(0);
        // Pending before the gesture: a stop in the middle of it still watches for the move.
        st.pending = Some(Pending {
            mv,
            from,
            to,
            next: plan,
            gesture,
            at: now,
            before: st.read_frame.clone().unwrap_or_else(|| frame.clone()),
            place,
            screen: Stillness::new(),
            searched: None,
            chose: false,
        });
        if let Err(reason) = self.gesture(st, gesture, mv, from, to) {
            return Ok(Some(reason));
        }
        let released = self.clock.now();
        if let Some(p) = st.pending.as_mut() {
            p.at = released;
        }
        if let Some(shown) = st.their_move_at.take() {
            st.latencies
                .push(released.saturating_sub(shown).saturating_sub(think));
        }
        self.pause();
        Ok(None)
    }

    /// Enters a move with one gesture, after checking the stops once more; a safety stop comes
    /// back as the reason.
    fn gesture(
        &mut self,
        st: &mut State,
        gesture: Gesture,
        mv: Move,
        from: ScreenPoint,
        to: ScreenPoint,
    ) -> Result<(), StopReason> {
        if let Some(reason) = self.asked_to_stop(st) {
            return Err(reason);
        }
        let result = match gesture {
            Gesture::Drag => self.input.drag(from, to),
            Gesture::FinishClick => self.input.click(to),
            Gesture::ClickClick => self.input.click(from).and_then(|()| self.input.click(to)),
        };
        st.pointer = self.input.pointer().or(Some(to));
        result.map_err(gesture_stop)?;
        if let (Some(role), PromotionDialog::Column, Some(place)) =
            (mv.promotion(), self.settings.promotion, st.place)
        {
            let at = promotion_choice_square(&place, drop_square(&mv), role);
            let poll = self.settings.poll;
            self.clock.sleep(poll);
            if let Some(reason) = self.asked_to_stop(st) {
                return Err(reason);
            }
            let frame = st
                .read_frame
                .as_ref()
                .map(|f| f.to_screen(place.square_center(at)));
            if let Some(point) = frame {
                self.input.click(point).map_err(gesture_stop)?;
                st.pointer = self.input.pointer().or(Some(point));
            }
        }
        Ok(())
    }

    /// After a stop asked for while our move was under way: watches the board a little longer
    /// and records what it shows, so that the saved game has every move made on the board.
    fn drain(
        &mut self,
        st: &mut State,
        events: &mut dyn FnMut(Event),
    ) -> Result<(), AutoplayError> {
        let until = self.clock.now() + params::DRAIN;
        while st.pending.is_some() && self.clock.now() < until {
            let frame = match self.screen.capture() {
                Ok(f) => f,
                Err(_) => break,
            };
            let now = self.clock.now();
            if let Look::Board(s) = self.look(st, &frame, now)? {
                let max = self.settings.max_moves.take();
                let _ = self.track(st, Some(&s), now, events);
                self.settings.max_moves = max;
            }
            self.pause();
        }
        Ok(())
    }

    /// Starts tracking from the first still board.
    fn pick_up(&self, s: &Sighting) -> Result<Game, String> {
        let side = match self.settings.side {
            SideChoice::Fixed(c) => c,
            SideChoice::Auto if s.place.white_at_bottom => Color::White,
            SideChoice::Auto => Color::Black,
        };
        let start = Chess::default();
        let game = |start: Chess, turn_guessed: bool| Game {
            pos: start.clone(),
            start,
            moves: Vec::new(),
            keys: Vec::new(),
            side,
            turn_guessed,
        };
        if self.settings.turn.is_none() {
            // The start, or a game that began a moment before we looked (the GUI's engine
            // opened at once): the game and its record begin at the start.
            match explain(&start, None, None, &s.board) {
                Change::Unchanged => return Ok(game(start, false)),
                Change::Moved(moves) if moves.len() == 1 => {
                    let mut g = game(start, false);
                    g.play(moves[0]);
                    return Ok(g);
                }
                _ => {}
            }
        }
        let (turn, guessed) = match (self.settings.turn, s.turn) {
            (Some(t), _) => (t, false),
            (None, Some(t)) => (t, false),
            (None, None) => (Color::White, true),
        };
        let position = |turn: Color| {
            let mut setup = Setup::empty();
            setup.board = s.board.clone();
            setup.turn = turn;
            setup.castling_rights = home_castling_rights(&s.board);
            setup
                .position::<Chess>(shakmaty::CastlingMode::Standard)
                .map_err(|e| crate::rules::fen::describe_position_errors(e.kinds()))
        };
        match position(turn) {
            Ok(pos) => Ok(game(pos, guessed)),
            // A guess that leaves the side not to move in check is the other side's turn.
            Err(why) if guessed => position(!turn).map(|pos| game(pos, false)).map_err(|_| why),
            Err(why) => Err(why),
        }
    }
}

/// The stop a failed gesture means.
fn gesture_stop(e: AutoplayError) -> StopReason {
    match e {
        AutoplayError::UserMovedMouse => StopReason::UserMovedMouse,
        AutoplayError::Failsafe => StopReason::Failsafe,
        e => StopReason::MoveNotShown(e.to_string()),
    }
}

/// When the board no legal move explains is the opponent's last move gone further (a GUI's
/// slide that rested on a square long enough to be read as still, on a busy machine): the same
/// piece from the same square to another one. Replaces the move in `g` and returns both moves
/// in SAN; leaves `g` as it was otherwise.
fn went_on(g: &mut Game, seen: &Board) -> Option<(String, String)> {
    let (before, last) = g.take_back()?;
    let earlier = g.moves.last().copied();
    match explain(&before, earlier.as_ref(), None, seen) {
        Change::Moved(ms) if ms.len() == 1 && ms[0] != last && ms[0].from() == last.from() => {
            let was = shakmaty::san::SanPlus::from_move(before.clone(), last).to_string();
            let now = shakmaty::san::SanPlus::from_move(before, ms[0]).to_string();
            g.play(ms[0]);
            Some((was, now))
        }
        _ => {
            g.play(last);
            None
        }
    }
}

/// Whether two moves go between the same squares (promotions to different pieces).
fn same_squares(a: &Move, b: &Move) -> bool {
    a.from() == b.from() && a.to() == b.to() && a.promotion().is_some() && b.promotion().is_some()
}

/// The square the mouse releases on: for castling, the king's destination (GUIs accept the
/// king's two-square move; shakmaty encodes castling as king-takes-rook).
fn drop_square(m: &Move) -> Square {
    match *m {
        Move::Castle { king, rook } => {
            let file = if rook.file() > king.file() {
                shakmaty::File::G
            } else {
                shakmaty::File::C
            };
            Square::from_coords(file, king.rank())
        }
        _ => m.to(),
    }
}

/// Where a column-style promotion dialog shows `role`, counting from the promotion square
/// towards the board's centre: queen, knight, rook, bishop.
fn promotion_choice_square(place: &BoardOnScreen, to: Square, role: Role) -> Square {
    let index = match role {
        Role::Knight => 1,
        Role::Rook => 2,
        Role::Bishop => 3,
        _ => 0,
    };
    let (col, row) = place.cell(to);
    let row = if row == 0 { index } else { 7 - index };
    place.square_at(col, row)
}

/// Castling rights for kings and rooks still on their home squares.
fn home_castling_rights(board: &Board) -> shakmaty::Bitboard {
    let mut rights = shakmaty::Bitboard::EMPTY;
    for (king, rooks) in [
        (Square::E1, [Square::A1, Square::H1]),
        (Square::E8, [Square::A8, Square::H8]),
    ] {
        let color = if king == Square::E1 {
            Color::White
        } else {
            Color::Black
        };
        if board.piece_at(king) == Some(color.king()) {
            for r in rooks {
                if board.piece_at(r) == Some(color.rook()) {
                    rights.add(r);
                }
            }
        }
    }
    rights
}

#[cfg(test)]
mod tests;
