//! Work split for sharded dataset jobs: the `--shard i/n` worker share and
//! the plan of which fixed-size runs of item numbers (deals, games) a worker
//! takes.
//!
//! Contract: the shards of workers `0/n` .. `n-1/n` are disjoint and cover
//! every item once, whatever `n` is, so an array job on any batch engine can
//! run the workers independently and concatenate their output.

use std::fmt;
use std::str::FromStr;

/// Worker `index` of `count` (the `--shard i/n` value; `0/1` = everything).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WorkerShare {
    /// This worker, from 0.
    pub index: u64,
    /// Number of workers, at least 1.
    pub count: u64,
}

impl Default for WorkerShare {
    fn default() -> Self {
        WorkerShare { index: 0, count: 1 }
    }
}

impl fmt::Display for WorkerShare {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// A `--shard` value that is not `i/n` with `0 <= i < n`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("--shard '{0}': expected i/n with 0 <= i < n (e.g. 0/4)")]
pub struct WorkerShareError(pub String);

impl FromStr for WorkerShare {
    type Err = WorkerShareError;
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        text.trim()
            .split_once('/')
            .and_then(|(i, n)| Some((i.trim().parse().ok()?, n.trim().parse().ok()?)))
            .filter(|&(i, n): &(u64, u64)| n >= 1 && i < n)
            .map(|(index, count)| WorkerShare { index, count })
            .ok_or_else(|| WorkerShareError(text.to_string()))
    }
}

/// A run of consecutive item numbers, `first..=last`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// Position of the shard in the whole plan (shard `k` of all workers).
    pub number: u64,
    /// First item.
    pub first: u64,
    /// Last item (inclusive).
    pub last: u64,
}

impl Shard {
    /// Number of items.
    pub fn len(&self) -> u64 {
        self.last - self.first + 1
    }

    /// Never true (a shard holds at least one item); for clippy's sake.
    pub fn is_empty(&self) -> bool {
        false
    }
}

/// Splits `first..=last` into shards of `size` items and keeps every
/// `share.count`-th one starting at `share.index`.
pub fn plan(first: u64, last: u64, size: u64, share: WorkerShare) -> Vec<Shard> {
    let size = size.max(1);
    let mut out = Vec::new();
    let mut a = first;
    let mut k = 0u64;
    while a <= last {
        let b = last.min(a.saturating_add(size - 1));
        if k % share.count.max(1) == share.index {
            out.push(Shard {
                number: k,
                first: a,
                last: b,
            });
        }
        k += 1;
        if b == u64::MAX {
            break;
        }
        a = b + 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_refuses() {
        let s: WorkerShare = "2/5".parse().unwrap();
        assert_eq!(s, WorkerShare { index: 2, count: 5 });
        assert_eq!(s.to_string(), "2/5");
        for bad in ["5/5", "1/0", "x/2", "3", "", "-1/2", "1/2/3"] {
            let e = bad.parse::<WorkerShare>().unwrap_err();
            assert!(e.to_string().contains("expected i/n"), "{bad}: {e}");
        }
    }

    #[test]
    fn workers_cover_every_item_once() {
        for n in 1..5 {
            let mut seen = Vec::new();
            for i in 0..n {
                for s in plan(3, 40, 7, WorkerShare { index: i, count: n }) {
                    assert_eq!(s.number % n, i);
                    seen.extend(s.first..=s.last);
                }
            }
            seen.sort_unstable();
            assert_eq!(seen, (3..=40).collect::<Vec<_>>(), "n = {n}");
        }
        let all = plan(0, 9, 4, WorkerShare::default());
        let lens: Vec<u64> = all.iter().map(Shard::len).collect();
        assert_eq!(lens, vec![4, 4, 2]);
    }
}
