//! `yomi party` on bad input: every mistake is refused with a message that
//! names the option or the file position, exit code 2, before anything is
//! allocated or written (issue 20's list, one test each).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn yomi(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_yomi"))
        .args(args)
        .output()
        .expect("run yomi")
}

/// Asserts a usage error (exit code 2) whose message contains every `needle`.
fn refused(out: &Output, needles: &[&str]) {
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "stderr: {err}");
    for n in needles {
        assert!(err.contains(n), "{n:?} not in: {err}");
    }
}

/// A fresh scratch directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("yomi-party-input-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A small real dataset (20 parties x 3 opponents) in `dir`.
fn small_dataset(dir: &Path) -> PathBuf {
    let out = dir.join("d.csv");
    let o = yomi(&[
        "party",
        "dataset",
        "--out",
        out.to_str().unwrap(),
        "--parties",
        "20",
        "--opponents",
        "3",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    out
}

#[test]
fn huge_party_counts_are_refused_before_allocating() {
    let dir = scratch("huge");
    let out = dir.join("d.csv");
    let out = out.to_str().unwrap();
    let max = "18446744073709551615";
    refused(
        &yomi(&["party", "dataset", "--out", out, "--parties", max]),
        &["--parties", "memory"],
    );
    refused(
        &yomi(&["party", "dataset", "--out", out, "--opponents", max]),
        &["--opponents", "memory"],
    );
    assert!(!Path::new(out).exists());
}

#[test]
fn absurd_game_counts_are_refused() {
    let dir = scratch("games");
    let out = dir.join("d.csv");
    let o = yomi(&[
        "party",
        "dataset",
        "--out",
        out.to_str().unwrap(),
        "--games",
        "18446744073709551615",
    ]);
    refused(&o, &["--games", "battles"]);
    assert!(!out.exists());
    assert!(!dir.join("d.csv.partial").exists());
}

#[test]
fn a_malformed_meta_file_is_reported_with_its_line() {
    let dir = scratch("meta");
    let data = small_dataset(&dir);
    std::fs::write(
        dir.join("d.csv.meta.json"),
        "{\n  \"profile\": pokeai2017\n}",
    )
    .unwrap();
    for args in [&["fit", "--train", "10"][..], &["search"][..]] {
        let cmd = args[0];
        let mut all = vec!["party", "--data", data.to_str().unwrap()];
        all.splice(1..1, args.iter().copied());
        let o = yomi(&all);
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(!o.status.success(), "{cmd}");
        assert!(
            err.contains("meta.json") && err.contains("line 2"),
            "{cmd}: {err}"
        );
    }
}

#[test]
fn train_must_leave_held_out_rows() {
    let dir = scratch("train");
    let data = small_dataset(&dir);
    let o = yomi(&[
        "party",
        "fit",
        "--data",
        data.to_str().unwrap(),
        "--train",
        "9000",
    ]);
    refused(&o, &["--train 9000", "20 rows", "from 2 to 19"]);
}

#[test]
fn scores_outside_the_unit_interval_and_constant_scores_are_refused() {
    let dir = scratch("scores");
    let data = small_dataset(&dir);
    let text = std::fs::read_to_string(&data).unwrap();
    // Writes the dataset with the score of every data row `i` set by `score(i)`
    // and returns the stderr and success of `fit` on it.
    let fit_with = |name: &str, score: &dyn Fn(usize) -> Option<&'static str>| {
        let rows: Vec<String> = text
            .lines()
            .enumerate()
            .map(|(i, l)| match (i, score(i)) {
                (1.., Some(v)) => {
                    let mut c: Vec<&str> = l.split(',').collect();
                    c[1] = v;
                    c.join(",")
                }
                _ => l.to_string(),
            })
            .collect();
        let path = dir.join(name);
        std::fs::write(&path, rows.join("\n")).unwrap();
        let o = yomi(&[
            "party",
            "fit",
            "--data",
            path.to_str().unwrap(),
            "--train",
            "10",
        ]);
        (
            String::from_utf8_lossy(&o.stderr).into_owned(),
            o.status.success(),
        )
    };
    // Row 3 (file line 4) gets a score of 7.
    let (err, ok) = fit_with("bad.csv", &|i| (i == 3).then_some("7"));
    assert!(!ok);
    assert!(
        err.contains("line 4") && err.contains("outside [0, 1]"),
        "{err}"
    );
    let (err, ok) = fit_with("flat.csv", &|_| Some("0.5"));
    assert!(!ok, "constant scores must not print R² NaN");
    assert!(err.contains("constant"), "{err}");
}

#[test]
fn party_names_follow_the_documented_grammar() {
    let good = "Gengar:Psychic/Thunderbolt/Toxic/Confuse Ray;Jynx:Blizzard/Psychic/Lovely Kiss/Reflect;Tauros:Body Slam/Hyper Beam/Blizzard/Thunderbolt";
    let o = yomi(&["party", "battle", "--a", good, "--games", "2"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let punct = good.replace("Gengar:Psychic", "Gengar:Psy!chic");
    refused(
        &yomi(&["party", "battle", "--a", &punct, "--games", "2"]),
        &["--a", "unknown move \"Psy!chic\""],
    );
    let comma = good.replace(';', ",");
    refused(
        &yomi(&["party", "battle", "--a", &comma, "--games", "2"]),
        &["--a", "';'"],
    );
    // Case, spaces and hyphens are ignored, as documented.
    let loose = good.replace("Confuse Ray", "confuse-ray");
    assert!(
        yomi(&["party", "battle", "--a", &loose, "--games", "2"])
            .status
            .success()
    );
}

#[test]
fn learnset_checks_given_parties() {
    // Gengar cannot learn Slash in Gen 1.
    let off = "Gengar:Slash/Psychic/Toxic/Confuse Ray;Jynx:Blizzard/Psychic/Lovely Kiss/Reflect;Tauros:Body Slam/Hyper Beam/Blizzard/Thunderbolt";
    let o = yomi(&["party", "battle", "--a", off, "--games", "2", "--learnset"]);
    refused(&o, &["--a", "Gengar cannot learn Slash"]);
    assert!(
        yomi(&["party", "battle", "--a", off, "--games", "2"])
            .status
            .success()
    );
}

#[test]
fn negative_numbers_say_what_range_is_allowed() {
    refused(
        &yomi(&["party", "battle", "--seed", "-5"]),
        &["seed '-5'", "0 to 18446744073709551615"],
    );
    let o = yomi(&["party", "battle", "--games", "-1"]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("'-1'") && err.contains("--games"), "{err}");
    assert!(!err.contains("unexpected argument"), "{err}");
}

#[test]
fn train_defaults_to_a_share_of_any_dataset() {
    let dir = scratch("share");
    let data = small_dataset(&dir);
    let data = data.to_str().unwrap();
    // 20 rows: the old default of 9000 rows refused every dataset under 9,001 rows.
    let o = yomi(&["party", "fit", "--data", data]);
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(
        text.contains("18 training / 2 held-out parties (--train 90%)"),
        "{text}"
    );
    for (train, expect) in [
        ("0.5", "10 training"),
        ("75%", "15 training"),
        ("12", "12 training"),
    ] {
        let o = yomi(&["party", "fit", "--data", data, "--train", train]);
        let text = String::from_utf8_lossy(&o.stdout);
        assert!(text.contains(expect), "{train}: {text}");
    }
    refused(
        &yomi(&["party", "fit", "--data", data, "--train", "150%"]),
        &["--train 150%: a share must be above 0 and below 1"],
    );
    let help = yomi(&["party", "fit", "--help"]);
    let help = String::from_utf8_lossy(&help.stdout);
    assert!(
        help.contains("[default: 90%]") && help.contains("0.9 or 90%"),
        "{help}"
    );
}

#[test]
fn a_file_that_is_not_text_names_the_file_and_line() {
    let dir = scratch("garbage");
    let garbage = dir.join("garbage.bin");
    let mut bytes = b"party,score\nok line\n".to_vec();
    bytes.extend_from_slice(&[0xff, 0xfe, 0x00, 0x81]);
    std::fs::write(&garbage, bytes).unwrap();
    for cmd in ["fit", "search"] {
        refused(
            &yomi(&["party", cmd, "--data", garbage.to_str().unwrap()]),
            &["garbage.bin, line 3: byte 21: not UTF-8 text"],
        );
    }
}

#[test]
fn a_directory_as_out_is_refused_before_any_battle() {
    let dir = scratch("outdir");
    let out = dir.join("here");
    std::fs::create_dir_all(&out).unwrap();
    refused(
        &yomi(&[
            "party",
            "dataset",
            "--out",
            out.to_str().unwrap(),
            "--parties",
            "20",
        ]),
        &["is a directory", "dataset.csv"],
    );
    let left: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(left, ["here"], "nothing half-written beside it");
}
