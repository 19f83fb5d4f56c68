//! Matches between players: scheduling (one pairing, gauntlets, round-robins), time controls,
//! openings with colours swapped, concurrency, adjudication, statistics and the SPRT, in any
//! [`Variant`](crate::players::Variant).
//!
//! The runner does no I/O of its own: finished games go to a [`MatchObserver`] in game-number
//! order (so the same seed gives the same PGN whatever the concurrency), and [`run`] returns a
//! [`MatchSummary`].

pub mod openings;
pub mod runner;
pub mod stats;

pub use openings::Opening;
pub use runner::{MatchObserver, run};

pub use crate::game::TimeControl;

use crate::game::{GamePosition, GameRecord, Termination};
use crate::players::PlayerSpec;
use crate::search::Depth;
use serde::Serialize;
use shakmaty::Chess;
use stats::{Pentanomial, Sprt, SprtStatus, Wdl};
use std::collections::BTreeMap;
use std::time::Duration;

/// Per-move limits for every player in a match (a player's spec may override them).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct MatchLimits {
    /// Chess clocks.
    pub time_control: Option<TimeControl>,
    /// A fixed time per move.
    pub movetime: Option<Duration>,
    /// A fixed depth per move.
    pub depth: Option<Depth>,
    /// A node budget per move.
    pub nodes: Option<u64>,
    /// How far past zero a clock may go before the flag falls (communication slack).
    pub time_margin: Duration,
}

impl MatchLimits {
    /// The PGN `TimeControl` tag value: the clock, `1/SECONDS` for a fixed time per move, `-`
    /// for none.
    pub fn pgn_time_control(&self) -> String {
        if let Some(tc) = self.time_control {
            tc.to_string()
        } else if let Some(t) = self.movetime {
            format!("1/{}", t.as_secs_f64())
        } else {
            "-".to_string()
        }
    }
}

/// Draw adjudication (as cutechess's `-draw`): from move `move_number` on, a game is drawn once
/// both players have reported `|score| <= score_cp` for `move_count` consecutive moves each.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DrawAdjudication {
    /// The first full move number at which adjudication may happen.
    pub move_number: u32,
    /// Consecutive moves per player.
    pub move_count: u32,
    /// Score threshold in centipawns.
    pub score_cp: i32,
}

/// Resign adjudication (as cutechess's `-resign`): a player whose own score has been at most
/// `-score_cp` for `move_count` consecutive moves loses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ResignAdjudication {
    /// Consecutive moves.
    pub move_count: u32,
    /// Score threshold in centipawns.
    pub score_cp: i32,
}

/// How games may end before the rules end them.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Adjudication {
    /// Draw adjudication.
    pub draw: Option<DrawAdjudication>,
    /// Resign adjudication.
    pub resign: Option<ResignAdjudication>,
    /// Games reaching this many plies (opening included) are drawn.
    pub max_plies: Option<u32>,
}

/// In which order openings are used.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum OpeningOrder {
    /// File order.
    #[default]
    Sequential,
    /// Shuffled once with the match seed.
    Random,
}

/// Who plays whom.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Schedule {
    /// Player 0 against player 1.
    Single,
    /// Player 0 against each of the others.
    Gauntlet,
    /// Everyone against everyone.
    RoundRobin,
}

/// A complete match description, checked before any game starts.
#[derive(Debug, Clone)]
pub struct MatchConfig<P = Chess> {
    /// The players.
    pub players: Vec<PlayerSpec>,
    /// Who plays whom.
    pub schedule: Schedule,
    /// Games per pairing (each opening is played twice, colours swapped).
    pub games: u32,
    /// Per-move limits.
    pub limits: MatchLimits,
    /// Openings (empty: the initial position).
    pub openings: Vec<Opening<P>>,
    /// Opening order.
    pub order: OpeningOrder,
    /// Games played at the same time.
    pub concurrency: usize,
    /// Adjudication rules.
    pub adjudication: Adjudication,
    /// Seed of everything random (player seeds, opening order).
    pub seed: u64,
    /// Stop once this test decides (single pairings only).
    pub sprt: Option<Sprt>,
    /// PGN `Event`.
    pub event: String,
    /// PGN `Date`.
    pub date: String,
}

/// One game to play.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameSlot {
    /// Index into [`MatchSummary::pairings`].
    pub pairing: usize,
    /// Which game of the pairing, from 0; even games give the pairing's first player White.
    pub index: u32,
    /// White's player index.
    pub white: usize,
    /// Black's player index.
    pub black: usize,
    /// Index into the (ordered) openings, if any.
    pub opening: Option<usize>,
}

impl<P> MatchConfig<P> {
    /// The pairings as (first, second) player indices.
    pub fn pairings(&self) -> Vec<(usize, usize)> {
        let n = self.players.len();
        match self.schedule {
            Schedule::Single => vec![(0, 1)],
            Schedule::Gauntlet => (1..n).map(|i| (0, i)).collect(),
            Schedule::RoundRobin => (0..n)
                .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
                .collect(),
        }
    }

    /// Every game in order: pairings interleave pair by pair (both colours of an opening are
    /// consecutive games of the same pairing), openings advance every pair.
    pub fn slots(&self) -> Vec<GameSlot> {
        let pairings = self.pairings();
        let mut slots = Vec::new();
        for pair in 0..self.games.div_ceil(2) {
            for (p, &(a, b)) in pairings.iter().enumerate() {
                for colour in 0..2 {
                    let index = pair * 2 + colour;
                    if index >= self.games {
                        continue;
                    }
                    let (white, black) = if colour == 0 { (a, b) } else { (b, a) };
                    let opening =
                        (!self.openings.is_empty()).then(|| pair as usize % self.openings.len());
                    slots.push(GameSlot {
                        pairing: p,
                        index,
                        white,
                        black,
                        opening,
                    });
                }
            }
        }
        slots
    }
}

/// A finished game as the runner hands it out.
#[derive(Debug, Clone)]
pub struct FinishedGame<P = Chess> {
    /// Game number from 1, in schedule order.
    pub number: usize,
    /// Where it was scheduled.
    pub slot: GameSlot,
    /// The game.
    pub record: GameRecord<P>,
}

/// Results of one pairing, from its first player's point of view.
#[derive(Debug, Clone, Serialize)]
pub struct PairingSummary {
    /// First player's name.
    pub first: String,
    /// Second player's name.
    pub second: String,
    /// The two players' indices in [`MatchSummary::players`].
    #[serde(skip)]
    pub indices: (usize, usize),
    /// Wins, draws, losses of the first player.
    pub wdl: Wdl,
    /// Game pairs (same opening, colours swapped) by the first player's half points.
    pub pentanomial: Pentanomial,
    /// Plies played over all games.
    pub total_plies: u64,
    /// How games ended.
    pub terminations: BTreeMap<Termination, u64>,
    #[serde(skip)]
    pending_pair: Option<(u32, usize)>,
}

impl PairingSummary {
    fn new(first: String, second: String, indices: (usize, usize)) -> PairingSummary {
        PairingSummary {
            first,
            second,
            indices,
            wdl: Wdl::default(),
            pentanomial: Pentanomial::default(),
            total_plies: 0,
            terminations: BTreeMap::new(),
            pending_pair: None,
        }
    }

    /// Adds a finished game (its slot says which colour the first player had).
    pub fn add<P: GamePosition>(&mut self, slot: &GameSlot, record: &GameRecord<P>) {
        let Some(result) = &record.result else { return };
        let first_is_white = slot.index.is_multiple_of(2);
        let half_points = match result.winner {
            None => 1,
            Some(c) if (c == shakmaty::Color::White) == first_is_white => 2,
            Some(_) => 0,
        };
        match half_points {
            2 => self.wdl.wins += 1,
            1 => self.wdl.draws += 1,
            _ => self.wdl.losses += 1,
        }
        self.total_plies += record.moves.len() as u64;
        *self.terminations.entry(result.termination).or_default() += 1;
        let pair = slot.index / 2;
        match self.pending_pair.take() {
            Some((p, hp)) if p == pair => self.pentanomial.add(hp + half_points),
            _ => self.pending_pair = Some((pair, half_points)),
        }
    }

    /// Games played.
    pub fn games(&self) -> u64 {
        self.wdl.games()
    }

    /// Average game length in plies.
    pub fn average_plies(&self) -> f64 {
        if self.games() == 0 {
            0.0
        } else {
            self.total_plies as f64 / self.games() as f64
        }
    }
}

/// Where an SPRT ended (or stands).
#[derive(Debug, Clone, Serialize)]
pub struct SprtReport {
    /// The test.
    pub test: Sprt,
    /// The log-likelihood ratio.
    pub llr: f64,
    /// Its lower bound.
    pub lower: f64,
    /// Its upper bound.
    pub upper: f64,
    /// `pentanomial` or `trinomial`.
    pub model: &'static str,
    /// The decision.
    pub status: SprtStatus,
}

impl SprtReport {
    /// The test's state for a pairing's results.
    pub fn evaluate(test: Sprt, pairing: &PairingSummary) -> SprtReport {
        let (llr, model) = if pairing.pentanomial.pairs() > 0 {
            (test.llr_pentanomial(&pairing.pentanomial), "pentanomial")
        } else {
            (test.llr_trinomial(&pairing.wdl), "trinomial")
        };
        SprtReport {
            test,
            llr,
            lower: test.lower_bound(),
            upper: test.upper_bound(),
            model,
            status: test.status(llr),
        }
    }
}

/// Everything a match produced, besides the games.
#[derive(Debug, Clone, Serialize)]
pub struct MatchSummary {
    /// Player names, in the order given.
    pub players: Vec<String>,
    /// One entry per pairing.
    pub pairings: Vec<PairingSummary>,
    /// Games finished.
    pub games: usize,
    /// Games scheduled.
    pub scheduled: usize,
    /// The SPRT, when one was asked for.
    pub sprt: Option<SprtReport>,
    /// Whether the match was stopped from outside before its end.
    pub interrupted: bool,
    /// Games that repeat an earlier game move for move, with the same players in the same
    /// colours from the same start: deterministic players need varied openings.
    pub repeated_games: usize,
}

/// A match that cannot start.
#[derive(Debug, thiserror::Error)]
pub enum MatchError {
    /// A player cannot be built (an engine that does not start).
    #[error("player '{spec}': {source}")]
    Player {
        /// The player's spec.
        spec: String,
        /// Why.
        source: crate::players::PlayerError,
    },
    /// The configuration does not make a match.
    #[error("{0}")]
    Config(String),
}

impl MatchError {
    /// Whether the user's input is at fault (a missing engine program, a configuration that
    /// makes no match) rather than something at run time.
    pub fn is_bad_input(&self) -> bool {
        matches!(
            self,
            MatchError::Config(_)
                | MatchError::Player {
                    source: crate::players::PlayerError::NotFound { .. },
                    ..
                }
        )
    }
}

/// One player's results over all its pairings (a round-robin's or gauntlet's standings).
#[derive(Debug, Clone, Serialize)]
pub struct Standing {
    /// The player's name.
    pub name: String,
    /// Its wins, draws and losses against everyone.
    pub wdl: Wdl,
}

impl MatchSummary {
    /// Every player's results over all its games, best score first (cutechess-cli's table).
    pub fn standings(&self) -> Vec<Standing> {
        let mut table: Vec<Standing> = self
            .players
            .iter()
            .map(|name| Standing {
                name: name.clone(),
                wdl: Wdl::default(),
            })
            .collect();
        for p in &self.pairings {
            for (player, wdl) in [(p.indices.0, p.wdl), (p.indices.1, p.wdl.flipped())] {
                if let Some(s) = table.get_mut(player) {
                    s.wdl.wins += wdl.wins;
                    s.wdl.draws += wdl.draws;
                    s.wdl.losses += wdl.losses;
                }
            }
        }
        table.sort_by(|a, b| {
            let points = |s: &Standing| s.wdl.wins * 2 + s.wdl.draws;
            let key = |s: &Standing| points(s) as f64 / s.wdl.games().max(1) as f64;
            key(b).total_cmp(&key(a)).then(points(b).cmp(&points(a)))
        });
        table
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(n: usize, schedule: Schedule, games: u32) -> MatchConfig<Chess> {
        MatchConfig {
            players: (0..n)
                .map(|_| PlayerSpec::parse("random").unwrap())
                .collect(),
            schedule,
            games,
            limits: MatchLimits::default(),
            openings: vec![
                Opening {
                    start: Chess::default(),
                    moves: vec![]
                };
                2
            ],
            order: OpeningOrder::Sequential,
            concurrency: 1,
            adjudication: Adjudication::default(),
            seed: 0,
            sprt: None,
            event: "?".into(),
            date: "?".into(),
        }
    }

    #[test]
    fn schedules_swap_colours_per_opening() {
        let c = config(3, Schedule::RoundRobin, 3);
        assert_eq!(c.pairings(), vec![(0, 1), (0, 2), (1, 2)]);
        let slots = c.slots();
        assert_eq!(slots.len(), 9);
        // First pair of pairing 0: same opening, colours swapped.
        assert_eq!(
            (slots[0].white, slots[0].black, slots[0].opening),
            (0, 1, Some(0))
        );
        assert_eq!(
            (slots[1].white, slots[1].black, slots[1].opening),
            (1, 0, Some(0))
        );
        assert_eq!((slots[2].white, slots[2].black), (0, 2));
        // The odd last game of each pairing uses the next opening.
        assert_eq!((slots[6].index, slots[6].opening), (2, Some(1)));
        let g = config(4, Schedule::Gauntlet, 2);
        assert_eq!(g.pairings(), vec![(0, 1), (0, 2), (0, 3)]);
    }

    #[test]
    fn standings_add_up_each_players_pairings() {
        let mut first = PairingSummary::new("a".into(), "b".into(), (0, 1));
        first.wdl = Wdl::new(3, 1, 0);
        let mut second = PairingSummary::new("a".into(), "c".into(), (0, 2));
        second.wdl = Wdl::new(0, 2, 2);
        let mut third = PairingSummary::new("b".into(), "c".into(), (1, 2));
        third.wdl = Wdl::new(0, 0, 4);
        let summary = MatchSummary {
            players: vec!["a".into(), "b".into(), "c".into()],
            pairings: vec![first, second, third],
            games: 12,
            scheduled: 12,
            sprt: None,
            interrupted: false,
            repeated_games: 0,
        };
        let table: Vec<(String, Wdl)> = summary
            .standings()
            .into_iter()
            .map(|s| (s.name, s.wdl))
            .collect();
        assert_eq!(
            table,
            vec![
                ("c".to_string(), Wdl::new(6, 2, 0)),
                ("a".to_string(), Wdl::new(3, 3, 2)),
                ("b".to_string(), Wdl::new(0, 1, 7)),
            ]
        );
    }
}
