/**
 * Identity of a list item that a human typed without mem's id comment: derived from its text alone,
 * so every clone computes the same id for the same bullet.
 */
import { nodeCrypto } from '../lazy-builtins.js';

/** Returns the text as compared for identity: NFKC, lower case, whitespace collapsed, trimmed. */
export function normalizeForIdentity(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** Returns the deterministic id `h-<12 hex>` of a hand-written item's text; never fails. */
export function handEntryId(text: string): string {
  return `h-${nodeCrypto().createHash('sha256').update(normalizeForIdentity(text)).digest('hex').slice(0, 12)}`;
}
