//! `chessbot vision`: trains and measures the square classifier, renders boards.

use super::{CliError, CmdResult};
use crate::cli::vision::{
    BenchArgs, BenchArtefact, BenchPositions, DatasetArgs, EvalArgs, EvalGlyphsArgs, EvalPriorArgs,
    FitPriorArgs, MixArgs, PriorGames, RenderArgs, TrainArgs, TrainGlyphsArgs, VisionArgs,
    VisionCommand,
};
use chessbot::rules::fen::parse_fen;
use chessbot::training::vision::bench::{
    BenchOptions, Positions, median_and_p95, run_bench, run_real,
};
use chessbot::training::vision::dataset::write_dataset;
use chessbot::training::vision::glyphs::{
    GlyphConfig, GlyphScore, evaluate_glyphs, is_held_out_font, load_fonts, train_glyphs,
};
use chessbot::training::vision::marks::MoveMarks;
use chessbot::training::vision::networks;
use chessbot::training::vision::prior::{
    GamePositions, PriorScore, SPLIT, Use, fit_prior, game_use, games_from_pgn,
    games_from_positions, score_prior,
};
use chessbot::training::vision::render::{
    Artefact, BoardStyle, Flat, LabelStyle, PieceSet, load_themes, random_board, render_board,
    render_screenshot, themes_path,
};
use chessbot::training::vision::train::{Sets, TrainConfig, evaluate, random_style, train};
use chessbot::vision::Classifier;
use chessbot::vision::VisionError;
use chessbot::vision::labels::GlyphNet;
use chessbot::vision::prior::{Prior, PriorTable};
use chessbot::vision::recognize::Recognizer;
use rand::SeedableRng;
use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;
use std::io::Write;
use std::path::Path;
use std::process::ExitCode;
use std::sync::Arc;

pub fn run(args: VisionArgs) -> CmdResult {
    match args.command {
        VisionCommand::Train(a) => run_train(a),
        VisionCommand::Dataset(a) => run_dataset(a),
        VisionCommand::Eval(a) => run_eval(a),
        VisionCommand::Render(a) => run_render(a),
        VisionCommand::Bench(a) => run_benchmark(a),
        VisionCommand::TrainGlyphs(a) => run_train_glyphs(a),
        VisionCommand::EvalGlyphs(a) => run_eval_glyphs(a),
        VisionCommand::FitPrior(a) => run_fit_prior(a),
        VisionCommand::EvalPrior(a) => run_eval_prior(a),
    }
}

/// Missing inputs and bad options are the user's to fix (exit 2); the rest is a run-time failure.
fn vision_error(e: VisionError) -> CliError {
    match e {
        VisionError::Io { .. }
        | VisionError::NoPieceSets(_)
        | VisionError::MissingPiece { .. }
        | VisionError::Themes { .. }
        | VisionError::Svg { .. }
        | VisionError::BadOption(_) => CliError::input(e),
        _ => CliError::runtime(e),
    }
}

/// The benchmark's held-out networks from `dir` (default [`networks::DEFAULT_DIR`]); a folder
/// without them is the user's to fix, and the message says where they are.
pub(crate) fn held_out_networks(dir: Option<&Path>) -> Result<Classifier, CliError> {
    let dir = dir.unwrap_or(Path::new(networks::DEFAULT_DIR));
    networks::held_out(dir).map_err(|e| match e {
        VisionError::Io { .. } => CliError::input(format!(
            "{e}: the held-out networks are the held-out*.safetensors files of a checkout's \
             assets/vision; give their folder with --networks DIR"
        )),
        _ => CliError::runtime(e),
    })
}

/// The training settings of `mix`, the rest at [`TrainConfig::new`]'s defaults.
fn mix_config(mix: MixArgs) -> TrainConfig {
    TrainConfig {
        seed: mix.seed,
        all_sets: mix.all_sets,
        flat_share: mix.flat_share,
        extra_pieces: mix.extra_pieces,
        extra_share: mix.extra_share,
        low_contrast_share: mix.low_contrast_share,
        three_d_share: mix.three_d_share,
        arrow_share: mix.arrow_share,
        tint_share: mix.tint_share,
        mark_share: mix.mark_share,
        max_square: mix.max_square,
        ..TrainConfig::new(mix.pieces)
    }
}

/// Creates the folder `out` goes in, if it has one.
fn create_parent(out: &std::path::Path) -> Result<(), CliError> {
    if let Some(parent) = out.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent)
            .map_err(|e| CliError::input(format!("{}: {e}", parent.display())))?;
    }
    Ok(())
}

fn run_train(a: TrainArgs) -> CmdResult {
    let config = TrainConfig {
        epochs: a.epochs,
        boards_per_epoch: a.boards,
        batch_size: a.batch,
        learning_rate: a.lr,
        eval_boards: a.eval_boards,
        init: a.init,
        ..mix_config(a.mix)
    };
    create_parent(&a.out)?;
    let mut err = std::io::stderr().lock();
    train(&config, &a.out, |r| {
        let held = r
            .held_out_accuracy
            .map(|h| format!(", held-out squares {:.2}%", h * 100.0))
            .unwrap_or_default();
        let _ = writeln!(
            err,
            "epoch {}/{}: loss {:.4}, train accuracy {:.2}% ({} crops){held}, {:.0} s",
            r.epoch,
            r.epochs,
            r.loss,
            r.train_accuracy * 100.0,
            r.samples,
            r.elapsed
        );
    })
    .map_err(vision_error)?;
    let size = std::fs::metadata(&a.out).map(|m| m.len()).unwrap_or(0);
    writeln!(
        std::io::stdout(),
        "wrote {} ({} bytes)",
        a.out.display(),
        size
    )?;
    Ok(ExitCode::SUCCESS)
}

fn run_dataset(a: DatasetArgs) -> CmdResult {
    if a.boards == 0 {
        return Err(CliError::input("--boards must be at least 1"));
    }
    let config = mix_config(a.mix);
    create_parent(&a.out)?;
    // Written beside and renamed at the end, so that a failed run leaves no half file under
    // the name asked for.
    let partial = a.out.with_extension("partial");
    let file = std::fs::File::create(&partial)
        .map_err(|e| CliError::input(format!("{}: {e}", partial.display())))?;
    let mut writer = std::io::BufWriter::new(file);
    let bar = indicatif::ProgressBar::new(a.boards as u64);
    let result = write_dataset(&config, a.boards, &mut writer, |done| {
        bar.set_position(done as u64)
    });
    bar.finish_and_clear();
    drop(writer);
    let summary = match result {
        Ok(s) => s,
        Err(e) => {
            let _ = std::fs::remove_file(&partial);
            return Err(vision_error(e));
        }
    };
    std::fs::rename(&partial, &a.out)
        .map_err(|e| CliError::runtime(format!("{}: {e}", a.out.display())))?;
    writeln!(
        std::io::stdout(),
        "wrote {}: {} crops ({} pieces) of {} boards",
        a.out.display(),
        summary.crops,
        summary.pieces,
        summary.boards
    )?;
    Ok(ExitCode::SUCCESS)
}

fn run_eval(a: EvalArgs) -> CmdResult {
    if a.boards == 0 {
        return Err(CliError::input("--boards must be at least 1"));
    }
    let classifier = if a.model.is_empty() {
        held_out_networks(a.networks.as_deref())?
    } else {
        Classifier::from_files(&a.model).map_err(vision_error)?
    };
    let sets = Sets::load(&a.pieces).map_err(vision_error)?;
    let chosen: Vec<Arc<PieceSet>> = if a.all_sets {
        sets.train.iter().chain(&sets.held_out).cloned().collect()
    } else {
        sets.held_out.clone()
    };
    if chosen.is_empty() {
        return Err(CliError::input(format!(
            "{}: none of the held-out sets is there (use --all-sets)",
            a.pieces.display()
        )));
    }
    let scores = evaluate(
        &classifier,
        &chosen,
        &sets.themes,
        a.boards,
        a.seed,
        positions(a.positions),
    )
    .map_err(vision_error)?;
    let mut out = std::io::stdout().lock();
    if a.json {
        serde_json::to_writer_pretty(&mut out, &scores).map_err(CliError::runtime)?;
        writeln!(out)?;
        return Ok(ExitCode::SUCCESS);
    }
    writeln!(
        out,
        "{:<24} {:>6} {:>10} {:>10} {:>9} {:>8}",
        "set", "boards", "squares%", "raw%", "boards%", "ms/board"
    )?;
    let pct = |a: usize, b: usize| 100.0 * a as f64 / b.max(1) as f64;
    let (mut sq, mut sq_right, mut sq_raw, mut b, mut b_right, mut secs) = (0, 0, 0, 0, 0, 0.0);
    for s in &scores {
        let held = if chessbot::training::vision::render::is_held_out(&s.set) {
            " (held out)"
        } else {
            ""
        };
        writeln!(
            out,
            "{:<24} {:>6} {:>10.3} {:>10.3} {:>9.1} {:>8.2}",
            format!("{}{held}", s.set),
            s.boards,
            pct(s.squares_right, s.squares),
            pct(s.squares_right_raw, s.squares),
            pct(s.boards_right, s.boards),
            1000.0 * s.classify_seconds / s.boards.max(1) as f64
        )?;
        sq += s.squares;
        sq_right += s.squares_right;
        sq_raw += s.squares_right_raw;
        b += s.boards;
        b_right += s.boards_right;
        secs += s.classify_seconds;
    }
    writeln!(
        out,
        "{:<24} {:>6} {:>10.3} {:>10.3} {:>9.1} {:>8.2}",
        "all",
        b,
        pct(sq_right, sq),
        pct(sq_raw, sq),
        pct(b_right, b),
        1000.0 * secs / b.max(1) as f64
    )?;
    Ok(ExitCode::SUCCESS)
}

fn run_render(a: RenderArgs) -> CmdResult {
    let mut rng = ChaCha8Rng::seed_from_u64(a.seed);
    let board = match &a.fen {
        Some(text) => parse_fen(text)
            .map_err(CliError::input)?
            .as_setup()
            .board
            .clone(),
        None => random_board(&mut rng),
    };
    let size = match &a.screenshot {
        Some(s) => Some(parse_size(s).ok_or_else(|| {
            CliError::input(format!("--screenshot {s}: expected WxH, e.g. 1280x800"))
        })?),
        None => None,
    };
    let set = match &a.set {
        Some(name) => Arc::new(PieceSet::load(&a.pieces.join(name)).map_err(vision_error)?),
        None => {
            let sets = chessbot::training::vision::render::load_piece_sets(&a.pieces)
                .map_err(vision_error)?;
            sets.choose(&mut rng)
                .cloned()
                .ok_or_else(|| CliError::input("no piece sets"))?
        }
    };
    let themes = load_themes(&themes_path(&a.pieces)).map_err(vision_error)?;
    let mut style = match a.plain {
        Some(sq) if sq.is_finite() && (4.0..=600.0).contains(&sq) => {
            BoardStyle::plain(set, themes[0].light, themes[0].dark, sq)
        }
        Some(sq) => {
            return Err(CliError::input(format!(
                "--plain {sq}: square size must be 4 to 600 pixels"
            )));
        }
        None => random_style(&mut rng, set, &themes, &board),
    };
    if a.flip {
        style.flipped = true;
    }
    style.piece_mirror |= a.mirror;
    if a.flat {
        let px = style.square_size * style.piece_scale;
        style.piece_flat = Flat::random_pair(&mut rng, px);
    }
    if a.low_contrast {
        style.match_squares_to_pieces(&mut rng);
    }
    if a.tint {
        style.tint_pieces(&mut rng);
    }
    if a.marks {
        style.move_marks = MoveMarks::random(&mut rng, &board);
    }
    if let Some(dir) = &a.labels {
        let fonts = load_fonts(dir).map_err(vision_error)?;
        style.coordinates = chessbot::training::vision::render::Coordinates::None;
        let mut labels = LabelStyle::random(&mut rng, &fonts, &mut style);
        if a.page_text {
            labels.add_page_text(&mut rng, &mut style);
        }
        style.labels = Some(labels);
    }
    if let Some(text) = &a.last_move {
        style.last_move = Some(parse_two_squares(text).ok_or_else(|| {
            CliError::input(format!(
                "--last-move {text}: expected two squares, from and to, e.g. g8f6"
            ))
        })?);
    }
    let rendered = match size {
        Some((w, h)) => render_screenshot(&board, &style, w, h, &mut rng),
        None => render_board(&board, &style, &mut rng),
    };
    rendered
        .image
        .save(&a.out)
        .map_err(|e| CliError::input(format!("{}: {e}", a.out.display())))?;
    let g = rendered.grid;
    writeln!(std::io::stdout(), "{} {} {} {}", g.x, g.y, g.w, g.h)?;
    Ok(ExitCode::SUCCESS)
}

fn run_train_glyphs(a: TrainGlyphsArgs) -> CmdResult {
    if a.boards == 0 || a.epochs == 0 || a.batch < 2 {
        return Err(CliError::input(
            "--boards and --epochs must be at least 1, --batch at least 2",
        ));
    }
    let config = GlyphConfig {
        seed: a.seed,
        boards: a.boards,
        epochs: a.epochs,
        batch_size: a.batch,
        learning_rate: a.lr,
        eval_boards: a.eval_boards,
        all_fonts: a.all_fonts,
        ..GlyphConfig::new(a.pieces.clone(), a.fonts.clone())
    };
    create_parent(&a.out)?;
    let mut err = std::io::stderr().lock();
    let (counts, rendering) = train_glyphs(&config, &a.out, |r| {
        let _ = writeln!(
            err,
            "epoch {}/{}: loss {:.4}, accuracy {:.2}% ({} glyphs), {:.0} s",
            r.epoch,
            r.epochs,
            r.loss,
            r.accuracy * 100.0,
            r.samples,
            r.elapsed
        );
    })
    .map_err(vision_error)?;
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "glyphs per class (no label, 1-8, a-h): {counts:?}; rendered in {rendering:.0} s"
    )?;
    if a.eval_boards > 0 {
        let net = GlyphNet::from_safetensors(
            &std::fs::read(&a.out)
                .map_err(|e| CliError::runtime(format!("{}: {e}", a.out.display())))?,
        )
        .map_err(CliError::runtime)?;
        let sets = Sets::load(&a.pieces).map_err(vision_error)?;
        let fonts: Vec<_> = load_fonts(&a.fonts)
            .map_err(vision_error)?
            .into_iter()
            .filter(is_held_out_font)
            .collect();
        if !fonts.is_empty() {
            let score = evaluate_glyphs(
                &net,
                &sets,
                &fonts,
                a.seed.wrapping_add(1_000_000),
                a.eval_boards,
            );
            print_glyph_score(&mut out, "held-out fonts", &score)?;
        }
    }
    let size = std::fs::metadata(&a.out).map(|m| m.len()).unwrap_or(0);
    writeln!(out, "wrote {} ({} bytes)", a.out.display(), size)?;
    Ok(ExitCode::SUCCESS)
}

fn run_eval_glyphs(a: EvalGlyphsArgs) -> CmdResult {
    if a.boards == 0 {
        return Err(CliError::input("--boards must be at least 1"));
    }
    let loaded;
    let net = match &a.model {
        Some(path) => {
            let bytes = std::fs::read(path)
                .map_err(|e| CliError::input(format!("{}: {e}", path.display())))?;
            loaded = GlyphNet::from_safetensors(&bytes)
                .map_err(|e| CliError::input(format!("{}: {e}", path.display())))?;
            &loaded
        }
        None => GlyphNet::embedded(),
    };
    let sets = Sets::load(&a.pieces).map_err(vision_error)?;
    let fonts: Vec<_> = load_fonts(&a.fonts)
        .map_err(vision_error)?
        .into_iter()
        .filter(|f| a.all_fonts || is_held_out_font(f))
        .collect();
    if fonts.is_empty() {
        return Err(CliError::input(format!(
            "{}: none of the held-out font families is there (use --all-fonts)",
            a.fonts.display()
        )));
    }
    let score = evaluate_glyphs(net, &sets, &fonts, a.seed, a.boards);
    let mut out = std::io::stdout().lock();
    if a.json {
        serde_json::to_writer_pretty(&mut out, &score).map_err(CliError::runtime)?;
        writeln!(out)?;
        return Ok(ExitCode::SUCCESS);
    }
    let what = if a.all_fonts {
        "all fonts"
    } else {
        "held-out fonts"
    };
    print_glyph_score(&mut out, what, &score)?;
    Ok(ExitCode::SUCCESS)
}

/// The games of `--pgn` and `--positions`, in that order, and the files' names.
fn read_prior_games(a: &PriorGames) -> Result<(Vec<GamePositions>, Vec<String>), CliError> {
    if a.pgn.is_empty() && a.positions.is_empty() {
        return Err(CliError::input(
            "give games: --pgn FILE or --positions FILE",
        ));
    }
    let read = |p: &std::path::PathBuf| {
        std::fs::read_to_string(p).map_err(|e| CliError::input(format!("{}: {e}", p.display())))
    };
    let mut games = Vec::new();
    for p in &a.pgn {
        games.extend(games_from_pgn(&read(p)?).0);
    }
    for p in &a.positions {
        let g = games_from_positions(&read(p)?)
            .map_err(|e| CliError::input(format!("{}: {e}", p.display())))?;
        games.extend(g);
    }
    let files = a.pgn.iter().chain(&a.positions);
    Ok((games, files.map(|p| p.display().to_string()).collect()))
}

/// Prints a prior's test figures: per group of sizes and overall.
fn print_prior_score(out: &mut impl Write, score: &PriorScore) -> std::io::Result<()> {
    writeln!(
        out,
        "{:>8} {:>9} {:>10} {:>8} {:>10} {:>8}",
        "pieces", "positions", "decided%", "wrong%", "turned:d%", "wrong%"
    )?;
    let pct = |a: usize, b: usize| 100.0 * a as f64 / b.max(1) as f64;
    for g in &score.groups {
        writeln!(
            out,
            "{:>8} {:>9} {:>10.2} {:>8.2} {:>10.2} {:>8.2}",
            format!("<={}", g.bound),
            g.positions,
            pct(g.decided[0], g.positions),
            pct(g.wrong[0], g.decided[0]),
            pct(g.decided[1], g.positions),
            pct(g.wrong[1], g.decided[1])
        )?;
    }
    let (d0, w0) = score.overall(false);
    let (d1, w1) = score.overall(true);
    writeln!(
        out,
        "{:>8} {:>9} {:>10.2} {:>8.2} {:>10.2} {:>8.2}",
        "all",
        "",
        100.0 * d0,
        100.0 * w0,
        100.0 * d1,
        100.0 * w1
    )
}

fn run_fit_prior(a: FitPriorArgs) -> CmdResult {
    let (games, files) = read_prior_games(&a.games)?;
    if games.len() < SPLIT {
        return Err(CliError::input(format!(
            "{} games read: at least {SPLIT} are needed (one in {SPLIT} fits the weights)",
            games.len()
        )));
    }
    let (table, fit) = fit_prior(&games);
    let comments = vec![
        format!(
            "Made by `chessbot vision fit-prior` from {} games ({}): {} counted, {} calibrating the weights.",
            games.len(),
            files.join(", "),
            fit.games.0,
            fit.games.1
        ),
        "Per phase (most pieces on the board): the weights of the summed log-likelihood ratios of the kings', the pawns' and the other pieces' squares, and of each relation;".into(),
        "per phase, piece (KQRBNP white, kqrbnp black) and square (a1, b1, ..., h8): how many times the piece stood there, white at the bottom.".into(),
    ];
    create_parent(&a.out)?;
    std::fs::write(&a.out, table.write(&comments))
        .map_err(|e| CliError::runtime(format!("{}: {e}", a.out.display())))?;
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "{} games: {} counted, {} calibration, {} test",
        games.len(),
        fit.games.0,
        fit.games.1,
        fit.games.2
    )?;
    writeln!(
        out,
        "{:>6} {:>10} {:>11} {:>12} {:>10}  weights (squares, relations)",
        "pieces", "positions", "calibration", "loss:squares", "loss:all"
    )?;
    for p in &fit.phases {
        let w: Vec<String> = p.weights.iter().map(|v| format!("{v:.3}")).collect();
        writeln!(
            out,
            "{:>6} {:>10} {:>11} {:>12.4} {:>10.4}  {}",
            format!("<={}", p.bound),
            p.positions,
            p.calibration,
            p.log_loss.0,
            p.log_loss.1,
            w.join(" ")
        )?;
    }
    writeln!(out, "test games:")?;
    let test = games
        .iter()
        .enumerate()
        .filter(|(i, _)| game_use(*i) == Use::Test);
    print_prior_score(
        &mut out,
        &score_prior(&Prior::new(table), test.map(|(_, g)| g)),
    )?;
    writeln!(out, "wrote {}", a.out.display())?;
    Ok(ExitCode::SUCCESS)
}

fn run_eval_prior(a: EvalPriorArgs) -> CmdResult {
    let (games, _) = read_prior_games(&a.games)?;
    let loaded;
    let prior = match &a.prior {
        None => Prior::embedded(),
        Some(p) => {
            let text = std::fs::read_to_string(p)
                .map_err(|e| CliError::input(format!("{}: {e}", p.display())))?;
            let table = PriorTable::parse(&text)
                .map_err(|e| CliError::input(format!("{}: {e}", p.display())))?;
            loaded = Prior::new(table);
            &loaded
        }
    };
    let test = games
        .iter()
        .enumerate()
        .filter(|(i, _)| a.all || game_use(*i) == Use::Test);
    let score = score_prior(prior, test.map(|(_, g)| g));
    print_prior_score(&mut std::io::stdout().lock(), &score)?;
    Ok(ExitCode::SUCCESS)
}

/// One line per figure of a glyph network's score on `what`.
fn print_glyph_score(out: &mut impl Write, what: &str, s: &GlyphScore) -> std::io::Result<()> {
    let pct = |a: usize, b: usize| 100.0 * a as f64 / b.max(1) as f64;
    writeln!(out, "{what}: {} boards", s.boards)?;
    writeln!(
        out,
        "  label glyphs found        {:>6} of {:>6}  {:>6.2}%",
        s.labels,
        s.drawn,
        pct(s.labels, s.drawn)
    )?;
    writeln!(
        out,
        "  label glyphs read right   {:>6} of {:>6}  {:>6.2}%",
        s.labels_right,
        s.labels,
        pct(s.labels_right, s.labels)
    )?;
    writeln!(
        out,
        "  other glyphs read as none {:>6} of {:>6}  {:>6.2}%",
        s.others_right,
        s.others,
        pct(s.others_right, s.others)
    )?;
    writeln!(
        out,
        "  all glyphs read right                      {:>6.2}%",
        100.0 * s.accuracy()
    )?;
    writeln!(out, "  confident misreadings     {:>6}", s.false_readings)?;
    writeln!(
        out,
        "  boards the labels orient  {:>6} of {:>6}  {:>6.2}%, wrongly {}",
        s.boards_decided,
        s.boards,
        pct(s.boards_decided, s.boards),
        s.boards_wrong
    )
}

/// Two squares written together, e.g. `g8f6`.
fn parse_two_squares(s: &str) -> Option<(shakmaty::Square, shakmaty::Square)> {
    let s = s.trim();
    if s.len() != 4 || !s.is_ascii() {
        return None;
    }
    let from = shakmaty::Square::from_ascii(&s.as_bytes()[..2]).ok()?;
    let to = shakmaty::Square::from_ascii(&s.as_bytes()[2..]).ok()?;
    (from != to).then_some((from, to))
}

fn parse_size(s: &str) -> Option<(u32, u32)> {
    let (w, h) = s.split_once(['x', 'X'])?;
    let (w, h) = (w.trim().parse().ok()?, h.trim().parse().ok()?);
    ((16..=16_000).contains(&w) && (16..=16_000).contains(&h)).then_some((w, h))
}

/// The library's placement kind for the flag.
fn positions(p: BenchPositions) -> Positions {
    match p {
        BenchPositions::Games => Positions::Games,
        BenchPositions::Mixed => Positions::Mixed,
    }
}

/// The library's artefact for the flag.
fn artefact(a: BenchArtefact) -> Artefact {
    match a {
        BenchArtefact::Arrows => Artefact::Arrows,
        BenchArtefact::MoveDots => Artefact::MoveDots,
        BenchArtefact::Highlights => Artefact::Highlights,
        BenchArtefact::Check => Artefact::Check,
        BenchArtefact::Shadow => Artefact::Shadow,
        BenchArtefact::Blur => Artefact::Blur,
        BenchArtefact::Jpeg => Artefact::Jpeg,
        BenchArtefact::Scale => Artefact::Scale,
        BenchArtefact::Recolour => Artefact::Recolour,
    }
}

fn run_benchmark(a: BenchArgs) -> CmdResult {
    if a.boards == 0 {
        return Err(CliError::input("--boards must be at least 1"));
    }
    let (width, height) = parse_size(&a.size).ok_or_else(|| {
        CliError::input(format!("--size {}: expected WxH, e.g. 1280x800", a.size))
    })?;
    let classifier = if a.model.is_empty() {
        held_out_networks(a.networks.as_deref())?
    } else {
        Classifier::from_files(&a.model).map_err(vision_error)?
    };
    let recognizer = Recognizer::new(classifier);
    let mut opts = BenchOptions {
        positions: positions(a.positions),
        boards: a.boards,
        seed: a.seed,
        failures: a.failures.clone(),
        keep: a.keep.clone(),
        repeats: a.repeats as usize,
        leave_out: a.leave_out.iter().copied().map(artefact).collect(),
        crop: a.crop,
        width,
        height,
        ..BenchOptions::default()
    };
    if !a.sets.is_empty() {
        opts.sets = a.sets.clone();
    }
    let mut out = std::io::stdout().lock();
    if !a.json {
        writeln!(
            out,
            "{:<28} {:>6} {:>8} {:>8} {:>10} {:>8} {:>7} {:>9} {:>8} {:>11} {:>5}",
            "set",
            "boards",
            "located",
            "cells%",
            "squares%",
            "boards%",
            "orient",
            "median ms",
            "p95 ms",
            "turn",
            "false"
        )?;
    }
    let json = a.json;
    let mut row_err = None;
    let reports = run_bench(&recognizer, &a.pieces, &opts, |r| {
        if json {
            return;
        }
        let held = if chessbot::training::vision::render::is_held_out(&r.set) {
            " (held out)"
        } else {
            ""
        };
        if let Err(e) = writeln!(
            out,
            "{:<28} {:>6} {:>8} {:>8.3} {:>10.3} {:>8.1} {:>7} {:>9.1} {:>8.1} {:>11} {:>5}",
            format!("{}{held}", r.set),
            r.boards,
            r.located,
            100.0 * r.cell_accuracy(),
            100.0 * r.square_accuracy(),
            100.0 * r.board_accuracy(),
            r.orientation_right,
            r.median_ms,
            r.p95_ms,
            format!("{}/{}/{}", r.turn_right, r.turn_told, r.last_move_shown),
            r.false_highlights
        ) {
            row_err.get_or_insert(e);
        }
    })
    .map_err(vision_error)?;
    if let Some(e) = row_err {
        return Err(e.into());
    }
    let boards: usize = reports.iter().map(|r| r.boards).sum();
    let squares: usize = reports.iter().map(|r| r.squares_right).sum();
    let right: usize = reports.iter().map(|r| r.boards_right).sum();
    let mut all_ms: Vec<f64> = reports.iter().flat_map(|r| r.times_ms.clone()).collect();
    all_ms.sort_by(|x, y| x.total_cmp(y));
    let (median_ms, p95_ms) = median_and_p95(&all_ms);
    let real = match &a.real {
        Some(list) => Some(run_real(&recognizer, list, 5).map_err(vision_error)?),
        None => None,
    };
    if a.json {
        let v = serde_json::json!({ "sets": reports, "real": real });
        writeln!(out, "{v}")?;
        return Ok(ExitCode::SUCCESS);
    }
    let cells: usize = reports.iter().map(|r| r.cells_right).sum();
    writeln!(
        out,
        "{:<28} {:>6} {:>8} {:>8.3} {:>10.3} {:>8.1} {:>7} {:>9.1} {:>8.1} {:>11} {:>5}",
        "all",
        boards,
        reports.iter().map(|r| r.located).sum::<usize>(),
        100.0 * cells as f64 / (64 * boards).max(1) as f64,
        100.0 * squares as f64 / (64 * boards).max(1) as f64,
        100.0 * right as f64 / boards.max(1) as f64,
        reports.iter().map(|r| r.orientation_right).sum::<usize>(),
        median_ms,
        p95_ms,
        format!(
            "{}/{}/{}",
            reports.iter().map(|r| r.turn_right).sum::<usize>(),
            reports.iter().map(|r| r.turn_told).sum::<usize>(),
            reports.iter().map(|r| r.last_move_shown).sum::<usize>()
        ),
        reports.iter().map(|r| r.false_highlights).sum::<usize>(),
    )?;
    let in_range: usize = reports.iter().map(|r| r.in_range).sum();
    let in_range_squares: usize = reports.iter().map(|r| r.in_range_squares_right).sum();
    let in_range_right: usize = reports.iter().map(|r| r.in_range_boards_right).sum();
    let least = chessbot::training::vision::bench::LEAST_BOARD;
    if in_range == 0 {
        writeln!(
            out,
            "boards of {least} px and more (the specified range): none"
        )?;
    } else {
        writeln!(
            out,
            "boards of {least} px and more (the specified range): {in_range} of {boards}, \
             squares {:.3}%, boards {:.1}% ({in_range_right} right)",
            100.0 * in_range_squares as f64 / (64 * in_range) as f64,
            100.0 * in_range_right as f64 / in_range as f64,
        )?;
    }
    if let Some(real) = real {
        writeln!(out)?;
        writeln!(
            out,
            "{:<36} {:>8} {:>7} {:>6} {:>9}",
            "real screenshot", "squares", "orient", "board", "median ms"
        )?;
        for r in &real {
            writeln!(
                out,
                "{:<36} {:>5}/64 {:>7} {:>6} {:>9.1}",
                r.file,
                r.squares_right,
                if r.orientation_right { "ok" } else { "wrong" },
                if r.squares_right == 64 && r.orientation_right {
                    "right"
                } else {
                    "wrong"
                },
                r.median_ms
            )?;
        }
    }
    Ok(ExitCode::SUCCESS)
}
