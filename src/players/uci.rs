//! `uci`: an external UCI engine ([`crate::uci::client::UciEngine`]) as a [`Player`].

use super::{Choice, ClockView, GameView, Player, PlayerError};
use crate::search::Score;
use crate::uci::client::{EngineError, EngineSpec, UciEngine};
use crate::uci::protocol::{Go, OptionKind, ScoreValue};

/// An external engine process answering `go` for each move.
///
/// Not deterministic (engines search by time and threads); a crash, hang or illegal move comes
/// back as the matching [`PlayerError`], and [`Player::restart`] starts a fresh process.
#[derive(Debug)]
pub struct UciPlayer {
    engine: UciEngine,
}

impl UciPlayer {
    /// Starts the engine of `spec` (handshake and options included).
    ///
    /// # Errors
    ///
    /// As [`UciEngine::start`]: [`EngineError::NotFound`] with an install hint, and so on.
    pub fn start(spec: &EngineSpec) -> Result<UciPlayer, EngineError> {
        Ok(UciPlayer {
            engine: UciEngine::start(spec)?,
        })
    }

    /// The running engine, to set options or read its declarations.
    pub fn engine_mut(&mut self) -> &mut UciEngine {
        &mut self.engine
    }
}

/// A UCI score as our [`Score`] (same point of view: the side to move).
pub fn score_from_uci(value: ScoreValue) -> Score {
    match value {
        ScoreValue::Centipawns(cp) => Score::cp(cp),
        ScoreValue::Mate(m) if m > 0 => Score::mate_in(2 * m - 1),
        ScoreValue::Mate(m) => Score::mated_in(-2 * m),
    }
}

/// Our player error for an engine error.
pub fn player_error(e: EngineError) -> PlayerError {
    match e {
        EngineError::NotFound {
            program,
            looked,
            hint,
        } => PlayerError::NotFound {
            engine: program,
            reason: format!("not found {looked}; {hint}"),
        },
        EngineError::Crashed {
            engine,
            when,
            detail,
        } => PlayerError::Crashed {
            engine,
            reason: format!("{when}: {detail}"),
        },
        EngineError::TimedOut { engine, after, .. } => PlayerError::TimedOut {
            engine,
            waited: after,
        },
        EngineError::IllegalMove { engine, uci, .. } => {
            PlayerError::IllegalMove { engine, text: uci }
        }
        EngineError::Protocol { engine, detail } => PlayerError::Protocol {
            engine,
            reason: detail,
        },
    }
}

/// How to ask an engine to play at about `elo`: `UCI_LimitStrength` + `UCI_Elo` within the
/// range the engine declares; below its minimum (Stockfish: 1320) `Skill Level` 0 and a depth
/// cap that shrinks with the rating instead. Returns the options to set and the depth cap.
///
/// ```
/// use chessbot::players::uci::elo_settings;
/// // Stockfish declares UCI_Elo from 1320 to 3190.
/// let (opts, depth) = elo_settings(1500, Some((1320, 3190)), true);
/// assert_eq!(opts, vec![("UCI_LimitStrength".to_string(), "true".to_string()),
///                       ("UCI_Elo".to_string(), "1500".to_string())]);
/// assert_eq!(depth, None);
/// let (opts, depth) = elo_settings(800, Some((1320, 3190)), true);
/// assert_eq!(opts, vec![("Skill Level".to_string(), "0".to_string())]);
/// assert_eq!(depth, Some(1));
/// ```
pub fn elo_settings(
    elo: u32,
    elo_range: Option<(i64, i64)>,
    has_skill_level: bool,
) -> (Vec<(String, String)>, Option<u32>) {
    let elo = i64::from(elo);
    match elo_range {
        Some((min, max)) if elo >= min || !has_skill_level => (
            vec![
                ("UCI_LimitStrength".into(), "true".into()),
                ("UCI_Elo".into(), elo.clamp(min, max).to_string()),
            ],
            None,
        ),
        _ => {
            // Skill Level 0 is Stockfish's floor (about 1300); a shallow search takes it lower:
            // one ply at 800 and below, one more per 100 Elo up to 5 plies.
            let depth = ((elo - 700) / 100).clamp(1, 5) as u32;
            (vec![("Skill Level".into(), "0".into())], Some(depth))
        }
    }
}

/// The `UCI_Elo` range an engine declares, if it has `UCI_LimitStrength` and `UCI_Elo`.
pub fn declared_elo_range(engine: &UciEngine) -> Option<(i64, i64)> {
    if !engine.has_option("UCI_LimitStrength") {
        return None;
    }
    engine.options().iter().find_map(|o| match o.kind {
        OptionKind::Spin { min, max, .. } if o.name.eq_ignore_ascii_case("UCI_Elo") => {
            Some((min, max))
        }
        _ => None,
    })
}

impl Player for UciPlayer {
    fn name(&self) -> String {
        self.engine.name().to_string()
    }

    fn new_game(&mut self, _seed: u64) -> Result<(), PlayerError> {
        self.engine.new_game().map_err(player_error)
    }

    fn choose(&mut self, game: &GameView, clock: &ClockView) -> Result<Choice, PlayerError> {
        super::legal_moves(game.position)?;
        let go = Go {
            wtime: clock.white_time,
            btime: clock.black_time,
            winc: clock.white_time.map(|_| clock.white_increment),
            binc: clock.black_time.map(|_| clock.black_increment),
            movestogo: clock.moves_to_go,
            depth: clock.depth.map(|d| d.max(1) as u32),
            nodes: clock.nodes,
            movetime: clock.movetime,
            ..Go::default()
        };
        let reply = self
            .engine
            .go(game.start, game.moves, &go)
            .map_err(player_error)?;
        let mv = reply.best.ok_or(PlayerError::NoLegalMove)?;
        let best = reply.lines.first();
        Ok(Choice {
            mv,
            score: best.map(|l| score_from_uci(l.score.value)),
            depth: best.and_then(|l| l.depth).map(|d| d as i32),
            elapsed: Some(reply.elapsed),
        })
    }

    fn is_deterministic(&self) -> bool {
        false
    }

    fn restart(&mut self) -> Result<(), PlayerError> {
        self.engine.restart().map_err(player_error)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uci_scores_convert() {
        assert_eq!(score_from_uci(ScoreValue::Centipawns(-35)), Score::cp(-35));
        assert_eq!(score_from_uci(ScoreValue::Mate(1)), Score::mate_in(1));
        assert_eq!(score_from_uci(ScoreValue::Mate(1)).mate_moves(), Some(1));
        assert_eq!(score_from_uci(ScoreValue::Mate(-2)).mate_moves(), Some(-2));
        assert_eq!(score_from_uci(ScoreValue::Mate(0)), Score::mated_in(0));
    }

    #[test]
    fn elo_below_the_range_uses_skill_level() {
        let (opts, depth) = elo_settings(1100, Some((1320, 3190)), true);
        assert_eq!(opts[0].0, "Skill Level");
        assert_eq!(depth, Some(4));
        let (opts, _) = elo_settings(5000, Some((1320, 3190)), true);
        assert_eq!(opts[1].1, "3190");
        let (opts, _) = elo_settings(900, Some((1320, 3190)), false);
        assert_eq!(opts[1].1, "1320");
    }
}
