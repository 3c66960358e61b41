//! Search behaviour on hand-made positions: mates, captures, repetition
//! (including the transposition-table path-dependence case) and legality
//! under tiny budgets.

use yomi_shogi::{Move, Position};
use yomi_shogi_engine::eval::LoadedEval;
use yomi_shogi_engine::score::{MATE, mate_in};
use yomi_shogi_engine::search::{Control, GameHistory, Limits, SearchInfo, Searcher};

fn search_depth(
    searcher: &mut Searcher,
    game: &GameHistory,
    depth: i32,
    multipv: usize,
) -> (Vec<SearchInfo>, yomi_shogi_engine::search::SearchResult) {
    let limits = Limits {
        depth: Some(depth),
        multipv,
        ..Limits::default()
    };
    let mut infos = Vec::new();
    let r = searcher.search(game, &limits, &Control::new(false), &mut |i| {
        infos.push(i.clone())
    });
    (infos, r)
}

#[test]
fn finds_a_gold_drop_mate_in_one() {
    let pos = Position::from_sfen("8k/9/8P/9/9/9/9/9/K8 b G 1").unwrap();
    let mut s = Searcher::new(4, &LoadedEval::Classic);
    let (_, r) = search_depth(&mut s, &GameHistory::new(pos.clone()), 4, 1);
    assert_eq!(r.best, pos.parse_usi("G*1b").unwrap());
    assert_eq!(r.score, mate_in(1));
}

#[test]
fn mated_side_sees_the_mate_against_it() {
    // White to move cannot stop G*1b (or G*2b) next move: mated in 2.
    let pos = Position::from_sfen("8k/9/7PP/9/9/9/9/9/K8 w 2G 1").unwrap();
    let mut s = Searcher::new(4, &LoadedEval::Classic);
    let (_, r) = search_depth(&mut s, &GameHistory::new(pos), 5, 1);
    assert!(r.score <= -MATE + 10, "score {}", r.score);
}

#[test]
fn takes_a_hanging_rook() {
    let pos = Position::from_sfen("8k/9/9/4r4/9/9/9/4R4/K8 b - 1").unwrap();
    let mut s = Searcher::new(4, &LoadedEval::Classic);
    let (_, r) = search_depth(&mut s, &GameHistory::new(pos.clone()), 5, 1);
    assert_eq!(r.best, pos.parse_usi("5h5d").unwrap());
    assert!(r.score > 1500);
}

fn line_score(infos: &[SearchInfo], depth: i32, m: Move) -> i32 {
    infos
        .iter()
        .filter(|i| i.depth == depth && i.pv.first() == Some(&m))
        .map(|i| i.score)
        .next_back()
        .expect("the move has a line at that depth")
}

/// Black is winning; White's only hope is to repeat the position. With the
/// game history, Black's 5h5i allows the repetition (a draw); without it,
/// the same move from the same position is simply winning. A table entry
/// carrying the draw from the first search into the second would show.
#[test]
fn repetition_scores_never_leak_through_the_table() {
    let start = Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b RBG 1").unwrap();
    let mut game = GameHistory::new(start);
    for m in ["5i5h", "5a5b"] {
        let mv = game.position.parse_usi(m).unwrap();
        game.play(mv);
    }
    let back = game.position.parse_usi("5h5i").unwrap();
    let n = game.position.legal_moves().len();
    let mut s = Searcher::new(16, &LoadedEval::Classic);
    let depth = 4;
    let (with_history, _) = search_depth(&mut s, &game, depth, n);
    assert_eq!(line_score(&with_history, depth, back), 0);
    // Depth 1 reaches the position after 5h5i in quiescence, which trusts
    // any table bound, at PV nodes too.
    let fresh = GameHistory::new(game.position.clone());
    for d in [1, depth] {
        let (without, _) = search_depth(&mut s, &fresh, d, n);
        assert!(line_score(&without, d, back) > 500, "depth {d}");
    }
}

/// A losing side takes a repetition when it is available.
#[test]
fn losing_side_takes_the_draw_by_repetition() {
    let start = Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 w RBG 1").unwrap();
    let mut game = GameHistory::new(start);
    for m in ["5a5b", "5i5h", "5b5a", "5h5i"] {
        let mv = game.position.parse_usi(m).unwrap();
        game.play(mv);
    }
    let mut s = Searcher::new(16, &LoadedEval::Classic);
    let (_, r) = search_depth(&mut s, &game, 4, 1);
    assert_eq!(r.best, game.position.parse_usi("5a5b").unwrap());
    assert_eq!(r.score, 0);
}

/// Searches with tiny node budgets from positions along pseudo-random
/// games: the move returned is always legal, and a stop before the search
/// begins still yields one.
#[test]
fn always_returns_a_legal_move() {
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut s = Searcher::new(8, &LoadedEval::Classic);
    for game_no in 0..6 {
        let mut game = GameHistory::new(Position::startpos());
        for _ in 0..60 {
            let legal = game.position.legal_moves();
            if legal.is_empty() {
                break;
            }
            let limits = Limits {
                nodes: Some(300 + game_no * 200),
                multipv: 1,
                ..Limits::default()
            };
            let r = s.search(&game, &limits, &Control::new(false), &mut |_| {});
            assert!(
                legal.contains(r.best),
                "{} in {}",
                r.best,
                game.position.to_sfen()
            );
            let stopped = Control::new(false);
            stopped.stop();
            let r2 = s.search(&game, &limits, &stopped, &mut |_| {});
            assert!(legal.contains(r2.best));
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let pick = if seed.is_multiple_of(3) {
                r.best
            } else {
                legal[(seed >> 8) as usize % legal.len()]
            };
            game.play(pick);
        }
    }
}

/// Lazy SMP through the library: with three threads a search still takes the hanging
/// rook and sees the mate, counts the helpers' nodes (more than one thread's at the same
/// depth), and going back to one thread gives exactly the single-threaded search again.
#[test]
fn several_threads_find_what_one_finds_and_one_thread_is_unchanged() {
    let rook = Position::from_sfen("8k/9/9/4r4/9/9/9/4R4/K8 b - 1").unwrap();
    let eval = LoadedEval::default();
    let mut alone = Searcher::new(8, &eval);
    let (_, one) = search_depth(&mut alone, &GameHistory::new(Position::startpos()), 7, 1);
    let mut s = Searcher::new(8, &eval);
    s.set_threads(3, &eval);
    assert_eq!(s.threads(), 3);
    let (_, r) = search_depth(&mut s, &GameHistory::new(rook.clone()), 6, 1);
    assert_eq!(r.best, rook.parse_usi("5h5d").unwrap());
    let mate = Position::from_sfen("8k/9/7PP/9/9/9/9/9/K8 w 2G 1").unwrap();
    let (_, r) = search_depth(&mut s, &GameHistory::new(mate), 5, 1);
    assert!(r.score <= -MATE + 10, "score {}", r.score);
    s.clear();
    let (infos, three) = search_depth(&mut s, &GameHistory::new(Position::startpos()), 7, 1);
    assert!(Position::startpos().legal_moves().contains(three.best));
    assert!(
        three.nodes > one.nodes,
        "{} nodes on three threads, {} on one",
        three.nodes,
        one.nodes
    );
    assert!(infos.iter().all(|i| i.nodes <= three.nodes));
    s.set_threads(1, &eval);
    s.clear();
    let (_, again) = search_depth(&mut s, &GameHistory::new(Position::startpos()), 7, 1);
    assert_eq!(
        (again.best, again.score, again.nodes),
        (one.best, one.score, one.nodes)
    );
}
