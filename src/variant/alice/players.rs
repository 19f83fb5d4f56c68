//! Built-in Alice players: the same kinds as for chess (random, material, classic, engine),
//! playing by the Alice rules.
//!
//! - [`AliceRandom`]: a uniformly random legal move;
//! - [`AliceMaterial`]: one ply on material only;
//! - [`AliceClassic`]: fixed-depth alpha-beta with capture quiescence on the textbook simplified
//!   evaluation (material and piece-square tables, blind to the boards);
//! - [`AliceEngine`]: our engine's search with the Alice evaluation ([`super::eval`]).
//!
//! Every player is deterministic given the seed of [`AlicePlayer::new_game`] (the engine under
//! depth or node limits).

use super::eval::simplified_white;
use super::game::AliceGame;
use super::position::Alice;
use super::search::best_move;
use crate::players::spec::{PlayerKind, PlayerSpec};
use crate::search::{Engine, Limits, Score, SearchResult};
use rand::SeedableRng;
use rand::seq::{IndexedRandom, SliceRandom};
use rand_chacha::ChaCha8Rng;
use shakmaty::{Color, Move, Role};

/// A player's move, with its score when it has one (from its own point of view, after the move).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AliceChoice {
    /// The move, legal in the position the player was given.
    pub mv: Move,
    /// The player's score, for players that search.
    pub score: Option<Score>,
}

/// Something that chooses Alice moves.
pub trait AlicePlayer {
    /// The name used in game records.
    fn name(&self) -> String;
    /// Starts a new game; `seed` makes random choices repeatable.
    fn new_game(&mut self, seed: u64);
    /// Chooses a move in the game's current position; `None` when there is no legal move.
    fn choose(&mut self, game: &AliceGame) -> Option<AliceChoice>;
}

/// Uniformly random legal moves.
#[derive(Debug, Clone)]
pub struct AliceRandom {
    rng: ChaCha8Rng,
}

impl AliceRandom {
    /// A random player seeded with `seed`.
    pub fn new(seed: u64) -> AliceRandom {
        AliceRandom {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }
}

impl AlicePlayer for AliceRandom {
    fn name(&self) -> String {
        "random".to_string()
    }

    fn new_game(&mut self, seed: u64) {
        self.rng = ChaCha8Rng::seed_from_u64(seed);
    }

    fn choose(&mut self, game: &AliceGame) -> Option<AliceChoice> {
        let moves = game.position().legal_moves();
        moves.choose(&mut self.rng).map(|m| AliceChoice {
            mv: *m,
            score: None,
        })
    }
}

/// Material in pawns (1, 3, 3, 5, 9).
fn pawns(role: Role) -> i32 {
    match role {
        Role::Pawn => 1,
        Role::Knight | Role::Bishop => 3,
        Role::Rook => 5,
        Role::Queen => 9,
        Role::King => 0,
    }
}

fn material_balance(pos: &Alice, side: Color) -> i32 {
    pos.board()
        .iter()
        .map(|(_, p)| {
            let v = pawns(p.role);
            if p.color == side { v } else { -v }
        })
        .sum()
}

/// One ply on material: a mating move is always played, drawing moves score 0, otherwise a
/// random pick between the two best moves (ties shuffled first).
#[derive(Debug, Clone)]
pub struct AliceMaterial {
    rng: ChaCha8Rng,
}

impl AliceMaterial {
    /// A material player seeded with `seed`.
    pub fn new(seed: u64) -> AliceMaterial {
        AliceMaterial {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }
}

impl AlicePlayer for AliceMaterial {
    fn name(&self) -> String {
        "material".to_string()
    }

    fn new_game(&mut self, seed: u64) {
        self.rng = ChaCha8Rng::seed_from_u64(seed);
    }

    fn choose(&mut self, game: &AliceGame) -> Option<AliceChoice> {
        let pos = game.position();
        let mover = pos.turn();
        let mut scored: Vec<(Move, i32)> = pos
            .legal_moves()
            .into_iter()
            .map(|m| {
                let mut next = game.clone();
                next.play(&m);
                let score = match next.end() {
                    Some(super::AliceEnd::Checkmate { .. }) => 1_000,
                    Some(_) => 0,
                    None => material_balance(next.position(), mover),
                };
                (m, score)
            })
            .collect();
        scored.shuffle(&mut self.rng);
        scored.sort_by_key(|(_, s)| std::cmp::Reverse(*s));
        let (best, best_score) = *scored.first()?;
        let pick = match scored.get(1) {
            Some(&(second, s))
                if best_score < 1_000 && rand::Rng::random_bool(&mut self.rng, 0.5) =>
            {
                (second, s)
            }
            _ => (best, best_score),
        };
        Some(AliceChoice {
            mv: pick.0,
            score: None,
        })
    }
}

/// The default depth of [`AliceClassic`].
pub const CLASSIC_DEPTH: i32 = 3;

/// Fixed-depth negamax alpha-beta with capture quiescence on the simplified evaluation.
#[derive(Debug, Clone)]
pub struct AliceClassic {
    depth: i32,
    keys: Vec<u64>,
    nodes: u64,
}

impl AliceClassic {
    /// A classic player searching `depth` plies (at least 1) before quiescence.
    pub fn new(depth: i32) -> AliceClassic {
        AliceClassic {
            depth: depth.max(1),
            keys: Vec::new(),
            nodes: 0,
        }
    }

    /// Nodes visited by the last search.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The best move and its score for the side to move; `history` holds the keys of the
    /// positions before `pos` (for repetitions).
    pub fn search(&mut self, pos: &Alice, history: &[u64]) -> Option<(Move, Score)> {
        self.nodes = 0;
        self.keys.clear();
        self.keys.extend_from_slice(history);
        let mut moves = pos.legal_moves();
        order(&mut moves);
        self.keys.push(pos.key());
        let mut alpha = -Score::INFINITE.0;
        let mut best = None;
        for m in moves {
            let child = pos.played(&m);
            let score = -self.negamax(&child, self.depth - 1, 1, -Score::INFINITE.0, -alpha);
            if best.is_none() || score > alpha {
                alpha = score;
                best = Some((m, Score(score)));
            }
        }
        best
    }

    fn negamax(&mut self, pos: &Alice, depth: i32, ply: i32, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        let mut moves = pos.legal_moves();
        if moves.is_empty() {
            return if pos.is_check() {
                Score::mated_in(ply as _).0
            } else {
                0
            };
        }
        if pos.halfmoves() >= 100 || pos.is_insufficient_material() {
            return 0;
        }
        let key = pos.key();
        if self
            .keys
            .iter()
            .rev()
            .skip(1)
            .step_by(2)
            .take(pos.halfmoves() as usize / 2)
            .any(|&k| k == key)
        {
            return 0;
        }
        if depth <= 0 {
            return self.quiescence(pos, alpha, beta);
        }
        order(&mut moves);
        self.keys.push(key);
        let mut best = -Score::INFINITE.0;
        for m in moves {
            let child = pos.played(&m);
            let score = -self.negamax(&child, depth - 1, ply + 1, -beta, -alpha);
            if score > best {
                best = score;
                alpha = alpha.max(score);
                if alpha >= beta {
                    break;
                }
            }
        }
        self.keys.pop();
        best
    }

    fn quiescence(&mut self, pos: &Alice, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        let white = simplified_white(pos);
        let stand_pat = if pos.turn().is_white() { white } else { -white };
        if stand_pat >= beta {
            return stand_pat;
        }
        alpha = alpha.max(stand_pat);
        let mut captures: Vec<Move> = pos
            .legal_moves()
            .into_iter()
            .filter(|m| m.is_capture())
            .collect();
        order(&mut captures);
        for m in captures {
            let score = -self.quiescence(&pos.played(&m), -beta, -alpha);
            if score >= beta {
                return score;
            }
            alpha = alpha.max(score);
        }
        alpha
    }
}

impl AlicePlayer for AliceClassic {
    fn name(&self) -> String {
        format!("classic d{}", self.depth)
    }

    fn new_game(&mut self, _seed: u64) {}

    fn choose(&mut self, game: &AliceGame) -> Option<AliceChoice> {
        let keys = game.keys();
        let history = &keys[..keys.len().saturating_sub(1)];
        let (mv, score) = self.search(game.position(), history)?;
        Some(AliceChoice {
            mv,
            score: Some(score),
        })
    }
}

/// Our engine: the same search as for chess ([`crate::search::Engine`]) with the Alice
/// evaluation, under fixed per-move limits (depth, nodes or time).
#[derive(Debug)]
pub struct AliceEngine {
    engine: Engine,
    limits: Limits,
    name: String,
}

impl AliceEngine {
    /// An engine with a `hash_mb` transposition table searching within `limits` per move.
    pub fn new(hash_mb: usize, limits: Limits) -> AliceEngine {
        AliceEngine {
            engine: Engine::new(hash_mb),
            limits,
            name: "engine".to_string(),
        }
    }

    /// The same engine searching on `threads` threads.
    pub fn with_threads(mut self, threads: usize) -> AliceEngine {
        self.engine.set_threads(threads);
        self
    }

    /// The per-move limits.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// Searches the game's position: the engine's full report.
    pub fn search(&mut self, game: &AliceGame) -> SearchResult {
        let keys = game.keys();
        let history = &keys[..keys.len().saturating_sub(1)];
        best_move(&mut self.engine, game.position(), history, &self.limits)
    }
}

impl AlicePlayer for AliceEngine {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn new_game(&mut self, _seed: u64) {
        self.engine.clear();
    }

    fn choose(&mut self, game: &AliceGame) -> Option<AliceChoice> {
        let result = self.search(game);
        result.best_move.map(|mv| AliceChoice {
            mv,
            score: Some(result.score),
        })
    }
}

/// Builds the Alice version of a player named on the command line (`random`, `material`,
/// `classic?depth=4`, `engine?nodes=20000`...; see [`crate::players::spec`]). The spec's
/// per-move limits apply to the engine; `default_limits` are used when it gives none.
///
/// # Errors
/// [`UnsupportedPlayer`] for players that do not play Alice (`opening` has no Alice book, and
/// UCI engines speak only orthodox chess).
pub fn from_spec(
    spec: &PlayerSpec,
    seed: u64,
    default_limits: &Limits,
) -> Result<Box<dyn AlicePlayer>, UnsupportedPlayer> {
    let mut player: Box<dyn AlicePlayer> = match spec.kind {
        PlayerKind::Opening { .. } => return Err(UnsupportedPlayer("opening")),
        PlayerKind::Uci { .. } => return Err(UnsupportedPlayer("uci")),
        PlayerKind::Random => Box::new(AliceRandom::new(seed)),
        PlayerKind::Material => Box::new(AliceMaterial::new(seed)),
        PlayerKind::Classic { depth } => Box::new(AliceClassic::new(depth)),
        PlayerKind::Engine { hash_mb, level, .. } => {
            let l = spec.limits;
            let limits = if l.depth.is_some() || l.nodes.is_some() || l.movetime.is_some() {
                Limits {
                    depth: l.depth,
                    nodes: l.nodes,
                    movetime: l.movetime,
                    ..Limits::default()
                }
            } else {
                default_limits.clone()
            };
            let strength = level
                .filter(|&l| l < crate::search::Level::MAX)
                .map(|l| crate::search::Strength::from_level(l).with_seed(seed));
            Box::new(AliceEngine::new(hash_mb, Limits { strength, ..limits }))
        }
    };
    if let Some(name) = &spec.name {
        player = Box::new(Named {
            inner: player,
            name: name.clone(),
        });
    }
    Ok(player)
}

/// A player kind that has no Alice version.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the {0} player does not play Alice chess (use random, material, classic or engine)")]
pub struct UnsupportedPlayer(pub &'static str);

/// A player under another name.
struct Named {
    inner: Box<dyn AlicePlayer>,
    name: String,
}

impl AlicePlayer for Named {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn new_game(&mut self, seed: u64) {
        self.inner.new_game(seed);
    }

    fn choose(&mut self, game: &AliceGame) -> Option<AliceChoice> {
        self.inner.choose(game)
    }
}

/// Most valuable victim first, then least valuable attacker; promotions count as captures.
fn order(moves: &mut [Move]) {
    let value = |r: Role| pawns(r) * 100;
    moves.sort_by_key(|m| {
        let victim = m.capture().map_or(0, value) + m.promotion().map_or(0, value);
        std::cmp::Reverse(victim * 16 - value(m.role()) / 100)
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(fen: &str) -> AliceGame {
        AliceGame::new(Alice::from_fen(fen).unwrap())
    }

    #[test]
    fn players_find_a_mate_in_one() {
        // The rook on B goes h7-h8 and arrives on A, checking a8 along the rank; the queen on A
        // covers a7, b7 and b8 there.
        let g = game("k7/7|R/1Q6/8/8/8/8/7K w - - 0 1");
        let mate = g.position().parse_uci("h7h8").unwrap();
        assert!(g.position().played(&mate).is_checkmate());
        for mut player in [
            Box::new(AliceMaterial::new(1)) as Box<dyn AlicePlayer>,
            Box::new(AliceClassic::new(2)),
        ] {
            let mv = player.choose(&g).unwrap().mv;
            assert!(g.position().played(&mv).is_checkmate(), "{}", player.name());
        }
    }

    #[test]
    fn engine_finds_the_mate_and_beats_random() {
        let g = game("k7/7|R/1Q6/8/8/8/8/7K w - - 0 1");
        let mut engine = AliceEngine::new(1, Limits::depth(3));
        let mv = engine.choose(&g).unwrap().mv;
        assert!(g.position().played(&mv).is_checkmate());
        let mut random = AliceRandom::new(3);
        let mut engine = AliceEngine::new(
            1,
            Limits {
                nodes: Some(2_000),
                ..Limits::default()
            },
        );
        let rec = crate::variant::alice::record::play_game(
            &mut engine,
            &mut random,
            Alice::default(),
            1,
            300,
        );
        assert_eq!(rec.termination.outcome().winner(), Some(Color::White));
    }

    #[test]
    fn specs_build_alice_players() {
        let build =
            |s: &str| from_spec(&PlayerSpec::parse(s).unwrap(), 1, &Limits::depth(1)).unwrap();
        assert_eq!(build("random").name(), "random");
        assert_eq!(build("classic?depth=2").name(), "classic d2");
        assert_eq!(build("engine?nodes=500&name=fast").name(), "fast");
        let g = AliceGame::new(Alice::default());
        assert!(build("engine?depth=1").choose(&g).is_some());
        assert!(build("material").choose(&g).is_some());
        let refused =
            |s: &str| from_spec(&PlayerSpec::parse(s).unwrap(), 1, &Limits::depth(1)).err();
        assert_eq!(refused("opening"), Some(UnsupportedPlayer("opening")));
        assert_eq!(refused("uci:stockfish"), Some(UnsupportedPlayer("uci")));
    }

    #[test]
    fn random_player_is_repeatable() {
        let g = AliceGame::new(Alice::default());
        let mut a = AliceRandom::new(7);
        let mut b = AliceRandom::new(7);
        assert_eq!(a.choose(&g), b.choose(&g));
    }

    #[test]
    fn classic_takes_a_free_queen_on_its_board() {
        // The white rook on A takes the queen on A (d1xd8); the black queen is unprotected.
        let g = game("3q2k1/8/8/8/8/8/8/3RK3 w - - 0 1");
        assert_eq!(
            AliceClassic::new(2).choose(&g).unwrap().mv,
            g.position().parse_uci("d1d8").unwrap()
        );
    }
}
