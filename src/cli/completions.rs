//! `chessbot completions` flags.

use clap::Args;
use clap_complete::Shell;

/// Flags of `chessbot completions`.
#[derive(Debug, Args)]
#[command(
    after_help = "Example:\n  chessbot completions bash > ~/.local/share/bash-completion/completions/chessbot"
)]
pub struct CompletionsArgs {
    /// The shell to write completions for.
    pub shell: Shell,
}
