//! Exit codes, decided in one place: 0 success, 1 a failure while running (a write that
//! fails, a solver or runtime error), 2 bad usage or bad input (a bad flag value, an
//! unreadable or malformed input file, an unknown name or id), as the README promises.
//!
//! Contract: [`exit_code`] is the only function that chooses between 1 and 2. An error is bad
//! input when its chain holds a [`UsageError`] (what a command marks with [`usage`] or
//! [`BadInput`] where it reads the user's flags and files) or a library error that can only
//! come from the user's input ([`is_bad_input`], the one list of them). Anything else exits 1,
//! so a failure a command did not foresee is never blamed on the user. Marking never changes
//! a message: `error: {err:#}` prints the same text with or without it.

use std::error::Error;
use std::fmt;

/// A user error (bad value, bad file, unknown name): exit code 2.
#[derive(Debug)]
pub struct UsageError(Cause);

/// What a [`UsageError`] says.
#[derive(Debug)]
enum Cause {
    /// A message of the command's own.
    Message(String),
    /// An error from reading the user's input, shown as it is (its chain included).
    Error(anyhow::Error),
}

impl fmt::Display for UsageError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match &self.0 {
            Cause::Message(m) => f.write_str(m),
            // The wrapped error's own message; its causes follow through `source`.
            Cause::Error(e) => write!(f, "{e}"),
        }
    }
}

impl Error for UsageError {
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        match &self.0 {
            Cause::Message(_) => None,
            Cause::Error(e) => {
                let outer: &(dyn Error + 'static) = e.as_ref();
                outer.source()
            }
        }
    }
}

/// Wraps a message as a [`UsageError`].
pub fn usage(msg: impl Into<String>) -> anyhow::Error {
    anyhow::Error::new(UsageError(Cause::Message(msg.into())))
}

/// Marks a library error that only the user's input causes as a [`UsageError`] (exit code 2),
/// keeping its text and its chain, so its cause is printed once by `{err:#}` (where
/// `crate::usage::bad_input(e)` would flatten the error and drop a `source()` such as an OS error).
pub fn bad_input(e: impl Into<anyhow::Error>) -> anyhow::Error {
    anyhow::Error::new(UsageError(Cause::Error(e.into())))
}

/// Marks a failure to read the user's input as bad input (exit code 2), keeping its text.
pub trait BadInput<T> {
    /// The error, unchanged, is bad input.
    fn bad_input(self) -> anyhow::Result<T>;
    /// Like [`anyhow::Context::with_context`], and the error is bad input.
    fn with_bad_input_context<C, F>(self, context: F) -> anyhow::Result<T>
    where
        C: fmt::Display + Send + Sync + 'static,
        F: FnOnce() -> C;
}

impl<T, E: Into<anyhow::Error>> BadInput<T> for Result<T, E> {
    fn bad_input(self) -> anyhow::Result<T> {
        self.map_err(|e| anyhow::Error::new(UsageError(Cause::Error(e.into()))))
    }

    fn with_bad_input_context<C, F>(self, context: F) -> anyhow::Result<T>
    where
        C: fmt::Display + Send + Sync + 'static,
        F: FnOnce() -> C,
    {
        self.map_err(|e| {
            let e: anyhow::Error = e.into();
            anyhow::Error::new(UsageError(Cause::Error(e.context(context()))))
        })
    }
}

/// The exit code of a command that failed with `err`: 2 for bad usage or input, else 1.
pub fn exit_code(err: &anyhow::Error) -> u8 {
    if err.chain().any(is_bad_input) { 2 } else { 1 }
}

/// True for a [`UsageError`] and for the library errors that only the user's input causes
/// (malformed files and values, unknown names); false for failures while running (I/O on
/// outputs, a solution that does not replay, data embedded in the program).
pub fn is_bad_input(e: &(dyn Error + 'static)) -> bool {
    use yomi_freecell::FreecellError as Fc;
    use yomi_party::PartyError as Party;
    if e.is::<UsageError>()
        || e.is::<yomi_freecell::deal::DealRangeError>()
        || e.is::<yomi_freecell::solve::reproduce::ParamsError>()
        || e.is::<yomi_deck::formats::FormatError>()
        || e.is::<yomi_deck::request::RequestError>()
        || e.is::<yomi_deck::request::AttributeError>()
        || e.is::<yomi_deck::load::LoadError>()
        || e.is::<yomi_deck::generate::GenerateError>()
        || e.is::<yomi_xmasrush::bots::SpecError>()
        || e.is::<yomi_xmasrush::UnknownLeague>()
    {
        return true;
    }
    // A deal's error inside `FreecellError::InDeal` comes boxed.
    if let Some(e) = e.downcast_ref::<Box<Fc>>() {
        return is_bad_input(e.as_ref());
    }
    if let Some(e) = e.downcast_ref::<Fc>() {
        return matches!(
            e,
            Fc::DealOutOfRange(_)
                | Fc::Layout(_)
                | Fc::Parse { .. }
                | Fc::Deck(_)
                | Fc::MoveSyntax(..)
        );
    }
    if let Some(e) = e.downcast_ref::<Party>() {
        return matches!(
            e,
            Party::UnknownProfile(..)
                | Party::BadParty { .. }
                | Party::BadDataset { .. }
                | Party::Params(_)
        );
    }
    if let Some(e) = e.downcast_ref::<yomi_deck::bench::BenchError>() {
        use yomi_deck::bench::BenchError as Bench;
        return matches!(e, Bench::NothingToMeasure | Bench::Load(_));
    }
    if let Some(e) = e.downcast_ref::<yomi_xmasrush::player::PlayerError>() {
        return matches!(e, yomi_xmasrush::player::PlayerError::Spec(_));
    }
    if let Some(e) = e.downcast_ref::<yomi_xmasrush::botio::BotIoError>() {
        use yomi_xmasrush::botio::BotIoError as Bot;
        return matches!(e, Bot::Input { .. } | Bot::Line { .. });
    }
    if let Some(e) = e.downcast_ref::<yomi_xmasrush::export::ExportError>() {
        return matches!(e, yomi_xmasrush::export::ExportError::Spec(_));
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use anyhow::Context;

    fn io(kind: std::io::ErrorKind) -> std::io::Error {
        std::io::Error::new(kind, "disk full")
    }

    #[test]
    fn marks_decide_the_code_and_keep_the_text() {
        let runtime: anyhow::Result<()> = Err(io(std::io::ErrorKind::Other)).context("writing x");
        let runtime = runtime.unwrap_err();
        assert_eq!(exit_code(&runtime), 1);
        let marked: anyhow::Result<()> =
            Err::<(), _>(io(std::io::ErrorKind::NotFound)).with_bad_input_context(|| "reading x");
        let marked = marked.context("loading").unwrap_err();
        assert_eq!(exit_code(&marked), 2);
        assert_eq!(format!("{marked:#}"), "loading: reading x: disk full");
        let plain: anyhow::Result<()> = Err(anyhow::anyhow!("inner")).context("outer").bad_input();
        assert_eq!(format!("{:#}", plain.unwrap_err()), "outer: inner");
        assert_eq!(exit_code(&usage("--games must be at least 1")), 2);
    }

    #[test]
    fn library_errors_are_classified_by_what_went_wrong() {
        let parse =
            anyhow::Error::new(yomi_freecell::FreecellError::Layout("x".into())).context("deal 5");
        assert_eq!(exit_code(&parse), 2);
        let replay = anyhow::Error::new(yomi_freecell::FreecellError::IllegalMove {
            mv: "1a".into(),
            why: "x".into(),
        });
        assert_eq!(exit_code(&replay), 1);
        let in_deal = |e| {
            anyhow::Error::new(yomi_freecell::FreecellError::InDeal {
                deal: 5,
                source: Box::new(e),
            })
        };
        let layout = yomi_freecell::FreecellError::Layout("x".into());
        assert_eq!(exit_code(&in_deal(layout)), 2);
        let illegal = yomi_freecell::FreecellError::IllegalMove {
            mv: "1a".into(),
            why: "x".into(),
        };
        assert_eq!(
            format!("{:#}", in_deal(illegal.clone())),
            "deal 5: illegal move 1a: x"
        );
        assert_eq!(exit_code(&in_deal(illegal)), 1);
        let write = anyhow::Error::new(yomi_party::PartyError::Io {
            path: "p".into(),
            err: io(std::io::ErrorKind::Other),
        });
        assert_eq!(exit_code(&write), 1);
        let bad = anyhow::Error::new(yomi_party::PartyError::Params("alphas".into()));
        assert_eq!(exit_code(&bad), 2);
    }
}
