/**
 * An entry's anchors as its `anchors` field (on the team ref and, through the entry's comment, in
 * the working copy): `{"commit", "text", "refs": [{"kind", "value", "path"?, "oid"}], "explicit"?}`.
 * `text` is a digest of the text they were resolved from: any writer that changes the text without
 * re-anchoring (a person editing the file, a merge) leaves it different, and the entry is anchored
 * again by the next writer that anchors (needsAnchoring). Read from teammates: untrusted, checked.
 */
import type { Anchor, EntryAnchors, Reference, ReferenceKind } from './anchor.js';
import { findReferences } from './find-references.js';
import { resolveAnchors } from './resolve-anchors.js';
import type { RepoSnapshot } from './repo-snapshot.js';
import { nodeCrypto } from '../lazy-builtins.js';

export type AnchorsField = EntryAnchors & {
  /** Digest of the text the anchors were resolved from (textDigest). */
  text: string;
  /** References given by hand (`mem remember --anchor`): kept when the entry is anchored again. */
  explicit?: string[];
};

/** The field's name in an entry file. */
export const ANCHORS_FIELD = 'anchors';

const KINDS = new Set<ReferenceKind>(['path', 'script', 'make', 'just', 'go-package', 'python-module', 'glob']);
const OID_RE = /^[0-9a-f]{40}$/;
/** What a reference may hold: it is shown to the agent in a qualifier, so no markup beyond a path's. */
const VALUE_RE = /^[\w.@+\-/:*?{},]{1,200}$/u;

/** Returns the digest of an entry text the anchors keep (whitespace at the ends ignored). */
export function textDigest(text: string): string {
  return nodeCrypto().createHash('sha1').update(text.trim()).digest('hex').slice(0, 12);
}

/** Returns the anchors a field value holds, or null when it is absent or not a well-formed anchors field (ignored, kept as it is). */
export function readAnchorsField(value: unknown): AnchorsField | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const field = value as Record<string, unknown>;
  const { commit, text, refs, explicit } = field;
  if (
    typeof commit !== 'string' ||
    !OID_RE.test(commit) ||
    typeof text !== 'string' ||
    !/^[0-9a-f]{12}$/.test(text) ||
    !Array.isArray(refs)
  )
    return null;
  const anchors: Anchor[] = [];
  for (const raw of refs as unknown[]) {
    if (typeof raw !== 'object' || raw === null) return null;
    const { kind, value: name, path, oid } = raw as Record<string, unknown>;
    if (
      typeof kind !== 'string' ||
      !KINDS.has(kind as ReferenceKind) ||
      typeof name !== 'string' ||
      !VALUE_RE.test(name) ||
      typeof oid !== 'string' ||
      !OID_RE.test(oid)
    )
      return null;
    if (path !== undefined && (typeof path !== 'string' || !VALUE_RE.test(path))) return null;
    anchors.push({ kind: kind as ReferenceKind, value: name, path: typeof path === 'string' ? path : name, oid });
  }
  const result: AnchorsField = { commit, text, refs: anchors };
  if (Array.isArray(explicit) && explicit.every((item) => typeof item === 'string' && VALUE_RE.test(item)))
    result.explicit = explicit as string[];
  return result;
}

/** Returns the field value to store (the path left out where it is the value itself). */
export function anchorsFieldValue(field: AnchorsField): Record<string, unknown> {
  const refs = field.refs.map((anchor) =>
    anchor.path === anchor.value
      ? { kind: anchor.kind, value: anchor.value, oid: anchor.oid }
      : { kind: anchor.kind, value: anchor.value, path: anchor.path, oid: anchor.oid },
  );
  return field.explicit === undefined || field.explicit.length === 0
    ? { commit: field.commit, text: field.text, refs }
    : { commit: field.commit, text: field.text, refs, explicit: field.explicit };
}

/** True when an entry with `text` and anchors `field` must be anchored (again): its text changed since, or it names something and was never anchored. */
export function needsAnchoring(text: string, field: AnchorsField | null): boolean {
  if (field !== null) return field.text !== textDigest(text);
  return findReferences(text).length > 0;
}

/** Returns the references an explicit `--anchor` value gives: a glob when it has glob characters, else a path. */
export function explicitReference(value: string): Reference {
  return /[*?{]/.test(value) ? { kind: 'glob', value } : { kind: 'path', value };
}

/**
 * Returns the anchors of `text` at `snapshot` (with the explicit references kept), as the field to
 * store; null when the text names nothing and nothing was given by hand (no field is written).
 */
export function anchorText(
  text: string,
  snapshot: RepoSnapshot,
  explicit: readonly string[] = [],
): AnchorsField | null {
  const references = [...explicit.map(explicitReference), ...findReferences(text)];
  if (references.length === 0) return null;
  const field: AnchorsField = {
    commit: snapshot.commit,
    text: textDigest(text),
    refs: resolveAnchors(references, snapshot),
  };
  if (explicit.length > 0) field.explicit = [...explicit];
  return field;
}

/** Returns the manifest-backed kinds the references of `texts` need read (package scripts, make and just targets). */
export function referenceKinds(texts: Iterable<string>, explicit: readonly string[] = []): Set<ReferenceKind> {
  const kinds = new Set<ReferenceKind>();
  for (const text of texts) for (const reference of findReferences(text)) kinds.add(reference.kind);
  for (const value of explicit) kinds.add(explicitReference(value).kind);
  return kinds;
}
