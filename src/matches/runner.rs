//! Playing games: one game between two players under the match's rules, and the match itself on
//! several threads.

use super::{Adjudication, TimeControl};
use super::{
    FinishedGame, GameSlot, MatchConfig, MatchError, MatchLimits, MatchSummary, Opening,
    OpeningOrder, PairingSummary, SprtReport,
};
use crate::game::{GamePosition, GameRecord, GameResult, Termination};
use crate::players::{ClockView, GameView, Player, PlayerError, Variant};
use crate::search::StopFlag;
use shakmaty::{Chess, Color};
use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// Receives finished games in game-number order, with the summary so far.
pub trait MatchObserver<P = Chess> {
    /// Called once per finished game, in game-number order.
    fn on_game(&mut self, game: &FinishedGame<P>, summary: &MatchSummary);
}

/// SplitMix64: spreads a seed and a game number into independent-looking seeds.
pub fn mix_seed(seed: u64, stream: u64) -> u64 {
    let mut z = seed ^ stream.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Everything [`play_game`] needs besides the players.
#[derive(Debug, Clone)]
pub struct GameSetup<'a, P = Chess> {
    /// The opening (its moves are part of the record).
    pub opening: Option<&'a Opening<P>>,
    /// Per-move limits and clocks.
    pub limits: MatchLimits,
    /// Adjudication rules.
    pub adjudication: Adjudication,
    /// Seed of this game (players get seeds derived from it).
    pub seed: u64,
}

/// Plays one game. Player failures end the game (the failing player loses, the record says why)
/// and the failing player is restarted. When `stop` is raised the game ends as
/// [`Termination::Interrupted`].
pub fn play_game<P: GamePosition>(
    white: &mut dyn Player<P>,
    black: &mut dyn Player<P>,
    setup: &GameSetup<P>,
    stop: &StopFlag,
) -> GameRecord<P> {
    let start = setup.opening.map_or_else(P::default, |o| o.start.clone());
    let mut record = GameRecord::new(start.clone(), white.name(), black.name());
    record.time_control = Some(setup.limits.pgn_time_control());
    let mut pos = start;
    let mut history: Vec<u64> = Vec::new();
    if let Some(opening) = setup.opening {
        for &m in &opening.moves {
            history.push(pos.key());
            pos.play_unchecked(m);
            record.moves.push(m);
            record.comments.push(Some("book".to_string()));
        }
    }
    let result = play_out(
        white,
        black,
        setup,
        stop,
        &mut record,
        &mut pos,
        &mut history,
    );
    record.result = Some(result);
    record
}

fn failure<P: GamePosition>(
    side: Color,
    player: &mut dyn Player<P>,
    error: PlayerError,
) -> GameResult {
    let termination = match &error {
        PlayerError::TimedOut { .. } => Termination::Hang,
        PlayerError::IllegalMove { .. } => Termination::IllegalMove,
        _ => Termination::Crash,
    };
    // A restart that fails shows up again at the next game, which that player then loses too.
    let _ = player.restart();
    GameResult {
        winner: Some(!side),
        termination,
        detail: Some(error.to_string()),
    }
}

#[allow(clippy::too_many_arguments)]
fn play_out<P: GamePosition>(
    white: &mut dyn Player<P>,
    black: &mut dyn Player<P>,
    setup: &GameSetup<P>,
    stop: &StopFlag,
    record: &mut GameRecord<P>,
    pos: &mut P,
    history: &mut Vec<u64>,
) -> GameResult {
    if let Err(e) = white.new_game(mix_seed(setup.seed, 1)) {
        return failure(Color::White, white, e);
    }
    if let Err(e) = black.new_game(mix_seed(setup.seed, 2)) {
        return failure(Color::Black, black, e);
    }
    let limits = setup.limits;
    let tc: Option<TimeControl> = limits.time_control;
    let mut time_left = [tc.map(|t| t.base), tc.map(|t| t.base)];
    let mut moves_made = [0u32; 2];
    let mut draw_streak = 0u32;
    let mut resign_streak = [0u32; 2];
    let adj = setup.adjudication;
    loop {
        if let Some(result) = pos.end_by_rules(history) {
            return result;
        }
        if adj
            .max_plies
            .is_some_and(|m| record.moves.len() as u32 >= m)
        {
            return GameResult::new(None, Termination::MaxLength);
        }
        if stop.is_stopped() {
            return GameResult::new(None, Termination::Interrupted);
        }
        let side = pos.turn();
        let si = side.fold_wb(0, 1);
        let moves_to_go = tc.and_then(|t| t.moves).map(|m| m - moves_made[si] % m);
        let clock = ClockView {
            white_time: time_left[0],
            black_time: time_left[1],
            white_increment: tc.map_or(Duration::ZERO, |t| t.increment),
            black_increment: tc.map_or(Duration::ZERO, |t| t.increment),
            moves_to_go,
            movetime: limits.movetime,
            depth: limits.depth,
            nodes: limits.nodes,
        };
        let view = GameView {
            start: &record.start,
            moves: &record.moves,
            position: pos,
            history,
        };
        let player: &mut dyn Player<P> = if side == Color::White {
            &mut *white
        } else {
            &mut *black
        };
        let started = Instant::now();
        let choice = match player.choose(&view, &clock) {
            Ok(c) => c,
            Err(e) => return failure(side, player, e),
        };
        let used = choice.elapsed.unwrap_or_else(|| started.elapsed());
        if !pos.is_legal(choice.mv) {
            let _ = player.restart();
            return GameResult {
                winner: Some(!side),
                termination: Termination::IllegalMove,
                detail: Some(format!("{:?}", choice.mv)),
            };
        }
        if let (Some(t), Some(left)) = (tc, time_left[si]) {
            if used > left + limits.time_margin {
                // A flag fall loses, unless the opponent cannot mate with any play.
                let winner = (!pos.has_insufficient_material(!side)).then_some(!side);
                return GameResult {
                    winner,
                    termination: Termination::TimeForfeit,
                    detail: None,
                };
            }
            moves_made[si] += 1;
            let mut next = left.saturating_sub(used) + t.increment;
            if t.period_ends(moves_made[si]) {
                next += t.base;
            }
            time_left[si] = Some(next);
        }
        // Adjudication on the mover's own score.
        let fullmove = pos.fullmoves();
        if let Some(score) = choice.score {
            if let Some(d) = adj.draw {
                let near_zero = score.centipawns().is_some_and(|cp| cp.abs() <= d.score_cp);
                draw_streak = if near_zero && fullmove >= d.move_number {
                    draw_streak + 1
                } else {
                    0
                };
            }
            if let Some(r) = adj.resign {
                let lost = score.0 <= -r.score_cp;
                resign_streak[si] = if lost { resign_streak[si] + 1 } else { 0 };
            }
        } else {
            draw_streak = 0;
            resign_streak[si] = 0;
        }
        history.push(pos.key());
        pos.play_unchecked(choice.mv);
        record.moves.push(choice.mv);
        let comment = choice.score.map(|s| {
            let score = match s.mate_moves() {
                Some(m) => format!("{}M{}", if m >= 0 { "+" } else { "-" }, m.abs()),
                None => format!("{:+.2}", f64::from(s.0) / 100.0),
            };
            match choice.depth {
                Some(d) => format!("{score}/{d}"),
                None => score,
            }
        });
        // On a clock, the time the move took (as cutechess writes it), to study time use.
        let comment = match (comment, tc.is_some()) {
            (Some(c), true) => Some(format!("{c} {:.3}s", used.as_secs_f64())),
            (None, true) => Some(format!("{:.3}s", used.as_secs_f64())),
            (c, false) => c,
        };
        record.comments.push(comment);
        if adj.draw.is_some_and(|d| draw_streak >= d.move_count * 2) {
            return GameResult::new(None, Termination::AdjudicatedDraw);
        }
        if adj
            .resign
            .is_some_and(|r| resign_streak[si] >= r.move_count)
        {
            return GameResult::new(Some(!side), Termination::AdjudicatedResign);
        }
    }
}

/// Runs a match: builds the players (one set per thread), plays every scheduled game, hands
/// finished games to `observer` in game-number order and returns the summary. Raising `stop`
/// (Ctrl-C) ends the games in progress unfinished and returns what was finished; an SPRT that
/// decides stops scheduling new games.
pub fn run<V: Variant>(
    config: &MatchConfig<V>,
    stop: &StopFlag,
    observer: &mut dyn MatchObserver<V>,
) -> Result<MatchSummary, MatchError> {
    let pairings = config.pairings();
    if config.players.len() < 2 {
        return Err(MatchError::Config(
            "a match needs at least two players".into(),
        ));
    }
    if config.sprt.is_some() && pairings.len() != 1 {
        return Err(MatchError::Config(
            "--sprt needs exactly one pairing".into(),
        ));
    }
    // Build each player once up front: bad engines fail here, and we learn the names.
    let mut names = Vec::new();
    for spec in &config.players {
        let player = spec.build::<V>().map_err(|source| MatchError::Player {
            spec: spec.text.clone(),
            source,
        })?;
        names.push(player.name());
    }
    let mut openings = config.openings.clone();
    if config.order == OpeningOrder::Random {
        use rand::seq::SliceRandom;
        openings.shuffle(&mut crate::players::seeded_rng(mix_seed(config.seed, 0)));
    }
    let slots = config.slots();
    let mut summary = MatchSummary {
        players: names.clone(),
        pairings: pairings
            .iter()
            .map(|&(a, b)| PairingSummary::new(names[a].clone(), names[b].clone(), (a, b)))
            .collect(),
        games: 0,
        scheduled: slots.len(),
        sprt: None,
        interrupted: false,
        repeated_games: 0,
    };
    let mut played = PlayedGames::default();
    let next = AtomicUsize::new(0);
    let no_more = StopFlag::new();
    let (tx, rx) = mpsc::channel::<(usize, Result<GameRecord<V>, MatchError>)>();
    let threads = config.concurrency.clamp(1, slots.len().max(1));
    std::thread::scope(|scope| {
        for _ in 0..threads {
            let tx = tx.clone();
            let (next, no_more, slots, openings) = (&next, &no_more, &slots, &openings);
            scope.spawn(move || {
                let mut players: HashMap<usize, Box<dyn Player<V>>> = HashMap::new();
                loop {
                    if no_more.is_stopped() || stop.is_stopped() {
                        break;
                    }
                    let i = next.fetch_add(1, Ordering::SeqCst);
                    let Some(slot) = slots.get(i) else { break };
                    let outcome = play_slot(config, slot, openings, &mut players, stop, i);
                    if tx.send((i, outcome)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        let mut pending: BTreeMap<usize, GameRecord<V>> = BTreeMap::new();
        let mut next_out = 0usize;
        let mut error = None;
        for (i, outcome) in rx {
            match outcome {
                Ok(record) => {
                    pending.insert(i, record);
                }
                Err(e) => {
                    no_more.stop();
                    error.get_or_insert(e);
                }
            }
            while let Some(record) = pending.remove(&next_out) {
                emit(
                    config,
                    &slots,
                    next_out,
                    record,
                    &mut summary,
                    &mut played,
                    observer,
                    &no_more,
                );
                next_out += 1;
            }
        }
        // After an interruption, finished games behind an unfinished one are still written.
        for (i, record) in std::mem::take(&mut pending) {
            emit(
                config,
                &slots,
                i,
                record,
                &mut summary,
                &mut played,
                observer,
                &no_more,
            );
        }
        summary.interrupted = stop.is_stopped();
        match error {
            Some(e) => Err(e),
            None => Ok(()),
        }
    })?;
    Ok(summary)
}

/// The games finished so far, as (White's index, Black's index, start position's key, moves),
/// to count the games that repeat an earlier one.
type PlayedGames = HashSet<(usize, usize, u64, Vec<shakmaty::Move>)>;

#[allow(clippy::too_many_arguments)]
fn emit<V: Variant>(
    config: &MatchConfig<V>,
    slots: &[GameSlot],
    i: usize,
    record: GameRecord<V>,
    summary: &mut MatchSummary,
    played: &mut PlayedGames,
    observer: &mut dyn MatchObserver<V>,
    no_more: &StopFlag,
) {
    if record
        .result
        .as_ref()
        .is_none_or(|r| r.termination == Termination::Interrupted)
    {
        return;
    }
    let slot = slots[i];
    summary.pairings[slot.pairing].add(&slot, &record);
    summary.games += 1;
    if !played.insert((
        slot.white,
        slot.black,
        record.start.key(),
        record.moves.clone(),
    )) {
        summary.repeated_games += 1;
    }
    if let Some(test) = config.sprt {
        let report = SprtReport::evaluate(test, &summary.pairings[0]);
        if report.status != super::stats::SprtStatus::Continue {
            no_more.stop();
        }
        summary.sprt = Some(report);
    }
    let game = FinishedGame {
        number: i + 1,
        slot,
        record,
    };
    observer.on_game(&game, summary);
}

fn play_slot<V: Variant>(
    config: &MatchConfig<V>,
    slot: &GameSlot,
    openings: &[Opening<V>],
    players: &mut HashMap<usize, Box<dyn Player<V>>>,
    stop: &StopFlag,
    i: usize,
) -> Result<GameRecord<V>, MatchError> {
    for idx in [slot.white, slot.black] {
        if let std::collections::hash_map::Entry::Vacant(e) = players.entry(idx) {
            let spec = &config.players[idx];
            e.insert(spec.build::<V>().map_err(|source| MatchError::Player {
                spec: spec.text.clone(),
                source,
            })?);
        }
    }
    let setup = GameSetup {
        opening: slot.opening.map(|o| &openings[o]),
        limits: config.limits,
        adjudication: config.adjudication,
        seed: mix_seed(config.seed, i as u64 + 1),
    };
    let mut record = if slot.white == slot.black {
        // A player against itself: two instances.
        let mut other =
            config.players[slot.black]
                .build::<V>()
                .map_err(|source| MatchError::Player {
                    spec: config.players[slot.black].text.clone(),
                    source,
                })?;
        let white = players.get_mut(&slot.white).expect("built above");
        play_game(white.as_mut(), other.as_mut(), &setup, stop)
    } else {
        let [white, black] = players
            .get_disjoint_mut([&slot.white, &slot.black])
            .map(|p| p.expect("built above"));
        play_game(white.as_mut(), black.as_mut(), &setup, stop)
    };
    record.event = config.event.clone();
    record.date = config.date.clone();
    record.round = (i + 1).to_string();
    Ok(record)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matches::{DrawAdjudication, ResignAdjudication};
    use crate::players::{Choice, random::RandomPlayer};
    use crate::search::Score;

    /// Random moves, reporting a fixed score; fails on demand at a given ply.
    struct Scripted {
        inner: RandomPlayer,
        score: Option<Score>,
        fail_at: Option<(usize, fn() -> PlayerError)>,
        restarts: u32,
    }

    impl Scripted {
        fn new(score: Option<Score>) -> Scripted {
            Scripted {
                inner: RandomPlayer::new(0),
                score,
                fail_at: None,
                restarts: 0,
            }
        }
    }

    impl Player for Scripted {
        fn name(&self) -> String {
            "scripted".into()
        }
        fn new_game(&mut self, seed: u64) -> Result<(), PlayerError> {
            Player::<Chess>::new_game(&mut self.inner, seed)
        }
        fn choose(&mut self, game: &GameView, clock: &ClockView) -> Result<Choice, PlayerError> {
            if let Some((_, err)) = self.fail_at.filter(|&(ply, _)| game.moves.len() >= ply) {
                return Err(err());
            }
            let mut c = self.inner.choose(game, clock)?;
            c.score = self.score;
            Ok(c)
        }
        fn restart(&mut self) -> Result<(), PlayerError> {
            self.restarts += 1;
            Ok(())
        }
    }

    fn setup(adjudication: Adjudication) -> GameSetup<'static> {
        GameSetup {
            opening: None,
            limits: MatchLimits::default(),
            adjudication,
            seed: 1,
        }
    }

    #[test]
    fn resign_adjudication_gives_the_game_to_the_other_side() {
        let adj = Adjudication {
            resign: Some(ResignAdjudication {
                move_count: 3,
                score_cp: 500,
            }),
            ..Adjudication::default()
        };
        let mut white = Scripted::new(Some(Score::cp(0)));
        let mut black = Scripted::new(Some(Score::cp(-600)));
        let g = play_game(&mut white, &mut black, &setup(adj), &StopFlag::new());
        let r = g.result.unwrap();
        assert_eq!(
            (r.winner, r.termination),
            (Some(Color::White), Termination::AdjudicatedResign)
        );
        assert_eq!(g.moves.len(), 6, "black's third losing score ends the game");
    }

    #[test]
    fn draw_adjudication_needs_both_sides_and_the_move_number() {
        let adj = Adjudication {
            draw: Some(DrawAdjudication {
                move_number: 10,
                move_count: 2,
                score_cp: 5,
            }),
            ..Adjudication::default()
        };
        let mut white = Scripted::new(Some(Score::cp(3)));
        let mut black = Scripted::new(Some(Score::cp(-4)));
        let g = play_game(&mut white, &mut black, &setup(adj), &StopFlag::new());
        let r = g.result.unwrap();
        assert_eq!(
            (r.winner, r.termination),
            (None, Termination::AdjudicatedDraw)
        );
        // Moves 10 and 11 of both sides: four scores in a row from move 10 on.
        assert_eq!(g.moves.len(), 22);
        let mut scoreless = Scripted::new(None);
        let mut black = Scripted::new(Some(Score::cp(0)));
        let adj = Adjudication {
            max_plies: Some(40),
            ..adj
        };
        let g = play_game(&mut scoreless, &mut black, &setup(adj), &StopFlag::new());
        assert_ne!(g.result.unwrap().termination, Termination::AdjudicatedDraw);
    }

    #[test]
    fn failures_lose_the_game_and_restart_the_player() {
        let cases: [(fn() -> PlayerError, Termination); 3] = [
            (
                || PlayerError::Crashed {
                    engine: "x".into(),
                    reason: "exit 3".into(),
                },
                Termination::Crash,
            ),
            (
                || PlayerError::TimedOut {
                    engine: "x".into(),
                    waited: Duration::from_secs(1),
                },
                Termination::Hang,
            ),
            (
                || PlayerError::IllegalMove {
                    engine: "x".into(),
                    text: "e2e5".into(),
                },
                Termination::IllegalMove,
            ),
        ];
        for (err, termination) in cases {
            let mut white = Scripted::new(None);
            let mut black = Scripted::new(None);
            black.fail_at = Some((5, err));
            let g = play_game(
                &mut white,
                &mut black,
                &setup(Adjudication::default()),
                &StopFlag::new(),
            );
            let r = g.result.unwrap();
            assert_eq!((r.winner, r.termination), (Some(Color::White), termination));
            assert!(r.detail.unwrap().contains("engine x"));
            assert_eq!(black.restarts, 1);
            assert_eq!(g.moves.len(), 5);
        }
    }

    #[test]
    fn time_forfeit_on_an_exhausted_clock() {
        struct Slow(RandomPlayer);
        impl Player for Slow {
            fn name(&self) -> String {
                "slow".into()
            }
            fn new_game(&mut self, s: u64) -> Result<(), PlayerError> {
                Player::<Chess>::new_game(&mut self.0, s)
            }
            fn choose(&mut self, g: &GameView, c: &ClockView) -> Result<Choice, PlayerError> {
                std::thread::sleep(Duration::from_millis(30));
                self.0.choose(g, c)
            }
        }
        let mut setup = setup(Adjudication::default());
        setup.limits.time_control = Some("0.1".parse().unwrap());
        let mut white = RandomPlayer::new(0);
        let mut black = Slow(RandomPlayer::new(0));
        let g = play_game(&mut white, &mut black, &setup, &StopFlag::new());
        let r = g.result.unwrap();
        assert_eq!(
            (r.winner, r.termination),
            (Some(Color::White), Termination::TimeForfeit)
        );
        assert!(
            g.moves.len() <= 8,
            "0.1 s lasts black at most 4 moves of 30 ms"
        );
    }

    #[test]
    fn alice_games_go_through_the_same_runner() {
        use crate::players::engine::EnginePlayer;
        use crate::variant::alice::Alice;
        let mut engine = EnginePlayer::new(1);
        let mut random = RandomPlayer::new(0);
        let setup: GameSetup<Alice> = GameSetup {
            opening: None,
            limits: MatchLimits {
                nodes: Some(2_000),
                ..MatchLimits::default()
            },
            adjudication: Adjudication {
                max_plies: Some(300),
                ..Adjudication::default()
            },
            seed: 1,
        };
        let g = play_game(&mut engine, &mut random, &setup, &StopFlag::new());
        let r = g.result.clone().unwrap();
        assert_eq!(
            (r.winner, r.termination),
            (Some(Color::White), Termination::Checkmate)
        );
        assert!(g.to_pgn().contains("[Variant \"Alice\"]"));
    }
}
