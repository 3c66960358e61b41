//! The bench node count is a fingerprint of search behaviour: any change to
//! search, ordering, pruning, the table or the evaluation moves it. Update
//! the numbers here (and the README) only for an intended behaviour change.

use yomi_shogi_engine::bench::{BENCH_DEPTH, BENCH_POSITIONS, run};
use yomi_shogi_engine::eval::LoadedEval;

#[test]
fn bench_node_count_is_pinned() {
    let r = run(&BENCH_POSITIONS, BENCH_DEPTH, 64, &LoadedEval::default());
    let per_position: Vec<u64> = r.lines.iter().map(|l| l.nodes).collect();
    assert_eq!(per_position, [3_878, 26_269, 43_186, 33_788]);
    assert_eq!(r.nodes(), 107_121);
    let best: Vec<String> = r.lines.iter().map(|l| l.best.to_string()).collect();
    assert_eq!(best, ["5i5h", "B*6h", "S*6a", "G*3c"]);
}
