//! The child processes yomi starts (Xmas Rush bots, USI engines): each in a
//! process group of its own, killed as a whole, with its stderr drained into
//! a bounded tail.
//!
//! Contract: [`ChildGroup::spawn`] starts a command with stdin and stdout
//! piped (the caller takes them), stderr read by a thread that keeps only
//! the last [`STDERR_TAIL`] bytes (and counts the rest), as the leader of a
//! new process group, and lists the group in a process-wide registry.
//! [`ChildGroup::kill`] — also run on drop — sends SIGKILL to the whole
//! group (the program and everything it started that stayed in the group:
//! a `sh -c` line's commands, a forked helper), takes it off the registry
//! and only then reaps the leader. [`kill_all`] kills every listed group
//! and refuses later spawns: it is for yomi's exit paths (Ctrl-C, SIGTERM,
//! a panic), which end the process right after. A program that starts
//! children arms those paths with [`on_first_spawn`]: the hook runs once,
//! before the first group starts, so runs that start none keep the
//! default signal behaviour.
//!
//! Why the leader is reaped last: until it is reaped, the group's id stays
//! reserved by the kernel, so an id the registry lists always names one of
//! our groups and never a stranger's that reused the number.
//!
//! Not covered: a descendant that leaves the group on purpose (`setsid`, a
//! daemon's double fork), and yomi itself killed by SIGKILL (no code of ours
//! runs then). `PR_SET_PDEATHSIG` is not used for the latter: it fires when
//! the spawning *thread* ends, not the process, so a group started by one
//! thread and used by another would be killed under it, and it reaches only
//! the direct child, not the rest of its group.

use std::collections::VecDeque;
use std::io::{self, Read};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, Once, OnceLock};
use std::time::{Duration, Instant};

/// How many bytes of a child's stderr are kept: the end of what it wrote.
pub const STDERR_TAIL: usize = 4096;

/// Whether `pid` is a process that still runs: not gone and not a zombie
/// waiting to be reaped. Read from Linux's `/proc`; false where it is absent.
/// For checks that nothing yomi started survives (its tests, the process-tree
/// check).
///
/// ```
/// assert!(yomi_core::process::is_running(std::process::id()) || !cfg!(target_os = "linux"));
/// ```
pub fn is_running(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .ok()
        .and_then(|t| {
            // The state follows the command name, which may itself hold spaces and ')'.
            let state = t[t.rfind(')')? + 1..]
                .split_whitespace()
                .next()?
                .to_string();
            Some(state != "Z" && state != "X")
        })
        .unwrap_or(false)
}

/// The process groups yomi started and has not yet killed.
struct Registry {
    /// Group ids (the leaders' pids).
    live: Vec<u32>,
    /// Set by [`kill_all`]: yomi is exiting, no more children.
    closing: bool,
}

static REGISTRY: Mutex<Registry> = Mutex::new(Registry {
    live: Vec::new(),
    closing: false,
});

/// The registry, even after a panic elsewhere poisoned its lock (the list
/// stays consistent: every critical section below is a push or a retain).
fn registry() -> MutexGuard<'static, Registry> {
    REGISTRY.lock().unwrap_or_else(|p| p.into_inner())
}

static FIRST_SPAWN_HOOK: OnceLock<fn()> = OnceLock::new();
static FIRST_SPAWN: Once = Once::new();

/// Sets what runs once, just before the first [`ChildGroup::spawn`] of the
/// process (the CLI installs its signal handlers there); only the first
/// call sets it.
pub fn on_first_spawn(hook: fn()) {
    let _ = FIRST_SPAWN_HOOK.set(hook);
}

/// Kills every process group yomi started and still lists, and refuses any
/// later [`ChildGroup::spawn`]: the exit paths call it just before the
/// process ends (the groups' owners are not told; their leaders are reaped
/// by whoever adopts them).
pub fn kill_all() {
    let mut reg = registry();
    reg.closing = true;
    for &id in &reg.live {
        kill_group(id);
    }
}

/// The ids of the process groups started and not yet killed (what
/// [`kill_all`] would kill).
pub fn live_groups() -> Vec<u32> {
    registry().live.clone()
}

/// Sends SIGKILL to process group `id`.
#[cfg(unix)]
#[allow(unsafe_code)]
fn kill_group(id: u32) {
    // 0 and 1 would name our own group and every process we may signal:
    // never a child's group id, but checked, since the call cannot be undone.
    let Some(pgid) = libc::pid_t::try_from(id).ok().filter(|&p| p > 1) else {
        return;
    };
    // SAFETY: kill(2) takes two integers and touches no memory of ours. A
    // negative pid names a process group; `pgid` is the pid of a child we
    // started as its group's leader and have not reaped yet (callers kill
    // before they wait, see the module contract), so the id is still ours.
    // Errors (the group already gone: ESRCH) need no handling.
    unsafe {
        libc::kill(-pgid, libc::SIGKILL);
    }
}

/// Without process groups, only the direct child is killed (by its owner).
#[cfg(not(unix))]
fn kill_group(_id: u32) {}

/// The end of a child's stderr.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StderrTail {
    /// The last [`STDERR_TAIL`] bytes (or fewer), as text (invalid UTF-8
    /// replaced).
    pub text: String,
    /// Every byte the child wrote to stderr, kept or not.
    pub total: u64,
}

impl StderrTail {
    /// The last line that holds something, trimmed (`None` when stderr was
    /// empty): what a message about a failed child quotes.
    pub fn last_line(&self) -> Option<&str> {
        self.text.lines().map(str::trim).rfind(|l| !l.is_empty())
    }
}

/// What the stderr thread shares with the owner.
#[derive(Default)]
struct Tail {
    state: Mutex<TailState>,
    /// Signalled when the child's stderr reaches its end.
    closed: Condvar,
}

#[derive(Default)]
struct TailState {
    bytes: VecDeque<u8>,
    total: u64,
    closed: bool,
}

impl Tail {
    fn lock(&self) -> MutexGuard<'_, TailState> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Reads `from` to its end, keeping the last [`STDERR_TAIL`] bytes.
    fn drain(&self, mut from: impl Read) {
        let mut buf = [0u8; 8192];
        loop {
            match from.read(&mut buf) {
                Ok(0) => break,
                Ok(n) => {
                    let mut s = self.lock();
                    s.total += n as u64;
                    let chunk = &buf[n.saturating_sub(STDERR_TAIL)..n];
                    let over = (s.bytes.len() + chunk.len()).saturating_sub(STDERR_TAIL);
                    s.bytes.drain(..over);
                    s.bytes.extend(chunk);
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(_) => break,
            }
        }
        self.lock().closed = true;
        self.closed.notify_all();
    }
}

/// A child process that leads its own process group (see the module
/// contract). Dropping it kills the group.
pub struct ChildGroup {
    child: Child,
    tail: Arc<Tail>,
    /// The leader was reaped (after its group was killed).
    reaped: bool,
}

impl ChildGroup {
    /// Starts `command` as the leader of a new process group with stdin and
    /// stdout piped (take them with [`ChildGroup::take_stdin`] and
    /// [`ChildGroup::take_stdout`]) and stderr drained into a bounded tail
    /// ([`ChildGroup::stderr`]). Fails as `Command::spawn` does, or when
    /// yomi is exiting ([`kill_all`] was called).
    pub fn spawn(command: &mut Command) -> io::Result<ChildGroup> {
        command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(command, 0);
        FIRST_SPAWN.call_once(|| {
            if let Some(hook) = FIRST_SPAWN_HOOK.get() {
                hook();
            }
        });
        let mut child = {
            // Spawned and listed under one lock, so `kill_all` cannot run
            // between the two and miss the group.
            let mut reg = registry();
            if reg.closing {
                return Err(io::Error::other("yomi is exiting: no new processes"));
            }
            let child = command.spawn()?;
            reg.live.push(child.id());
            child
        };
        let tail = Arc::new(Tail::default());
        let stderr = child.stderr.take().expect("stderr was piped");
        let drain = Arc::clone(&tail);
        let started = std::thread::Builder::new()
            .name(format!("stderr-{}", child.id()))
            .spawn(move || drain.drain(stderr));
        let mut group = ChildGroup {
            child,
            tail,
            reaped: false,
        };
        if let Err(e) = started {
            group.kill();
            return Err(e);
        }
        Ok(group)
    }

    /// The group's id, which is the leader's pid.
    pub fn id(&self) -> u32 {
        self.child.id()
    }

    /// The child's stdin (once; `None` after).
    pub fn take_stdin(&mut self) -> Option<ChildStdin> {
        self.child.stdin.take()
    }

    /// The child's stdout (once; `None` after).
    pub fn take_stdout(&mut self) -> Option<ChildStdout> {
        self.child.stdout.take()
    }

    /// What the child wrote to stderr so far: its last [`STDERR_TAIL`]
    /// bytes and the total.
    pub fn stderr(&self) -> StderrTail {
        let s = self.tail.lock();
        let (a, b) = s.bytes.as_slices();
        let mut bytes = Vec::with_capacity(a.len() + b.len());
        bytes.extend_from_slice(a);
        bytes.extend_from_slice(b);
        StderrTail {
            text: String::from_utf8_lossy(&bytes).into_owned(),
            total: s.total,
        }
    }

    /// Waits up to `timeout` for the child's stderr to reach its end (every
    /// process of the group that held it has exited, e.g. after
    /// [`ChildGroup::kill`]); true if it did. Then [`ChildGroup::stderr`] holds
    /// everything the group wrote.
    pub fn wait_stderr_closed(&self, timeout: Duration) -> bool {
        let deadline = Instant::now() + timeout;
        let mut s = self.tail.lock();
        while !s.closed {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return false;
            }
            s = self
                .tail
                .closed
                .wait_timeout(s, left)
                .unwrap_or_else(|p| p.into_inner())
                .0;
        }
        true
    }

    /// Kills the whole group (SIGKILL), takes it off the registry and reaps
    /// the leader. Does nothing the second time.
    pub fn kill(&mut self) {
        if self.reaped {
            return;
        }
        {
            let mut reg = registry();
            let id = self.child.id();
            kill_group(id);
            reg.live.retain(|&g| g != id);
        }
        // Without process groups (not Unix) this is the only kill.
        let _ = self.child.kill();
        let _ = self.child.wait();
        self.reaped = true;
    }
}

impl Drop for ChildGroup {
    fn drop(&mut self) {
        self.kill();
    }
}
