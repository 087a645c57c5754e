//! The command line's own promises: shell completions, manual pages, and global options
//! that every command shares.

mod common;
use common::gridsat;

#[test]
fn completions_are_generated_for_every_shell() {
    for (shell, marker) in [
        ("bash", "_gridsat()"),
        ("zsh", "#compdef gridsat"),
        ("fish", "complete -c gridsat"),
        ("elvish", "gridsat"),
        ("powershell", "gridsat"),
    ] {
        let r = gridsat(&["completions", shell]);
        assert_eq!(r.code, 0, "{shell}: {}", r.stderr);
        assert!(r.stdout.contains(marker), "{shell} script lacks {marker}");
        // Subcommands and their flags are offered.
        assert!(
            r.stdout.contains("sudoku") && r.stdout.contains("time-limit"),
            "{shell}"
        );
    }
    // A closed pipe ends the output quietly.
    let out = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!(
            "{} completions bash | head -1",
            env!("CARGO_BIN_EXE_gridsat")
        ))
        .output()
        .unwrap();
    assert!(!String::from_utf8_lossy(&out.stderr).contains("panicked"));
    let r = gridsat(&["completions", "tcsh"]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("invalid value 'tcsh'"), "{}", r.stderr);
}

#[test]
fn man_pages_cover_every_subcommand() {
    let r = gridsat(&["man"]);
    assert_eq!(r.code, 0);
    assert!(
        r.stdout.starts_with(".ie") || r.stdout.contains(".TH gridsat"),
        "{}",
        &r.stdout[..200.min(r.stdout.len())]
    );
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    let r = gridsat(&["man", "--dir", d]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    for page in [
        "gridsat",
        "gridsat-sudoku",
        "gridsat-sudoku-solve",
        "gridsat-sokoban-solve",
    ] {
        let text = std::fs::read_to_string(dir.path().join(format!("{page}.1")))
            .unwrap_or_else(|e| panic!("{page}.1: {e}"));
        assert!(
            text.contains(&format!(".TH {page}")),
            "{page}.1 has no title line"
        );
    }
    let solve = std::fs::read_to_string(dir.path().join("gridsat-sudoku-solve.1")).unwrap();
    assert!(
        solve.contains("time\\-limit"),
        "the solve page documents its flags"
    );
}

#[test]
fn max_memory_takes_sizes_and_refuses_nonsense() {
    let r = gridsat(&[
        "--max-memory",
        "lots",
        "sudoku",
        "solve",
        "examples/sudoku/4x4.txt",
    ]);
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.contains("expected a size such as 4G"),
        "{}",
        r.stderr
    );
    // Global: accepted after the subcommand too.
    let r = gridsat(&[
        "sudoku",
        "solve",
        "examples/sudoku/4x4.txt",
        "--max-memory",
        "1G",
    ]);
    assert_eq!(r.code, 0, "{}", r.stderr);
}
