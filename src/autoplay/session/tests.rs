//! The loop against a simulated GUI: a small painted board that slides pieces, takes drags or
//! clicks, draws marks on the last move, opens a promotion dialog, and plays scripted replies,
//! all on a manual clock, so that every wait and every stop is tested without sleeping.

use super::*;
use crate::autoplay::clock::ManualClock;
use crate::autoplay::geometry::CaptureRect;
use crate::autoplay::input::Action;
use crate::players::{Choice, PlayerError};
use image::{Rgb, RgbImage};
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Piece};
use std::sync::{Arc, Mutex};

const MS: fn(u64) -> Duration = Duration::from_millis;

/// Where the painted board lies: 8 squares of `SQ` pixels from (`BX`, `BY`).
const BX: u32 = 10;
const BY: u32 = 10;
const SQ: u32 = 10;
/// The painted promotion dialog: four icons in a row from (`DX`, `DY`), `DSTEP` apart.
const DX: u32 = 120;
const DY: u32 = 15;
const DSTEP: u32 = 25;
const ICON: u32 = 12;
const NO_BOARD: Rgb<u8> = Rgb([0, 90, 0]);
const DIALOG: Rgb<u8> = Rgb([230, 230, 230]);

fn piece_colour(p: Piece) -> Rgb<u8> {
    let i = p.role as u8 * 2 + u8::from(p.color == Color::Black);
    Rgb([18 * i, 0, 250 - 18 * i])
}

fn colour_piece(c: Rgb<u8>) -> Option<Piece> {
    Color::ALL
        .into_iter()
        .flat_map(|color| Role::ALL.map(|role| Piece { color, role }))
        .find(|p| piece_colour(*p) == c)
}

/// What the simulated screen shows.
#[derive(Debug, Clone, PartialEq)]
enum Shown {
    /// A board, with pieces also drawn on the listed squares (marks, pieces on the way).
    Board(Board, Vec<(Square, Piece)>),
    /// A board (with pieces also drawn on the listed squares) and the promotion dialog over
    /// it, offering `color`'s pieces.
    Dialog(Board, Vec<(Square, Piece)>, Color),
    /// No board at all.
    Nothing,
}

/// How the simulated GUI behaves.
#[derive(Debug, Clone)]
struct Behaviour {
    white_at_bottom: bool,
    /// Drags are taken (else a drag's press only selects the piece, as in GNOME Chess).
    drag: bool,
    /// Two clicks are taken.
    click: bool,
    /// A drag that is not taken leaves a picture of the piece on the target square (as GNOME
    /// Chess under Xvfb), while the piece stays where it was.
    drag_ghost: bool,
    /// A slide shows the moving piece on these squares in turn, each for `step`.
    slide: Vec<Square>,
    step: Duration,
    /// The GUI's engine answers this long after our move is on the board.
    think: Duration,
    /// A piece drawn on the square the last move left (a mark that reads as a piece).
    mark: Option<Piece>,
    /// Promotion: a dialog (else the GUI makes a queen).
    dialog: bool,
    /// The dialog opens this long after the gesture; until it closes, the promotion square
    /// shows this piece (a faded picture of the pawn, a dialog's icon over the square).
    dialog_late: Option<(Duration, Piece)>,
    /// Raise this flag when our gesture arrives (Ctrl-C during the gesture).
    stop_on_gesture: Option<StopFlag>,
}

impl Default for Behaviour {
    fn default() -> Self {
        Behaviour {
            white_at_bottom: true,
            drag: true,
            click: true,
            drag_ghost: false,
            slide: Vec::new(),
            step: MS(0),
            think: MS(500),
            mark: None,
            dialog: true,
            dialog_late: None,
            stop_on_gesture: None,
        }
    }
}

struct GuiState {
    how: Behaviour,
    clock: ManualClock,
    pos: Chess,
    /// Our side (the human's in the GUI).
    human: Color,
    replies: Vec<&'static str>,
    /// What the screen shows from when, in time order.
    timeline: Vec<(Duration, Shown)>,
    selected: Option<Square>,
    /// A promotion waiting for the dialog: from, to.
    asking: Option<(Square, Square)>,
    pointer: ScreenPoint,
    actions: Vec<Action>,
    /// The moves the GUI made, as its own record.
    record: Vec<Move>,
    /// The timeline ends here (a replay's end).
    end: Duration,
}

#[derive(Clone)]
struct Gui(Arc<Mutex<GuiState>>);

impl Gui {
    fn new(start: Chess, human: Color, replies: Vec<&'static str>, how: Behaviour) -> Gui {
        let clock = ManualClock::new();
        let state = GuiState {
            timeline: vec![(MS(0), Shown::Board(start.board().clone(), Vec::new()))],
            how,
            clock,
            pos: start,
            human,
            replies,
            selected: None,
            asking: None,
            pointer: ScreenPoint { x: 500, y: 300 },
            actions: Vec::new(),
            record: Vec::new(),
            end: Duration::from_secs(600),
        };
        let gui = Gui(Arc::new(Mutex::new(state)));
        gui.maybe_reply(MS(0));
        gui
    }

    fn clock(&self) -> ManualClock {
        self.0.lock().unwrap().clock.clone()
    }

    fn shown_at(&self, t: Duration) -> Shown {
        let s = self.0.lock().unwrap();
        s.timeline
            .iter()
            .rev()
            .find(|(at, _)| *at <= t)
            .map(|(_, shown)| shown.clone())
            .unwrap_or(Shown::Nothing)
    }

    /// Plays `m` in the GUI from time `t`: the slide, then the board (with its mark).
    fn play(&self, m: Move, mut t: Duration) -> Duration {
        let mut s = self.0.lock().unwrap();
        let before = s.pos.board().clone();
        let mut without = before.clone();
        let moving = m.from().and_then(|f| without.remove_piece_at(f));
        if let Some(piece) = moving {
            for &sq in &s.how.slide.clone() {
                s.timeline
                    .push((t, Shown::Board(without.clone(), vec![(sq, piece)])));
                t += s.how.step;
            }
        }
        s.pos.play_unchecked(m);
        s.record.push(m);
        let marks = match (s.how.mark, m.from()) {
            (Some(mark), Some(from)) if s.pos.board().piece_at(from).is_none() => {
                vec![(from, mark)]
            }
            _ => Vec::new(),
        };
        let board = s.pos.board().clone();
        s.timeline.push((t, Shown::Board(board, marks)));
        t
    }

    /// The GUI's engine answers, if it is its turn and it has a reply left.
    fn maybe_reply(&self, shown: Duration) {
        let (turn, human, think) = {
            let s = self.0.lock().unwrap();
            (s.pos.turn(), s.human, s.how.think)
        };
        if turn == human || self.0.lock().unwrap().replies.is_empty() {
            return;
        }
        let uci = self.0.lock().unwrap().replies.remove(0);
        let m = uci
            .parse::<UciMove>()
            .unwrap()
            .to_move(&self.0.lock().unwrap().pos)
            .unwrap();
        self.play(m, shown + think);
    }

    fn square_at(&self, p: ScreenPoint) -> Option<Square> {
        let s = self.0.lock().unwrap();
        let (x, y) = (p.x as u32, p.y as u32);
        if x < BX || y < BY || x >= BX + 8 * SQ || y >= BY + 8 * SQ {
            return None;
        }
        let place = place(s.how.white_at_bottom);
        Some(place.square_at((x - BX) / SQ, (y - BY) / SQ))
    }

    /// Our move from `from` to `to`, if legal and our turn.
    fn human_move(&self, from: Square, to: Square) -> bool {
        let now = self.clock().now();
        let (pos, human, dialog) = {
            let s = self.0.lock().unwrap();
            (s.pos.clone(), s.human, s.how.dialog)
        };
        if pos.turn() != human {
            return false;
        }
        let legal: Vec<Move> = pos
            .legal_moves()
            .into_iter()
            .filter(|m| m.from() == Some(from) && drop_square(m) == to)
            .collect();
        let Some(first) = legal.first().copied() else {
            return false;
        };
        if first.promotion().is_some() {
            if dialog {
                let mut s = self.0.lock().unwrap();
                s.asking = Some((from, to));
                let board = s.pos.board().clone();
                let (late, over) = match s.how.dialog_late {
                    Some((late, piece)) => (late, vec![(to, piece)]),
                    None => (Duration::ZERO, Vec::new()),
                };
                if !late.is_zero() {
                    let shown = Shown::Board(board.clone(), over.clone());
                    s.timeline.push((now, shown));
                }
                s.timeline
                    .push((now + late, Shown::Dialog(board, over, human)));
                return true;
            }
            let queen = legal.iter().find(|m| m.promotion() == Some(Role::Queen));
            let shown = self.play(*queen.unwrap(), now);
            self.maybe_reply(shown);
            return true;
        }
        let shown = self.play(first, now);
        self.maybe_reply(shown);
        true
    }

    fn gesture(&self) {
        if let Some(flag) = &self.0.lock().unwrap().how.stop_on_gesture {
            flag.stop();
        }
    }
}

fn place(white_at_bottom: bool) -> BoardOnScreen {
    BoardOnScreen {
        x: BX as f32,
        y: BY as f32,
        width: (8 * SQ) as f32,
        height: (8 * SQ) as f32,
        white_at_bottom,
    }
}

fn dialog_icon(i: u32) -> (u32, u32) {
    (DX + i * DSTEP, DY)
}

const DIALOG_ROLES: [Role; 4] = [Role::Queen, Role::Knight, Role::Rook, Role::Bishop];

impl ScreenSource for Gui {
    fn capture(&mut self) -> Result<Frame, AutoplayError> {
        let now = self.clock().now();
        if now > self.0.lock().unwrap().end {
            return Err(AutoplayError::EndOfFrames);
        }
        let white_at_bottom = self.0.lock().unwrap().how.white_at_bottom;
        let mut img = RgbImage::from_pixel(240, 100, Rgb([250, 250, 250]));
        let paint_board = |img: &mut RgbImage, board: &Board, extra: &[(Square, Piece)]| {
            let place = place(white_at_bottom);
            for sq in Square::ALL {
                let (col, row) = place.cell(sq);
                let light = (col + row) % 2 == 0;
                let base = if light {
                    Rgb([200, 200, 200])
                } else {
                    Rgb([120, 120, 120])
                };
                for y in 0..SQ {
                    for x in 0..SQ {
                        img.put_pixel(BX + col * SQ + x, BY + row * SQ + y, base);
                    }
                }
                let piece = extra
                    .iter()
                    .find(|(s, _)| *s == sq)
                    .map(|(_, p)| *p)
                    .or(board.piece_at(sq));
                if let Some(p) = piece {
                    for y in 2..SQ - 2 {
                        for x in 2..SQ - 2 {
                            img.put_pixel(BX + col * SQ + x, BY + row * SQ + y, piece_colour(p));
                        }
                    }
                }
            }
        };
        match self.shown_at(now) {
            Shown::Nothing => img = RgbImage::from_pixel(240, 100, NO_BOARD),
            Shown::Board(board, extra) => paint_board(&mut img, &board, &extra),
            Shown::Dialog(board, extra, color) => {
                paint_board(&mut img, &board, &extra);
                for y in DY - 8..DY + ICON + 8 {
                    for x in DX - 8..DX + 3 * DSTEP + ICON + 8 {
                        img.put_pixel(x, y, DIALOG);
                    }
                }
                for (i, role) in DIALOG_ROLES.iter().enumerate() {
                    let (x0, y0) = dialog_icon(i as u32);
                    for y in 0..ICON {
                        for x in 0..ICON {
                            img.put_pixel(
                                x0 + x,
                                y0 + y,
                                piece_colour(Piece { color, role: *role }),
                            );
                        }
                    }
                }
            }
        }
        Ok(Frame::unscaled(img))
    }
}

impl InputSink for Gui {
    fn drag(&mut self, from: ScreenPoint, to: ScreenPoint) -> Result<(), AutoplayError> {
        self.gesture();
        self.0
            .lock()
            .unwrap()
            .actions
            .push(Action::Drag { from, to });
        self.0.lock().unwrap().pointer = to;
        let (Some(f), Some(t)) = (self.square_at(from), self.square_at(to)) else {
            return Ok(());
        };
        let (drag, click) = {
            let s = self.0.lock().unwrap();
            (s.how.drag, s.how.click)
        };
        if drag {
            self.human_move(f, t);
        } else if click {
            // The press selects the piece; the release does nothing.
            let now = self.clock().now();
            let mut s = self.0.lock().unwrap();
            s.selected = Some(f);
            if s.how.drag_ghost
                && let Some(piece) = s.pos.board().piece_at(f)
            {
                let board = s.pos.board().clone();
                s.timeline
                    .push((now, Shown::Board(board, vec![(t, piece)])));
            }
        }
        Ok(())
    }

    fn click(&mut self, at: ScreenPoint) -> Result<(), AutoplayError> {
        self.gesture();
        self.0.lock().unwrap().actions.push(Action::Click(at));
        self.0.lock().unwrap().pointer = at;
        let asking = self.0.lock().unwrap().asking;
        if let Some((from, to)) = asking {
            for (i, role) in DIALOG_ROLES.iter().enumerate() {
                let (x0, y0) = dialog_icon(i as u32);
                let (x, y) = (at.x as u32, at.y as u32);
                if (x0..x0 + ICON).contains(&x) && (y0..y0 + ICON).contains(&y) {
                    let pos = self.0.lock().unwrap().pos.clone();
                    let m = pos
                        .legal_moves()
                        .into_iter()
                        .find(|m| {
                            m.from() == Some(from) && m.to() == to && m.promotion() == Some(*role)
                        })
                        .unwrap();
                    self.0.lock().unwrap().asking = None;
                    let now = self.clock().now();
                    let shown = self.play(m, now);
                    self.maybe_reply(shown);
                }
            }
            return Ok(());
        }
        let Some(sq) = self.square_at(at) else {
            return Ok(());
        };
        if !self.0.lock().unwrap().how.click {
            return Ok(());
        }
        let selected = self.0.lock().unwrap().selected;
        match selected {
            Some(s) if s == sq => self.0.lock().unwrap().selected = None,
            Some(s) => {
                self.0.lock().unwrap().selected = None;
                self.human_move(s, sq);
            }
            None => self.0.lock().unwrap().selected = Some(sq),
        }
        Ok(())
    }

    fn pointer(&mut self) -> Option<ScreenPoint> {
        Some(self.0.lock().unwrap().pointer)
    }

    fn screen_size(&mut self) -> Option<(i32, i32)> {
        Some((1280, 800))
    }
}

/// Reads the painted board back.
struct Painted {
    white_at_bottom: bool,
    turn: Option<Color>,
}

impl BoardReader for Painted {
    fn read(&mut self, frame: &Frame) -> Result<Option<Sighting>, AutoplayError> {
        if *frame.image.get_pixel(0, 0) == NO_BOARD {
            return Ok(None);
        }
        let place = place(self.white_at_bottom);
        let mut board = Board::empty();
        for sq in Square::ALL {
            let c = place.square_center(sq);
            if let Some(p) = colour_piece(*frame.image.get_pixel(c.x as u32, c.y as u32)) {
                board.set_piece_at(sq, p);
            }
        }
        Ok(Some(Sighting {
            board,
            place,
            turn: self.turn,
        }))
    }

    fn read_pictures(
        &mut self,
        frame: &Frame,
        boxes: &[CaptureRect],
    ) -> Result<Vec<Option<(Piece, f32)>>, AutoplayError> {
        Ok(boxes
            .iter()
            .map(|b| {
                let c = b.center();
                let (x, y) = (c.x as u32, c.y as u32);
                if x >= frame.image.width() || y >= frame.image.height() {
                    return None;
                }
                colour_piece(*frame.image.get_pixel(x, y)).map(|p| (p, 0.99))
            })
            .collect())
    }
}

/// Plays a fixed list of moves; can act while it "thinks" (taking `think` of the clock).
struct Scripted {
    moves: Vec<&'static str>,
    clock: ManualClock,
    think: Duration,
    meanwhile: Option<Box<dyn FnMut() + Send>>,
}

impl Player for Scripted {
    fn name(&self) -> String {
        "scripted".into()
    }
    fn new_game(&mut self, _: u64) -> Result<(), PlayerError> {
        Ok(())
    }
    fn choose(&mut self, g: &GameView, _: &ClockView) -> Result<Choice, PlayerError> {
        self.clock.advance(self.think);
        if let Some(f) = &mut self.meanwhile {
            f();
        }
        let uci: UciMove = self.moves.remove(0).parse().unwrap();
        Ok(Choice::plain(uci.to_move(g.position).unwrap()))
    }
}

struct Outcome {
    report: Report,
    events: Vec<Event>,
    gui: Gui,
}

fn settings() -> Settings {
    Settings::default()
}

fn run_with(
    gui: &Gui,
    ours: Vec<&'static str>,
    settings: Settings,
    stop: StopFlag,
    turn: Option<Color>,
    meanwhile: Option<Box<dyn FnMut() + Send>>,
) -> Outcome {
    let white_at_bottom = gui.0.lock().unwrap().how.white_at_bottom;
    let mut reader = Painted {
        white_at_bottom,
        turn,
    };
    let mut clock = gui.clock();
    let mut player = Scripted {
        moves: ours,
        clock: clock.clone(),
        think: MS(300),
        meanwhile,
    };
    let mut screen = gui.clone();
    let mut input = gui.clone();
    let mut events = Vec::new();
    let report = Autoplay {
        screen: &mut screen,
        reader: &mut reader,
        input: &mut input,
        player: &mut player,
        clock: &mut clock,
        stop,
        settings,
    }
    .run(&mut |e| events.push(e))
    .unwrap();
    Outcome {
        report,
        events,
        gui: gui.clone(),
    }
}

fn run(gui: &Gui, ours: Vec<&'static str>, settings: Settings) -> Outcome {
    run_with(gui, ours, settings, StopFlag::new(), None, None)
}

fn sans(start: &Chess, moves: &[Move]) -> Vec<String> {
    let mut pos = start.clone();
    moves
        .iter()
        .map(|m| {
            let san = shakmaty::san::San::from_move(&pos, *m).to_string();
            pos.play_unchecked(*m);
            san
        })
        .collect()
}

fn pos(fen: &str) -> Chess {
    crate::rules::fen::parse_position(fen, CastlingMode::Standard).unwrap()
}

fn limited(n: u32) -> Settings {
    Settings {
        max_moves: Some(n),
        ..settings()
    }
}

#[test]
fn plays_white_and_records_the_guis_game() {
    let gui = Gui::new(
        Chess::default(),
        Color::White,
        vec!["e7e5", "b8c6"],
        Behaviour::default(),
    );
    let out = run(&gui, vec!["e2e4", "g1f3"], limited(2));
    assert_eq!(out.report.reason, StopReason::MaxMoves, "{:?}", out.events);
    assert_eq!(out.report.moves, out.gui.0.lock().unwrap().record[..3]);
    assert!(out.events.contains(&Event::TheirMove("e5".into())));
    assert!(out.events.contains(&Event::InputFound(InputMethod::Drag)));
    // e2 is column 4, row 6 of the painted board: centre (55, 75).
    assert_eq!(
        out.gui.0.lock().unwrap().actions[0],
        Action::Drag {
            from: ScreenPoint { x: 55, y: 75 },
            to: ScreenPoint { x: 55, y: 55 }
        }
    );
    // One latency per move that answered one of theirs, search excluded.
    assert_eq!(out.report.latencies.len(), 1);
}

#[test]
fn black_at_the_bottom_plays_black_with_flipped_coordinates() {
    let how = Behaviour {
        white_at_bottom: false,
        ..Behaviour::default()
    };
    let gui = Gui::new(Chess::default(), Color::Black, vec!["d2d4", "c2c4"], how);
    let out = run(&gui, vec!["g8f6"], limited(1));
    assert_eq!(out.report.side, Some(Color::Black));
    // The GUI's engine opened before the board was first read: the record starts at the start.
    assert_eq!(out.report.start, Some(Chess::default()));
    assert_eq!(sans(&Chess::default(), &out.report.moves), ["d4", "Nf6"]);
    // g8 is drawn at column 1, row 7 when Black is at the bottom.
    assert_eq!(
        out.gui.0.lock().unwrap().actions[0],
        Action::Drag {
            from: ScreenPoint { x: 25, y: 85 },
            to: ScreenPoint { x: 35, y: 65 }
        }
    );
}

#[test]
fn a_slide_that_pauses_on_a_square_is_not_a_move() {
    // The queen slides d1-e2-f3-h5, resting 200 ms on e2 and f3: two equal frames on e2 that
    // read as Qe2, which must not be recorded.
    let start = pos("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
    let how = Behaviour {
        slide: vec![Square::E2, Square::F3],
        step: MS(200),
        ..Behaviour::default()
    };
    let gui = Gui::new(start.clone(), Color::White, vec!["b8c6", "g8f6"], how);
    let out = run(&gui, vec!["d1h5", "f1c4"], limited(2));
    assert_eq!(out.report.reason, StopReason::MaxMoves, "{:?}", out.events);
    assert_eq!(sans(&start, &out.report.moves), ["Qh5", "Nc6", "Bc4"]);
}

#[test]
fn their_piece_read_resting_on_its_way_is_followed_to_its_square() {
    // Every slide rests 400 ms on e7 and on f6 (a GUI stalled on a busy machine): Black's queen
    // from d8 to h4 reads as Qe7, then Qf6, before it arrives.
    let start = pos("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
    let how = Behaviour {
        slide: vec![Square::E7, Square::F6],
        step: MS(400),
        ..Behaviour::default()
    };
    let gui = Gui::new(start.clone(), Color::White, vec!["d8h4"], how);
    // Our player is asked again each time the position is corrected.
    let out = run(&gui, vec!["g1f3", "f3h4", "f3h4", "f3h4"], limited(2));
    assert_eq!(out.report.reason, StopReason::MaxMoves, "{:?}", out.events);
    assert_eq!(sans(&start, &out.report.moves), ["Nf3", "Qh4", "Nxh4"]);
    assert!(
        out.events
            .iter()
            .any(|e| matches!(e, Event::TheirMoveWentOn { .. })),
        "{:?}",
        out.events
    );
}

#[test]
fn a_gui_that_takes_only_clicks_is_found_and_kept() {
    let how = Behaviour {
        drag: false,
        ..Behaviour::default()
    };
    let gui = Gui::new(Chess::default(), Color::White, vec!["e7e5", "b8c6"], how);
    let out = run(&gui, vec!["e2e4", "g1f3"], limited(2));
    assert_eq!(out.report.reason, StopReason::MaxMoves, "{:?}", out.events);
    assert_eq!(
        sans(&Chess::default(), &out.report.moves),
        ["e4", "e5", "Nf3"]
    );
    assert!(out.events.contains(&Event::InputFound(InputMethod::Click)));
    let actions = out.gui.0.lock().unwrap().actions.clone();
    // The drag (its press selected the pawn), the click that finished it, then two clicks.
    assert!(matches!(actions[0], Action::Drag { .. }));
    assert!(matches!(actions[1], Action::Click(_)));
    assert!(matches!(actions[2..], [Action::Click(_), Action::Click(_)]));
}

#[test]
fn a_drag_that_leaves_the_piece_on_its_square_is_not_our_move() {
    // The drag leaves a picture of the pawn on e4 and the pawn on e2: the move is not made
    // until the click on the target square.
    let how = Behaviour {
        drag: false,
        drag_ghost: true,
        ..Behaviour::default()
    };
    let gui = Gui::new(Chess::default(), Color::White, vec!["e7e5", "b8c6"], how);
    let out = run(&gui, vec!["e2e4", "g1f3"], limited(2));
    assert_eq!(out.report.reason, StopReason::MaxMoves, "{:?}", out.events);
    assert_eq!(
        sans(&Chess::default(), &out.report.moves),
        ["e4", "e5", "Nf3"]
    );
    assert!(out.events.contains(&Event::InputFound(InputMethod::Click)));
}

#[test]
fn a_move_that_never_shows_is_tried_every_way_then_stops() {
    let how = Behaviour {
        drag: false,
        click: false,
        ..Behaviour::default()
    };
    let gui = Gui::new(Chess::default(), Color::White, vec![], how.clone());
    let out = run(&gui, vec!["e2e4"], settings());
    assert_eq!(out.report.reason, StopReason::MoveNotShown("e2e4".into()));
    assert_eq!(out.gui.0.lock().unwrap().actions.len(), 4);
    let gui = Gui::new(Chess::default(), Color::White, vec![], how);
    let fixed = Settings {
        input: InputChoice::Fixed(InputMethod::Drag),
        ..settings()
    };
    let out = run(&gui, vec!["e2e4"], fixed);
    assert_eq!(out.report.reason, StopReason::MoveNotShown("e2e4".into()));
    assert_eq!(out.gui.0.lock().unwrap().actions.len(), 2);
}

#[test]
fn a_promotion_dialog_is_found_and_the_piece_clicked() {
    let start = pos("8/P6k/8/8/8/8/8/K7 w - - 0 1");
    let gui = Gui::new(
        start.clone(),
        Color::White,
        vec!["h7g6"],
        Behaviour::default(),
    );
    let out = run(&gui, vec!["a7a8n", "a1b1"], limited(1));
    assert_eq!(out.report.reason, StopReason::MaxMoves, "{:?}", out.events);
    assert_eq!(sans(&start, &out.report.moves), ["a8=N"]);
    assert!(out.events.contains(&Event::PromotionChosen(Role::Knight)));
}

#[test]
fn a_dialog_that_opens_late_over_a_picture_on_the_square_is_answered() {
    // As GNOME Chess: after the gesture the promotion square shows a picture that reads as a
    // knight for 600 ms, and it stays there while the dialog is open.
    let start = pos("8/P6k/8/8/8/8/8/K7 w - - 0 1");
    let how = Behaviour {
        dialog_late: Some((MS(600), Piece::from_char('N').unwrap())),
        ..Behaviour::default()
    };
    let gui = Gui::new(start.clone(), Color::White, vec!["h7g6"], how);
    let out = run(&gui, vec!["a7a8q", "a1b1"], limited(1));
    assert_eq!(out.report.reason, StopReason::MaxMoves, "{:?}", out.events);
    assert_eq!(
        sans(&start, &out.report.moves),
        ["a8=Q"],
        "{:?}",
        out.events
    );
    assert!(out.events.contains(&Event::PromotionChosen(Role::Queen)));
}

#[test]
fn a_gui_that_promotes_to_a_queen_by_itself_is_followed() {
    let start = pos("8/P6k/8/8/8/8/8/K7 w - - 0 1");
    let how = Behaviour {
        dialog: false,
        ..Behaviour::default()
    };
    let gui = Gui::new(start.clone(), Color::White, vec!["h7g6"], how);
    let out = run(&gui, vec!["a7a8n"], limited(1));
    // The queen is taken once a chooser has had its time to open; the reply shows by then.
    assert_eq!(sans(&start, &out.report.moves), ["a8=Q", "Kg6"]);
    assert!(
        out.events
            .iter()
            .any(|e| matches!(e, Event::PromotedOtherwise(_)))
    );
}

#[test]
fn a_mark_on_the_last_moves_square_is_not_a_piece() {
    let how = Behaviour {
        mark: Some(Piece::from_char('K').unwrap()),
        ..Behaviour::default()
    };
    let gui = Gui::new(
        Chess::default(),
        Color::White,
        vec!["e7e5", "b8c6", "g8f6"],
        how,
    );
    let out = run(&gui, vec!["e2e4", "g1f3", "f1c4"], limited(3));
    assert_eq!(out.report.reason, StopReason::MaxMoves, "{:?}", out.events);
    assert_eq!(out.report.moves.len(), 5);
}

#[test]
fn ctrl_c_while_the_engine_thinks_plays_nothing() {
    let gui = Gui::new(Chess::default(), Color::White, vec![], Behaviour::default());
    let stop = StopFlag::new();
    let flag = stop.clone();
    let out = run_with(
        &gui,
        vec!["e2e4"],
        settings(),
        stop,
        None,
        Some(Box::new(move || flag.stop())),
    );
    assert_eq!(out.report.reason, StopReason::Interrupted);
    assert!(out.gui.0.lock().unwrap().actions.is_empty());
    assert!(out.report.moves.is_empty());
}

#[test]
fn the_corner_or_the_users_mouse_while_the_engine_thinks_stops_before_the_gesture() {
    for (to, reason) in [
        (ScreenPoint { x: 0, y: 0 }, StopReason::Failsafe),
        (ScreenPoint { x: 700, y: 300 }, StopReason::UserMovedMouse),
    ] {
        let gui = Gui::new(Chess::default(), Color::White, vec![], Behaviour::default());
        let handle = gui.clone();
        let meanwhile = Box::new(move || handle.0.lock().unwrap().pointer = to);
        let out = run_with(
            &gui,
            vec!["e2e4"],
            settings(),
            StopFlag::new(),
            None,
            Some(meanwhile),
        );
        assert_eq!(out.report.reason, reason);
        assert!(out.gui.0.lock().unwrap().actions.is_empty());
    }
}

#[test]
fn a_stop_during_our_gesture_still_records_the_move_the_board_shows() {
    let stop = StopFlag::new();
    let how = Behaviour {
        stop_on_gesture: Some(stop.clone()),
        think: MS(100),
        ..Behaviour::default()
    };
    let gui = Gui::new(Chess::default(), Color::White, vec!["e7e5"], how);
    let out = run_with(&gui, vec!["e2e4"], settings(), stop, None, None);
    assert_eq!(out.report.reason, StopReason::Interrupted);
    // Our move, and the reply that came while the board was watched.
    assert_eq!(sans(&Chess::default(), &out.report.moves), ["e4", "e5"]);
}

#[test]
fn an_opponent_that_never_moves_ends_the_run() {
    let gui = Gui::new(Chess::default(), Color::White, vec![], Behaviour::default());
    let s = Settings {
        opponent_timeout: Some(Duration::from_secs(20)),
        ..settings()
    };
    let out = run(&gui, vec!["e2e4"], s);
    assert!(matches!(out.report.reason, StopReason::OpponentTimeout(_)));
    assert_eq!(sans(&Chess::default(), &out.report.moves), ["e4"]);
}

#[test]
fn a_set_up_position_with_black_to_move() {
    let start = pos("6k1/5ppp/8/8/8/8/1p6/4K3 b - - 0 1");
    let black = Behaviour {
        white_at_bottom: false,
        ..Behaviour::default()
    };
    // Nothing shows whose turn it is: taken as White's, with a hint after a while.
    let gui = Gui::new(start.clone(), Color::Black, vec![], black.clone());
    gui.0.lock().unwrap().end = Duration::from_secs(30);
    let s = Settings {
        side: SideChoice::Fixed(Color::Black),
        ..settings()
    };
    let out = run(&gui, vec![], s.clone());
    assert!(out.events.iter().any(|e| matches!(
        e,
        Event::Started {
            turn_guessed: true,
            ..
        }
    )));
    assert!(out.events.iter().any(|e| matches!(
        e,
        Event::StillWaiting {
            side: Color::White,
            ..
        }
    )));
    // `--turn black`, or the board's own cue, and we play at once.
    for (turn, cue) in [(Some(Color::Black), None), (None, Some(Color::Black))] {
        let gui = Gui::new(start.clone(), Color::Black, vec!["e1d2"], black.clone());
        let s = Settings {
            turn,
            max_moves: Some(1),
            ..s.clone()
        };
        let out = run_with(&gui, vec!["b2b1q"], s, StopFlag::new(), cue, None);
        assert_eq!(out.report.reason, StopReason::MaxMoves, "{:?}", out.events);
        assert_eq!(sans(&start, &out.report.moves), ["b1=Q"]);
    }
}

#[test]
fn a_passing_unexplained_board_is_waited_out_and_a_lasting_one_stops() {
    let start = Chess::default();
    for (lasts, stops) in [(MS(1500), false), (MS(6000), true)] {
        let gui = Gui::new(
            start.clone(),
            Color::White,
            vec!["e7e5"],
            Behaviour::default(),
        );
        {
            // Something covers the pawns from 0.5 s on.
            let mut s = gui.0.lock().unwrap();
            let mut odd = start.board().clone();
            let _ = odd.remove_piece_at(Square::A2);
            let _ = odd.remove_piece_at(Square::B2);
            let _ = odd.remove_piece_at(Square::C2);
            s.timeline.push((MS(500), Shown::Board(odd, Vec::new())));
            s.timeline.push((
                MS(500) + lasts,
                Shown::Board(start.board().clone(), Vec::new()),
            ));
        }
        let out = run(&gui, vec!["e2e4"], limited(1));
        if stops {
            assert!(matches!(out.report.reason, StopReason::Unexplained { .. }));
        } else {
            assert_eq!(out.report.reason, StopReason::MaxMoves, "{:?}", out.events);
        }
    }
}

#[test]
fn a_lost_board_stops() {
    let gui = Gui::new(Chess::default(), Color::Black, vec![], Behaviour::default());
    gui.0
        .lock()
        .unwrap()
        .timeline
        .push((MS(1000), Shown::Nothing));
    let s = Settings {
        side: SideChoice::Fixed(Color::Black),
        ..settings()
    };
    let out = run(&gui, vec![], s);
    assert_eq!(out.report.reason, StopReason::BoardLost);
}

#[test]
fn a_board_that_shows_up_late_is_waited_for() {
    let gui = Gui::new(Chess::default(), Color::White, vec![], Behaviour::default());
    {
        let mut state = gui.0.lock().unwrap();
        let board = Chess::default().board().clone();
        state.timeline = vec![
            (MS(0), Shown::Nothing),
            (MS(10_000), Shown::Board(board, Vec::new())),
        ];
    }
    let s = Settings {
        side: SideChoice::Fixed(Color::White),
        ..limited(1)
    };
    let out = run(&gui, vec!["e2e4"], s);
    assert_eq!(out.report.reason, StopReason::MaxMoves, "{:?}", out.events);
}

#[test]
fn a_third_repetition_ends_the_run_as_a_draw() {
    let gui = Gui::new(
        Chess::default(),
        Color::White,
        vec!["g8f6", "f6g8", "g8f6", "f6g8"],
        Behaviour::default(),
    );
    let out = run(&gui, vec!["g1f3", "f3g1", "g1f3", "f3g1"], settings());
    assert_eq!(
        out.report.reason,
        StopReason::Drawn(Termination::Repetition)
    );
    assert_eq!(out.report.moves.len(), 8);
}

#[test]
fn a_reply_faster_than_our_move_was_seen_is_explained() {
    let how = Behaviour {
        think: MS(0),
        ..Behaviour::default()
    };
    let gui = Gui::new(Chess::default(), Color::White, vec!["e7e5"], how);
    let out = run(&gui, vec!["e2e4"], limited(1));
    assert_eq!(sans(&Chess::default(), &out.report.moves), ["e4", "e5"]);
    assert!(out.events.contains(&Event::Confirmed("e4".into())));
}

#[test]
fn a_dry_run_touches_nothing() {
    let gui = Gui::new(Chess::default(), Color::White, vec![], Behaviour::default());
    gui.0.lock().unwrap().end = Duration::from_secs(5);
    let s = Settings {
        dry_run: true,
        ..settings()
    };
    let out = run(&gui, vec!["e2e4"], s);
    assert!(out.gui.0.lock().unwrap().actions.is_empty());
    assert_eq!(out.report.reason, StopReason::EndOfFrames);
    let announced: Vec<_> = out
        .events
        .iter()
        .filter(|e| matches!(e, Event::OurMove { dry_run: true, .. }))
        .collect();
    assert_eq!(announced.len(), 1);
}

#[test]
fn castling_drags_the_king_two_squares_and_column_promotion_squares() {
    let m = Move::Castle {
        king: Square::E1,
        rook: Square::H1,
    };
    assert_eq!(drop_square(&m), Square::G1);
    let place = BoardOnScreen {
        x: 0.0,
        y: 0.0,
        width: 800.0,
        height: 800.0,
        white_at_bottom: true,
    };
    assert_eq!(
        promotion_choice_square(&place, Square::A8, Role::Queen),
        Square::A8
    );
    assert_eq!(
        promotion_choice_square(&place, Square::A8, Role::Knight),
        Square::A7
    );
    assert_eq!(
        promotion_choice_square(&place, Square::H1, Role::Bishop),
        Square::H4
    );
}
