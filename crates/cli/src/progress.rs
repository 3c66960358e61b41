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

/// The bar of work made of timed steps whose limits add up to `total`: it moves by each
/// step's limit as the step ends, the message names the step under way, and it ticks on
/// its own so the elapsed time shows during a long step.
pub fn steps_bar(total: std::time::Duration) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let pb = ProgressBar::new(total.as_millis() as u64);
    pb.set_style(
        ProgressStyle::with_template("{bar:40} {elapsed_precise} of at most {prefix}  {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    pb.set_prefix(human(total));
    pb.enable_steady_tick(std::time::Duration::from_millis(500));
    pb
}

/// A duration as people read it: `45 s`, `17 min 6 s`, `1 h 2 min`.
pub fn human(d: std::time::Duration) -> String {
    let s = d.as_secs_f64().ceil() as u64;
    match s {
        0..60 => format!("{s} s"),
        60..3600 if s.is_multiple_of(60) => format!("{} min", s / 60),
        60..3600 => format!("{} min {} s", s / 60, s % 60),
        _ => format!("{} h {} min", s / 3600, (s % 3600) / 60),
    }
}

#[cfg(test)]
mod tests {
    use super::human;
    use std::time::Duration;

    #[test]
    fn durations_read_as_people_say_them() {
        assert_eq!(human(Duration::from_millis(50)), "1 s");
        assert_eq!(human(Duration::from_secs(45)), "45 s");
        assert_eq!(human(Duration::from_secs(1026)), "17 min 6 s");
        assert_eq!(human(Duration::from_secs(1200)), "20 min");
        assert_eq!(human(Duration::from_secs(3720)), "1 h 2 min");
    }
}
