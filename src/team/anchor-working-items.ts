/**
 * The sync's anchoring step: every entry this clone changed whose text changed since it was
 * anchored (a person's edit, a rewrite, a merge), or that names something and was never anchored
 * (written by a person in the file), is anchored at HEAD before the plan: its new anchors travel
 * to the team with it. A teammate's entry is left as it arrived (its bytes, and who wrote it).
 * Nothing to anchor: nothing read (no git process).
 */
import {
  ANCHORS_FIELD,
  anchorText,
  anchorsFieldValue,
  needsAnchoring,
  readAnchorsField,
  referenceKinds,
} from '../core/anchors/anchors-field.js';
import type { RepoSnapshot } from '../core/anchors/repo-snapshot.js';
import { readHeadSnapshot } from '../core/git/read-repo-snapshot.js';
import { fieldOf, withField, type TeamRecord } from './store/team-record.js';
import type { WorkingItem } from './working-records.js';

type EntryRecord = Extract<TeamRecord, { kind: 'entry' }>;

function anchorsOf(record: EntryRecord) {
  return readAnchorsField(fieldOf(record.fields, ANCHORS_FIELD));
}

/** Returns the items among those this clone changed (`changed`, by id) that need anchoring (pure). */
export function itemsToAnchor(items: readonly WorkingItem[], changed: ReadonlySet<string>): WorkingItem[] {
  return items.filter(
    (item) =>
      changed.has(item.id) && item.record.kind === 'entry' && needsAnchoring(item.record.text, anchorsOf(item.record)),
  );
}

/** Returns `items` with those in `pending` anchored at `snapshot` (new item objects; the rest as they were). Pure. */
export function anchorItems(
  items: readonly WorkingItem[],
  pending: ReadonlySet<WorkingItem>,
  snapshot: RepoSnapshot,
): WorkingItem[] {
  return items.map((item) => {
    if (!pending.has(item) || item.record.kind !== 'entry') return item;
    const field = anchorText(item.record.text, snapshot, anchorsOf(item.record)?.explicit ?? []);
    const fields = withField(item.record.fields, ANCHORS_FIELD, field === null ? undefined : anchorsFieldValue(field));
    const record: EntryRecord = {
      kind: 'entry',
      section: item.record.section,
      text: item.record.text,
      session: item.record.session,
      agent: item.record.agent,
    };
    if (fields.length > 0) record.fields = fields;
    return { ...item, record };
  });
}

/** Returns the working items with those that need it anchored at HEAD; as they were when none does or git cannot list HEAD. */
export async function anchorWorkingItems(
  root: string,
  items: WorkingItem[],
  changed: ReadonlySet<string>,
): Promise<WorkingItem[]> {
  const pending = itemsToAnchor(items, changed);
  if (pending.length === 0) return items;
  const texts = pending.map((item) => (item.record.kind === 'entry' ? item.record.text : ''));
  const explicit = pending.flatMap((item) =>
    item.record.kind === 'entry' ? (anchorsOf(item.record)?.explicit ?? []) : [],
  );
  const snapshot = await readHeadSnapshot(root, referenceKinds(texts, explicit));
  return snapshot === null ? items : anchorItems(items, new Set(pending), snapshot);
}
