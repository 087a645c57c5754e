//! Helpers for tests that drive the real `gridsat` binary.
#![allow(dead_code)]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// The result of one run: exit code and the two streams as text.
pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

impl Run {
    fn from(o: Output) -> Run {
        let r = Run {
            code: o.status.code().unwrap_or(-1),
            stdout: String::from_utf8_lossy(&o.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&o.stderr).into_owned(),
        };
        assert!(
            !r.stderr.contains("panicked"),
            "gridsat panicked:\n{}",
            r.stderr
        );
        r
    }

    /// The stdout lines parsed as JSON objects.
    pub fn json(&self) -> Vec<serde_json::Value> {
        self.stdout
            .lines()
            .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("bad JSON {l}: {e}")))
            .collect()
    }
}

/// Runs gridsat with `args` from the repository root.
pub fn gridsat(args: &[&str]) -> Run {
    gridsat_stdin(args, "")
}

/// Runs gridsat with `args`, feeding `input` on stdin.
pub fn gridsat_stdin(args: &[&str], input: &str) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gridsat"))
        .args(args)
        .current_dir(root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("gridsat runs");
    // Written on a thread while the output is read: gridsat reads stdin only a bounded
    // window ahead of what it has written, as any streaming filter does.
    let mut stdin = child.stdin.take().expect("stdin");
    let input = input.to_string();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()).ok());
    let out = child.wait_with_output().expect("gridsat finishes");
    let _ = writer.join();
    Run::from(out)
}

/// The repository root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A file of the shared data folder beside the repository, or `None` (said on stderr,
/// so that the skip is visible) when that folder is absent.
pub fn shared(rel: &str) -> Option<PathBuf> {
    let p = root().join("../shared/data").join(rel);
    if p.exists() {
        Some(p)
    } else {
        eprintln!("skipping: {} is missing (../shared/data)", p.display());
        None
    }
}

/// Writes `text` to a fresh file named `name` in `dir`.
pub fn write(dir: &Path, name: &str, text: &str) -> String {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p.display().to_string()
}

/// True when `prog` can be run (e.g. minisat). When it cannot and the environment
/// variable GRIDSAT_REQUIRE_<PROG> is set (CI does), the test fails instead of skipping.
pub fn have(prog: &str) -> bool {
    let ok = Command::new("sh")
        .arg("-c")
        .arg(format!("command -v {prog}"))
        .output()
        .is_ok_and(|o| o.status.success());
    if !ok {
        let var = format!("GRIDSAT_REQUIRE_{}", prog.to_uppercase());
        assert!(
            std::env::var_os(&var).is_none(),
            "{prog} is required ({var} is set) but missing"
        );
        eprintln!("skipping: {prog} is not installed");
    }
    ok
}

/// The promise is "within a second" on a machine whose cores are not oversubscribed; when
/// the load average exceeds the cores (a shared CI machine, parallel test binaries), the
/// scheduler alone delays a process by about (load / cores − 1) time slices per second,
/// so that much is allowed on top, at most 2 s. The figure used is printed.
pub fn load_slack() -> f64 {
    let load: f64 = std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|s| s.split_whitespace().next().and_then(|x| x.parse().ok()))
        .unwrap_or(0.0);
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get()) as f64;
    let slack = (load / cores - 1.0).clamp(0.0, 2.0);
    if slack > 0.0 {
        eprintln!("load average {load:.1} on {cores} cores: allowing {slack:.2} s more");
    }
    slack
}

// ---- tampering with certificates --------------------------------------------------

/// Rewrites the file `name` in `dir` through `f`, which must change it.
pub fn edit(dir: &Path, name: &str, f: impl FnOnce(String) -> String) {
    let p = dir.join(name);
    let text = std::fs::read_to_string(&p).unwrap();
    let new = f(text.clone());
    assert_ne!(new, text, "the tampering changed nothing");
    std::fs::write(&p, new).unwrap();
}

/// Maps each clause line of a DIMACS text (the lines after `p cnf` that are not
/// comments, numbered from 1) through `f`; `None` drops the line.
pub fn clauses(text: String, mut f: impl FnMut(usize, &str) -> Option<String>) -> String {
    let (mut out, mut k, mut body) = (String::new(), 0, false);
    for line in text.lines() {
        if body && !line.starts_with('c') {
            k += 1;
            if let Some(l) = f(k, line) {
                out.push_str(&l);
                out.push('\n');
            }
            continue;
        }
        body |= line.starts_with("p cnf");
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// `check-certificate DIR` must reject the folder (exit 1), naming `why` and marking
/// the entry REJECTED.
pub fn rejected(dir: &Path, why: &str) {
    let c = gridsat(&["check-certificate", &dir.display().to_string()]);
    assert_eq!(c.code, 1, "accepted a tampered certificate:\n{}", c.stdout);
    assert!(
        c.stderr.contains(why) || c.stdout.contains(why),
        "expected '{why}' in:\n{}{}",
        c.stdout,
        c.stderr
    );
    assert!(c.stdout.contains("REJECTED"), "{}", c.stdout);
}

/// Makes the entries of a Sudoku certificate carry their formula as a file: the
/// checker writes each defined formula (`check-certificate --write-cnf`) into `dir`,
/// and the manifest names `NAME.cnf` instead of `formula standard` — the form the
/// tamperings of a formula file start from.
pub fn carry_formula(dir: &Path) {
    let out = tempfile::tempdir().unwrap();
    let d = dir.display().to_string();
    let o = out.path().display().to_string();
    let run = gridsat(&["check-certificate", &d, "--write-cnf", &o]);
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    let mut manifest = std::fs::read_to_string(dir.join("manifest.txt")).unwrap();
    for f in std::fs::read_dir(out.path()).unwrap() {
        let f = f.unwrap().path();
        let name = f.file_stem().unwrap().to_str().unwrap().to_string();
        std::fs::copy(&f, dir.join(f.file_name().unwrap())).unwrap();
        manifest = manifest.replace(
            &format!("formula standard\nproof {name}.drat\n"),
            &format!("cnf {name}.cnf\nproof {name}.drat\n"),
        );
    }
    assert!(!manifest.contains("formula standard"), "{manifest}");
    std::fs::write(dir.join("manifest.txt"), manifest).unwrap();
}

/// A DIMACS text with `delta` added to its header's clause count (after clauses were
/// dropped or added), so that only the clauses themselves can be blamed.
pub fn recount(text: &str, delta: isize) -> String {
    let (head, rest) = text.split_once("p cnf ").unwrap();
    let (line, body) = rest.split_once('\n').unwrap();
    let (v, c) = line.split_once(' ').unwrap();
    let c: isize = c.trim().parse().unwrap();
    format!("{head}p cnf {v} {}\n{body}", c + delta)
}

/// Writes `manifest` (a certificate's blocks, as a writer returned them) into `dir` and
/// checks the folder with the checker library: `Err` with its rejection as text.
pub fn check_blocks(dir: &Path, manifest: &str) -> Result<(), String> {
    std::fs::write(dir.join("manifest.txt"), format!("# test\n\n{manifest}")).unwrap();
    let limits = gridsat_certify::Limits::memory(1 << 30);
    gridsat_certify::check_dir(dir, &limits)
        .map(|_| ())
        .map_err(|e| format!("{e:?}"))
}
