//! Random line soups never make the USI loop panic, and every `go` it
//! accepts is eventually answered.

use proptest::prelude::*;
use yomi_shogi_engine::usi::{Out, UsiEngine};

const WORDS: &[&str] = &[
    "usi",
    "isready",
    "setoption",
    "name",
    "value",
    "USI_Hash",
    "MultiPV",
    "BookFile",
    "EnteringKingRule",
    "CSARule24",
    "DepthLimit",
    "NodesLimit",
    "Evaluation",
    "Material",
    "usinewgame",
    "position",
    "startpos",
    "sfen",
    "moves",
    "7g7f",
    "3c3d",
    "P*5e",
    "8h2b+",
    "2b8h",
    "go",
    "ponder",
    "btime",
    "wtime",
    "byoyomi",
    "binc",
    "winc",
    "infinite",
    "depth",
    "nodes",
    "movetime",
    "mate",
    "stop",
    "ponderhit",
    "gameover",
    "win",
    "quit2",
    "0",
    "1",
    "-5",
    "30",
    "99999999999999999999",
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL",
    "b",
    "w",
    "-",
    "8k/9/8P/9/9/9/9/9/K8",
    "G",
    "+",
    "\u{3042}",
    "\t",
    "",
];

fn line() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::collection::vec(prop::sample::select(WORDS), 0..9).prop_map(|w| w.join(" ")),
        "[ -~]{0,40}",
        Just("go nodes 200".to_string()),
        Just("position startpos moves 7g7f".to_string()),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn line_soups_never_panic(lines in prop::collection::vec(line(), 1..25)) {
        let mut engine = UsiEngine::new(Out::new(Box::new(std::io::sink())));
        engine.handle("setoption name USI_Hash value 1");
        engine.handle("isready");
        for l in &lines {
            // `quit` ends the session; everything else must be survived.
            if !engine.handle(l) {
                break;
            }
        }
        prop_assert!(!engine.handle("quit"));
    }
}

/// A `go` or `setoption` argument: numbers of every size and sign, words,
/// control characters and long text.
fn argument() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<i64>().prop_map(|v| v.to_string()),
        any::<u64>().prop_map(|v| v.to_string()),
        "-?[0-9]{1,40}",
        Just("18446744073709551615".to_string()),
        Just("-0".to_string()),
        "[a-zA-Z+*-]{0,12}",
        "\\PC{0,8}",
        "[\\x00-\\x1f\\x7f]{1,4}",
        "x{100,300}",
    ]
}

const GO_WORDS: &[&str] = &[
    "btime",
    "wtime",
    "binc",
    "winc",
    "byoyomi",
    "depth",
    "nodes",
    "movetime",
    "mate",
    "ponder",
    "infinite",
    "searchmoves",
];

const OPTIONS: &[&str] = &[
    "USI_Hash",
    "USI_Ponder",
    "MultiPV",
    "DepthLimit",
    "NodesLimit",
    "NetworkDelay",
    "BookMoves",
    "BookSeed",
    "EnteringKingRule",
    "Evaluation",
    "Search",
    "SoftmaxBatch",
    "NetworkDevice",
    "NetworkPrecision",
    "Nonexistent",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Any `go` arguments parse to a `go` (the GUI always gets an answer),
    /// every field within its range, every note printable and short.
    #[test]
    fn go_arguments_always_give_a_bounded_go(
        pairs in prop::collection::vec((prop::sample::select(GO_WORDS), argument()), 0..6)
    ) {
        use yomi_shogi_engine::usi::{Command, MAX_GO_MS, parse};
        let line = pairs.iter().fold("go".to_string(), |l, (w, a)| format!("{l} {w} {a}"));
        let Ok(Command::Go(g)) = parse(&line) else {
            return Err(TestCaseError::fail(format!("not a go: {line:?}")));
        };
        for v in g.time.iter().chain(&g.inc).chain([&g.byoyomi, &g.movetime]).flatten() {
            prop_assert!(*v <= MAX_GO_MS, "{line:?}: {g:?}");
        }
        prop_assert!(g.depth.is_none_or(|d| (1..=120).contains(&d)), "{line:?}: {g:?}");
        prop_assert!(g.nodes.is_none_or(|n| n >= 1), "{line:?}: {g:?}");
        prop_assert!(g.mate.flatten().is_none_or(|m| m <= MAX_GO_MS));
        for note in &g.notes {
            prop_assert!(note.chars().count() < 250, "{note}");
            prop_assert!(!note.chars().any(char::is_control), "{note:?}");
        }
    }

    /// Any `setoption` value is applied within its range or refused with a
    /// short, printable reason; the engine carries on either way.
    #[test]
    fn setoption_values_are_applied_or_refused_printably(
        name in prop::sample::select(OPTIONS),
        value in prop::option::of(argument()),
    ) {
        use yomi_shogi_engine::usi::EngineOptions;
        let mut o = EngineOptions::default();
        if let Err(e) = o.set(name, value.as_deref()) {
            let msg = e.to_string();
            prop_assert!(msg.chars().count() < 200, "{msg}");
            prop_assert!(!msg.chars().any(char::is_control), "{msg:?}");
            prop_assert!(!msg.contains("Some("), "{msg}");
        }
        prop_assert!((1..=65_536).contains(&o.hash_mb));
        prop_assert!((1..=128).contains(&o.multipv));
        prop_assert!((1..=4096).contains(&o.softmax_batch));
    }
}
