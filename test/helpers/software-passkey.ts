import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const b64 = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

/**
 * A passkey made in the test process, for the API's own tests (the OpenAPI answers): a P-256 key,
 * authenticator data and 'none' attestation built as WebAuthn Level 3 lays them out, signed for
 * real, so the server checks them exactly as it checks a browser's. The page's own ceremony is
 * tested in Chromium with its virtual authenticator (test/passkeys.test.ts).
 */
export class SoftwarePasskey {
  readonly #keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  readonly #id = randomBytes(16);
  readonly #rpId: string;
  readonly #origin: string;
  #count = 0;

  constructor(origin: string) {
    this.#origin = origin;
    this.#rpId = new URL(origin).hostname;
  }

  #clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin: this.#origin, crossOrigin: false }));
  }

  /** The answer navigator.credentials.create would give to `options`, as JSON. */
  register(options: { challenge: string }) {
    const jwk = this.#keys.publicKey.export({ format: 'jwk' });
    const coseKey = new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]);
    const length = Buffer.alloc(2);
    length.writeUInt16BE(this.#id.length);
    const authData = Buffer.concat([
      sha256(this.#rpId),
      Buffer.from([0x45]), // user present, user verified, attested credential data
      Buffer.alloc(4),
      Buffer.alloc(16), // AAGUID
      length,
      this.#id,
      Buffer.from(isoCBOR.encode(coseKey as never)),
    ]);
    const attestation = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]) as never,
    );
    return {
      id: b64(this.#id),
      rawId: b64(this.#id),
      type: 'public-key',
      response: {
        clientDataJSON: b64(this.#clientData('webauthn.create', options.challenge)),
        attestationObject: b64(attestation),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** The answer navigator.credentials.get would give to `options`, as JSON. */
  authenticate(options: { challenge: string }) {
    this.#count += 1;
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.#count);
    const authData = Buffer.concat([sha256(this.#rpId), Buffer.from([0x05]), counter]);
    const clientData = this.#clientData('webauthn.get', options.challenge);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), this.#keys.privateKey);
    return {
      id: b64(this.#id),
      rawId: b64(this.#id),
      type: 'public-key',
      response: { clientDataJSON: b64(clientData), authenticatorData: b64(authData), signature: b64(signature) },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}
