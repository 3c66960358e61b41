//! The CSV pair format for people who keep tables: `pieces.csv` (header row; column `id`
//! required, `name`, `cost`, `attribute`, `group`, `leader_eligible`, `score` optional, in any
//! order), `pairs.csv` (`a,b,score`), and optionally `leader_pairs.csv` (`leader,member,score`).
//! Contract: the request is not part of the tables — the parsed instance asks for the default
//! deck (K = 16, a chosen leader when any piece is eligible, group limit 1, no cap), which the
//! caller changes with a [`crate::request::PieceRequest`]; ids in the pair tables resolve
//! through [`crate::request::PieceIndex`]; every error names the file, the line and the column
//! or value.

use crate::formats::FormatError;
use crate::model::{Instance, LeaderRule, Piece, Request};
use crate::quoted;
use crate::request::PieceIndex;
use std::collections::HashMap;

/// The three tables' texts and the names to use in error messages.
#[derive(Debug, Clone, Copy)]
pub struct CsvTables<'a> {
    /// `pieces.csv` text and its name.
    pub pieces: (&'a str, &'a str),
    /// `pairs.csv` text and its name.
    pub pairs: (&'a str, &'a str),
    /// Optional `leader_pairs.csv` text and its name.
    pub leader_pairs: Option<(&'a str, &'a str)>,
}

/// Deck size asked by a CSV instance until the caller overrides it.
pub const DEFAULT_K: usize = 16;

const PIECE_COLUMNS: [&str; 7] = [
    "id",
    "name",
    "cost",
    "attribute",
    "group",
    "leader_eligible",
    "score",
];

/// One table: rows of fields by column, with the 1-based line of each row.
struct Table {
    file: String,
    columns: HashMap<String, usize>,
    rows: Vec<(usize, Vec<String>)>,
}

impl Table {
    fn read(
        text: &str,
        file: &str,
        allowed: &[&str],
        required: &[&str],
    ) -> Result<Table, FormatError> {
        let err = |line: usize, message: String| FormatError::File {
            file: file.to_string(),
            line,
            message,
        };
        let mut reader = csv::ReaderBuilder::new()
            .has_headers(false)
            .trim(csv::Trim::All)
            .flexible(true)
            .from_reader(text.as_bytes());
        let mut records = reader.records();
        let header = match records.next() {
            None => return Err(err(1, "empty file, expected a header row".into())),
            Some(r) => r.map_err(|e| err(1, e.to_string()))?,
        };
        let mut columns = HashMap::new();
        for (c, name) in header.iter().enumerate() {
            let name = name.trim_start_matches('\u{feff}').to_ascii_lowercase();
            if !allowed.contains(&name.as_str()) {
                return Err(err(
                    1,
                    format!(
                        "unknown column {} (expected {})",
                        quoted(&name),
                        allowed.join(", ")
                    ),
                ));
            }
            if columns.insert(name.clone(), c).is_some() {
                return Err(err(1, format!("column {} appears twice", quoted(&name))));
            }
        }
        for r in required {
            if !columns.contains_key(*r) {
                return Err(err(1, format!("missing column {r:?}")));
            }
        }
        let mut rows = Vec::new();
        for record in records {
            let record = record.map_err(|e| {
                let line = e.position().map_or(0, |p| p.line() as usize);
                err(line, e.to_string())
            })?;
            let line = record.position().map_or(0, |p| p.line() as usize);
            if record.iter().all(str::is_empty) {
                continue;
            }
            if record.len() != header.len() {
                return Err(err(
                    line,
                    format!("{} fields, the header has {}", record.len(), header.len()),
                ));
            }
            rows.push((line, record.iter().map(str::to_string).collect()));
        }
        Ok(Table {
            file: file.to_string(),
            columns,
            rows,
        })
    }

    fn field<'r>(&self, row: &'r [String], column: &str) -> Option<&'r str> {
        self.columns.get(column).map(|&c| row[c].as_str())
    }

    fn err(&self, line: usize, message: String) -> FormatError {
        FormatError::File {
            file: self.file.clone(),
            line,
            message,
        }
    }

    fn number<T: std::str::FromStr>(
        &self,
        line: usize,
        row: &[String],
        column: &str,
    ) -> Result<Option<T>, FormatError> {
        match self.field(row, column) {
            None | Some("") => Ok(None),
            Some(text) => text.parse().map(Some).map_err(|_| {
                self.err(
                    line,
                    format!("column {column}: {} is not a valid number", quoted(text)),
                )
            }),
        }
    }

    fn score(&self, line: usize, row: &[String]) -> Result<f64, FormatError> {
        let s: f64 = self.number(line, row, "score")?.unwrap_or(0.0);
        if !s.is_finite() || s < 0.0 {
            return Err(self.err(line, format!("column score: {s} is not >= 0")));
        }
        Ok(s)
    }
}

fn boolean(text: &str) -> Option<bool> {
    match text.to_ascii_lowercase().as_str() {
        "" | "0" | "false" | "no" | "n" => Some(false),
        "1" | "true" | "yes" | "y" => Some(true),
        _ => None,
    }
}

fn read_pieces(t: &Table) -> Result<Vec<Piece>, FormatError> {
    let mut pieces = Vec::with_capacity(t.rows.len());
    let mut first_line = HashMap::new();
    for (line, row) in &t.rows {
        let line = *line;
        let id = t.field(row, "id").unwrap_or_default().to_string();
        if id.is_empty() {
            return Err(t.err(line, "column id: empty".into()));
        }
        if let Some(first) = first_line.insert(id.clone(), line) {
            return Err(t.err(
                line,
                format!("duplicate id {} (first on line {first})", quoted(&id)),
            ));
        }
        let cost: i64 = t.number(line, row, "cost")?.unwrap_or(0);
        if cost < 0 {
            return Err(t.err(line, format!("column cost: {cost} is negative")));
        }
        let eligible = t.field(row, "leader_eligible").unwrap_or_default();
        let leader_eligible = boolean(eligible).ok_or_else(|| {
            t.err(
                line,
                format!(
                    "column leader_eligible: {} is not true/false/1/0/yes/no",
                    quoted(eligible)
                ),
            )
        })?;
        let group = t.field(row, "group").filter(|g| !g.is_empty());
        pieces.push(Piece {
            name: t
                .field(row, "name")
                .filter(|n| !n.is_empty())
                .unwrap_or(&id)
                .to_string(),
            cost,
            attribute: t.field(row, "attribute").unwrap_or_default().to_string(),
            group: group.map(str::to_string),
            leader_eligible,
            score: t.score(line, row)?,
            id,
        });
    }
    if pieces.is_empty() {
        return Err(t.err(1, "no pieces".into()));
    }
    Ok(pieces)
}

/// Reads (a, b, score) rows of a pair table with columns `first` and `second`.
fn read_pairs(
    t: &Table,
    index: &PieceIndex,
    first: &str,
    second: &str,
) -> Result<Vec<(usize, usize, f64)>, FormatError> {
    let mut out = Vec::with_capacity(t.rows.len());
    for (line, row) in &t.rows {
        let line = *line;
        let mut ends = [0usize; 2];
        for (end, column) in ends.iter_mut().zip([first, second]) {
            let id = t.field(row, column).unwrap_or_default();
            *end = index
                .resolve(id, format!("column {column}"))
                .map_err(|e| t.err(line, e.to_string()))?;
        }
        if ends[0] == ends[1] {
            return Err(t.err(line, "a piece paired with itself".into()));
        }
        out.push((ends[0], ends[1], t.score(line, row)?));
    }
    Ok(out)
}

/// Parses the CSV tables into an instance with the default request (see the module docs).
pub fn parse_csv(tables: CsvTables<'_>) -> Result<Instance, FormatError> {
    let (text, name) = tables.pieces;
    let pieces = read_pieces(&Table::read(text, name, &PIECE_COLUMNS, &["id"])?)?;
    let index = PieceIndex::new(&pieces);
    let (text, name) = tables.pairs;
    let cols = ["a", "b", "score"];
    let pairs = read_pairs(&Table::read(text, name, &cols, &cols)?, &index, "a", "b")?;
    let leader_pairs = match tables.leader_pairs {
        None => None,
        Some((text, name)) => {
            let cols = ["leader", "member", "score"];
            let t = Table::read(text, name, &cols, &cols)?;
            Some(read_pairs(&t, &index, "leader", "member")?)
        }
    };
    let any_leader = pieces.iter().any(|p| p.leader_eligible);
    let request = Request {
        k: Some(DEFAULT_K),
        leader: if any_leader {
            LeaderRule::Chosen
        } else {
            LeaderRule::None
        },
        group_limit: 1,
        ..Request::default()
    };
    let mut inst = Instance::new(pieces, &pairs, request);
    if let Some(triples) = leader_pairs {
        inst.set_leader_pairs(&triples);
    }
    Ok(inst)
}

/// Writes `inst` as (pieces.csv, pairs.csv, leader_pairs.csv when it has a leader table);
/// [`parse_csv`] reads them back to the same pieces and scores.
pub fn write_csv(inst: &Instance) -> (String, String, Option<String>) {
    let mut w = csv::Writer::from_writer(Vec::new());
    let mut pieces = Vec::new();
    let _ = w.write_record(PIECE_COLUMNS);
    for p in &inst.pieces {
        let _ = w.write_record([
            p.id.as_str(),
            p.name.as_str(),
            &p.cost.to_string(),
            p.attribute.as_str(),
            p.group.as_deref().unwrap_or(""),
            if p.leader_eligible { "true" } else { "false" },
            &p.score.to_string(),
        ]);
    }
    if let Ok(bytes) = w.into_inner() {
        pieces = bytes;
    }
    let table = |header: [&str; 3], rows: &mut dyn Iterator<Item = (usize, usize, f64)>| {
        let mut w = csv::Writer::from_writer(Vec::new());
        let _ = w.write_record(header);
        for (a, b, s) in rows {
            let _ = w.write_record([
                inst.pieces[a].id.as_str(),
                inst.pieces[b].id.as_str(),
                &s.to_string(),
            ]);
        }
        String::from_utf8(w.into_inner().unwrap_or_default()).unwrap_or_default()
    };
    let mut pair_rows = inst.adjacency.iter().enumerate().flat_map(|(i, row)| {
        row.iter()
            .filter(move |e| e.0 > i)
            .map(move |&(j, s)| (i, j, s))
    });
    let pairs = table(["a", "b", "score"], &mut pair_rows);
    let leader = inst.leader_pairs.as_ref().map(|t| {
        let mut rows = t
            .iter()
            .enumerate()
            .flat_map(|(l, row)| row.iter().map(move |&(j, s)| (l, j, s)));
        table(["leader", "member", "score"], &mut rows)
    });
    (String::from_utf8(pieces).unwrap_or_default(), pairs, leader)
}
