//! `"certify": true` on the server's solve routes: the bundle in the answer, decoded and
//! unpacked by code of the test's own (base64 here, the system's `tar`), is accepted by
//! `gridsat check-certificate`; the same bundle with one byte of its proof changed is
//! rejected; a request that cannot be certified says why.

mod common;
mod serve_common;

use common::{gridsat, have, root};
use serde_json::{Value, json};
use serve_common::Server;

/// A classic 9×9 with one solution that singles do not finish (its proof has lemmas).
const HARD: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

/// Standard base64 (RFC 4648) decoded, written here from the alphabet.
fn unbase64(text: &str) -> Vec<u8> {
    let abc = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let digits: Vec<u32> = text
        .bytes()
        .filter(|&b| b != b'=')
        .map(|b| abc.iter().position(|&a| a == b).expect("a base64 digit") as u32)
        .collect();
    let mut out = Vec::new();
    for chunk in digits.chunks(4) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0, |n, (k, d)| n | d << (18 - 6 * k));
        out.extend(n.to_be_bytes()[1..chunk.len()].iter());
    }
    out
}

/// The bundle of `answer`, as tar bytes.
fn tar_of(answer: &Value) -> Vec<u8> {
    let c = &answer["certificate"];
    assert_eq!(c["format"], "tar", "{answer}");
    let bytes = unbase64(c["data"].as_str().expect("data"));
    assert_eq!(bytes.len() as u64, c["bytes"].as_u64().unwrap());
    bytes
}

/// `gridsat check-certificate` of `tar` unpacked (by the system's tar) into a new folder.
fn check(tar: &[u8]) -> common::Run {
    let dir = tempfile::tempdir().unwrap();
    let archive = dir.path().join("bundle.tar");
    std::fs::write(&archive, tar).unwrap();
    let cert = dir.path().join("cert");
    std::fs::create_dir(&cert).unwrap();
    let st = std::process::Command::new("tar")
        .arg("-xf")
        .arg(&archive)
        .arg("-C")
        .arg(&cert)
        .status()
        .unwrap();
    assert!(st.success());
    gridsat(&["check-certificate", cert.to_str().unwrap()])
}

/// `tar` with its `.drat` gutted, the size kept: every line but the last (the empty
/// clause) starts with `c`, a comment, so that only the empty clause is left. (One
/// flipped sign is not enough for a case split's proof: each of its lemmas follows
/// from the others by unit propagation, so one changed lemma may still be sound.) A
/// `.states` closure is gutted alike: every position line becomes a comment.
fn forged(mut tar: Vec<u8>) -> Vec<u8> {
    let mut at = 0;
    while at + 512 <= tar.len() && tar[at] != 0 {
        let name = String::from_utf8_lossy(&tar[at..at + 100]).to_string();
        let size_text = String::from_utf8_lossy(&tar[at + 124..at + 135]).to_string();
        let size = usize::from_str_radix(size_text.trim(), 8).expect("a tar size");
        if name.trim_end_matches('\0').ends_with(".states") {
            let body = &mut tar[at + 512..at + 512 + size];
            let text = String::from_utf8_lossy(body).to_string();
            let header = text.find("p closure").expect("a closure header");
            let first = header + text[header..].find('\n').expect("a header line") + 1;
            body[first] = b'c';
            for i in first..size - 1 {
                if body[i] == b'\n' {
                    body[i + 1] = b'c';
                }
            }
            return tar;
        }
        if name.trim_end_matches('\0').ends_with(".drat") {
            let body = &mut tar[at + 512..at + 512 + size];
            let last = body[..size - 1]
                .iter()
                .rposition(|&b| b == b'\n')
                .expect("two lines");
            body[0] = b'c';
            for i in 0..last {
                if body[i] == b'\n' {
                    body[i + 1] = b'c';
                }
            }
            return tar;
        }
        at += 512 + size.div_ceil(512) * 512;
    }
    panic!("no proof in the bundle");
}

#[test]
fn a_sudoku_bundle_is_accepted_and_a_forged_one_rejected() {
    if !have("tar") {
        eprintln!("skipped: no tar on this machine");
        return;
    }
    let s = Server::start(&[]);
    let (status, r) = s.post(
        "/api/sudoku/solve",
        &json!({"puzzle": HARD, "certify": true}),
    );
    assert_eq!(status, 200, "{}", r["error"]);
    assert_eq!(r["status"], "unique", "{}", r["certificate_error"]);
    assert_eq!(r["certificate"]["claim"], "unique");
    assert!(
        r["certificate"]["files"]
            .as_array()
            .unwrap()
            .contains(&json!("puzzle-1.drat"))
    );
    let tar = tar_of(&r);
    let good = check(&tar);
    assert_eq!(good.code, 0, "{}{}", good.stdout, good.stderr);
    assert!(good.stdout.contains("proof checked"), "{}", good.stdout);
    let bad = check(&forged(tar));
    assert_eq!(bad.code, 1, "{}{}", bad.stdout, bad.stderr);
    assert!(bad.stdout.contains("REJECTED"), "{}", bad.stdout);
    // Without "certify" the answer is as before; a wrong value or question is a 400.
    let (_, plain) = s.post("/api/sudoku/solve", &json!({"puzzle": HARD}));
    assert!(plain.get("certificate").is_none());
    let (status, e) = s.post(
        "/api/sudoku/solve",
        &json!({"puzzle": HARD, "certify": "yes"}),
    );
    assert_eq!(status, 400, "{e}");
    let (status, e) = s.post(
        "/api/sudoku/hint",
        &json!({"puzzle": HARD, "certify": true}),
    );
    assert_eq!(status, 400, "{e}");
    let (status, e) = s.post(
        "/api/sudoku/solve",
        &json!({"puzzle": HARD, "rules": "diagonals", "certify": true}),
    );
    assert_eq!(status, 400, "{e}");
    assert!(e["error"].as_str().unwrap().contains("classic"), "{e}");
}

#[test]
fn a_sokoban_bundle_carries_the_horizon_and_is_accepted() {
    if !have("tar") {
        eprintln!("skipped: no tar on this machine");
        return;
    }
    let s = Server::start(&[]);
    // The detour's proof is needed (the checker's pruning alone does not refute one push
    // fewer), so a forged proof is caught; the two-box level for the move bundle.
    let detour = std::fs::read_to_string(root().join("examples/sokoban/detour.xsb")).unwrap();
    let level = std::fs::read_to_string(root().join("examples/sokoban/two-boxes.txt")).unwrap();
    let (status, r) = s.post(
        "/api/sokoban/solve",
        &json!({"level": detour, "certify": true}),
    );
    assert_eq!(status, 200, "{}", r["error"]);
    let pushes = r["pushes"].as_u64().expect("pushes");
    let c = &r["certificate"];
    assert_eq!(
        c["claim"],
        format!("optimal {pushes}"),
        "{}",
        r["certificate_error"]
    );
    assert_eq!(c["horizon"], pushes - 1);
    assert!(c["proof_bytes"].as_u64().unwrap() > 0);
    // The default backs a push optimum with the push-state closure.
    assert!(c["positions"].as_u64().unwrap() > 0, "{c}");
    let tar = tar_of(&r);
    let good = check(&tar);
    assert_eq!(good.code, 0, "{}{}", good.stdout, good.stderr);
    let bad = check(&forged(tar));
    assert_eq!(bad.code, 1, "{}{}", bad.stdout, bad.stderr);
    // "certify_with": "drat" asks for the formula and its proof instead.
    let (status, r) = s.post(
        "/api/sokoban/solve",
        &json!({"level": detour, "certify": true, "certify_with": "drat"}),
    );
    assert_eq!(status, 200, "{}", r["error"]);
    let c = &r["certificate"];
    assert!(c.get("positions").is_none(), "{c}");
    assert!(
        c["files"]
            .as_array()
            .unwrap()
            .contains(&json!("level-1.drat")),
        "{c}"
    );
    let tar = tar_of(&r);
    assert_eq!(check(&tar).code, 0);
    assert_eq!(check(&forged(tar)).code, 1);
    let (status, e) = s.post(
        "/api/sokoban/solve",
        &json!({"level": detour, "certify": true, "certify_with": "lemmas"}),
    );
    assert_eq!(status, 400, "{e}");
    assert!(e["error"].as_str().unwrap().contains("certify_with"), "{e}");
    let (status, r) = s.post(
        "/api/sokoban/solve",
        &json!({"level": level, "optimize": "moves", "certify": true}),
    );
    assert_eq!(status, 200, "{r}");
    // A move-optimal plan: its own bundle, the claim and horizon in moves.
    let c = &r["certificate"];
    let moves = r["moves"].as_u64().unwrap();
    assert_eq!(c["claim"], format!("optimal-moves {moves}"), "{r}");
    assert_eq!(c["horizon"], moves - 1);
    let good = check(&tar_of(&r));
    assert_eq!(good.code, 0, "{}{}", good.stdout, good.stderr);
}
