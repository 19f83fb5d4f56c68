//! `chessbot play --variant alice`: an Alice game against our engine, both boards drawn side by
//! side.
//!
//! As `play` for chess: at a terminal the boards are drawn before each of your moves; from a
//! script (stdin not a terminal) moves are read one per line, the engine's replies printed one
//! per line in SAN, command output on stdout, complaints on stderr, and the end as one line
//! `RESULT reason`.

use super::{CliError, CmdResult};
use crate::cli::play::{ColorChoice, PlayArgs};
use chessbot::play::render::{self, Block, BoardView, Style};
use chessbot::search::{Level, Limits, Strength};
use chessbot::variant::alice::diagram;
use chessbot::variant::alice::notation::uci;
use chessbot::variant::alice::players::{AliceEngine, AlicePlayer};
use chessbot::variant::alice::record::{GameRecord, Termination, san_moves};
use chessbot::variant::alice::{Alice, AliceGame, BoardId};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use shakmaty::{Color, Move};
use std::io::{self, BufRead, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

const HELP: &[(&str, &str)] = &[
    ("e4, Nf3, O-O, e2e4", "play a move (SAN or UCI)"),
    ("moves", "list the legal moves"),
    ("undo", "take back your last move and the reply"),
    ("fen", "show the position as an Alice FEN"),
    ("pgn", "show the game as PGN"),
    ("resign", "give up the game"),
    ("quit", "leave (the game is saved with --pgn-out)"),
];

pub fn run(args: PlayArgs) -> CmdResult {
    if args.chess960 || args.pgn.is_some() || args.tc.is_some() {
        return Err(CliError::input(
            "--chess960, --pgn and --tc do not apply to --variant alice",
        ));
    }
    let start = match &args.fen {
        Some(fen) => Alice::from_fen(fen).map_err(CliError::input)?,
        None => Alice::default(),
    };
    let mut rng = match args.seed {
        Some(s) => ChaCha8Rng::seed_from_u64(s),
        None => ChaCha8Rng::from_os_rng(),
    };
    let human = match args.color {
        ColorChoice::White => Color::White,
        ColorChoice::Black => Color::Black,
        ColorChoice::Random => {
            if rng.random::<bool>() {
                Color::White
            } else {
                Color::Black
            }
        }
    };
    let limits = Limits {
        depth: args.depth,
        movetime: match (args.depth, args.movetime) {
            (_, Some(ms)) => Some(Duration::from_millis(ms)),
            (Some(_), None) => None,
            (None, None) => Some(Duration::from_millis(1000)),
        },
        strength: args
            .level
            .map(Level::new)
            .transpose()
            .map_err(CliError::input)?
            .filter(|&l| l < Level::MAX)
            .map(|l| Strength::from_level(l).with_seed(rng.random())),
        ..Limits::default()
    };
    let mut engine = AliceEngine::new(16, limits).with_threads(usize::from(args.threads));
    engine.new_game(rng.random());
    let interactive = io::stdin().is_terminal();
    let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    let style = if args.ascii || no_color || !io::stdout().is_terminal() {
        Style::Ascii
    } else {
        Style::Color
    };
    let mut app = App {
        game: AliceGame::new(start),
        engine,
        human,
        style,
        interactive,
        pgn_out: args.pgn_out,
        resigned: false,
    };
    app.run()
}

struct App {
    game: AliceGame,
    engine: AliceEngine,
    human: Color,
    style: Style,
    interactive: bool,
    pgn_out: Option<PathBuf>,
    resigned: bool,
}

impl App {
    fn run(&mut self) -> CmdResult {
        let stdin = io::stdin();
        let mut lines = stdin.lock().lines();
        loop {
            if let Some(end) = self.termination() {
                self.save()?;
                let record = self.record(end);
                println!(
                    "{} {}",
                    record.termination.outcome(),
                    record.termination.describe()
                );
                return Ok(ExitCode::SUCCESS);
            }
            if self.game.position().turn() != self.human {
                self.engine_turn()?;
                continue;
            }
            if self.interactive {
                print!("{}", self.screen().text());
                print!("Your move (help for commands): ");
                io::stdout().flush()?;
            }
            let Some(line) = lines.next() else {
                self.save()?;
                if let Some(path) = &self.pgn_out {
                    eprintln!(
                        "end of input: the game so far is saved to {}",
                        path.display()
                    );
                }
                return Ok(ExitCode::SUCCESS);
            };
            let line = line?;
            if self.handle(line.trim())? {
                return Ok(ExitCode::SUCCESS);
            }
        }
    }

    fn termination(&self) -> Option<Termination> {
        if self.resigned {
            return Some(Termination::Forfeit(self.human));
        }
        self.game.end().map(Termination::Rules)
    }

    fn record(&self, termination: Termination) -> GameRecord {
        let (you, engine) = ("You".to_string(), "chessbot".to_string());
        let (white, black) = if self.human.is_white() {
            (you, engine)
        } else {
            (engine, you)
        };
        GameRecord {
            white,
            black,
            game: self.game.clone(),
            termination,
        }
    }

    /// The game as PGN, with `*` while it is still going.
    fn pgn(&self) -> String {
        match self.termination() {
            Some(t) => self.record(t).to_pgn("chessbot play", 1),
            None => {
                // An unfinished game: write it as adjudicated at the ply limit, then mark `*`.
                let text = self
                    .record(Termination::PlyLimit)
                    .to_pgn("chessbot play", 1);
                text.replace("[Result \"1/2-1/2\"]", "[Result \"*\"]")
                    .replace(
                        "[Termination \"ply limit (adjudicated draw)\"]",
                        "[Termination \"unterminated\"]",
                    )
                    .trim_end()
                    .trim_end_matches("1/2-1/2")
                    .to_string()
                    + "*\n\n"
            }
        }
    }

    fn save(&self) -> Result<(), CliError> {
        if let Some(path) = &self.pgn_out {
            std::fs::write(path, self.pgn())
                .map_err(|e| CliError::runtime(format!("cannot write {}: {e}", path.display())))?;
        }
        Ok(())
    }

    fn engine_turn(&mut self) -> Result<(), CliError> {
        if self.interactive {
            println!("chessbot is thinking...");
        }
        let pos = self.game.position().clone();
        let Some(choice) = self.engine.choose(&self.game) else {
            return Err(CliError::runtime("the engine found no move"));
        };
        let san = pos.san(&choice.mv);
        if !self.game.play(&choice.mv) {
            return Err(CliError::runtime(format!(
                "the engine answered an illegal move {}",
                uci(&choice.mv)
            )));
        }
        if self.interactive {
            println!("chessbot played {san}");
        } else {
            println!("{san}");
        }
        Ok(())
    }

    /// Handles a line of input; `true` to quit.
    fn handle(&mut self, line: &str) -> Result<bool, CliError> {
        match line {
            "" => {}
            "quit" | "exit" => {
                self.save()?;
                return Ok(true);
            }
            "help" => {
                for (cmd, what) in HELP {
                    println!("  {cmd:<20} {what}");
                }
            }
            "moves" => {
                let pos = self.game.position();
                let list: Vec<String> = pos.legal_moves().iter().map(|m| pos.san(m)).collect();
                println!("{}", list.join(" "));
            }
            "fen" => println!("{}", self.game.position().to_fen()),
            "pgn" => print!("{}", self.pgn()),
            "resign" => self.resigned = true,
            "undo" => {
                let mut moves = self.game.moves().to_vec();
                // Back to the last position with you to move, before your last move.
                let mut taken = 0;
                while let Some(_m) = moves.pop() {
                    taken += 1;
                    let mut replay = AliceGame::new(self.game.start().clone());
                    for m in &moves {
                        replay.play(m);
                    }
                    if replay.position().turn() == self.human {
                        self.game = replay;
                        break;
                    }
                }
                if taken == 0 || self.game.position().turn() != self.human {
                    eprintln!("nothing to take back");
                }
            }
            text => match parse_move(self.game.position(), text) {
                Some(m) => {
                    self.game.play(&m);
                }
                None => eprintln!("not a legal move or command: '{text}' (type help)"),
            },
        }
        Ok(false)
    }

    /// Both boards side by side, then the move list.
    fn screen(&self) -> Block {
        let pos = self.game.position();
        let last: Option<Move> = self.game.moves().last().copied();
        let check = pos.is_check().then(|| pos.king_of(pos.turn())).flatten();
        let mut pictures = Vec::new();
        for id in BoardId::ALL {
            let board = diagram::board(pos, id);
            let in_check = check.filter(|k| pos.board_of(*k) == Some(id));
            let picture = render::board(
                &BoardView {
                    board: &board,
                    bottom: self.human,
                    last_move: last,
                    check: in_check,
                },
                self.style,
            );
            let mut lines = vec![format!("  Board {id}")];
            lines.extend(picture.lines);
            pictures.push(Block {
                lines,
                width: picture.width,
            });
        }
        let sans = san_moves(self.game.start(), self.game.moves());
        let start = self.game.start();
        let list = render::move_list(
            &sans,
            start.fullmoves().get(),
            start.turn() == Color::Black,
            12,
        );
        pictures[0].beside(&pictures[1], 4).beside(&list, 4)
    }
}

/// A move typed as UCI (`e2e4`) or SAN (`Nf3`, `O-O`; check marks optional).
fn parse_move(pos: &Alice, text: &str) -> Option<Move> {
    if let Ok(m) = pos.parse_uci(text) {
        return Some(m);
    }
    let bare = |s: &str| s.trim_end_matches(['+', '#', '!', '?']).replace('0', "O");
    let wanted = bare(text);
    pos.legal_moves()
        .into_iter()
        .find(|m| bare(&pos.san(m)) == wanted)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_are_read_as_san_or_uci() {
        let pos = Alice::default();
        assert_eq!(parse_move(&pos, "Nf3"), pos.parse_uci("g1f3").ok());
        assert_eq!(parse_move(&pos, "e2e4"), pos.parse_uci("e2e4").ok());
        assert_eq!(parse_move(&pos, "e5"), None);
    }
}
