/**
 * The users file (AUTH_USERS_FILE, the htpasswd convention: `name:$2y$…` bcrypt hashes, as
 * `htpasswd -B` writes them) and the tokens file (ACCESS_TOKENS_FILE: `name:<sha-256 hex of the
 * token>`). Both are read at start; a line that is not of that shape stops the start with its line
 * number (never its content, which may be a secret). Passwords are checked with bcryptjs (pure
 * JavaScript, no native build: installs anywhere npm does); tokens are high-entropy, so a SHA-256
 * at rest suffices and is looked up in constant time per request.
 */
import bcrypt from 'bcryptjs';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

/** User names: what a proxy or a file may name (emails included); no separators, no controls. */
const USER_NAME = /^[A-Za-z0-9._@+-]{1,128}$/;
const BCRYPT = /^\$2[aby]\$(0[4-9]|[12]\d|3[01])\$[./A-Za-z0-9]{53}$/;
const SHA256_HEX = /^[0-9a-f]{64}$/;
/** Shortest token accepted (base64url of 24 random bytes is 32 characters). */
export const MIN_TOKEN_LENGTH = 32;
/** bcrypt reads at most 72 bytes; longer input is refused rather than silently cut. */
const MAX_PASSWORD_BYTES = 72;

export function isUserName(name: string): boolean {
  return USER_NAME.test(name);
}

function lines(text: string): { line: string; number: number }[] {
  return text
    .split(/\r?\n/)
    .map((line, index) => ({ line: line.trim(), number: index + 1 }))
    .filter(({ line }) => line !== '' && !line.startsWith('#'));
}

function entries(text: string, file: string, valid: RegExp): [string, string][] {
  const pairs: [string, string][] = [];
  for (const { line, number } of lines(text)) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon);
    const secret = line.slice(colon + 1);
    if (colon < 1 || !isUserName(name) || !valid.test(secret)) throw new Error(`${file}: line ${number} is not name:hash of the expected kind`);
    pairs.push([name, secret]);
  }
  return pairs;
}

export class UserFile {
  private readonly hashes: Map<string, string>;
  /** Compared against when the user is unknown (another user's hash: the same cost), so timing does not tell known names from unknown. */
  private readonly decoy: string | undefined;

  constructor(text: string, file = 'AUTH_USERS_FILE') {
    this.hashes = new Map(entries(text, file, BCRYPT));
    this.decoy = this.hashes.values().next().value;
  }

  static read(path: string): UserFile {
    return new UserFile(readFileSync(path, 'utf8'), path);
  }

  get size(): number {
    return this.hashes.size;
  }

  /** Whether `password` is `user`'s; unknown users and overlong passwords are false, at bcrypt's cost. */
  async verify(user: string, password: string): Promise<boolean> {
    const hash = this.hashes.get(user);
    const against = hash ?? this.decoy;
    if (against === undefined) return false;
    const tooLong = Buffer.byteLength(password) > MAX_PASSWORD_BYTES;
    const matches = await bcrypt.compare(tooLong ? '' : password, against);
    return hash !== undefined && !tooLong && matches;
  }
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

export class TokenFile {
  /** sha-256 hex → user. */
  private readonly users = new Map<string, string>();

  constructor(text: string, file = 'ACCESS_TOKENS_FILE') {
    // One user may hold several tokens (one per script).
    for (const [user, hash] of entries(text, file, SHA256_HEX)) this.users.set(hash, user);
  }

  static read(path: string): TokenFile {
    return new TokenFile(readFileSync(path, 'utf8'), path);
  }

  get size(): number {
    return this.users.size;
  }

  /** The user a presented token acts for, or undefined. */
  userOf(token: string): string | undefined {
    if (token.length < MIN_TOKEN_LENGTH || token.length > 512) return undefined;
    // A lookup by the digest: what leaks through timing is about the digest, not the token.
    return this.users.get(sha256Hex(token));
  }
}
