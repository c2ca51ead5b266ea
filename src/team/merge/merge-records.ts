/**
 * The three-way decision for one entry file of the team ref (base = what this clone last agreed
 * with the team, ours = this clone now, theirs = the fetched ref). Only ids both sides changed
 * get here: everything else is a tree union. Conflicts are stored without sides ("ours" means a
 * different person in every clone): a set of versions, each tied to the team commit that holds
 * it, so the same disagreement is the same record everywhere and a settlement made once wins in
 * every clone (base = the conflict, theirs = the settlement).
 */
import { mergeFields } from './merge-fields.js';
import {
  recordScope,
  serializeRecord,
  sortVersions,
  withScope,
  type TeamRecord,
  type TeamVersion,
} from '../store/team-record.js';

/** A side of the merge: the record, or undefined when that side has no file (never had it, or deleted it). */
export type Side = TeamRecord | undefined;

/** Who holds each side's version: the commit of theirs' last change, and the commit ours will write (null until written). */
export type SideCommits = { ours: string | null; theirs: string | null };

export type RecordMerge = { record: Side; conflict: boolean };

/** Returns the merged record for one id; never fails (a disagreement becomes a conflict record). */
export function mergeRecords(base: Side, ours: Side, theirs: Side, commits: SideCommits): RecordMerge {
  if (same(ours, theirs) || same(base, theirs)) return { record: ours, conflict: false };
  if (same(base, ours)) return { record: theirs, conflict: false };
  if (base?.kind === 'entry' && ours?.kind === 'entry' && theirs?.kind === 'entry') {
    // Text and section merge independently: a move on one side and a rewording on the other both apply.
    const text = pick(base.text, ours.text, theirs.text);
    const section = pick(base.section, ours.section, theirs.section);
    if (text !== undefined && section !== undefined) {
      return {
        record: withFields(
          {
            kind: 'entry',
            text,
            section,
            session: ours.session ?? theirs.session,
            agent: ours.session !== null ? ours.agent : theirs.agent,
          },
          mergeFields(base, ours, theirs),
        ),
        conflict: false,
      };
    }
    if (text !== undefined && normalise(ours.text) === normalise(theirs.text)) {
      return {
        record: withFields(
          { kind: 'entry', text, section: ours.section, session: ours.session, agent: ours.agent },
          mergeFields(base, ours, theirs),
        ),
        conflict: false,
      };
    }
  }
  const section = ours?.section ?? theirs?.section ?? base?.section ?? '';
  const versions = dedupe([...flatten(ours, base, commits.ours), ...flatten(theirs, base, commits.theirs)]);
  if (versions.length === 1) {
    const only = versions[0] as TeamVersion;
    return {
      record:
        only.text === null
          ? undefined
          : withScope(
              { kind: 'entry', section: only.section, text: only.text, session: null, agent: null },
              only.scope,
            ),
      conflict: false,
    };
  }
  const baseText =
    base?.kind === 'entry' ? { section: base.section, text: base.text } : base?.kind === 'conflict' ? base.base : null;
  return { record: { kind: 'conflict', section, base: baseText, versions: sortVersions(versions) }, conflict: true };
}

function withFields(
  record: Extract<TeamRecord, { kind: 'entry' }>,
  fields: ReturnType<typeof mergeFields>,
): TeamRecord {
  if (fields.length > 0) record.fields = fields;
  return record;
}

function same(x: Side, y: Side): boolean {
  if (x === undefined || y === undefined) return x === y;
  return serializeRecord(x) === serializeRecord(y);
}

function pick<T>(base: T, ours: T, theirs: T): T | undefined {
  if (ours === theirs || base === theirs) return ours;
  if (base === ours) return theirs;
  return undefined;
}

function normalise(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** A side's versions: its entry, its conflict's versions, or "deleted". */
function flatten(side: Side, base: Side, commit: string | null): TeamVersion[] {
  if (side === undefined) return [{ section: base?.section ?? '', text: null, commit }];
  if (side.kind === 'conflict') return side.versions;
  const scope = recordScope(side);
  return [
    scope === undefined
      ? { section: side.section, text: side.text, commit }
      : { section: side.section, text: side.text, commit, scope },
  ];
}

/** Versions that say the same thing are one version (the first one's commit is kept). */
function dedupe(versions: readonly TeamVersion[]): TeamVersion[] {
  const seen = new Map<string, TeamVersion>();
  for (const version of versions) {
    const key = version.text === null ? '\u0001deleted' : `${version.section}\u0000${normalise(version.text)}`;
    if (!seen.has(key)) seen.set(key, version);
  }
  return [...seen.values()];
}
