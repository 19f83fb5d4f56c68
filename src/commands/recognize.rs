//! `chessbot recognize`: screenshots in, FEN out, several images in parallel.

use super::{CliError, CmdResult};
use crate::cli::recognize::{RecognizeArgs, SideArg, TurnArg};
use chessbot::vision::annotate::annotate;
use chessbot::vision::classify::Classifier;
use chessbot::vision::input::decode;
use chessbot::vision::orient::Orientation;
use chessbot::vision::recognize::{Recognition, RecognizeOptions, Recognizer};
use chessbot::vision::{BoardBox, VisionError};
use rayon::prelude::*;
use shakmaty::Color;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

/// What went wrong with one image, and the exit code it deserves.
enum Failure {
    /// Unreadable input: exit 2.
    Input(String),
    /// Read, but no board (or the model failed): exit 1.
    Runtime(String),
}

struct Outcome {
    boards: Vec<Recognition>,
    decode_ms: f64,
    total_ms: f64,
}

pub fn run(args: RecognizeArgs) -> CmdResult {
    let opts = RecognizeOptions {
        all: args.all,
        region: args
            .region
            .as_deref()
            .map(parse_region)
            .transpose()
            .map_err(CliError::input)?,
        orientation: args.orientation.map(|o| match o {
            SideArg::White => Orientation::WhiteBottom,
            SideArg::Black => Orientation::BlackBottom,
        }),
        turn: args.turn.map(|t| match t {
            TurnArg::W => Color::White,
            TurnArg::B => Color::Black,
        }),
    };
    let stdin_count = args.images.iter().filter(|p| p.as_os_str() == "-").count();
    if stdin_count > 1 {
        return Err(CliError::input(
            "'-' (standard input) can be given only once",
        ));
    }
    let stdin_bytes = if stdin_count == 1 {
        let mut buf = Vec::new();
        std::io::stdin()
            .read_to_end(&mut buf)
            .map_err(|e| CliError::input(format!("-: cannot read standard input: {e}")))?;
        Some(buf)
    } else {
        None
    };
    let recognizer = if args.held_out {
        Recognizer::new(super::vision::held_out_networks(args.networks.as_deref())?)
    } else if args.model.is_empty() {
        Recognizer::embedded().map_err(CliError::runtime)?
    } else {
        // A model file that cannot be read or is not one is bad input.
        let mut members = Vec::with_capacity(args.model.len());
        for path in &args.model {
            let bytes = std::fs::read(path)
                .map_err(|e| CliError::input(format!("{}: cannot read: {e}", path.display())))?;
            // Each file alone first, so that the error names the one that is not a model.
            Classifier::from_bytes(bytes.clone()).map_err(|e| {
                CliError::input(format!("{}: not a usable model: {e}", path.display()))
            })?;
            members.push(bytes);
        }
        Recognizer::new(
            Classifier::from_members(members)
                .map_err(|e| CliError::input(format!("--model: {e}")))?,
        )
    };
    let results: Vec<Result<Outcome, Failure>> = args
        .images
        .par_iter()
        .map(|path| process(path, stdin_bytes.as_deref(), &recognizer, &opts))
        .collect();

    let several = args.images.len() > 1;
    let mut out = std::io::stdout().lock();
    let mut stderr = std::io::stderr().lock();
    let mut code = 0u8;
    for (i, (path, result)) in args.images.iter().zip(&results).enumerate() {
        let name = display_name(path);
        match result {
            Ok(outcome) => {
                for (k, r) in outcome.boards.iter().enumerate() {
                    if let Some(problem) = &r.problem {
                        let which = if outcome.boards.len() > 1 {
                            format!(" (board {})", k + 1)
                        } else {
                            String::new()
                        };
                        writeln!(stderr, "warning: {name}{which}: {problem}")?;
                    }
                }
                if args.json {
                    let v = serde_json::json!({
                        "file": name,
                        "decode_ms": outcome.decode_ms,
                        "total_ms": outcome.total_ms,
                        "boards": outcome.boards,
                    });
                    writeln!(out, "{v}")?;
                } else {
                    for r in &outcome.boards {
                        if several {
                            writeln!(out, "{name}: {}", r.fen)?;
                        } else {
                            writeln!(out, "{}", r.fen)?;
                        }
                    }
                }
                if let Some(debug) = &args.debug {
                    let target = debug_path(debug, several.then_some(i + 1));
                    if let Err(e) =
                        write_debug(path, stdin_bytes.as_deref(), &outcome.boards, &target)
                    {
                        writeln!(stderr, "chessbot: {name}: {e}")?;
                        code = code.max(1);
                    }
                }
            }
            Err(Failure::Input(msg)) => {
                writeln!(stderr, "chessbot: {name}: {msg}")?;
                code = 2;
            }
            Err(Failure::Runtime(msg)) => {
                writeln!(stderr, "chessbot: {name}: {msg}")?;
                code = code.max(1);
            }
        }
    }
    out.flush()?;
    Ok(ExitCode::from(code))
}

fn display_name(path: &Path) -> String {
    if path.as_os_str() == "-" {
        "<stdin>".to_string()
    } else {
        path.display().to_string()
    }
}

fn read_bytes(path: &Path, stdin: Option<&[u8]>) -> Result<Vec<u8>, String> {
    if path.as_os_str() == "-" {
        Ok(stdin.unwrap_or_default().to_vec())
    } else {
        std::fs::read(path).map_err(|e| format!("cannot read: {e}"))
    }
}

fn process(
    path: &Path,
    stdin: Option<&[u8]>,
    recognizer: &Recognizer,
    opts: &RecognizeOptions,
) -> Result<Outcome, Failure> {
    let bytes = read_bytes(path, stdin).map_err(Failure::Input)?;
    let t0 = Instant::now();
    let img = decode(&bytes).map_err(|e| Failure::Input(e.to_string()))?;
    let decode_ms = t0.elapsed().as_secs_f64() * 1000.0;
    let boards = recognizer.recognize(&img, opts).map_err(|e| match e {
        VisionError::BadBox { .. } => Failure::Input(e.to_string()),
        _ => Failure::Runtime(e.to_string()),
    })?;
    Ok(Outcome {
        boards,
        decode_ms,
        total_ms: t0.elapsed().as_secs_f64() * 1000.0,
    })
}

fn write_debug(
    path: &Path,
    stdin: Option<&[u8]>,
    boards: &[Recognition],
    target: &Path,
) -> Result<(), String> {
    let bytes = read_bytes(path, stdin)?;
    let img = decode(&bytes).map_err(|e| e.to_string())?;
    annotate(&img, boards)
        .save(target)
        .map_err(|e| format!("cannot write debug image {}: {e}", target.display()))
}

/// `out.png` for one image; `out-3.png` for the third of several.
fn debug_path(base: &Path, index: Option<usize>) -> PathBuf {
    let Some(i) = index else {
        return base.to_path_buf();
    };
    let stem = base
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let ext = base
        .extension()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "png".into());
    base.with_file_name(format!("{stem}-{i}.{ext}"))
}

/// `x,y,w,h` in pixels (decimals allowed).
fn parse_region(text: &str) -> Result<BoardBox, String> {
    let parts: Vec<&str> = text.split(',').map(str::trim).collect();
    let bad = || format!("bad --region '{text}': expected X,Y,W,H in pixels, e.g. 100,80,640,640");
    if parts.len() != 4 {
        return Err(bad());
    }
    let v: Vec<f32> = parts
        .iter()
        .map(|p| p.parse::<f32>().ok().filter(|v| v.is_finite()))
        .collect::<Option<Vec<f32>>>()
        .ok_or_else(bad)?;
    if v[0] < 0.0 || v[1] < 0.0 || v[2] < 16.0 || v[3] < 16.0 {
        return Err(format!(
            "bad --region '{text}': x and y must be >= 0 and the size at least 16x16"
        ));
    }
    Ok(BoardBox::new(v[0], v[1], v[2], v[3]))
}
