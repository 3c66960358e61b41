//! `yomi deck solve` end to end: JSON shape, proofs, infeasibility reasons, literature formats.

use std::process::{Command, Output};

fn yomi(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_yomi"))
        .args(args)
        .output()
        .expect("run yomi")
}

fn json(out: &Output) -> serde_json::Value {
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "stdout is not JSON ({e}): {}",
            String::from_utf8_lossy(&out.stdout)
        )
    })
}

/// Writes `text` to a fresh file in the temp dir and returns its path.
fn temp_file(name: &str, text: &str) -> String {
    let dir = std::env::temp_dir().join(format!("yomi-deck-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_string_lossy().into_owned()
}

/// Five pieces; the best pair (a, b) costs 20, over the cap of 15, so the optimum is a + c.
const SMALL: &str = r#"{
  "pieces": [
    {"id": "a", "name": "Ann", "cost": 8, "attribute": "god", "leader_eligible": true},
    {"id": "b", "name": "Bob", "cost": 12, "attribute": "god"},
    {"id": "c", "name": "Cid", "cost": 7, "attribute": "demon", "group": "cd"},
    {"id": "d", "name": "Dee", "cost": 3, "attribute": "demon", "group": "cd"},
    {"id": "e", "name": "Eve", "cost": 5, "attribute": "dragon"}
  ],
  "pairs": [
    {"a": "a", "b": "b", "score": 10}, {"a": "a", "b": "c", "score": 6},
    {"a": "c", "b": "d", "score": 9}, {"a": "a", "b": "e", "score": 2}
  ],
  "request": {"k": 2, "cost_cap": 15, "leader": "chosen", "group_limit": 1}
}"#;

#[test]
fn exact_proves_the_small_optimum_and_reports_slacks() {
    let file = temp_file("small.json", SMALL);
    let out = yomi(&["deck", "solve", &file, "--solver", "exact", "--json"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v = json(&out);
    assert_eq!(v["objective"], 6.0);
    assert_eq!(v["selected"], serde_json::json!(["a", "c"]));
    assert_eq!(v["leader"], "a");
    assert_eq!(v["feasible"], true);
    assert_eq!(v["proven_optimal"], true);
    assert_eq!(v["gap"], 0.0);
    let cost = v["constraints"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == "cost")
        .expect("a cost constraint");
    assert_eq!(cost["value"], 15.0);
    assert_eq!(cost["slack"], 0.0);
    // The heuristics find it too (b never fits beside a leader).
    for solver in ["vds", "greedy"] {
        let out = yomi(&["deck", "solve", &file, "--solver", solver, "--json"]);
        assert!(out.status.success());
        assert_eq!(json(&out)["objective"], 6.0, "{solver}");
    }
}

#[test]
fn infeasible_requests_say_why_and_fail() {
    // Caught before solving: the two cheapest usable pieces (d, e) cost 8.
    let text = SMALL.replace(r#""cost_cap": 15"#, r#""cost_cap": 7"#);
    let file = temp_file("tight.json", &text);
    let out = yomi(&["deck", "solve", &file, "--json"]);
    assert_eq!(out.status.code(), Some(1));
    let v = json(&out);
    assert_eq!(v["feasible"], false);
    let reason = v["reasons"][0].as_str().unwrap();
    assert!(reason.contains("cost cap 7"), "{reason}");
    // Only the search finds this one: d + e fit the cap of 9, but the leader (a, cost 8) does not.
    let text = SMALL.replace(r#""cost_cap": 15"#, r#""cost_cap": 9"#);
    let file = temp_file("leader.json", &text);
    let out = yomi(&["deck", "solve", &file, "--solver", "exact", "--json"]);
    assert_eq!(out.status.code(), Some(1));
    let v = json(&out);
    assert_eq!(v["feasible"], false);
    let why = v["violations"][0].as_str().unwrap();
    assert!(why.contains("proven infeasible"), "{why}");
    let text = SMALL.replace(
        r#""group_limit": 1"#,
        r#""group_limit": 1, "must_include": ["c", "d"]"#,
    );
    let file = temp_file("groups.json", &text);
    let out = yomi(&["deck", "solve", &file]);
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("c, d are the same piece"), "{stdout}");
}

#[test]
fn malformed_files_name_the_place() {
    let file = temp_file(
        "bad.json",
        &SMALL.replace(r#""cost": 12"#, r#""cost": "twelve""#),
    );
    let out = yomi(&["deck", "solve", &file]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("line"), "{err}");
    let file = temp_file("bad.mdp", "3 2\n0 1 4.5\n1 x 2\n");
    let out = yomi(&["deck", "solve", &file, "--format", "mdp"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("line 3"), "{err}");
}

#[test]
fn literature_formats_list_indices() {
    let file = temp_file(
        "tiny.mdp",
        "4 2\n0 1 1\n0 2 5\n0 3 2\n1 2 3\n1 3 4\n2 3 1\n",
    );
    let out = yomi(&[
        "deck", "solve", &file, "--format", "mdp", "--solver", "exact", "--json",
    ]);
    assert!(out.status.success());
    let v = json(&out);
    assert_eq!(v["selected"], serde_json::json!([0, 2]));
    assert_eq!(v["objective"], 5.0);
    assert_eq!(v["proven_optimal"], true);
}

#[test]
fn csv_tables_with_request_flags() {
    let pieces = temp_file(
        "shop_pieces.csv",
        "id,name,cost,attribute,group,leader_eligible\n\
         a,Ann,8,god,,yes\nb,Bob,12,god,,no\nc,Cid,7,demon,cd,no\nd,Dee,3,demon,cd,no\ne,Eve,5,dragon,,no\n",
    );
    temp_file("shop_pairs.csv", "a,b,score\na,b,10\na,c,6\nc,d,9\na,e,2\n");
    let out = yomi(&[
        "deck",
        "solve",
        &pieces,
        "--format",
        "csv",
        "--k",
        "2",
        "--cost-cap",
        "15",
        "--solver",
        "exact",
        "--json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v = json(&out);
    assert_eq!(v["selected"], serde_json::json!(["a", "c"]));
    assert_eq!(v["objective"], 6.0);
    // Requiring e instead changes the answer; an unknown id is refused by name.
    let out = yomi(&[
        "deck",
        "solve",
        &pieces,
        "--format",
        "csv",
        "--k",
        "2",
        "--cost-cap",
        "15",
        "--must-include",
        "e",
        "--solver",
        "exact",
        "--json",
    ]);
    assert_eq!(json(&out)["selected"], serde_json::json!(["a", "e"]));
    let out = yomi(&[
        "deck",
        "solve",
        &pieces,
        "--format",
        "csv",
        "--must-include",
        "zed",
    ]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("must_include[0]") && err.contains("zed"),
        "{err}"
    );
    // A bad row names the file and the line.
    let bad = temp_file("bad_pieces.csv", "id,cost\na,1\nb,lots\n");
    temp_file("bad_pairs.csv", "a,b,score\n");
    let out = yomi(&["deck", "solve", &bad, "--format", "csv"]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("bad_pieces.csv line 3") && err.contains("lots"),
        "{err}"
    );
}

#[test]
fn serve_answers_health_over_http() {
    use std::io::{BufRead, BufReader, Read, Write};
    let file = temp_file("catalog.json", SMALL);
    let mut child = Command::new(env!("CARGO_BIN_EXE_yomi"))
        .args(["deck", "serve", "--catalog", &file, "--addr", "127.0.0.1:0"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("start yomi deck serve");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let addr = line
        .trim()
        .trim_start_matches("listening on http://")
        .to_string();
    let ask = |request: String| {
        let mut s = std::net::TcpStream::connect(&addr).unwrap();
        s.write_all(request.as_bytes()).unwrap();
        let mut text = String::new();
        s.read_to_string(&mut text).unwrap();
        text
    };
    let health = ask("GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".into());
    let body = r#"{"k": 2, "cost_cap": 15}"#;
    let rec = ask(format!(
        "POST /recommend HTTP/1.1\r\nHost: x\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    ));
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(health.starts_with("HTTP/1.1 200"), "{health}");
    assert!(health.contains("\"pieces\":5"), "{health}");
    assert!(rec.starts_with("HTTP/1.1 200"), "{rec}");
    assert!(rec.contains(r#""selected":["a","c"]"#), "{rec}");
}

#[test]
fn serve_refuses_minimums_no_deck_can_meet_at_startup() {
    let file = temp_file("catalog_min.json", SMALL);
    // There is no elf piece, and only two god pieces: every such request would be a 422.
    for (flag, needle) in [
        (
            "elf:5",
            "--attribute-minimum: attribute minimum elf:5: the catalogue has no piece of that attribute",
        ),
        (
            "god:3",
            "a deck can hold at most 2 god pieces of this catalogue",
        ),
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_yomi"))
            .args(["deck", "serve", "--catalog", &file, "--addr", "127.0.0.1:0"])
            .args(["--attribute-minimum", flag])
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("start yomi deck serve");
        let started = std::time::Instant::now();
        while child.try_wait().unwrap().is_none() {
            if started.elapsed() > std::time::Duration::from_secs(20) {
                child.kill().unwrap();
                panic!("{flag}: the service started instead of refusing the minimum");
            }
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
        let out = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(err.contains(needle), "{needle:?} not in {err}");
        assert!(!String::from_utf8_lossy(&out.stdout).contains("listening"));
    }
}

#[test]
fn bench_says_up_front_what_it_will_do_and_for_how_long() {
    let out = yomi(&[
        "deck",
        "bench",
        "--pieces",
        "60",
        "--seeds",
        "1",
        "--short",
        "5ms",
        "--long",
        "20ms",
        "--exact-pieces",
        "12",
        "--exact-time",
        "200ms",
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    let first = err.lines().next().unwrap_or_default();
    assert!(
        first.starts_with("deck bench: VDS 5ms and 20ms on 60 pieces x 1 seed(s); exact")
            && first.contains("on 12 pieces x 1 seed(s), up to 200ms each; at most 1 s"),
        "{first}"
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("VDS on 60 generated pieces"));
}

#[test]
fn generate_prints_a_summary_of_what_it_wrote() {
    let dir = std::env::temp_dir().join(format!("yomi-deck-gen-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("cat.json");
    let path = path.to_str().unwrap();
    let out = yomi(&[
        "deck", "generate", "--pieces", "800", "--seed", "1", "--out", path,
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.starts_with("wrote 800 pieces (3 themes, ")
            && text
                .trim_end()
                .ends_with(&format!("seed 1) to {path} (json)")),
        "{text}"
    );
    let out = yomi(&[
        "deck", "generate", "--pieces", "800", "--out", path, "--json",
    ]);
    let v = json(&out);
    assert_eq!(v["pieces"], 800);
    assert_eq!(v["themes"], 3);
    assert_eq!(v["out"], path);
    assert!(v["pairs"].as_u64().unwrap() > 0);
    // Without a file the instance itself is the output, so --json has nothing to summarize.
    let out = yomi(&["deck", "generate", "--pieces", "10", "--json"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--json prints the summary"));
    // A long attribute is quoted cut.
    let long = format!("{}:3", "a".repeat(5000));
    let out = yomi(&["deck", "generate", "--attribute", &long]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.len() < 400 && err.contains("(5000 characters)"),
        "{err}"
    );
}

#[test]
fn a_json_file_read_as_mdp_is_quoted_cut() {
    let dir = std::env::temp_dir().join(format!("yomi-deck-mdp-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("cat.json");
    let path = path.to_str().unwrap();
    let out = yomi(&["deck", "generate", "--pieces", "2000", "--out", path]);
    assert!(out.status.success());
    assert!(std::fs::metadata(path).unwrap().len() > 100_000);
    let out = yomi(&["deck", "solve", path, "--format", "mdp"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{}", &err[..err.len().min(500)]);
    assert!(err.len() < 400, "{} bytes: {}", err.len(), &err[..500]);
    assert!(err.contains("characters)"), "{err}");
}
