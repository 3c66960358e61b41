//! Progress bars for long commands: on stderr, hidden when stderr is not a terminal.

use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;

/// A bar of `len` steps labelled `msg`, with rate and ETA.
pub fn bar(len: u64, msg: &str) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let pb = ProgressBar::new(len);
    pb.set_style(
        ProgressStyle::with_template("{msg} [{bar:40}] {pos}/{len} ({per_sec}, eta {eta})")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    pb.set_message(msg.to_string());
    pb
}

/// The bar of a match: games played of `games`, with the running W/D/L as its message.
pub fn match_bar(games: u64) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let pb = ProgressBar::new(games);
    pb.set_style(
        ProgressStyle::with_template(
            "{bar:40} {pos}/{len} games  {msg}  [{elapsed_precise} < {eta}]",
        )
        .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    pb
}

/// A spinner for work whose length is not known in advance, saying what is
/// being done (`msg`) with the elapsed time; hidden when stderr is not a
/// terminal.
pub fn spinner(msg: String) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let pb = ProgressBar::new_spinner();
    pb.set_style(
        ProgressStyle::with_template("{spinner} {msg} [{elapsed_precise}]")
            .unwrap_or_else(|_| ProgressStyle::default_spinner()),
    );
    pb.set_message(msg);
    pb.enable_steady_tick(std::time::Duration::from_millis(120));
    pb
}
