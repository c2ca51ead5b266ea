/**
 * The working copy (mem's region format, with ids and provenance) as team records, and back.
 * Provenance never enters a record: who and when are git's, attached from the team commits.
 * The conversion is stable: records → body → records gives the same bytes, so an untouched
 * entry never looks changed.
 */
import type { ConflictVersions } from '../core/memory-file/conflict-item.js';
import { renderConflictItem } from '../core/memory-file/conflict-item.js';
import type { Entry, Provenance } from '../core/memory-file/entry.js';
import { renderEntryItem } from '../core/memory-file/entry-item.js';
import { parseRegionBody } from '../core/memory-file/parse-region-body.js';
import {
  isAgentName,
  isValidId,
  otherFields,
  recordScope,
  sortVersions,
  withScope,
  type EntryFields,
  type TeamRecord,
  type TeamVersion,
  recordVia,
  withVia,
} from './store/team-record.js';

/** One id of the working copy: its record, and what the working copy knows of who/when. */
export type WorkingItem = {
  id: string;
  record: TeamRecord;
  provenance: Provenance;
  /** For a conflict: provenance of each version, by the version's commit ('' for none). */
  versionProvenance?: Map<string, Provenance>;
};

const SESSION_RE = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * The last body read and its items: a sync reads the same working copy up to three times (to
 * settle branch scopes, early while git fetches, under the lock before merging), 3,000 items
 * each time at a year's scale. Items are never changed in place (every change is a spread copy),
 * so the same item objects serve every read of the same text.
 */
let lastRead: { body: string; items: readonly WorkingItem[] } | null = null;

/** Returns the working copy's ids in body order with their records; items mem cannot address are left out. */
export function readWorkingItems(body: string): WorkingItem[] {
  if (lastRead !== null && lastRead.body === body) return lastRead.items.slice();
  const items = parseWorkingItems(body);
  lastRead = { body, items: items.slice() };
  return items;
}

function parseWorkingItems(body: string): WorkingItem[] {
  const items: WorkingItem[] = [];
  for (const block of parseRegionBody(body).blocks) {
    const item = block.item;
    if (item === undefined || !isValidId(item.id)) continue;
    if (item.kind === 'entry' || item.kind === 'resolved') {
      const session = item.entry.provenance.session ?? null;
      const agent = item.entry.provenance.agent ?? null;
      const record: TeamRecord = {
        kind: 'entry',
        section: block.section || item.entry.section,
        text: item.entry.text,
        session: session !== null && SESSION_RE.test(session) ? session : null,
        // Claude Code's entries name no agent (as before other agents existed): their records stay byte-identical.
        agent: agent !== null && agent !== 'claude' && isAgentName(agent) ? agent : null,
      };
      const fields = readFields(item.entry.provenance.fields);
      if (fields.length > 0) record.fields = fields;
      // Note: the scope and how it was recorded ride in their own comment attributes (readable, and
      // read without parsing JSON by every reader of the working copy).
      const { scope, via } = item.entry.provenance;
      const scoped = scope === undefined ? record : withScope(record, scope);
      items.push({
        id: item.id,
        record: via === undefined || !isAgentName(via) ? scoped : withVia(scoped, via),
        provenance: item.entry.provenance,
      });
      // Note: as long as nothing replaces its record or provenance, the item renders as the bytes it was read from.
      const read = items[items.length - 1] as WorkingItem;
      if (
        item.kind === 'entry' &&
        item.item.id === item.id &&
        block.raw.endsWith('\n') &&
        !block.raw.slice(0, -1).includes('\n\n')
      )
        remember(read, { id: read.id, record: read.record, provenance: read.provenance, text: block.raw });
    } else if (item.kind === 'conflict') {
      items.push(conflictItem(item.conflict, block.section));
    }
  }
  return items;
}

/** The record fields a comment's `f` attribute carries (none when it is absent or not a JSON object). */
function readFields(json: string | undefined): EntryFields {
  if (json === undefined) return [];
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? otherFields(value as Record<string, unknown>)
      : [];
  } catch {
    return [];
  }
}

function conflictItem(conflict: ConflictVersions, section: string): WorkingItem {
  const versionProvenance = new Map<string, Provenance>();
  const version = (entry: Entry | null): TeamVersion => {
    if (entry === null) return { section, text: null, commit: null };
    versionProvenance.set(entry.provenance.commit ?? '', entry.provenance);
    const scope = entry.provenance.scope;
    return {
      section: entry.section || section,
      text: entry.text,
      commit: entry.provenance.commit ?? null,
      ...(scope === undefined ? {} : { scope }),
    };
  };
  const versions = sortVersions([version(conflict.ours), version(conflict.theirs)]);
  const base = conflict.base === null ? null : { section: conflict.base.section || section, text: conflict.base.text };
  return { id: conflict.id, record: { kind: 'conflict', section, base, versions }, provenance: {}, versionProvenance };
}

export type Reader = { name: string | null; email: string | null };

/** The record the working copy holds once `record` is written into it as entry `id` and read back; undefined when it cannot hold it. */
export function asWorkingCopyHoldsIt(id: string, record: TeamRecord): TeamRecord | undefined {
  return readWorkingItems(
    renderWorkingBody([{ id, record, provenance: {} }], [record.section], { name: null, email: null }),
  )[0]?.record;
}

/**
 * Returns the working copy body for `items`: sections in taxonomy order (others after, in order of
 * appearance), items in the given order. A conflict shows the reader's own version as "ours".
 */
export function renderWorkingBody(items: readonly WorkingItem[], sections: readonly string[], reader: Reader): string {
  const bySection = new Map<string, WorkingItem[]>();
  const order: string[] = [];
  for (const item of items) {
    const section = item.record.section;
    let list = bySection.get(section);
    if (list === undefined) {
      list = [];
      bySection.set(section, list);
      order.push(section);
    }
    list.push(item);
  }
  const known = sections.filter((section) => bySection.has(section));
  const all = [...known, ...order.filter((section) => !known.includes(section))];
  return all
    .map(
      (section) =>
        `## ${section}\n\n${(bySection.get(section) ?? []).map((item) => renderItem(item, reader)).join('')}`,
    )
    .join('\n');
}

/**
 * An entry's rendering, remembered per item object while its id, record and provenance objects stay
 * the same ones: an entry read from the working copy renders as the bytes it was read from
 * (rendering 20,000 unchanged entries costs nothing).
 */
type RenderedEntry = { id: string; record: TeamRecord; provenance: Provenance; text: string };

/**
 * Note: kept on the item itself, under a symbol and not enumerable: a spread copy (`{ ...item }`)
 * does not carry it, and 20,000 WeakMap entries cost the garbage collector more than rendering.
 */
const RENDERED = Symbol('rendered');

function rendered(item: WorkingItem): RenderedEntry | undefined {
  return (item as { [RENDERED]?: RenderedEntry })[RENDERED];
}

function remember(item: WorkingItem, entry: RenderedEntry): void {
  Object.defineProperty(item, RENDERED, { value: entry, enumerable: false, writable: true, configurable: true });
}

function renderItem(item: WorkingItem, reader: Reader): string {
  const record = item.record;
  if (record.kind === 'entry') {
    const known = rendered(item);
    if (known !== undefined && known.id === item.id && known.record === record && known.provenance === item.provenance)
      return known.text;
    const text = renderEntry(item, record);
    remember(item, { id: item.id, record, provenance: item.provenance, text });
    return text;
  }
  return renderConflict(item, record, reader);
}

function renderEntry(item: WorkingItem, record: Extract<TeamRecord, { kind: 'entry' }>): string {
  const provenance: Provenance = { ...item.provenance };
  if (record.session !== null) provenance.session = record.session;
  else delete provenance.session;
  if (record.agent !== null) provenance.agent = record.agent;
  else delete provenance.agent;
  const scope = recordScope(record);
  if (scope !== undefined) provenance.scope = scope;
  else delete provenance.scope;
  const via = recordVia(record);
  if (via !== undefined) provenance.via = via;
  else delete provenance.via;
  const fields = (record.fields ?? []).filter(([key]) => key !== 'scope' && (key !== 'via' || via === undefined));
  if (fields.length > 0) provenance.fields = JSON.stringify(Object.fromEntries(fields));
  else delete provenance.fields;
  const entry: Entry = { id: item.id, section: record.section, text: record.text, provenance };
  return renderEntryItem(entry, { eol: '\n' });
}

function renderConflict(item: WorkingItem, record: Extract<TeamRecord, { kind: 'conflict' }>, reader: Reader): string {
  const toEntry = (version: TeamVersion): Entry | null => {
    if (version.text === null) return null;
    const known = item.versionProvenance?.get(version.commit ?? '') ?? {};
    const provenance: Provenance = { ...known };
    if (version.commit !== null) provenance.commit = version.commit;
    else delete provenance.commit;
    if (version.scope !== undefined) provenance.scope = version.scope;
    else delete provenance.scope;
    return { id: item.id, section: version.section, text: version.text, provenance };
  };
  const mine = record.versions.findIndex(
    (version) => version.text !== null && isReaders(item.versionProvenance?.get(version.commit ?? '')?.author, reader),
  );
  const ordered =
    mine > 0
      ? [record.versions[mine] as TeamVersion, ...record.versions.filter((_, index) => index !== mine)]
      : record.versions;
  const conflict: ConflictVersions = {
    id: item.id,
    ours: toEntry(ordered[0] as TeamVersion),
    theirs: toEntry(ordered[1] as TeamVersion),
    base:
      record.base === null
        ? null
        : { id: item.id, section: record.base.section, text: record.base.text, provenance: {} },
  };
  return renderConflictItem(conflict, record.section, '\n');
}

function isReaders(author: string | undefined, reader: Reader): boolean {
  if (author === undefined) return false;
  const wanted = author.trim().toLowerCase();
  return (
    wanted !== '' && (wanted === reader.name?.trim().toLowerCase() || wanted === reader.email?.trim().toLowerCase())
  );
}
