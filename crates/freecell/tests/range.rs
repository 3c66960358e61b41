//! Ranges of deals: solved in parallel with the same statistics on any pool, and the
//! dataset's resume plan and summary.

use yomi_freecell::dataset::{
    Format, Resume, Stats, Summary, WorkerShare, resume, run_shard, summary_path,
};
use yomi_freecell::range::solve_range;
use yomi_freecell::solve::reproduce::{Params, ParamsError};
use yomi_freecell::{DealRange, FreecellError, Layout, SolveOptions};

#[test]
fn a_range_counts_every_deal_in_order_whatever_the_threads() {
    // 11982 is the one deal of 1..32000 that is unsolvable.
    let range: DealRange = "11980..11983".parse().unwrap();
    let opts = SolveOptions::default();
    let calls = std::sync::atomic::AtomicU64::new(0);
    let tick = || {
        calls.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    };
    let one = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap()
        .install(|| solve_range(range, Layout::default(), &opts, &tick))
        .unwrap();
    assert_eq!(calls.into_inner(), 4);
    assert_eq!((one.deals, one.solved), (4, 3));
    assert_eq!(one.unsolvable, vec![11982]);
    assert!(one.intractable.is_empty());
    assert!(one.max_len > 0 && one.total_len >= 3 * 52);
    let many = solve_range(range, Layout::default(), &opts, &|| {}).unwrap();
    assert_eq!(
        Stats {
            solve_seconds: one.solve_seconds,
            ..many
        },
        one
    );
}

#[test]
fn a_layout_that_cannot_deal_fails_before_solving() {
    let range: DealRange = "1..3".parse().unwrap();
    let bad = Layout { cols: 7, cells: 4 };
    let e = solve_range(range, bad, &SolveOptions::default(), &|| {
        panic!("nothing is solved")
    })
    .unwrap_err();
    assert!(matches!(e, FreecellError::Layout(_)), "{e}");
}

#[test]
fn resume_skips_finished_shards_and_the_summary_sorts_its_lists() {
    let dir = std::env::temp_dir().join(format!("yomi-fc-resume-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let range: DealRange = "1..4".parse().unwrap();
    let share = WorkerShare::default();
    let fresh = resume(&dir, range, 2, share, Format::Jsonl);
    assert_eq!(
        (fresh.shards, fresh.skipped(), fresh.deals_left()),
        (2, 0, 4)
    );
    let first = run_shard(
        &dir,
        &fresh.todo[0],
        Format::Jsonl,
        Layout::default(),
        &SolveOptions::default(),
        &|_| {},
    )
    .unwrap();
    let again: Resume = resume(&dir, range, 2, share, Format::Jsonl);
    assert_eq!((again.skipped(), again.deals_left()), (1, 2));
    assert_eq!(again.todo, fresh.todo[1..].to_vec());
    assert_eq!(again.done.deals, first.deals);
    let total = Stats {
        deals: 3,
        solved: 1,
        unsolvable: vec![9, 2],
        intractable: vec![7, 5],
        total_len: 80,
        max_len: 80,
        rows: 80,
        solve_seconds: 0.5,
    };
    let s = Summary::new(range, share, Format::Jsonl, &again, total, 1.25);
    assert_eq!(
        (s.unsolvable.clone(), s.intractable.clone()),
        (vec![2, 9], vec![5, 7])
    );
    assert_eq!((s.first, s.last, s.shard.as_str()), (1, 4, "0/1"));
    assert_eq!((s.shards, s.shards_skipped, s.mean_length), (2, 1, 80.0));
    // The file lists its fields alphabetically, as it always has.
    let text = serde_json::to_string(&s).unwrap();
    let value: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(value.to_string(), text);
    assert!(text.starts_with(r#"{"deals":3,"first":1,"format":"jsonl","intractable":[5,7]"#));
    assert_eq!(
        summary_path(&dir, "1/4".parse().unwrap()),
        dir.join("summary-1-of-4.json")
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn reproduce_parameters_read_seven_integers_and_print_back() {
    let p: Params = "1500,2000,1000,1000,1000,20,120".parse().unwrap();
    assert_eq!(p, Params::default());
    let q: Params = " 1, 2,3,4,5,6,7".parse().unwrap();
    assert_eq!(
        (q.a0, q.a3, q.delta, q.retries, q.max_moves),
        (1, 4, 5, 6, 7)
    );
    assert_eq!(q.node_limit, Params::default().node_limit);
    assert_eq!(q.to_string(), "1,2,3,4,5,6,7");
    assert_eq!(q.to_string().parse::<Params>(), Ok(q));
    assert_eq!(
        "1,2,x,4,5,6,7".parse::<Params>(),
        Err(ParamsError::NotIntegers("1,2,x,4,5,6,7".into()))
    );
    let e = "1,2".parse::<Params>().unwrap_err();
    assert_eq!(e.to_string(), "`1,2`: expected 7 values, got 2");
}
