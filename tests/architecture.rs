//! The tree is the architecture: these tests read the crates' sources (and the binary's) and check
//! that their modules import one another without cycles, that each crate's stage
//! folders only import earlier stages, and that puzzle crates never import each other.
//!
//! A module is a file (`model/grid.rs` is `model::grid`, `model/mod.rs` is `model`).
//! An edge `a → b` is a `use crate::b…` (or `super::…`, or an inline `crate::b::…`
//! path) in `a`. Re-exports (`pub use`, `pub(crate) use`) are the module's surface, not
//! its dependencies, and are left out, as are test modules (`#[cfg(test)]` blocks and
//! files named `tests.rs`).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Each crate's stages, in order: a module under stage `k` may import modules of
/// stages `0..=k` and top-level files that are in no stage (leaf utilities such as
/// `error.rs`), never a later stage.
const STAGES: &[(&str, &[&str])] = &[
    ("sat", &[]),
    // Sudoku, in the order its work flows: the model (shapes, grids, alphabets, the
    // rules and their trait) → the independent checker, placed right after the model so
    // that this test enforces its rule (it may import `model` and nothing else: it shares
    // no code with the readers or the encoder) → text in and out → formulas → deduction on bitsets and
    // the propagation model (the solver's presolve needs it, so it sits below solve)
    // → solving, counting, uniqueness, conflicts → reasoning a player follows (hints,
    // explanations, pencil marks, ratings; it solves first) → generation (it rates and
    // proves uniqueness) → reports (text and JSON of every answer, for the command line,
    // Python and the web server alike). `rng.rs` is a leaf utility outside the stages.
    (
        "sudoku",
        &[
            "model", "check", "io", "encode", "deduce", "solve", "reason", "teach", "generate",
            "report",
        ],
    ),
    // sokoban, in the order the work flows: `model` (levels, boards, plans), then
    // `replay`, the independent simulator, placed right after `model` so that this test
    // enforces its rule (it may import `model` and nothing else: it shares no code with
    // the encoders), then `io` (level files in, pictures out), `analysis` (what the board
    // alone proves, verdicts before search), `encode` (the CNF, from the analysis),
    // `search` (the A* seed and the horizon search over an encoding), `solve` (a level
    // end to end: search, then replay's check of every plan), `report` (its text and
    // JSON, printed alike by the command line, Python and the web server).
    (
        "sokoban",
        &[
            "model", "replay", "io", "analysis", "encode", "search", "solve", "report",
        ],
    ),
];

/// The puzzle crates: none of them may depend on another.
const PUZZLES: &[&str] = &["gridsat-sudoku", "gridsat-sokoban"];

fn crate_dir(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("crates")
        .join(name)
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            out.push(p);
        }
    }
}

/// `src/model/grid.rs` → `["model", "grid"]`; `src/model/mod.rs` → `["model"]`;
/// `src/lib.rs` (or a binary's `src/main.rs`) → `[]`.
fn module_of(src: &Path, file: &Path) -> Vec<String> {
    let rel = file.strip_prefix(src).unwrap();
    let mut parts: Vec<String> = rel
        .iter()
        .map(|p| p.to_string_lossy().trim_end_matches(".rs").to_string())
        .collect();
    if matches!(parts.last().map(String::as_str), Some("mod" | "lib")) || parts == ["main"] {
        parts.pop();
    }
    parts
}

/// The source without `#[cfg(test)]` items (the attribute and the braced block after it).
fn without_tests(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(i) = rest.find("#[cfg(test)]") {
        out.push_str(&rest[..i]);
        let after = &rest[i..];
        let Some(open) = after.find('{') else {
            return out;
        };
        let semi = after.find(';').unwrap_or(usize::MAX);
        if semi < open {
            // `#[cfg(test)] mod tests;` or a one-line item.
            rest = &after[semi + 1..];
            continue;
        }
        let mut depth = 0usize;
        let mut end = after.len();
        for (k, ch) in after[open..].char_indices() {
            match ch {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        end = open + k + 1;
                        break;
                    }
                }
                _ => {}
            }
        }
        rest = &after[end..];
    }
    out.push_str(rest);
    out
}

/// Every path a file names through `crate::` or `super::`, as segment lists resolved
/// from the crate root, leaving out `pub use` re-exports and comments.
fn referenced_paths(module: &[String], is_mod_file: bool, text: &str) -> Vec<Vec<String>> {
    let mut paths = Vec::new();
    let code = without_tests(text);
    let mut statement = String::new();
    for line in code.lines() {
        let l = line.trim();
        if l.starts_with("//") {
            continue;
        }
        statement.push_str(l);
        statement.push(' ');
        if !(l.ends_with(';') || l.ends_with('{') || l.ends_with('}') || l.ends_with(',')) {
            continue;
        }
        let s = std::mem::take(&mut statement);
        let st = s.trim_start();
        if st.starts_with("pub use")
            || st.starts_with("pub(crate) use")
            || st.starts_with("pub(super) use")
        {
            continue;
        }
        for (prefix, base) in [("crate::", 0usize), ("super::", 1)] {
            let mut from = 0;
            while let Some(i) = s[from..].find(prefix) {
                let at = from + i;
                from = at + prefix.len();
                let before = s[..at].chars().last();
                if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
                    continue;
                }
                let mut root: Vec<String> = if base == 0 {
                    Vec::new()
                } else {
                    // `super` of a mod.rs file is its folder's parent.
                    let mut m = module.to_vec();
                    if !is_mod_file || !m.is_empty() {
                        m.pop();
                    }
                    m
                };
                let mut tail = &s[from..];
                while let Some(t) = tail.strip_prefix("super::") {
                    root.pop();
                    tail = t;
                }
                for p in expand(tail) {
                    let mut full = root.clone();
                    full.extend(p);
                    paths.push(full);
                }
            }
        }
    }
    paths
}

/// The paths of a `use` tree: `a::b::{C, d::E}` → `a::b::C`, `a::b::d::E`.
fn expand(s: &str) -> Vec<Vec<String>> {
    let mut prefix = Vec::new();
    let mut rest = s.trim_start();
    loop {
        let word: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        if word.is_empty() {
            break;
        }
        rest = &rest[word.len()..];
        prefix.push(word);
        match rest.strip_prefix("::") {
            Some(r) => rest = r,
            None => return vec![prefix],
        }
    }
    let Some(group) = rest.strip_prefix('{') else {
        return vec![prefix];
    };
    // The items of the group, split at commas outside nested braces.
    let (mut depth, mut items, mut start) = (0usize, Vec::new(), 0usize);
    for (i, c) in group.char_indices() {
        match c {
            '{' => depth += 1,
            '}' if depth == 0 => {
                items.push(&group[start..i]);
                break;
            }
            '}' => depth -= 1,
            ',' if depth == 0 => {
                items.push(&group[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    let mut out = Vec::new();
    for item in items {
        for tail in expand(item) {
            let mut p = prefix.clone();
            p.extend(tail);
            out.push(p);
        }
    }
    out
}

struct Graph {
    modules: BTreeSet<Vec<String>>,
    edges: BTreeMap<Vec<String>, BTreeSet<Vec<String>>>,
}

fn graph_of(krate: &str) -> Graph {
    graph_of_dir(&crate_dir(krate).join("src"))
}

/// The module graph of the sources under `src` (a crate's `src/`, or the binary's).
fn graph_of_dir(src: &Path) -> Graph {
    let src = src.to_path_buf();
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    files.retain(|f| f.file_name().is_some_and(|n| n != "tests.rs"));
    let modules: BTreeSet<Vec<String>> = files.iter().map(|f| module_of(&src, f)).collect();
    let mut edges: BTreeMap<Vec<String>, BTreeSet<Vec<String>>> = BTreeMap::new();
    for f in &files {
        let m = module_of(&src, f);
        let is_mod = f
            .file_name()
            .is_some_and(|n| n == "mod.rs" || n == "lib.rs" || n == "main.rs");
        let text = std::fs::read_to_string(f).unwrap();
        for p in referenced_paths(&m, is_mod, &text) {
            // The longest prefix of the path that is a module.
            let target = (0..=p.len())
                .rev()
                .map(|k| p[..k].to_vec())
                .find(|q| modules.contains(q));
            if let Some(t) = target {
                // A module using its own parent's items (`super::X` from a child) or a
                // parent using a child's is fine; the rest are edges.
                if t != m && !t.is_empty() {
                    edges.entry(m.clone()).or_default().insert(t);
                }
            }
        }
    }
    Graph { modules, edges }
}

fn name(m: &[String]) -> String {
    if m.is_empty() {
        "lib".into()
    } else {
        m.join("::")
    }
}

/// The cycles of the module graph (its strongly connected components of more than one
/// module), each as a sorted list of module names.
fn cycles(g: &Graph) -> Vec<Vec<String>> {
    // Tarjan's algorithm, iteratively small enough to write recursively here.
    struct State<'a> {
        g: &'a Graph,
        index: BTreeMap<&'a Vec<String>, usize>,
        low: BTreeMap<&'a Vec<String>, usize>,
        stack: Vec<&'a Vec<String>>,
        on: BTreeSet<&'a Vec<String>>,
        out: Vec<Vec<String>>,
    }
    fn visit<'a>(s: &mut State<'a>, v: &'a Vec<String>) {
        let i = s.index.len();
        s.index.insert(v, i);
        s.low.insert(v, i);
        s.stack.push(v);
        s.on.insert(v);
        if let Some(ws) = s.g.edges.get(v) {
            for w in ws {
                // A parent folder module and its children are one unit for this test.
                if w.starts_with(v) || v.starts_with(w) {
                    continue;
                }
                if !s.index.contains_key(w) {
                    visit(s, w);
                    let lw = s.low[w];
                    let lv = s.low.get_mut(v).unwrap();
                    *lv = (*lv).min(lw);
                } else if s.on.contains(w) {
                    let iw = s.index[w];
                    let lv = s.low.get_mut(v).unwrap();
                    *lv = (*lv).min(iw);
                }
            }
        }
        if s.low[v] == s.index[v] {
            let mut comp = Vec::new();
            while let Some(w) = s.stack.pop() {
                s.on.remove(w);
                comp.push(name(w));
                if w == v {
                    break;
                }
            }
            if comp.len() > 1 {
                comp.sort();
                s.out.push(comp);
            }
        }
    }
    let mut s = State {
        g,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on: BTreeSet::new(),
        out: Vec::new(),
    };
    for m in &g.modules {
        if !s.index.contains_key(m) {
            visit(&mut s, m);
        }
    }
    s.out
}

/// Crates outside the stage lists whose modules must still form no cycle: the
/// certificate checker and the Python bindings.
const ACYCLIC: &[&str] = &["certify", "python"];

#[test]
fn no_crate_has_an_import_cycle() {
    let mut found = Vec::new();
    let crates = STAGES
        .iter()
        .map(|(k, _)| *k)
        .chain(ACYCLIC.iter().copied());
    let mut graphs: Vec<(String, Graph)> = crates
        .map(|k| (format!("crates/{k}"), graph_of(k)))
        .collect();
    let bin = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    graphs.push(("src (the binary)".to_string(), graph_of_dir(&bin)));
    for (what, graph) in &graphs {
        assert!(graph.modules.len() > 3, "{what}: no modules read");
        for c in cycles(graph) {
            found.push(format!("{what}: {}", c.join(" ↔ ")));
        }
    }
    assert!(found.is_empty(), "import cycles:\n{}", found.join("\n"));
}

#[test]
fn stages_only_import_earlier_stages() {
    let mut wrong = Vec::new();
    for (krate, stages) in STAGES {
        if stages.is_empty() {
            continue;
        }
        let g = graph_of(krate);
        let stage_of = |m: &[String]| m.first().and_then(|f| stages.iter().position(|s| s == f));
        for (from, tos) in &g.edges {
            for to in tos {
                if let (Some(a), Some(b)) = (stage_of(from), stage_of(to)) {
                    if b > a {
                        wrong.push(format!(
                            "{krate}: {} imports the later stage {}",
                            name(from),
                            name(to)
                        ));
                    }
                }
            }
        }
        for m in &g.modules {
            if m.len() > 1 && stage_of(m).is_none() {
                wrong.push(format!(
                    "{krate}: {} lies in a folder that is no stage",
                    name(m)
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn puzzle_crates_depend_only_on_the_sat_layer() {
    for dir in ["sudoku", "sokoban"] {
        let manifest = std::fs::read_to_string(crate_dir(dir).join("Cargo.toml")).unwrap();
        let deps = manifest.split("[dependencies]").nth(1).unwrap_or("");
        let deps = deps.split("\n[").next().unwrap_or("");
        for other in PUZZLES {
            if !other.ends_with(dir) {
                assert!(
                    !deps.contains(other),
                    "crates/{dir} depends on {other}: puzzle crates must not import each other"
                );
            }
        }
    }
}

#[test]
fn the_reader_finds_real_edges_and_cycles() {
    // The reader itself: a fake crate in text, with a known cycle.
    let a = referenced_paths(
        &["x".into()],
        false,
        "use crate::y::{Foo, z::Bar};\npub use crate::w::Baz;\nfn f() { crate::v::go(); }\n#[cfg(test)]\nmod tests { use crate::t::T; }\n",
    );
    let names: Vec<String> = a.iter().map(|p| p.join("::")).collect();
    assert_eq!(names, ["y::Foo", "y::z::Bar", "v::go"]);
    let s = referenced_paths(&["f".into(), "g".into()], false, "use super::h::H;\n");
    assert_eq!(s, [vec!["f".to_string(), "h".into(), "H".into()]]);
    let m = |s: &str| s.split("::").map(String::from).collect::<Vec<_>>();
    let g = Graph {
        modules: [m("a"), m("b"), m("c")].into(),
        edges: [
            (m("a"), [m("b")].into()),
            (m("b"), [m("a")].into()),
            (m("c"), [m("a")].into()),
        ]
        .into(),
    };
    assert_eq!(cycles(&g), vec![vec!["a".to_string(), "b".into()]]);
}
