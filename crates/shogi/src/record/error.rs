//! Typed errors of the record readers: the line (1-based), the line's text
//! (cut to 60 characters) and what is wrong with it.

use crate::error::SfenError;
use crate::types::Move;
use thiserror::Error;

/// A CSA record that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("CSA line {line}: {kind} (in '{text}')")]
pub struct CsaError {
    /// 1-based line number.
    pub line: usize,
    /// The offending statement, cut to a readable length.
    pub text: String,
    /// What is wrong with it.
    pub kind: CsaErrorKind,
}

/// What is wrong with a CSA statement.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CsaErrorKind {
    /// A board square that is neither ` * ` nor a sign and a piece code.
    #[error("a square is ' * ' or '+'/'-' and a piece code")]
    Square,
    /// A piece code that is not one of FU KY KE GI KI KA HI OU TO NY NK NG UM RY.
    #[error("unknown piece code")]
    Piece,
    /// A hand statement (`P+`, `P-`) that is not a list of `00` and a piece code.
    #[error("hand items are '00' and a piece code (00FU); 'AL' is not supported")]
    Hand,
    /// A statement this reader does not know.
    #[error("not a CSA statement this reader supports")]
    Statement,
    /// A move that is not a sign, two squares and a piece code.
    #[error("a move is a sign, origin, destination and piece code (+7776FU, +0055KA)")]
    MoveSyntax,
    /// A move by the side not to move.
    #[error("the sign is not the side to move")]
    Sign,
    /// A move whose piece code is neither the piece on the origin nor its
    /// promotion.
    #[error("the piece code does not match the piece on the origin")]
    PieceMismatch,
    /// A well-formed move that the rules do not allow here.
    #[error("illegal move ({0})")]
    Illegal(Move),
    /// A `T` line that is not a number of seconds.
    #[error("a time is 'T' and seconds (T12)")]
    Time,
    /// The board and hands are not a position shogi can have.
    #[error("bad start position: {0}")]
    Start(SfenError),
}

/// A KIF record that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("KIF line {line}: {kind} (in '{text}')")]
pub struct KifError {
    /// 1-based line number.
    pub line: usize,
    /// The offending line, cut to a readable length.
    pub text: String,
    /// What is wrong with it.
    pub kind: KifErrorKind,
}

/// What is wrong with a KIF line.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum KifErrorKind {
    /// A line that is none of header, board, move, ending, comment.
    #[error("not a KIF line this reader knows")]
    Line,
    /// A `手合割` this reader has no start position for.
    #[error("unknown handicap")]
    Handicap,
    /// A board diagram row that is not nine squares between bars.
    #[error("a board row is '|', nine squares (' ・', ' 歩', 'v歩') and '|' with the rank")]
    BoardRow,
    /// Board rows missing, repeated or out of order.
    #[error("the board diagram needs its nine rows in order")]
    Board,
    /// A hand that is not piece names with counts, or `なし`.
    #[error("a hand is piece names with counts (歩二　金) or なし")]
    Hand,
    /// A move number out of sequence.
    #[error("expected move number {0}")]
    MoveNumber(usize),
    /// Move text that is not KIF move notation.
    #[error("not a KIF move (７六歩(77), 同　銀(31), ４五角打, ２二角成(88))")]
    MoveSyntax,
    /// `同` on the first move.
    #[error("'同' with no previous move")]
    Same,
    /// A piece name that is not the piece on the origin (or in hand).
    #[error("the piece named is not the one that moves")]
    PieceMismatch,
    /// A well-formed move that the rules do not allow here.
    #[error("illegal move ({0})")]
    Illegal(Move),
    /// A time that is not `( m:ss/h:mm:ss)`.
    #[error("a time is ( m:ss/hh:mm:ss)")]
    Time,
    /// A move after the ending line.
    #[error("a move after the game's end")]
    AfterEnd,
    /// The board and hands are not a position shogi can have.
    #[error("bad start position: {0}")]
    Start(SfenError),
}
