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

/// Every kind of command, each with output to write: the puzzle commands, the
/// certificate checker (`cert` is a certificate folder), Sokoban, help and version.
fn writing_commands(cert: &str) -> Vec<Vec<String>> {
    let p9 = "examples/sudoku/9x9.txt";
    let level = "examples/sokoban/two-boxes.txt";
    let cases: Vec<Vec<&str>> = vec![
        vec!["sudoku", "solve", p9],
        vec!["sudoku", "solve", "--json", p9],
        vec!["sudoku", "encode", p9],
        vec!["sudoku", "show", p9],
        vec!["sudoku", "rate", p9],
        vec!["sudoku", "hint", p9],
        vec!["sudoku", "explain", p9],
        vec!["sudoku", "candidates", p9],
        vec!["sudoku", "generate", "--count", "2", "--seed", "1"],
        vec!["check-certificate", cert],
        vec!["sokoban", "solve", level],
        vec!["sokoban", "show", level],
        vec!["sokoban", "verify", level, "--plan", "x"],
        vec!["completions", "bash"],
        vec!["man"],
        vec!["--help"],
        vec!["sudoku", "solve", "--help"],
        vec!["--version"],
    ];
    cases
        .into_iter()
        .map(|c| c.into_iter().map(String::from).collect())
        .collect()
}

/// Runs gridsat with `args` and stdout connected to `stdout`; exit code and stderr.
fn run_into(args: &[String], stdout: std::process::Stdio) -> (i32, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_gridsat"))
        .args(args)
        .current_dir(common::root())
        .stdin(std::process::Stdio::null())
        .stdout(stdout)
        .stderr(std::process::Stdio::piped())
        .output()
        .expect("gridsat runs");
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    (out.status.code().unwrap_or(-1), stderr)
}

fn certificate(dir: &std::path::Path) -> String {
    let cert = dir.join("cert");
    let cert = cert.to_str().unwrap().to_string();
    let r = gridsat(&[
        "sudoku",
        "solve",
        "--certify",
        &cert,
        "examples/sudoku/9x9.txt",
    ]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    cert
}

/// `gridsat … | head -1` where the reader is gone before the first write: every
/// command ends quietly with exit 0 (documented), never a panic (exit 101).
#[test]
fn a_closed_stdout_ends_every_command_quietly() {
    let dir = tempfile::tempdir().unwrap();
    let cert = certificate(dir.path());
    for args in writing_commands(&cert) {
        // The pipe's reader is closed before gridsat starts, so its first write fails
        // (closing it after the spawn raced with that write on a loaded machine).
        let (reader, writer) = std::io::pipe().expect("a pipe");
        drop(reader);
        let child = std::process::Command::new(env!("CARGO_BIN_EXE_gridsat"))
            .args(&args)
            .current_dir(common::root())
            .stdin(std::process::Stdio::null())
            .stdout(writer)
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("gridsat runs");
        let out = child.wait_with_output().expect("gridsat finishes");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert_eq!(out.status.code(), Some(0), "{args:?}: {stderr}");
        assert!(!stderr.contains("Broken pipe"), "{args:?}: {stderr}");
    }
}

/// `gridsat … > /dev/full`: a clear error naming the cause, and exit 5, from every
/// command (help and version too).
#[test]
fn a_full_disk_is_a_clear_error_from_every_command() {
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else {
        eprintln!("skipping: no /dev/full here");
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let cert = certificate(dir.path());
    for args in writing_commands(&cert) {
        let (code, stderr) = run_into(&args, full.try_clone().unwrap().into());
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert_eq!(code, 5, "{args:?}: {stderr}");
        assert!(
            stderr.contains("gridsat: output error: No space left on device"),
            "{args:?}: {stderr}"
        );
    }
}

#[test]
fn threads_are_bounded_with_a_clear_error() {
    for cmd in [&["sudoku", "solve"][..], &["sudoku", "generate"]] {
        for bad in ["0", "257", "100000", "many"] {
            let mut args = cmd.to_vec();
            args.extend(["--threads", bad]);
            let r = gridsat(&args);
            assert_eq!(r.code, 2, "{args:?}: {}", r.stderr);
            assert!(
                r.stderr
                    .contains("expected a number of threads from 1 to 256"),
                "{args:?}: {}",
                r.stderr
            );
        }
    }
    let r = common::gridsat_stdin(
        &["sudoku", "solve", "--threads", "256"],
        &std::fs::read_to_string(common::root().join("examples/sudoku/9x9.txt")).unwrap(),
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
}

/// `gridsat … 2> /dev/full`: messages that cannot be written are lost, and the command
/// still ends with its own exit code, not a panic (101). A puzzle that cannot be read
/// is reported on stderr and exits 2; a Sokoban level under `--time-limit 0` says on
/// stderr that the limit stopped it and exits 4.
#[test]
fn a_full_stderr_keeps_the_exit_code() {
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else {
        eprintln!("skipping: no /dev/full here");
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.txt");
    std::fs::write(&bad, "1 2\n").unwrap();
    let tiny = common::root().join("examples/sokoban/tiny.xsb");
    let cases: [(Vec<&str>, i32); 2] = [
        (vec!["sudoku", "solve", bad.to_str().unwrap()], 2),
        (
            vec![
                "sokoban",
                "solve",
                tiny.to_str().unwrap(),
                "--time-limit",
                "0",
            ],
            4,
        ),
    ];
    for (args, want) in cases {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_gridsat"))
            .args(&args)
            .stdout(std::process::Stdio::null())
            .stderr(full.try_clone().unwrap())
            .status()
            .expect("gridsat runs");
        assert_eq!(out.code(), Some(want), "{args:?}");
    }
}
