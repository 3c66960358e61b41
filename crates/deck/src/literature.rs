//! Best-known values of the public benchmark instances the solvers are measured on (data in
//! `data/best_known.tsv`, with where each value comes from). Contract: lookups by the file's
//! stem (`MDG-a_1_n500_m50`); unknown instances give `None`.

/// A best-known objective value and its provenance.
#[derive(Debug, Clone, PartialEq)]
pub struct BestKnown {
    /// The best objective value known for the instance.
    pub value: f64,
    /// `literature` or `proven` (see the data file's header).
    pub source: String,
}

const TABLE: &str = include_str!("../data/best_known.tsv");

/// The best-known value of an instance, by file stem.
pub fn best_known(instance: &str) -> Option<BestKnown> {
    TABLE
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| {
            let mut f = l.split('\t');
            Some((f.next()?, f.next()?.parse::<f64>().ok()?, f.next()?))
        })
        .find(|(name, _, _)| *name == instance)
        .map(|(_, value, source)| BestKnown {
            value,
            source: source.to_string(),
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_data_line_parses() {
        let rows = TABLE
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .count();
        assert_eq!(rows, 8);
        assert_eq!(best_known("MDG-a_1_n500_m50").unwrap().value, 7833.83);
        assert_eq!(best_known("SOM-b_1_n100_m10").unwrap().source, "proven");
        assert!(best_known("nope").is_none());
    }
}
