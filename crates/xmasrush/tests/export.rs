//! The single-file CodinGame export: it compiles with `rustc` alone and the
//! program plays move for move as the built-in bot with the same spec and
//! seed (a search with a fixed iteration count never reads the clock).

use std::path::PathBuf;
use std::process::Command;
use std::time::Duration;
use yomi_xmasrush::League;
use yomi_xmasrush::bots::BotSpec;
use yomi_xmasrush::export::{CODINGAME_LIMIT, ExportOptions, codingame_source};
use yomi_xmasrush::player::{External, Player};
use yomi_xmasrush::referee::{RefereeOptions, TimeLimits, play_game};

fn options(spec: &str) -> ExportOptions {
    ExportOptions {
        spec: spec.into(),
        league: League::Legend,
        seed: 5,
        budget: Duration::from_millis(20),
    }
}

#[test]
fn the_export_is_one_file_without_crates() {
    let source = codingame_source(&options("duct")).unwrap();
    for line in source.lines() {
        let t = line.trim();
        assert!(
            !(t.starts_with("mod ") || t.starts_with("pub mod ")) || t.ends_with('{'),
            "a module left outside the file: {t}"
        );
        assert!(!t.contains("thiserror"), "thiserror left: {t}");
        assert!(!t.contains("serde"), "serde left: {t}");
        assert!(
            !t.starts_with("use yomi_search"),
            "an extern path left: {t}"
        );
    }
    assert!(source.contains("fn main()"));
    assert!(!source.contains("mod tests"), "tests are not shipped");
    assert!(
        source.len() <= CODINGAME_LIMIT,
        "{} characters: CodinGame takes {CODINGAME_LIMIT} at most",
        source.len()
    );
    assert!(source.contains("pub mod push_duct {"));
    assert!(
        !source.contains("pub mod referee {"),
        "the referee is not a bot's"
    );
}

#[test]
fn a_bad_spec_is_refused_before_anything_is_made() {
    let e = codingame_source(&options("dcut")).unwrap_err();
    assert!(e.to_string().contains("unknown strategy 'dcut'"), "{e}");
}

fn compile(source: &str, name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("yomi-export-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("bot.rs");
    std::fs::write(&file, source).unwrap();
    let exe = dir.join("bot");
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let out = Command::new(rustc)
        .args(["--edition", "2021", "-C", "opt-level=1", "-o"])
        .arg(&exe)
        .arg(&file)
        .output()
        .expect("rustc runs");
    assert!(
        out.status.success(),
        "the export does not compile:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let warnings = String::from_utf8_lossy(&out.stderr);
    assert!(!warnings.contains("warning"), "warnings:\n{warnings}");
    exe
}

#[test]
fn the_exported_program_plays_as_the_builtin_bot() {
    let spec = "duct:iterations=300";
    let exe = compile(&codingame_source(&options(spec)).unwrap(), "duct");
    let referee = RefereeOptions {
        limits: TimeLimits {
            first: Duration::from_secs(10),
            turn: Duration::from_secs(5),
        },
        record: true,
        ..Default::default()
    };
    let opponent = || {
        let bot = BotSpec::parse("mcts:iterations=200")
            .unwrap()
            .build(9)
            .unwrap();
        Player::builtin(bot, League::Legend)
    };
    let names = || ["duct".to_string(), "mcts".to_string()];
    let exported = Player::External(External::spawn(&exe.display().to_string()).unwrap());
    let mut players = [exported, opponent()];
    let (r1, replay1) = play_game(&mut players, names(), 42, referee).unwrap();
    let builtin = Player::builtin(
        BotSpec::parse(spec).unwrap().build(5).unwrap(),
        League::Legend,
    );
    let mut players = [builtin, opponent()];
    let (r2, replay2) = play_game(&mut players, names(), 42, referee).unwrap();
    assert_eq!(r1.disqualified, [None, None]);
    assert!(r1.turns > 20, "a real game: {} turns", r1.turns);
    assert_eq!((r1.scores, r1.turns), (r2.scores, r2.turns));
    assert_eq!(
        serde_json::to_string(&replay1.frames).unwrap(),
        serde_json::to_string(&replay2.frames).unwrap(),
        "the exported bot answered differently from the built-in one"
    );
    let _ = std::fs::remove_dir_all(exe.parent().unwrap());
}
