import { createHash, createSign, generateKeyPairSync, type KeyObject, randomBytes } from 'node:crypto';

/**
 * A software passkey authenticator (a "platform authenticator" in a few lines of node:crypto), so
 * the server's WebAuthn checks run on real answers: an ES256 key pair, authenticator data built
 * byte by byte as WebAuthn §6.1 lays it out, 'none' attestation in CBOR, and ECDSA signatures over
 * authenticatorData ‖ sha256(clientDataJSON). The flags and the counter can be set per answer so the
 * tests can send what a faulty or hostile authenticator would.
 */

const b64u = (b: Uint8Array | string) => Buffer.from(b).toString('base64url');
const sha256 = (b: Uint8Array | string) => createHash('sha256').update(b).digest();

/** The CBOR subset WebAuthn needs (RFC 8949): unsigned/negative ints, byte and text strings, maps. */
function cbor(value: unknown): Buffer {
  const head = (major: number, n: number) => {
    if (n < 24) return Buffer.from([(major << 5) | n]);
    if (n < 0x100) return Buffer.from([(major << 5) | 24, n]);
    if (n < 0x10000) return Buffer.from([(major << 5) | 25, n >> 8, n & 0xff]);
    const b = Buffer.alloc(5);
    b[0] = (major << 5) | 26;
    b.writeUInt32BE(n, 1);
    return b;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  if (value instanceof Map) {
    const parts: Uint8Array[] = [head(5, value.size)];
    for (const [k, v] of value) parts.push(cbor(k), cbor(v));
    return Buffer.concat(parts);
  }
  throw new Error(`cbor: cannot encode ${typeof value}`);
}

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_BE = 0x08;
const FLAG_BS = 0x10;
const FLAG_AT = 0x40;

export interface AnswerOptions {
  /** The page origin the browser would report (default: the authenticator's). */
  origin?: string;
  /** User verified (PIN, biometrics): default true. */
  uv?: boolean;
  /** The signature counter to report (default: one more than the last). */
  counter?: number;
}

interface CreationOptions {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
}
interface RequestOptions {
  challenge: string;
  rpId?: string;
}

export class SoftAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly cose: Buffer;
  private counter = 0;
  private userHandle = '';
  private rpId = '';

  constructor(
    readonly origin: string,
    /** A synced passkey sets the backup flags. */
    private readonly synced = false,
  ) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = privateKey;
    const jwk = publicKey.export({ format: 'jwk' });
    // COSE_Key: kty EC2 (2), alg ES256 (-7), crv P-256 (1), x, y.
    this.cose = cbor(
      new Map<number, unknown>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x ?? '', 'base64url')],
        [-3, Buffer.from(jwk.y ?? '', 'base64url')],
      ]),
    );
  }

  get id(): string {
    return b64u(this.credentialId);
  }

  private authData(rpId: string, flags: number, counter: number, attested?: Buffer): Buffer {
    const c = Buffer.alloc(4);
    c.writeUInt32BE(counter);
    const backup = this.synced ? FLAG_BE | FLAG_BS : 0;
    return Buffer.concat([sha256(rpId), Buffer.from([flags | backup]), c, ...(attested ? [attested] : [])]);
  }

  private clientData(type: string, challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** navigator.credentials.create(): the RegistrationResponseJSON a browser would send. */
  create(options: CreationOptions, a: AnswerOptions = {}) {
    this.rpId = options.rp.id ?? new URL(this.origin).hostname;
    this.userHandle = options.user.id;
    const idLen = Buffer.alloc(2);
    idLen.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLen, this.credentialId, this.cose]);
    const flags = FLAG_UP | FLAG_AT | (a.uv === false ? 0 : FLAG_UV);
    const authData = this.authData(this.rpId, flags, a.counter ?? this.counter, attested);
    const attestationObject = cbor(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64u(this.clientData('webauthn.create', options.challenge, a.origin ?? this.origin)),
        attestationObject: b64u(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** navigator.credentials.get(): the AuthenticationResponseJSON a browser would send. */
  get(options: RequestOptions, a: AnswerOptions = {}) {
    const counter = a.counter ?? this.counter + 1;
    this.counter = Math.max(this.counter, counter);
    const flags = FLAG_UP | (a.uv === false ? 0 : FLAG_UV);
    const authData = this.authData(options.rpId ?? this.rpId, flags, counter);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, a.origin ?? this.origin);
    const signature = createSign('sha256')
      .update(Buffer.concat([authData, sha256(clientDataJSON)]))
      .sign(this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64u(clientDataJSON),
        authenticatorData: b64u(authData),
        signature: b64u(signature),
        userHandle: this.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}
