//! Instance readers: MDPLIB max-sum diversity, Billionnet–Soutif QKP, and the JSON format.
//! Contract: files are read unmodified; every malformed input yields a `FormatError` naming
//! the line (text formats) or the JSON line/column and field; nothing here panics.

use crate::model::{AttributeRequirement, Instance, LeaderRule, Piece, Request};
use crate::quoted;
use crate::request::{LeaderSpec, Limits, PieceIndex, PieceRequest, RequestError, Scope};
use serde::Deserialize;
use std::collections::HashMap;

/// A parse failure with its location.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum FormatError {
    /// Bad or missing token in a text format.
    #[error("line {line}: {message}")]
    Line {
        /// 1-based line number (the last line for unexpected end of file).
        line: usize,
        /// What is wrong at that place, quoting the offending value.
        message: String,
    },
    /// Bad row in a named file (the CSV tables).
    #[error("{file} line {line}: {message}")]
    File {
        /// File name as given by the caller.
        file: String,
        /// 1-based line number.
        line: usize,
        /// What is wrong at that place, quoting the offending value.
        message: String,
    },
    /// JSON syntax or shape error.
    #[error("JSON: {0}")]
    Json(String),
    /// Semantically invalid JSON content (path names the field).
    #[error("JSON {path}: {message}")]
    Invalid {
        /// JSON path such as `pieces[3].id`.
        path: String,
        /// What is wrong at that place, quoting the offending value.
        message: String,
    },
}

/// Whitespace tokens with their 1-based line numbers.
struct Tokens<'a> {
    items: Vec<(usize, &'a str)>,
    pos: usize,
    last_line: usize,
}

impl<'a> Tokens<'a> {
    fn new(text: &'a str) -> Self {
        let mut items = Vec::new();
        let mut last_line = 1;
        for (n, line) in text.lines().enumerate() {
            last_line = n + 1;
            for t in line.split_whitespace() {
                items.push((n + 1, t));
            }
        }
        Tokens {
            items,
            pos: 0,
            last_line,
        }
    }
    fn next<T: std::str::FromStr>(&mut self, what: &str) -> Result<(usize, T), FormatError> {
        let Some(&(line, tok)) = self.items.get(self.pos) else {
            return Err(FormatError::Line {
                line: self.last_line,
                message: format!("unexpected end of file, expected {what}"),
            });
        };
        self.pos += 1;
        tok.parse()
            .map(|v| (line, v))
            .map_err(|_| FormatError::Line {
                line,
                message: format!("expected {what}, found {}", quoted(tok)),
            })
    }
    fn finish(&self) -> Result<(), FormatError> {
        match self.items.get(self.pos) {
            None => Ok(()),
            Some(&(line, tok)) => Err(FormatError::Line {
                line,
                message: format!("unexpected extra data {}", quoted(tok)),
            }),
        }
    }
}

fn plain_pieces(n: usize) -> Vec<Piece> {
    (0..n)
        .map(|i| Piece {
            id: i.to_string(),
            name: i.to_string(),
            cost: 0,
            attribute: String::new(),
            group: None,
            leader_eligible: false,
            score: 0.0,
        })
        .collect()
}

/// Most elements (items) a literature file may declare: the largest published instances have
/// a few thousand, and the count is allocated before the rest of the file is read, so a
/// corrupt count must not ask for terabytes.
pub const MAX_ELEMENTS: usize = 1_000_000;

/// Reads the element count of a literature file, refusing 0 and counts over [`MAX_ELEMENTS`].
fn element_count(t: &mut Tokens<'_>, what: &str) -> Result<usize, FormatError> {
    let (line, n) = t.next::<usize>(what)?;
    if n == 0 || n > MAX_ELEMENTS {
        return Err(FormatError::Line {
            line,
            message: format!("{what} {n} out of range (1..={MAX_ELEMENTS})"),
        });
    }
    Ok(n)
}

/// Reads an MDPLIB max-sum diversity file: `n m`, then `i j d` lines (0-based).
pub fn parse_mdp(text: &str) -> Result<Instance, FormatError> {
    let mut t = Tokens::new(text);
    let n = element_count(&mut t, "element count n")?;
    let (line, m) = t.next::<usize>("selection size m")?;
    if m > n {
        return Err(FormatError::Line {
            line,
            message: format!("m = {m} exceeds n = {n}"),
        });
    }
    let mut pairs = Vec::new();
    while t.pos < t.items.len() {
        let (line, i) = t.next::<usize>("index i")?;
        let (_, j) = t.next::<usize>("index j")?;
        let (_, d) = t.next::<f64>("distance d")?;
        if i >= n || j >= n || i == j {
            return Err(FormatError::Line {
                line,
                message: format!("bad pair ({i}, {j}) for n = {n}"),
            });
        }
        if !d.is_finite() || d < 0.0 {
            return Err(FormatError::Line {
                line,
                message: format!("distance {d} is not >= 0"),
            });
        }
        pairs.push((i, j, d));
    }
    let request = Request {
        k: Some(m),
        group_limit: 1,
        ..Request::default()
    };
    Ok(Instance::new(plain_pieces(n), &pairs, request))
}

/// Reads a Billionnet–Soutif QKP file: n, n profits, upper triangle, capacity, n weights.
pub fn parse_qkp(text: &str) -> Result<Instance, FormatError> {
    let mut t = Tokens::new(text);
    let n = element_count(&mut t, "item count n")?;
    // Profits are read before the pieces are built, so a count the file cannot back up fails
    // at its end of file without allocating `n` pieces first.
    let mut profits = Vec::new();
    for _ in 0..n {
        let (line, v) = t.next::<i64>("linear profit")?;
        if v < 0 {
            return Err(FormatError::Line {
                line,
                message: format!("negative profit {v}"),
            });
        }
        profits.push(v as f64);
    }
    let mut pieces = plain_pieces(n);
    for (p, v) in pieces.iter_mut().zip(profits) {
        p.score = v;
    }
    let mut pairs = Vec::new();
    for i in 0..n {
        for j in i + 1..n {
            let (line, v) = t.next::<i64>("quadratic profit")?;
            if v < 0 {
                return Err(FormatError::Line {
                    line,
                    message: format!("negative profit {v}"),
                });
            }
            if v != 0 {
                pairs.push((i, j, v as f64));
            }
        }
    }
    let (_, cap) = t.next::<i64>("capacity")?;
    for p in pieces.iter_mut() {
        let (line, w) = t.next::<i64>("weight")?;
        if w < 0 {
            return Err(FormatError::Line {
                line,
                message: format!("negative weight {w}"),
            });
        }
        p.cost = w;
    }
    t.finish()?;
    let request = Request {
        cost_cap: Some(cap),
        group_limit: 1,
        ..Request::default()
    };
    Ok(Instance::new(pieces, &pairs, request))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JsonInstance {
    pieces: Vec<Piece>,
    #[serde(default)]
    pairs: Vec<crate::model::PairScore>,
    /// Optional leader-side pair scores (see `Instance::leader_pairs`).
    #[serde(default)]
    leader_pairs: Option<Vec<JsonLeaderPair>>,
    request: JsonRequest,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JsonLeaderPair {
    leader: String,
    member: String,
    score: f64,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JsonRequest {
    k: Option<usize>,
    cost_cap: Option<i64>,
    #[serde(default)]
    attributes: Vec<AttributeRequirement>,
    #[serde(default)]
    must_include: Vec<String>,
    /// "chosen", "none", or a piece id.
    #[serde(default)]
    leader: Option<String>,
    #[serde(default = "one")]
    group_limit: usize,
}

fn one() -> usize {
    1
}

/// Reads the JSON instance format (see the crate README for an example). Ids in `pairs`,
/// `leader_pairs` and `request` resolve through [`crate::request`], so a bad request gets the
/// same message as on every other path, under `request.` (`request.must_include[1]: ...`).
pub fn parse_json(text: &str) -> Result<Instance, FormatError> {
    let raw: JsonInstance =
        serde_json::from_str(text).map_err(|e| FormatError::Json(e.to_string()))?;
    let mut seen = HashMap::new();
    for (i, p) in raw.pieces.iter().enumerate() {
        if seen.insert(p.id.as_str(), i).is_some() {
            return Err(invalid(
                format!("pieces[{i}].id"),
                format!("duplicate id {}", quoted(&p.id)),
            ));
        }
        if p.cost < 0 {
            return Err(invalid(format!("pieces[{i}].cost"), "negative cost".into()));
        }
        check_score(p.score, || format!("pieces[{i}].score"))?;
    }
    let index = PieceIndex::new(&raw.pieces);
    let mut pairs = Vec::with_capacity(raw.pairs.len());
    for (k, p) in raw.pairs.iter().enumerate() {
        let a = index.resolve(&p.a, format!("pairs[{k}].a"))?;
        let b = index.resolve(&p.b, format!("pairs[{k}].b"))?;
        if a == b {
            return Err(invalid(
                format!("pairs[{k}]"),
                "a piece paired with itself".into(),
            ));
        }
        check_score(p.score, || format!("pairs[{k}].score"))?;
        pairs.push((a, b, p.score));
    }
    let mut leader_triples = Vec::new();
    for (k, p) in raw.leader_pairs.iter().flatten().enumerate() {
        let l = index.resolve(&p.leader, format!("leader_pairs[{k}].leader"))?;
        let m = index.resolve(&p.member, format!("leader_pairs[{k}].member"))?;
        if l == m {
            return Err(invalid(
                format!("leader_pairs[{k}]"),
                "a leader paired with itself".into(),
            ));
        }
        check_score(p.score, || format!("leader_pairs[{k}].score"))?;
        leader_triples.push((l, m, p.score));
    }
    let r = raw.request;
    let asked = PieceRequest {
        k: r.k,
        cost_cap: r.cost_cap,
        attributes: Some(r.attributes),
        must_include: Some(r.must_include),
        leader: r.leader.as_deref().map(LeaderSpec::parse),
        group_limit: Some(r.group_limit),
    };
    let base = Request {
        group_limit: 1,
        ..Request::default()
    };
    let request = asked
        .resolve(&base, Scope::new(&raw.pieces, &index), &Limits::default())
        .map_err(|e| e.within("request"))?;
    let mut inst = Instance::new(raw.pieces, &pairs, request);
    if raw.leader_pairs.is_some() {
        inst.set_leader_pairs(&leader_triples);
    }
    Ok(inst)
}

fn invalid(path: String, message: String) -> FormatError {
    FormatError::Invalid { path, message }
}

/// Scores are finite and non-negative (the solvers' bounds rely on it).
fn check_score(score: f64, path: impl FnOnce() -> String) -> Result<(), FormatError> {
    if score.is_finite() && score >= 0.0 {
        Ok(())
    } else {
        Err(invalid(path(), "score must be >= 0".into()))
    }
}

impl From<RequestError> for FormatError {
    /// A request or id error inside a JSON document: its field is the JSON path.
    fn from(e: RequestError) -> Self {
        FormatError::Invalid {
            path: e.field,
            message: e.message,
        }
    }
}

/// Writes `inst` in the JSON instance format; `parse_json` reads it back to the same instance
/// (pair scores listed once per unordered pair, summed where the instance had duplicates).
pub fn write_json(inst: &Instance) -> String {
    let id = |i: usize| inst.pieces[i].id.as_str();
    let mut pairs = Vec::new();
    for (i, row) in inst.adjacency.iter().enumerate() {
        let mut merged: Vec<(usize, f64)> = row.iter().copied().filter(|e| e.0 > i).collect();
        merged.sort_by_key(|e| e.0);
        merged.dedup_by(|b, a| {
            let same = a.0 == b.0;
            if same {
                a.1 += b.1;
            }
            same
        });
        for (j, s) in merged {
            pairs.push(serde_json::json!({"a": id(i), "b": id(j), "score": s}));
        }
    }
    let req = &inst.request;
    let leader = match req.leader {
        LeaderRule::None => serde_json::json!("none"),
        LeaderRule::Chosen => serde_json::json!("chosen"),
        LeaderRule::Fixed(l) => serde_json::json!(id(l)),
    };
    let mut out = serde_json::json!({
        "pieces": inst.pieces,
        "pairs": pairs,
        "request": {
            "k": req.k,
            "cost_cap": req.cost_cap,
            "attributes": req.attributes,
            "must_include": req.must_include.iter().map(|&m| id(m)).collect::<Vec<_>>(),
            "leader": leader,
            "group_limit": req.group_limit.max(1),
        }
    });
    if let Some(table) = &inst.leader_pairs {
        let rows: Vec<_> = table
            .iter()
            .enumerate()
            .flat_map(|(l, row)| {
                row.iter().map(move |&(j, s)| {
                    serde_json::json!({"leader": id(l), "member": id(j), "score": s})
                })
            })
            .collect();
        out["leader_pairs"] = serde_json::json!(rows);
    }
    out.to_string()
}
