//! Certificate bundles: a solve request with `"certify": true` gets, in its answer's
//! `certificate` member, the files `--certify DIR` writes (the same library writer, into
//! a private temporary folder removed afterwards) as a base64 tar, with what it holds.
//! Unpacked into a folder, `gridsat check-certificate` checks it. A bundle over
//! [`MAX_BUNDLE`] is refused with 413 before its files are read.

mod tar;

use super::error::ApiError;
use axum::http::StatusCode;
use gridsat_sat::solver::{CertificateFolder, Certified};
use serde::Serialize;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// The largest tar a response carries (its base64 text is a third more).
pub const MAX_BUNDLE: u64 = 16 << 20;

/// Removes the `certify` member of a request object: whether a bundle was asked for.
/// Anything but `true`, `false` or no member is a 400.
pub fn take_certify(request: &mut Value) -> Result<bool, ApiError> {
    let Some(object) = request.as_object_mut() else {
        return Ok(false);
    };
    match object.remove("certify") {
        None | Some(Value::Bool(false)) => Ok(false),
        Some(Value::Bool(true)) => Ok(true),
        Some(_) => Err(ApiError::bad("certify: true or false")),
    }
}

/// The `certificate` member of an answer: schema in `docs/guide/certificates.md`.
#[derive(Debug, Serialize)]
pub struct CertificateJson {
    /// `tar`.
    format: &'static str,
    /// `base64`.
    encoding: &'static str,
    /// The claim certified (`unique`, `optimal 8`).
    claim: String,
    /// Clauses of the formula (0 without one).
    clauses: usize,
    /// Bytes of the DRAT proof or the push-state closure (0 without one).
    proof_bytes: u64,
    /// Positions of a Sokoban push-state closure, when one backs the claim.
    #[serde(skip_serializing_if = "Option::is_none")]
    positions: Option<usize>,
    /// The horizon refuted (Sokoban: pushes − 1), when there is a proof.
    #[serde(skip_serializing_if = "Option::is_none")]
    horizon: Option<usize>,
    /// The files in the tar, in order (`manifest.txt` first).
    files: Vec<String>,
    /// Bytes of the tar.
    bytes: u64,
    /// The tar, base64.
    data: String,
}

/// A private folder under the system's temporary folder, removed when dropped.
pub struct TempFolder(PathBuf);

impl TempFolder {
    /// A new folder, created here (never one that was there before).
    pub fn new() -> Result<TempFolder, ApiError> {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let base = std::env::temp_dir();
        for _ in 0..16 {
            let n = NEXT.fetch_add(1, Ordering::Relaxed);
            let nanos = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.subsec_nanos());
            let dir = base.join(format!("gridsat-bundle-{}-{n}-{nanos}", std::process::id()));
            match std::fs::create_dir(&dir) {
                Ok(()) => return Ok(TempFolder(dir)),
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
                Err(e) => return Err(ApiError::internal(format!("cannot make a folder: {e}"))),
            }
        }
        Err(ApiError::internal("cannot make a temporary folder"))
    }

    /// The folder.
    pub fn path(&self) -> &Path {
        &self.0
    }

    /// The certificate folder in it, with its manifest's `header`.
    pub fn certificate(&self, header: &str) -> Result<CertificateFolder, ApiError> {
        CertificateFolder::create(&self.0, false, header)
            .map_err(|e| ApiError::internal(e.to_string()))
    }
}

impl Drop for TempFolder {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The bundle of the certificate folder `dir`, whose one entry is `c`: 413 when its tar
/// would be over [`MAX_BUNDLE`] (the files are measured before they are read).
pub fn bundle(
    dir: &Path,
    c: &Certified,
    horizon: Option<usize>,
) -> Result<CertificateJson, ApiError> {
    let io = |e: std::io::Error| ApiError::internal(format!("certificate bundle: {e}"));
    let mut sizes = Vec::new();
    for entry in std::fs::read_dir(dir).map_err(io)? {
        let entry = entry.map_err(io)?;
        let meta = entry.metadata().map_err(io)?;
        sizes.push((entry.file_name().to_string_lossy().into_owned(), meta.len()));
    }
    // manifest.txt first, then by name: the same bundle for the same certificate.
    sizes.sort_by_key(|(n, _)| (n != "manifest.txt", n.clone()));
    let bytes = tar::tar_size(&sizes);
    if bytes > MAX_BUNDLE {
        return Err(ApiError {
            status: StatusCode::PAYLOAD_TOO_LARGE,
            message: format!(
                "the certificate is {:.1} MB, over the server's limit of {} MB for a bundle: \
                 write it with `gridsat … solve --certify DIR` instead",
                bytes as f64 / f64::from(1 << 20),
                MAX_BUNDLE >> 20
            ),
        });
    }
    let mut files = Vec::new();
    for (name, _) in &sizes {
        files.push((name.clone(), std::fs::read(dir.join(name)).map_err(io)?));
    }
    let archive = tar::tar(&files);
    Ok(CertificateJson {
        format: "tar",
        encoding: "base64",
        claim: c.claim.clone(),
        clauses: c.clauses,
        proof_bytes: c.proof_bytes,
        positions: (c.positions > 0).then_some(c.positions),
        horizon,
        files: sizes.into_iter().map(|(n, _)| n).collect(),
        bytes: archive.len() as u64,
        data: tar::base64(&archive),
    })
}

/// A solve answer as sent: the report's own members, then `certificate` (the bundle,
/// when one was asked for and made) or `certificate_error` (asked for, and why there is
/// none). Without `certify` it serializes exactly as the report alone.
#[derive(Debug, Serialize)]
pub struct Certifiable<T> {
    /// The report (`solve --json`'s object).
    #[serde(flatten)]
    pub answer: T,
    /// The bundle of the answer's certificate.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub certificate: Option<CertificateJson>,
    /// Why no certificate was made though one was asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub certificate_error: Option<String>,
}

impl<T> Certifiable<T> {
    /// The answer without certificate members (none was asked for).
    pub fn plain(answer: T) -> Self {
        Certifiable {
            answer,
            certificate: None,
            certificate_error: None,
        }
    }

    /// The answer with its certificate bundle.
    pub fn certified(answer: T, bundle: CertificateJson) -> Self {
        Certifiable {
            certificate: Some(bundle),
            ..Certifiable::plain(answer)
        }
    }

    /// The answer with a `certificate_error`: certification was asked for, and `why`
    /// there is none.
    pub fn refused(answer: T, why: &str) -> Self {
        Certifiable {
            certificate_error: Some(why.to_string()),
            ..Certifiable::plain(answer)
        }
    }
}
