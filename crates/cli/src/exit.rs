//! How yomi ends, whatever the command: the child process groups it started
//! (bots, engines: yomi-core's `process`) never outlive it, and a closed
//! stdout is not an error.
//!
//! Contract ([`install`], before any command runs):
//! - Ctrl-C (SIGINT), SIGTERM, SIGHUP: every group is killed, then yomi
//!   exits with 128 + the signal's number (130, 143, 129), the code a shell
//!   gives a process that signal ended. The handlers are armed when the
//!   first child starts (yomi-core's `on_first_spawn`); a run that starts
//!   none keeps the default behaviour (`deck serve` its graceful shutdown).
//! - A panic: yomi is built to unwind (every profile, release included:
//!   ARCHITECTURE.md, "Panics in release builds"), so a panic in one player
//!   is caught by the match's game loop and must not touch the children of
//!   other games: the hook leaves them, and `main` kills every group when a
//!   panic reaches it ([`panicked`]). Should a build set `panic = "abort"`,
//!   nothing runs after the hook, so the hook kills the groups itself.
//! - stdout closed early (`yomi shogi perft 3 --divide | head -1`): the one
//!   broken-pipe rule of every command: kill the groups, exit 0, print
//!   nothing ([`closed_stdout`]). `print!`/`println!` panic when their write
//!   fails; the panic hook recognises that panic (std's "failed printing to
//!   stdout" with the EPIPE error) and takes this exit. Commands that write
//!   through a `Write` (a `BufWriter`, a bot loop) use [`stdout`], whose
//!   writes take the same exit. A hook rather than one output helper
//!   everywhere: `println!` is in every command, and the hook covers each
//!   of them, present and future, without a rule to remember.

use std::io::{self, Write};
use std::panic::PanicHookInfo;
use yomi_core::process::{kill_all, on_first_spawn};

/// Sets the panic hook and arms the signal handlers for the first child
/// (see the module contract).
pub fn install() {
    let report = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if is_closed_stdout(info) {
            closed_stdout();
        }
        if cfg!(panic = "abort") {
            kill_all();
        }
        report(info);
    }));
    on_first_spawn(handle_signals);
}

/// Kills every child group, then exits 0 without a word: stdout was closed
/// by its reader, so nobody wants the rest.
pub fn closed_stdout() -> ! {
    kill_all();
    std::process::exit(0)
}

/// A panic reached `main` (it was reported by the hook): every child group
/// is killed; the exit code is the one Rust gives a panic.
pub fn panicked() -> u8 {
    kill_all();
    101
}

/// Whether the panic is `print!`/`println!` failing on a closed stdout.
fn is_closed_stdout(info: &PanicHookInfo<'_>) -> bool {
    // std formats that panic's message into a `String` for the hook
    // (`payload_as_str` would say it shorter, but needs Rust 1.91).
    let payload = info.payload();
    let Some(message) = payload
        .downcast_ref::<String>()
        .map(String::as_str)
        .or_else(|| payload.downcast_ref::<&str>().copied())
        .and_then(|m| m.strip_prefix("failed printing to stdout: "))
    else {
        return false;
    };
    message == io::Error::from_raw_os_error(libc::EPIPE).to_string()
}

/// Starts the thread that waits for SIGINT, SIGTERM or SIGHUP, kills every
/// child group and exits with 128 + the signal. Without it (the handlers
/// could not be set), the signals keep their default action and a warning
/// says so.
fn handle_signals() {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    let armed = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP]).and_then(|mut s| {
        std::thread::Builder::new()
            .name("signals".into())
            .spawn(move || {
                if let Some(signal) = s.forever().next() {
                    kill_all();
                    std::process::exit(128 + signal);
                }
            })
            .map(drop)
    });
    if let Err(e) = armed {
        tracing::warn!("cannot handle Ctrl-C ({e}): child processes may outlive an interrupt");
    }
}

/// Stdout for commands that write through a `Write`: a write or flush that
/// finds the pipe closed ends yomi as [`closed_stdout`] does; other errors
/// are returned.
pub fn stdout() -> ClosedStdoutExits<io::StdoutLock<'static>> {
    ClosedStdoutExits(io::stdout().lock())
}

/// See [`stdout`].
pub struct ClosedStdoutExits<W>(W);

impl<W: Write> ClosedStdoutExits<W> {
    fn checked<T>(r: io::Result<T>) -> io::Result<T> {
        match r {
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => closed_stdout(),
            r => r,
        }
    }
}

impl<W: Write> Write for ClosedStdoutExits<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        Self::checked(self.0.write(buf))
    }

    fn flush(&mut self) -> io::Result<()> {
        Self::checked(self.0.flush())
    }
}
