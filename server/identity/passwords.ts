import { createHash, randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Passwords with Node's own scrypt (no dependency), at OWASP's parameters: N=2^17, r=8, p=1, a 16-byte
 * salt, a 32-byte key. The parameters are stored with each hash (`scrypt$N$r$p$salt$hash`), so a hash
 * verifies with the cost it was made with. Tests lower N through CREDITSCOPE_TEST_SCRYPT_LOG_N, which is
 * read only under Vitest: a production server always hashes at 2^17.
 */
const PRODUCTION_LOG_N = 17;
const R = 8;
const P = 1;
const KEY_BYTES = 32;

export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 256;

function logN(): number {
  const test = process.env.VITEST ? Number(process.env.CREDITSCOPE_TEST_SCRYPT_LOG_N) : NaN;
  return Number.isInteger(test) && test >= 4 && test < PRODUCTION_LOG_N ? test : PRODUCTION_LOG_N;
}

/** More password work than this is waiting: the try is refused at once, to be made again in a moment. */
export class PasswordsBusy extends Error {
  constructor() {
    super('too many passwords are being checked at once');
  }
}

/**
 * How many scrypt runs at once, how many may wait their turn, and how many of those one address may hold. Each takes
 * 128 MB and a core for a few tenths of a second: a burst runs two at a time instead of filling every libuv thread
 * (which file reads need too); past a short queue, or past two from one address, a try is refused at once rather than
 * queued. So a burst from one place never puts more than two runs ahead of someone else's sign-in.
 */
export const PASSWORD_WORK = { running: 2, waiting: 16, perAddress: 2 };
let running = 0;
const queue: (() => void)[] = [];
const byAddress = new Map<string, number>();

async function inTurn<T>(from: string | undefined, work: () => Promise<T>): Promise<T> {
  const theirs = from === undefined ? 0 : (byAddress.get(from) ?? 0);
  const full = running >= PASSWORD_WORK.running && queue.length >= PASSWORD_WORK.waiting;
  if (theirs >= PASSWORD_WORK.perAddress || full) throw new PasswordsBusy();
  if (from !== undefined) byAddress.set(from, theirs + 1);
  try {
    if (running >= PASSWORD_WORK.running) await new Promise<void>((resolve) => queue.push(resolve));
    else running += 1;
    try {
      return await work();
    } finally {
      // The turn passes straight to the next in line (running stays the same), or is given back.
      const next = queue.shift();
      if (next) next();
      else running -= 1;
    }
  } finally {
    if (from !== undefined) {
      const left = (byAddress.get(from) ?? 1) - 1;
      if (left > 0) byAddress.set(from, left);
      else byAddress.delete(from);
    }
  }
}

/** scrypt's key for `password`, in turn (`from`: the address asking, none for the server's own dummy hash). */
function derive(password: string, salt: Buffer, n: number, r: number, p: number, from?: string): Promise<Buffer> {
  // 128·N·r bytes of memory: 128 MB at N=2^17, over Node's 32 MB default maxmem.
  const options: ScryptOptions = { N: n, r, p, maxmem: 256 * n * r + 1024 * 1024 };
  return inTurn(
    from,
    () =>
      new Promise((resolve, reject) =>
        scrypt(password.normalize('NFC'), salt, KEY_BYTES, options, (error, key) =>
          error ? reject(error) : resolve(key),
        ),
      ),
  );
}

export async function hashPassword(password: string, from?: string): Promise<string> {
  const n = 2 ** logN();
  const salt = randomBytes(16);
  const key = await derive(password, salt, n, R, P, from);
  return `scrypt$${n}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

/** A hash of nothing anyone knows, made once: an unknown name costs the same time as a known one. */
let dummy: Promise<string> | null = null;
const dummyHash = () =>
  (dummy ??= hashPassword(randomBytes(32).toString('hex')).catch((error: unknown) => {
    dummy = null; // made at a busy moment: made on a later try instead
    throw error;
  }));

/**
 * Whether `password` is the one `stored` was made from, compared in constant time. With no stored hash (no
 * such person, or no password chosen yet) it still runs scrypt once, on a dummy hash, and answers false.
 */
export async function verifyPassword(password: string, stored: string | null, from?: string): Promise<boolean> {
  const hash = stored ?? (await dummyHash());
  const parts = hash.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [n, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  const salt = Buffer.from(parts[4]!, 'base64');
  const expected = Buffer.from(parts[5]!, 'base64');
  const key = await derive(password, salt, n, r, p, from);
  return key.length === expected.length && timingSafeEqual(key, expected) && stored !== null;
}

/** Why a new password is refused (OWASP: at least 12 characters, a generous maximum), or null. */
export function passwordProblem(password: unknown): string | null {
  if (typeof password !== 'string') return 'Choose a password.';
  const length = [...password].length;
  if (length < PASSWORD_MIN) return `Choose a password of at least ${PASSWORD_MIN} characters.`;
  if (length > PASSWORD_MAX) return `Choose a password of at most ${PASSWORD_MAX} characters.`;
  return null;
}

/** A random secret for a cookie, an invite or a key: 32 bytes, URL-safe. */
export const newSecret = () => randomBytes(32).toString('base64url');

/**
 * How a secret is stored: its SHA-256. These are 256 random bits, not passwords, so a fast hash is enough, and
 * a stolen table cannot be replayed as cookies or keys.
 */
export const secretHash = (secret: string) => createHash('sha256').update(secret).digest('hex');
