//! A minimal ustar writer (regular files only, names under 100 bytes) and base64: what
//! a certificate bundle needs, written here rather than pulled in as dependencies.

/// One 512-byte ustar header for a regular file `name` of `size` bytes.
fn header(name: &str, size: u64) -> [u8; 512] {
    let mut h = [0u8; 512];
    h[..name.len()].copy_from_slice(name.as_bytes());
    let octal = |h: &mut [u8; 512], at: usize, width: usize, value: u64| {
        let text = format!("{value:0w$o}\0", w = width - 1);
        h[at..at + width].copy_from_slice(text.as_bytes());
    };
    octal(&mut h, 100, 8, 0o644); // mode
    octal(&mut h, 108, 8, 0); // uid
    octal(&mut h, 116, 8, 0); // gid
    octal(&mut h, 124, 12, size);
    octal(&mut h, 136, 12, 0); // mtime
    h[148..156].copy_from_slice(b"        "); // checksum, counted as spaces
    h[156] = b'0'; // a regular file
    h[257..263].copy_from_slice(b"ustar\0");
    h[263..265].copy_from_slice(b"00");
    let sum: u64 = h.iter().map(|&b| u64::from(b)).sum();
    let text = format!("{sum:06o}\0 ");
    h[148..156].copy_from_slice(text.as_bytes());
    h
}

/// The bytes a tar of `files` takes: a header and the content rounded up to 512 each,
/// and the two zero blocks that end the archive.
pub fn tar_size(files: &[(String, u64)]) -> u64 {
    files
        .iter()
        .map(|(_, n)| 512 + n.div_ceil(512) * 512)
        .sum::<u64>()
        + 1024
}

/// A tar archive of `files` (`name`, content), in order. Names are plain and short
/// (`puzzle-1.drat`): longer than 99 bytes is a bug of the caller.
pub fn tar(files: &[(String, Vec<u8>)]) -> Vec<u8> {
    let sizes: Vec<(String, u64)> = files
        .iter()
        .map(|(n, c)| (n.clone(), c.len() as u64))
        .collect();
    let mut out = Vec::with_capacity(tar_size(&sizes) as usize);
    for (name, content) in files {
        assert!(name.len() < 100, "a tar name over 99 bytes: {name}");
        out.extend_from_slice(&header(name, content.len() as u64));
        out.extend_from_slice(content);
        out.resize(out.len().div_ceil(512) * 512, 0);
    }
    out.resize(out.len() + 1024, 0);
    out
}

/// `bytes` in standard base64 with padding.
pub fn base64(bytes: &[u8]) -> String {
    const ABC: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for k in 0..4 {
            if k <= chunk.len() {
                out.push(ABC[(n >> (18 - 6 * k) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_matches_the_rfc_examples() {
        // RFC 4648, section 10.
        for (plain, coded) in [
            ("", ""),
            ("f", "Zg=="),
            ("fo", "Zm8="),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg=="),
            ("fooba", "Zm9vYmE="),
            ("foobar", "Zm9vYmFy"),
        ] {
            assert_eq!(base64(plain.as_bytes()), coded, "{plain}");
        }
    }

    #[test]
    fn the_system_tar_reads_the_archive_back() {
        let Ok(out) = std::process::Command::new("tar").arg("--version").output() else {
            eprintln!("skipped: no tar on this machine");
            return;
        };
        assert!(out.status.success());
        let files = vec![
            ("manifest.txt".to_string(), b"entry puzzle-1\n".to_vec()),
            ("puzzle-1.drat".to_string(), vec![b'x'; 1000]),
            ("empty".to_string(), Vec::new()),
        ];
        let bytes = tar(&files);
        let sizes: Vec<(String, u64)> = files
            .iter()
            .map(|(n, c)| (n.clone(), c.len() as u64))
            .collect();
        assert_eq!(bytes.len() as u64, tar_size(&sizes));
        let dir = tempfile::tempdir().unwrap();
        let archive = dir.path().join("b.tar");
        std::fs::write(&archive, &bytes).unwrap();
        let st = std::process::Command::new("tar")
            .arg("-xf")
            .arg(&archive)
            .arg("-C")
            .arg(dir.path())
            .status()
            .unwrap();
        assert!(st.success());
        for (name, content) in &files {
            assert_eq!(
                &std::fs::read(dir.path().join(name)).unwrap(),
                content,
                "{name}"
            );
        }
    }
}
