//! [`Variant`]: what players need of a variant beyond its rules ([`GamePosition`]): how our
//! engine searches it, and which players exist for standard chess alone (Polyglot books and
//! external UCI engines).

use super::opening::OpeningPlayer;
use super::spec::PlayerKind;
use super::uci::{UciPlayer, player_error};
use super::{Player, PlayerError};
use crate::book::polyglot::Book;
use crate::game::GamePosition;
use crate::search::{Engine, Limits, Observer, SearchControl, SearchResult};
use crate::variant::alice::Alice;
use crate::variant::alice::search::AliceSearch;
use shakmaty::Chess;

/// A variant our players play: its rules, and our engine's search of it.
pub trait Variant: GamePosition {
    /// The variant's name in messages (`chess`, `Alice chess`).
    const NAME: &'static str;

    /// Whether the book (`opening`) and external UCI engine (`uci:`) players play it.
    const BOOK_AND_UCI: bool;

    /// Searches `pos` with our engine within `limits`; `history` holds the keys of the
    /// positions before it, oldest first.
    fn search(
        engine: &mut Engine,
        pos: &Self,
        history: &[u64],
        limits: &Limits,
        control: &SearchControl,
        observer: &mut dyn Observer,
    ) -> SearchResult;

    /// Builds a book or UCI player ([`PlayerKind::Opening`], [`PlayerKind::Uci`]).
    ///
    /// # Errors
    /// [`PlayerError::Unsupported`] where [`Variant::BOOK_AND_UCI`] is false; a book that does
    /// not load or an engine that does not start.
    fn book_or_uci_player(kind: &PlayerKind) -> Result<Box<dyn Player<Self>>, PlayerError>;
}

/// Standard chess and Chess960: the engine's own search ([`Engine::search`], which picks the
/// engine's evaluator), and every player.
impl Variant for Chess {
    const NAME: &'static str = "chess";
    const BOOK_AND_UCI: bool = true;

    fn search(
        engine: &mut Engine,
        pos: &Chess,
        history: &[u64],
        limits: &Limits,
        control: &SearchControl,
        observer: &mut dyn Observer,
    ) -> SearchResult {
        engine.search(pos, history, limits, control, observer)
    }

    fn book_or_uci_player(kind: &PlayerKind) -> Result<Box<dyn Player<Chess>>, PlayerError> {
        match kind {
            PlayerKind::Opening { book, min_weight } => {
                let book = match book {
                    Some(path) => Book::open(path).map_err(|e| PlayerError::Start {
                        engine: "opening".into(),
                        reason: e.to_string(),
                    })?,
                    None => Book::embedded(),
                };
                Ok(Box::new(OpeningPlayer::new(book, *min_weight)))
            }
            PlayerKind::Uci { .. } => {
                let spec = kind.engine_spec().expect("a uci: spec names an engine");
                Ok(Box::new(UciPlayer::start(&spec).map_err(player_error)?))
            }
            _ => Err(unsupported::<Chess>(kind)),
        }
    }
}

/// Alice chess: the engine's search on [`AliceSearch`] (the Alice evaluation); no book, and
/// UCI engines speak orthodox chess only.
impl Variant for Alice {
    const NAME: &'static str = "Alice chess";
    const BOOK_AND_UCI: bool = false;

    fn search(
        engine: &mut Engine,
        pos: &Alice,
        history: &[u64],
        limits: &Limits,
        control: &SearchControl,
        observer: &mut dyn Observer,
    ) -> SearchResult {
        engine.search_position(
            &AliceSearch::new(pos.clone()),
            history,
            limits,
            control,
            observer,
        )
    }

    fn book_or_uci_player(kind: &PlayerKind) -> Result<Box<dyn Player<Alice>>, PlayerError> {
        Err(unsupported::<Alice>(kind))
    }
}

/// The error for a player kind that `V` has no version of.
pub(crate) fn unsupported<V: Variant>(kind: &PlayerKind) -> PlayerError {
    PlayerError::Unsupported {
        player: kind.name(),
        variant: V::NAME,
    }
}
