//! The exact bytes of the records a clocked match writes, for every way a
//! game can end by the rules (checkmate, repetition, perpetual check,
//! declaration, the ply limit), in CSA and KIF: the records are the
//! match's output, so they are pinned byte for byte.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;
use yomi_arena::{MatchConfig, Openings};
use yomi_search::StrategySpec;
use yomi_shogi::{DeclarationRule, Position, ShogiGame, StartLine};
use yomi_shogi_engine::client::clock::TimeControl;
use yomi_shogi_engine::client::matches::{
    PlayerSpec, RecordFormat, ShogiMatchConfig, run_shogi_match,
};

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("yomi-records-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn random_player() -> PlayerSpec {
    let spec = StrategySpec::parse("random").unwrap();
    PlayerSpec::Builtin(Arc::new(move |seed| {
        spec.build::<ShogiGame>(Some(seed)).unwrap()
    }))
}

fn line(sfen: &str, moves: &[&str]) -> StartLine {
    let start = Position::from_sfen(sfen).unwrap();
    let mut pos = start.clone();
    let moves = moves
        .iter()
        .map(|u| {
            let m = pos.parse_usi(u).unwrap();
            pos.do_move(m);
            m
        })
        .collect();
    StartLine { start, moves }
}

/// Plays one pair from `start` and returns both records' texts.
fn records(name: &str, start: StartLine, format: RecordFormat, max_plies: u32) -> [String; 2] {
    let dir = scratch(name);
    let records = dir.join("records");
    let cfg = ShogiMatchConfig {
        arena: MatchConfig {
            games: 2,
            threads: 1,
            openings: Openings::Random { plies: 0 },
            seed: 3,
            sprt: None,
            max_plies: Some(max_plies),
        },
        starts: vec![start],
        control: TimeControl::Nodes(1000),
        tolerance: Duration::ZERO,
        declaration: DeclarationRule::Points27,
        records: Some(records.clone()),
        record_format: format,
        handshake: Duration::from_secs(5),
        journal: None,
        resign: None,
    };
    run_shogi_match(&random_player(), &random_player(), &cfg, &|_| {}).unwrap();
    let read = |g: u32| {
        let file = format!("game-{g:05}.{}", format.extension());
        std::fs::read_to_string(Path::new(&records).join(file)).unwrap()
    };
    let out = [read(0), read(1)];
    let _ = std::fs::remove_dir_all(&dir);
    out
}

/// The openings that end each way, and the ply limit of their match.
fn cases() -> Vec<(&'static str, StartLine, u32)> {
    let cycle = |moves: [&'static str; 4]| -> Vec<&'static str> {
        moves.iter().cycle().take(12).copied().collect()
    };
    vec![
        // Random players to the ply limit (`%HIKIWAKE`, `持将棋`).
        ("random", line("startpos", &[]), 60),
        // The opening mates: the rules end the game (`%TSUMI`).
        ("mate", line("4k4/9/4P4/9/9/9/9/9/4K4 b G 1", &["G*5b"]), 60),
        // Kings stepping back and forth: fourfold repetition (`%SENNICHITE`).
        (
            "repetition",
            line("startpos", &cycle(["5i5h", "5a5b", "5h5i", "5b5a"])),
            60,
        ),
        // A rook checking on every move: perpetual check, still written
        // `%SENNICHITE` / `千日手` as yomi always wrote it.
        (
            "perpetual",
            line(
                "4k4/R8/9/9/9/9/9/9/4K4 b - 1",
                &cycle(["9b9a", "5a5b", "9a9b", "5b5a"]),
            ),
            60,
        ),
        // Black may declare at once (`%KACHI`).
        (
            "declaration",
            line("K+R+B1GGSS1/PPPPPPPPP/9/9/9/9/9/9/8k b RB2S3N3L9p 1", &[]),
            60,
        ),
    ]
}

/// FNV-1a of every record as the match wrote it before the record formats
/// moved to yomi-shogi (`name.extension-game`).
const PINNED: [(&str, u64); 20] = [
    ("random.csa-0", 0x33990062c4e29c8a),
    ("random.csa-1", 0x452ba8278a4b65f4),
    ("random.kifu-0", 0x97c76b895fd6ce44),
    ("random.kifu-1", 0x8420ce4fcaf58d0b),
    ("mate.csa-0", 0x69e84f52724c2ab4),
    ("mate.csa-1", 0x525fc17158ededb6),
    ("mate.kifu-0", 0x8b2977701698fd49),
    ("mate.kifu-1", 0x604a31bc4d3c801f),
    ("repetition.csa-0", 0x89debb078a15317f),
    ("repetition.csa-1", 0x29bc1bb30f65468d),
    ("repetition.kifu-0", 0x183d4eaac3e331e0),
    ("repetition.kifu-1", 0xdd3c28d3e7e79092),
    ("perpetual.csa-0", 0xa05900f7286e08a1),
    ("perpetual.csa-1", 0x0cc4d09982fe54db),
    ("perpetual.kifu-0", 0x1ad8b257dd3876d7),
    ("perpetual.kifu-1", 0x834fc48d48b5e0e9),
    ("declaration.csa-0", 0xf37bf7a7a91fb6c8),
    ("declaration.csa-1", 0x0a58cd707c251afa),
    ("declaration.kifu-0", 0xffda8c60d560e533),
    ("declaration.kifu-1", 0xe1e80246be213581),
];

const MATE_CSA: &str = "V2.2
N+random(seed=13249656879112820992)
N-random(seed=9939412891127040325)
P1 *  *  *  * -OU *  *  *  * 
P2 *  *  *  *  *  *  *  *  * 
P3 *  *  *  * +FU *  *  *  * 
P4 *  *  *  *  *  *  *  *  * 
P5 *  *  *  *  *  *  *  *  * 
P6 *  *  *  *  *  *  *  *  * 
P7 *  *  *  *  *  *  *  *  * 
P8 *  *  *  *  *  *  *  *  * 
P9 *  *  *  * +OU *  *  *  * 
P+00KI
+
+0052KI
T0
%TSUMI
";

const DECLARATION_KIF: &str = "# ---- yomi game record ----
後手の持駒：歩九
  ９ ８ ７ ６ ５ ４ ３ ２ １
+---------------------------+
| 玉 龍 馬 ・ 金 金 銀 銀 ・|一
| 歩 歩 歩 歩 歩 歩 歩 歩 歩|二
| ・ ・ ・ ・ ・ ・ ・ ・ ・|三
| ・ ・ ・ ・ ・ ・ ・ ・ ・|四
| ・ ・ ・ ・ ・ ・ ・ ・ ・|五
| ・ ・ ・ ・ ・ ・ ・ ・ ・|六
| ・ ・ ・ ・ ・ ・ ・ ・ ・|七
| ・ ・ ・ ・ ・ ・ ・ ・ ・|八
| ・ ・ ・ ・ ・ ・ ・ ・v玉|九
+---------------------------+
先手の持駒：飛　角　銀二　桂三　香三
先手：random(seed=8699570156408711725)
後手：random(seed=810169415154850316)
手数----指手---------消費時間--
   1 入玉勝ち
まで0手で先手の勝ち
";

#[test]
fn every_rule_ending_is_written_byte_for_byte_as_before() {
    let mut texts = std::collections::HashMap::new();
    for (name, start, plies) in cases() {
        for format in [RecordFormat::Csa, RecordFormat::Kif] {
            let ext = format.extension();
            let pair = records(&format!("{name}-{ext}"), start.clone(), format, plies);
            for (g, text) in pair.into_iter().enumerate() {
                texts.insert(format!("{name}.{ext}-{g}"), text);
            }
        }
    }
    assert_eq!(texts["mate.csa-0"], MATE_CSA);
    assert_eq!(texts["declaration.kifu-1"], DECLARATION_KIF);
    for key in ["repetition.csa-0", "perpetual.csa-1"] {
        assert!(texts[key].ends_with("T0\n%SENNICHITE\n"), "{}", texts[key]);
    }
    assert!(texts["perpetual.kifu-0"].ends_with("  13 千日手\nまで12手で千日手\n"));
    assert!(texts["random.csa-1"].ends_with("%HIKIWAKE\n'ply limit\n"));
    for (key, hash) in PINNED {
        let text = &texts[key];
        assert_eq!(yomi_core::fnv1a(text.as_bytes()), hash, "{key}:\n{text}");
    }
}

/// The records read back say how each game ended, perpetual check too.
#[test]
fn records_read_back_with_their_termination() {
    use yomi_shogi::Termination;
    use yomi_shogi::record::{Csa, Kif};
    let expected = [
        Termination::PlyLimit,
        Termination::Checkmate,
        Termination::Repetition,
        Termination::PerpetualCheck,
        Termination::Declaration,
    ];
    for ((name, start, plies), want) in cases().into_iter().zip(expected) {
        let [csa, _] = records(
            &format!("back-{name}"),
            start.clone(),
            RecordFormat::Csa,
            plies,
        );
        let Csa(r) = csa.parse().unwrap();
        assert_eq!(r.termination, Some(want), "{csa}");
        let [_, kif] = records(&format!("back-kif-{name}"), start, RecordFormat::Kif, plies);
        let Kif(r) = kif.parse().unwrap();
        assert_eq!(r.termination, Some(want), "{kif}");
    }
}
