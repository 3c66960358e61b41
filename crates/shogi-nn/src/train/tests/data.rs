//! The split of labelled positions by game, and the fingerprint of the data. (Reading them
//! from the dataset's Parquet rows, with errors that name the file and the row, is tested
//! where it lives: `yomi-shogi-train`'s `samples`.)

use crate::train::data::{Dataset, Sample, is_validation_game};
use crate::train::error::TrainError;
use crate::train::fixture::random_positions;
use crate::train::loss::Target;

fn samples(n: usize, first_game: i64, seed: u64) -> Vec<Sample> {
    random_positions(n, seed)
        .iter()
        .enumerate()
        .map(|(i, p)| Sample {
            sfen: p.to_sfen().into_boxed_str(),
            target: Target {
                score: (i as i32 - 5) * 37,
                result: (i % 3) as i8 - 1,
            },
            game: first_game + (i / 4) as i64,
        })
        .collect()
}

#[test]
fn samples_keep_their_order_and_are_split_by_game() {
    let (a, b) = (samples(40, 0, 1), samples(40, 10, 2));
    let all: Vec<Sample> = a.iter().chain(&b).cloned().collect();
    let data = Dataset::from_samples(all.clone(), 0.25).unwrap();
    assert_eq!(data.train.len() + data.val.len(), 80);
    let expect_train: Vec<&Sample> = all
        .iter()
        .filter(|s| !is_validation_game(s.game, 0.25))
        .collect();
    assert_eq!(data.train.iter().collect::<Vec<_>>(), expect_train);
    // Both sides are used, and no game straddles them.
    assert!(!data.val.is_empty() && data.val.len() < 40);
    for v in &data.val {
        assert!(data.train.iter().all(|t| t.game != v.game));
    }
    // The fingerprint follows the content and its order.
    let single = Dataset::from_samples(a.clone(), 0.25).unwrap();
    assert_ne!(single.fingerprint, data.fingerprint);
    let again = Dataset::from_samples(all.clone(), 0.25).unwrap();
    assert_eq!(again.fingerprint, data.fingerprint);
    let swapped: Vec<Sample> = b.iter().chain(&a).cloned().collect();
    assert_ne!(
        Dataset::from_samples(swapped, 0.25).unwrap().fingerprint,
        data.fingerprint
    );
}

#[test]
fn the_split_holds_out_about_the_asked_fraction_of_games() {
    let held = (0..10_000).filter(|&g| is_validation_game(g, 0.05)).count();
    assert!((400..600).contains(&held), "{held}");
    assert_eq!((0..1000).filter(|&g| is_validation_game(g, 0.0)).count(), 0);
}

#[test]
fn no_training_position_is_refused() {
    let err = Dataset::from_samples(samples(8, 0, 3), 1.0).unwrap_err();
    assert!(matches!(err, TrainError::Data(_)), "{err}");
    assert!(
        err.to_string()
            .contains("no training positions (8 rows in all, 8 held out"),
        "{err}"
    );
}
