// A certificate bundle from `"certify": true` answers: the `certificate` member (a
// base64 ustar of the files `--certify DIR` writes) offered as a download, with what it
// claims in words. The page does not check it: `gridsat check-certificate DIR` does,
// after `tar -xf`.

/** The `certificate` member of a solve answer (`docs/guide/certificates.md`).
 * @typedef {object} Certificate
 * @property {string} format `tar`
 * @property {string} encoding `base64`
 * @property {string} claim `unique`, `unsat`, `optimal 8`, …
 * @property {number} clauses
 * @property {number} proof_bytes
 * @property {number} [horizon] the horizon refuted (Sokoban)
 * @property {number} [positions] positions of a push-state closure (Sokoban)
 * @property {string[]} files
 * @property {number} bytes
 * @property {string} data
 */

/** The bundle's bytes.
 * @param {string} data base64
 * @returns {Uint8Array<ArrayBuffer>}
 */
function decode(data) {
  const text = atob(data);
  const out = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i);
  return out;
}

/** @param {number} n @returns {string} */
function size(n) {
  return n < 10240 ? `${n} B` : `${Math.round(n / 1024)} KB`;
}

/** Shows `cert` on `link` (an `<a download>`): its claim, the horizon and proof size
 *  when there is a proof, and the tar to download; or `error` (why there is none);
 *  or hides the link when neither is given.
 * @param {HTMLAnchorElement} link
 * @param {Certificate | undefined} cert
 * @param {string | undefined} error
 */
export function offerCertificate(link, cert, error) {
  if (link.href.startsWith("blob:")) URL.revokeObjectURL(link.href);
  link.removeAttribute("href");
  link.hidden = !cert && !error;
  if (!cert) {
    link.textContent = error ? `no certificate: ${error}` : "";
    return;
  }
  const blob = new Blob([decode(cert.data)], { type: "application/x-tar" });
  link.href = URL.createObjectURL(blob);
  const what = cert.positions ? `closure of ${cert.positions} positions` : "proof";
  const proof = cert.proof_bytes
    ? `, ${cert.horizon !== undefined ? `horizon ${cert.horizon} refuted, ` : ""}${what} ${size(cert.proof_bytes)}` : "";
  link.textContent = `certificate: ${cert.claim}${proof} — download (${cert.files.length} files, ${size(cert.bytes)})`;
}
