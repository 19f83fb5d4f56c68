//! `chessbot analyze`: reviews the games of a PGN file with our engine or a UCI engine and
//! prints annotated PGN, a per-player summary, JSON, or one position (`--show`).

use super::{CliError, CmdResult};
use crate::cli::analyze::AnalyzeArgs;
use chessbot::analysis::annotate::{san_line, write_annotated};
use chessbot::analysis::plot::{eval_graph, plot_path};
use chessbot::analysis::review::{
    Class, GameReview, PlayerSummary, format_score, review_game, sparkline,
};
use chessbot::analysis::{AnalysisLimit, Evaluation, Evaluator, OwnEngine, UciEvaluator};
use chessbot::rules::pgn::{Game, ReadOptions, read_games, read_pgn_file, result_text};
use chessbot::search::Score;
use chessbot::uci::client::EngineSpec;
use indicatif::{ProgressBar, ProgressStyle};
use shakmaty::uci::UciMove;
use shakmaty::{Chess, Color, Position, Square};
use std::fmt::Write as _;
use std::io::{IsTerminal, Write};
use std::process::ExitCode;
use std::time::Duration;

/// The depth when neither --depth nor --movetime is given.
const DEFAULT_DEPTH: i32 = 8;

fn limit(args: &AnalyzeArgs) -> AnalysisLimit {
    match (args.depth, args.movetime) {
        (_, Some(ms)) => AnalysisLimit::Movetime(Duration::from_millis(ms)),
        (d, None) => AnalysisLimit::Depth(d.unwrap_or(DEFAULT_DEPTH)),
    }
}

fn limit_text(limit: AnalysisLimit) -> String {
    match limit {
        AnalysisLimit::Depth(d) => format!("depth {d}"),
        AnalysisLimit::Movetime(t) => format!("{} ms per position", t.as_millis()),
    }
}

fn evaluator(args: &AnalyzeArgs, chess960: bool) -> Result<Box<dyn Evaluator>, CliError> {
    let limit = limit(args);
    match &args.engine {
        None => Ok(Box::new(
            OwnEngine::new(limit, args.hash as usize).with_threads(usize::from(args.threads)),
        )),
        Some(program) => UciEvaluator::start(&EngineSpec::new(program.clone()), limit, chess960)
            .map(|e| Box::new(e) as Box<dyn Evaluator>)
            .map_err(CliError::runtime),
    }
}

/// Reads `23w` / `23b` (also `23.` and `23...`) into a move number and side.
fn parse_label(text: &str) -> Option<(u32, Color)> {
    let t = text.trim();
    let (num, side) = if let Some(n) = t.strip_suffix("...") {
        (n, Color::Black)
    } else if let Some(n) = t.strip_suffix('.') {
        (n, Color::White)
    } else if let Some(n) = t.strip_suffix(['w', 'W']) {
        (n, Color::White)
    } else if let Some(n) = t.strip_suffix(['b', 'B']) {
        (n, Color::Black)
    } else {
        return None;
    };
    num.parse().ok().filter(|&n| n > 0).map(|n| (n, side))
}

fn score_json(white: Score) -> serde_json::Value {
    match white.mate_moves() {
        Some(m) => serde_json::json!({ "mate": m }),
        None => serde_json::json!({ "cp": white.0 }),
    }
}

fn white_view(score: Score, side: Color) -> Score {
    match side {
        Color::White => score,
        Color::Black => -score,
    }
}

fn board_text(pos: &Chess) -> String {
    let mut out = String::new();
    for rank in (0..8).rev() {
        let _ = write!(out, "{} ", rank + 1);
        for file in 0..8 {
            let sq = Square::from_coords(shakmaty::File::new(file), shakmaty::Rank::new(rank));
            let c = match pos.board().piece_at(sq) {
                Some(p) => {
                    let ch = p.role.char();
                    if p.color == Color::White {
                        ch.to_ascii_uppercase()
                    } else {
                        ch
                    }
                }
                None => '.',
            };
            let _ = write!(out, " {c}");
        }
        out.push('\n');
    }
    out.push_str("   a b c d e f g h\n");
    out
}

fn show(args: &AnalyzeArgs, label: &str, games: Vec<Game>) -> CmdResult {
    let (number, side) = parse_label(label).ok_or_else(|| {
        CliError::input(format!(
            "--show: '{label}' is not a move such as 23w or 23b"
        ))
    })?;
    let [game] = <[Game; 1]>::try_from(games).map_err(|g| {
        CliError::input(format!(
            "--show needs a file with a single game; {} has {}",
            args.pgn.display(),
            g.len()
        ))
    })?;
    let positions = game.positions();
    let ply = positions
        .iter()
        .take(game.moves.len())
        .position(|p| p.fullmoves().get() == number && p.turn() == side)
        .ok_or_else(|| {
            CliError::input(format!(
                "--show: the game has no move {number}{}",
                side.fold_wb(".", "...")
            ))
        })?;
    let mut engine = evaluator(args, game.chess960)?;
    let before = &positions[ply];
    let after = &positions[ply + 1];
    let eval_at = |engine: &mut Box<dyn Evaluator>, i: usize| -> Result<Evaluation, CliError> {
        match Evaluation::terminal(&positions[i]) {
            Some(e) => Ok(e),
            None => engine
                .evaluate(&positions[i], &positions[..i])
                .map_err(CliError::runtime),
        }
    };
    let best = eval_at(&mut engine, ply)?;
    let now = eval_at(&mut engine, ply + 1)?;
    let played = san_line(before, &[game.moves[ply].mv]);
    let mut out = std::io::stdout().lock();
    if args.json {
        let v = serde_json::json!({
            "move": played,
            "fen": chessbot::rules::fen::to_fen(after),
            "eval": score_json(white_view(now.score, after.turn())),
            "best_line": san_line(after, &now.pv),
            "before": {
                "eval": score_json(white_view(best.score, before.turn())),
                "best_line": san_line(before, &best.pv),
            },
        });
        writeln!(out, "{v}")?;
        return Ok(ExitCode::SUCCESS);
    }
    writeln!(out, "After {played}")?;
    write!(out, "{}", board_text(after))?;
    writeln!(out, "fen {}", chessbot::rules::fen::to_fen(after))?;
    writeln!(
        out,
        "eval {} ({})",
        format_score(white_view(now.score, after.turn())),
        engine.name()
    )?;
    if now.pv.is_empty() {
        writeln!(out, "best line: none (the game is over)")?;
    } else {
        writeln!(out, "best line: {}", san_line(after, &now.pv))?;
    }
    writeln!(
        out,
        "before the move: eval {}, best {}",
        format_score(white_view(best.score, before.turn())),
        san_line(before, &best.pv)
    )?;
    Ok(ExitCode::SUCCESS)
}

fn summary_table(review: &GameReview) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "  {:<20} {:>6} {:>9} {:>12} {:>9} {:>9}",
        "", "ACPL", "accuracy", "inaccuracies", "mistakes", "blunders"
    );
    for color in [Color::White, Color::Black] {
        let p = review.summary(color);
        // A side that made no move has no loss or accuracy to show.
        let acpl = p.acpl.map_or("-".to_string(), |a| format!("{a:.1}"));
        let accuracy = p.accuracy.map_or("-".to_string(), |a| format!("{a:.1}%"));
        let _ = writeln!(
            s,
            "  {:<20} {:>6} {:>9} {:>12} {:>9} {:>9}",
            p.name, acpl, accuracy, p.inaccuracies, p.mistakes, p.blunders
        );
    }
    let bad: Vec<String> = review
        .moves
        .iter()
        .filter(|m| m.class >= Class::Mistake)
        .map(|m| {
            let played = san_line(&m.before, &[m.mv]);
            let best = m
                .best
                .best()
                .map(|b| san_line(&m.before, &[b]))
                .unwrap_or_default();
            format!(
                "{}{} ({}, best {})",
                played,
                m.class.suffix(),
                format_score(m.white_score_after()),
                best.rsplit(' ').next().unwrap_or_default()
            )
        })
        .collect();
    if !bad.is_empty() {
        let _ = writeln!(s, "  mistakes and blunders: {}", bad.join(", "));
    }
    s
}

fn summary_json(p: &PlayerSummary) -> serde_json::Value {
    serde_json::to_value(p).unwrap_or_default()
}

fn review_json(review: &GameReview) -> serde_json::Value {
    let game = &review.game;
    let moves: Vec<serde_json::Value> = review
        .moves
        .iter()
        .map(|m| {
            serde_json::json!({
                "ply": m.ply,
                "move": m.label(),
                "san": san_line(&m.before, &[m.mv]).rsplit(' ').next().unwrap_or_default(),
                "uci": UciMove::from_move(m.mv, game.castling_mode()).to_string(),
                "eval": score_json(m.white_score_after()),
                "best": m.best.best().map(|b| UciMove::from_move(b, game.castling_mode()).to_string()),
                "best_line": san_line(&m.before, &m.best.pv),
                "class": m.class,
                "drop": (m.drop * 10_000.0).round() / 10_000.0,
                "cp_loss": m.cp_loss,
            })
        })
        .collect();
    serde_json::json!({
        "game": game.number,
        "line": game.line,
        "white": review.summary(Color::White).name,
        "black": review.summary(Color::Black).name,
        "result": result_text(game.outcome),
        "start_eval": score_json(white_view(review.start.score, game.start.turn())),
        "summary": {
            "white": summary_json(&review.summary(Color::White)),
            "black": summary_json(&review.summary(Color::Black)),
        },
        "sparkline": sparkline(&review.white_scores()),
        "moves": moves,
    })
}

pub fn run(args: AnalyzeArgs) -> CmdResult {
    if let Some(plot) = &args.plot
        && !plot
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("png"))
    {
        return Err(CliError::input(format!(
            "--plot: {} must end in .png",
            plot.display()
        )));
    }
    let text = read_pgn_file(&args.pgn)
        .map_err(|e| CliError::input(format!("cannot read {}: {e}", args.pgn.display())))?;
    let mut games = Vec::new();
    let mut broken = Vec::new();
    for g in read_games(&text, ReadOptions::default()) {
        match g {
            Ok(g) => games.push(g),
            Err(e) => broken.push(e),
        }
    }
    if games.is_empty() && broken.is_empty() {
        return Err(CliError::input(format!(
            "{}: no games in the file",
            args.pgn.display()
        )));
    }
    for e in &broken {
        eprintln!("chessbot: warning: skipped {e}");
    }
    if games.is_empty() {
        return Err(CliError::input(format!(
            "{}: none of its {} games could be read",
            args.pgn.display(),
            broken.len()
        )));
    }
    if let Some(label) = args.show.clone() {
        return show(&args, &label, games);
    }
    let chess960 = games.iter().any(|g| g.chess960);
    let mut engine = evaluator(&args, chess960)?;
    let annotator = format!("{} ({})", engine.name(), limit_text(limit(&args)));
    let total: usize = games.iter().map(|g| g.moves.len() + 1).sum();
    let bar = std::io::stderr().is_terminal().then(|| {
        let bar = ProgressBar::new(total as u64);
        bar.set_style(
            ProgressStyle::with_template("{bar:30} {pos}/{len} positions  {msg}  ETA {eta}")
                .expect("valid template"),
        );
        bar.enable_steady_tick(Duration::from_millis(200));
        bar
    });
    let mut pgn_file = match &args.output {
        Some(path) => Some(
            std::fs::File::create(path)
                .map_err(|e| CliError::input(format!("cannot create {}: {e}", path.display())))?,
        ),
        None => None,
    };
    let mut stdout = std::io::stdout().lock();
    let mut reviews = Vec::new();
    let mut plots = Vec::new();
    let mut summary_text = String::new();
    for game in &games {
        if let Some(bar) = &bar {
            bar.set_message(format!("game {}", game.number));
        }
        let review = review_game(game, engine.as_mut(), &mut || {
            if let Some(bar) = &bar {
                bar.inc(1);
            }
        })
        .map_err(|e| {
            CliError::runtime(format!("game {} (line {}): {e}", game.number, game.line))
        })?;
        if let Some(base) = &args.plot {
            let path = plot_path(base, game.number, games.len() > 1);
            eval_graph(&review).save(&path).map_err(|e| {
                CliError::runtime(format!("cannot write the plot {}: {e}", path.display()))
            })?;
            plots.push(path);
        }
        let pgn = write_annotated(&review, &annotator);
        match (&mut pgn_file, args.json) {
            (Some(f), _) => f.write_all(pgn.as_bytes())?,
            (None, false) => stdout.write_all(pgn.as_bytes())?,
            (None, true) => {}
        }
        if !args.json {
            let _ = writeln!(
                summary_text,
                "Game {} (line {}): {} - {} {}, {} {}, {annotator}",
                game.number,
                game.line,
                review.summary(Color::White).name,
                review.summary(Color::Black).name,
                result_text(game.outcome),
                game.moves.len(),
                if game.moves.len() == 1 {
                    "ply"
                } else {
                    "plies"
                },
            );
            let _ = writeln!(summary_text, "  eval {}", sparkline(&review.white_scores()));
            summary_text.push_str(&summary_table(&review));
        }
        reviews.push(review);
    }
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    if args.json {
        let v = serde_json::json!({
            "engine": engine.name(),
            "limit": limit_text(limit(&args)),
            "games": reviews.iter().map(review_json).collect::<Vec<_>>(),
            "plots": plots.iter().map(|p| p.display().to_string()).collect::<Vec<_>>(),
            "errors": broken.iter().map(|e| serde_json::json!({"game": e.game(), "message": e.to_string()})).collect::<Vec<_>>(),
        });
        writeln!(stdout, "{v}")?;
    } else if pgn_file.is_some() {
        stdout.write_all(summary_text.as_bytes())?;
    } else {
        eprint!("{summary_text}");
    }
    for p in &plots {
        eprintln!("wrote {}", p.display());
    }
    if broken.is_empty() {
        Ok(ExitCode::SUCCESS)
    } else {
        Ok(ExitCode::from(2))
    }
}
