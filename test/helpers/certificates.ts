import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import path from 'node:path';
import tls from 'node:tls';
import { tempDataDir } from './app.ts';

/** Debian's openssl, as a web person would make a test certificate. */
function openssl(args: string[], cwd: string): void {
  const result = spawnSync('openssl', args, { cwd, encoding: 'utf8' });
  if (result.error) throw new Error(`openssl is needed to make test certificates (apt-get install openssl): ${result.error.message}`);
  if (result.status !== 0) throw new Error(`openssl ${args.join(' ')} failed: ${result.stderr}`);
}

/** A certificate authority of the test's own: clients trust it, and it signs as many server certificates as a test needs. */
export class TestCa {
  readonly dir: string;
  readonly cert: string;
  #serial = 0;

  constructor() {
    this.dir = tempDataDir();
    openssl(
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:P-256',
        '-nodes',
        '-keyout',
        'ca.key',
        '-out',
        'ca.pem',
        '-days',
        '30',
        '-subj',
        '/CN=booking-api test CA',
      ],
      this.dir,
    );
    this.cert = fs.readFileSync(path.join(this.dir, 'ca.pem'), 'utf8');
  }

  /**
   * A server certificate for 127.0.0.1 and localhost and its key, as two PEM texts (`name` is its
   * common name, so tests can tell two apart).
   */
  issue(name: string): { cert: string; key: string } {
    const id = `leaf-${++this.#serial}`;
    openssl(
      [
        'req',
        '-new',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:P-256',
        '-nodes',
        '-keyout',
        `${id}.key`,
        '-out',
        `${id}.csr`,
        '-subj',
        `/CN=${name}`,
      ],
      this.dir,
    );
    fs.writeFileSync(path.join(this.dir, `${id}.ext`), 'subjectAltName=IP:127.0.0.1,DNS:localhost\n');
    openssl(
      [
        'x509',
        '-req',
        '-in',
        `${id}.csr`,
        '-CA',
        'ca.pem',
        '-CAkey',
        'ca.key',
        '-set_serial',
        String(1000 + this.#serial),
        '-days',
        '30',
        '-extfile',
        `${id}.ext`,
        '-out',
        `${id}.pem`,
      ],
      this.dir,
    );
    return {
      cert: fs.readFileSync(path.join(this.dir, `${id}.pem`), 'utf8'),
      key: fs.readFileSync(path.join(this.dir, `${id}.key`), 'utf8'),
    };
  }
}

/** The common name of the certificate a new TLS connection to `url` is served, checked against `ca`. */
export function servedName(url: string, ca: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = tls.connect({ host: hostname, port: Number(port), ca }, () => {
      const subject = socket.getPeerCertificate().subject;
      socket.end();
      resolve(String(subject?.CN));
    });
    socket.once('error', reject);
  });
}

/** A GET over HTTPS trusting `ca`, as a browser that trusts it would send it. */
export function httpsGet(
  url: string,
  ca: string,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }> {
  return new Promise((resolve, reject) => {
    const request = https.get(url, { ca, agent: false }, (response) => {
      let text = '';
      response.setEncoding('utf8').on('data', (chunk) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text }));
    });
    request.once('error', reject);
  });
}
