//! Battle-log sinks. The battle loop asks `L::ENABLED` before formatting any
//! line, so the [`NoLog`] sink compiles the logging away entirely.

/// A destination for battle-log lines.
pub trait BattleLog {
    /// Whether lines are wanted at all (checked at compile time).
    const ENABLED: bool;
    /// Records one line.
    fn line(&mut self, line: String);
}

/// Discards everything; used by the experiment's hot loop.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoLog;

impl BattleLog for NoLog {
    const ENABLED: bool = false;
    #[inline]
    fn line(&mut self, _line: String) {}
}

/// Keeps every line, for `--log` and tests.
#[derive(Clone, Debug, Default)]
pub struct TextLog {
    /// The lines so far.
    pub lines: Vec<String>,
}

impl BattleLog for TextLog {
    const ENABLED: bool = true;
    fn line(&mut self, line: String) {
        self.lines.push(line);
    }
}
