//! The certificate checker's manifest reader, and the checker behind it, on hostile
//! manifests: never a panic; every name read is a plain name (no path can leave the
//! folder); and in a folder holding a small Sudoku and Sokoban certificate but no
//! formula or proof, no claim that rests on a proof is ever accepted.
#![no_main]

use gridsat_certify::{Limits, Manifest, check_entry, plain_name};
use libfuzzer_sys::fuzz_target;
use std::path::PathBuf;
use std::sync::OnceLock;

/// A folder with a 4×4 puzzle and its solution, a Sokoban corridor and its plan.
fn folder() -> &'static PathBuf {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("gridsat-fuzz-certify-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        for (name, text) in [
            ("p.puzzle", "1...............\n"),
            ("p.solution", "1234341221434321\n"),
            ("l.xsb", "#######\n#@ $ .#\n#######\n"),
            ("l.plan", "rRR\n"),
        ] {
            std::fs::write(dir.join(name), text).unwrap();
        }
        dir
    })
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let Ok(manifest) = Manifest::parse(&text) else {
        return;
    };
    let files = ["puzzle", "solution", "level", "plan"];
    let limits = Limits::new(64 << 20, Some(std::time::Duration::from_secs(1)));
    for e in &manifest.entries {
        assert!(plain_name(&e.name));
        assert!(e.cnf.is_empty() || plain_name(&e.cnf));
        assert!(e.proof.is_empty() || plain_name(&e.proof));
        for (k, v) in &e.fields {
            assert!(!files.contains(&k.as_str()) || plain_name(v), "{k} {v}");
        }
        if let Ok(c) = check_entry(folder(), e, &limits) {
            assert!(!c.claim.needs_proof(), "accepted {} without a proof", c.claim);
        }
    }
});
