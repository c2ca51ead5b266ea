/**
 * A 64-bit FNV-1a fingerprint (two 32-bit lanes) for change detection on the hook path, where
 * loading node:crypto (OpenSSL) would cost more memory and time than the hashing itself.
 * Not for security: only to notice that bytes changed.
 */
export function fingerprint(data: Uint8Array | string): string {
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  let low = 0x811c9dc5;
  let high = 0xcbf29ce4;
  for (let index = 0; index < bytes.length; index += 1) {
    const byte = bytes[index]!;
    low = Math.imul(low ^ byte, 0x01000193) >>> 0;
    high = Math.imul(high ^ byte ^ (low >>> 24), 0x01000193) >>> 0;
  }
  return low.toString(16).padStart(8, '0') + high.toString(16).padStart(8, '0');
}

type Hash = { update(data: string | Uint8Array): Hash; digest(encoding: 'hex'): string };
type HashModule = {
  hash?: (algorithm: string, data: string | Uint8Array, encoding: 'hex') => string;
  createHash(algorithm: string): Hash;
};

/** Inputs from this size on are hashed natively: the JS loop above costs ~4 ms per MiB, SHA-1 in OpenSSL a few hundred µs. */
const NATIVE_FROM = 64 * 1024;

/**
 * A fingerprint of a possibly large text (the shared memory's working copy and renderings reach
 * megabytes at 20,000 entries): FNV-1a as above for small inputs, SHA-1 (`s` + hex) from 64 KiB,
 * where node:crypto's load is paid back many times. Loaded lazily, so small-input callers on the
 * hook path never load it. Not for security either.
 */
export function textFingerprint(text: string): string {
  if (text.length < NATIVE_FROM) return fingerprint(text);
  const crypto = nativeCrypto();
  if (crypto === null) return fingerprint(text);
  return `s${crypto.hash ? crypto.hash('sha1', text, 'hex') : crypto.createHash('sha1').update(text).digest('hex')}`;
}

/** True when `hash` is `text`'s fingerprint, by textFingerprint or by the plain fingerprint written before it (saved state stays valid). */
export function matchesTextFingerprint(hash: string | undefined, text: string): boolean {
  if (hash === undefined) return false;
  return hash.startsWith('s') ? hash === textFingerprint(text) : hash === fingerprint(text);
}

let loaded: HashModule | null | undefined;

function nativeCrypto(): HashModule | null {
  if (loaded === undefined) {
    const get = (process as { getBuiltinModule?: (id: string) => unknown }).getBuiltinModule;
    loaded = typeof get === 'function' ? ((get('node:crypto') as HashModule | undefined) ?? null) : null;
  }
  return loaded;
}
