//! Reports: what one question about one puzzle came to, as the command line prints it
//! (text), as `--json` prints it (one object), and what it amounts to
//! ([`Conclusion`]). The command line, the Python package and the web server all print
//! these, so their answers are the same objects.
//!
//! [`Toolkit`] asks the questions (solve, hint, pencil marks, explain, rate) one puzzle
//! after another, keeping the warm solver and the reasoning model between puzzles.

mod answer;
mod certificate;
mod encoding;
mod explain;
mod formula;
mod generated;
mod hint;
mod make;
mod marks;
mod propagation;
mod puzzle;
mod rating;
mod request;
mod toolkit;

pub use answer::{answer_report, error_report, memory_report, not_started_report};
pub use certificate::{
    CertificateError, Certified, Claim, certify, manifest_header, write_certificate,
};
pub use encoding::{encoding_json, sample_clause};
pub use formula::{FormulaError, FormulaOptions, encode_formula};
pub use generated::generated_json;
pub use make::{GenerateRequest, MAX_COUNT, generate};
pub use propagation::{PropagationStep, propagation, propagation_json};
pub use puzzle::puzzle_json;
pub use rating::{rating_json, rating_text};
pub use request::{Question, Request, RequestError, ask, encode_report, formula_header};
pub use toolkit::{Toolkit, ToolkitError};

use gridsat_sat::Conclusion;
use serde_json::Value;

/// Which puzzle a report is about: its 1-based position, the words that name it in
/// text (`puzzle 3`, or `file.txt puzzle 3` when several files are read), and the
/// file the JSON object names (only when several files are read).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Label {
    /// 1-based position in its input.
    pub index: usize,
    /// How text names it.
    pub text: String,
    /// The `file` member of its JSON object.
    pub file: Option<String>,
}

impl Label {
    /// Puzzle `index` of the only input: `puzzle 3`.
    pub fn new(index: usize) -> Label {
        Label {
            index,
            text: format!("puzzle {index}"),
            file: None,
        }
    }

    /// Puzzle `index` of `file`, one of several inputs: `file puzzle 3`.
    pub fn in_file(index: usize, file: &str) -> Label {
        Label {
            index,
            text: format!("{file} puzzle {index}"),
            file: Some(file.to_string()),
        }
    }
}

/// The answer to one question about one puzzle.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Report {
    /// What it amounts to.
    pub conclusion: Conclusion,
    /// The JSON object (`--json`).
    pub json: Value,
    /// The text (one or more lines, ending in a newline).
    pub text: String,
}

impl Report {
    /// A report from its parts; `text` gets a final newline when it lacks one.
    pub fn new(conclusion: Conclusion, json: Value, mut text: String) -> Report {
        if !text.ends_with('\n') {
            text.push('\n');
        }
        Report {
            conclusion,
            json,
            text,
        }
    }

    /// The report as printed: the JSON object on one line, or the text.
    pub fn printed(&self, json: bool) -> String {
        if json {
            format!("{}\n", self.json)
        } else {
            self.text.clone()
        }
    }
}

/// A JSON object whose first members are `file` (when the label has one) and
/// `puzzle`, then `rest` in order.
pub(crate) fn object(label: &Label, rest: Vec<(&str, Value)>) -> Value {
    let mut m = serde_json::Map::new();
    if let Some(f) = &label.file {
        m.insert("file".into(), Value::from(f.as_str()));
    }
    m.insert("puzzle".into(), Value::from(label.index));
    for (k, v) in rest {
        m.insert(k.into(), v);
    }
    Value::Object(m)
}
