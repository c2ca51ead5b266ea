/**
 * The three-way merge of an entry's other fields (anchors, a later mem's fields), key by key, like
 * its text: a field only one side changed is taken from that side. A field both sides changed
 * differently goes with the text: to the side that changed the text, when only one did (Alice
 * verifies an entry while Bob rewrites it: Bob's text keeps Bob's anchors); otherwise to the larger
 * JSON value, so every clone settles it the same way without a conflict (no field is worth one).
 */
import type { EntryFields, TeamRecord } from '../store/team-record.js';

type EntryRecord = Extract<TeamRecord, { kind: 'entry' }>;

/** Returns the merged fields of three versions of one entry, in key order; never fails. */
export function mergeFields(base: EntryRecord, ours: EntryRecord, theirs: EntryRecord): EntryFields {
  const b = byKey(base.fields);
  const o = byKey(ours.fields);
  const t = byKey(theirs.fields);
  const textSide =
    ours.text === base.text ? (theirs.text === base.text ? null : t) : theirs.text === base.text ? o : null;
  const merged: Array<readonly [string, unknown]> = [];
  for (const key of [...new Set([...o.keys(), ...t.keys(), ...b.keys()])].sort()) {
    const [bv, ov, tv] = [b.get(key), o.get(key), t.get(key)];
    let value: Json | undefined;
    if (ov?.json === tv?.json || bv?.json === tv?.json) value = ov;
    else if (bv?.json === ov?.json) value = tv;
    else if (textSide !== null) value = textSide.get(key);
    else value = (ov?.json ?? '') > (tv?.json ?? '') ? ov : tv;
    if (value !== undefined) merged.push([key, value.value]);
  }
  return merged;
}

type Json = { value: unknown; json: string };

function byKey(fields: EntryFields | undefined): Map<string, Json> {
  return new Map((fields ?? []).map(([key, value]) => [key, { value, json: JSON.stringify(value) }]));
}
