//! Every deal of a [`DealRange`] solved in parallel, its verdicts, solution lengths and
//! solver time gathered into the dataset's [`Stats`].
//!
//! Contract: [`solve_range`] runs on the caller's rayon pool and returns the same
//! statistics for the same range and options whatever the number of threads (deals are
//! counted in deal order). A layout that cannot deal fails before any solving; a deal whose
//! solution fails to replay fails as [`FreecellError::InDeal`], naming the deal.

use crate::board::Layout;
use crate::dataset::Stats;
use crate::deal::{DealRange, deal_board};
use crate::error::FreecellError;
use crate::solve::{SolveOptions, Verdict, solve};
use rayon::prelude::*;

/// Solves every deal of `range` with `opts` in parallel; `progress` is called once per
/// solved deal.
pub fn solve_range(
    range: DealRange,
    layout: Layout,
    opts: &SolveOptions,
    progress: &(dyn Fn() + Sync),
) -> Result<Stats, FreecellError> {
    // Every deal of a range deals the same layout: refuse a bad one once, as it is.
    deal_board(range.first(), layout)?;
    let results: Vec<(u64, Verdict, usize, f64)> = range
        .deals()
        .into_par_iter()
        .map(|n| {
            let in_deal = |e| FreecellError::InDeal {
                deal: n,
                source: Box::new(e),
            };
            let board = deal_board(n, layout).map_err(in_deal)?;
            let r = solve(&board, opts).map_err(in_deal)?;
            progress();
            Ok((n, r.verdict, r.steps.len(), r.seconds))
        })
        .collect::<Result<_, FreecellError>>()?;
    let mut stats = Stats::default();
    for (n, verdict, length, seconds) in results {
        stats.record(n, verdict, length, seconds);
    }
    Ok(stats)
}
