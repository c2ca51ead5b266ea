/**
 * The hidden `<!-- mem:k=v k=v -->` comment that carries an entry's id and provenance.
 * Values are percent-encoded so that no value can close the comment or break the key=value syntax.
 */
import type { Provenance } from './entry.js';

export type MemAttributes = Record<string, string>;

// Note: a global regex would carry lastIndex between calls; these are used with match/replace only.
const COMMENT_RE = /[ \t]*<!-- mem:([a-z][^>\r\n]*?)[ \t]*-->/;
const SAFE_CHAR = /[A-Za-z0-9._~:@+/-]/;
const UTF8 = new TextEncoder();

/** Returns `value` with every character outside the safe set percent-encoded (UTF-8); never fails. */
export function encodeAttribute(value: string): string {
  let out = '';
  for (const ch of value) {
    if (SAFE_CHAR.test(ch)) out += ch;
    else for (const byte of UTF8.encode(ch)) out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** Returns the decoded value; malformed escapes are returned as written rather than failing. */
export function decodeAttribute(value: string): string {
  if (!value.includes('%')) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** Returns the comment text `<!-- mem:k=v ... -->` for ordered attributes; undefined values are left out. */
export function formatMemComment(attributes: ReadonlyArray<readonly [string, string | undefined]>): string {
  const parts: string[] = [];
  for (const [key, value] of attributes) if (value !== undefined) parts.push(`${key}=${encodeAttribute(value)}`);
  return `<!-- mem:${parts.join(' ')} -->`;
}

/** Returns the id-and-provenance comment of an entry. */
export function formatEntryComment(id: string, provenance: Provenance, extra: ReadonlyArray<readonly [string, string | undefined]> = []): string {
  return formatMemComment([
    ...extra.filter(([key]) => key === 'side'),
    ['id', id],
    ['by', provenance.author],
    ['at', provenance.at],
    ['s', provenance.session],
    ['c', provenance.commit],
    ['via', provenance.via],
    ...extra.filter(([key]) => key !== 'side'),
  ]);
}

export type FoundComment = { attributes: MemAttributes; start: number; end: number; raw: string };

/** Returns the first mem comment in `line` with its decoded attributes and position, or null when there is none. */
export function findMemComment(line: string): FoundComment | null {
  if (!line.includes('<!-- mem:')) return null;
  const match = COMMENT_RE.exec(line);
  if (!match) return null;
  const attributes: MemAttributes = {};
  for (const part of (match[1] ?? '').split(/[ \t]+/)) {
    const eq = part.indexOf('=');
    if (eq <= 0) {
      if (part !== '') attributes[part] = '';
      continue;
    }
    attributes[part.slice(0, eq)] = decodeAttribute(part.slice(eq + 1));
  }
  return { attributes, start: match.index, end: match.index + match[0].length, raw: match[0] };
}

/** Returns the provenance carried by decoded attributes (only the keys present). */
export function provenanceFromAttributes(attributes: MemAttributes): Provenance {
  const provenance: Provenance = {};
  if (attributes['by'] !== undefined) provenance.author = attributes['by'];
  if (attributes['at'] !== undefined) provenance.at = attributes['at'];
  if (attributes['s'] !== undefined) provenance.session = attributes['s'];
  if (attributes['c'] !== undefined) provenance.commit = attributes['c'];
  if (attributes['via'] !== undefined) provenance.via = attributes['via'];
  return provenance;
}

/**
 * Returns `text` with any sequence that would read as mem metadata neutralised.
 * Note: an entry's text that contained `<!-- mem:` would be mistaken for its id comment on the next
 * read, so a backslash is inserted (`<!-- mem\:`); the model never sees it (comments are stripped).
 */
export function neutraliseMemComments(text: string): string {
  return text.replace(/<!--([ \t]*)mem:/g, '<!--$1mem\\:');
}
