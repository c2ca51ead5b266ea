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
