/**
 * The hidden `<!-- mem:k=v k=v -->` comment that carries an entry's id and provenance.
 * Values are percent-encoded so that no value can close the comment or break the key=value syntax.
 */
import type { Provenance } from './entry.js';
import { isBranchName } from './entry-scope.js';

export type MemAttributes = Record<string, string>;

// Note: a global regex carries lastIndex between calls: ATTRIBUTE_RE's is reset before each use.
/** The comment from its opening on (sticky: tried where `<!-- mem:` stands, found by indexOf). */
const COMMENT_RE = /<!-- mem:([a-z][^>\r\n]*?)[ \t]*-->/y;
const OPENING = '<!-- mem:';
const SAFE_CHAR = /[A-Za-z0-9._~:@+/-]/;
/**
 * key="a quoted value", key=value, or a bare flag.
 * Note: read with exec and lastIndex, not matchAll: matchAll copies the regex on every call, which
 * was most of the cost of reading a 3,000-entry working copy.
 */
const ATTRIBUTE_RE = /([^\s=]+)=("[^"]*"|\S*)|(\S+)/g;
const UTF8 = new TextEncoder();

let readable: RegExp | undefined;

/**
 * What may stand unencoded: letters (any script), digits and the safe marks, single spaces between
 * words. Built on first use, not at module load: creating a Unicode property pattern costs V8 ~6 M
 * instructions (ICU tables), which every hook that loads this module paid without writing a comment;
 * and not as a literal inside the function, which V8 may create anew at each call until the
 * function has collected feedback.
 */
function readablePattern(): RegExp {
  readable ??= /^[\p{L}\p{M}\p{N}._~:@+/'-]+(?: [\p{L}\p{M}\p{N}._~:@+/'-]+)*$/u;
  return readable;
}

/**
 * Returns `value` as it can stand in the comment: as written when it is readable (a name with a
 * space in double quotes: `by="Nina Newcomer"`, `by=José`), otherwise with every character
 * outside the safe set percent-encoded (UTF-8); never fails.
 */
export function encodeAttribute(value: string): string {
  // Note: "--" is kept out (an HTML comment must not contain it), and so is anything that could close the quotes.
  if (readablePattern().test(value) && !value.includes('--')) return value.includes(' ') ? `"${value}"` : value;
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
export function formatEntryComment(
  id: string,
  provenance: Provenance,
  extra: ReadonlyArray<readonly [string, string | undefined]> = [],
): string {
  return formatMemComment([
    ...extra.filter(([key]) => key === 'side'),
    ['id', id],
    ['by', provenance.author],
    ['at', provenance.at],
    ['s', provenance.session],
    ['c', provenance.commit],
    ['via', provenance.via],
    ['ag', provenance.agent],
    ['scope', provenance.scope],
    ['f', provenance.fields],
    ...(provenance.unknown ?? []),
    ...extra.filter(([key]) => key !== 'side'),
  ]);
}

/** The attributes this mem reads: entries' (id, provenance, fields) and conflict items'. */
const KNOWN_ATTRIBUTES = new Set([
  'id',
  'by',
  'at',
  's',
  'c',
  'via',
  'ag',
  'scope',
  'f',
  'side',
  'sec',
  'conflict',
  'del',
]);

export type FoundComment = { attributes: MemAttributes; start: number; end: number; raw: string };

/** Returns the first mem comment in `line` with its decoded attributes and position, or null when there is none. */
export function findMemComment(line: string): FoundComment | null {
  let match: RegExpExecArray | null = null;
  for (let at = line.indexOf(OPENING); at >= 0; at = line.indexOf(OPENING, at + 1)) {
    COMMENT_RE.lastIndex = at;
    match = COMMENT_RE.exec(line);
    if (match !== null) break;
  }
  if (match === null) return null;
  // The blanks before the comment belong to it (removing it leaves no trailing blank).
  let start = match.index;
  while (start > 0 && (line[start - 1] === ' ' || line[start - 1] === '\t')) start -= 1;
  const attributes: MemAttributes = {};
  const source = match[1] ?? '';
  ATTRIBUTE_RE.lastIndex = 0;
  for (let part = ATTRIBUTE_RE.exec(source); part !== null; part = ATTRIBUTE_RE.exec(source)) {
    const [, key, value, flag] = part;
    if (flag !== undefined) attributes[flag] = '';
    else if (key !== undefined)
      attributes[key] =
        value?.startsWith('"') && value.endsWith('"') && value.length >= 2
          ? value.slice(1, -1)
          : decodeAttribute(value ?? '');
  }
  const end = match.index + match[0].length;
  return { attributes, start, end, raw: line.slice(start, end) };
}

/** Returns the provenance carried by decoded attributes (only the keys present). */
export function provenanceFromAttributes(attributes: MemAttributes): Provenance {
  const provenance: Provenance = {};
  if (attributes['by'] !== undefined) provenance.author = attributes['by'];
  if (attributes['at'] !== undefined) provenance.at = attributes['at'];
  if (attributes['s'] !== undefined) provenance.session = attributes['s'];
  if (attributes['c'] !== undefined) provenance.commit = attributes['c'];
  if (attributes['via'] !== undefined) provenance.via = attributes['via'];
  if (attributes['ag'] !== undefined) provenance.agent = attributes['ag'];
  if (attributes['scope'] !== undefined && isBranchName(attributes['scope'])) provenance.scope = attributes['scope'];
  if (attributes['f'] !== undefined) provenance.fields = attributes['f'];
  let unknown: Array<[string, string]> | undefined;
  for (const key in attributes) if (!KNOWN_ATTRIBUTES.has(key)) (unknown ??= []).push([key, attributes[key] as string]);
  if (unknown !== undefined) provenance.unknown = unknown;
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
