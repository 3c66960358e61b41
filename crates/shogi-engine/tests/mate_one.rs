//! Mate in one and the df-pn solver on hand-checked small positions.

use std::sync::atomic::AtomicBool;
use yomi_shogi::Position;
use yomi_shogi_engine::mate::{Dfpn, DfpnOptions, MateOutcome, mate_in_one, verify_mate_line};

fn pos(sfen: &str) -> Position {
    Position::from_sfen(sfen).expect("test SFEN is valid")
}

#[test]
fn head_gold_mates() {
    let mut p = pos("4k4/9/4P4/9/9/9/9/9/K8 b G 1");
    let m = mate_in_one(&mut p).expect("G*5b mates");
    assert_eq!(m.to_string(), "G*5b");
    assert_eq!(
        p.to_sfen(),
        "4k4/9/4P4/9/9/9/9/9/K8 b G 1",
        "position restored"
    );
}

#[test]
fn pawn_drop_mate_is_not_a_mate_in_one() {
    // P*1b would mate (the dragon guards 1b, 2a and 2b), but it is uchifuzume.
    let mut p = pos("8k/6+R2/9/9/9/9/9/9/4K4 b P 1");
    assert_eq!(mate_in_one(&mut p), None);
    // With a gold instead, G*1b mates.
    let mut p = pos("8k/6+R2/9/9/9/9/9/9/4K4 b G 1");
    assert_eq!(
        mate_in_one(&mut p).map(|m| m.to_string()),
        Some("G*1b".into())
    );
}

#[test]
fn board_move_mate_and_no_mate() {
    // The gold on 2c guards 1b, so the dragon mates by moving there.
    let mut p = pos("8k/6+R2/7G1/9/9/9/9/9/4K4 b - 1");
    let m = mate_in_one(&mut p).expect("a board move mates");
    let mut after = p.clone();
    after.do_move(m);
    assert!(after.in_check() && after.legal_moves().is_empty());
    // The start position has no check at all.
    assert_eq!(mate_in_one(&mut Position::startpos()), None);
}

#[test]
fn dfpn_solves_a_mate_in_three_and_verifies_it() {
    // King 5b, a pawn on 5d, two golds in hand: no mate in one, a mate in three.
    let p = pos("9/4k4/9/4P4/9/9/9/9/K8 b 2G 1");
    let stop = AtomicBool::new(false);
    let mut d = Dfpn::new(DfpnOptions::default());
    let r = d.solve(&p, &stop);
    match r.outcome {
        MateOutcome::Mate(line) => {
            assert_eq!(line.len(), 3, "{line:?}");
            assert!(verify_mate_line(&p, &line));
            assert!(d.proven_shortest());
        }
        other => panic!("expected a mate, got {other:?}"),
    }
    assert!(r.nodes > 0);
}

#[test]
fn dfpn_reports_no_mate_and_budget_exhaustion() {
    let stop = AtomicBool::new(false);
    let mut d = Dfpn::new(DfpnOptions::default());
    // No check exists at all.
    assert_eq!(
        d.solve(&Position::startpos(), &stop).outcome,
        MateOutcome::NoMate
    );
    // One gold cannot mate a king in the open.
    let p = pos("9/9/9/9/4k4/9/9/9/K8 b G 1");
    assert_eq!(d.solve(&p, &stop).outcome, MateOutcome::NoMate);
    // A budget of one node cannot decide a mate in three.
    let mut tiny = Dfpn::new(DfpnOptions {
        max_nodes: 1,
        ..DfpnOptions::default()
    });
    let p = pos("9/4k4/9/4P4/9/9/9/9/K8 b 2G 1");
    assert_eq!(tiny.solve(&p, &stop).outcome, MateOutcome::Unknown);
    // A raised stop flag ends it too.
    let raised = AtomicBool::new(true);
    let mut d = Dfpn::new(DfpnOptions::default());
    let hard = pos("ln7/1k1+P5/1pp1S4/p8/9/2P6/9/9/8K b BGN2rbg2s2n3l13p 1");
    let r = d.solve(&hard, &raised);
    assert!(r.outcome == MateOutcome::Unknown || matches!(r.outcome, MateOutcome::Mate(_)));
}

#[test]
fn verify_rejects_bad_lines() {
    let p = pos("4k4/9/4P4/9/9/9/9/9/K8 b G 1");
    let g = p.parse_usi("G*5b").unwrap();
    assert!(verify_mate_line(&p, &[g]));
    // Even length, non-checking first move, not mate at the end.
    let quiet = p.parse_usi("9i9h").unwrap();
    assert!(!verify_mate_line(&p, &[]));
    assert!(!verify_mate_line(&p, &[quiet]));
    let g4 = p.parse_usi("G*4b").unwrap();
    assert!(!verify_mate_line(&p, &[g4]));
}

#[test]
fn a_table_kept_between_problems_does_not_lend_a_proof_to_other_pieces() {
    let stop = AtomicBool::new(false);
    let mut d = Dfpn::new(DfpnOptions::default());
    // The king is shut in by its own pieces; a rook dropped on file 1 mates,
    // since the defender holds nothing to interpose.
    let bare = pos("7lk/7p1/9/9/9/9/9/9/K8 b R 1");
    let MateOutcome::Mate(line) = d.solve(&bare, &stop).outcome else {
        panic!("a rook drop mates");
    };
    assert_eq!(line.len(), 1);
    // The same board and attacker's hand, but the defender holds golds to
    // interpose: the attacker's hand covers the proof's, yet the pieces in
    // all differ, so the proof must not be reused.
    let golds = pos("7lk/7p1/9/9/9/9/9/9/K8 b R4g 1");
    assert_eq!(d.solve(&golds, &stop).outcome, MateOutcome::NoMate);
    let mut fresh = Dfpn::new(DfpnOptions::default());
    assert_eq!(fresh.solve(&golds, &stop).outcome, MateOutcome::NoMate);
}

/// Every legal move of `p` that checkmates, found by playing each one.
fn mating_moves(p: &mut Position) -> Vec<yomi_shogi::Move> {
    use yomi_shogi::{MoveList, count_legal, generate_legal};
    let mut legal = MoveList::new();
    generate_legal(p, &mut legal);
    legal
        .iter()
        .copied()
        .filter(|&m| {
            if !p.gives_check(m) {
                return false;
            }
            let captured = p.do_move(m);
            let mated = count_legal(p) == 0;
            p.undo_move(m, captured);
            mated
        })
        .collect()
}

/// `mate_in_one` against brute force on the positions of seeded random games: it finds a
/// mate exactly when some legal check leaves no legal reply, and what it returns is one.
#[test]
fn mate_in_one_agrees_with_brute_force_on_random_games() {
    use yomi_shogi::{MoveList, count_legal, generate_legal};
    let mut rng = yomi_search::Rng::new(46);
    let (mut positions, mut mates) = (0, 0);
    for _ in 0..60 {
        let mut p = Position::startpos();
        for _ in 0..300 {
            let mut legal = MoveList::new();
            generate_legal(&p, &mut legal);
            if legal.is_empty() {
                break;
            }
            let brute = !mating_moves(&mut p).is_empty();
            let found = mate_in_one(&mut p.clone());
            assert_eq!(found.is_some(), brute, "{}", p.to_sfen());
            if let Some(m) = found {
                let mut q = p.clone();
                q.do_move(m);
                assert!(q.in_check() && count_legal(&q) == 0, "{} {m}", p.to_sfen());
                mates += 1;
            }
            positions += 1;
            let m = legal[rng.below(legal.len())];
            p.do_move(m);
        }
    }
    assert!(
        positions > 5_000 && mates > 20,
        "{positions} positions, {mates} mates"
    );
}

/// The SFEN of `p` with both hands given to the side to move: the defender
/// holds nothing to interpose, so distant checks by a slider can mate.
fn hands_to_mover(p: &Position) -> String {
    let sfen = p.to_sfen();
    let fields: Vec<&str> = sfen.split(' ').collect();
    let black = fields[1] == "b";
    let mut counts = [0u32; 7];
    let letters = ['R', 'B', 'G', 'S', 'N', 'L', 'P'];
    let mut n = 0;
    for c in fields[2].chars().filter(|&c| c != '-') {
        if let Some(d) = c.to_digit(10) {
            n = n * 10 + d;
            continue;
        }
        let i = letters
            .iter()
            .position(|&l| l == c.to_ascii_uppercase())
            .unwrap();
        counts[i] += n.max(1);
        n = 0;
    }
    let mut hand = String::new();
    for (i, &k) in counts.iter().enumerate() {
        if k > 1 {
            hand.push_str(&k.to_string());
        }
        if k > 0 {
            let l = letters[i];
            hand.push(if black { l } else { l.to_ascii_lowercase() });
        }
    }
    if hand.is_empty() {
        hand.push('-');
    }
    format!("{} {} {} {}", fields[0], fields[1], hand, fields[3])
}

/// The same brute-force check where the defender's hand is empty and the
/// attacker holds every piece in hand: mates by distant sliders (dropped or
/// moved), by discovered checks and past pinned defenders, which full hands
/// on both sides rarely leave.
#[test]
fn mate_in_one_agrees_with_brute_force_when_the_defender_holds_nothing() {
    use yomi_shogi::{MoveList, generate_legal};
    let mut rng = yomi_search::Rng::new(4646);
    let (mut positions, mut mates, mut distant) = (0, 0, 0);
    for _ in 0..60 {
        let mut game = Position::startpos();
        for _ in 0..300 {
            let mut legal = MoveList::new();
            generate_legal(&game, &mut legal);
            if legal.is_empty() {
                break;
            }
            if !game.in_check() {
                let mut p = pos(&hands_to_mover(&game));
                let mating = mating_moves(&mut p);
                let found = mate_in_one(&mut p);
                assert_eq!(p.to_sfen(), hands_to_mover(&game), "position restored");
                assert_eq!(
                    found.is_some(),
                    !mating.is_empty(),
                    "{} {mating:?}",
                    p.to_sfen()
                );
                if let Some(m) = found {
                    assert!(mating.contains(&m), "{} {m}", p.to_sfen());
                    mates += 1;
                    let them = p.side_to_move().flip();
                    let king = p.king_square(them);
                    let near =
                        yomi_shogi::attacks::king(king) | yomi_shogi::attacks::knight(them, king);
                    distant += mating.iter().all(|m| !near.has(m.to())) as u32;
                }
                positions += 1;
            }
            let m = legal[rng.below(legal.len())];
            game.do_move(m);
        }
    }
    assert!(
        positions > 5_000 && mates > 100 && distant > 5,
        "{positions} positions, {mates} mates, {distant} only from afar"
    );
}
