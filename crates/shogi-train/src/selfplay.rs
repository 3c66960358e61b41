//! Self-play games of the alpha-beta engine, labelled for training: every
//! position the engine moved from, with its search score at a fixed depth
//! and, once the game is over, the result from that position's side to move.
//!
//! Contract: a game is a pure function of its options, its start line and
//! its seed (the random opening plies are drawn from the seed; the engine's
//! search at a fixed depth with a fresh table is deterministic). Positions
//! of the opening line and of the random plies are not recorded (no search
//! chose them). The game ends by the rules of [`ShogiGame`]: checkmate,
//! sennichite (perpetual check loses), entering-king declaration, or the
//! ply limit (a draw).

use yomi_core::Rng;
use yomi_search::{Game, Outcome};
use yomi_shogi::StartLine;
use yomi_shogi::{Color, DeclarationRule, GameOptions, Move, Position, ShogiGame};
use yomi_shogi_engine::eval::LoadedEval;
use yomi_shogi_engine::score::is_mate;
use yomi_shogi_engine::search::{Control, GameHistory, Limits, Searcher};

/// Largest magnitude of a recorded score (cp); mate scores are clamped here.
pub const SCORE_CLAMP: i32 = 3000;

/// How self-play games are played.
#[derive(Clone, Debug)]
pub struct SelfPlayOptions {
    /// Search depth of every move (plies).
    pub depth: i32,
    /// Uniformly random plies played after the start line: a number drawn
    /// from `0..=random_plies` per game.
    pub random_plies: u32,
    /// Ply limit of a game (a draw when reached), start line included.
    pub max_plies: u32,
    /// Transposition table of each game's searcher (MB).
    pub hash_mb: usize,
    /// Evaluation of the searcher (a dataset's are hand-written).
    pub eval: LoadedEval,
    /// Entering-king rule.
    pub declaration: DeclarationRule,
}

impl Default for SelfPlayOptions {
    fn default() -> Self {
        SelfPlayOptions {
            depth: 4,
            random_plies: 16,
            max_plies: 320,
            hash_mb: 16,
            eval: LoadedEval::default(),
            declaration: DeclarationRule::Points27,
        }
    }
}

/// One recorded position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sample {
    /// The position (SFEN, side to move and move number included).
    pub sfen: String,
    /// Zobrist key of the position (for deduplication).
    pub key: u64,
    /// Search score (cp, side to move's view), clamped to ±[`SCORE_CLAMP`].
    pub score: i32,
    /// Game result from the side to move's view: 1 win, 0 draw, -1 loss.
    pub result: i8,
    /// Ply of the position in the game (0 = the start position).
    pub ply: u32,
}

/// A finished self-play game.
#[derive(Clone, Debug)]
pub struct SelfPlayGame {
    /// Recorded positions, in game order.
    pub samples: Vec<Sample>,
    /// The winner, or `None` for a draw.
    pub winner: Option<Color>,
    /// Plies played, start line included.
    pub plies: u32,
    /// Nodes searched over the game.
    pub nodes: u64,
}

/// Plays one game from `start` (then the random plies drawn from `seed`).
pub fn play_game(opts: &SelfPlayOptions, start: &StartLine, seed: u64) -> SelfPlayGame {
    let mut rng = Rng::new(seed);
    let mut game = ShogiGame::new(
        start.start.clone(),
        GameOptions {
            max_plies: opts.max_plies,
            declaration: opts.declaration,
        },
    );
    let mut history = GameHistory::new(start.start.clone());
    let play = |game: &mut ShogiGame, history: &mut GameHistory, m: Move| {
        game.play(m);
        history.play(m);
    };
    for &m in &start.moves {
        if game.outcome().is_some() || !game.position().is_legal(m) {
            break;
        }
        play(&mut game, &mut history, m);
    }
    let random = rng.below(opts.random_plies as usize + 1);
    let mut moves = Vec::new();
    for _ in 0..random {
        game.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        let m = moves[rng.below(moves.len())];
        play(&mut game, &mut history, m);
    }
    let mut searcher = Searcher::new(opts.hash_mb, &opts.eval);
    searcher.set_declaration_rule(opts.declaration);
    let limits = Limits {
        depth: Some(opts.depth),
        multipv: 1,
        ..Limits::default()
    };
    let mut samples: Vec<(Sample, Color)> = Vec::new();
    let mut nodes = 0;
    while game.outcome().is_none() {
        let control = Control::new(false);
        let r = searcher.search(&history, &limits, &control, &mut |_| {});
        nodes += r.nodes;
        if r.best == Move::NONE {
            break;
        }
        let pos: &Position = game.position();
        let score = if is_mate(r.score) {
            r.score.signum() * SCORE_CLAMP
        } else {
            r.score.clamp(-SCORE_CLAMP, SCORE_CLAMP)
        };
        samples.push((
            Sample {
                sfen: pos.to_sfen(),
                key: pos.key(),
                score,
                result: 0,
                ply: game.plies(),
            },
            pos.side_to_move(),
        ));
        play(&mut game, &mut history, r.best);
    }
    let loser_to_move = game.position().side_to_move();
    let winner = match game.outcome() {
        Some(Outcome::Win) => Some(loser_to_move),
        Some(Outcome::Loss) => Some(loser_to_move.flip()),
        _ => None,
    };
    let samples = samples
        .into_iter()
        .map(|(mut s, side)| {
            s.result = match winner {
                Some(w) if w == side => 1,
                Some(_) => -1,
                None => 0,
            };
            s
        })
        .collect();
    SelfPlayGame {
        samples,
        winner,
        plies: game.plies(),
        nodes,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn startpos() -> StartLine {
        StartLine {
            start: Position::startpos(),
            moves: Vec::new(),
        }
    }

    #[test]
    fn same_seed_same_game_and_results_agree_with_the_winner() {
        let opts = SelfPlayOptions {
            depth: 2,
            random_plies: 6,
            max_plies: 120,
            hash_mb: 1,
            ..SelfPlayOptions::default()
        };
        let a = play_game(&opts, &startpos(), 7);
        let b = play_game(&opts, &startpos(), 7);
        assert_eq!(a.samples, b.samples);
        let c = play_game(&opts, &startpos(), 8);
        assert_ne!(a.samples, c.samples, "another seed, another opening");
        for g in [&a, &c] {
            assert!(!g.samples.is_empty());
            for s in &g.samples {
                let pos = Position::from_sfen(&s.sfen).unwrap();
                assert_eq!(pos.key(), s.key);
                assert!(s.score.abs() <= SCORE_CLAMP);
                let expected = match g.winner {
                    None => 0,
                    Some(w) if w == pos.side_to_move() => 1,
                    Some(_) => -1,
                };
                assert_eq!(s.result, expected);
            }
            // Consecutive samples alternate sides.
            for w in g.samples.windows(2) {
                assert_eq!(w[1].ply, w[0].ply + 1);
            }
        }
    }

    #[test]
    fn a_mating_position_records_a_clamped_winning_score() {
        // Black mates at once with G*5b, protected by the pawn on 5c.
        let start = StartLine {
            start: Position::from_sfen("4k4/9/4P4/9/9/9/9/9/4K4 b G 1").unwrap(),
            moves: Vec::new(),
        };
        let opts = SelfPlayOptions {
            depth: 3,
            random_plies: 0,
            ..SelfPlayOptions::default()
        };
        let g = play_game(&opts, &start, 1);
        assert_eq!(g.winner, Some(Color::Black));
        assert_eq!(g.samples[0].score, SCORE_CLAMP);
        assert_eq!(g.samples[0].result, 1);
    }
}
