//! Where the player's lines come from: a line editor on a terminal (rustyline: arrows, history,
//! Ctrl-A/E and the rest of the usual keys, Tab completing legal moves and commands), or plain
//! lines from a pipe or file, read ahead on their own thread.
//!
//! Both run on a thread of their own so that the game's clocks tick while the player types; the
//! game asks for a line with [`LineSource::ask`] and waits for [`LineEvent`]s.

use rustyline::completion::{Completer, Pair};
use rustyline::error::ReadlineError;
use rustyline::highlight::Highlighter;
use rustyline::hint::Hinter;
use rustyline::history::DefaultHistory;
use rustyline::validate::Validator;
use rustyline::{Context, Editor, Helper};
use std::io::BufRead;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// What the player's side of the terminal brought.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LineEvent {
    /// A line, without its line break.
    Line(String),
    /// The end of input (Ctrl-D on an empty line, or the end of a pipe).
    End,
    /// Ctrl-C at the line editor.
    Interrupted,
}

/// A line to read: the prompt and the words Tab may complete.
struct Request {
    prompt: String,
    words: Vec<String>,
}

/// The player's lines, from a line editor or a pipe.
pub struct LineSource {
    events: Receiver<LineEvent>,
    /// For the line editor: where requests go (none for piped input, read ahead).
    requests: Option<Sender<Request>>,
    /// Whether the line editor is reading a line already.
    pending: bool,
}

/// The line editor cannot start (no terminal after all).
#[derive(Debug, thiserror::Error)]
#[error("cannot start the line editor: {0}")]
pub struct EditorError(String);

impl LineSource {
    /// Lines read one by one from stdin as they come (a pipe, a file, a test).
    pub fn piped() -> LineSource {
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let stdin = std::io::stdin();
            let mut lock = stdin.lock();
            loop {
                let mut line = String::new();
                let event = match lock.read_line(&mut line) {
                    Ok(0) | Err(_) => LineEvent::End,
                    Ok(_) => LineEvent::Line(line.trim_end_matches(['\n', '\r']).to_string()),
                };
                let end = event == LineEvent::End;
                if tx.send(event).is_err() || end {
                    return;
                }
            }
        });
        LineSource {
            events: rx,
            requests: None,
            pending: false,
        }
    }

    /// The line editor on the terminal: each [`LineSource::ask`] shows its prompt and reads one
    /// line, with the history of the lines before it.
    pub fn editor() -> Result<LineSource, EditorError> {
        let words = Arc::new(Mutex::new(Vec::new()));
        let mut editor: Editor<Words, DefaultHistory> =
            Editor::new().map_err(|e| EditorError(e.to_string()))?;
        editor.set_helper(Some(Words(words.clone())));
        let (event_tx, event_rx) = mpsc::channel();
        let (request_tx, request_rx) = mpsc::channel::<Request>();
        std::thread::spawn(move || {
            for request in request_rx {
                if let Ok(mut w) = words.lock() {
                    *w = request.words;
                }
                let event = match editor.readline(&request.prompt) {
                    Ok(line) => {
                        if !line.trim().is_empty() {
                            let _ = editor.add_history_entry(line.as_str());
                        }
                        LineEvent::Line(line)
                    }
                    Err(ReadlineError::Interrupted) => LineEvent::Interrupted,
                    Err(_) => LineEvent::End,
                };
                let end = event == LineEvent::End;
                if event_tx.send(event).is_err() || end {
                    return;
                }
            }
        });
        Ok(LineSource {
            events: event_rx,
            requests: Some(request_tx),
            pending: false,
        })
    }

    /// Whether this is the line editor (which shows the prompt itself).
    pub fn is_editor(&self) -> bool {
        self.requests.is_some()
    }

    /// Asks for a line with `prompt`, Tab completing `words`; the line editor keeps reading a
    /// line it was asked for before (its prompt stays). Piped input needs no asking.
    pub fn ask(&mut self, prompt: &str, words: Vec<String>) {
        if let Some(requests) = &self.requests
            && !self.pending
        {
            let request = Request {
                prompt: prompt.to_string(),
                words,
            };
            self.pending = requests.send(request).is_ok();
        }
    }

    /// The next event, waiting at most `timeout`.
    pub fn wait_timeout(&mut self, timeout: Duration) -> Result<LineEvent, RecvTimeoutError> {
        let event = self.events.recv_timeout(timeout);
        self.settle(event)
    }

    /// The next event, waiting as long as it takes (the end of input when the reader is gone).
    pub fn wait(&mut self) -> LineEvent {
        let event = self
            .events
            .recv()
            .map_err(|_| RecvTimeoutError::Disconnected);
        self.settle(event).unwrap_or(LineEvent::End)
    }

    fn settle(
        &mut self,
        event: Result<LineEvent, RecvTimeoutError>,
    ) -> Result<LineEvent, RecvTimeoutError> {
        match event {
            Ok(e) => {
                self.pending = false;
                Ok(e)
            }
            Err(RecvTimeoutError::Disconnected) => Ok(LineEvent::End),
            Err(RecvTimeoutError::Timeout) => Err(RecvTimeoutError::Timeout),
        }
    }
}

/// The words Tab completes (legal moves in SAN and UCI, commands), shared with the editor.
struct Words(Arc<Mutex<Vec<String>>>);

/// The completions of the word that ends at `pos` in `line`: where it starts, and the words
/// that begin with it (letters as typed first; in any case when none match as typed).
pub fn complete(line: &str, pos: usize, words: &[String]) -> (usize, Vec<String>) {
    let start = line[..pos].rfind(char::is_whitespace).map_or(0, |i| i + 1);
    let typed = &line[start..pos];
    let mut found: Vec<String> = words
        .iter()
        .filter(|w| w.starts_with(typed))
        .cloned()
        .collect();
    if found.is_empty() {
        let lower = typed.to_lowercase();
        found = words
            .iter()
            .filter(|w| w.to_lowercase().starts_with(&lower))
            .cloned()
            .collect();
    }
    found.sort();
    found.dedup();
    (start, found)
}

impl Completer for Words {
    type Candidate = Pair;

    fn complete(
        &self,
        line: &str,
        pos: usize,
        _ctx: &Context<'_>,
    ) -> rustyline::Result<(usize, Vec<Pair>)> {
        let words = self.0.lock().map(|w| w.clone()).unwrap_or_default();
        let (start, found) = complete(line, pos, &words);
        let pairs = found
            .into_iter()
            .map(|w| Pair {
                display: w.clone(),
                replacement: w,
            })
            .collect();
        Ok((start, pairs))
    }
}

impl Hinter for Words {
    type Hint = String;
}

impl Highlighter for Words {}

impl Validator for Words {}

impl Helper for Words {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn completes_the_word_under_the_cursor() {
        let words: Vec<String> = ["Nf3", "Nc3", "e4", "e2e4", "new", "save"]
            .iter()
            .map(|w| w.to_string())
            .collect();
        assert_eq!(
            complete("N", 1, &words),
            (0, vec!["Nc3".into(), "Nf3".into()])
        );
        // No capital N typed: the command first, the knight moves only when nothing else fits.
        assert_eq!(complete("n", 1, &words), (0, vec!["new".into()]));
        assert_eq!(complete("nf", 2, &words), (0, vec!["Nf3".into()]));
        assert_eq!(complete("e", 1, &words).1, vec!["e2e4", "e4"]);
        assert_eq!(complete("save g", 6, &words), (5, vec![]));
    }
}
