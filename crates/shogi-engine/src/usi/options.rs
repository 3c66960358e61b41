//! The engine's USI options: their `option` lines and `setoption` parsing.
//!
//! Contract: [`EngineOptions::set`] either applies a value within the
//! advertised range or returns the reason it was refused, leaving the
//! option unchanged; a value it quotes back goes through
//! [`yomi_core::text::excerpt`].

use crate::engine::{SearchKind, UnknownSearch};
use crate::eval::{Evaluation, UnknownEvaluation};
use crate::params::{SOFTMAX_BATCH, SOFTMAX_T_BACKUP, SOFTMAX_T_SELECT};
use thiserror::Error;
use yomi_core::text::excerpt;
use yomi_shogi::DeclarationRule;
use yomi_shogi_nn::{Device, DeviceError, Precision, PrecisionError};

/// Why a `setoption` was refused (the text after `setoption <name>: ` in the
/// `info string` answer).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum OptionError {
    /// A spin or check option without a value.
    #[error("needs a value")]
    NoValue,
    /// A spin value that is not a whole number.
    #[error("'{0}' is not a whole number")]
    NotANumber(String),
    /// A spin value outside the advertised range.
    #[error("{value} is outside {min}..={max}")]
    OutOfRange {
        /// The value given.
        value: u64,
        /// The smallest value accepted.
        min: u64,
        /// The largest value accepted.
        max: u64,
    },
    /// A check value other than `true` or `false`.
    #[error("expected true or false, got '{0}'")]
    NotABool(String),
    /// An `EnteringKingRule` that is not one of the three.
    #[error("unknown rule '{0}'")]
    UnknownRule(String),
    /// An `Evaluation` that is not one of the four.
    #[error(transparent)]
    Evaluation(#[from] UnknownEvaluation),
    /// A `Search` that is not one of the two.
    #[error(transparent)]
    Search(#[from] UnknownSearch),
    /// A `NetworkDevice` that is neither `cpu` nor `cuda[:N]`.
    #[error(transparent)]
    Device(#[from] DeviceError),
    /// A `NetworkPrecision` that is neither `f32` nor `tf32`.
    #[error(transparent)]
    Precision(#[from] PrecisionError),
    /// An option the engine does not have.
    #[error("no such option")]
    NoSuchOption,
}

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
    /// `Threads`: alpha-beta search threads (Lazy SMP), 1 to the number of cores.
    pub threads: usize,
    /// `DepthLimit`: 0 = none.
    pub depth_limit: u32,
    /// `NodesLimit`: 0 = none.
    pub nodes_limit: u64,
    /// `EnteringKingRule`.
    pub entering_king: DeclarationRule,
    /// `Evaluation`.
    pub eval: Evaluation,
    /// `EvalFile`: the network's safetensors file (`None`: the built-in one), the
    /// Control weights, or the NNUE net (`None`: `nn.bin` in `EvalDir`).
    pub eval_file: Option<String>,
    /// `EvalDir`: where `Evaluation NNUE` looks for `nn.bin` without an `EvalFile`
    /// (relative to the working directory, as YaneuraOu's).
    pub eval_dir: String,
    /// `FV_SCALE`: the NNUE output's divisor (1 to 128).
    pub fv_scale: i32,
    /// `Search`.
    pub search: SearchKind,
    /// `SoftmaxBackupTemperature` (cp).
    pub softmax_t_backup: u32,
    /// `SoftmaxSelectTemperature` (cp).
    pub softmax_t_select: u32,
    /// `SoftmaxBatch`: positions per network batch.
    pub softmax_batch: usize,
    /// `NetworkDevice`: where the network evaluates batches (`cpu` or `cuda[:N]`).
    pub network_device: Device,
    /// `NetworkPrecision`: the GPU's matrix products (`f32` or `tf32`).
    pub network_precision: Precision,
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
            threads: 1,
            depth_limit: 0,
            nodes_limit: 0,
            entering_king: DeclarationRule::Points27,
            eval: Evaluation::default(),
            eval_file: None,
            eval_dir: "eval".into(),
            fv_scale: crate::eval::nnue::DEFAULT_FV_SCALE,
            search: SearchKind::AlphaBeta,
            softmax_t_backup: SOFTMAX_T_BACKUP as u32,
            softmax_t_select: SOFTMAX_T_SELECT as u32,
            softmax_batch: SOFTMAX_BATCH,
            network_device: Device::Cpu,
            network_precision: Precision::F32,
        }
    }
}

const RULES: [(&str, DeclarationRule); 3] = [
    ("NoEnteringKing", DeclarationRule::None),
    ("CSARule24", DeclarationRule::Points24),
    ("CSARule27", DeclarationRule::Points27),
];

/// Largest `USI_Hash` accepted (MB): yomi-core's one cap of table sizes, which every
/// `--hash`/`--tt` flag and `tt=` spec parameter shares.
pub const MAX_HASH_MB: u64 = yomi_core::limits::MAX_TABLE_MB;

fn spin(value: Option<&str>, min: u64, max: u64) -> Result<u64, OptionError> {
    let v = value.ok_or(OptionError::NoValue)?.trim();
    let n: u64 = v.parse().map_err(|_| OptionError::NotANumber(excerpt(v)))?;
    if n < min || n > max {
        return Err(OptionError::OutOfRange { value: n, min, max });
    }
    Ok(n)
}

fn check(value: Option<&str>) -> Result<bool, OptionError> {
    let v = value.ok_or(OptionError::NoValue)?.trim();
    if v.eq_ignore_ascii_case("true") {
        Ok(true)
    } else if v.eq_ignore_ascii_case("false") {
        Ok(false)
    } else {
        Err(OptionError::NotABool(excerpt(v)))
    }
}

impl EngineOptions {
    /// The `option ...` lines of the `usi` reply.
    pub fn usi_lines(&self) -> Vec<String> {
        let d = EngineOptions::default();
        let rules: String = RULES.iter().map(|(n, _)| format!(" var {n}")).collect();
        let evals: String = Evaluation::ALL
            .iter()
            .map(|e| format!(" var {e}"))
            .collect();
        let searches: String = SearchKind::ALL
            .iter()
            .map(|k| format!(" var {k}"))
            .collect();
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
            format!(
                "option name Threads type spin default {} min 1 max {}",
                d.threads,
                max_threads()
            ),
            "option name DepthLimit type spin default 0 min 0 max 120".into(),
            "option name NodesLimit type spin default 0 min 0 max 1000000000000".into(),
            format!("option name EnteringKingRule type combo default CSARule27{rules}"),
            format!(
                "option name Evaluation type combo default {}{evals}",
                d.eval
            ),
            "option name EvalFile type filename default <empty>".into(),
            format!("option name EvalDir type string default {}", d.eval_dir),
            format!(
                "option name FV_SCALE type spin default {} min 1 max 128",
                d.fv_scale
            ),
            format!("option name Search type combo default AlphaBeta{searches}"),
            format!(
                "option name SoftmaxBackupTemperature type spin default {} min 0 max 10000",
                d.softmax_t_backup
            ),
            format!(
                "option name SoftmaxSelectTemperature type spin default {} min 0 max 10000",
                d.softmax_t_select
            ),
            format!(
                "option name SoftmaxBatch type spin default {} min 1 max 4096",
                d.softmax_batch
            ),
            format!(
                "option name NetworkDevice type string default {}",
                d.network_device
            ),
            format!(
                "option name NetworkPrecision type combo default {} var f32 var tf32",
                d.network_precision
            ),
        ]
    }

    /// Applies `setoption name <name> value <value>`.
    pub fn set(&mut self, name: &str, value: Option<&str>) -> Result<(), OptionError> {
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
            "Threads" => self.threads = spin(value, 1, max_threads())? as usize,
            "DepthLimit" => self.depth_limit = spin(value, 0, 120)? as u32,
            "NodesLimit" => self.nodes_limit = spin(value, 0, 1_000_000_000_000)?,
            "EnteringKingRule" => {
                let v = value.unwrap_or("").trim();
                self.entering_king = RULES
                    .iter()
                    .find(|(n, _)| n.eq_ignore_ascii_case(v))
                    .map(|&(_, r)| r)
                    .ok_or_else(|| OptionError::UnknownRule(excerpt(v)))?;
            }
            "Evaluation" => self.eval = value.unwrap_or("").parse()?,
            "EvalFile" => {
                let v = value.unwrap_or("").trim();
                self.eval_file = match v {
                    "" | "<empty>" => None,
                    path => Some(path.to_string()),
                };
            }
            "EvalDir" => {
                let v = value.unwrap_or("").trim();
                self.eval_dir = if v.is_empty() || v == "<empty>" {
                    ".".into()
                } else {
                    v.into()
                };
            }
            "FV_SCALE" => self.fv_scale = spin(value, 1, 128)? as i32,
            "Search" => self.search = value.unwrap_or("").parse()?,
            "SoftmaxBackupTemperature" => self.softmax_t_backup = spin(value, 0, 10_000)? as u32,
            "SoftmaxSelectTemperature" => self.softmax_t_select = spin(value, 0, 10_000)? as u32,
            "SoftmaxBatch" => self.softmax_batch = spin(value, 1, 4096)? as usize,
            "NetworkDevice" => self.network_device = value.unwrap_or("").parse()?,
            "NetworkPrecision" => self.network_precision = value.unwrap_or("").parse()?,
            _ => return Err(OptionError::NoSuchOption),
        }
        Ok(())
    }
}

/// The largest `Threads`: the cores this machine has (yomi-core's cap of thread counts
/// above that).
pub fn max_threads() -> u64 {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get() as u64);
    cores.min(yomi_core::limits::MAX_THREADS)
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
        assert_eq!(o.eval, Evaluation::Material);
        o.set("Evaluation", Some("network")).unwrap();
        assert_eq!(o.eval, Evaluation::Network);
        o.set("Evaluation", Some("nnue")).unwrap();
        assert_eq!(o.eval, Evaluation::Nnue);
        assert!(o.set("Evaluation", Some("kpp")).is_err());
        o.set("FV_SCALE", Some("24")).unwrap();
        assert_eq!(o.fv_scale, 24);
        assert!(o.set("FV_SCALE", Some("0")).is_err());
        assert!(o.set("FV_SCALE", Some("129")).is_err());
        o.set("EvalDir", Some("nets/suisho")).unwrap();
        assert_eq!(o.eval_dir, "nets/suisho");
        o.set("Search", Some("softmax")).unwrap();
        assert_eq!(o.search, SearchKind::Softmax);
        assert!(o.set("Search", Some("mcts")).is_err());
        assert!(o.set("SoftmaxBatch", Some("0")).is_err());
        o.set("SoftmaxBatch", Some("64")).unwrap();
        assert_eq!(o.softmax_batch, 64);
        o.set("Threads", Some(&max_threads().to_string())).unwrap();
        assert_eq!(o.threads as u64, max_threads());
        assert!(
            o.set("Threads", Some(&(max_threads() + 1).to_string()))
                .is_err()
        );
        assert!(o.set("Threads", Some("0")).is_err());
        o.set("NetworkDevice", Some("cuda:1")).unwrap();
        assert_eq!(o.network_device, Device::Cuda(1));
        assert!(o.set("NetworkDevice", Some("gpu7")).is_err());
        assert_eq!(o.network_device, Device::Cuda(1));
        o.set("NetworkPrecision", Some("tf32")).unwrap();
        assert_eq!(o.network_precision, Precision::Tf32);
        assert!(o.set("NetworkPrecision", Some("f16")).is_err());
        assert_eq!(o.usi_lines().len(), 21);
    }

    /// The reasons, as the `info string` answers show them.
    #[test]
    fn refusals_read_as_before() {
        let mut o = EngineOptions::default();
        let why = |o: &mut EngineOptions, name: &str, value: Option<&str>| {
            o.set(name, value).unwrap_err().to_string()
        };
        assert_eq!(why(&mut o, "USI_Hash", None), "needs a value");
        assert_eq!(
            why(&mut o, "MultiPV", Some(" x ")),
            "'x' is not a whole number"
        );
        assert_eq!(why(&mut o, "MultiPV", Some("0")), "0 is outside 1..=128");
        assert_eq!(
            why(&mut o, "USI_Ponder", Some("maybe")),
            "expected true or false, got 'maybe'"
        );
        assert_eq!(why(&mut o, "USI_Ponder", None), "needs a value");
        assert_eq!(
            why(&mut o, "EnteringKingRule", Some("\u{1b}[2J")),
            "unknown rule '\\u{1b}[2J'"
        );
        assert_eq!(
            why(&mut o, "EnteringKingRule", Some("CSA")),
            "unknown rule 'CSA'"
        );
        assert_eq!(
            why(&mut o, "Evaluation", Some("kpp")),
            "unknown evaluation 'kpp' (Control, Classic, Material, Network or NNUE)"
        );
        assert_eq!(
            why(&mut o, "Search", Some("mcts")),
            "unknown search 'mcts' (AlphaBeta or Softmax)"
        );
        assert_eq!(
            why(&mut o, "NetworkDevice", Some("tpu")),
            "unknown device 'tpu' (cpu, cuda or cuda:N)"
        );
        assert_eq!(
            why(&mut o, "NetworkPrecision", Some("f16")),
            "unknown precision 'f16' (f32 or tf32)"
        );
        assert_eq!(
            why(&mut o, "Threads", Some("0")),
            format!("0 is outside 1..={}", max_threads())
        );
        assert_eq!(o, EngineOptions::default(), "nothing refused was applied");
        assert!(
            o.usi_lines().contains(
                &"option name Evaluation type combo default Control var Control var Classic \
              var Material var Network var NNUE"
                    .to_string()
            )
        );
    }
}
