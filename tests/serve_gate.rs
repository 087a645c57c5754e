//! `gridsat serve` answers its own page only: over real sockets against the real binary,
//! cross-site content types, foreign `Host` and `Origin` names and cross-site fetches
//! are refused with a message saying what to do, and `--allow-origin` opens exactly the
//! origin it names.

mod common;
mod serve_common;

use common::{gridsat, root};
use serde_json::json;
use serve_common::Server;

const PUZZLE: &str = "1...............";

fn solve_body() -> Vec<u8> {
    json!({ "puzzle": PUZZLE }).to_string().into_bytes()
}

/// A POST with exactly the headers given (the Host among them).
fn post_with(s: &Server, path: &str, headers: &str, body: &[u8]) -> (u16, String) {
    let head = format!(
        "POST {path} HTTP/1.1\r\nConnection: close\r\n{headers}Content-Length: {}\r\n\r\n",
        body.len()
    );
    let mut all = head.into_bytes();
    all.extend_from_slice(body);
    let (status, _, text) = s.raw(&all);
    (status, text)
}

#[test]
fn posts_that_a_cross_site_form_or_simple_fetch_can_send_are_refused() {
    let s = Server::start(&[]);
    let host = format!("Host: {}\r\n", s.host());
    // The content types a page may POST anywhere without a CORS preflight.
    for kind in [
        "Content-Type: text/plain\r\n",
        "Content-Type: text/plain;charset=UTF-8\r\n",
        "Content-Type: application/x-www-form-urlencoded\r\n",
        "Content-Type: multipart/form-data; boundary=x\r\n",
        "",
    ] {
        for path in [
            "/api/sudoku/solve",
            "/api/sudoku/generate",
            "/api/sokoban/solve",
            "/api/sokoban/parse",
            "/api/sokoban/verify",
        ] {
            let (status, text) = post_with(&s, path, &format!("{host}{kind}"), &solve_body());
            assert_eq!(status, 415, "{path} with {kind:?}: {text}");
            assert!(
                text.contains("Content-Type: application/json"),
                "{path}: the message should say what to send: {text}"
            );
        }
    }
    let json_kind = format!("{host}Content-Type: application/json; charset=utf-8\r\n");
    let (status, text) = post_with(&s, "/api/sudoku/solve", &json_kind, &solve_body());
    assert_eq!(status, 200, "{text}");
}

#[test]
fn the_pages_own_posts_send_json() {
    let mut posts = 0;
    for file in ["api.js", "main.js", "sudoku.js", "sokoban.js"] {
        let text = std::fs::read_to_string(root().join("web/js").join(file)).unwrap();
        for (i, _) in text.match_indices("method: \"POST\"") {
            posts += 1;
            let object = &text[i..text[i..].find('}').map_or(text.len(), |e| i + e)];
            assert!(
                object.contains("\"Content-Type\": \"application/json\""),
                "{file}: a POST without the JSON content type: {object}"
            );
        }
    }
    // api.js's `post` and `stream`: the page's only doors.
    assert!(posts >= 2, "found {posts} POSTs in web/js");
}

#[test]
fn a_foreign_host_is_refused_and_the_loopback_names_answer() {
    let s = Server::start(&[]);
    let port = s.port;
    let json = "Content-Type: application/json\r\n";
    for bad in [
        format!("Host: evil.example:{port}\r\n"),
        "Host: evil.example\r\n".to_string(),
        format!("Host: 127.0.0.1:{}\r\n", port.wrapping_add(1)),
        String::new(),
    ] {
        let (status, text) = post_with(
            &s,
            "/api/sudoku/solve",
            &format!("{bad}{json}"),
            &solve_body(),
        );
        assert_eq!(status, 403, "{bad:?}: {text}");
        assert!(
            text.contains("open the page at http://127.0.0.1:"),
            "{text}"
        );
        let (status, _, _) =
            s.raw(format!("GET / HTTP/1.1\r\n{bad}Connection: close\r\n\r\n").as_bytes());
        assert_eq!(status, 403, "GET / with {bad:?}");
    }
    for good in ["127.0.0.1", "localhost", "[::1]", "LOCALHOST"] {
        let h = format!("Host: {good}:{port}\r\n{json}");
        let (status, text) = post_with(&s, "/api/sudoku/solve", &h, &solve_body());
        assert_eq!(status, 200, "{good}: {text}");
    }
}

#[test]
fn a_foreign_origin_is_refused_unless_allowed() {
    let s = Server::start(&["--allow-origin", "https://tools.example/"]);
    let base = format!("Host: {}\r\nContent-Type: application/json\r\n", s.host());
    let ask = |extra: &str| {
        post_with(
            &s,
            "/api/sudoku/solve",
            &format!("{base}{extra}"),
            &solve_body(),
        )
    };
    for origin in [
        "https://evil.example",
        "null",
        "http://localhost:1",
        "https://tools.example.evil",
    ] {
        let (status, text) = ask(&format!("Origin: {origin}\r\n"));
        assert_eq!(status, 403, "{origin}: {text}");
        assert!(text.contains(&format!("--allow-origin {origin}")), "{text}");
    }
    let own = format!("Origin: http://{}\r\n", s.host());
    assert_eq!(ask(&own).0, 200);
    assert_eq!(ask("Origin: https://tools.example\r\n").0, 200);
    // The allowed page's fetch is cross-site to the browser: still let in.
    let allowed = "Origin: https://tools.example\r\nSec-Fetch-Site: cross-site\r\n";
    assert_eq!(ask(allowed).0, 200);
}

#[test]
fn cross_site_fetches_are_refused_but_a_link_to_the_page_opens_it() {
    let s = Server::start(&[]);
    let base = format!("Host: {}\r\nContent-Type: application/json\r\n", s.host());
    let (status, text) = post_with(
        &s,
        "/api/sudoku/solve",
        &format!("{base}Sec-Fetch-Site: cross-site\r\n"),
        &solve_body(),
    );
    assert_eq!(status, 403, "{text}");
    assert!(text.contains("--allow-origin"), "{text}");
    let get = |extra: &str, path: &str| {
        s.raw(
            format!(
                "GET {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n{extra}\r\n",
                s.host()
            )
            .as_bytes(),
        )
        .0
    };
    let no_cors = "Sec-Fetch-Site: cross-site\r\nSec-Fetch-Mode: no-cors\r\n";
    assert_eq!(get(no_cors, "/api/sokoban/levels"), 403);
    let link = "Sec-Fetch-Site: cross-site\r\nSec-Fetch-Mode: navigate\r\n";
    assert_eq!(get(link, "/"), 200);
    assert_eq!(
        get("Sec-Fetch-Site: same-origin\r\n", "/api/sokoban/levels"),
        200
    );
}

#[test]
fn allow_origin_also_names_the_server() {
    // A fixed port of this suite's range: the origin has to name it before the start.
    let s = Server::start(&[
        "--port",
        "18150",
        "--allow-origin",
        "http://mybox.lan:18150",
    ]);
    assert_eq!(s.port, 18150);
    let h = "Host: mybox.lan:18150\r\nOrigin: http://mybox.lan:18150\r\nContent-Type: application/json\r\n";
    let (status, text) = post_with(&s, "/api/sudoku/solve", h, &solve_body());
    assert_eq!(status, 200, "{text}");
}

#[test]
fn a_malformed_allow_origin_is_a_usage_error() {
    for bad in [
        "evil.example",
        "http://evil.example/path",
        "ftp://x",
        "http://",
    ] {
        let r = gridsat(&["serve", "--port", "0", "--allow-origin", bad]);
        assert_eq!(r.code, 2, "{bad}: {}", r.stderr);
        assert!(
            r.stderr.contains("expected an origin such as"),
            "{}",
            r.stderr
        );
    }
}
