//! Numbers that size something (threads, table sizes in MB, counts) are parsed by
//! yomi-core's one bounded parser of each kind, so a value too large is refused with the
//! same message everywhere (exit 2) before anything is allocated or started; seeds take a
//! leading `-` to their grammar, which accepts CodinGame's negative seeds and refuses the
//! others with its own message.

mod common;

use common::yomi;

const HUGE: &str = "18446744073709551615";

/// Runs a command that must be refused as bad usage; returns its stderr.
fn refused(args: &[&str]) -> String {
    let out = yomi(args);
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert!(out.stdout.is_empty(), "{args:?} printed a result");
    err
}

#[test]
fn thread_counts_are_bounded_everywhere() {
    for args in [
        &[
            "arena",
            "connect4",
            "--a",
            "random",
            "--b",
            "random",
            "--threads",
            HUGE,
        ][..],
        &["xmasrush", "check", "--games", "1", "--threads", HUGE],
        &["freecell", "range", "1..2", "--threads", HUGE],
    ] {
        let err = refused(args);
        assert!(
            err.contains("is out of range: expected 0 to 1024 threads (0: one per core)"),
            "{args:?}: {err}"
        );
    }
}

#[test]
fn table_sizes_are_bounded_in_flags_and_specs_alike() {
    for args in [
        &["solve", "tictactoe", "--tt", HUGE][..],
        &["solve", "tictactoe", "--tt", "100000"],
        &["shogi", "mate", "--hash", "1000000"],
        &[
            "arena",
            "connect4",
            "--a",
            "alphabeta:tt=1000000",
            "--b",
            "random",
            "--games",
            "2",
        ],
    ] {
        let err = refused(args);
        assert!(err.contains("expected 0 to 65536 MB"), "{args:?}: {err}");
    }
}

#[test]
fn counts_that_allocate_are_bounded() {
    for (args, bound) in [
        (
            &["party", "search", "--starts", HUGE][..],
            "expected 1 to 1000000 starts",
        ),
        (
            &["shogi", "nn", "bench", "--batch", HUGE],
            "expected 1 to 16384 positions",
        ),
        (&["deck", "generate", "--themes", HUGE], "themes"),
        (
            &["shogi", "train", "--batch", HUGE],
            "expected 1 to 16384 positions",
        ),
        (
            &["shogi", "bench", "--search", "softmax", "--batch", HUGE],
            "expected 1 to 16384 positions",
        ),
        (&["xmasrush", "arena", "--pairs", "0"], "expected 1 to"),
        (&["xmasrush", "check", "--games", "0"], "expected 1 to"),
    ] {
        let err = refused(args);
        assert!(err.contains(bound), "{args:?}: {err}");
    }
    let err = refused(&["deck", "generate", "--pieces", "0"]);
    assert!(err.contains("--pieces"), "{err}");
}

#[test]
fn seeds_take_a_leading_minus_to_their_grammar() {
    // A CodinGame seed: a Java long, negative here, with a space before it.
    let out = yomi(&[
        "xmasrush", "play", "--seed", "-99", "--a", "greedy", "--b", "greedy",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // The other seeds are unsigned: the grammar's message, not clap's "unexpected argument".
    let err = refused(&[
        "arena", "connect4", "--a", "random", "--b", "random", "--seed", "-5",
    ]);
    assert!(err.contains("seeds are whole numbers from 0 to"), "{err}");
    assert!(!err.contains("unexpected argument"), "{err}");
}
