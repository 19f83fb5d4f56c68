//! Player specifications as written on the command line: `random`, `material`, `classic`,
//! `classic?depth=4`, `engine?nodes=20000`, `engine?depth=5&hash=32`, `engine?eval=classical`
//! (our search with the hand-written evaluation instead of the NNUE network).
//!
//! `opening?book=FILE&min_weight=N` plays Polyglot book moves (GNU Chess's embedded book by
//! default) and random moves after.
//!
//! The grammar is `KIND[:ARG][?KEY=VALUE&KEY=VALUE...]`. Keys every player accepts:
//! `depth`, `nodes`, `movetime` (milliseconds) override the match's per-move limits for that
//! player, and `name` sets the name used in PGN tags and reports.
//!
//! External engines: `uci:PROGRAM` (a path, or a name on PATH or in /usr/games) with UCI options
//! as keys, e.g. `uci:stockfish?UCI_Elo=1800&Hash=16` (`UCI_Elo` also switches on
//! `UCI_LimitStrength`). Their own keys: `arg=ARG` (a command-line argument, repeatable) and
//! `grace=MS` (how long past its time an engine may stay silent before it counts as hung;
//! default 2000).

use super::classic::{ClassicPlayer, DEFAULT_DEPTH};
use super::engine::EnginePlayer;
use super::material::MaterialPlayer;
use super::random::RandomPlayer;
use super::variant::unsupported;
use super::{Choice, ClockView, GameView, Player, PlayerError, Variant};
use crate::search::{Depth, Evaluator, Level};
use crate::uci::client::EngineSpec;
use std::time::Duration;

/// A bad player specification.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SpecError {
    /// The kind before `:` or `?` is not one we know.
    #[error(
        "unknown player '{0}' (expected random, opening, material, classic, engine or uci:PROGRAM)"
    )]
    UnknownKind(String),
    /// An option this kind of player does not take.
    #[error("player '{kind}' has no option '{key}'")]
    UnknownOption {
        /// The player kind.
        kind: String,
        /// The offending key.
        key: String,
    },
    /// An option without `=VALUE`, or with an empty key.
    #[error("option '{0}' is not of the form KEY=VALUE")]
    Malformed(String),
    /// A value that does not parse.
    #[error("option {key}={value}: {reason}")]
    BadValue {
        /// The key.
        key: String,
        /// The value as written.
        value: String,
        /// What was expected.
        reason: String,
    },
    /// An argument after `:` given to a kind that takes none, or missing where one is needed.
    #[error("player '{kind}': {reason}")]
    BadArgument {
        /// The player kind.
        kind: String,
        /// What is wrong.
        reason: String,
    },
}

/// What kind of player a spec names, with its own settings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlayerKind {
    /// Uniformly random legal moves.
    Random,
    /// One ply on material.
    Material,
    /// Book moves (the embedded GNU Chess book, or a Polyglot file), then random.
    Opening {
        /// A Polyglot book file instead of the embedded one.
        book: Option<std::path::PathBuf>,
        /// The minimum weight of a book move.
        min_weight: u16,
    },
    /// Fixed-depth alpha-beta with the simplified evaluation.
    Classic {
        /// Search depth in plies.
        depth: Depth,
    },
    /// Our engine.
    Engine {
        /// Transposition table size.
        hash_mb: usize,
        /// A playing level below full strength (`engine?level=3`).
        level: Option<Level>,
        /// The static evaluation (the network by default; `engine?eval=classical` for the
        /// hand-written one).
        evaluator: Evaluator,
    },
    /// An external UCI engine.
    Uci {
        /// The program (path or name).
        program: String,
        /// Its command-line arguments.
        args: Vec<String>,
        /// UCI options to set, in order.
        options: Vec<(String, String)>,
        /// Extra time past its own before the engine counts as hung.
        grace: Option<Duration>,
    },
}

impl PlayerKind {
    /// How to start the external engine of a `uci:` spec (none for other kinds).
    pub fn engine_spec(&self) -> Option<EngineSpec> {
        let PlayerKind::Uci {
            program,
            args,
            options,
            grace,
        } = self
        else {
            return None;
        };
        let mut spec = EngineSpec::new(program.clone());
        spec.args = args.clone();
        spec.options = options.clone();
        if let Some(g) = grace {
            spec.timeouts.grace = *g;
        }
        Some(spec)
    }

    /// The kind as a spec names it (`random`, `classic`, `uci`).
    pub fn name(&self) -> &'static str {
        match self {
            PlayerKind::Random => "random",
            PlayerKind::Material => "material",
            PlayerKind::Opening { .. } => "opening",
            PlayerKind::Classic { .. } => "classic",
            PlayerKind::Engine { .. } => "engine",
            PlayerKind::Uci { .. } => "uci",
        }
    }
}

/// Per-move limits a spec imposes on its player, replacing the match's.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SpecLimits {
    /// Fixed depth.
    pub depth: Option<Depth>,
    /// Node budget.
    pub nodes: Option<u64>,
    /// Fixed time per move.
    pub movetime: Option<Duration>,
}

/// A parsed player specification.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerSpec {
    /// The text it was parsed from.
    pub text: String,
    /// The kind of player and its settings.
    pub kind: PlayerKind,
    /// Limits replacing the match's for this player.
    pub limits: SpecLimits,
    /// A display name replacing the player's own.
    pub name: Option<String>,
}

fn parse_value<T: std::str::FromStr>(key: &str, value: &str, what: &str) -> Result<T, SpecError> {
    value.parse().map_err(|_| SpecError::BadValue {
        key: key.to_string(),
        value: value.to_string(),
        reason: format!("expected {what}"),
    })
}

impl PlayerSpec {
    /// Parses a spec such as `classic?depth=4` or `engine?nodes=20000&name=fast`.
    ///
    /// ```
    /// use chessbot::players::spec::{PlayerSpec, PlayerKind};
    /// let spec = PlayerSpec::parse("classic?depth=4").unwrap();
    /// assert_eq!(spec.kind, PlayerKind::Classic { depth: 4 });
    /// assert!(PlayerSpec::parse("clasic").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<PlayerSpec, SpecError> {
        let (head, query) = match text.split_once('?') {
            Some((h, q)) => (h, Some(q)),
            None => (text, None),
        };
        let (kind_name, arg) = match head.split_once(':') {
            Some((k, a)) => (k, Some(a)),
            None => (head, None),
        };
        let mut options = Vec::new();
        if let Some(query) = query {
            for pair in query.split('&').filter(|p| !p.is_empty()) {
                match pair.split_once('=') {
                    Some((k, v)) if !k.is_empty() => options.push((k.to_string(), v.to_string())),
                    _ => return Err(SpecError::Malformed(pair.to_string())),
                }
            }
        }
        let mut kind = match kind_name {
            "random" => PlayerKind::Random,
            "material" => PlayerKind::Material,
            "opening" => PlayerKind::Opening {
                book: None,
                min_weight: super::opening::DEFAULT_MIN_WEIGHT,
            },
            "classic" => PlayerKind::Classic {
                depth: DEFAULT_DEPTH,
            },
            "engine" => PlayerKind::Engine {
                hash_mb: 16,
                level: None,
                evaluator: Evaluator::default(),
            },
            "uci" => match arg {
                Some(program) if !program.is_empty() => PlayerKind::Uci {
                    program: program.to_string(),
                    args: Vec::new(),
                    options: Vec::new(),
                    grace: None,
                },
                _ => {
                    return Err(SpecError::BadArgument {
                        kind: "uci".into(),
                        reason: "needs the engine's program: uci:PATH (e.g. uci:stockfish)".into(),
                    });
                }
            },
            other => return Err(SpecError::UnknownKind(other.to_string())),
        };
        if let (Some(arg), false) = (arg, matches!(kind, PlayerKind::Uci { .. })) {
            return Err(SpecError::BadArgument {
                kind: kind_name.to_string(),
                reason: format!("takes no ':{arg}' argument (use ?KEY=VALUE options)"),
            });
        }
        let mut limits = SpecLimits::default();
        let mut name = None;
        for (key, value) in options {
            match (key.as_str(), &mut kind) {
                ("depth", PlayerKind::Classic { depth }) => {
                    *depth = parse_value(&key, &value, "a depth of 1 to 20")?;
                    if !(1..=20).contains(depth) {
                        return Err(SpecError::BadValue {
                            key,
                            value,
                            reason: "expected a depth of 1 to 20".into(),
                        });
                    }
                }
                ("book", PlayerKind::Opening { book, .. }) => {
                    *book = Some(std::path::PathBuf::from(value));
                }
                ("min_weight", PlayerKind::Opening { min_weight, .. }) => {
                    *min_weight = parse_value(&key, &value, "a weight of 0 to 65535")?;
                }
                ("hash", PlayerKind::Engine { hash_mb, .. }) => {
                    *hash_mb = parse_value(&key, &value, "megabytes")?;
                }
                ("eval", PlayerKind::Engine { evaluator, .. }) => {
                    *evaluator = match value.as_str() {
                        "network" | "nnue" => Evaluator::Network,
                        "classical" => Evaluator::Classical,
                        _ => {
                            return Err(SpecError::BadValue {
                                key,
                                value,
                                reason: "expected network or classical".into(),
                            });
                        }
                    };
                }
                ("level", PlayerKind::Engine { level, .. }) => {
                    *level = Some(value.parse().map_err(|_| SpecError::BadValue {
                        key: key.clone(),
                        value: value.clone(),
                        reason: "expected a level of 1 to 10".into(),
                    })?);
                }
                ("depth", _) => {
                    let d: Depth = parse_value(&key, &value, "a positive depth")?;
                    if d < 1 {
                        return Err(SpecError::BadValue {
                            key,
                            value,
                            reason: "expected a positive depth".into(),
                        });
                    }
                    limits.depth = Some(d);
                }
                ("nodes", _) => limits.nodes = Some(parse_value(&key, &value, "a node count")?),
                ("movetime", _) => {
                    let ms: u64 = parse_value(&key, &value, "milliseconds")?;
                    limits.movetime = Some(Duration::from_millis(ms));
                }
                ("name", _) => name = Some(value),
                ("arg", PlayerKind::Uci { args, .. }) => args.push(value),
                ("grace", PlayerKind::Uci { grace, .. }) => {
                    let ms: u64 = parse_value(&key, &value, "milliseconds")?;
                    *grace = Some(Duration::from_millis(ms));
                }
                (_, PlayerKind::Uci { options, .. }) => {
                    let limit = key.eq_ignore_ascii_case("UCI_Elo")
                        && !options
                            .iter()
                            .any(|(k, _)| k.eq_ignore_ascii_case("UCI_LimitStrength"));
                    if limit {
                        options.push(("UCI_LimitStrength".into(), "true".into()));
                    }
                    options.push((key, value));
                }
                _ => {
                    return Err(SpecError::UnknownOption {
                        kind: kind_name.to_string(),
                        key,
                    });
                }
            }
        }
        Ok(PlayerSpec {
            text: text.to_string(),
            kind,
            limits,
            name,
        })
    }

    /// Whether the player plays `V` (the book and UCI players know standard chess only),
    /// checked before a match starts any engine.
    ///
    /// # Errors
    /// [`PlayerError::Unsupported`] naming the player and the variant.
    pub fn check_variant<V: Variant>(&self) -> Result<(), PlayerError> {
        match self.kind {
            PlayerKind::Opening { .. } | PlayerKind::Uci { .. } if !V::BOOK_AND_UCI => {
                Err(unsupported::<V>(&self.kind))
            }
            _ => Ok(()),
        }
    }

    /// Builds the player for games of `V` (a fresh instance: one per thread in a match).
    pub fn build<V: Variant>(&self) -> Result<Box<dyn Player<V>>, PlayerError> {
        let inner: Box<dyn Player<V>> = match &self.kind {
            PlayerKind::Random => Box::new(RandomPlayer::new(0)),
            PlayerKind::Material => Box::new(MaterialPlayer::new(0)),
            PlayerKind::Classic { depth } => Box::new(ClassicPlayer::new(*depth)),
            PlayerKind::Engine {
                hash_mb,
                level,
                evaluator,
            } => {
                let engine = EnginePlayer::new(*hash_mb).with_evaluator(*evaluator);
                Box::new(match level {
                    Some(level) => engine.with_level(*level),
                    None => engine,
                })
            }
            kind @ (PlayerKind::Opening { .. } | PlayerKind::Uci { .. }) => {
                V::book_or_uci_player(kind)?
            }
        };
        if self.name.is_none() && self.limits == SpecLimits::default() {
            return Ok(inner);
        }
        Ok(Box::new(Configured {
            inner,
            name: self.name.clone(),
            limits: self.limits,
        }))
    }
}

/// A player with a spec's name and limits applied.
struct Configured<V: Variant> {
    inner: Box<dyn Player<V>>,
    name: Option<String>,
    limits: SpecLimits,
}

impl<V: Variant> Player<V> for Configured<V> {
    fn name(&self) -> String {
        self.name.clone().unwrap_or_else(|| self.inner.name())
    }

    fn new_game(&mut self, seed: u64) -> Result<(), PlayerError> {
        self.inner.new_game(seed)
    }

    fn choose(&mut self, game: &GameView<V>, clock: &ClockView) -> Result<Choice, PlayerError> {
        let mut clock = *clock;
        if self.limits != SpecLimits::default() {
            clock.depth = self.limits.depth;
            clock.nodes = self.limits.nodes;
            clock.movetime = self.limits.movetime;
        }
        self.inner.choose(game, &clock)
    }

    fn is_deterministic(&self) -> bool {
        self.inner.is_deterministic()
    }

    fn restart(&mut self) -> Result<(), PlayerError> {
        self.inner.restart()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::alice::Alice;
    use shakmaty::Chess;

    fn name<V: Variant>(spec: &str) -> String {
        PlayerSpec::parse(spec)
            .unwrap()
            .build::<V>()
            .unwrap()
            .name()
    }

    #[test]
    fn parses_kinds_and_options() {
        assert_eq!(
            PlayerSpec::parse("random").unwrap().kind,
            PlayerKind::Random
        );
        let s = PlayerSpec::parse("engine?nodes=2000&hash=4&name=fast").unwrap();
        assert_eq!(
            s.kind,
            PlayerKind::Engine {
                hash_mb: 4,
                level: None,
                evaluator: Evaluator::Network,
            }
        );
        assert_eq!(s.limits.nodes, Some(2000));
        assert_eq!(s.name.as_deref(), Some("fast"));
        assert_eq!(name::<Chess>("engine?nodes=2000&hash=4&name=fast"), "fast");
        let s = PlayerSpec::parse("engine?movetime=50").unwrap();
        assert_eq!(s.limits.movetime, Some(Duration::from_millis(50)));
        assert_eq!(name::<Chess>("classic?depth=2"), "classic d2");
    }

    #[test]
    fn alice_has_every_player_but_book_and_uci() {
        assert_eq!(name::<Alice>("random"), "random");
        assert_eq!(name::<Alice>("classic?depth=2"), "classic d2");
        assert_eq!(name::<Alice>("engine?nodes=500&name=fast"), "fast");
        let refused = |s: &str| {
            PlayerSpec::parse(s)
                .unwrap()
                .check_variant::<Alice>()
                .unwrap_err()
                .to_string()
        };
        assert_eq!(
            refused("opening"),
            "the opening player does not play Alice chess (use random, material, classic or engine)"
        );
        assert!(refused("uci:stockfish").starts_with("the uci player does not play Alice"));
        assert!(
            PlayerSpec::parse("uci:stockfish")
                .unwrap()
                .check_variant::<Chess>()
                .is_ok()
        );
    }

    #[test]
    fn rejects_bad_specs_clearly() {
        let err = |t: &str| PlayerSpec::parse(t).unwrap_err().to_string();
        assert!(err("randm").contains("unknown player 'randm'"));
        assert!(err("random?speed=3").contains("no option 'speed'"));
        assert!(err("classic?depth=0").contains("depth of 1 to 20"));
        assert!(err("classic?depth=x").contains("depth=x"));
        assert!(err("engine?nodes").contains("KEY=VALUE"));
        assert!(err("material:foo").contains("no ':foo'"));
        assert!(err("uci").contains("uci:PATH"));
        assert!(err("opening?min_weight=-1").contains("min_weight=-1"));
        let Err(e) = PlayerSpec::parse("opening?book=/no/book.bin")
            .unwrap()
            .build::<Chess>()
        else {
            panic!("a missing book cannot load")
        };
        assert!(e.to_string().contains("/no/book.bin"), "{e}");
        assert!(err("uci:sf?grace=soon").contains("grace=soon"));
    }

    #[test]
    fn uci_specs_keep_options_in_order() {
        let s = PlayerSpec::parse("uci:stockfish?UCI_Elo=1800&Hash=16&arg=-q&grace=500&nodes=1000")
            .unwrap();
        let PlayerKind::Uci {
            program,
            args,
            options,
            grace,
        } = &s.kind
        else {
            panic!("{s:?}")
        };
        assert_eq!(program, "stockfish");
        assert_eq!(args, &["-q"]);
        assert_eq!(grace, &Some(Duration::from_millis(500)));
        let names: Vec<&str> = options.iter().map(|(k, _)| k.as_str()).collect();
        assert_eq!(names, ["UCI_LimitStrength", "UCI_Elo", "Hash"]);
        assert_eq!(s.limits.nodes, Some(1000));
        let Err(missing) = PlayerSpec::parse("uci:/no/such/engine")
            .unwrap()
            .build::<Chess>()
        else {
            panic!("a missing engine cannot start")
        };
        assert!(missing.to_string().contains("/no/such/engine"), "{missing}");
    }
}
