/**
 * An entry's anchors where the working copy keeps them: in the JSON of its record fields, which
 * its comment carries (Provenance.fields). The other fields in that JSON are kept as they are.
 */
import type { Provenance } from '../memory-file/entry.js';
import { ANCHORS_FIELD, anchorsFieldValue, readAnchorsField, type AnchorsField } from './anchors-field.js';

function fieldsObject(provenance: Provenance): Record<string, unknown> {
  if (provenance.fields === undefined) return {};
  try {
    const value: unknown = JSON.parse(provenance.fields);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/** Returns the anchors an entry's provenance carries, or null. */
export function anchorsOf(provenance: Provenance): AnchorsField | null {
  return provenance.fields === undefined ? null : readAnchorsField(fieldsObject(provenance)[ANCHORS_FIELD]);
}

/** Returns `provenance` with its anchors replaced by `field` (removed when null); a new object, the other fields kept. */
export function withAnchors(provenance: Provenance, field: AnchorsField | null): Provenance {
  const fields = fieldsObject(provenance);
  if (field === null) delete fields[ANCHORS_FIELD];
  else fields[ANCHORS_FIELD] = anchorsFieldValue(field);
  const keys = Object.keys(fields).sort();
  const next: Provenance = { ...provenance };
  if (keys.length === 0) delete next.fields;
  else next.fields = JSON.stringify(Object.fromEntries(keys.map((key) => [key, fields[key]])));
  return next;
}
