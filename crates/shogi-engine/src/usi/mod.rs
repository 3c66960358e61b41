//! The USI protocol loop (as Shogidokoro's page defines it) around the
//! search, the book and the mate solver.
//!
//! Contract: [`run`] reads commands line by line until `quit` or the end of
//! the input (a closed stdin means the GUI is gone: the engine stops any
//! search and returns). Searches run on their own thread, so `stop`,
//! `ponderhit`, `isready` and `quit` are answered while one runs. A line
//! that cannot be used is answered with `info string <reason>` and
//! otherwise ignored; every value of a `go` that is not used as given is
//! said the same way (see [`parse`] for the rule: clamped, or a short
//! search of the same kind); text quoted back goes through
//! [`yomi_core::text::excerpt`]. Nothing on the input makes the loop panic.
//!
//! The one rule for `position`: a line that cannot be used in full (its
//! syntax, its SFEN or any of its moves) leaves the engine with no position,
//! never with the previous one or a prefix of the moves, so it never
//! searches a position it was not given; the next `go` is answered after
//! `info string go: no valid position` with `bestmove resign` (`checkmate
//! nomate` for `go mate`).
//!
//! Every `go` is answered by exactly one `bestmove` (or, for `go mate`, one
//! `checkmate`), held back while pondering or under `go infinite` until
//! `ponderhit` or `stop`.

mod command;
mod eval_source;
mod guard;
mod job;
mod options;
mod out;

pub use command::{
    Command, FALLBACK_GO_MS, GoParams, MAX_GO_MS, PositionCmd, UsiError, go_range, parse,
};
pub use options::{EngineOptions, OptionError};
pub use out::Out;

use crate::book::Book;
use crate::engine::{Engine, SearchKind};
use crate::search::{Control, GameHistory};
use crate::softmax::SoftmaxOptions;
use eval_source::EvalWanted;
use std::io::{BufRead, Write};
use std::sync::Arc;
use std::thread::JoinHandle;
use yomi_core::text::{error_chain, excerpt};
use yomi_shogi::{MoveError, Position, SfenError};

/// Longest time `isready` spends mapping the table's memory (see
/// [`crate::memory`]); a larger table maps the rest during its first search.
const PREFAULT_MS: u64 = 400;

/// The engine's name in `id name`.
pub const ENGINE_NAME: &str = concat!("yomi-usi ", env!("CARGO_PKG_VERSION"));

struct Job {
    control: Arc<Control>,
    handle: JoinHandle<Engine>,
}

/// The engine state between commands.
pub struct UsiEngine {
    out: Out,
    options: EngineOptions,
    searcher: Option<Engine>,
    /// The evaluation behind the searchers (choice and file) once loaded.
    loaded_eval: Option<EvalWanted>,
    game: Option<GameHistory>,
    book: Option<(String, Arc<Book>)>,
    job: Option<Job>,
    /// A search ran since the tables were last cleared.
    used: bool,
}

impl UsiEngine {
    /// An engine writing to `out`, at the start position, default options.
    pub fn new(out: Out) -> UsiEngine {
        let options = EngineOptions::default();
        UsiEngine {
            out,
            searcher: None,
            loaded_eval: None,
            options,
            game: Some(GameHistory::new(Position::startpos())),
            book: None,
            job: None,
            used: false,
        }
    }

    fn info_string(&self, text: &str) {
        self.out.line(&format!("info string {text}"));
    }

    /// Handles one input line; false once the engine should exit.
    pub fn handle(&mut self, line: &str) -> bool {
        self.reap();
        let cmd = match parse(line) {
            Ok(c) => c,
            Err(e) => {
                self.info_string(&e.to_string());
                if line.split_whitespace().next() == Some("position") {
                    // The one position rule: what cannot be used in full
                    // leaves no position (see the module contract).
                    self.finish_job();
                    self.game = None;
                }
                return true;
            }
        };
        match cmd {
            Command::Nothing => {}
            Command::Usi => {
                self.out.line(&format!("id name {ENGINE_NAME}"));
                self.out.line("id author the yomi developers");
                for l in self.options.usi_lines() {
                    self.out.line(&l);
                }
                self.out.line("usiok");
            }
            Command::IsReady => {
                // A search that already printed its bestmove is only
                // returning the searcher: wait for it, so that what this
                // isready loads and reports comes before readyok.
                if self.job.as_ref().is_some_and(|j| j.control.is_answered()) {
                    self.finish_job();
                }
                if self.job.is_none() {
                    self.prepare();
                    // A GUI sends isready before every game and waits for
                    // readyok: the place to wipe the last game's tables
                    // and map fresh ones, not usinewgame, after which the
                    // first go follows at once.
                    self.clear_if_used();
                    let deadline =
                        std::time::Instant::now() + std::time::Duration::from_millis(PREFAULT_MS);
                    if let Some(s) = self.searcher.as_mut() {
                        s.prefault(deadline);
                    }
                }
                self.out.line("readyok");
            }
            Command::SetOption { name, value } => {
                if let Err(e) = self.options.set(&name, value.as_deref()) {
                    self.info_string(&format!("setoption {}: {e}", excerpt(&name)));
                }
            }
            Command::NewGame => {
                self.finish_job();
                self.prepare();
                self.clear_if_used();
            }
            Command::Position(p) => {
                self.finish_job();
                self.game = match build_game(&p) {
                    Ok(g) => Some(g),
                    Err(e) => {
                        self.info_string(&format!("position: {e}"));
                        None
                    }
                };
            }
            Command::Go(g) => {
                if !g.ignored.is_empty() {
                    self.info_string(&format!("go: ignored {}", excerpt(&g.ignored.join(" "))));
                }
                for note in &g.notes {
                    self.info_string(note);
                }
                self.go(g)
            }
            Command::Stop => {
                if let Some(j) = &self.job {
                    j.control.stop();
                }
            }
            Command::PonderHit => {
                if let Some(j) = &self.job {
                    j.control.ponderhit();
                }
            }
            Command::GameOver => self.finish_job(),
            Command::Quit => {
                self.finish_job();
                return false;
            }
        }
        true
    }

    /// Forgets the tables and the tree if a search has used them since they
    /// were last cleared (every game starts from fresh ones).
    fn clear_if_used(&mut self) {
        if self.used {
            if let Some(s) = self.searcher.as_mut() {
                s.clear();
            }
            self.used = false;
        }
    }

    /// The heavy initialisation of `isready`: table size, evaluator, book.
    fn prepare(&mut self) {
        let o = &self.options;
        let s = self
            .searcher
            .get_or_insert_with(|| Engine::new(o.hash_mb, o.search, SoftmaxOptions::default()));
        s.kind = o.search;
        s.softmax.options.t_backup = o.softmax_t_backup as f32;
        s.softmax.options.t_select = o.softmax_t_select as f32;
        s.softmax.options.batch = o.softmax_batch;
        // The table of the search that does not play is kept small.
        let (table_mb, tree_mb) = match o.search {
            SearchKind::AlphaBeta => (o.hash_mb, 1),
            SearchKind::Softmax => (1, o.hash_mb),
        };
        s.alpha.resize_hash(table_mb);
        s.softmax.resize(tree_mb);
        if s.alpha.hash_mb() < table_mb {
            let got = s.alpha.hash_mb();
            self.out.line(&format!(
                "info string USI_Hash {table_mb} MB could not be allocated; using {got} MB"
            ));
        }
        let want = EvalWanted::of(&self.options);
        if self.loaded_eval.as_ref() != Some(&want) {
            let eval = want.load(&mut |text| self.out.line(&format!("info string {text}")));
            s.set_eval(&eval);
            self.loaded_eval = Some(want);
        }
        s.set_declaration_rule(self.options.entering_king);
        s.set_threads(self.options.threads);
        match &self.options.book_file {
            None => self.book = None,
            Some(path) if self.book.as_ref().is_some_and(|(p, _)| p == path) => {}
            Some(path) => match Book::load(std::path::Path::new(path)) {
                Ok(b) => {
                    self.info_string(&format!("book {path}: {} positions", b.len()));
                    self.book = Some((path.clone(), Arc::new(b)));
                }
                Err(e) => {
                    self.info_string(&format!("BookFile: {}; no book", error_chain(&e)));
                    self.book = None;
                }
            },
        }
    }

    /// Joins a search that already finished by itself.
    fn reap(&mut self) {
        if self.job.as_ref().is_some_and(|j| j.handle.is_finished()) {
            self.finish_job();
        }
    }

    /// Stops the running search, if any, and takes the searcher back.
    fn finish_job(&mut self) {
        if let Some(job) = self.job.take() {
            job.control.stop();
            self.searcher = job.handle.join().ok();
        }
    }

    fn go(&mut self, g: GoParams) {
        self.finish_job();
        self.prepare();
        // The answer of a `go` that cannot search: resigning, or for a
        // mate search the USI reply that no mate was found.
        let give_up = if g.mate.is_some() {
            "checkmate nomate"
        } else {
            "bestmove resign"
        };
        let Some(game) = self.game.clone() else {
            self.info_string("go: no valid position");
            self.out.line(give_up);
            return;
        };
        let Some(searcher) = self.searcher.take() else {
            // prepare() just built it; a search thread that panicked lost it.
            self.info_string("go: the engine is gone");
            self.out.line(give_up);
            return;
        };
        let control = Arc::new(Control::new(g.ponder));
        self.used = true;
        let book = self.book.as_ref().map(|(_, b)| Arc::clone(b));
        let task = job::Task {
            out: self.out.clone(),
            control: Arc::clone(&control),
            game,
            params: g,
            options: self.options.clone(),
            book,
        };
        let handle = std::thread::spawn(move || job::run(task, searcher));
        self.job = Some(Job { control, handle });
    }
}

/// Why a `position` command describes no game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// The SFEN is not a position.
    #[error("bad sfen: {0}")]
    Sfen(SfenError),
    /// A move is not legal where it is played.
    #[error("move {number} ({text}): {reason}")]
    Move {
        /// 1-based number of the move in the list.
        number: usize,
        /// The move as given (as messages quote it).
        text: String,
        /// Why it cannot be played.
        reason: MoveError,
    },
}

/// The game a `position` command describes.
fn build_game(p: &PositionCmd) -> Result<GameHistory, PositionError> {
    let start = match &p.sfen {
        None => Position::startpos(),
        Some(s) => Position::from_sfen(s).map_err(PositionError::Sfen)?,
    };
    let mut game = GameHistory::new(start);
    for (i, text) in p.moves.iter().enumerate() {
        let m = game
            .position
            .parse_usi(text)
            .map_err(|reason| PositionError::Move {
                number: i + 1,
                text: excerpt(text),
                reason,
            })?;
        game.play(m);
    }
    Ok(game)
}

/// Runs the loop on `input` until `quit` or end of input.
pub fn run(mut input: impl BufRead, output: Box<dyn Write + Send>) {
    let mut engine = UsiEngine::new(Out::new(output));
    let mut buf = Vec::new();
    loop {
        buf.clear();
        match input.read_until(b'\n', &mut buf) {
            Ok(0) | Err(_) => break,
            Ok(_) => {
                let line = String::from_utf8_lossy(&buf);
                if !engine.handle(&line) {
                    engine.out.sync();
                    return;
                }
            }
        }
    }
    engine.finish_job();
    engine.out.sync();
}

/// Runs the loop on the process's stdin and stdout.
pub fn run_stdio() {
    let stdin = std::io::stdin();
    run(stdin.lock(), Box::new(std::io::stdout()));
}
