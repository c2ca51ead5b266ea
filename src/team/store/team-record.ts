/**
 * One file per entry, as sync sees the team ref, so two people adding memory never touch the same
 * entry and concurrent pushes merge as unions of entries:
 *
 *   entries/<2 hex of sha1(id)>/<id>.json   an entry, or a conflict waiting for `mem review`
 *   tombstones/<2 hex of sha1(id)>/<id>     a forgotten id (empty file): a union, never undone
 *   README.md                               what the ref is, for a human who finds it
 *
 * On the ref itself a shard's entry files are kept together in one file, `entries/<xx>.jsonl`
 * (entry-bundle.ts: one line per entry, its id and its file's exact text), which the store layer
 * reads back as these files. No index file, nothing shared between shards. Who wrote an entry and
 * when is never stored in it: it is what git recorded for the commit that last changed it.
 * Everything read from a teammate is untrusted: paths, sizes, encoding and shape are checked
 * here, one entry at a time.
 */
import * as crypto from 'node:crypto';
import { isBranchName } from '../../core/memory-file/entry-scope.js';

export const ENTRY_DIR = 'entries';
export const TOMBSTONE_DIR = 'tombstones';

/** Largest entry file accepted from the team ref (a conflict holds a few versions of ≤ 2,000 chars). */
export const MAX_ENTRY_FILE_BYTES = 16 * 1024;
/** Longest entry text accepted from the team ref. */
const MAX_ENTRY_TEXT_CHARS = 2_000;

const ID_RE = /^[A-Za-z0-9][A-Za-z0-9._~-]{0,63}$/;
const SECTION_RE = /^[\p{L}\p{N}][\p{L}\p{N} &/._'-]{0,39}$/u;
const SESSION_RE = /^[A-Za-z0-9._-]{1,64}$/;
const OID_RE = /^[0-9a-f]{40}$/;
/** An agent name as a record carries it (`codex`, `gemini`; a later agent's name too, shown as written). */
const AGENT_RE = /^[a-z][a-z0-9-]{0,31}$/;

/**
 * One version of a conflicted entry; text null: that side deleted it. `commit`: the team commit
 * whose tree holds this version. `scope`: the branch the version was learned on (absent:
 * team-wide), so review says which branch a version comes from and settling keeps it there.
 */
export type TeamVersion = { section: string; text: string | null; commit: string | null; scope?: string };

/**
 * An entry file's fields beyond section, text, session and agent, by key in code-unit order, as
 * JSON values: `anchors`, and whatever a later mem adds. A reader keeps every one of them, known
 * to it or not, and writes them back unchanged (never absent here when the file had one).
 */
export type EntryFields = ReadonlyArray<readonly [key: string, value: unknown]>;

/** The fields every mem knows; everything else in an entry file is an `EntryFields` field. */
const CORE_KEYS = new Set(['section', 'text', 'session', 'agent']);

export type TeamRecord =
  /**
   * `agent`: the agent whose session learned it, when not Claude Code (`codex`, `gemini`). Absent
   * in records written before other agents existed and in Claude Code's, so their bytes (and blob
   * ids) never change; a record with a session and no agent is Claude Code's.
   * `fields`: the other fields (absent when there are none), see EntryFields.
   */
  | { kind: 'entry'; section: string; text: string; session: string | null; agent: string | null; fields?: EntryFields }
  | { kind: 'conflict'; section: string; base: { section: string; text: string } | null; versions: TeamVersion[] };

/**
 * The branch an entry is scoped to: its `scope` field, seen only on that branch until the branch
 * lands (then promotion removes the field); undefined for a team-wide entry, which has no such
 * field, so its bytes never change.
 */
export function recordScope(record: TeamRecord | undefined): string | undefined {
  if (record?.kind !== 'entry' || record.fields === undefined) return undefined;
  const found = record.fields.find(([key]) => key === 'scope');
  return found !== undefined && isBranchName(found[1]) ? found[1] : undefined;
}

/** Returns `record` scoped to `scope` (undefined: team-wide, the field removed); the other fields stay as they are, in key order. */
export function withScope<T extends TeamRecord>(record: T, scope: string | undefined): T {
  return withRecordField(record, 'scope', scope);
}

/**
 * How an entry was recorded, when not by mem's own extraction: its `via` field (`agent`: the agent
 * ran `mem remember`). On the ref, so "recorded by the agent" reads the same in every clone;
 * undefined when absent or not a plain name (then it stays an unknown field, kept as it is).
 */
export function recordVia(record: TeamRecord | undefined): string | undefined {
  if (record?.kind !== 'entry' || record.fields === undefined) return undefined;
  const found = record.fields.find(([key]) => key === 'via');
  return found !== undefined && isAgentName(found[1]) ? found[1] : undefined;
}

/** Returns `record` with `via` set (undefined: the field removed). */
export function withVia<T extends TeamRecord>(record: T, via: string | undefined): T {
  return withRecordField(record, 'via', via);
}

/** Returns an entry record with field `name` set to `value` (undefined: removed); the other fields stay as they are, in key order. */
function withRecordField<T extends TeamRecord>(record: T, name: string, value: string | undefined): T {
  if (record.kind !== 'entry') return record;
  const fields = withField(record.fields, name, value);
  const { fields: _old, ...rest } = record;
  return (fields.length === 0 ? rest : { ...rest, fields }) as T;
}

/** Returns true when `id` is usable as an entry id and a file name. */
export function isValidId(id: string): boolean {
  return ID_RE.test(id) && !id.includes('..');
}

/** Returns the shard directory name of an id. */
export function shardOf(id: string): string {
  let shard = shards.get(id);
  if (shard === undefined) {
    shard = sha1Hex(id).slice(0, 2);
    // Note: a sync asks for each id's shard several times (paths of the base, of the merge, of the commit).
    if (shards.size > 100_000) shards.clear();
    shards.set(id, shard);
  }
  return shard;
}

const shards = new Map<string, string>();

/** SHA-1 in hex; the one-shot `crypto.hash` (Node ≥ 20.12) is several times cheaper per call than a Hash object, which matters for 20,000 ids. */
const sha1Hex: (data: string | Buffer) => string =
  typeof (crypto as { hash?: unknown }).hash === 'function'
    ? (data) =>
        (crypto as unknown as { hash(algorithm: string, data: string | Buffer, encoding: 'hex'): string }).hash(
          'sha1',
          data,
          'hex',
        )
    : (data) => crypto.createHash('sha1').update(data).digest('hex');

export function entryPath(id: string): string {
  return `${ENTRY_DIR}/${shardOf(id)}/${id}.json`;
}

export function tombstonePath(id: string): string {
  return `${TOMBSTONE_DIR}/${shardOf(id)}/${id}`;
}

export type PathKind = { kind: 'entry' | 'tombstone'; id: string } | { kind: 'malformed'; id: string } | null;

/** What a tree path means: an entry file, a tombstone, or nothing mem reads (ignored, never touched). */
export function classifyPath(path: string): PathKind {
  let kind = kinds.get(path);
  if (kind === undefined) {
    kind = classifyPathOnce(path);
    // Note: a full merge asks this of every path of the team's tree four times (20,000 paths: 110 ms of a first sync, measured).
    if (kinds.size > 100_000) kinds.clear();
    kinds.set(path, kind);
  }
  return kind;
}

const kinds = new Map<string, PathKind>();

function classifyPathOnce(path: string): PathKind {
  const parts = path.split('/');
  if (parts.length !== 3)
    return parts[0] === ENTRY_DIR || parts[0] === TOMBSTONE_DIR ? { kind: 'malformed', id: path } : null;
  const [dir, shard, name] = parts as [string, string, string];
  if (dir === ENTRY_DIR) {
    const id = name.endsWith('.json') ? name.slice(0, -5) : '';
    return isValidId(id) && shard === shardOf(id) ? { kind: 'entry', id } : { kind: 'malformed', id: path };
  }
  if (dir === TOMBSTONE_DIR)
    return isValidId(name) && shard === shardOf(name)
      ? { kind: 'tombstone', id: name }
      : { kind: 'malformed', id: path };
  return null;
}

/** Returns the canonical bytes of a record: the same record always gives the same blob. */
export function serializeRecord(record: TeamRecord): string {
  if (record.kind === 'entry') {
    // Note: written out as JSON.stringify(…, null, 2) lays these keys out (a sync serialises every
    // entry of the working copy to compare blob ids); the same bytes, without building an object.
    const session = record.session === null ? '' : `,\n  "session": ${JSON.stringify(record.session)}`;
    const agent = record.agent === null ? '' : `,\n  "agent": ${JSON.stringify(record.agent)}`;
    // Note: the other fields follow in key order, each laid out as JSON.stringify(…, null, 2) lays out
    // a nested value. Every mem writes them so, which is what lets an older one write back the bytes
    // a newer one wrote (same blob id: an entry it did not change never looks changed).
    let fields = '';
    for (const [key, value] of record.fields ?? [])
      fields += `,\n  ${JSON.stringify(key)}: ${JSON.stringify(value, null, 2).replace(/\n/g, '\n  ')}`;
    return `{\n  "section": ${JSON.stringify(record.section)},\n  "text": ${JSON.stringify(record.text)}${session}${agent}${fields}\n}\n`;
  }
  // Note: `scope` only when there is one, so a conflict of team-wide entries keeps the bytes it always had.
  const versions = sortVersions(record.versions).map((version) => ({
    section: version.section,
    text: version.text,
    commit: version.commit,
    ...(version.scope === undefined ? {} : { scope: version.scope }),
  }));
  return `${JSON.stringify({ section: record.section, conflict: { base: record.base, versions } }, null, 2)}\n`;
}

/** Versions in a canonical order, so every clone writes the same conflict the same way. */
export function sortVersions(versions: readonly TeamVersion[]): TeamVersion[] {
  const key = (version: TeamVersion) =>
    `${version.text ?? '\u0000'}\u0001${version.section}\u0001${version.commit ?? ''}\u0001${version.scope ?? ''}`;
  return [...versions].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

/** Returns the git blob id of `text` (what `git hash-object` prints), to compare with a tree without reading it. */
export function blobOid(text: string | Buffer): string {
  // Note: a string is hashed as one string (no Buffer copies): a sync asks this of every entry of the working copy.
  if (typeof text === 'string') return sha1Hex(`blob ${Buffer.byteLength(text, 'utf8')}\0${text}`);
  return sha1Hex(Buffer.concat([Buffer.from(`blob ${text.length}\0`), text]));
}

export type ParsedRecord = { ok: true; record: TeamRecord } | { ok: false; reason: string };

/** Returns the record in `bytes`, or why it is refused (size, encoding, shape); never throws. */
export function parseRecord(bytes: Buffer): ParsedRecord {
  if (bytes.length > MAX_ENTRY_FILE_BYTES)
    return { ok: false, reason: `oversized (${bytes.length} bytes, limit ${MAX_ENTRY_FILE_BYTES})` };
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, reason: 'not UTF-8 text' };
  }
  if (text.includes('\0')) return { ok: false, reason: 'contains NUL bytes' };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'not a JSON entry file' };
  }
  return readRecord(value);
}

function readRecord(value: unknown): ParsedRecord {
  if (!isPlainObject(value)) return { ok: false, reason: 'not an entry object' };
  const section = value['section'];
  if (typeof section !== 'string' || !SECTION_RE.test(section)) return { ok: false, reason: 'bad section name' };
  if ('conflict' in value) {
    // Note: fields a later mem adds to a conflict are ignored, not kept: a conflict is rewritten whole when it is settled.
    const conflict = value['conflict'];
    if (!isPlainObject(conflict) || !Array.isArray(conflict['versions'])) return { ok: false, reason: 'bad conflict' };
    const base = conflict['base'];
    let parsedBase: { section: string; text: string } | null = null;
    if (base !== null) {
      if (
        !isPlainObject(base) ||
        typeof base['text'] !== 'string' ||
        typeof base['section'] !== 'string' ||
        !SECTION_RE.test(base['section'])
      )
        return { ok: false, reason: 'bad conflict base' };
      const problem = textProblem(base['text']);
      if (problem) return { ok: false, reason: problem };
      parsedBase = { section: base['section'], text: base['text'] };
    }
    const versions: TeamVersion[] = [];
    for (const raw of conflict['versions'] as unknown[]) {
      if (!isPlainObject(raw)) return { ok: false, reason: 'bad conflict version' };
      const vSection = raw['section'];
      const vText = raw['text'];
      const commit = raw['commit'] ?? null;
      if (typeof vSection !== 'string' || !SECTION_RE.test(vSection))
        return { ok: false, reason: 'bad conflict version section' };
      if (vText !== null && typeof vText !== 'string') return { ok: false, reason: 'bad conflict version text' };
      if (commit !== null && (typeof commit !== 'string' || !OID_RE.test(commit)))
        return { ok: false, reason: 'bad conflict version commit' };
      if (typeof vText === 'string') {
        const problem = textProblem(vText);
        if (problem) return { ok: false, reason: problem };
      }
      const vScope = raw['scope'];
      if (vScope !== undefined && !isBranchName(vScope))
        return { ok: false, reason: 'bad conflict version scope (not a branch name)' };
      versions.push(
        vScope === undefined
          ? { section: vSection, text: vText, commit }
          : { section: vSection, text: vText, commit, scope: vScope },
      );
    }
    if (versions.length < 2 || versions.length > 8) return { ok: false, reason: 'a conflict needs 2 to 8 versions' };
    return { ok: true, record: { kind: 'conflict', section, base: parsedBase, versions: sortVersions(versions) } };
  }
  const text = value['text'];
  if (typeof text !== 'string') return { ok: false, reason: 'no text' };
  const problem = textProblem(text);
  if (problem) return { ok: false, reason: problem };
  const session = value['session'] ?? null;
  if (session !== null && (typeof session !== 'string' || !SESSION_RE.test(session)))
    return { ok: false, reason: 'bad session id' };
  const agent = value['agent'] ?? null;
  if (agent !== null && !isAgentName(agent)) return { ok: false, reason: 'bad agent name' };
  const fields = otherFields(value);
  const scope = fields.find(([key]) => key === 'scope');
  if (scope !== undefined && !isBranchName(scope[1])) return { ok: false, reason: 'bad scope (not a branch name)' };
  return {
    ok: true,
    record:
      fields.length === 0
        ? { kind: 'entry', section, text, session, agent }
        : { kind: 'entry', section, text, session, agent, fields },
  };
}

/** Returns an entry object's fields beyond the core ones, in key order (a field this mem does not know is kept, never refused). */
export function otherFields(value: Readonly<Record<string, unknown>>): EntryFields {
  const fields: Array<readonly [string, unknown]> = [];
  for (const key of Object.keys(value))
    if (!CORE_KEYS.has(key) && value[key] !== undefined) fields.push([key, value[key]]);
  return fields.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** True when `value` can be a record's agent (a short lowercase name; anything else is refused). */
export function isAgentName(value: unknown): value is string {
  return typeof value === 'string' && AGENT_RE.test(value);
}

/**
 * Why an entry text cannot be used, or null. An HTML comment opener or closer could become a
 * marker or hide text from a reader; empty text says nothing.
 */
function textProblem(text: string): string | null {
  if (text.trim() === '') return 'empty text';
  if (text.length > MAX_ENTRY_TEXT_CHARS)
    return `oversized text (${text.length} characters, limit ${MAX_ENTRY_TEXT_CHARS})`;
  if (/<!--|-->/.test(text)) return 'contains an HTML comment (marker-like content)';
  return null;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The README on the team ref. */
export const TEAM_REF_README = `# Team memory (managed by mem)

This ref holds the team's shared memory for AI coding agents:

- \`entries/<xx>.jsonl\`: the entries of one shard, one per line: \`["<id>", "<entry file>"]\`,
  where the entry file is JSON (section, text, session, agent), or a conflict awaiting \`mem review\`.
- \`tombstones/<xx>/<id>\`: an entry forgotten with \`mem forget\`; it never comes back.

Who wrote an entry and when is what git recorded for the commit that last changed its line.
Edit memory in the rendered file (.claude/rules/mem-team-memory.md) or with \`mem remember\`,
\`mem forget\` and \`mem review\`; \`mem sync\` (run by the pre-push hook) shares it.
`;

/** Returns the value of field `key` of a record's fields, or undefined. */
export function fieldOf(fields: EntryFields | undefined, key: string): unknown {
  return fields?.find(([name]) => name === key)?.[1];
}

/** Returns `fields` with field `key` set to `value` (removed when undefined), in key order. */
export function withField(fields: EntryFields | undefined, key: string, value: unknown): EntryFields {
  const rest = (fields ?? []).filter(([name]) => name !== key);
  return value === undefined ? rest : [...rest, [key, value] as const].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}
