//! The records a clocked match writes, for every way a game can end by the
//! rules (checkmate, repetition, perpetual check, declaration, the ply
//! limit), in CSA and KIF: the ending each says, the termination each reads
//! back with, and the exact bytes of played-out games (pinned from the
//! records yomi wrote before the match moved onto yomi-arena's runner).

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;
use yomi_arena::{MatchConfig, Openings, TimeControl};
use yomi_search::StrategySpec;
use yomi_shogi::record::{Csa, Kif};
use yomi_shogi::{DeclarationRule, ShogiGame, Termination};
use yomi_shogi_match::{EngineSpec, PlayerSpec, RecordFormat, ShogiMatchConfig, run_shogi_match};

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

/// A scripted engine that plays move `k` of `line` when the game so far has
/// `k` moves after a `position` command of `head` words (`position
/// startpos moves`: 3; `position sfen <4 fields> moves`: 7).
fn line_engine(dir: &Path, line: &str, head: usize) -> PlayerSpec {
    let path = dir.join("line.sh");
    let script = format!(
        "#!/bin/sh\nwhile read cmd; do\n  case \"$cmd\" in\n    usi) echo 'id name line'; echo usiok;;\n    isready) echo readyok;;\n    position*) pos=\"$cmd\";;\n    go*) set -- $pos; n=$(($# - {head})); [ $n -lt 0 ] && n=0; set -- {line}; shift $n; echo \"bestmove $1\";;\n    quit) exit 0;;\n  esac\ndone\n"
    );
    std::fs::write(&path, script).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    let spec: EngineSpec = format!("usi:{}", path.display()).parse().unwrap();
    PlayerSpec::Usi(spec)
}

/// Plays one pair between `a` and `b` from `opening` and returns both
/// records' texts.
fn records(
    dir: &Path,
    players: [&PlayerSpec; 2],
    opening: &str,
    format: RecordFormat,
    max_plies: u32,
) -> [String; 2] {
    let records = dir.join(format!("records-{}", format.extension()));
    let cfg = ShogiMatchConfig {
        arena: MatchConfig {
            threads: 1,
            openings: Openings::List(vec![opening.to_string()]),
            seed: 3,
            max_plies: Some(max_plies),
            clock: Some(TimeControl::Nodes(1000)),
            ..MatchConfig::new(2)
        },
        declaration: DeclarationRule::Points27,
        records: Some(records.clone()),
        record_format: format,
        handshake: Duration::from_secs(5),
    };
    run_shogi_match(players[0], players[1], &cfg, &|_| {}).unwrap();
    let read = |g: u32| {
        let file = format!("game-{g:05}.{}", format.extension());
        std::fs::read_to_string(records.join(file)).unwrap()
    };
    [read(0), read(1)]
}

/// Each rule ending, reached by scripted engines playing a fixed line from
/// a start position: (name, opening, line, words before the moves).
const ENDINGS: [(&str, &str, &str, usize, Termination); 4] = [
    (
        "mate",
        "sfen 4k4/9/4P4/9/9/9/9/9/4K4 b G 1",
        "G*5b",
        7,
        Termination::Checkmate,
    ),
    (
        "repetition",
        "startpos",
        "5i5h 5a5b 5h5i 5b5a 5i5h 5a5b 5h5i 5b5a 5i5h 5a5b 5h5i 5b5a",
        3,
        Termination::Repetition,
    ),
    (
        "perpetual",
        "sfen 4k4/R8/9/9/9/9/9/9/4K4 b - 1",
        "9b9a 5a5b 9a9b 5b5a 9b9a 5a5b 9a9b 5b5a 9b9a 5a5b 9a9b 5b5a",
        7,
        Termination::PerpetualCheck,
    ),
    (
        "declaration",
        "sfen 1+R+B1GGSS1/PPPPPPPPP/9/K8/9/9/9/9/8k b RB2S3N3L9p 1",
        "9d9c 1i1h",
        7,
        Termination::Declaration,
    ),
];

#[test]
fn every_rule_ending_is_written_and_read_back() {
    for (name, opening, line, head, want) in ENDINGS {
        let dir = scratch(name);
        let engine = line_engine(&dir, line, head);
        let plies = line.split_whitespace().count();
        let [csa0, csa1] = records(&dir, [&engine, &engine], opening, RecordFormat::Csa, 60);
        let [kif0, kif1] = records(&dir, [&engine, &engine], opening, RecordFormat::Kif, 60);
        // Both games play the same line: seats swap, the moves do not.
        assert_eq!(csa0, csa1, "{name}");
        let Csa(r) = csa0.parse().unwrap();
        assert_eq!(r.termination, Some(want), "{name}:\n{csa0}");
        assert_eq!(r.moves.len(), plies, "{name}");
        assert_eq!(r.names, ["line".to_string(), "line".to_string()]);
        let Kif(k) = kif0.parse().unwrap();
        assert_eq!(k.termination, Some(want), "{name}:\n{kif0}");
        assert_eq!(k.moves.len(), plies, "{name}");
        let token = match want {
            Termination::Checkmate => "%TSUMI",
            Termination::Declaration => "%KACHI",
            // Perpetual check is written as repetition, as yomi always
            // wrote it; the readers tell it apart by replaying the moves.
            _ => "%SENNICHITE",
        };
        assert!(csa0.contains(&format!("\n{token}\n")), "{name}:\n{csa0}");
        assert_eq!(kif0, kif1, "{name}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// FNV-1a of the records of a random game to the ply limit, as the match
/// wrote them before it moved onto yomi-arena's runner.
const PINNED: [(&str, u64); 4] = [
    ("csa-0", 0x33990062c4e29c8a),
    ("csa-1", 0x452ba8278a4b65f4),
    ("kifu-0", 0x97c76b895fd6ce44),
    ("kifu-1", 0x8420ce4fcaf58d0b),
];

#[test]
fn a_played_out_game_is_written_byte_for_byte_as_before() {
    let dir = scratch("random");
    let random = random_player();
    let mut texts = std::collections::HashMap::new();
    for format in [RecordFormat::Csa, RecordFormat::Kif] {
        let pair = records(&dir, [&random, &random], "startpos", format, 60);
        for (g, text) in pair.into_iter().enumerate() {
            texts.insert(format!("{}-{g}", format.extension()), text);
        }
    }
    assert!(texts["csa-1"].ends_with("%HIKIWAKE\n'ply limit\n"));
    let Csa(r) = texts["csa-0"].parse().unwrap();
    assert_eq!(r.termination, Some(Termination::PlyLimit));
    for (key, hash) in PINNED {
        let text = &texts[key];
        assert_eq!(yomi_core::fnv1a(text.as_bytes()), hash, "{key}:\n{text}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
