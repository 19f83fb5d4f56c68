//! Opening books in the Polyglot format: reading ([`polyglot`]) and building from games ([`build`]).
//!
//! The default book (GNU Chess's public-domain book) is embedded in the binary:
//! [`Book::embedded`].

pub mod build;
pub mod polyglot;

pub use build::{BookBuilder, BuildOptions, BuildStats};
pub use polyglot::{Book, BookEntry, BookError, BookMove, polyglot_key};
