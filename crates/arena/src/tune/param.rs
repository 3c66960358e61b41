//! What the tuner varies: SPSA parameters written as fishtest and OpenBench
//! write them, the values of a sweep, and a player spec with values put in.
//!
//! Contract: an SPSA parameter is `NAME,int|float,START,MIN,MAX[,C_END,R_END]`
//! (fishtest's line; without the last two, `C_END` = (MAX − MIN) / 20 and
//! `R_END` = 0.002, fishtest's usual choice); START lies in [MIN, MAX],
//! MIN < MAX, C_END and R_END are positive and finite. Sweep values are a
//! list (`1,2,4`) or a range (`1..10`, `0.5..2:0.25`, both ends included),
//! at most [`MAX_SWEEP_VALUES`]. [`with_values`] sets `key=value` in a spec
//! of the form `NAME[:k=v,...]` or `usi:PATH[,Option=Value...]`, replacing a
//! key already there, so the rest of the spec (and the path) is kept.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// The most values one sweep plays.
pub const MAX_SWEEP_VALUES: usize = 1000;

/// A parameter or value list that does not parse.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParamError {
    /// The SPSA line has the wrong shape.
    #[error(
        "parameter '{0}': expected NAME,int|float,START,MIN,MAX[,C_END,R_END] (e.g. turns,int,4,1,10)"
    )]
    Shape(String),
    /// A field of the line is not a number, or not a finite one.
    #[error("parameter '{line}': {field} '{value}' is not a finite number")]
    Number {
        /// The whole parameter text.
        line: String,
        /// Which field.
        field: &'static str,
        /// What was given.
        value: String,
    },
    /// The kind is neither `int` nor `float`.
    #[error("parameter '{line}': kind '{kind}' is neither int nor float")]
    Kind {
        /// The whole parameter text.
        line: String,
        /// What was given.
        kind: String,
    },
    /// The numbers do not make a parameter.
    #[error("parameter '{line}': {reason}")]
    Range {
        /// The whole parameter text.
        line: String,
        /// What is wrong.
        reason: String,
    },
    /// A name that a spec cannot carry.
    #[error("parameter name '{0}' must be letters, digits and _ only")]
    Name(String),
    /// A value list that does not parse.
    #[error("values '{text}': {reason}")]
    Values {
        /// What was given.
        text: String,
        /// What is wrong.
        reason: String,
    },
}

/// Whether a parameter takes whole numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// Whole numbers: values are rounded before they are played.
    Int,
    /// Real numbers.
    Float,
}

/// One parameter SPSA tunes.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SpsaParam {
    /// The spec key or USI option it sets.
    pub name: String,
    /// Whole or real numbers.
    pub kind: Kind,
    /// Where the tuning starts.
    pub start: f64,
    /// Lowest allowed value.
    pub min: f64,
    /// Highest allowed value.
    pub max: f64,
    /// Perturbation size at the last iteration.
    pub c_end: f64,
    /// Learning rate at the last iteration (a_end / c_end²).
    pub r_end: f64,
}

fn check_name(name: &str) -> Result<(), ParamError> {
    let ok = !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if ok {
        Ok(())
    } else {
        Err(ParamError::Name(yomi_core::text::excerpt(name)))
    }
}

impl FromStr for SpsaParam {
    type Err = ParamError;

    fn from_str(text: &str) -> Result<SpsaParam, ParamError> {
        let line = yomi_core::text::excerpt(text);
        let fields: Vec<&str> = text.split(',').map(str::trim).collect();
        if fields.len() != 5 && fields.len() != 7 {
            return Err(ParamError::Shape(line));
        }
        check_name(fields[0])?;
        let kind = match fields[1] {
            "int" => Kind::Int,
            "float" => Kind::Float,
            other => {
                return Err(ParamError::Kind {
                    line,
                    kind: yomi_core::text::excerpt(other),
                });
            }
        };
        let number = |i: usize, field: &'static str| -> Result<f64, ParamError> {
            fields[i]
                .parse::<f64>()
                .ok()
                .filter(|v| v.is_finite())
                .ok_or_else(|| ParamError::Number {
                    line: line.clone(),
                    field,
                    value: yomi_core::text::excerpt(fields[i]),
                })
        };
        let (start, min, max) = (number(2, "START")?, number(3, "MIN")?, number(4, "MAX")?);
        let range = |reason: String| ParamError::Range {
            line: line.clone(),
            reason,
        };
        if min >= max {
            return Err(range(format!("MIN {min} must be below MAX {max}")));
        }
        if !(min..=max).contains(&start) {
            return Err(range(format!("START {start} is outside [{min}, {max}]")));
        }
        let (c_end, r_end) = if fields.len() == 7 {
            (number(5, "C_END")?, number(6, "R_END")?)
        } else {
            ((max - min) / 20.0, 0.002)
        };
        if c_end <= 0.0 || r_end <= 0.0 {
            return Err(range(format!(
                "C_END {c_end} and R_END {r_end} must be positive"
            )));
        }
        Ok(SpsaParam {
            name: fields[0].to_string(),
            kind,
            start,
            min,
            max,
            c_end,
            r_end,
        })
    }
}

impl fmt::Display for SpsaParam {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match self.kind {
            Kind::Int => "int",
            Kind::Float => "float",
        };
        write!(
            f,
            "{},{kind},{},{},{},{},{}",
            self.name, self.start, self.min, self.max, self.c_end, self.r_end
        )
    }
}

impl SpsaParam {
    /// The value a player is given for the tuner's real value `x`: clamped
    /// to the bounds, rounded for whole-number parameters.
    pub fn playable(&self, x: f64) -> f64 {
        let x = x.clamp(self.min, self.max);
        match self.kind {
            Kind::Int => x.round(),
            Kind::Float => x,
        }
    }
}

/// The values of a sweep, in the order given.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SweepValues(pub Vec<f64>);

impl FromStr for SweepValues {
    type Err = ParamError;

    /// `1,2,4`, `1..10` (step 1) or `0.5..2:0.25`; ends included.
    fn from_str(text: &str) -> Result<SweepValues, ParamError> {
        let bad = |reason: &str| ParamError::Values {
            text: yomi_core::text::excerpt(text),
            reason: reason.to_string(),
        };
        let number = |s: &str| -> Result<f64, ParamError> {
            s.trim()
                .parse::<f64>()
                .ok()
                .filter(|v| v.is_finite())
                .ok_or_else(|| bad("every value must be a finite number"))
        };
        let values = if let Some((from, rest)) = text.split_once("..") {
            let (to, step) = match rest.split_once(':') {
                Some((to, step)) => (number(to)?, number(step)?),
                None => (number(rest)?, 1.0),
            };
            let from = number(from)?;
            if step <= 0.0 {
                return Err(bad("the step must be positive"));
            }
            if to < from {
                return Err(bad("a range goes from low to high"));
            }
            let count = ((to - from) / step + 1e-9).floor() + 1.0;
            if count > MAX_SWEEP_VALUES as f64 {
                return Err(bad(&format!("more than {MAX_SWEEP_VALUES} values")));
            }
            // Multiplying (not adding) keeps 0.1-steps free of drift.
            (0..count as usize)
                .map(|i| from + step * i as f64)
                .map(|v| (v * 1e9).round() / 1e9)
                .collect::<Vec<f64>>()
        } else {
            text.split(',')
                .map(number)
                .collect::<Result<Vec<f64>, _>>()?
        };
        if values.is_empty() {
            return Err(bad("no values"));
        }
        if values.len() > MAX_SWEEP_VALUES {
            return Err(bad(&format!("more than {MAX_SWEEP_VALUES} values")));
        }
        for (i, v) in values.iter().enumerate() {
            if values[..i].contains(v) {
                return Err(bad(&format!("{v} is given twice")));
            }
        }
        Ok(SweepValues(values))
    }
}

/// A value as a spec carries it: whole numbers without a decimal point,
/// others with at most six decimals.
///
/// ```
/// use yomi_arena::tune::format_value;
/// assert_eq!(format_value(4.0), "4");
/// assert_eq!(format_value(1.4142135623), "1.414214");
/// assert_eq!(format_value(-0.5), "-0.5");
/// ```
pub fn format_value(v: f64) -> String {
    if v.fract() == 0.0 && v.abs() < 1e15 {
        return format!("{}", v as i64);
    }
    let text = format!("{v:.6}");
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// `spec` with each `name=value` set: an existing key is replaced in
/// place, a new one appended, everything else kept as written.
///
/// ```
/// use yomi_arena::tune::with_values;
/// assert_eq!(with_values("mcts", &[("turns", 2.0)]), "mcts:turns=2");
/// assert_eq!(with_values("mcts:c=1,turns=10", &[("turns", 3.0)]), "mcts:c=1,turns=3");
/// assert_eq!(
///     with_values("usi:./engine,USI_Hash=64", &[("Aspiration", 35.0)]),
///     "usi:./engine,USI_Hash=64,Aspiration=35"
/// );
/// ```
pub fn with_values(spec: &str, values: &[(&str, f64)]) -> String {
    let (head, rest) = match spec.split_once(':') {
        Some((h, r)) => (h, r),
        None => (spec, ""),
    };
    let mut items: Vec<String> = rest
        .split(',')
        .filter(|s| !s.trim().is_empty())
        .map(str::to_string)
        .collect();
    for &(name, value) in values {
        let item = format!("{name}={}", format_value(value));
        let existing = items.iter_mut().find(|it| {
            it.split_once('=')
                .is_some_and(|(k, _)| k.trim().eq_ignore_ascii_case(name))
        });
        match existing {
            Some(slot) => *slot = item,
            None => items.push(item),
        }
    }
    if items.is_empty() {
        head.to_string()
    } else {
        format!("{head}:{}", items.join(","))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fishtest_lines_parse_with_defaults_and_bad_ones_say_what() {
        let p: SpsaParam = "turns,int,4,1,10".parse().unwrap();
        assert_eq!((p.kind, p.start, p.min, p.max), (Kind::Int, 4.0, 1.0, 10.0));
        assert!((p.c_end - 0.45).abs() < 1e-12 && p.r_end == 0.002);
        let q: SpsaParam = "c,float,1.2,0.1,3,0.2,0.0025".parse().unwrap();
        assert_eq!((q.c_end, q.r_end), (0.2, 0.0025));
        assert_eq!(q.to_string().parse::<SpsaParam>().unwrap(), q);
        let err = |t: &str| t.parse::<SpsaParam>().unwrap_err().to_string();
        assert!(err("turns,int,4,1").contains("expected NAME,int|float"));
        assert!(err("turns,long,4,1,10").contains("kind 'long'"));
        assert!(err("turns,int,x,1,10").contains("START 'x'"));
        assert!(err("turns,int,11,1,10").contains("outside [1, 10]"));
        assert!(err("turns,int,4,10,1").contains("MIN 10 must be below MAX 1"));
        assert!(err("turns,int,4,1,10,0,0.002").contains("must be positive"));
        assert!(err("tu rns,int,4,1,10").contains("letters, digits"));
        assert!(err("turns,float,inf,1,10").contains("finite"));
        assert_eq!(p.playable(3.6), 4.0);
        assert_eq!(p.playable(99.0), 10.0);
        assert_eq!(q.playable(0.0), 0.1);
    }

    #[test]
    fn sweep_values_are_lists_or_ranges() {
        let v = |t: &str| t.parse::<SweepValues>().map(|v| v.0);
        assert_eq!(v("1..4").unwrap(), vec![1.0, 2.0, 3.0, 4.0]);
        assert_eq!(v("0.5..1.5:0.25").unwrap(), vec![0.5, 0.75, 1.0, 1.25, 1.5]);
        assert_eq!(v("0.1..0.3:0.1").unwrap(), vec![0.1, 0.2, 0.3]);
        assert_eq!(v("2,1,8").unwrap(), vec![2.0, 1.0, 8.0]);
        assert!(
            v("1..1000000")
                .unwrap_err()
                .to_string()
                .contains("more than 1000")
        );
        assert!(v("3..1").unwrap_err().to_string().contains("low to high"));
        assert!(v("1..3:0").unwrap_err().to_string().contains("positive"));
        assert!(v("1,x").unwrap_err().to_string().contains("finite number"));
        assert!(v("1,1").unwrap_err().to_string().contains("twice"));
    }

    #[test]
    fn values_go_into_specs_without_touching_the_rest() {
        assert_eq!(
            with_values("duct:time=10ms", &[("c", 0.7)]),
            "duct:time=10ms,c=0.7"
        );
        assert_eq!(
            with_values("duct:C=1,time=10ms", &[("c", 0.25), ("turns", 3.0)]),
            "duct:c=0.25,time=10ms,turns=3"
        );
        assert_eq!(
            with_values("usi:/x/y", &[("Depth", 4.0)]),
            "usi:/x/y,Depth=4"
        );
    }
}
