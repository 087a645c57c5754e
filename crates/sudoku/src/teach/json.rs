//! The JSON object of an [`Assessment`] as `Serialize` structs (`check-encoding --json`
//! and Python's `check_encoding`): one line when printed.

use super::mapping::VarMap;
use super::show::clause_text;
use super::student::Student;
use super::{Assessment, Completeness, Outcome3};
use serde::Serialize;

/// One student clause: its 1-based index and its literals in readable names.
#[derive(Serialize)]
struct ClauseJson {
    clause: usize,
    text: String,
}

/// One reference family's answer.
#[derive(Serialize)]
struct FamilyJson {
    family: &'static str,
    verdict: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    by: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    rule: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    cells: Option<Vec<Vec<u16>>>,
}

/// Completeness: proved, sampled, unknown, or a valid grid the clauses forbid.
#[derive(Serialize)]
struct CompleteJson {
    verdict: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    grids: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    grid: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    falsified: Option<Vec<ClauseJson>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    core: Option<Vec<String>>,
}

#[derive(Serialize)]
struct RedundantJson {
    implied: Vec<ClauseJson>,
    examined: usize,
}

#[derive(Serialize)]
struct SizeJson {
    clauses: usize,
    literals: usize,
    auxiliary: usize,
    reference: serde_json::Map<String, serde_json::Value>,
}

/// The whole object.
#[derive(Serialize)]
struct AssessmentJson {
    n: usize,
    mapping: String,
    givens: usize,
    problem: bool,
    sound: bool,
    families: Vec<FamilyJson>,
    complete: CompleteJson,
    redundant: Option<RedundantJson>,
    size: SizeJson,
}

fn family(f: &super::FamilyCheck) -> FamilyJson {
    let mut j = FamilyJson {
        family: f.family.name(),
        verdict: "kept",
        by: None,
        rule: None,
        cells: None,
    };
    match &f.outcome {
        Outcome3::Kept => {}
        Outcome3::Implied => j.by = Some("counting"),
        Outcome3::Unknown => j.verdict = "unknown",
        Outcome3::Broken(ce) => {
            j.verdict = "broken";
            j.rule = Some(ce.broken.to_string());
            j.cells = Some(ce.cells.clone());
        }
    }
    j
}

fn complete(c: &Completeness, clauses: &dyn Fn(&[usize]) -> Vec<ClauseJson>) -> CompleteJson {
    let mut j = CompleteJson {
        verdict: "proved",
        grids: None,
        grid: None,
        falsified: None,
        core: None,
    };
    match c {
        Completeness::Proved => {}
        Completeness::Sampled { grids } => (j.verdict, j.grids) = ("sampled", Some(*grids)),
        Completeness::Unknown { tried } => (j.verdict, j.grids) = ("unknown", Some(*tried)),
        Completeness::Forbidden(fb) => {
            j.verdict = "forbidden";
            j.grid = Some(fb.grid.to_line(None));
            j.falsified = Some(clauses(&fb.falsified));
            let core = fb
                .core
                .iter()
                .map(|&(r, c, d)| format!("r{}c{}={d}", r + 1, c + 1));
            j.core = Some(core.collect());
        }
    }
    j
}

/// The JSON object (one line when printed with `to_string`).
pub fn json(a: &Assessment, student: &Student, map: &VarMap) -> serde_json::Value {
    let clauses = |ix: &[usize]| -> Vec<ClauseJson> {
        let one = |&i: &usize| ClauseJson {
            clause: i + 1,
            text: clause_text(&student.clauses()[i], map),
        };
        ix.iter().map(one).collect()
    };
    let object = AssessmentJson {
        n: a.n,
        mapping: a.mapping.clone(),
        givens: a.givens,
        problem: a.found_problem(),
        sound: a.sound(),
        families: a.families.iter().map(family).collect(),
        complete: complete(&a.completeness, &clauses),
        redundant: a.redundancy.as_ref().map(|r| RedundantJson {
            implied: clauses(&r.implied),
            examined: r.examined,
        }),
        size: SizeJson {
            clauses: a.sizes.clauses,
            literals: a.sizes.literals,
            auxiliary: a.sizes.auxiliary,
            reference: (a.sizes.reference.iter())
                .map(|(e, k)| (e.name().to_string(), (*k).into()))
                .collect(),
        },
    };
    serde_json::to_value(&object).expect("an assessment has string keys and finite numbers")
}
