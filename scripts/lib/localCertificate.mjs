// A certificate for serving this machine's own build over HTTPS, as a deployment serves it: browsers
// speak HTTP/2 only over TLS, and a phone's first view over HTTP/1.1 waits on six connections per
// origin where a CDN gives it one multiplexed connection. Made once per process (OpenSSL, one P-256
// key, valid two days, for localhost only) and trusted by the Chromium this process launches by its
// key alone (chromiumTrust), never by the system.
import { execFileSync } from 'node:child_process';
import { createHash, createPublicKey } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** @type {{ key: Buffer, cert: Buffer, spki: string } | null} */
let made = null;

/** The process's localhost certificate, made on first use: its key and certificate (PEM) and its key's SHA-256 (base64). */
export function localCertificate() {
  if (made) return made;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'steward-tls-'));
  try {
    const keyFile = path.join(dir, 'key.pem');
    const certFile = path.join(dir, 'cert.pem');
    try {
      execFileSync(
        'openssl',
        ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2', '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1', '-keyout', keyFile, '-out', certFile],
        { stdio: 'pipe' },
      );
    } catch (error) {
      const detail = /** @type {NodeJS.ErrnoException} */ (error).code === 'ENOENT' ? 'openssl is not installed (Debian: apt-get install openssl)' : String(/** @type {{ stderr?: Buffer }} */ (error).stderr ?? error);
      throw new Error(`Could not make a localhost certificate for HTTPS: ${detail}`);
    }
    const cert = readFileSync(certFile);
    const spki = createHash('sha256').update(createPublicKey(cert).export({ type: 'spki', format: 'der' })).digest('base64');
    made = { key: readFileSync(keyFile), cert, spki };
    return made;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Chromium's flags that trust this process's certificate (by its key), if it made one; none otherwise. */
export function chromiumTrust() {
  return made ? [`--ignore-certificate-errors-spki-list=${made.spki}`] : [];
}
