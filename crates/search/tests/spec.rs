//! Strategy specs refuse sizes and counts with yomi-core's bounded parsers: a table larger
//! than the cap is refused before anything is allocated, and every number parameter says
//! its bounds in the same words as the command-line flags.

use yomi_search::{SpecError, StrategySpec};

fn reason(spec: &str) -> String {
    match StrategySpec::parse(spec) {
        Err(SpecError::BadValue { reason, .. }) => reason,
        other => panic!("{spec}: expected a bad value, got {other:?}"),
    }
}

#[test]
fn a_table_beyond_the_cap_is_refused_with_the_cap() {
    assert!(StrategySpec::parse("alphabeta:tt=65536").is_ok());
    assert!(StrategySpec::parse("alphabeta:tt=0").is_ok());
    assert_eq!(
        reason("alphabeta:tt=1000000"),
        "'1000000' is out of range: expected 0 to 65536 MB"
    );
    assert!(reason("alphabeta:tt=18446744073709551616").contains("out of range"));
    let e = StrategySpec::parse("alphabeta:tt=-1")
        .unwrap_err()
        .to_string();
    assert_eq!(
        e,
        "bad value '-1' for alphabeta parameter 'tt': '-1' is out of range: expected 0 to 65536 MB"
    );
}

#[test]
fn counts_and_seeds_say_their_bounds() {
    assert_eq!(
        reason("mcts:iterations=0"),
        "'0' is out of range: expected 1 to 18446744073709551615 iterations"
    );
    assert_eq!(
        reason("mcts:iterations=lots"),
        "'lots' is not a whole number: expected 1 to 18446744073709551615 iterations"
    );
    assert!(reason("alphabeta:depth=-3").contains("expected 1 to 4294967295 plies"));
    assert!(reason("flatmc:playouts=0").contains("playouts"));
    assert_eq!(
        reason("mcts:seed=-5"),
        "seed '-5': seeds are whole numbers from 0 to 18446744073709551615"
    );
    assert!(StrategySpec::parse("mcts:iterations=200,expand=0,seed=7").is_ok());
}

#[test]
fn quoted_values_are_cut() {
    let long = format!("alphabeta:tt={}", "9".repeat(5000));
    let e = StrategySpec::parse(&long).unwrap_err().to_string();
    assert!(e.len() < 300, "{e}");
    assert!(e.contains("(5000 characters)"), "{e}");
}
