//! The autoplay loop: watch, track the game, choose, move the mouse, check, repeat.

use super::AutoplayError;
use super::geometry::{BoardOnScreen, Frame, ScreenPoint};
use super::input::{InputSink, in_corner};
use super::screen::ScreenSource;
use super::track::{Change, Stabilizer, infer_move};
use crate::game::Termination;
use crate::players::{ClockView, GameView, Player};
use crate::search::{StopFlag, position_key};
use shakmaty::{Board, Chess, Color, Move, Outcome, Position, Role, Setup, Square};
use std::time::{Duration, Instant};

/// A board as read from one frame.
#[derive(Debug, Clone, PartialEq)]
pub struct Sighting {
    /// The placement seen.
    pub board: Board,
    /// Where the board is and which way up.
    pub place: BoardOnScreen,
}

/// Reads the board from a frame: the vision module in real use, a script in tests.
pub trait BoardReader {
    /// The board in `frame`, or `None` when no board is visible.
    fn read(&mut self, frame: &Frame) -> Result<Option<Sighting>, AutoplayError>;
}

/// Which side we play.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SideChoice {
    /// The side at the bottom of the board.
    Auto,
    /// A fixed side.
    Fixed(Color),
}

/// How moves are entered in the GUI.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveGesture {
    /// Press on the piece, release on the target square.
    Drag,
    /// Click the piece, then click the target square.
    ClickClick,
}

/// How the GUI asks for a promotion piece.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PromotionDialog {
    /// The GUI promotes without asking (or to a queen by default): nothing to click.
    None,
    /// A column of pieces drops from the promotion square towards the centre, queen first, then
    /// knight, rook, bishop (lichess, chessground and many web boards).
    Column,
}

/// Settings of one autoplay run.
#[derive(Debug, Clone)]
pub struct Settings {
    /// Our side.
    pub side: SideChoice,
    /// Stop after we made this many moves.
    pub max_moves: Option<u32>,
    /// Print what we would do but never touch the mouse.
    pub dry_run: bool,
    /// Drag or click-click.
    pub gesture: MoveGesture,
    /// The GUI's promotion dialog.
    pub promotion: PromotionDialog,
    /// How many identical frames in a row make a sighting stable.
    pub stable_frames: u32,
    /// Pause between captures.
    pub poll: Duration,
    /// Frames without a board before giving up.
    pub lost_frames: u32,
    /// Frames to wait for our move to show before retrying (once), then stopping.
    pub verify_frames: u32,
    /// The position the game starts from when the first board seen is not the initial one is
    /// built from the placement with this side to move.
    pub turn_if_unknown: Color,
    /// The per-move limits for the player.
    pub clock: ClockView,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            side: SideChoice::Auto,
            max_moves: None,
            dry_run: false,
            gesture: MoveGesture::Drag,
            promotion: PromotionDialog::None,
            stable_frames: 2,
            poll: Duration::from_millis(100),
            lost_frames: 50,
            verify_frames: 30,
            turn_if_unknown: Color::White,
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
    /// The user moved the mouse during one of our drags.
    UserMovedMouse,
    /// Ctrl-C or another stop request.
    Interrupted,
    /// No board was seen for too many frames.
    BoardLost,
    /// The board changed in a way no legal move explains.
    Unexplained {
        /// The placement we expected to extend (FEN of the board).
        known: String,
        /// The placement seen.
        seen: String,
    },
    /// Our move did not appear on the board, even after one retry.
    MoveNotShown(String),
    /// The first board seen is not a legal position (the reason is given).
    IllegalPosition(String),
    /// A finite frame source ran out (replays).
    EndOfFrames,
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
    },
    /// The opponent moved.
    TheirMove(String),
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
    /// Our move did not show; trying once more.
    Retrying(String),
}

/// What a run did.
#[derive(Debug, Clone)]
pub struct Report {
    /// Our side, once known.
    pub side: Option<Color>,
    /// The position the game was picked up in.
    pub start: Option<Chess>,
    /// Every move seen or played since then.
    pub moves: Vec<Move>,
    /// Why the run ended.
    pub reason: StopReason,
    /// For each of our moves: time from the first frame that showed the opponent's move to our
    /// mouse release, minus the time the player spent choosing.
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
    /// Raised by Ctrl-C.
    pub stop: StopFlag,
    /// Settings.
    pub settings: Settings,
}

struct Game {
    start: Chess,
    pos: Chess,
    moves: Vec<Move>,
    keys: Vec<u64>,
    side: Color,
}

impl Game {
    fn play(&mut self, m: Move) {
        self.keys.push(position_key(&self.pos));
        self.pos.play_unchecked(m);
        self.moves.push(m);
    }
}

struct Pending {
    mv: Move,
    from: ScreenPoint,
    to: ScreenPoint,
    frames: u32,
    retried: bool,
}

impl Autoplay<'_> {
    /// Runs until the game ends or a stop condition holds; `events` hears about progress.
    ///
    /// Errors are failures of the machinery (capture, mouse, player); every ordinary end of a
    /// run, safety stops included, is a [`StopReason`] in the report.
    pub fn run(&mut self, events: &mut dyn FnMut(Event)) -> Result<Report, AutoplayError> {
        let mut game: Option<Game> = None;
        let mut stabilizer = Stabilizer::new(self.settings.stable_frames);
        let mut lost = 0u32;
        let mut ours = 0u32;
        let mut pending: Option<Pending> = None;
        let mut announced: Option<u64> = None;
        let mut first_seen: Option<(Board, Instant)> = None;
        let mut latencies = Vec::new();

        let reason = loop {
            if self.stop.is_stopped() {
                break StopReason::Interrupted;
            }
            if let (Some(p), Some(size)) = (self.input.pointer(), self.input.screen_size())
                && in_corner(p, size)
            {
                break StopReason::Failsafe;
            }
            let frame = match self.screen.capture() {
                Ok(f) => f,
                Err(AutoplayError::EndOfFrames) => break StopReason::EndOfFrames,
                Err(e) => return Err(e),
            };
            let Some(sighting) = self.reader.read(&frame)? else {
                lost += 1;
                if lost > self.settings.lost_frames {
                    break StopReason::BoardLost;
                }
                self.pause();
                continue;
            };
            lost = 0;
            if first_seen
                .as_ref()
                .is_none_or(|(b, _)| *b != sighting.board)
            {
                first_seen = Some((sighting.board.clone(), Instant::now()));
            }
            let Some(stable) = stabilizer.feed(sighting.board.clone()) else {
                self.pause();
                continue;
            };
            let g = match &mut game {
                Some(g) => g,
                None => {
                    let g = match self.pick_up(&stable, &sighting.place) {
                        Ok(g) => g,
                        Err(why) => break StopReason::IllegalPosition(why),
                    };
                    events(Event::Started {
                        side: g.side,
                        fen: crate::rules::fen::to_fen(&g.pos),
                    });
                    game.insert(g)
                }
            };
            // The moves that lead from the tracked position to the board seen: one, or our
            // pending move and a reply that came before our move was seen on two frames.
            let moves = match infer_move(&g.pos, &stable) {
                Change::Unchanged => Vec::new(),
                Change::Moved(m) => vec![m],
                Change::Unexplained => {
                    let reply = pending
                        .as_ref()
                        .filter(|_| g.pos.turn() == g.side)
                        .and_then(|p| {
                            let mut after = g.pos.clone();
                            after.play_unchecked(p.mv);
                            match infer_move(&after, &stable) {
                                Change::Moved(r) => Some(vec![p.mv, r]),
                                _ => None,
                            }
                        });
                    match reply {
                        Some(moves) => moves,
                        None => {
                            break StopReason::Unexplained {
                                known: g.pos.board().to_string(),
                                seen: stable.to_string(),
                            };
                        }
                    }
                }
            };
            let mut stop = None;
            for m in moves {
                let san = shakmaty::san::SanPlus::from_move(g.pos.clone(), m).to_string();
                if g.pos.turn() == g.side {
                    // Our turn changed the board: it must be the move we played.
                    match pending.take() {
                        Some(p) if p.mv == m => {
                            events(Event::Confirmed(san));
                            ours += 1;
                        }
                        _ if self.settings.dry_run => events(Event::Confirmed(san)),
                        _ => {
                            stop = Some(StopReason::Unexplained {
                                known: g.pos.board().to_string(),
                                seen: stable.to_string(),
                            });
                            break;
                        }
                    }
                } else {
                    events(Event::TheirMove(san));
                }
                g.play(m);
                if self.settings.max_moves.is_some_and(|n| ours >= n) {
                    stop = Some(StopReason::MaxMoves);
                    break;
                }
            }
            if let Some(reason) = stop {
                break reason;
            }
            if let Some(outcome) = g.pos.outcome().known() {
                break StopReason::GameOver(Outcome::Known(outcome));
            }
            // Waiting on for a move after such a draw would wait for ever.
            if crate::game::GamePosition::repetitions(&g.pos, &g.keys) >= 3 {
                break StopReason::Drawn(Termination::Repetition);
            }
            if g.pos.halfmoves() >= 100 {
                break StopReason::Drawn(Termination::FiftyMoves);
            }
            if g.pos.turn() != g.side {
                self.pause();
                continue;
            }
            // Our turn: either a move is under way, or we choose one.
            if let Some(p) = &mut pending {
                p.frames += 1;
                if p.frames > self.settings.verify_frames {
                    let uci = p.mv.to_uci(g.pos.castles().mode()).to_string();
                    if p.retried {
                        break StopReason::MoveNotShown(uci);
                    }
                    events(Event::Retrying(uci));
                    p.retried = true;
                    p.frames = 0;
                    let (mv, from, to) = (p.mv, p.from, p.to);
                    if let Err(reason) = self.gesture(&frame, &sighting.place, mv, from, to) {
                        break reason;
                    }
                }
                self.pause();
                continue;
            }
            let key = position_key(&g.pos);
            if self.settings.dry_run && announced == Some(key) {
                self.pause();
                continue;
            }
            let thinking = Instant::now();
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
            let think = thinking.elapsed();
            let mv = choice.mv;
            let place = sighting.place;
            let from = frame.to_screen(place.square_center(mv.from().unwrap_or(mv.to())));
            let to = frame.to_screen(place.square_center(drop_square(&mv)));
            events(Event::OurMove {
                san: shakmaty::san::SanPlus::from_move(g.pos.clone(), mv).to_string(),
                uci: mv.to_uci(g.pos.castles().mode()).to_string(),
                from,
                to,
                dry_run: self.settings.dry_run,
            });
            announced = Some(key);
            if self.settings.dry_run {
                self.pause();
                continue;
            }
            if let Err(reason) = self.gesture(&frame, &place, mv, from, to) {
                break reason;
            }
            if let Some((_, seen_at)) = &first_seen {
                latencies.push(seen_at.elapsed().saturating_sub(think));
            }
            stabilizer.reset();
            pending = Some(Pending {
                mv,
                from,
                to,
                frames: 0,
                retried: false,
            });
            self.pause();
        };
        Ok(match game {
            Some(g) => Report {
                side: Some(g.side),
                start: Some(g.start),
                moves: g.moves,
                reason,
                latencies,
            },
            None => Report {
                side: None,
                start: None,
                moves: Vec::new(),
                reason,
                latencies,
            },
        })
    }

    fn pause(&self) {
        if !self.settings.poll.is_zero() {
            std::thread::sleep(self.settings.poll);
        }
    }

    /// Starts tracking from the first stable board.
    fn pick_up(&self, board: &Board, place: &BoardOnScreen) -> Result<Game, String> {
        let side = match self.settings.side {
            SideChoice::Fixed(c) => c,
            SideChoice::Auto if place.white_at_bottom => Color::White,
            SideChoice::Auto => Color::Black,
        };
        let start = Chess::default();
        // A game that began a moment before we looked (the GUI's engine opened at once): the
        // board is one move from the start, so the game and its record begin at the start.
        let opening: Vec<Move> = start
            .legal_moves()
            .into_iter()
            .filter(|m| {
                let mut after = start.clone();
                after.play_unchecked(*m);
                after.board() == board
            })
            .collect();
        if let [first] = opening[..] {
            let mut game = Game {
                start: start.clone(),
                pos: start,
                moves: Vec::new(),
                keys: Vec::new(),
                side,
            };
            game.play(first);
            return Ok(game);
        }
        let pos = if *board == Board::default() {
            start
        } else {
            let mut setup = Setup::empty();
            setup.board = board.clone();
            setup.turn = self.settings.turn_if_unknown;
            setup.castling_rights = home_castling_rights(board);
            match setup.position::<Chess>(shakmaty::CastlingMode::Standard) {
                Ok(pos) => pos,
                Err(e) => Err(crate::rules::fen::describe_position_errors(e.kinds()))?,
            }
        };
        Ok(Game {
            start: pos.clone(),
            pos,
            moves: Vec::new(),
            keys: Vec::new(),
            side,
        })
    }

    /// Plays a move with the mouse; a safety stop comes back as the reason.
    fn gesture(
        &mut self,
        frame: &Frame,
        place: &BoardOnScreen,
        mv: Move,
        from: ScreenPoint,
        to: ScreenPoint,
    ) -> Result<(), StopReason> {
        let result = match self.settings.gesture {
            MoveGesture::Drag => self.input.drag(from, to),
            MoveGesture::ClickClick => self.input.click(from).and_then(|()| self.input.click(to)),
        };
        let result = result.and_then(|()| match (mv.promotion(), self.settings.promotion) {
            (Some(role), PromotionDialog::Column) => {
                let at = promotion_choice_square(place, drop_square(&mv), role);
                std::thread::sleep(self.settings.poll);
                self.input.click(frame.to_screen(place.square_center(at)))
            }
            _ => Ok(()),
        });
        match result {
            Ok(()) => Ok(()),
            Err(AutoplayError::UserMovedMouse) => Err(StopReason::UserMovedMouse),
            Err(AutoplayError::Failsafe) => Err(StopReason::Failsafe),
            Err(e) => Err(StopReason::MoveNotShown(e.to_string())),
        }
    }
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
mod tests {
    use super::*;
    use crate::autoplay::input::{Action, RecordingSink};
    use crate::players::{Choice, PlayerError};
    use image::RgbImage;
    use shakmaty::uci::UciMove;

    /// Frames are blank; the reader returns scripted boards, one per frame.
    struct Blank(usize);
    impl ScreenSource for Blank {
        fn capture(&mut self) -> Result<Frame, AutoplayError> {
            if self.0 == 0 {
                return Err(AutoplayError::EndOfFrames);
            }
            self.0 -= 1;
            Ok(Frame::unscaled(RgbImage::new(1, 1)))
        }
    }

    struct Script {
        boards: Vec<Option<Board>>,
        next: usize,
        white_at_bottom: bool,
    }
    impl BoardReader for Script {
        fn read(&mut self, _: &Frame) -> Result<Option<Sighting>, AutoplayError> {
            let b = self.boards.get(self.next).cloned().flatten();
            self.next += 1;
            Ok(b.map(|board| Sighting {
                board,
                place: BoardOnScreen {
                    x: 0.0,
                    y: 0.0,
                    width: 800.0,
                    height: 800.0,
                    white_at_bottom: self.white_at_bottom,
                },
            }))
        }
    }

    /// Plays a fixed list of moves.
    struct Fixed(Vec<&'static str>);
    impl Player for Fixed {
        fn name(&self) -> String {
            "fixed".into()
        }
        fn new_game(&mut self, _: u64) -> Result<(), PlayerError> {
            Ok(())
        }
        fn choose(&mut self, g: &GameView, _: &ClockView) -> Result<Choice, PlayerError> {
            let uci: UciMove = self.0.remove(0).parse().unwrap();
            Ok(Choice::plain(uci.to_move(g.position).unwrap()))
        }
    }

    fn boards_after(moves: &[&str]) -> Vec<Board> {
        let mut pos = Chess::default();
        let mut out = vec![pos.board().clone()];
        for m in moves {
            let mv = m.parse::<UciMove>().unwrap().to_move(&pos).unwrap();
            pos.play_unchecked(mv);
            out.push(pos.board().clone());
        }
        out
    }

    /// Each board twice (stable), as a screen that changes only when someone moves.
    fn twice(boards: &[Board]) -> Vec<Option<Board>> {
        boards
            .iter()
            .flat_map(|b| [Some(b.clone()), Some(b.clone())])
            .collect()
    }

    fn settings() -> Settings {
        Settings {
            poll: Duration::ZERO,
            ..Settings::default()
        }
    }

    fn run(
        frames: Vec<Option<Board>>,
        white_at_bottom: bool,
        player: Vec<&'static str>,
        sink: &mut RecordingSink,
        settings: Settings,
    ) -> (Report, Vec<Event>) {
        let n = frames.len();
        let mut reader = Script {
            boards: frames,
            next: 0,
            white_at_bottom,
        };
        let mut screen = Blank(n);
        let mut player = Fixed(player);
        let mut events = Vec::new();
        let report = Autoplay {
            screen: &mut screen,
            reader: &mut reader,
            input: sink,
            player: &mut player,
            stop: StopFlag::new(),
            settings,
        }
        .run(&mut |e| events.push(e))
        .unwrap();
        (report, events)
    }

    #[test]
    fn plays_white_and_tracks_replies() {
        let b = boards_after(&["e2e4", "e7e5", "g1f3"]);
        let mut sink = RecordingSink::default();
        let (report, events) = run(twice(&b), true, vec!["e2e4", "g1f3"], &mut sink, settings());
        assert_eq!(report.side, Some(Color::White));
        assert_eq!(report.moves.len(), 3);
        assert_eq!(report.reason, StopReason::EndOfFrames);
        // e2 is column 4, row 6 on an 800 px board: centre (450, 650).
        assert_eq!(
            sink.actions[0],
            Action::Drag {
                from: ScreenPoint { x: 450, y: 650 },
                to: ScreenPoint { x: 450, y: 450 }
            }
        );
        assert!(events.contains(&Event::TheirMove("e5".into())));
        assert!(events.contains(&Event::Confirmed("Nf3".into())));
    }

    #[test]
    fn black_at_bottom_plays_black_with_flipped_coordinates() {
        let b = boards_after(&["d2d4", "g8f6"]);
        let mut sink = RecordingSink::default();
        let (report, _) = run(twice(&b), false, vec!["g8f6"], &mut sink, settings());
        assert_eq!(report.side, Some(Color::Black));
        // g8 drawn at column 1, row 7 when Black is at the bottom.
        assert_eq!(
            sink.actions[0],
            Action::Drag {
                from: ScreenPoint { x: 150, y: 750 },
                to: ScreenPoint { x: 250, y: 550 }
            }
        );
    }

    #[test]
    fn a_game_first_seen_one_move_in_starts_at_the_start() {
        // White's engine played 1. d4 before the first frame: Black is to move, and the
        // record holds 1. d4.
        let b = boards_after(&["d2d4", "g8f6"]);
        let mut sink = RecordingSink::default();
        let (report, events) = run(twice(&b[1..]), false, vec!["g8f6"], &mut sink, settings());
        assert_eq!(report.moves.len(), 2, "{events:?}");
        assert_eq!(report.start, Some(Chess::default()));
        assert!(events.contains(&Event::Confirmed("Nf6".into())));
    }

    #[test]
    fn unstable_frames_are_not_acted_on() {
        let b = boards_after(&["e2e4"]);
        // Start board only once, then an animation frame: never two equal frames in a row.
        let mut sink = RecordingSink::default();
        let frames = vec![Some(b[0].clone()), Some(b[1].clone()), Some(b[0].clone())];
        let (report, _) = run(frames, true, vec![], &mut sink, settings());
        assert!(sink.actions.is_empty());
        assert_eq!(report.reason, StopReason::EndOfFrames);
    }

    #[test]
    fn unexplained_change_stops() {
        let b = boards_after(&["e2e4", "e7e5", "g1f3", "b8c6"]);
        let frames = twice(&[b[0].clone(), b[1].clone(), b[4].clone()]);
        let mut sink = RecordingSink::default();
        let (report, _) = run(frames, true, vec!["e2e4"], &mut sink, settings());
        assert!(matches!(report.reason, StopReason::Unexplained { .. }));
    }

    #[test]
    fn lost_board_stops() {
        let mut frames = twice(&boards_after(&[])[..1]);
        frames.extend(std::iter::repeat_n(None, 10));
        let s = Settings {
            lost_frames: 5,
            side: SideChoice::Fixed(Color::Black),
            ..settings()
        };
        let (report, _) = run(frames, true, vec![], &mut RecordingSink::default(), s);
        assert_eq!(report.reason, StopReason::BoardLost);
    }

    #[test]
    fn corner_failsafe_stops_before_anything() {
        let mut sink = RecordingSink {
            pointer: Some(ScreenPoint { x: 0, y: 0 }),
            size: Some((1280, 800)),
            ..RecordingSink::default()
        };
        let (report, _) = run(
            twice(&boards_after(&[])),
            true,
            vec!["e2e4"],
            &mut sink,
            settings(),
        );
        assert_eq!(report.reason, StopReason::Failsafe);
        assert!(sink.actions.is_empty());
    }

    #[test]
    fn user_grabbing_the_mouse_stops() {
        let mut sink = RecordingSink {
            interfere_at: Some(0),
            ..RecordingSink::default()
        };
        let (report, _) = run(
            twice(&boards_after(&[])),
            true,
            vec!["e2e4"],
            &mut sink,
            settings(),
        );
        assert_eq!(report.reason, StopReason::UserMovedMouse);
    }

    #[test]
    fn interrupt_flag_stops() {
        let mut reader = Script {
            boards: twice(&boards_after(&[])),
            next: 0,
            white_at_bottom: true,
        };
        let stop = StopFlag::new();
        stop.stop();
        let report = Autoplay {
            screen: &mut Blank(4),
            reader: &mut reader,
            input: &mut RecordingSink::default(),
            player: &mut Fixed(vec![]),
            stop,
            settings: settings(),
        }
        .run(&mut |_| {})
        .unwrap();
        assert_eq!(report.reason, StopReason::Interrupted);
    }

    #[test]
    fn a_reply_faster_than_our_move_was_seen_is_explained() {
        // The screen goes from the start straight to 1. e4 e5: our e4 was never seen alone.
        let b = boards_after(&["e2e4", "e7e5"]);
        let frames = twice(&[b[0].clone(), b[2].clone()]);
        let mut sink = RecordingSink::default();
        let (report, events) = run(frames, true, vec!["e2e4", "g1f3"], &mut sink, settings());
        assert_eq!(report.reason, StopReason::EndOfFrames, "{events:?}");
        assert_eq!(report.moves.len(), 2);
        assert!(events.contains(&Event::Confirmed("e4".into())));
        assert!(events.contains(&Event::TheirMove("e5".into())));
        // A two-ply change with no move of ours pending is still refused.
        let frames = twice(&[b[0].clone(), b[2].clone()]);
        let (report, _) = run(frames, false, vec![], &mut sink, settings());
        assert!(matches!(report.reason, StopReason::Unexplained { .. }));
    }

    #[test]
    fn move_not_shown_is_retried_once_then_stops() {
        let start = boards_after(&[]);
        let frames: Vec<Option<Board>> = std::iter::repeat_n(Some(start[0].clone()), 12).collect();
        let s = Settings {
            verify_frames: 3,
            ..settings()
        };
        let mut sink = RecordingSink::default();
        let (report, events) = run(frames, true, vec!["e2e4"], &mut sink, s);
        assert_eq!(report.reason, StopReason::MoveNotShown("e2e4".into()));
        assert_eq!(sink.actions.len(), 2);
        assert!(events.contains(&Event::Retrying("e2e4".into())));
    }

    #[test]
    fn a_third_repetition_ends_the_run_as_a_draw() {
        // Knights out and back twice: the start position stands for the third time after
        // black's fourth move, and the GUI ends the game there.
        let moves = [
            "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8",
        ];
        let b = boards_after(&moves);
        let mut frames = twice(&b);
        // The board stays as it is after the draw: a run that waited on would see it for ever.
        frames.extend(std::iter::repeat_n(Some(b[8].clone()), 20));
        let mut sink = RecordingSink::default();
        let ours = vec!["g1f3", "f3g1", "g1f3", "f3g1"];
        let (report, _) = run(frames, true, ours, &mut sink, settings());
        assert_eq!(report.reason, StopReason::Drawn(Termination::Repetition));
        assert_eq!(report.moves.len(), 8);
    }

    #[test]
    fn max_moves_and_dry_run() {
        let b = boards_after(&["e2e4", "e7e5", "g1f3"]);
        let s = Settings {
            max_moves: Some(1),
            ..settings()
        };
        let (report, _) = run(
            twice(&b),
            true,
            vec!["e2e4"],
            &mut RecordingSink::default(),
            s,
        );
        assert_eq!(report.reason, StopReason::MaxMoves);

        let s = Settings {
            dry_run: true,
            ..settings()
        };
        let mut sink = RecordingSink::default();
        let (_, events) = run(twice(&b[..1]), true, vec!["e2e4"], &mut sink, s);
        assert!(sink.actions.is_empty());
        assert!(
            events
                .iter()
                .any(|e| matches!(e, Event::OurMove { dry_run: true, .. }))
        );
    }

    #[test]
    fn castling_drags_king_two_squares_and_promotion_clicks_dialog() {
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
}
