//! Python objects to the JSON instance format's text, and JSON values back to Python.
//!
//! Contract: only data shapes are converted (no deck rule is looked at): dicts, lists,
//! tuples, strings, numbers, booleans and `None` map to JSON; numpy scalars and arrays go
//! through `tolist()`; a table (`pieces`, `pairs`, `leader_pairs`) given as a dict of equally
//! long columns, or as an object with `to_dict` (a pandas DataFrame), becomes a list of row
//! objects. Anything else, a non-finite float or nesting deeper than [`MAX_DEPTH`] (a list
//! that holds itself) raises `ValueError`.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyList, PyString, PyTuple};
use serde_json::{Map, Value};

/// Deepest nesting accepted (the instance format needs 3 levels).
const MAX_DEPTH: usize = 32;

/// The tables of the instance format: lists of rows that may come as columns.
const TABLES: [&str; 3] = ["pieces", "pairs", "leader_pairs"];

fn err(path: &str, what: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(format!(
        "{}: {what}",
        if path.is_empty() { "instance" } else { path }
    ))
}

/// `obj` as a JSON value; `path` names it in messages.
pub fn to_json(obj: &Bound<'_, PyAny>, path: &str, depth: usize) -> PyResult<Value> {
    if depth > MAX_DEPTH {
        return Err(err(path, format!("nested deeper than {MAX_DEPTH} levels")));
    }
    if obj.is_none() {
        return Ok(Value::Null);
    }
    if let Ok(b) = obj.cast::<PyBool>() {
        return Ok(Value::Bool(b.is_true()));
    }
    if obj.is_instance_of::<PyInt>() {
        if let Ok(i) = obj.extract::<i64>() {
            return Ok(Value::from(i));
        }
        if let Ok(u) = obj.extract::<u64>() {
            return Ok(Value::from(u));
        }
        return Err(err(path, format!("integer {obj} is out of range")));
    }
    if let Ok(f) = obj.cast::<PyFloat>() {
        let v = f.value();
        return serde_json::Number::from_f64(v)
            .map(Value::Number)
            .ok_or_else(|| err(path, format!("{v} is not a finite number")));
    }
    if let Ok(s) = obj.cast::<PyString>() {
        return Ok(Value::String(s.to_str()?.to_string()));
    }
    if let Ok(d) = obj.cast::<PyDict>() {
        let mut map = Map::new();
        for (k, v) in d.iter() {
            let key = k
                .cast::<PyString>()
                .map_err(|_| err(path, format!("key {k} is not a string")))?
                .to_str()?
                .to_string();
            let sub = if path.is_empty() {
                key.clone()
            } else {
                format!("{path}.{key}")
            };
            let mut value = to_json(&v, &sub, depth + 1)?;
            if depth == 0 && TABLES.contains(&key.as_str()) {
                value = rows_of(value, &sub)?;
            }
            map.insert(key, value);
        }
        return Ok(Value::Object(map));
    }
    if obj.is_instance_of::<PyList>() || obj.is_instance_of::<PyTuple>() {
        let mut out = Vec::new();
        for (i, item) in obj.try_iter()?.enumerate() {
            out.push(to_json(&item?, &format!("{path}[{i}]"), depth + 1)?);
        }
        return Ok(Value::Array(out));
    }
    if obj.hasattr("to_dict")? {
        // A DataFrame: its rows as records.
        let records = obj
            .call_method1("to_dict", ("records",))
            .map_err(|e| err(path, e))?;
        return to_json(&records, path, depth + 1);
    }
    if obj.hasattr("tolist")? {
        // numpy arrays and scalars.
        let plain = obj.call_method0("tolist").map_err(|e| err(path, e))?;
        return to_json(&plain, path, depth + 1);
    }
    Err(err(
        path,
        format!("unsupported type {}", obj.get_type().name()?),
    ))
}

/// A table given as columns (an object of equally long lists) as a list of row objects;
/// any other value unchanged (the format's reader judges it).
fn rows_of(table: Value, path: &str) -> PyResult<Value> {
    let Value::Object(columns) = table else {
        return Ok(table);
    };
    let mut len = None;
    for (name, col) in &columns {
        let Value::Array(values) = col else {
            return Err(err(path, format!("column \"{name}\" is not a list")));
        };
        match len {
            None => len = Some((name.clone(), values.len())),
            Some((ref first, n)) if n != values.len() => {
                return Err(err(
                    path,
                    format!(
                        "column \"{name}\" has {} values, column \"{first}\" has {n}",
                        values.len()
                    ),
                ));
            }
            Some(_) => {}
        }
    }
    let n = len.map_or(0, |(_, n)| n);
    let mut rows: Vec<Map<String, Value>> = vec![Map::new(); n];
    for (name, col) in columns {
        if let Value::Array(values) = col {
            for (row, v) in rows.iter_mut().zip(values) {
                row.insert(name.clone(), v);
            }
        }
    }
    Ok(Value::Array(rows.into_iter().map(Value::Object).collect()))
}

/// A JSON value as Python objects (through `json.loads`).
pub fn to_python<'py>(py: Python<'py>, text: &str) -> PyResult<Bound<'py, PyAny>> {
    py.import("json")?.call_method1("loads", (text,))
}
