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
