//! The guided search's open list: a bucket queue over its small integer
//! priorities (tenths of a move, a few thousand at most).
//!
//! Contract: pops the entry with the lowest priority and, among equals, the
//! one pushed last, which is the order of a binary heap of
//! `(Reverse(priority), id)` when ids are pushed in increasing order (as the
//! search numbers its nodes). An exploring pop ([`BucketQueue::pop_above`])
//! takes the latest entry of a higher bucket instead. Each id is pushed at
//! most once. Pushing and popping cost O(1) apart from the scan for the next
//! non-empty bucket, which moves only upward between pushes below it.

/// No entry (end of a bucket's chain).
const NONE: u32 = u32::MAX;

/// Buckets of ids by priority, each a stack threaded through `next`.
#[derive(Debug, Default)]
pub(crate) struct BucketQueue {
    /// Last id pushed with each priority.
    head: Vec<u32>,
    /// The id pushed before each id with the same priority.
    next: Vec<u32>,
    /// No bucket below this one holds an entry.
    min: usize,
    len: usize,
}

impl BucketQueue {
    /// An empty queue with room for `ids` ids and priorities below `prios`.
    pub(crate) fn with_capacity(ids: usize, prios: usize) -> Self {
        BucketQueue {
            head: vec![NONE; prios],
            next: Vec::with_capacity(ids),
            min: prios,
            len: 0,
        }
    }

    /// Adds `id` (never pushed before) with priority `prio`.
    #[inline]
    pub(crate) fn push(&mut self, prio: u32, id: u32) {
        let p = prio as usize;
        if p >= self.head.len() {
            self.head.resize(p + 1, NONE);
        }
        let i = id as usize;
        if i >= self.next.len() {
            self.next.resize(i + 1, NONE);
        }
        self.next[i] = self.head[p];
        self.head[p] = id;
        self.min = self.min.min(p);
        self.len += 1;
    }

    /// Removes and returns the lowest-priority id, the latest pushed among
    /// equals.
    #[inline]
    pub(crate) fn pop(&mut self) -> Option<u32> {
        if self.len == 0 {
            return None;
        }
        let low = self.lowest();
        Some(self.take(low))
    }

    /// Removes and returns the latest entry of the first non-empty bucket
    /// at least `offset` priorities above the lowest entry's; the lowest
    /// entry when nothing lies that high.
    #[inline]
    pub(crate) fn pop_above(&mut self, offset: usize) -> Option<u32> {
        if self.len == 0 {
            return None;
        }
        let low = self.lowest();
        let mut p = low + offset;
        while p < self.head.len() && self.head[p] == NONE {
            p += 1;
        }
        Some(self.take(if p < self.head.len() { p } else { low }))
    }

    /// The lowest non-empty bucket (the queue is not empty), kept as `min`.
    #[inline]
    fn lowest(&mut self) -> usize {
        while self.head[self.min] == NONE {
            self.min += 1;
        }
        self.min
    }

    /// Unlinks the latest entry of bucket `p` (not empty).
    #[inline]
    fn take(&mut self, p: usize) -> u32 {
        let id = self.head[p];
        self.head[p] = self.next[id as usize];
        self.len -= 1;
        id
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;

    /// Same pops as the binary heap it replaces, over interleaved pushes
    /// (increasing ids, priorities with many ties, some beyond the initial
    /// room) and pops.
    #[test]
    fn pops_like_a_binary_heap() {
        let mut rand = below(0x2545F4914F6CDD1D);
        for round in 0..50 {
            let mut q = BucketQueue::with_capacity(4, 8);
            let mut heap = BinaryHeap::new();
            let mut id = 0u32;
            for _ in 0..2000 {
                if rand(3) > 0 {
                    let prio = rand(20 + round * 10) as u32;
                    q.push(prio, id);
                    heap.push((Reverse(prio), id));
                    id += 1;
                } else {
                    assert_eq!(q.pop(), heap.pop().map(|(_, i)| i));
                }
            }
            while let Some((_, i)) = heap.pop() {
                assert_eq!(q.pop(), Some(i));
            }
            assert_eq!(q.pop(), None);
        }
    }

    /// Exploring pops against a model (a map from priority to a stack of
    /// ids), interleaved with ordinary pops and pushes.
    #[test]
    fn pop_above_takes_the_first_bucket_that_high() {
        use std::collections::BTreeMap;
        let mut rand = below(0x9E3779B97F4A7C15);
        let mut explored = 0;
        for round in 0..30 {
            let mut q = BucketQueue::with_capacity(4, 8);
            let mut model: BTreeMap<u32, Vec<u32>> = BTreeMap::new();
            let mut id = 0u32;
            for _ in 0..1500 {
                match rand(4) {
                    0 | 1 => {
                        let prio = rand(30 + round * 5) as u32;
                        q.push(prio, id);
                        model.entry(prio).or_default().push(id);
                        id += 1;
                    }
                    2 => {
                        let want = model.keys().next().copied();
                        let got = q.pop();
                        assert_eq!(got, want.map(|p| take(&mut model, p)));
                    }
                    _ => {
                        let offset = rand(12) as u32;
                        let want = model.keys().next().copied().map(|low| {
                            let p = model.range(low + offset..).next().map_or(low, |(&p, _)| p);
                            explored += (p != low) as usize;
                            take(&mut model, p)
                        });
                        assert_eq!(q.pop_above(offset as usize), want);
                    }
                }
            }
        }
        assert!(
            explored > 1000,
            "only {explored} pops left the lowest bucket"
        );
    }

    /// A deterministic `rand(n)` in `0..n` (xorshift64 from `seed`).
    fn below(mut x: u64) -> impl FnMut(u64) -> u64 {
        move |n| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x % n
        }
    }

    /// Pops the latest id of `model`'s bucket `p`, dropping it when empty.
    fn take(model: &mut std::collections::BTreeMap<u32, Vec<u32>>, p: u32) -> u32 {
        let stack = model.get_mut(&p).unwrap();
        let id = stack.pop().unwrap();
        if stack.is_empty() {
            model.remove(&p);
        }
        id
    }
}
