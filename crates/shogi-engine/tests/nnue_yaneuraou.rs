//! The NNUE evaluation against YaneuraOu v8.30git's own scores (recorded in
//! `data/nnue-yaneuraou.tsv`): two seeded random nets, 1,480 positions from
//! real games, handicaps and tsume problems, every score equal.

use yomi_shogi::Position;
use yomi_shogi_engine::eval::nnue::Nnue;

#[test]
fn scores_equal_yaneuraou_s_on_every_recorded_position() {
    let data = include_str!("../data/nnue-yaneuraou.tsv");
    let rows: Vec<(i32, i32, Position)> = data
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            (
                f[0].parse().unwrap(),
                f[1].parse().unwrap(),
                Position::from_sfen(f[2]).unwrap(),
            )
        })
        .collect();
    assert_eq!(rows.len(), 1480);
    for (seed, fv_scale, column) in [(1, 16, 0), (2, 24, 1)] {
        // The net YaneuraOu loaded, written by `yomi shogi nnue init --seed N`,
        // goes through the file format on the way.
        let net = Nnue::from_bytes(&Nnue::random(seed).to_bytes()).unwrap();
        let mut distinct = std::collections::BTreeSet::new();
        for (i, (a, b, pos)) in rows.iter().enumerate() {
            let want = if column == 0 { *a } else { *b };
            let got = net.evaluate(pos, fv_scale);
            assert_eq!(got, want, "seed {seed}, row {i}: {}", pos.to_sfen());
            distinct.insert(got);
        }
        // The nets are not degenerate: the scores vary over positions.
        assert!(
            distinct.len() > 400,
            "seed {seed}: {} distinct scores",
            distinct.len()
        );
    }
}
