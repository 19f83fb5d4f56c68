//! `chessbot selfplay`: PGN output read back with pgn-reader, reproducibility by seed,
//! schedules, reports, bad input.

use crate::common::chessbot;
use pgn_reader::{RawTag, Reader, SanPlus, Visitor};
use shakmaty::{Chess, Position};
use std::collections::HashMap;
use std::ops::ControlFlow;

/// A game read back: its tags, and whether every move was legal from the start position.
#[derive(Debug)]
pub struct ReadGame {
    pub tags: HashMap<String, String>,
    pub plies: usize,
    pub legal: bool,
    pub outcome: Option<String>,
}

struct Collect;

impl Visitor for Collect {
    type Tags = HashMap<String, String>;
    type Movetext = (HashMap<String, String>, Chess, usize, bool, Option<String>);
    type Output = ReadGame;

    fn begin_tags(&mut self) -> ControlFlow<ReadGame, Self::Tags> {
        ControlFlow::Continue(HashMap::new())
    }

    fn tag(
        &mut self,
        tags: &mut Self::Tags,
        name: &[u8],
        value: RawTag<'_>,
    ) -> ControlFlow<ReadGame> {
        tags.insert(
            String::from_utf8_lossy(name).into_owned(),
            value.decode_utf8_lossy().into_owned(),
        );
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<ReadGame, Self::Movetext> {
        let pos = match tags.get("FEN") {
            Some(fen) => {
                chessbot::rules::fen::parse_position(fen, shakmaty::CastlingMode::Standard)
                    .expect("FEN tag parses")
            }
            None => Chess::default(),
        };
        ControlFlow::Continue((tags, pos, 0, true, None))
    }

    fn san(&mut self, m: &mut Self::Movetext, san: SanPlus) -> ControlFlow<ReadGame> {
        match san.san.to_move(&m.1) {
            Ok(mv) => {
                m.1.play_unchecked(mv);
                m.2 += 1;
            }
            Err(_) => m.3 = false,
        }
        ControlFlow::Continue(())
    }

    fn outcome(
        &mut self,
        m: &mut Self::Movetext,
        outcome: shakmaty::Outcome,
    ) -> ControlFlow<ReadGame> {
        m.4 = Some(outcome.to_string());
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, m: Self::Movetext) -> ReadGame {
        ReadGame {
            tags: m.0,
            plies: m.2,
            legal: m.3,
            outcome: m.4,
        }
    }
}

/// Reads every game of a PGN text.
pub fn read_games(pgn: &[u8]) -> Vec<ReadGame> {
    let mut reader = Reader::new(pgn);
    let mut games = Vec::new();
    while let Some(g) = reader.read_game(&mut Collect).unwrap() {
        games.push(g);
    }
    games
}

fn run_match(args: &[&str]) -> (String, Vec<u8>) {
    let (report, _, pgn) = run_match_stderr(args);
    (report, pgn)
}

#[test]
fn pgn_reads_back_with_tags_results_and_legal_moves() {
    let (report, pgn) = run_match(&[
        "--white", "material", "--black", "random", "--games", "6", "--seed", "3",
    ]);
    let games = read_games(&pgn);
    assert_eq!(games.len(), 6);
    for (i, g) in games.iter().enumerate() {
        for tag in [
            "Event",
            "Site",
            "Date",
            "Round",
            "White",
            "Black",
            "Result",
            "Termination",
            "TimeControl",
        ] {
            assert!(g.tags.contains_key(tag), "game {i} lacks {tag}");
        }
        assert!(g.legal, "game {i} has an illegal move");
        assert_eq!(g.tags["Round"], (i + 1).to_string());
        assert_eq!(g.outcome.as_deref(), Some(g.tags["Result"].as_str()));
        assert_eq!(g.tags["PlyCount"], g.plies.to_string());
        // Colours alternate: material is White in odd rounds.
        let white = if i % 2 == 0 { "material" } else { "random" };
        assert_eq!(g.tags["White"], white);
    }
    // The report's W/D/L agree with the PGN results.
    let wins = games
        .iter()
        .enumerate()
        .filter(|(i, g)| g.tags["Result"] == if i % 2 == 0 { "1-0" } else { "0-1" })
        .count();
    let line = report.lines().nth(1).unwrap();
    let fields: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(
        fields[..5],
        ["material", "vs", "random", "6", &wins.to_string()],
        "{report}"
    );
}

#[test]
fn same_seed_gives_the_same_pgn_byte_for_byte_at_any_concurrency() {
    let args = [
        "--white",
        "classic?depth=1",
        "--black",
        "material",
        "--games",
        "4",
        "--seed",
        "42",
        "--max-moves",
        "60",
    ];
    let (_, first) = run_match(&args);
    let (_, second) = run_match(&args);
    assert_eq!(first, second);
    let mut parallel = args.to_vec();
    parallel.extend(["--concurrency", "3"]);
    let (_, third) = run_match(&parallel);
    assert_eq!(first, third);
    let mut other = args.to_vec();
    other[7] = "43";
    let (_, different) = run_match(&other);
    assert_ne!(first, different);
}

#[test]
fn round_robin_and_gauntlet_with_epd_openings_and_json() {
    let dir = tempfile::tempdir().unwrap();
    let epd = dir.path().join("o.epd");
    std::fs::write(
        &epd,
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - id \"e4\";\n\
         rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq -\n",
    )
    .unwrap();
    let (json, pgn) = run_match(&[
        "--players",
        "random",
        "material",
        "classic?depth=1",
        "--games",
        "2",
        "--seed",
        "1",
        "--openings",
        epd.to_str().unwrap(),
        "--max-moves",
        "40",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["pairings"].as_array().unwrap().len(), 3);
    assert_eq!(v["games"], 6);
    assert_eq!(v["seed"], 1);
    let games = read_games(&pgn);
    assert_eq!(games.len(), 6);
    // Both games of a pairing start from the first EPD position, with SetUp/FEN tags.
    assert!(
        games
            .iter()
            .all(|g| g.tags["SetUp"] == "1" && g.tags["FEN"].contains("4P3"))
    );
    assert_eq!(games[0].tags["White"], games[1].tags["Black"]);

    let (report, _) = run_match(&[
        "--gauntlet",
        "material",
        "--vs",
        "random",
        "random?name=rnd2",
        "--games",
        "2",
        "--seed",
        "5",
    ]);
    assert!(report.contains("material vs random "), "{report}");
    assert!(report.contains("material vs rnd2 "), "{report}");
}

#[test]
fn adjudication_and_max_length_end_games() {
    let (_, pgn) = run_match(&[
        "--white",
        "random",
        "--black",
        "random",
        "--games",
        "2",
        "--seed",
        "9",
        "--max-moves",
        "5",
    ]);
    for g in read_games(&pgn) {
        assert_eq!(g.tags["Termination"], "max length");
        assert_eq!(g.tags["Result"], "1/2-1/2");
        assert_eq!(g.plies, 10);
    }
    // classic at depth 2 scores its position; against random it soon sees itself winning and
    // random never scores, so only resign adjudication can end these games early.
    let (_, pgn) = run_match(&[
        "--white",
        "classic?depth=1",
        "--black",
        "classic?depth=1",
        "--games",
        "2",
        "--seed",
        "9",
        "--resign",
        "1,50",
        "--draw",
        "1,1,1000",
    ]);
    for g in read_games(&pgn) {
        assert_eq!(g.tags["Termination"], "adjudication", "{:?}", g.tags);
    }
}

#[test]
fn bad_input_is_refused_with_exit_2() {
    for args in [
        vec!["--white", "randum", "--black", "random"],
        vec!["--white", "random", "--black", "random", "--tc", "fast"],
        vec![
            "--white",
            "random",
            "--black",
            "random",
            "--sprt",
            "5,0,0.05,0.05",
        ],
        vec![
            "--players",
            "random",
            "material",
            "classic",
            "--sprt",
            "0,5,0.05,0.05",
        ],
        vec![
            "--white",
            "random",
            "--black",
            "random",
            "--openings",
            "/nonexistent.epd",
        ],
        vec!["--white", "random", "--black", "random", "--draw", "1,2"],
        vec!["--white", "random"],
    ] {
        let out = chessbot()
            .arg("selfplay")
            .args(&args)
            .assert()
            .code(2)
            .get_output()
            .stderr
            .clone();
        let err = String::from_utf8(out).unwrap();
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

#[test]
fn sprt_stops_a_lopsided_match_early() {
    let (report, pgn) = run_match(&[
        "--white",
        "material",
        "--black",
        "random",
        "--games",
        "400",
        "--seed",
        "2",
        "--sprt",
        "0,100,0.05,0.05",
    ]);
    let games = read_games(&pgn).len();
    assert!(games < 400, "{report}");
    assert!(report.contains("H1 accepted"), "{report}");
    assert!(
        report.contains(&format!("{games} of 400 games played")),
        "{report}"
    );
}

const FAKE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/fake_uci_engine.sh");

#[test]
fn a_crashing_engine_loses_is_restarted_and_the_match_goes_on() {
    let crash = format!("uci:{FAKE}?arg=crash");
    let (report, pgn) = run_match(&[
        "--gauntlet",
        "random",
        "--vs",
        &crash,
        "material",
        "--games",
        "4",
        "--seed",
        "1",
        "--max-moves",
        "30",
    ]);
    let games = read_games(&pgn);
    assert_eq!(games.len(), 8, "{report}");
    let crashed: Vec<&ReadGame> = games
        .iter()
        .filter(|g| g.tags["Termination"] == "crash")
        .collect();
    assert_eq!(
        crashed.len(),
        4,
        "every game against the crashing engine: {report}"
    );
    for g in crashed {
        let random_white = g.tags["White"] == "random";
        assert_eq!(g.tags["Result"], if random_white { "1-0" } else { "0-1" });
    }
    assert!(report.contains("random vs fake-crash"), "{report}");
}

#[test]
fn illegal_moves_and_hangs_lose_the_game() {
    let illegal = format!("uci:{FAKE}?arg=illegal");
    let (_, pgn) = run_match(&[
        "--white", &illegal, "--black", "random", "--games", "2", "--seed", "1",
    ]);
    let games = read_games(&pgn);
    assert_eq!(games.len(), 2);
    assert!(
        games
            .iter()
            .all(|g| g.tags["Termination"] == "illegal move")
    );
    assert_eq!(games[0].tags["Result"], "0-1");
    assert_eq!(games[1].tags["Result"], "1-0");

    let hang = format!("uci:{FAKE}?arg=hang&grace=200");
    let (_, pgn) = run_match(&[
        "--white",
        &hang,
        "--black",
        "random",
        "--games",
        "2",
        "--movetime",
        "20",
    ]);
    let games = read_games(&pgn);
    assert_eq!(games.len(), 2);
    assert!(
        games
            .iter()
            .all(|g| g.tags["Termination"] == "stalled connection"),
        "{games:?}"
    );
}

#[test]
fn our_engine_over_uci_plays_whole_games() {
    let ours = format!("uci:{}?arg=uci&name=ours", env!("CARGO_BIN_EXE_chessbot"));
    let (report, pgn) = run_match(&[
        "--white",
        &ours,
        "--black",
        "random",
        "--games",
        "2",
        "--depth",
        "1",
        "--max-moves",
        "25",
    ]);
    let games = read_games(&pgn);
    assert_eq!(games.len(), 2, "{report}");
    for g in &games {
        assert!(g.legal);
        assert!(
            ["normal", "max length"].contains(&g.tags["Termination"].as_str()),
            "{:?}",
            g.tags
        );
    }
    assert!(report.contains("ours vs random"), "{report}");
}

#[test]
fn engine_levels_are_named_repeatable_and_checked() {
    let args = [
        "--white",
        "engine?level=2&depth=3",
        "--black",
        "engine?depth=3",
        "--games",
        "2",
        "--max-moves",
        "30",
        "--seed",
        "11",
    ];
    let (_, first) = run_match(&args);
    let (_, second) = run_match(&args);
    assert_eq!(first, second);
    let games = read_games(&first);
    assert_eq!(games[0].tags["White"], "engine level 2");
    assert_eq!(games[1].tags["Black"], "engine level 2");
    chessbot()
        .args(["selfplay", "--white", "engine?level=0", "--black", "random"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("level of 1 to 10"));
}

#[test]
fn timed_games_record_each_moves_time() {
    let (_, pgn) = run_match(&[
        "--white",
        "material",
        "--black",
        "random",
        "--games",
        "2",
        "--tc",
        "5+0.1",
        "--max-moves",
        "10",
        "--seed",
        "5",
    ]);
    let text = String::from_utf8(pgn).unwrap();
    // Every move's comment ends with the seconds it took, as cutechess writes them.
    let timed = text
        .split('{')
        .skip(1)
        .filter_map(|c| c.split('}').next())
        .filter(|c| {
            c.strip_suffix('s')
                .and_then(|c| c.rsplit(' ').next())
                .is_some_and(|t| t.len() >= 5 && t.parse::<f64>().is_ok_and(|s| s >= 0.0))
        })
        .count();
    assert!(timed >= 10, "{text}");
}

#[test]
fn sprt_decides_a_match_won_game_after_game() {
    // classic at depth 1 wins every game against random here; an LLR stuck at 0 when all pairs
    // end alike would play all 200.
    let (report, pgn) = run_match(&[
        "--white",
        "classic?depth=1",
        "--black",
        "random",
        "--games",
        "200",
        "--seed",
        "3",
        "--sprt",
        "0,100,0.1,0.1",
        "--max-moves",
        "60",
    ]);
    let games = read_games(&pgn).len();
    assert!(report.contains("H1 accepted"), "{report}");
    assert!(games <= 40, "{games} games: {report}");
}

/// Runs selfplay with `args` and returns (stdout, stderr, PGN), the exit code checked.
fn run_match_stderr(args: &[&str]) -> (String, String, Vec<u8>) {
    let dir = tempfile::tempdir().unwrap();
    let pgn = dir.path().join("games.pgn");
    let out = chessbot()
        .arg("selfplay")
        .args(args)
        .arg("--pgn")
        .arg(&pgn)
        .assert()
        .success()
        .get_output()
        .clone();
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
        std::fs::read(&pgn).unwrap(),
    )
}

/// The movetexts of a PGN's games (comments and tags left out).
fn movetexts(pgn: &[u8]) -> Vec<String> {
    String::from_utf8_lossy(pgn)
        .split("[Event ")
        .skip(1)
        .map(|g| {
            let text = g.split("\n\n").nth(1).unwrap_or("");
            let mut plain = String::new();
            let mut depth = 0;
            for c in text.chars() {
                match c {
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    _ if depth == 0 => plain.push(c),
                    _ => {}
                }
            }
            plain.split_whitespace().collect::<Vec<_>>().join(" ")
        })
        .collect()
}

#[test]
fn deterministic_players_get_varied_starts_and_repeats_are_warned() {
    let players = [
        "--white",
        "engine?nodes=300",
        "--black",
        "engine?nodes=200",
        "--games",
        "4",
        "--seed",
        "1",
        "--max-moves",
        "40",
    ];
    // By default each pair of games opens with a different book line: four different games.
    let (_, err, pgn) = run_match_stderr(&players);
    let games = movetexts(&pgn);
    assert_eq!(games.len(), 4);
    let distinct: std::collections::HashSet<&String> = games.iter().collect();
    assert_eq!(distinct.len(), 4, "{games:#?}");
    assert!(pgn.windows(6).any(|w| w == b"{book}"));
    assert!(!err.contains("repeat"), "{err}");
    // From the initial position every pair replays the first: warned.
    let mut same_start = players.to_vec();
    same_start.extend(["--random-plies", "0"]);
    let (_, err, pgn) = run_match_stderr(&same_start);
    let games = movetexts(&pgn);
    assert_eq!(games[0], games[2]);
    assert!(
        err.contains("chessbot: warning: 2 of 4 games repeat an earlier game"),
        "{err}"
    );
}

#[test]
fn round_robins_and_gauntlets_print_standings() {
    let (report, _) = run_match(&[
        "--players",
        "random",
        "material",
        "classic?depth=1",
        "--games",
        "2",
        "--seed",
        "4",
        "--max-moves",
        "30",
    ]);
    let table: Vec<&str> = report
        .lines()
        .skip_while(|l| !l.trim_start().starts_with("Rank"))
        .collect();
    assert!(
        table[0].contains("Player") && table[0].contains("Elo"),
        "{report}"
    );
    // One row per player, each with 4 games, ranked 1 to 3.
    assert_eq!(table.len(), 5, "{report}");
    for (i, row) in table[1..4].iter().enumerate() {
        assert!(
            row.trim_start().starts_with(&(i + 1).to_string()),
            "{report}"
        );
        assert!(row.split_whitespace().any(|w| w == "4"), "{report}");
    }
    let (report, _) = run_match(&[
        "--gauntlet",
        "material",
        "--vs",
        "random",
        "random",
        "--games",
        "2",
        "--max-moves",
        "20",
    ]);
    assert!(report.contains("Rank"), "{report}");
}

#[test]
fn a_match_without_decisive_games_has_no_signed_zero() {
    let (report, _) = run_match(&[
        "--white",
        "random",
        "--black",
        "random",
        "--games",
        "2",
        "--max-moves",
        "1",
        "--random-plies",
        "0",
    ]);
    assert!(report.contains("0.0 ± 0.0"), "{report}");
    assert!(!report.contains("-0.0"), "{report}");
}

#[test]
fn cutechess_time_controls_and_missing_engines() {
    let (_, pgn) = run_match(&[
        "--white",
        "material",
        "--black",
        "random",
        "--games",
        "2",
        "--tc",
        "40/60+0.6",
        "--max-moves",
        "6",
    ]);
    for g in read_games(&pgn) {
        assert_eq!(g.tags["TimeControl"], "40/60+0.6");
    }
    // A missing engine program is bad input, said the one way every command says errors.
    chessbot()
        .args([
            "selfplay",
            "--white",
            "uci:/nonexistent/engine",
            "--black",
            "random",
        ])
        .assert()
        .code(2)
        .stderr(predicates::str::starts_with("chessbot: "));
}
