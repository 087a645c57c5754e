//! Reports: what one question about one puzzle came to, as the command line prints it
//! (text), as `--json` prints it (one object), and what it amounts to
//! ([`Conclusion`]). The command line, the Python package and the web server all print
//! these, so their answers are the same objects.
//!
//! [`Toolkit`] asks the questions (solve, hint, pencil marks, explain, rate) one puzzle
//! after another, keeping the warm solver and the reasoning model between puzzles.

mod answer;
mod case_split;
mod certificate;
mod check_request;
mod encoding;
mod explain;
mod fields;
mod formula;
mod generated;
mod hint;
mod make;
mod marks;
mod propagation;
mod puzzle;
mod rating;
mod request;
mod technique;
mod toolkit;

pub use answer::{
    answer_json_text, answer_report, error_report, memory_report, not_started_report,
};
pub use certificate::{
    CertificateError, Certified, Claim, certify, manifest_header, write_certificate,
};
pub use check_request::{CheckEncodingRequest, CheckRequestError, MAX_CHECK_SIDE};
pub use encoding::{encoding_json, sample_clause};
pub use fields::{FieldError, defaults};
pub use formula::{FormulaError, FormulaOptions, encode_formula};
pub use generated::generated_json;
pub use make::{GenerateRequest, MAX_COUNT, generate, generate_each};
pub use propagation::{PropagationStep, propagation, propagation_json};
pub use puzzle::puzzle_json;
pub use rating::{rating_json, rating_text};
pub use request::{
    Question, Request, RequestError, ask, ask_within, encode_report, encode_report_within,
    formula_header,
};
pub(crate) use technique::{
    HodokuJson, SeJson, StepJson, hodoku_text, path_lines, se_text, step_json,
};
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

/// The first members of every report object: `file` (when several files are read)
/// and `puzzle`, the 1-based position.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub(crate) struct Head {
    #[serde(skip_serializing_if = "Option::is_none")]
    file: Option<String>,
    puzzle: usize,
}

impl Label {
    /// The `file` and `puzzle` members of this puzzle's objects.
    pub(crate) fn head(&self) -> Head {
        Head {
            file: self.file.clone(),
            puzzle: self.index,
        }
    }
}

/// A report object as the JSON value it prints as.
pub(crate) fn to_json<T: serde::Serialize>(object: &T) -> Value {
    serde_json::to_value(object).expect("a report object has string keys and finite numbers")
}
