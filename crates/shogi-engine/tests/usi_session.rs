//! Scripted USI sessions against the loop running on its own thread, as a
//! GUI drives it: handshake, options, ponder, infinite, stop, gameover,
//! quit, closed input, mate search, declaration, book, bad input.

use std::io::{BufRead, Read, Write};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};
use yomi_shogi::Position;

/// A `BufRead` fed line by line from a channel (dropping the sender is EOF).
struct ChannelInput {
    rx: Receiver<String>,
    buf: Vec<u8>,
    at: usize,
}

impl Read for ChannelInput {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        let avail = self.fill_buf()?;
        let n = avail.len().min(out.len());
        out[..n].copy_from_slice(&avail[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl BufRead for ChannelInput {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        if self.at >= self.buf.len() {
            match self.rx.recv() {
                Ok(line) => {
                    self.buf = format!("{line}\n").into_bytes();
                    self.at = 0;
                }
                Err(_) => return Ok(&[]),
            }
        }
        Ok(&self.buf[self.at..])
    }
    fn consume(&mut self, n: usize) {
        self.at += n;
    }
}

#[derive(Clone, Default)]
struct SharedOutput(Arc<Mutex<Vec<u8>>>);

impl Write for SharedOutput {
    fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(b);
        Ok(b.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

struct Session {
    tx: Option<Sender<String>>,
    out: SharedOutput,
    seen: usize,
    thread: Option<JoinHandle<()>>,
}

impl Session {
    fn start() -> Session {
        let (tx, rx) = channel();
        let out = SharedOutput::default();
        let writer = out.clone();
        let thread = std::thread::spawn(move || {
            let input = ChannelInput {
                rx,
                buf: Vec::new(),
                at: 0,
            };
            yomi_shogi_engine::usi::run(input, Box::new(writer));
        });
        let mut s = Session {
            tx: Some(tx),
            out,
            seen: 0,
            thread: Some(thread),
        };
        s.send("setoption name USI_Hash value 8");
        s
    }

    fn send(&mut self, line: &str) {
        self.tx.as_ref().unwrap().send(line.to_string()).unwrap();
    }

    fn lines(&self) -> Vec<String> {
        let text = String::from_utf8(self.out.0.lock().unwrap().clone()).unwrap();
        text.lines().map(str::to_string).collect()
    }

    /// Waits for a new line starting with `prefix`; returns it and the
    /// lines before it.
    fn expect(&mut self, prefix: &str, within: Duration) -> (String, Vec<String>) {
        let start = Instant::now();
        loop {
            let lines = self.lines();
            if let Some(i) = lines[self.seen..]
                .iter()
                .position(|l| l.starts_with(prefix))
            {
                let before = lines[self.seen..self.seen + i].to_vec();
                let found = lines[self.seen + i].clone();
                self.seen += i + 1;
                return (found, before);
            }
            assert!(
                start.elapsed() < within,
                "no '{prefix}' within {within:?}; output: {:?}",
                &lines[self.seen..]
            );
            std::thread::sleep(Duration::from_millis(2));
        }
    }

    /// Asserts that no new line starting with `prefix` appears for `d`.
    fn expect_silence(&mut self, prefix: &str, d: Duration) {
        std::thread::sleep(d);
        let lines = self.lines();
        assert!(
            !lines[self.seen..].iter().any(|l| l.starts_with(prefix)),
            "unexpected '{prefix}': {:?}",
            &lines[self.seen..]
        );
    }

    fn finished_within(&mut self, d: Duration) -> bool {
        let start = Instant::now();
        while start.elapsed() < d {
            if self.thread.as_ref().unwrap().is_finished() {
                self.thread.take().unwrap().join().unwrap();
                return true;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        false
    }
}

fn legal_in(sfen_or_start: &str, moves: &[&str], bestmove_line: &str) -> bool {
    let mut pos = if sfen_or_start == "startpos" {
        Position::startpos()
    } else {
        Position::from_sfen(sfen_or_start).unwrap()
    };
    for m in moves {
        let mv = pos.parse_usi(m).unwrap();
        pos.do_move(mv);
    }
    let words: Vec<&str> = bestmove_line.split_whitespace().collect();
    pos.parse_usi(words[1]).is_ok()
}

const S: Duration = Duration::from_secs(10);

#[test]
fn handshake_options_and_fast_isready_with_a_big_hash() {
    let mut s = Session::start();
    s.send("usi");
    let (_, before) = s.expect("usiok", S);
    assert!(before[0].starts_with("id name yomi-usi"));
    assert!(
        before
            .iter()
            .any(|l| l.starts_with("option name USI_Hash type spin"))
    );
    assert!(
        before
            .iter()
            .any(|l| l.contains("EnteringKingRule type combo"))
    );
    s.send("setoption name USI_Hash value 1024");
    s.send("setoption name USI_Ponder value true");
    let t = Instant::now();
    s.send("isready");
    s.expect("readyok", S);
    assert!(
        t.elapsed() < Duration::from_secs(1),
        "isready took {:?}",
        t.elapsed()
    );
    s.send("usinewgame");
    s.send("position startpos moves 7g7f 3c3d");
    s.send("go depth 4");
    let (bm, infos) = s.expect("bestmove", S);
    assert!(legal_in("startpos", &["7g7f", "3c3d"], &bm), "{bm}");
    let last = infos
        .iter()
        .rev()
        .find(|l| l.starts_with("info depth"))
        .unwrap();
    for field in [
        "seldepth", "score cp", "nodes", "nps", "hashfull", "time", "multipv", " pv ",
    ] {
        assert!(last.contains(field), "{field} missing in {last}");
    }
    s.send("quit");
    assert!(s.finished_within(S));
}

#[test]
fn ponder_then_ponderhit_answers_within_the_byoyomi() {
    let mut s = Session::start();
    s.send("setoption name NetworkDelay value 100");
    s.send("isready");
    s.expect("readyok", S);
    s.send("position startpos moves 2g2f 8c8d");
    // A byoyomi long enough that a loaded test machine does not decide the
    // outcome: the engine must answer well inside it after ponderhit.
    s.send("go ponder btime 0 wtime 0 byoyomi 1000");
    s.expect_silence("bestmove", Duration::from_millis(400));
    let t = Instant::now();
    s.send("ponderhit");
    let (bm, _) = s.expect("bestmove", S);
    assert!(
        t.elapsed() < Duration::from_millis(1000),
        "{:?}",
        t.elapsed()
    );
    assert!(legal_in("startpos", &["2g2f", "8c8d"], &bm));
    s.send("quit");
    assert!(s.finished_within(S));
}

#[test]
fn ponder_then_stop_and_infinite_then_stop() {
    let mut s = Session::start();
    s.send("position startpos");
    s.send("go ponder btime 1000 wtime 1000 byoyomi 1000");
    s.expect_silence("bestmove", Duration::from_millis(200));
    s.send("stop");
    let (bm, _) = s.expect("bestmove", S);
    assert!(legal_in("startpos", &[], &bm));
    s.send("go infinite");
    s.expect_silence("bestmove", Duration::from_millis(300));
    s.send("stop");
    let (bm, _) = s.expect("bestmove", S);
    assert!(legal_in("startpos", &[], &bm));
    // A ping while searching is answered at once.
    s.send("go infinite");
    s.send("isready");
    s.expect("readyok", S);
    s.send("gameover lose");
    s.expect("bestmove", S);
    // A 400 ms margin leaves room for a loaded test machine's scheduling.
    s.send("setoption name NetworkDelay value 400");
    s.send("usinewgame");
    s.send("position startpos moves 7g7f");
    s.send("go btime 0 wtime 0 byoyomi 1000");
    let t = Instant::now();
    let (bm, _) = s.expect("bestmove", S);
    assert!(
        t.elapsed() < Duration::from_millis(1000),
        "{:?}",
        t.elapsed()
    );
    assert!(legal_in("startpos", &["7g7f"], &bm));
    s.send("quit");
    assert!(s.finished_within(S));
}

#[test]
fn closed_input_ends_the_loop_even_mid_search() {
    let mut s = Session::start();
    s.send("position startpos");
    s.send("go infinite");
    std::thread::sleep(Duration::from_millis(50));
    s.tx = None;
    assert!(s.finished_within(S), "the engine did not exit on EOF");
}

#[test]
fn mate_search_and_special_answers() {
    let mut s = Session::start();
    // Gold drop mate in one; then a position with no mate at all.
    s.send("position sfen 8k/9/8P/9/9/9/9/9/K8 b G 1");
    s.send("go mate 2000");
    let (cm, _) = s.expect("checkmate", S);
    assert_eq!(cm, "checkmate G*1b");
    s.send("position startpos");
    s.send("go mate 500");
    let (cm, _) = s.expect("checkmate", S);
    assert!(
        cm == "checkmate nomate" || cm == "checkmate timeout",
        "{cm}"
    );
    // Mated: no legal move.
    s.send("position sfen 7Gk/7P1/8P/9/9/9/9/9/K8 w - 1");
    s.send("go btime 0 wtime 0 byoyomi 100");
    let (bm, _) = s.expect("bestmove", S);
    assert_eq!(bm, "bestmove resign");
    // Entering-king declaration under the 27-point rule.
    let declare = "K+R+B1GGSS1/PPPPPPPPP/9/9/9/9/9/9/8k b RB2S3N3L9p 1";
    s.send(&format!("position sfen {declare}"));
    s.send("go btime 0 wtime 0 byoyomi 100");
    let (bm, _) = s.expect("bestmove", S);
    assert_eq!(bm, "bestmove win");
    s.send("setoption name EnteringKingRule value NoEnteringKing");
    s.send("isready");
    s.expect("readyok", S);
    s.send("go btime 0 wtime 0 byoyomi 100");
    let (bm, _) = s.expect("bestmove", S);
    assert!(legal_in(declare, &[], &bm), "{bm}");
    s.send("quit");
    assert!(s.finished_within(S));
}

#[test]
fn bad_input_gets_info_strings_and_the_engine_carries_on() {
    let mut s = Session::start();
    s.send("hello there");
    let (l, _) = s.expect("info string", S);
    assert!(l.contains("unknown command"), "{l}");
    s.send("go depth many");
    s.expect("info string", S);
    let (bm, _) = s.expect("bestmove", S);
    assert!(
        legal_in("startpos", &[], &bm),
        "a malformed go is still answered"
    );
    s.send("go depth 1 searchmoves 7g7f");
    let (l, _) = s.expect("info string go: ignored", S);
    assert!(l.contains("searchmoves"), "{l}");
    s.expect("bestmove", S);
    s.send("setoption name USI_Hash value -3");
    s.expect("info string", S);
    s.send("position startpos moves 7g7f 7g7f");
    s.expect("info string position", S);
    s.send("go depth 2");
    let (bm, _) = s.expect("bestmove", S);
    assert_eq!(
        bm, "bestmove resign",
        "no valid position: resign, never an illegal move"
    );
    s.send("position sfen not/a/position b - 1");
    s.expect("info string position", S);
    s.send("position startpos");
    s.send("go nodes 3000");
    let (bm, _) = s.expect("bestmove", S);
    assert!(legal_in("startpos", &[], &bm));
    s.send("quit");
    assert!(s.finished_within(S));
}

#[test]
fn book_moves_are_played_from_the_book_file() {
    let dir = std::env::temp_dir().join(format!("yomi-usi-book-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("book.db");
    std::fs::write(
        &path,
        "#YANEURAOU-DB2016 1.00\nsfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\n1g1f 9c9d 0 0 1\n",
    )
    .unwrap();
    let mut s = Session::start();
    s.send(&format!("setoption name BookFile value {}", path.display()));
    s.send("isready");
    s.expect("readyok", S);
    s.send("position startpos");
    s.send("go btime 0 wtime 0 byoyomi 100");
    let (bm, _) = s.expect("bestmove", S);
    assert_eq!(bm, "bestmove 1g1f ponder 9c9d");
    s.send("quit");
    assert!(s.finished_within(S));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn softmax_search_with_a_network_file_plays_ponders_and_stops() {
    let dir = std::env::temp_dir().join(format!("yomi-usi-softmax-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let net = dir.join("net.safetensors");
    let config = yomi_shogi_nn::NetConfig {
        channels: 8,
        layers: 4,
    };
    yomi_shogi_nn::Weights::random(config, 5)
        .unwrap()
        .save(&net)
        .unwrap();
    let mut s = Session::start();
    s.send("setoption name Search value Softmax");
    s.send("setoption name Evaluation value Network");
    s.send(&format!("setoption name EvalFile value {}", net.display()));
    s.send("setoption name SoftmaxBatch value 32");
    s.send("isready");
    let (_, before) = s.expect("readyok", S);
    assert!(
        before
            .iter()
            .any(|l| l.contains("network") && l.contains("4 layers x 8 channels")),
        "{before:?}"
    );
    s.send("usinewgame");
    s.send("position startpos moves 7g7f");
    s.send("go btime 0 wtime 0 byoyomi 300");
    let t = Instant::now();
    let (bm, infos) = s.expect("bestmove", S);
    assert!(
        t.elapsed() < Duration::from_millis(1500),
        "{:?}",
        t.elapsed()
    );
    assert!(legal_in("startpos", &["7g7f"], &bm), "{bm}");
    assert!(
        infos
            .iter()
            .any(|l| l.starts_with("info depth") && l.contains(" pv "))
    );
    // Ponder, then the predicted move is played: ponderhit turns it into the real search.
    s.send("position startpos moves 7g7f 3c3d 2g2f");
    s.send("go ponder btime 0 wtime 0 byoyomi 200");
    s.expect_silence("bestmove", Duration::from_millis(400));
    s.send("ponderhit");
    let (bm, _) = s.expect("bestmove", S);
    assert!(legal_in("startpos", &["7g7f", "3c3d", "2g2f"], &bm), "{bm}");
    // go infinite until stop.
    s.send("go infinite");
    s.expect_silence("bestmove", Duration::from_millis(300));
    s.send("stop");
    s.expect("bestmove", S);
    // No EvalFile: the network built into the binary.
    s.send("setoption name EvalFile value <empty>");
    s.send("isready");
    let (_, before) = s.expect("readyok", S);
    assert!(
        before.iter().any(|l| l.contains("network (built in)")),
        "{before:?}"
    );
    s.send("go btime 0 wtime 0 byoyomi 200");
    let (bm, _) = s.expect("bestmove", S);
    assert!(legal_in("startpos", &["7g7f", "3c3d", "2g2f"], &bm), "{bm}");
    // A missing network file is reported and the default evaluation plays.
    s.send("setoption name EvalFile value /nonexistent/net.safetensors");
    s.send("isready");
    let (_, before) = s.expect("readyok", S);
    assert!(
        before
            .iter()
            .any(|l| l.contains("EvalFile") && l.contains("Control")),
        "{before:?}"
    );
    s.send("go depth 3");
    s.expect("bestmove", S);
    s.send("quit");
    assert!(s.finished_within(S));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn control_weights_file_is_loaded_and_a_bad_one_is_reported() {
    use yomi_shogi_engine::eval::ControlWeights;
    let dir = std::env::temp_dir().join(format!("yomi-usi-control-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("good.weights");
    std::fs::write(&good, ControlWeights::initial().to_text()).unwrap();
    let bad = dir.join("bad.weights");
    std::fs::write(&bad, "yomi-control-weights 1 3\n1 2 3\n").unwrap();
    let mut s = Session::start();
    s.send("setoption name Evaluation value Control");
    s.send(&format!("setoption name EvalFile value {}", good.display()));
    s.send("isready");
    let (_, before) = s.expect("readyok", S);
    assert!(
        before.iter().any(|l| l.contains("Control weights")),
        "{before:?}"
    );
    s.send("position startpos");
    s.send("go depth 4");
    let (bm, _) = s.expect("bestmove", S);
    assert!(legal_in("startpos", &[], &bm), "{bm}");
    // A file of another feature count is refused with its reason and the
    // built-in weights play.
    s.send(&format!("setoption name EvalFile value {}", bad.display()));
    s.send("isready");
    let (_, before) = s.expect("readyok", S);
    assert!(
        before
            .iter()
            .any(|l| l.contains("line 1") && l.contains("built-in Control weights")),
        "{before:?}"
    );
    s.send("go depth 3");
    s.expect("bestmove", S);
    s.send("quit");
    assert!(s.finished_within(S));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Every `go` value not used as given is said in an `info string` and
/// clamped; a non-number gives a short search of the same kind.
#[test]
fn go_values_out_of_range_are_said_and_clamped() {
    let mut s = Session::start();
    s.send("position startpos");
    s.send("go depth -3");
    let (l, _) = s.expect("info string", S);
    assert_eq!(l, "info string go: depth -3 is outside 1..=120; using 1");
    let (bm, _) = s.expect("bestmove", S);
    assert!(legal_in("startpos", &[], &bm), "{bm}");
    s.send("go nodes -1");
    let (l, _) = s.expect("info string", S);
    assert!(l.contains("nodes -1 is outside 1..="), "{l}");
    s.expect("bestmove", S);
    s.send("go movetime -5");
    let (l, _) = s.expect("info string", S);
    assert!(l.contains("movetime -5 is outside 0..="), "{l}");
    s.expect("bestmove", S);
    s.send("go btime -1000 wtime -1000 byoyomi 100");
    let (l, _) = s.expect("info string", S);
    assert!(l.contains("btime -1000 is outside 0..="), "{l}");
    let (l, _) = s.expect("info string", S);
    assert!(l.contains("wtime -1000 is outside 0..="), "{l}");
    s.expect("bestmove", S);
    // A clock too large for the old parser: clamped, not "needs a number"
    // followed by a 100 ms search.
    s.send("go btime 18446744073709551615 wtime 0 depth 2");
    let (l, infos) = s.expect("info string", S);
    assert_eq!(
        l,
        "info string go: btime 18446744073709551615 is outside 0..=1000000000000; using 1000000000000"
    );
    assert!(infos.is_empty(), "{infos:?}");
    let (bm, infos) = s.expect("bestmove", S);
    assert!(
        !infos.iter().any(|l| l.contains("needs a number")),
        "{infos:?}"
    );
    assert!(legal_in("startpos", &[], &bm), "{bm}");
    // Not a number: the GUI still gets the answer of the `go` it sent.
    s.send("position sfen 8k/9/8P/9/9/9/9/9/K8 b G 1");
    s.send("go mate abc");
    let (l, _) = s.expect("info string go:", S);
    assert_eq!(
        l,
        "info string go: mate needs a whole number, got 'abc'; a 100 ms mate search instead"
    );
    let (cm, infos) = s.expect("checkmate", S);
    assert_eq!(cm, "checkmate G*1b");
    assert!(
        !infos.iter().any(|l| l.starts_with("bestmove")),
        "{infos:?}"
    );
    s.send("quit");
    assert!(s.finished_within(S));
}

/// Quoted input is printable: option values are quoted as text, not as Rust
/// debug output, and control bytes come back escaped.
#[test]
fn replies_quote_input_printably() {
    let mut s = Session::start();
    s.send("setoption name USI_Ponder value maybe");
    let (l, _) = s.expect("info string", S);
    assert_eq!(
        l,
        "info string setoption USI_Ponder: expected true or false, got 'maybe'"
    );
    s.send("setoption name USI_Ponder");
    let (l, _) = s.expect("info string", S);
    assert_eq!(l, "info string setoption USI_Ponder: needs a value");
    s.send("\u{1b}[2J\u{7}bell");
    let (l, _) = s.expect("info string", S);
    assert_eq!(l, "info string unknown command '\\u{1b}[2J\\u{7}bell'");
    s.send(&format!("x{}", "y".repeat(100_000)));
    let (l, _) = s.expect("info string", S);
    assert!(l.len() < 200 && l.ends_with("(100001 characters)'"), "{l}");
    s.send(&format!(
        "setoption name MultiPV value {}",
        "9".repeat(5000)
    ));
    let (l, _) = s.expect("info string", S);
    assert!(l.len() < 200, "{l}");
    s.send("quit");
    assert!(s.finished_within(S));
    let text = String::from_utf8(s.out.0.lock().unwrap().clone()).unwrap();
    assert!(
        !text.chars().any(|c| c.is_control() && c != '\n'),
        "{text:?}"
    );
}

/// One rule for `position`: a line that cannot be used in full leaves no
/// position, whether its syntax, its SFEN or one of its moves is wrong, and
/// `go` and `go mate` then give their own give-up answers.
#[test]
fn an_unusable_position_line_leaves_no_position() {
    let mut s = Session::start();
    for bad in [
        "position startpos foo 7g7f",
        "position startpos moves 7g7f 7g7f",
        "position sfen 45/9/9/9/9/9/9/9/4K4 b - 1",
        "position",
    ] {
        s.send("position startpos moves 2g2f");
        s.send(bad);
        let (l, _) = s.expect("info string position", S);
        assert!(!l.contains('\u{1b}'), "{l}");
        s.send("go depth 2");
        let (l, _) = s.expect("info string", S);
        assert_eq!(l, "info string go: no valid position", "after {bad}");
        let (bm, _) = s.expect("bestmove", S);
        assert_eq!(bm, "bestmove resign", "after {bad}");
        s.send("go mate 100");
        let (l, _) = s.expect("info string", S);
        assert_eq!(l, "info string go: no valid position", "after {bad}");
        let (cm, before) = s.expect("checkmate", S);
        assert_eq!(cm, "checkmate nomate", "after {bad}");
        assert!(!before.iter().any(|l| l.starts_with("bestmove")));
    }
    let (l, _) = {
        s.send("position startpos foo 7g7f");
        s.expect("info string position", S)
    };
    assert_eq!(
        l,
        "info string position: 'foo' after 'startpos' (expected 'moves')"
    );
    s.send("position startpos moves 7g\u{1b}7f");
    let (l, _) = s.expect("info string position", S);
    assert!(l.contains("\\u{1b}"), "{l}");
    s.send("quit");
    assert!(s.finished_within(S));
}

/// A network file with NaN weights (a diverged training run) is refused at
/// `isready` with an `info string`, and the default evaluation plays (it
/// used to load without a word and play with score 0).
#[test]
fn a_network_with_nan_weights_is_refused_and_the_default_plays() {
    let dir = std::env::temp_dir().join(format!("yomi-usi-nan-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let net = dir.join("nan.safetensors");
    let config = yomi_shogi_nn::NetConfig {
        channels: 4,
        layers: 4,
    };
    let mut w = yomi_shogi_nn::Weights::random(config, 3).unwrap();
    w.fc_bias = 0.123_456_7;
    let mut bytes = w.to_bytes().unwrap();
    let pattern = 0.123_456_7f32.to_le_bytes();
    let at = bytes.windows(4).rposition(|b| b == pattern).unwrap();
    bytes[at..at + 4].copy_from_slice(&f32::NAN.to_le_bytes());
    std::fs::write(&net, bytes).unwrap();
    let mut s = Session::start();
    s.send("setoption name Evaluation value Network");
    s.send(&format!("setoption name EvalFile value {}", net.display()));
    s.send("isready");
    let (_, before) = s.expect("readyok", S);
    assert!(
        before.iter().any(|l| l.starts_with("info string EvalFile")
            && l.contains("not finite")
            && l.contains("using the Control evaluation")),
        "{before:?}"
    );
    s.send("position startpos");
    s.send("go depth 3");
    let (bm, _) = s.expect("bestmove", S);
    assert!(legal_in("startpos", &[], &bm), "{bm}");
    s.send("quit");
    assert!(s.finished_within(S));
    let _ = std::fs::remove_dir_all(&dir);
}

/// `Evaluation NNUE` plays with the built-in net where `EvalDir` has no `nn.bin`, reads
/// `nn.bin` from `EvalDir` (or `EvalFile`) where there is one, plays with it, and answers
/// a truncated file with an `info string` and the default evaluation.
#[test]
fn an_nnue_net_in_eval_dir_plays_and_a_truncated_one_is_refused() {
    use yomi_shogi_engine::eval::nnue::Nnue;
    let dir = std::env::temp_dir().join(format!("yomi-usi-nnue-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let _ = std::fs::remove_file(dir.join("nn.bin"));

    let mut s = Session::start();
    s.send("setoption name Evaluation value NNUE");
    s.send(&format!("setoption name EvalDir value {}", dir.display()));
    s.send("isready");
    let (_, before) = s.expect("readyok", S);
    assert!(
        before
            .iter()
            .any(|l| l.starts_with("info string NNUE: no ") && l.contains("the built-in net")),
        "{before:?}"
    );
    s.send("position startpos");
    s.send("go depth 4");
    let (bm, _) = s.expect("bestmove", S);
    assert!(legal_in("startpos", &[], &bm), "{bm}");

    Nnue::random(4).write(&dir.join("nn.bin")).unwrap();
    let bytes = std::fs::read(dir.join("nn.bin")).unwrap();
    let short = dir.join("short.bin");
    std::fs::write(&short, &bytes[..bytes.len() - 1]).unwrap();
    // Another EvalDir value, so the options differ and the net is loaded again.
    s.send(&format!("setoption name EvalDir value {}/", dir.display()));
    s.send("setoption name FV_SCALE value 24");
    s.send("isready");
    let (_, before) = s.expect("readyok", S);
    assert!(
        before.iter().any(|l| l.starts_with("info string NNUE ")
            && l.contains("halfKP")
            && l.contains("FV_SCALE 24")),
        "{before:?}"
    );
    s.send("position startpos moves 7g7f");
    s.send("go depth 4");
    let (bm, _) = s.expect("bestmove", S);
    assert!(legal_in("startpos", &["7g7f"], &bm), "{bm}");

    s.send(&format!(
        "setoption name EvalFile value {}",
        short.display()
    ));
    s.send("isready");
    let (_, before) = s.expect("readyok", S);
    assert!(
        before.iter().any(|l| l.starts_with("info string NNUE")
            && l.contains("64217065 bytes")
            && l.contains("using the Control evaluation")),
        "{before:?}"
    );
    s.send("position startpos");
    s.send("go depth 3");
    let (bm, _) = s.expect("bestmove", S);
    assert!(legal_in("startpos", &[], &bm), "{bm}");
    s.send("quit");
    assert!(s.finished_within(S));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Two search threads (Lazy SMP): a timed move, ponder then ponderhit, go infinite
/// then stop, a depth limit, a mate search and MultiPV all answer as with one, with
/// legal moves; the reported nodes include the helper's; `Threads 0` is refused.
#[test]
fn two_threads_play_ponder_stop_and_mate() {
    let mut s = Session::start();
    s.send("setoption name Threads value 0");
    s.expect("info string", S);
    s.send("setoption name Threads value 2");
    s.send("setoption name USI_Hash value 16");
    s.send("setoption name NetworkDelay value 300");
    s.send("isready");
    s.expect("readyok", S);
    s.send("usinewgame");
    s.send("position startpos moves 7g7f 3c3d");
    s.send("go btime 0 wtime 0 byoyomi 1000");
    let t = Instant::now();
    let (bm, infos) = s.expect("bestmove", S);
    assert!(
        t.elapsed() < Duration::from_millis(1000),
        "{:?}",
        t.elapsed()
    );
    assert!(legal_in("startpos", &["7g7f", "3c3d"], &bm));
    assert!(
        infos.iter().any(|l| l.starts_with("info depth")),
        "{infos:?}"
    );
    s.send("go ponder btime 0 wtime 0 byoyomi 1000");
    s.expect_silence("bestmove", Duration::from_millis(300));
    s.send("ponderhit");
    let (bm, _) = s.expect("bestmove", S);
    assert!(legal_in("startpos", &["7g7f", "3c3d"], &bm));
    s.send("go infinite");
    s.expect_silence("bestmove", Duration::from_millis(300));
    s.send("stop");
    let (bm, _) = s.expect("bestmove", S);
    assert!(legal_in("startpos", &["7g7f", "3c3d"], &bm));
    s.send("position startpos");
    s.send("go depth 6");
    let (bm, infos) = s.expect("bestmove", S);
    assert!(legal_in("startpos", &[], &bm));
    let depths: Vec<&String> = infos
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .collect();
    assert!(
        depths
            .last()
            .is_some_and(|l| l.starts_with("info depth 6 ")),
        "{depths:?}"
    );
    // The mate solver is not threaded; it answers as with one thread.
    s.send("position sfen 8k/9/8P/9/9/9/9/9/K8 b G 1");
    s.send("go mate 2000");
    let (line, _) = s.expect("checkmate", S);
    assert_eq!(line, "checkmate G*1b");
    // A node limit counts both threads' nodes: the search stops near it, not at twice it.
    s.send("position startpos");
    s.send("go nodes 200000");
    let (bm, infos) = s.expect("bestmove", S);
    assert!(legal_in("startpos", &[], &bm));
    let nodes: Vec<u64> = infos
        .iter()
        .filter_map(|l| l.split(" nodes ").nth(1)?.split(' ').next()?.parse().ok())
        .collect();
    assert!(nodes.last().is_some_and(|&n| n < 300_000), "{nodes:?}");
    s.send("setoption name MultiPV value 3");
    s.send("position startpos");
    s.send("go depth 4");
    let (bm, infos) = s.expect("bestmove", S);
    assert!(legal_in("startpos", &[], &bm));
    assert!(infos.iter().any(|l| l.contains("multipv 3")), "{infos:?}");
    s.send("quit");
    assert!(s.finished_within(S));
}
