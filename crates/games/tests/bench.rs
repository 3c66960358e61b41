//! Pins the `yomi bench` node total: a change to any search that alters it
//! must be seen (and the README's figure updated) in the same commit.

use yomi_games::bench::workload;

#[test]
fn bench_node_total_is_pinned() {
    let items = workload();
    let total: u64 = items.iter().map(|i| i.nodes).sum();
    let names: Vec<(&str, u64)> = items.iter().map(|i| (i.name.as_str(), i.nodes)).collect();
    assert_eq!(total, 45_389_759, "bench node total changed: {names:?}");
}
