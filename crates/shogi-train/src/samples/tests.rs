//! Loading dataset folders for the network trainer, and the quiet preparation.

use super::*;
use crate::rows::write;
use yomi_shogi_nn::train::data::is_validation_game;

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("yomi-samples-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Rows of seeded random positions, four to a game.
fn rows(n: usize, first_game: i64) -> Vec<Row> {
    let mut rng = yomi_core::Rng::new(first_game as u64 + 1);
    (0..n)
        .map(|i| {
            let mut pos = Position::startpos();
            for _ in 0..rng.below(40) {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                pos.do_move(moves.as_slice()[rng.below(moves.len())]);
            }
            Row {
                sfen: pos.to_sfen(),
                score: (i as i32 - 5) * 37,
                result: (i % 3) as i8 - 1,
                ply: i as i32,
                game: first_game + (i / 4) as i64,
                depth: 3,
            }
        })
        .collect()
}

#[test]
fn a_folder_of_shards_is_read_in_name_order_and_split_by_game() {
    let dir = temp_dir("shards");
    let (a, b) = (rows(40, 0), rows(40, 10));
    // Written out of order; "000001" sorts after "000000".
    write(&dir.join("shard-000001.parquet"), &b).unwrap();
    write(&dir.join("shard-000000.parquet"), &a).unwrap();
    std::fs::write(dir.join("notes.txt"), "not a shard").unwrap();
    let data = load(&dir, 0.25).unwrap();
    assert_eq!(data.train.len() + data.val.len(), 80);
    let all: Vec<&Row> = a.iter().chain(&b).collect();
    let mut expect_train = all.iter().filter(|r| !is_validation_game(r.game, 0.25));
    for s in &data.train {
        let r = expect_train.next().unwrap();
        assert_eq!(
            (&*s.sfen, s.target.score, s.target.result, s.game),
            (r.sfen.as_str(), r.score, r.result, r.game)
        );
    }
    assert!(expect_train.next().is_none());
    assert!(!data.val.is_empty() && data.val.len() < 40);
    // The fingerprint follows the content.
    let single = load(&dir.join("shard-000000.parquet"), 0.25).unwrap();
    assert_eq!(single.train.len() + single.val.len(), 40);
    assert_ne!(single.fingerprint, data.fingerprint);
    assert_eq!(load(&dir, 0.25).unwrap().fingerprint, data.fingerprint);
    // Errors keep the text the trainer gave: the file and row, or the empty folder.
    let empty = temp_dir("empty");
    let err = load(&empty, 0.1).unwrap_err().to_string();
    assert!(err.contains("no *.parquet files"), "{err}");
    let err = load(&dir, 1.0).unwrap_err();
    assert!(matches!(err, LoadError::Split(_)), "{err}");
    std::fs::remove_dir_all(dir).unwrap();
    std::fs::remove_dir_all(empty).unwrap();
}

#[test]
fn a_preparation_sees_every_row_before_the_split() {
    let dir = temp_dir("prepared");
    write(&dir.join("shard-000000.parquet"), &rows(40, 0)).unwrap();
    let drop_odd_games = |s: Sample| (s.game % 2 == 0).then_some(s);
    let data = load_prepared(&dir, 0.25, drop_odd_games).unwrap();
    let kept = data.train.iter().chain(&data.val);
    assert_eq!(kept.clone().count(), 20);
    assert!(kept.clone().all(|s| s.game % 2 == 0));
    assert_ne!(data.fingerprint, load(&dir, 0.25).unwrap().fingerprint);
    std::fs::remove_dir_all(dir).unwrap();
}

fn labelled(sfen: &str, score: i32, result: i8) -> Sample {
    Sample {
        sfen: sfen.into(),
        target: Target { score, result },
        game: 3,
    }
}

#[test]
fn quiet_samples_resolve_winning_captures_and_drop_checks() {
    // Quiet already: kept as it is.
    let quiet = "8k/9/4g4/4p4/9/9/9/4R4/K8 b - 1";
    assert_eq!(
        quiet_sample(labelled(quiet, 120, 1)),
        Some(labelled(quiet, 120, 1))
    );
    // Black's rook takes the undefended rook on 5e; White is then to move
    // in the quiet position reached, so the label turns to White's view.
    let free_rook = "8k/9/9/9/4r4/9/9/4R4/K8 b - 1";
    let got = quiet_sample(labelled(free_rook, 700, 1)).unwrap();
    let leaf = Position::from_sfen(&got.sfen).unwrap();
    assert_eq!(leaf.side_to_move(), yomi_shogi::Color::White);
    assert_eq!(got.sfen.split(' ').next(), Some("8k/9/9/9/4R4/9/9/9/K8"));
    assert_eq!(
        (got.target.score, got.target.result, got.game),
        (-700, -1, 3)
    );
    // In check: left out.
    assert_eq!(
        quiet_sample(labelled("r7k/9/9/9/9/9/9/9/K8 b - 1", 0, 0)),
        None
    );
}
