//! Fuzzing the instance readers (MDPLIB, QKP, JSON, CSV) and the request resolver with random
//! bytes and with mutated valid inputs. Contract checked: nothing panics; every error is typed
//! and says where — a line within the text (MDPLIB, QKP), a JSON line and column or field path,
//! the file and a line within it (CSV), the request field (resolver); every instance a reader
//! accepts is consistent, can be diagnosed, and its greedy deck passes the checker.
//! `PROPTEST_CASES` raises the case counts (the defaults keep CI fast); the seed is fixed so a
//! failure reproduces, `PROPTEST_RNG_SEED` explores others.

use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed};
use serde_json::Value;
use yomi_deck::formats::{FormatError, parse_json, parse_mdp, parse_qkp, write_json};
use yomi_deck::generate::{GenerateOptions, generate};
use yomi_deck::model::{Instance, LeaderRule, check};
use yomi_deck::request::{LeaderSpec, Limits, Owned, PieceIndex, PieceRequest, Scope};
use yomi_deck::solve::greedy;
use yomi_deck::tables::{CsvTables, parse_csv, write_csv};
use yomi_deck::{Request, diagnose};

fn env<T: std::str::FromStr>(name: &str) -> Option<T> {
    std::env::var(name).ok().and_then(|v| v.parse().ok())
}

fn config(default_cases: u32) -> Config {
    Config {
        cases: env("PROPTEST_CASES").unwrap_or(default_cases),
        rng_seed: RngSeed::Fixed(env("PROPTEST_RNG_SEED").unwrap_or(19)),
        failure_persistence: None,
        ..Config::default()
    }
}

/// Tokens that reach the readers' edge cases: signs, overflow, non-finite numbers, JSON and
/// CSV punctuation, ids that exist and ids that do not, a byte-order mark, line ends.
const TOKENS: &[&str] = &[
    "-1",
    "0",
    "1",
    "3",
    "18446744073709551616",
    "9223372036854775808",
    "1e309",
    "-0.0",
    "NaN",
    "inf",
    "1000001",
    "99999999999",
    "\n",
    "\r\n",
    " ",
    "\"",
    ",",
    "{",
    "}",
    "[",
    "]",
    ":",
    "null",
    "true",
    "\"zz\"",
    "\"p0\"",
    "\u{feff}",
    "é",
    "p1",
    "id",
    "score",
    "\"\"",
];

/// One edit of a valid input; positions are taken modulo the text's length.
#[derive(Debug, Clone)]
enum Edit {
    Flip(usize, u8),
    Set(usize, u8),
    Insert(usize, u8),
    Delete(usize, usize),
    Token(usize, usize),
    Repeat(usize, usize),
}

/// Bytes that keep a text format's shape while changing its meaning.
const NEAR: &[u8] = b"0123456789 -.\n,\"{}[]:e";

fn edits() -> impl Strategy<Value = Vec<Edit>> {
    let edit = prop_oneof![
        (any::<usize>(), any::<u8>()).prop_map(|(p, b)| Edit::Flip(p, b)),
        (any::<usize>(), 0..NEAR.len()).prop_map(|(p, b)| Edit::Set(p, NEAR[b])),
        (any::<usize>(), any::<u8>()).prop_map(|(p, b)| Edit::Insert(p, b)),
        (any::<usize>(), 1..20usize).prop_map(|(p, n)| Edit::Delete(p, n)),
        (any::<usize>(), 0..TOKENS.len()).prop_map(|(p, t)| Edit::Token(p, t)),
        (any::<usize>(), 1..40usize).prop_map(|(p, n)| Edit::Repeat(p, n)),
    ];
    proptest::collection::vec(edit, 1..4)
}

fn mutate(base: &str, edits: &[Edit]) -> String {
    let mut b = base.as_bytes().to_vec();
    for e in edits {
        let at = |p: usize, len: usize| if len == 0 { 0 } else { p % len };
        match *e {
            Edit::Flip(p, x) if !b.is_empty() => {
                let i = at(p, b.len());
                b[i] ^= x.max(1);
            }
            Edit::Set(p, x) if !b.is_empty() => {
                let i = at(p, b.len());
                b[i] = x;
            }
            Edit::Insert(p, x) => b.insert(at(p, b.len() + 1), x),
            Edit::Delete(p, n) if !b.is_empty() => {
                let i = at(p, b.len());
                b.drain(i..(i + n).min(b.len()));
            }
            Edit::Token(p, t) => {
                let i = at(p, b.len() + 1);
                b.splice(i..i, TOKENS[t].bytes());
            }
            Edit::Repeat(p, n) if !b.is_empty() => {
                let i = at(p, b.len());
                let chunk = b[i..(i + n).min(b.len())].to_vec();
                b.splice(i..i, chunk);
            }
            _ => {}
        }
    }
    String::from_utf8_lossy(&b).into_owned()
}

/// A small xorshift so the valid inputs are varied but reproducible from one number.
fn numbers(seed: u64) -> impl FnMut(u64) -> u64 {
    let mut s = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    move |bound| {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        s % bound.max(1)
    }
}

fn mdp_text(seed: u64) -> String {
    let mut r = numbers(seed);
    let n = 2 + r(9);
    let mut out = format!("{n} {}\n", 1 + r(n));
    for i in 0..n {
        for j in i + 1..n {
            out += &format!("{i} {j} {}.{}\n", r(100), r(100));
        }
    }
    out
}

fn qkp_text(seed: u64) -> String {
    let mut r = numbers(seed);
    let n = 1 + r(8);
    let mut out = format!("{n}\n");
    out += &(0..n)
        .map(|_| r(50).to_string())
        .collect::<Vec<_>>()
        .join(" ");
    for i in 0..n {
        let row: Vec<String> = (i + 1..n).map(|_| r(30).to_string()).collect();
        out += &format!("\n{}", row.join(" "));
    }
    out += &format!("\n\n{}\n", r(200));
    out + &(0..n)
        .map(|_| r(60).to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// A small catalogue with leader-side pair scores and a request that names pieces.
fn catalogue(seed: u64) -> Instance {
    let mut inst = generate(&GenerateOptions {
        pieces: 8 + (seed % 8) as usize,
        seed,
        k: 4,
        ..GenerateOptions::default()
    });
    let eligible: Vec<usize> = (0..inst.pieces.len())
        .filter(|&i| inst.pieces[i].leader_eligible)
        .collect();
    if let Some(&l) = eligible.first() {
        inst.set_leader_pairs(&[(l, (l + 1) % inst.pieces.len(), 5.0)]);
        inst.request.leader = LeaderRule::Fixed(l);
    }
    inst.request.must_include = vec![inst.pieces.len() - 1];
    inst
}

fn lines(text: &str) -> usize {
    text.lines().count().max(1)
}

/// Everything a reader accepted must be a usable instance.
fn check_instance(inst: &Instance) {
    let n = inst.pieces.len();
    assert!(
        inst.adjacency
            .iter()
            .flatten()
            .all(|&(j, s)| j < n && s >= 0.0)
    );
    assert!(inst.request.must_include.iter().all(|&m| m < n));
    if let LeaderRule::Fixed(l) = inst.request.leader {
        assert!(l < n && inst.pieces[l].leader_eligible);
    }
    let _ = diagnose(inst);
    if n <= 64 {
        let sol = greedy::solve(inst);
        if sol.feasible {
            assert_eq!(check(inst, &sol.deck), Ok(sol.objective));
        }
    }
}

fn check_text_format(text: &str, parsed: Result<Instance, FormatError>) {
    match parsed {
        Ok(inst) => check_instance(&inst),
        Err(FormatError::Line { line, message }) => {
            assert!((1..=lines(text)).contains(&line), "line {line}: {message}");
            assert!(!message.is_empty());
        }
        Err(e) => panic!("a text format gave {e:?}"),
    }
}

fn check_json(text: &str) {
    match parse_json(text) {
        Ok(inst) => {
            check_instance(&inst);
            let again = parse_json(&write_json(&inst)).expect("written JSON reads back");
            assert_eq!(again.request, inst.request);
        }
        Err(FormatError::Json(message)) => {
            let (_, at) = message.rsplit_once(" at line ").expect(&message);
            let line: usize = at.split(' ').next().unwrap().parse().expect(&message);
            assert!(line <= lines(text), "{message}");
        }
        Err(FormatError::Invalid { path, message }) => {
            let top = ["pieces[", "pairs[", "leader_pairs[", "request."];
            assert!(top.iter().any(|t| path.starts_with(t)), "{path}: {message}");
        }
        Err(e) => panic!("JSON gave {e:?}"),
    }
}

fn check_csv(pieces: &str, pairs: &str, leader_pairs: Option<&str>) {
    let tables = CsvTables {
        pieces: (pieces, "pieces.csv"),
        pairs: (pairs, "pairs.csv"),
        leader_pairs: leader_pairs.map(|t| (t, "leader_pairs.csv")),
    };
    match parse_csv(tables) {
        Ok(inst) => check_instance(&inst),
        Err(FormatError::File {
            file,
            line,
            message,
        }) => {
            let text = match file.as_str() {
                "pieces.csv" => pieces,
                "pairs.csv" => pairs,
                _ => leader_pairs.expect("leader_pairs.csv was given"),
            };
            assert!(
                (1..=lines(text)).contains(&line),
                "{file} line {line}: {message}"
            );
        }
        Err(e) => panic!("CSV gave {e:?}"),
    }
}

/// Every place in a JSON value, as a JSON pointer.
fn pointers(v: &Value, at: String, out: &mut Vec<String>) {
    out.push(at.clone());
    match v {
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                pointers(item, format!("{at}/{i}"), out);
            }
        }
        Value::Object(fields) => {
            for (k, item) in fields {
                pointers(item, format!("{at}/{k}"), out);
            }
        }
        _ => {}
    }
}

const VALUES: &[&str] = &[
    "-1",
    "0",
    "1",
    "0.5",
    "1e300",
    "-9223372036854775808",
    "18446744073709551615",
    "null",
    "true",
    "\"zz\"",
    "\"p0\"",
    "\"p1\"",
    "\"chosen\"",
    "\"none\"",
    "\"\"",
    "[]",
    "{}",
    "[\"p0\", \"p0\"]",
    "{\"a\": \"p0\", \"b\": \"p1\", \"score\": 1}",
];

proptest! {
    #![proptest_config(config(1500))]

    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..300)) {
        let text = String::from_utf8_lossy(&bytes);
        check_text_format(&text, parse_mdp(&text));
        check_text_format(&text, parse_qkp(&text));
        check_json(&text);
        check_csv(&text, "a,b,score\n", None);
        check_csv("id\np0\np1\n", &text, Some(&text));
    }

    #[test]
    fn mutated_literature_files_never_panic(seed in any::<u64>(), e in edits()) {
        let mdp = mutate(&mdp_text(seed), &e);
        check_text_format(&mdp, parse_mdp(&mdp));
        let qkp = mutate(&qkp_text(seed), &e);
        check_text_format(&qkp, parse_qkp(&qkp));
    }

    #[test]
    fn mutated_json_never_panics(seed in any::<u64>(), e in edits()) {
        check_json(&mutate(&write_json(&catalogue(seed)), &e));
    }

    #[test]
    fn json_with_a_value_replaced_never_panics(
        seed in any::<u64>(),
        place in any::<usize>(),
        value in 0..VALUES.len(),
        remove in any::<bool>(),
    ) {
        let mut doc: Value = serde_json::from_str(&write_json(&catalogue(seed))).unwrap();
        let mut all = Vec::new();
        pointers(&doc, String::new(), &mut all);
        let at = &all[1 + place % (all.len() - 1)];
        let (parent, key) = at.rsplit_once('/').unwrap();
        match (remove, doc.pointer_mut(parent)) {
            (true, Some(Value::Object(fields))) => drop(fields.remove(key)),
            (true, Some(Value::Array(items))) => drop(items.remove(key.parse().unwrap())),
            _ => *doc.pointer_mut(at).unwrap() = serde_json::from_str(VALUES[value]).unwrap(),
        }
        check_json(&doc.to_string());
    }

    #[test]
    fn mutated_csv_tables_never_panic(seed in any::<u64>(), e in edits(), which in 0..3usize) {
        let (pieces, pairs, leader) = write_csv(&catalogue(seed));
        let mut texts = [pieces, pairs, leader.unwrap_or_default()];
        texts[which] = mutate(&texts[which], &e);
        check_csv(&texts[0], &texts[1], Some(&texts[2]));
    }

    #[test]
    fn requests_resolve_exactly_when_valid(
        seed in any::<u64>(),
        k in proptest::option::of(0..20usize),
        cost_cap in proptest::option::of(-5..100i64),
        group_limit in proptest::option::of(0..3usize),
        must in proptest::option::of(proptest::collection::vec(0..20usize, 0..6)),
        leader in proptest::option::of(0..22usize),
        owned in proptest::option::of(proptest::collection::vec(0..20usize, 0..12)),
        max_k in proptest::option::of(1..12usize),
        max_must in proptest::option::of(0..5usize),
    ) {
        let inst = catalogue(seed);
        // Ids 0..16 name pieces p0..p15 (some beyond this catalogue); 16.. are not ids at all.
        let id = |i: usize| if i < 16 { format!("p{i}") } else { ["zz", "", " p1", "P0"][i % 4].into() };
        let index = PieceIndex::new(&inst.pieces);
        let known = |i: usize| index.get(&id(i));
        let owned_ids: Option<Vec<String>> = owned.as_ref().map(|o| o.iter().map(|&i| id(i)).collect());
        let owned_set = match &owned_ids {
            None => Ok(Owned::all(inst.pieces.len())),
            Some(ids) => Owned::from_ids(&index, ids, "owned"),
        };
        let owned_ok = owned.as_ref().is_none_or(|o| {
            o.iter().all(|&i| known(i).is_some())
                && (1..o.len()).all(|a| !o[..a].iter().any(|&b| known(b) == known(o[a])))
        });
        prop_assert_eq!(owned_set.is_ok(), owned_ok);
        let Ok(owned_set) = owned_set else { return Ok(()) };
        let asked = PieceRequest {
            k,
            cost_cap,
            attributes: None,
            must_include: must.as_ref().map(|m| m.iter().map(|&i| id(i)).collect()),
            leader: leader.map(|l| match l { 20 => LeaderSpec::Chosen, 21 => LeaderSpec::None, l => LeaderSpec::Fixed(id(l)) }),
            group_limit,
        };
        let limits = Limits { max_k, max_must_include: max_must };
        let scope = Scope::new(&inst.pieces, &index).within(&owned_set);
        let resolved = asked.resolve(&Request::default(), scope, &limits);
        let usable = |i: usize| known(i).and_then(|c| owned_set.position(c));
        let valid = k.is_none_or(|k| k >= 1 && max_k.is_none_or(|m| k <= m))
            && cost_cap.is_none_or(|c| c >= 0)
            && group_limit.is_none_or(|g| g >= 1)
            && must.as_ref().is_none_or(|m| {
                max_must.is_none_or(|x| m.len() <= x)
                    && m.iter().all(|&i| usable(i).is_some())
                    && (1..m.len()).all(|a| !m[..a].iter().any(|&b| usable(b) == usable(m[a])))
            })
            && leader.is_none_or(|l| l >= 20 || known(l).is_some_and(|c| {
                usable(l).is_some() && inst.pieces[c].leader_eligible
            }));
        match resolved {
            Ok(req) => {
                prop_assert!(valid, "accepted an invalid request");
                let sub = inst.subset(owned_set.keep(), req);
                check_instance(&sub);
            }
            Err(e) => {
                prop_assert!(!valid, "refused a valid request: {}", e);
                let fields = ["k", "cost_cap", "group_limit", "must_include", "leader"];
                let head = e.field.split('[').next().unwrap();
                prop_assert!(fields.contains(&head) && !e.message.is_empty(), "{}", e);
            }
        }
    }
}
