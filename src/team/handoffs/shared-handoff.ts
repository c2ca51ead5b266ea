/**
 * A shared handoff: one file on the handoffs ref (refs/mem/handoffs/shared), one per branch and
 * author, `handoffs/<branch, URI-encoded>~<who>.json`. The one reader and the one writer of that
 * file, and the gates it passes both ways: what leaves has `<private>` spans, secrets, invisible
 * characters and injection-shaped lines taken out and is size-capped; what arrives is refused
 * whole when anything in it trips the secret, injection or invisible-Unicode scans. Pure.
 */
import { removePrivateSpans } from '../../agents/claude-code/harness-text.js';
import { findInjection, findInvisibleUnicode, removeInvisibleUnicode } from '../../core/safety/scan-injection.js';
import { findSecrets, redactSecrets } from '../../core/safety/scan-secrets.js';

/** The handoff text's cap in characters: what a session start could inject, with room to spare. */
export const MAX_HANDOFF_CHARS = 8_000;
/** A file on the ref bigger than this is refused unread. */
const MAX_HANDOFF_FILE_BYTES = 16 * 1024;
/** Where the files live on the ref. */
export const HANDOFF_DIR = 'handoffs';

const WHO = /^[a-z0-9][a-z0-9._@+-]{0,99}$/;
const BRANCH = /^[A-Za-z0-9][A-Za-z0-9._/+-]{0,199}$/;
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z$/;
const SHORT_OID = /^[0-9a-f]{4,40}$/;

/** A shared handoff as the ref holds it. Unknown fields of a newer mem are kept and ignored. */
export type SharedHandoff = {
  version: 1;
  branch: string;
  /** The author's key (whoOf their git email). */
  who: string;
  name: string;
  sharedAt: string;
  /** When the session last updated the handoff. */
  updatedAt: string;
  goal: string;
  git: {
    tip: string | null;
    clean: boolean;
    /** The branch was on the remote when shared: once it is gone from there, it was deleted. */
    onRemote?: boolean;
  };
  text: string;
};

/** Returns the file's path on the ref for `branch` and `who`. */
export function handoffPath(branch: string, who: string): string {
  return `${HANDOFF_DIR}/${encodeURIComponent(branch)}~${who}.json`;
}

/** Returns the key that names an author's handoffs: their email, lowercased, reduced to safe characters. */
export function whoOf(email: string): string {
  const key = email
    .toLowerCase()
    .replace(/[^a-z0-9._@+-]/g, '-')
    .replace(/^[^a-z0-9]+/, '');
  return (key || 'unknown').slice(0, 100);
}

/** Returns the short id `mem handoff show` accepts for a handoff (stable per branch and author). */
export function handoffId(branch: string, who: string): string {
  // Note: FNV-1a, not a hash module: the hook path reads ids and must not load node:crypto for it.
  let hash = 0x811c9dc5;
  for (const char of `${branch}\u0000${who}`) hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 0x01000193) >>> 0;
  return `h${hash.toString(16).padStart(8, '0')}`;
}

/** Returns the file's text for `handoff`. */
export function serializeSharedHandoff(handoff: SharedHandoff): string {
  return `${JSON.stringify(handoff, null, 2)}\n`;
}

export type ReadHandoff = { ok: true; handoff: SharedHandoff } | { ok: false; reason: string };

/**
 * Returns the handoff a file on the ref holds, or why it is refused: too big, not UTF-8, not the
 * expected shape, at a path that is not its branch and author's, or any text that trips the
 * secret, injection or invisible-Unicode scans. Never throws.
 */
export function readSharedHandoff(bytes: Buffer, path: string): ReadHandoff {
  if (bytes.length > MAX_HANDOFF_FILE_BYTES) return { ok: false, reason: `oversized (${bytes.length} bytes)` };
  const text = bytes.toString('utf8');
  if (!Buffer.from(text, 'utf8').equals(bytes)) return { ok: false, reason: 'not UTF-8' };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'not JSON' };
  }
  // Note: checked by hand, not by a zod schema: a session start gates a handoff, and loading zod
  // there was most of what it cost (the team record's reader, team-record.ts, does the same).
  if (!isHandoff(json)) return { ok: false, reason: 'not a handoff' };
  const handoff = json;
  if (handoffPath(handoff.branch, handoff.who) !== path) return { ok: false, reason: 'at the wrong path' };
  const reasons = gateReasons([handoff.name, handoff.goal, handoff.text]);
  return reasons.length > 0 ? { ok: false, reason: reasons.join(', ') } : { ok: true, handoff };
}

function isHandoff(value: unknown): value is SharedHandoff {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const v = value as Record<string, unknown>;
  const git = v['git'] as Record<string, unknown> | null | undefined;
  const text = (key: string, max: number, pattern?: RegExp) =>
    typeof v[key] === 'string' && v[key].length <= max && (pattern === undefined || pattern.test(v[key]));
  return (
    v['version'] === 1 &&
    text('branch', 200, BRANCH) &&
    text('who', 100, WHO) &&
    text('name', 200) &&
    text('sharedAt', 40, ISO) &&
    text('updatedAt', 40, ISO) &&
    text('goal', 600) &&
    text('text', MAX_HANDOFF_CHARS) &&
    typeof git === 'object' &&
    git !== null &&
    (git['tip'] === null || (typeof git['tip'] === 'string' && SHORT_OID.test(git['tip']))) &&
    typeof git['clean'] === 'boolean' &&
    (git['onRemote'] === undefined || typeof git['onRemote'] === 'boolean')
  );
}

/**
 * Returns the rule ids the texts trip (empty: clean). Note: scanned as one text: each scanner's
 * fixed cost per call is most of what a handoff's few KB cost (scan-record.ts measured the same).
 */
function gateReasons(texts: readonly string[]): string[] {
  const text = texts.join('\n\n');
  const reasons = new Set<string>();
  for (const finding of findSecrets(text)) reasons.add(finding.ruleId);
  for (const finding of findInjection(text)) reasons.add(finding.ruleId);
  if (findInvisibleUnicode(text).length > 0) reasons.add('invisible-unicode');
  return [...reasons];
}

/**
 * Returns what of a handoff's text may leave this clone: `<private>` spans removed, secrets
 * redacted, invisible characters removed, every line the injection gate flags dropped, cut at a
 * line boundary to MAX_HANDOFF_CHARS. `dropped` counts the lines taken out.
 */
export function outgoingText(text: string): { text: string; dropped: number } {
  const cleaned = removeInvisibleUnicode(redactSecrets(removePrivateSpans(text)));
  let dropped = 0;
  const kept = cleaned.split('\n').filter((line) => {
    const clean = findInjection(line).length === 0 && findSecrets(line).length === 0;
    if (!clean) dropped += 1;
    return clean;
  });
  let out = kept.join('\n');
  if (out.length > MAX_HANDOFF_CHARS) {
    const cut = out.slice(0, MAX_HANDOFF_CHARS - TRUNCATED.length);
    out = `${cut.slice(0, Math.max(0, cut.lastIndexOf('\n')))}${TRUNCATED}`;
  }
  return { text: out, dropped };
}

const TRUNCATED = '\n[handoff cut to its size limit]';

/** Returns a one-line text (goal, name) as it may leave: `<private>` removed, secrets redacted, invisible characters removed, capped. */
export function outgoingLine(text: string, max: number): string {
  const line = removeInvisibleUnicode(redactSecrets(removePrivateSpans(text)))
    .replace(/\s+/g, ' ')
    .trim();
  if (findInjection(line).length > 0) return '';
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}
