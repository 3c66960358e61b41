//! `yomi shogi nn init` and `yomi shogi nn bench` through the binary: the written file,
//! JSON fields, reproducibility and exit codes; and `yomi shogi nnue init` / `eval`: the
//! written net scores as the library says (and as YaneuraOu prints, which the engine's tests
//! check), and bad nets, positions and flags end with exit code 2 and a message naming them.

mod common;
use common::{json, yomi};

#[test]
fn init_writes_a_file_that_bench_reads_with_the_same_logits() {
    let dir = std::env::temp_dir().join(format!("yomi-nn-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("net.safetensors");
    let path = file.to_str().unwrap();
    let shape = ["--channels", "8", "--layers", "4", "--seed", "5"];
    let mut args = vec!["shogi", "nn", "init", "--out", path, "--json"];
    args.extend(shape);
    let v = json(&yomi(&args));
    // 8x61x9 + 8 + 3 x (8x8x9 + 8) + 8x81 + 1 parameters.
    assert_eq!(
        v["parameters"],
        8 * 61 * 9 + 8 + 3 * (8 * 8 * 9 + 8) + 8 * 81 + 1
    );
    assert!(file.exists());

    let bench = |source: &[&str]| {
        let mut args = vec!["shogi", "nn", "bench", "--batch", "5", "--seconds", "50ms"];
        args.extend(source);
        args.push("--json");
        json(&yomi(&args))
    };
    let from_file = bench(&["--weights", path]);
    let from_seed = bench(&shape);
    assert_eq!(from_file["batch"], 5);
    assert_eq!(from_file["channels"], 8);
    assert!(from_file["batches"].as_u64().unwrap() >= 1);
    assert!(from_file["positions_per_second"].as_f64().unwrap() > 0.0);
    // Same weights (file or seed), same positions: the same logits.
    assert_eq!(from_file["logit_sum"], from_seed["logit_sum"]);
    let other_seed = bench(&["--channels", "8", "--layers", "4", "--seed", "6"]);
    assert_ne!(from_file["logit_sum"], other_seed["logit_sum"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_shapes_and_files_are_usage_or_clear_errors() {
    let out = yomi(&[
        "shogi",
        "nn",
        "bench",
        "--layers",
        "12",
        "--seconds",
        "10ms",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("multiple of 3"));
    let out = yomi(&["shogi", "nn", "bench", "--seconds", "5"]);
    assert_eq!(out.status.code(), Some(2), "bare number refused");
    let out = yomi(&[
        "shogi",
        "nn",
        "bench",
        "--weights",
        "/nonexistent/net.safetensors",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("/nonexistent/net.safetensors"));
}

#[test]
fn init_then_eval_scores_positions_and_bad_input_is_named() {
    let dir = std::env::temp_dir().join(format!("yomi-nnue-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let net = dir.join("nn.bin");
    let net_s = net.to_str().unwrap();
    let out = yomi(&["shogi", "nnue", "init", "--seed", "1", "--out", net_s]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(std::fs::metadata(&net).unwrap().len(), 64_217_066);

    // The first rows of the recorded YaneuraOu scores (net of seed 1, FV_SCALE 16).
    let data = include_str!("../../shogi-engine/data/nnue-yaneuraou.tsv");
    let rows: Vec<(i64, &str)> = data
        .lines()
        .filter(|l| !l.starts_with('#'))
        .take(20)
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            (f[0].parse().unwrap(), f[2])
        })
        .collect();
    let positions = dir.join("positions.txt");
    let text: Vec<&str> = rows.iter().map(|r| r.1).collect();
    std::fs::write(&positions, format!("{}\n\n", text.join("\n"))).unwrap();
    let pos_s = positions.to_str().unwrap();
    let v = json(&yomi(&[
        "shogi",
        "nnue",
        "eval",
        "--net",
        net_s,
        "--positions",
        pos_s,
        "--json",
    ]));
    let got: Vec<i64> = v
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x["score"].as_i64().unwrap())
        .collect();
    let want: Vec<i64> = rows.iter().map(|r| r.0).collect();
    assert_eq!(got, want);

    let fail = |args: &[&str], says: &str| {
        let out = yomi(args);
        let err = String::from_utf8_lossy(&out.stderr).to_string();
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
    };
    let short = dir.join("short.bin");
    std::fs::write(&short, &std::fs::read(&net).unwrap()[..1000]).unwrap();
    fail(
        &[
            "shogi",
            "nnue",
            "eval",
            "--net",
            short.to_str().unwrap(),
            "--positions",
            pos_s,
        ],
        "1000 bytes, but a halfKP 256x2-32-32 net",
    );
    fail(
        &[
            "shogi",
            "nnue",
            "eval",
            "--net",
            "/nonexistent/nn.bin",
            "--positions",
            pos_s,
        ],
        "/nonexistent/nn.bin",
    );
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "startpos\nnot a position\n").unwrap();
    fail(
        &[
            "shogi",
            "nnue",
            "eval",
            "--net",
            net_s,
            "--positions",
            bad.to_str().unwrap(),
        ],
        "bad.txt line 2",
    );
    fail(
        &[
            "shogi",
            "nnue",
            "eval",
            "--net",
            net_s,
            "--positions",
            pos_s,
            "--fv-scale",
            "0",
        ],
        "--fv-scale",
    );

    // The engine's fixed workload with that net: the node count is the NNUE search's
    // fingerprint (it changes only with search or evaluation behaviour).
    let bench = json(&yomi(&[
        "shogi", "bench", "--eval", "nnue", "--nnue", net_s, "--depth", "6", "--hash", "1",
        "--json",
    ]));
    assert_eq!(bench["eval"], "NNUE");
    assert_eq!(bench["nodes"], 15_219);
    let bests: Vec<&str> = bench["positions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["best"].as_str().unwrap())
        .collect();
    assert_eq!(bests, ["3g3f", "8d8f", "N*6d", "S*2h"]);
    // Without --nnue, the built-in net: another net, so another search.
    let builtin = json(&yomi(&[
        "shogi", "bench", "--eval", "NNUE", "--depth", "6", "--hash", "1", "--json",
    ]));
    assert_eq!(builtin["eval"], "NNUE");
    assert_ne!(builtin["nodes"], 15_219);
    fail(
        &["shogi", "bench", "--nnue", net_s, "--depth", "1"],
        "is read with --eval NNUE only",
    );
    fail(
        &[
            "shogi",
            "bench",
            "--eval",
            "NNUE",
            "--nnue",
            short.to_str().unwrap(),
            "--depth",
            "1",
        ],
        "1000 bytes, but a halfKP 256x2-32-32 net",
    );
    fail(
        &["shogi", "bench", "--eval", "Networkz", "--depth", "1"],
        "or NNUE",
    );

    // unpack alone writes the built-in net, which packs to the shipped bytes, and unpacks
    // from them to the same net; damaged packed files are refused by name.
    let ok = |args: &[&str]| {
        let out = yomi(args);
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    };
    let packed = dir.join("net.pack");
    let packed_s = packed.to_str().unwrap();
    let builtin = dir.join("builtin.bin");
    let builtin_s = builtin.to_str().unwrap();
    let back = dir.join("back.bin");
    let back_s = back.to_str().unwrap();
    ok(&["shogi", "nnue", "unpack", "--out", builtin_s]);
    ok(&[
        "shogi", "nnue", "pack", "--net", builtin_s, "--out", packed_s,
    ]);
    ok(&[
        "shogi", "nnue", "unpack", "--packed", packed_s, "--out", back_s,
    ]);
    assert!(std::fs::read(&back).unwrap() == std::fs::read(&builtin).unwrap());
    assert!(
        std::fs::read(&packed).unwrap() == yomi_shogi_engine::eval::nnue::pack::BUILTIN_PACKED,
        "the built-in net does not pack to the shipped bytes"
    );
    std::fs::write(&short, b"yomiNNUE and then nothing useful").unwrap();
    fail(
        &[
            "shogi",
            "nnue",
            "unpack",
            "--packed",
            short.to_str().unwrap(),
            "--out",
            back_s,
        ],
        "packed net version",
    );
    fail(
        &[
            "shogi", "nnue", "unpack", "--packed", net_s, "--out", back_s,
        ],
        "not a packed yomi NNUE net",
    );
    let missing = dir.join("missing.pack");
    let missing_s = missing.to_str().unwrap();
    fail(
        &[
            "shogi", "nnue", "unpack", "--packed", missing_s, "--out", back_s,
        ],
        &format!("{missing_s}: reading: "),
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `yomi shogi nnue convert` and `train`: YaneuraOu's own records (the engine crate's
/// golden file) become dataset rows and records again with everything but the best move
/// unchanged; a short training run on them writes a net `eval` reads, resumes refuse
/// other data, and bad files and flags exit 2 (or 1 for a missing file) naming them.
#[test]
fn convert_and_train_on_yaneuraou_records() {
    let dir = std::env::temp_dir().join(format!("yomi-nnue-train-cli-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let golden = include_str!("../../shogi/data/packed-yaneuraou.tsv");
    let records: Vec<Vec<u8>> = golden
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let hex = l.split('\t').next().unwrap();
            (0..40)
                .map(|i| u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).unwrap())
                .collect()
        })
        .collect();
    let bin = dir.join("yo.bin");
    std::fs::write(&bin, records.concat()).unwrap();
    let s = |p: &std::path::Path| p.to_str().unwrap().to_string();
    let parquet = dir.join("rows.parquet");
    let back = dir.join("back.bin");
    let out = yomi(&[
        "shogi",
        "nnue",
        "convert",
        "--from",
        &s(&bin),
        "--to",
        &s(&parquet),
    ]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = yomi(&[
        "shogi",
        "nnue",
        "convert",
        "--from",
        &s(&parquet),
        "--to",
        &s(&back),
    ]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let again = std::fs::read(&back).unwrap();
    assert_eq!(again.len(), records.len() * 40);
    for (r, a) in records.iter().zip(again.chunks_exact(40)) {
        assert_eq!(r[..34], a[..34], "position and score");
        assert_eq!(a[34..36], [0, 0], "no best move in dataset rows");
        assert_eq!(r[36..], a[36..], "ply, result, padding");
    }

    let net_dir = dir.join("run");
    let train = |extra: &[&str]| {
        let mut args = vec!["shogi", "nnue", "train", "--epochs", "1", "--batch", "128"];
        args.extend(extra);
        yomi(&args)
    };
    let v = json(&train(&[
        "--data",
        &s(&bin),
        "--out",
        &s(&net_dir),
        "--threads",
        "2",
        "--json",
    ]));
    assert_eq!(v["finished"], true);
    assert_eq!(
        v["train_positions"].as_u64().unwrap() + v["val_positions"].as_u64().unwrap(),
        606
    );
    assert!(v["samples_per_second"].as_f64().unwrap() > 0.0);
    assert!(v["history"][0]["val_loss"].as_f64().unwrap().is_finite());
    let net = net_dir.join("nn.bin");
    let positions = dir.join("positions.txt");
    std::fs::write(&positions, "startpos\n").unwrap();
    let scored = json(&yomi(&[
        "shogi",
        "nnue",
        "eval",
        "--net",
        &s(&net),
        "--positions",
        &s(&positions),
        "--json",
    ]));
    assert!(scored[0]["score"].is_i64());
    // Resuming on other data is refused; bad input is named.
    let half = dir.join("half.bin");
    std::fs::write(&half, records[..300].concat()).unwrap();
    let out = train(&["--data", &s(&half), "--out", &s(&net_dir), "--resume"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("was started on other data"), "{err}");
    let cut = dir.join("cut.bin");
    std::fs::write(&cut, &records.concat()[..81]).unwrap();
    let out = train(&["--data", &s(&cut), "--out", &s(&dir.join("x"))]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("81 bytes are not a whole number of 40-byte records"),
        "{err}"
    );
    assert_eq!(
        train(&["--data", &s(&bin), "--out", "x", "--batch", "0"])
            .status
            .code(),
        Some(2)
    );
    for bad in ["-1", "nan", "1e9"] {
        let out = train(&["--data", &s(&bin), "--out", "x", "--row-l1", bad]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "--row-l1 {bad}: {err}");
        assert!(
            err.contains("must be from 0 to 1000"),
            "--row-l1 {bad}: {err}"
        );
    }
    let out = yomi(&[
        "shogi",
        "nnue",
        "convert",
        "--from",
        &s(&bin),
        "--to",
        &s(&cut),
    ]);
    assert_eq!(out.status.code(), Some(2));
    std::fs::remove_dir_all(&dir).unwrap();
}
