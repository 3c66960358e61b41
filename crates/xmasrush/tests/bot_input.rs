//! The bot loop on bad referee input: one message naming the turn and the line, long lines
//! cut, lines that are not text reported, and arbitrary lines never panic (proptest).

use proptest::prelude::*;
use std::error::Error;
use yomi_xmasrush::botio::{BotIoError, MAX_LINE, Timing, run_bot};
use yomi_xmasrush::bots::BotSpec;
use yomi_xmasrush::protocol::render_input;
use yomi_xmasrush::{League, initial_state};

/// Runs the greedy bot on `input` (no deadlines: the answers do not depend on the load).
fn run(input: &[u8]) -> Result<u32, BotIoError> {
    let bot = BotSpec::parse("greedy").unwrap().build(1).unwrap();
    let timing = Timing::new(std::time::Duration::from_millis(5), false);
    run_bot(bot, League::Legend, timing, input, Vec::new()).map(|r| r.turns)
}

/// The message as a CLI prints it: the error and every cause after it.
fn full_message(e: &BotIoError) -> String {
    let mut text = e.to_string();
    let mut cause = e.source();
    while let Some(c) = cause {
        text.push_str(&format!(": {c}"));
        cause = c.source();
    }
    text
}

/// A valid first turn's input.
fn first_turn() -> String {
    let mut s = initial_state(3, League::Legend);
    s.begin_turn();
    render_input(&s, 0)
}

#[test]
fn a_bad_line_is_reported_once() {
    let e = run(b"2\n").unwrap_err();
    assert_eq!(
        full_message(&e),
        "turn 1: line 1: expected the turn type 0 or 1, got '2'"
    );
}

#[test]
fn long_lines_are_cut_in_the_message() {
    let long = "x".repeat(10_000);
    let e = run(format!("{long}\n").as_bytes()).unwrap_err();
    let message = full_message(&e);
    assert!(message.len() < 200, "{} bytes", message.len());
    assert!(message.ends_with("… (10000 characters)'"), "{message}");
    // A 1 MB line is not even read whole.
    let huge = format!("0\n{}\n", "7".repeat(1_000_000));
    let e = run(huge.as_bytes()).unwrap_err();
    assert_eq!(
        full_message(&e),
        format!("turn 1: line 2: longer than {MAX_LINE} bytes (a protocol line is under 100)")
    );
}

#[test]
fn a_line_that_is_not_text_is_reported_not_taken_for_the_end() {
    let mut input = first_turn().into_bytes();
    input.extend_from_slice(b"0\n\xff\xfe\n");
    let e = run(&input).unwrap_err();
    assert_eq!(full_message(&e), "turn 2: line 2: byte 1: not UTF-8 text");
    // The first turn was answered; a clean end of input is still an end.
    assert_eq!(run(first_turn().as_bytes()).unwrap(), 1);
}

/// Lines a fuzzer tries: valid lines of a turn with some replaced by arbitrary text, numbers
/// out of range, or cut.
fn mutated_turns() -> impl Strategy<Value = Vec<u8>> {
    let lines: Vec<String> = first_turn().lines().map(String::from).collect();
    let n = lines.len();
    let junk = prop_oneof![
        any::<String>(),
        "[0-9 -]{0,12}",
        "(-?[0-9]{1,20} ){1,4}",
        "[01]{4} ?",
        "[A-Z_]{1,10} -?[0-9] -?[0-9] [0-9]",
        Just(String::new()),
    ];
    (
        proptest::collection::vec((0..n + 3, junk), 0..6),
        0..=n * 2,
        1usize..3,
    )
        .prop_map(move |(edits, keep, turns)| {
            let mut all: Vec<String> = Vec::new();
            for _ in 0..turns {
                all.extend(lines.iter().cloned());
            }
            for (at, text) in edits {
                let at = at.min(all.len());
                if at % 2 == 0 && at < all.len() {
                    all[at] = text;
                } else {
                    all.insert(at, text);
                }
            }
            all.truncate(keep.max(1) + n * (turns - 1));
            let mut bytes = all.join("\n").into_bytes();
            bytes.push(b'\n');
            bytes
        })
}

/// Cases of each fuzz run.
const CASES: u32 = 2000;

#[test]
fn arbitrary_lines_never_panic() {
    use proptest::test_runner::{Config, TestRunner};
    let mut runner = TestRunner::new(Config {
        cases: CASES,
        ..Config::default()
    });
    let (answered, refused) = (
        std::sync::atomic::AtomicU32::new(0),
        std::sync::atomic::AtomicU32::new(0),
    );
    runner
        .run(&mutated_turns(), |input| {
            match run(&input) {
                Ok(_) => answered.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
                Err(e) => {
                    let message = full_message(&e);
                    prop_assert!(message.len() < 300, "{message}");
                    refused.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
                }
            };
            Ok(())
        })
        .unwrap();
    let (answered, refused) = (answered.into_inner(), refused.into_inner());
    eprintln!("{CASES} inputs: {answered} answered to the end, {refused} refused");
    // Both kinds are reached, so the inputs go past the first line.
    assert!(
        answered > CASES / 20 && refused > CASES / 20,
        "{answered} / {refused}"
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: CASES, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_bytes_never_panic(input in proptest::collection::vec(any::<u8>(), 0..400)) {
        if let Err(e) = run(&input) {
            prop_assert!(full_message(&e).len() < 300);
        }
    }
}
