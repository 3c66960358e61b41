//! Rule details: drop restrictions, forced promotion, uchifuzume, SFEN and
//! USI errors, repetition, declaration and the `Game` implementation.

use yomi_search::{Game, Outcome};
use yomi_shogi::{Color, GameOptions, MoveError, Position, SfenError, ShogiGame};

fn moves(sfen: &str) -> Vec<String> {
    let pos = Position::from_sfen(sfen).unwrap();
    let mut v: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
    v.sort();
    v
}

#[test]
fn uchifuzume_is_excluded_but_other_pawn_drop_checks_are_not() {
    // White king 1a boxed in by its own knight (2a) and silver (2b); gold on 1c guards 1b.
    let mated = moves("7nk/7s1/8G/9/9/9/9/9/4K4 b P 1");
    assert!(
        !mated.contains(&"P*1b".to_string()),
        "P*1b would be mate by pawn drop"
    );
    assert!(mated.contains(&"P*2c".to_string()));
    // Without the knight the king escapes to 2a, so the drop is legal.
    let free = moves("8k/7s1/8G/9/9/9/9/9/4K4 b P 1");
    assert!(free.contains(&"P*1b".to_string()));
}

#[test]
fn nifu_and_last_rank_drops_are_excluded() {
    let m = moves("4k4/9/9/9/9/9/P8/9/4K4 b PLN 1");
    assert!(!m.iter().any(|x| x.starts_with("P*9")), "nifu on file 9");
    assert!(m.contains(&"P*8e".to_string()));
    assert!(!m.iter().any(|x| x.starts_with("P*") && x.ends_with('a')));
    assert!(!m.iter().any(|x| x.starts_with("L*") && x.ends_with('a')));
    assert!(
        !m.iter()
            .any(|x| x.starts_with("N*") && (x.ends_with('a') || x.ends_with('b')))
    );
    assert!(m.contains(&"N*5c".to_string()) && m.contains(&"L*5b".to_string()));
}

#[test]
fn promotion_forced_only_where_the_piece_would_be_stuck() {
    let m = moves("4k4/P8/9/9/9/9/9/9/4K4 b - 1");
    assert!(m.contains(&"9b9a+".to_string()) && !m.contains(&"9b9a".to_string()));
    let m = moves("4k4/9/9/9/9/9/9/9/B3K4 b - 1");
    assert!(m.contains(&"9i5e".to_string()) && !m.contains(&"9i5e+".to_string()));
    assert!(m.contains(&"9i2b+".to_string()) && m.contains(&"9i2b".to_string()));
    let m = moves("4k4/9/9/N8/9/9/9/9/4K4 b - 1");
    assert!(m.contains(&"9d8b+".to_string()) && !m.contains(&"9d8b".to_string()));
}

#[test]
fn pinned_piece_moves_only_along_the_pin() {
    // Black gold on 5h pinned by the white rook on 5a against the king on 5i.
    let m = moves("k3r4/9/9/9/9/9/9/4G4/4K4 b - 1");
    assert!(m.contains(&"5h5g".to_string()));
    assert!(!m.contains(&"5h4h".to_string()) && !m.contains(&"5h6g".to_string()));
}

#[test]
fn sfen_errors_say_what_is_wrong() {
    let e =
        Position::from_sfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1 b - 1").unwrap_err();
    assert_eq!(e, SfenError::RankCount(8));
    let e = Position::from_sfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL x - 1")
        .unwrap_err();
    assert!(e.to_string().contains("'b' or 'w'"), "{e}");
    let e = Position::from_sfen("lnsgkgsnl/1r5b1/pppppXppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1")
        .unwrap_err();
    assert!(
        matches!(e, SfenError::BoardChar { ch: 'X', rank: 'c' }),
        "{e}"
    );
    let e =
        Position::from_sfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b 19P 1")
            .unwrap_err();
    assert!(e.to_string().contains("hands"), "{e}");
    let e = Position::from_sfen("4k4/9/9/9/9/9/P8/P8/4K4 b - 1").unwrap_err();
    assert!(e.to_string().contains("nifu"), "{e}");
    let e = Position::from_sfen("4k4/4R4/9/9/9/9/9/9/4K4 b - 1").unwrap_err();
    assert!(e.to_string().contains("not to move, is in check"), "{e}");
    assert!(Position::from_sfen("sfen startpos").is_ok());
}

/// A run of empty squares is one digit: `45` (or `11`) is refused, not read as nine (two)
/// empty squares; text quoted back is printable and cut.
#[test]
fn sfen_digits_in_a_row_are_refused_and_quotes_are_printable() {
    for board in [
        "45/9/9/9/9/9/9/9/4K4",
        "4k4/9/9/9/9/9/9/9/K44",
        "4k4/9/9/9/9/9/9/9/4K1111",
        "4k4/9/9/9/9/9/9/9/4K+22",
    ] {
        let e = Position::from_sfen(&format!("{board} b - 1")).unwrap_err();
        assert!(
            matches!(e, SfenError::Digits { .. } | SfenError::Promotion { .. }),
            "{board}: {e}"
        );
    }
    let e = Position::from_sfen("45/9/9/9/9/9/9/9/4K4 b - 1").unwrap_err();
    assert_eq!(e, SfenError::Digits { rank: 'a' });
    assert!(e.to_string().contains("two digits in a row"), "{e}");
    // Single digits still add up as before.
    assert!(Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b - 1").is_ok());
    let e = Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 \u{1b}[2J - 1").unwrap_err();
    assert!(!e.to_string().contains('\u{1b}'), "{e}");
    let e = Position::from_sfen("4k\u{1b}4/9/9/9/9/9/9/9/4K4 b - 1").unwrap_err();
    assert!(e.to_string().contains("\\u{1b}"), "{e}");
    let long = format!("4k4/9/9/9/9/9/9/9/4K4 b {} 1", "P".repeat(5000));
    let e = Position::from_sfen(&long).unwrap_err().to_string();
    assert!(e.len() < 300, "{} characters", e.len());
}

#[test]
fn usi_errors_say_why() {
    let pos = Position::startpos();
    assert!(matches!(
        pos.parse_usi("7g7"),
        Err(MoveError::Malformed { .. })
    ));
    assert!(matches!(
        pos.parse_usi("P*5z"),
        Err(MoveError::Malformed { .. })
    ));
    let e = pos.parse_usi("7f7e").unwrap_err().to_string();
    assert!(e.contains("no piece on 7f"), "{e}");
    let e = pos.parse_usi("3c3d").unwrap_err().to_string();
    assert!(e.contains("belongs to White"), "{e}");
    let e = pos.parse_usi("P*5e").unwrap_err().to_string();
    assert!(e.contains("no Pawn in hand"), "{e}");
    let e = pos.parse_usi("7g7e").unwrap_err().to_string();
    assert!(e.contains("cannot move"), "{e}");
    let m = pos.parse_usi("7g7f").unwrap();
    assert_eq!(m.to_string(), "7g7f");
}

#[test]
fn fourfold_repetition_draws() {
    let mut g = ShogiGame::initial();
    let cycle = ["5i5h", "5a5b", "5h5i", "5b5a"];
    for i in 0..12 {
        assert_eq!(g.outcome(), None, "ply {i}");
        let m = g.parse_move(cycle[i % 4]).unwrap();
        g.play(m);
    }
    assert_eq!(g.outcome(), Some(Outcome::Draw));
    let mut v = Vec::new();
    g.legal_moves(&mut v);
    assert!(v.is_empty());
}

#[test]
fn perpetual_check_loses() {
    // Black's rook checks on every one of its moves, White's king steps aside.
    let mut g = ShogiGame::from_sfen("8k/9/9/9/9/9/9/9/K6R1 b - 1").unwrap();
    let cycle = ["2i1i", "1a2a", "1i2i", "2a1a"];
    for i in 0..12 {
        assert_eq!(g.outcome(), None, "ply {i}");
        let mv = g.parse_move(cycle[i % 4]).unwrap();
        g.play(mv);
    }
    // Fourth occurrence, Black (the perpetual checker) to move: Black loses.
    assert_eq!(g.position().side_to_move(), Color::Black);
    assert_eq!(g.outcome(), Some(Outcome::Loss));
}

#[test]
fn game_trait_basics() {
    let g = ShogiGame::initial();
    assert_eq!(ShogiGame::name(), "shogi");
    assert_eq!(g.to_move(), 0);
    assert_eq!(g.evaluate(), 0);
    assert_eq!(g.hash(), Some(g.position().key()));
    let mut v = Vec::new();
    g.legal_moves(&mut v);
    assert_eq!(v.len(), 30);
    // Black up a rook in hand: positive for Black to move, negative for White.
    let b = ShogiGame::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b R 1").unwrap();
    assert!(b.evaluate() > 500);
    let w = ShogiGame::from_sfen("4k4/9/9/9/9/9/9/9/4K4 w R 1").unwrap();
    assert_eq!(w.evaluate(), -b.evaluate());
    assert!(
        g.parse_move("9a9b")
            .unwrap_err()
            .to_string()
            .contains("belongs to White")
    );
    // Checkmate: no legal move and a loss for the side to move.
    let mated = ShogiGame::from_sfen("4k4/4G4/4P4/9/9/9/9/9/4K4 w - 1").unwrap();
    assert_eq!(mated.outcome(), Some(Outcome::Loss));
    // Maximum game length.
    let mut short = ShogiGame::new(
        Position::startpos(),
        GameOptions {
            max_plies: 2,
            ..Default::default()
        },
    );
    for m in ["7g7f", "3c3d"] {
        let mv = short.parse_move(m).unwrap();
        short.play(mv);
    }
    assert_eq!(short.outcome(), Some(Outcome::Draw));
}

#[test]
fn passes_the_generic_game_conformance_battery() {
    yomi_search::conformance::check_game::<ShogiGame>(7, 4);
}

#[test]
fn generic_alpha_beta_finds_a_mate_in_one() {
    use yomi_search::{AlphaBeta, AlphaBetaOptions, Strategy};
    // G*5b is mate: the pawn on 5c guards the gold, every king flight is covered.
    let g = ShogiGame::from_sfen("4k4/9/4P4/9/9/9/9/9/4K4 b G 1").unwrap();
    let mut ab = AlphaBeta::new(AlphaBetaOptions {
        depth: Some(2),
        ..Default::default()
    });
    let report = Strategy::<ShogiGame>::choose(&mut ab, &g);
    assert_eq!(report.best.to_string(), "G*5b");
    let mut after = g.clone();
    after.play(report.best);
    assert_eq!(after.outcome(), Some(Outcome::Loss));
}

#[test]
fn entering_king_declaration_ends_the_game() {
    use yomi_shogi::DeclarationRule;
    let sfen = "K+R+B1GGSS1/PPPPPPPPP/9/9/9/9/9/9/8k b RB2S3N3L9p 1";
    let g = ShogiGame::from_sfen(sfen).unwrap();
    assert_eq!(g.outcome(), Some(Outcome::Win), "27-point declaration wins");
    let pos = Position::from_sfen(sfen).unwrap();
    let off = ShogiGame::new(
        pos,
        GameOptions {
            declaration: DeclarationRule::None,
            ..Default::default()
        },
    );
    assert_eq!(off.outcome(), None);
    // The same camp with an empty hand: 15 pieces, 23 points (two 5-point pieces).
    let poor = Position::from_sfen("K+R+B1GGSS1/PPPPPPPPP/9/9/9/9/9/9/8k b - 1").unwrap();
    assert_eq!(poor.declaration_points(Color::Black), (15, 23));
    assert_eq!(poor.declaration(DeclarationRule::Points27), None);
    assert_eq!(poor.declaration(DeclarationRule::Points24), None);
    // Two pawns in hand: 25 points, a draw under the 24-point rule only.
    let middling = Position::from_sfen("K+R+B1GGSS1/PPPPPPPPP/9/9/9/9/9/9/8k b 2P 1").unwrap();
    assert_eq!(middling.declaration(DeclarationRule::Points27), None);
    assert_eq!(
        middling.declaration(DeclarationRule::Points24),
        Some(yomi_shogi::rules::Declaration::Draw)
    );
}

#[test]
fn check_generator_finds_drop_and_discovered_checks() {
    // Black: rook 5i behind its own silver 5e (discovered checks), gold in hand.
    let pos = Position::from_sfen("4k4/9/9/9/4S4/9/9/9/K3R4 b G 1").unwrap();
    let mut list = yomi_shogi::MoveList::new();
    yomi_shogi::generate_checks(&pos, &mut list);
    let checks: Vec<String> = list.iter().map(|m| m.to_string()).collect();
    for m in ["G*5b", "G*4b", "G*6b", "5e4d", "5e6d", "5e4f", "5e6f"] {
        assert!(
            checks.contains(&m.to_string()),
            "{m} missing from {checks:?}"
        );
    }
    // Silver forward keeps the file blocked: no check.
    assert!(!checks.contains(&"5e5d".to_string()));
    assert!(list.iter().all(|&m| pos.gives_check(m)));
}

/// An error names its cause once: the openings reader's line error carries
/// its reason in its message and is no `source()`, so a chain printer
/// (`{:#}`, `text::error_chain`) does not print the reason twice.
#[test]
fn opening_line_errors_print_their_reason_once() {
    let e = yomi_shogi::openings::parse_openings("7g7f\n7g7f 7g7f\n").unwrap_err();
    let chain = yomi_core::text::error_chain(&e);
    assert!(chain.starts_with("game line 2: move 2 '7g7f'"), "{chain}");
    assert_eq!(
        chain.matches("7g7f").count(),
        e.to_string().matches("7g7f").count()
    );
    assert!(std::error::Error::source(&e).is_none());
}
