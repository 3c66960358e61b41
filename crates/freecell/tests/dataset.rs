//! Dataset rows, atomic shard files and resume (the shard plan itself is
//! yomi-search's, tested there).

use yomi_freecell::dataset::{
    Format, Stats, TENSOR_LEN, TENSOR_ROWS, WorkerShare, data_path, deal_rows, encode_board,
    finished, plan, run_shard,
};
use yomi_freecell::{Layout, SolveOptions, Verdict, deal_board};

#[test]
fn rows_follow_the_solution() {
    let (rows, v, _) = deal_rows(5, Layout::default(), &SolveOptions::default()).unwrap();
    assert_eq!(v, Verdict::Solved);
    let n = rows.len() as u32;
    assert!(n >= 52);
    for (i, r) in rows.iter().enumerate() {
        assert_eq!(r.step, i as u32);
        assert_eq!(r.remaining, n - i as u32);
        assert_eq!(r.tensor.len(), TENSOR_LEN);
        assert_eq!(r.move_hex.len(), 2);
    }
    assert_eq!(
        rows[0].tensor,
        encode_board(&deal_board(5, Layout::default()).unwrap()).unwrap()
    );
    assert!(rows[0].board.starts_with("Foundations: H-0 C-0 D-0 S-0"));
    // the last move puts the last king home: foundation digit c-f
    let last = rows.last().unwrap();
    assert!(matches!(last.move_hex.as_bytes()[1], b'c'..=b'f'));
}

#[test]
fn tensor_layout() {
    let b = deal_board(1, Layout::default()).unwrap();
    let t = encode_board(&b).unwrap();
    // column 1 deepest card is JD: rank 11, suit 1 -> index 41, code 42
    assert_eq!(t[8], 42);
    // column 1 has 7 cards, slot 8 empty; column 5 starts at 8 + 4*19
    assert_eq!(t[8 + 7], 0);
    assert_eq!(
        t[8 + 4 * TENSOR_ROWS],
        yomi_freecell::Card::parse("5D").unwrap().index() as u8 + 1
    );
    assert_eq!(&t[..8], &[0; 8]);
}

#[test]
fn shards_are_written_and_resumed() {
    let dir = std::env::temp_dir().join(format!("yomi-fc-ds-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let s = plan(1, 2, 2, WorkerShare::default())[0];
    let formats = [
        Format::Jsonl,
        #[cfg(feature = "parquet")]
        Format::Parquet,
    ];
    for f in formats {
        assert!(finished(&dir, &s, f).is_none());
        let st = run_shard(
            &dir,
            &s,
            f,
            Layout::default(),
            &SolveOptions::default(),
            &|_| {},
        )
        .unwrap();
        assert_eq!(st.deals, 2);
        assert_eq!(st.solved, 2);
        // Everything round-trips exactly except the float timing, which the
        // JSON summary may print with a different last digit.
        let back = finished(&dir, &s, f).unwrap();
        assert!(
            (back.solve_seconds - st.solve_seconds).abs() < 1e-9,
            "{back:?} vs {st:?}"
        );
        assert_eq!(
            Stats {
                solve_seconds: st.solve_seconds,
                ..back
            },
            st
        );
    }
    // The two shards and their statistics, and no temporary file left over.
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    let mut want = vec!["deals-0000000001-0000000002.jsonl".to_string()];
    #[cfg(feature = "parquet")]
    want.push("deals-0000000001-0000000002.parquet".into());
    want.push("deals-0000000001-0000000002.stats.json".into());
    assert_eq!(names, want);
    let text = std::fs::read_to_string(data_path(&dir, &s, Format::Jsonl)).unwrap();
    let st = finished(&dir, &s, Format::Jsonl).unwrap();
    assert_eq!(text.lines().count() as u64, st.rows);
    let first: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    assert_eq!(first["deal"], 1);
    assert_eq!(first["step"], 0);
    #[cfg(feature = "parquet")]
    {
        let pq = std::fs::read(data_path(&dir, &s, Format::Parquet)).unwrap();
        assert_eq!(&pq[..4], b"PAR1");
        assert_eq!(&pq[pq.len() - 4..], b"PAR1");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn rows_are_dealt_on_the_layout_asked_for() {
    let two = Layout { cols: 8, cells: 2 };
    let (rows, v, _) = deal_rows(5, two, &SolveOptions::default()).unwrap();
    assert_eq!(v, Verdict::Solved);
    let cells = rows[0]
        .board
        .lines()
        .find(|l| l.starts_with("Freecells:"))
        .unwrap();
    assert_eq!(cells, "Freecells: - -");
    // The encoding keeps its 4 cell slots; the two missing cells stay empty throughout.
    assert!(rows.iter().all(|r| r.tensor[2] == 0 && r.tensor[3] == 0));
}

#[test]
fn range_rows_are_the_deals_rows_in_order() {
    use std::sync::atomic::AtomicBool;
    use yomi_freecell::DealRange;
    use yomi_freecell::dataset::range_rows;
    let opts = SolveOptions::default();
    let layout = Layout::default();
    let (rows, stats) = range_rows(
        DealRange::new(4, 6).unwrap(),
        layout,
        &opts,
        &AtomicBool::new(false),
    )
    .unwrap();
    let mut expected = Vec::new();
    for d in 4..=6 {
        expected.extend(deal_rows(d, layout, &opts).unwrap().0);
    }
    assert_eq!(rows, expected);
    assert_eq!(
        (stats.deals, stats.solved, stats.rows),
        (3, 3, rows.len() as u64)
    );
    // A stop raised before the start skips every deal.
    let (rows, stats) = range_rows(
        DealRange::new(4, 6).unwrap(),
        layout,
        &opts,
        &AtomicBool::new(true),
    )
    .unwrap();
    assert!(rows.is_empty());
    assert_eq!(stats.deals, 0);
    // The tensor encoding needs at most 4 free cells: refused before any solving.
    let wide = Layout { cols: 8, cells: 5 };
    let stop = AtomicBool::new(false);
    assert!(range_rows(DealRange::new(1, 1).unwrap(), wide, &opts, &stop).is_err());
}
