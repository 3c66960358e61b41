//! [`ShogiGame`]: shogi as a [`yomi_search::Game`] for the generic strategies.
//!
//! Contract: a copy-make state (position plus a fixed-size history window, no
//! heap data, so `clone` never allocates). The game ends, seen from the side
//! to move, when it has no legal move (checkmate: loss), by sennichite
//! (fourfold repetition: draw; the side that checked on every move of the
//! cycle loses), when the side to move satisfies the entering-king
//! declaration condition (it declares and wins; under the 24-point rule a
//! 24-30 point declaration is a draw), or when the configured maximum number
//! of plies has been played (draw). Repetition is detected within the last
//! [`HISTORY`] positions, which covers every fourfold repetition whose cycle
//! is at most 21 plies long; longer cycles are not detected (documented
//! trade-off for allocation-free cloning). The outcome and its
//! [`Termination`] (checkmate, repetition, perpetual check, declaration,
//! ply limit) are computed once per [`Game::play`], so [`Game::outcome`]
//! and [`ShogiGame::termination`] are O(1).

use crate::SfenError;
use crate::movegen::{MoveList, generate_legal};
use crate::position::Position;
use crate::rules::{Declaration, DeclarationRule, Repetition, repetition};
use crate::termination::Termination;
use crate::types::{Color, Kind, Move};
use std::fmt;
use yomi_search::{Game, OpeningError, Outcome, PositionError, Seat};

/// Number of recent positions kept for repetition detection.
pub const HISTORY: usize = 64;

/// Largest accepted [`GameOptions::max_plies`] (and [`Game::max_game_length`]).
pub const MAX_PLIES_CAP: u32 = 1000;

/// Rule options of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameOptions {
    /// Plies after which the game is drawn (1..=[`MAX_PLIES_CAP`]); default 320.
    pub max_plies: u32,
    /// Entering-king declaration rule; default the 27-point rule.
    pub declaration: DeclarationRule,
}

impl Default for GameOptions {
    fn default() -> Self {
        GameOptions {
            max_plies: 320,
            declaration: DeclarationRule::Points27,
        }
    }
}

/// A shogi game state: position, recent history and the cached outcome.
#[derive(Clone, PartialEq, Eq)]
pub struct ShogiGame {
    pos: Position,
    /// Ring buffer: key of the position after `i` plies is at `i % HISTORY`.
    keys: [u64; HISTORY],
    /// Bit `i % HISTORY` set: the side to move was in check after `i` plies.
    checks: u64,
    plies: u32,
    options: GameOptions,
    outcome: Option<Outcome>,
    /// Why the game ended; `Some` exactly when `outcome` is.
    termination: Option<Termination>,
}

/// Material values in centi-pawns-ish units, indexed by `Kind as usize`.
const VALUE: [i32; 15] = [
    0, 90, 315, 405, 495, 855, 990, 540, 0, 540, 540, 540, 540, 945, 1395,
];

impl ShogiGame {
    /// A game starting from `pos` with the given rules.
    pub fn new(pos: Position, options: GameOptions) -> ShogiGame {
        let options = GameOptions {
            max_plies: options.max_plies.clamp(1, MAX_PLIES_CAP),
            ..options
        };
        let mut g = ShogiGame {
            pos,
            keys: [0; HISTORY],
            checks: 0,
            plies: 0,
            options,
            outcome: None,
            termination: None,
        };
        g.record();
        g
    }

    /// A game from an SFEN (or `startpos`) with default rules.
    pub fn from_sfen(sfen: &str) -> Result<ShogiGame, SfenError> {
        Ok(ShogiGame::new(
            Position::from_sfen(sfen)?,
            GameOptions::default(),
        ))
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// Plies played since this game object was created.
    pub fn plies(&self) -> u32 {
        self.plies
    }

    /// The rule options.
    pub fn options(&self) -> GameOptions {
        self.options
    }

    /// How the game ended, once it has (`Some` exactly when
    /// [`Game::outcome`] is): [`Termination::Checkmate`] when the side to
    /// move has no legal move, [`Termination::Repetition`] or
    /// [`Termination::PerpetualCheck`] by sennichite,
    /// [`Termination::Declaration`] when the side to move may declare, and
    /// [`Termination::PlyLimit`] at [`GameOptions::max_plies`], judged in
    /// that order.
    ///
    /// ```
    /// use yomi_search::{Game, Outcome};
    /// use yomi_shogi::{ShogiGame, Termination};
    ///
    /// // Gold drop mate: White, to move, has no legal move.
    /// let mut game = ShogiGame::from_sfen("4k4/9/4P4/9/9/9/9/9/4K4 b G 1").unwrap();
    /// assert_eq!(game.termination(), None);
    /// let mate = game.position().parse_usi("G*5b").unwrap();
    /// game.play(mate);
    /// assert_eq!(game.outcome(), Some(Outcome::Loss));
    /// assert_eq!(game.termination(), Some(Termination::Checkmate));
    /// ```
    pub fn termination(&self) -> Option<Termination> {
        self.termination
    }

    fn record(&mut self) {
        let slot = self.plies as usize % HISTORY;
        self.keys[slot] = self.pos.key();
        let bit = 1u64 << slot;
        let checked = self.pos.in_check();
        self.checks = if checked {
            self.checks | bit
        } else {
            self.checks & !bit
        };
        let end = self.compute_end(checked);
        self.outcome = end.map(|e| e.0);
        self.termination = end.map(|e| e.1);
    }

    /// The outcome for the side to move and why, if the game is over.
    fn compute_end(&self, in_check: bool) -> Option<(Outcome, Termination)> {
        if !self.has_legal_move(in_check) {
            return Some((Outcome::Loss, Termination::Checkmate));
        }
        let n = self.plies as usize;
        let start = (n + 1).saturating_sub(HISTORY);
        let mut window = [0u64; HISTORY];
        let len = n + 1 - start;
        for (j, w) in window[..len].iter_mut().enumerate() {
            *w = self.keys[(start + j) % HISTORY];
        }
        let checks = self.checks;
        match repetition(&window[..len], |j| {
            checks >> ((start + j) % HISTORY) & 1 != 0
        }) {
            Repetition::None => {}
            Repetition::Draw => return Some((Outcome::Draw, Termination::Repetition)),
            Repetition::Win => return Some((Outcome::Win, Termination::PerpetualCheck)),
            Repetition::Loss => return Some((Outcome::Loss, Termination::PerpetualCheck)),
        }
        match self.pos.declaration(self.options.declaration) {
            Some(Declaration::Win) => return Some((Outcome::Win, Termination::Declaration)),
            Some(Declaration::Draw) => return Some((Outcome::Draw, Termination::Declaration)),
            None => {}
        }
        if self.plies >= self.options.max_plies {
            return Some((Outcome::Draw, Termination::PlyLimit));
        }
        None
    }

    /// Cheap existence test: out of check, any empty square where a silver,
    /// gold, bishop or rook in hand can be dropped is a legal move.
    fn has_legal_move(&self, in_check: bool) -> bool {
        let us = self.pos.side_to_move();
        let hand = self.pos.hand(us);
        let droppable = [Kind::Silver, Kind::Gold, Kind::Bishop, Kind::Rook]
            .iter()
            .any(|&k| hand.has(k));
        if !in_check && droppable && self.pos.occupied() != crate::Bitboard::ALL {
            return true;
        }
        let mut list = MoveList::new();
        generate_legal(&self.pos, &mut list);
        !list.is_empty()
    }
}

impl Game for ShogiGame {
    type Move = Move;

    fn name() -> &'static str {
        "shogi"
    }

    fn initial() -> Self {
        ShogiGame::new(Position::startpos(), GameOptions::default())
    }

    fn to_move(&self) -> Seat {
        self.pos.side_to_move().index()
    }

    fn legal_moves(&self, moves: &mut Vec<Move>) {
        moves.clear();
        if self.outcome.is_some() {
            return;
        }
        let mut list = MoveList::new();
        generate_legal(&self.pos, &mut list);
        moves.extend_from_slice(&list);
    }

    fn play(&mut self, mv: Move) {
        debug_assert!(self.outcome.is_none(), "play after the game ended");
        debug_assert!(self.pos.is_legal(mv), "illegal move {mv}");
        self.pos.do_move(mv);
        self.plies += 1;
        self.record();
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    fn hash(&self) -> Option<u64> {
        Some(self.pos.key())
    }

    fn evaluate(&self) -> i32 {
        let mut score = 0;
        let black = self.pos.color_bb(Color::Black);
        for (bb, value) in self.pos.by_kind.iter().zip(VALUE).skip(1) {
            score += value * ((*bb & black).count() as i32 - (*bb & !black).count() as i32);
        }
        for k in crate::types::HAND_KINDS {
            let diff = self.pos.hand(Color::Black).count(k) as i32
                - self.pos.hand(Color::White).count(k) as i32;
            score += VALUE[k as usize] * diff;
        }
        if self.pos.side_to_move() == Color::Black {
            score
        } else {
            -score
        }
    }

    fn parse_move(&self, text: &str) -> Result<Move, yomi_search::MoveError> {
        if self.outcome.is_some() {
            return Err(yomi_search::MoveError::GameOver);
        }
        self.pos.parse_usi(text).map_err(Into::into)
    }

    fn position_syntax() -> &'static str {
        "an SFEN (board side hands [move]) or startpos"
    }

    /// `startpos`, an SFEN, or either after `sfen ` (as a USI `position`
    /// command writes it), with the default rules.
    fn parse_position(text: &str) -> Result<Self, PositionError> {
        let t = text.trim();
        let t = t.strip_prefix("sfen ").unwrap_or(t);
        ShogiGame::from_sfen(t).map_err(|e| PositionError::Invalid(e.to_string()))
    }

    /// An openings-file line ([`crate::openings::parse_opening_line`]),
    /// with the default rules.
    fn parse_opening(text: &str) -> Result<(Self, Vec<Move>), OpeningError> {
        let line = crate::openings::parse_opening_line(text).map_err(|e| match e {
            crate::openings::StartLineError::Move {
                index,
                text,
                reason,
            } => OpeningError::Move {
                index,
                text,
                reason: reason.into(),
            },
            other => OpeningError::Start(other.to_string()),
        })?;
        Ok((
            ShogiGame::new(line.start, GameOptions::default()),
            line.moves,
        ))
    }

    /// The entering-king declaration under this game's rule.
    fn claim(&self) -> Option<Outcome> {
        match self.pos.declaration(self.options.declaration)? {
            Declaration::Win => Some(Outcome::Win),
            Declaration::Draw => Some(Outcome::Draw),
        }
    }

    fn max_game_length() -> Option<usize> {
        Some(MAX_PLIES_CAP as usize)
    }
}

/// A USI move error as the generic games' one, with the same words.
impl From<crate::MoveError> for yomi_search::MoveError {
    fn from(e: crate::MoveError) -> yomi_search::MoveError {
        match e {
            crate::MoveError::Malformed { .. } => yomi_search::MoveError::Notation(e.to_string()),
            crate::MoveError::Illegal { .. } => yomi_search::MoveError::Illegal(e.to_string()),
        }
    }
}

impl fmt::Display for ShogiGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.pos, f)
    }
}

impl fmt::Debug for ShogiGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "ShogiGame({}, plies {}, outcome {:?})",
            self.pos.to_sfen(),
            self.plies,
            self.outcome
        )
    }
}
