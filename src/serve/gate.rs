//! Which requests are let in: only those of the server's own page.
//!
//! A web page on any site can send requests to a server on this machine. The gate
//! refuses them before any work: every POST must say `Content-Type: application/json`
//! (a cross-site form or `text/plain` POST cannot, without a CORS preflight that the
//! server never grants); `Host` must name the server's own address (a DNS-rebinding page
//! sends its own name); `Origin`, when sent, must be the server's own page or one allowed
//! with `--allow-origin`; and `Sec-Fetch-Site: cross-site` is refused (except a plain
//! link to the page). Bodies must arrive whole within the idle timeout.

use super::AppState;
use super::error::ApiError;
use axum::body::{Body, Bytes};
use axum::extract::{Request, State};
use axum::http::{HeaderMap, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;
use tokio_stream::StreamExt;

/// The names and origins the server answers to.
pub struct Gate {
    /// `host:port` values accepted in `Host` (lower case).
    hosts: Vec<String>,
    /// Origins allowed besides the server's own (`--allow-origin`, lower case).
    origins: Vec<String>,
    /// Bound to every address: any IP literal with this port is accepted as `Host`
    /// (DNS rebinding needs a name).
    any_ip: Option<u16>,
    /// The address to open the page at, for the messages.
    home: String,
}

/// `host:port` as a `Host` header says it (IPv6 in brackets).
fn authority(ip: IpAddr, port: u16) -> String {
    SocketAddr::new(ip, port).to_string()
}

/// Checks `--allow-origin` values: `scheme://host[:port]`, nothing after.
pub fn parse_origin(s: &str) -> Result<String, String> {
    let t = s.trim().trim_end_matches('/').to_ascii_lowercase();
    let ok = t.split_once("://").is_some_and(|(scheme, rest)| {
        matches!(scheme, "http" | "https")
            && !rest.is_empty()
            && !rest.contains(['/', '?', '#', '@', ' '])
    });
    if ok {
        Ok(t)
    } else {
        Err(format!(
            "'{s}': expected an origin such as http://mybox.lan:8080 (scheme, host, optional port; no path)"
        ))
    }
}

impl Gate {
    /// The gate of a server bound to `bound` (its real port), allowing `origins` too.
    pub fn new(bound: SocketAddr, origins: Vec<String>) -> Gate {
        let port = bound.port();
        let ip = bound.ip();
        let mut hosts = if ip.is_loopback() || ip.is_unspecified() {
            vec![
                format!("127.0.0.1:{port}"),
                format!("localhost:{port}"),
                format!("[::1]:{port}"),
            ]
        } else {
            vec![authority(ip, port)]
        };
        if ip.is_loopback() && !hosts.contains(&authority(ip, port)) {
            hosts.push(authority(ip, port));
        }
        for o in &origins {
            if let Some((_, rest)) = o.split_once("://") {
                hosts.push(rest.to_string());
            }
        }
        Gate {
            home: format!("http://{}/", hosts[0]),
            hosts,
            origins,
            any_ip: ip.is_unspecified().then_some(port),
        }
    }

    /// Whether `host` (a `Host` value, or an origin without its scheme) is this server.
    fn is_own_host(&self, host: &str) -> bool {
        let h = host.trim().to_ascii_lowercase();
        let port_of = |h: &str| h.parse::<SocketAddr>().ok().map(|a| a.port());
        self.hosts.contains(&h)
            || self.any_ip.is_some_and(|p| port_of(&h) == Some(p))
            || (!h.contains(':') && self.hosts.contains(&format!("{h}:80")))
    }

    /// Whether `origin` may call the API: the page's own, or one allowed.
    fn is_allowed_origin(&self, origin: &str) -> bool {
        let o = origin.trim().trim_end_matches('/').to_ascii_lowercase();
        self.origins.contains(&o)
            || o.strip_prefix("http://")
                .is_some_and(|h| self.is_own_host(h))
    }

    /// `Ok` when the request may come in, else the 403 saying why and what to do.
    pub fn check(&self, method: &Method, headers: &HeaderMap) -> Result<(), ApiError> {
        let text = |name: header::HeaderName| headers.get(name).map(|v| v.to_str().unwrap_or("?"));
        let host = text(header::HOST).unwrap_or("");
        if !self.is_own_host(host) {
            return Err(ApiError::forbidden(format!(
                "refused: the Host header '{host}' is not this server's address ({}): open the page at {}, or allow another name for it with --allow-origin http://NAME:PORT",
                self.hosts.join(", "),
                self.home
            )));
        }
        let origin = text(header::ORIGIN);
        if let Some(o) = origin.filter(|o| !self.is_allowed_origin(o)) {
            return Err(ApiError::forbidden(format!(
                "refused: a page at '{o}' may not use this server, which answers its own page at {}; to allow that page, start gridsat serve with --allow-origin {o}",
                self.home
            )));
        }
        let site = headers.get("sec-fetch-site").and_then(|v| v.to_str().ok());
        let link = method == Method::GET
            && headers
                .get("sec-fetch-mode")
                .is_some_and(|v| v == "navigate");
        if site == Some("cross-site") && origin.is_none() && !link {
            return Err(ApiError::forbidden(format!(
                "refused: the browser says this request comes from another site (Sec-Fetch-Site: cross-site); open the page at {}, or allow the calling page with --allow-origin ORIGIN",
                self.home
            )));
        }
        Ok(())
    }
}

/// `Ok` when a POST says its body is JSON, else the 415.
fn json_content_type(headers: &HeaderMap) -> Result<(), ApiError> {
    let kind = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    let media = kind.split(';').next().unwrap_or("").trim();
    if media.eq_ignore_ascii_case("application/json") {
        return Ok(());
    }
    let got = if kind.is_empty() {
        "none".to_string()
    } else {
        format!("'{kind}'")
    };
    Err(ApiError {
        status: StatusCode::UNSUPPORTED_MEDIA_TYPE,
        message: format!(
            "the request body must be JSON sent with the header Content-Type: application/json (got {got})"
        ),
    })
}

/// The whole body, at most `max` bytes, arriving within `within`.
async fn read_body(body: Body, max: usize, within: Duration) -> Result<Bytes, ApiError> {
    let too_large = || ApiError {
        status: StatusCode::PAYLOAD_TOO_LARGE,
        message: format!("the request body is over the limit of {max} bytes"),
    };
    let read = async {
        let mut stream = body.into_data_stream();
        let mut buf = Vec::new();
        while let Some(chunk) = stream.next().await {
            let chunk =
                chunk.map_err(|e| ApiError::bad(format!("cannot read the request body: {e}")))?;
            if buf.len() + chunk.len() > max {
                return Err(too_large());
            }
            buf.extend_from_slice(&chunk);
        }
        Ok(Bytes::from(buf))
    };
    tokio::time::timeout(within, read)
        .await
        .map_err(|_| ApiError {
            status: StatusCode::REQUEST_TIMEOUT,
            message: format!(
                "the request body did not arrive within {} s",
                within.as_secs_f64()
            ),
        })?
}

/// The middleware: refuses what the gate refuses, and reads POST bodies in full (within
/// the idle timeout) before any handler sees them.
pub async fn guard(State(state): State<Arc<AppState>>, req: Request, next: Next) -> Response {
    if let Err(e) = state.gate.check(req.method(), req.headers()) {
        return e.into_response();
    }
    if req.method() != Method::POST {
        return next.run(req).await;
    }
    if let Err(e) = json_content_type(req.headers()) {
        return e.into_response();
    }
    let (parts, body) = req.into_parts();
    match read_body(body, super::MAX_BODY, state.idle_timeout).await {
        Ok(bytes) => {
            next.run(Request::from_parts(parts, Body::from(bytes)))
                .await
        }
        Err(e) => e.into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn host_ok(g: &Gate, host: &str) -> bool {
        let mut h = HeaderMap::new();
        h.insert(header::HOST, host.parse().unwrap());
        g.check(&Method::POST, &h).is_ok()
    }

    #[test]
    fn the_names_accepted_follow_the_bound_address() {
        let lo = Gate::new("127.0.0.1:8080".parse().unwrap(), vec![]);
        assert!(host_ok(&lo, "localhost:8080") && host_ok(&lo, "[::1]:8080"));
        assert!(!host_ok(&lo, "192.168.1.5:8080") && !host_ok(&lo, "localhost"));
        let lan = Gate::new("192.168.1.5:8080".parse().unwrap(), vec![]);
        assert!(host_ok(&lan, "192.168.1.5:8080"));
        assert!(!host_ok(&lan, "localhost:8080") && !host_ok(&lan, "mybox.lan:8080"));
        let any = Gate::new("0.0.0.0:8080".parse().unwrap(), vec![]);
        assert!(host_ok(&any, "10.0.0.7:8080") && host_ok(&any, "localhost:8080"));
        assert!(!host_ok(&any, "10.0.0.7:9090") && !host_ok(&any, "rebound.example:8080"));
        let web = Gate::new("127.0.0.1:80".parse().unwrap(), vec![]);
        assert!(host_ok(&web, "localhost") && host_ok(&web, "127.0.0.1:80"));
        let named = Gate::new(
            "0.0.0.0:8080".parse().unwrap(),
            vec![parse_origin("http://MyBox.lan:8080/").unwrap()],
        );
        assert!(host_ok(&named, "mybox.lan:8080"));
    }

    #[test]
    fn origins_are_scheme_host_and_port_only() {
        assert_eq!(
            parse_origin("https://a.example/"),
            Ok("https://a.example".into())
        );
        for bad in [
            "a.example",
            "https://a.example/x",
            "file://",
            "https://u@a.example",
        ] {
            assert!(parse_origin(bad).is_err(), "{bad}");
        }
    }
}
