//! The engine's USI options: their `option` lines and `setoption` parsing.
//!
//! Contract: [`EngineOptions::set`] either applies a value within the
//! advertised range or returns the reason it was refused, leaving the
//! option unchanged.

use crate::eval::EvalKind;
use yomi_shogi::DeclarationRule;

/// Every option value the engine reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineOptions {
    /// `USI_Hash`: transposition table size in MB.
    pub hash_mb: usize,
    /// `USI_Ponder`: the GUI may send `go ponder`.
    pub ponder: bool,
    /// `BookFile`: a YaneuraOu-format book, or none.
    pub book_file: Option<String>,
    /// `BookMoves`: the book is used while the move number is at most this.
    pub book_moves: u32,
    /// `BookSeed`: seed of the weighted book choice.
    pub book_seed: u64,
    /// `NetworkDelay`: ms kept back from every time limit.
    pub network_delay_ms: u64,
    /// `MultiPV`.
    pub multipv: usize,
    /// `DepthLimit`: 0 = none.
    pub depth_limit: u32,
    /// `NodesLimit`: 0 = none.
    pub nodes_limit: u64,
    /// `EnteringKingRule`.
    pub entering_king: DeclarationRule,
    /// `Evaluation`.
    pub eval: EvalKind,
}

impl Default for EngineOptions {
    fn default() -> Self {
        EngineOptions {
            hash_mb: 256,
            ponder: false,
            book_file: None,
            book_moves: 32,
            book_seed: 0,
            network_delay_ms: 40,
            multipv: 1,
            depth_limit: 0,
            nodes_limit: 0,
            entering_king: DeclarationRule::Points27,
            eval: EvalKind::Classic,
        }
    }
}

const RULES: [(&str, DeclarationRule); 3] = [
    ("NoEnteringKing", DeclarationRule::None),
    ("CSARule24", DeclarationRule::Points24),
    ("CSARule27", DeclarationRule::Points27),
];

/// Largest `USI_Hash` accepted (MB).
pub const MAX_HASH_MB: u64 = 65_536;

fn spin(value: Option<&str>, min: u64, max: u64) -> Result<u64, String> {
    let v = value.ok_or("needs a value")?.trim();
    let n: u64 = v
        .parse()
        .map_err(|_| format!("'{v}' is not a whole number"))?;
    if n < min || n > max {
        return Err(format!("{n} is outside {min}..={max}"));
    }
    Ok(n)
}

fn check(value: Option<&str>) -> Result<bool, String> {
    match value.map(str::trim) {
        Some(v) if v.eq_ignore_ascii_case("true") => Ok(true),
        Some(v) if v.eq_ignore_ascii_case("false") => Ok(false),
        other => Err(format!("expected true or false, got {other:?}")),
    }
}

impl EngineOptions {
    /// The `option ...` lines of the `usi` reply.
    pub fn usi_lines(&self) -> Vec<String> {
        let d = EngineOptions::default();
        let rules: String = RULES.iter().map(|(n, _)| format!(" var {n}")).collect();
        let evals: String = EvalKind::ALL.iter().map(|k| format!(" var {k}")).collect();
        vec![
            format!(
                "option name USI_Hash type spin default {} min 1 max {MAX_HASH_MB}",
                d.hash_mb
            ),
            "option name USI_Ponder type check default false".into(),
            "option name BookFile type filename default <empty>".into(),
            format!(
                "option name BookMoves type spin default {} min 0 max 10000",
                d.book_moves
            ),
            "option name BookSeed type spin default 0 min 0 max 2147483647".into(),
            format!(
                "option name NetworkDelay type spin default {} min 0 max 10000",
                d.network_delay_ms
            ),
            "option name MultiPV type spin default 1 min 1 max 128".into(),
            "option name DepthLimit type spin default 0 min 0 max 120".into(),
            "option name NodesLimit type spin default 0 min 0 max 1000000000000".into(),
            format!("option name EnteringKingRule type combo default CSARule27{rules}"),
            format!("option name Evaluation type combo default Classic{evals}"),
            "option name Search type combo default AlphaBeta var AlphaBeta".into(),
        ]
    }

    /// Applies `setoption name <name> value <value>`.
    pub fn set(&mut self, name: &str, value: Option<&str>) -> Result<(), String> {
        match name {
            "USI_Hash" | "Hash" => self.hash_mb = spin(value, 1, MAX_HASH_MB)? as usize,
            "USI_Ponder" => self.ponder = check(value)?,
            "BookFile" => {
                let v = value.unwrap_or("").trim();
                self.book_file = match v {
                    "" | "<empty>" | "no_book" => None,
                    path => Some(path.to_string()),
                };
            }
            "BookMoves" => self.book_moves = spin(value, 0, 10_000)? as u32,
            "BookSeed" => self.book_seed = spin(value, 0, 2_147_483_647)?,
            "NetworkDelay" => self.network_delay_ms = spin(value, 0, 10_000)?,
            "MultiPV" => self.multipv = spin(value, 1, 128)? as usize,
            "DepthLimit" => self.depth_limit = spin(value, 0, 120)? as u32,
            "NodesLimit" => self.nodes_limit = spin(value, 0, 1_000_000_000_000)?,
            "EnteringKingRule" => {
                let v = value.unwrap_or("").trim();
                self.entering_king = RULES
                    .iter()
                    .find(|(n, _)| n.eq_ignore_ascii_case(v))
                    .map(|&(_, r)| r)
                    .ok_or_else(|| format!("unknown rule '{v}'"))?;
            }
            "Evaluation" => self.eval = value.unwrap_or("").parse()?,
            "Search" => {
                let v = value.unwrap_or("").trim();
                if !v.eq_ignore_ascii_case("AlphaBeta") {
                    return Err(format!("unknown search '{v}' (AlphaBeta)"));
                }
            }
            _ => return Err("no such option".into()),
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_in_range_apply_and_others_are_refused() {
        let mut o = EngineOptions::default();
        o.set("USI_Hash", Some("1024")).unwrap();
        assert_eq!(o.hash_mb, 1024);
        assert!(o.set("USI_Hash", Some("0")).is_err());
        assert!(o.set("USI_Hash", Some("lots")).is_err());
        assert_eq!(o.hash_mb, 1024);
        o.set("EnteringKingRule", Some("CSARule24")).unwrap();
        assert_eq!(o.entering_king, DeclarationRule::Points24);
        o.set("BookFile", Some("no_book")).unwrap();
        assert_eq!(o.book_file, None);
        o.set("Evaluation", Some("material")).unwrap();
        assert_eq!(o.eval, EvalKind::Material);
        assert!(o.set("Threads", Some("4")).is_err());
        assert_eq!(o.usi_lines().len(), 12);
    }
}
