import { createHash, createPrivateKey, X509Certificate, type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import tls from 'node:tls';

/** The files of BOOKING_TLS_CERT and BOOKING_TLS_KEY. */
export interface TlsFiles {
  readonly cert: string;
  readonly key: string;
}

/** A certificate and the key that belongs to it, read from their files and checked. */
export interface TlsPair {
  readonly cert: Buffer;
  readonly key: Buffer;
  /** Who the certificate is for, as a person reads it: its names (subjectAltName), else its subject. */
  readonly names: string;
  readonly validTo: Date;
  /** SHA-256 over both files: the same pair read twice gives the same. */
  readonly fingerprint: string;
}

/** A certificate or key that cannot be served, said in one line the salon's web person can act on. */
export class TlsFilesError extends Error {}

const CERT_PEM = '-----BEGIN CERTIFICATE-----';
const KEY_PEM = /-----BEGIN (?:RSA |EC |ENCRYPTED )?PRIVATE KEY-----/;

/** Reads both files and checks that they are PEM, that the key is readable and that it belongs to the certificate. */
export function readTlsPair(files: TlsFiles): TlsPair {
  const cert = readFile(files.cert, 'certificate');
  const key = readFile(files.key, 'key');
  const certText = cert.toString('latin1');
  const keyText = key.toString('latin1');
  if (!certText.includes(CERT_PEM)) {
    const swapped = KEY_PEM.test(certText) && keyText.includes(CERT_PEM) ? ' (it holds a key: are the two files swapped?)' : '';
    throw new TlsFilesError(`the TLS certificate file ${files.cert} holds no PEM certificate ("${CERT_PEM}")${swapped}`);
  }
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(cert);
  } catch (error) {
    throw new TlsFilesError(`the TLS certificate file ${files.cert} cannot be read as a certificate: ${reason(error)}`);
  }
  const privateKey = parseKey(key, files.key);
  if (!certificate.checkPrivateKey(privateKey)) {
    throw new TlsFilesError(`the TLS key ${files.key} does not belong to the certificate ${files.cert}`);
  }
  try {
    tls.createSecureContext({ cert, key });
  } catch (error) {
    throw new TlsFilesError(`the TLS certificate ${files.cert} and key ${files.key} cannot be served: ${reason(error)}`);
  }
  return {
    cert,
    key,
    names: certificate.subjectAltName?.replaceAll('DNS:', '').replaceAll('IP Address:', '') ?? certificate.subject,
    validTo: new Date(certificate.validTo),
    fingerprint: createHash('sha256').update(cert).update('\0').update(key).digest('hex'),
  };
}

function readFile(file: string, what: 'certificate' | 'key'): Buffer {
  try {
    return fs.readFileSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const name = `the TLS ${what} file ${file}`;
    if (code === 'ENOENT') throw new TlsFilesError(`${name} does not exist`);
    if (code === 'EACCES' || code === 'EPERM') {
      throw new TlsFilesError(`${name} cannot be read: permission denied to the user running booking-api`);
    }
    if (code === 'EISDIR') throw new TlsFilesError(`${name} is a folder; give the file in it`);
    throw new TlsFilesError(`${name} cannot be read: ${reason(error)}`);
  }
}

function parseKey(key: Buffer, file: string): KeyObject {
  const text = key.toString('latin1');
  if (!KEY_PEM.test(text)) throw new TlsFilesError(`the TLS key file ${file} holds no PEM private key ("-----BEGIN PRIVATE KEY-----")`);
  try {
    return createPrivateKey(key);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ERR_MISSING_PASSPHRASE' || text.includes('ENCRYPTED')) {
      throw new TlsFilesError(
        `the TLS key file ${file} is protected by a passphrase; give it without one (openssl pkey -in ${file} -out plain-key.pem)`,
      );
    }
    throw new TlsFilesError(`the TLS key file ${file} cannot be read as a private key: ${reason(error)}`);
  }
}

function reason(error: unknown): string {
  return (error as Error)?.message ?? String(error);
}
