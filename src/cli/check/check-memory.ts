/**
 * `mem check`: the team memory's entries against the committed state at HEAD (stale, changed,
 * fresh), optionally only those invalidated since a revision, and the references of the
 * hand-written agent files that no longer resolve. Reads only; writes nothing but the cache.
 */
import { findReferences } from '../../core/anchors/find-references.js';
import { resolveReference } from '../../core/anchors/resolve-anchors.js';
import type { EntryStaleness } from '../../core/anchors/entry-staleness.js';
import { anchorsOf } from '../../core/anchors/entry-anchors.js';
import { checkEntries } from '../../core/anchor-status.js';
import { MemError } from '../../core/errors.js';
import {
  readChangedPaths,
  readFileAt,
  readHeadCommit,
  readLastChange,
  resolveCommit,
  readRepoSnapshot,
  withManifests,
} from '../../core/git/read-repo-snapshot.js';
import { requireRepoRoot } from '../../core/git/repo-root.js';
import { readPathHistory } from '../../core/git/read-path-history.js';
import { readRegion } from '../../core/memory-file/read-region.js';
import { readWorkingText } from '../../core/rendering-state.js';
import { isManifestKind } from '../../core/anchors/repo-snapshot.js';
import type { Entry } from '../../core/memory-file/entry.js';
import { readTeamRefEntries } from '../../team/read-team-ref-entries.js';

export type CheckOptions = { since?: string; all?: boolean; files?: boolean };

/** One reference of a hand-written agent file that no longer resolves. */
export type FileFinding = { file: string; line: number; kind: string; value: string; renamedTo?: string };

export type CheckOutcome = { commit: string; entries: EntryStaleness[]; files: FileFinding[]; stale: number };

const AGENT_FILES = new Set(['CLAUDE.md', 'AGENTS.md', 'GEMINI.md', 'CLAUDE.local.md']);

/** Returns what `mem check` reports; throws NOT_A_GIT_REPO, or USAGE for a revision git does not know. */
export async function checkMemory(cwd: string, options: CheckOptions = {}): Promise<CheckOutcome> {
  const root = requireRepoRoot(cwd);
  const head = readHeadCommit(root);
  if (head === null)
    throw new MemError('USAGE', 'nothing to check against: this repository has no commit yet', {
      hint: 'Commit first; mem checks memory against the committed state.',
    });
  const since = options.since === undefined ? null : await resolveCommit(root, options.since);
  if (options.since !== undefined && since === null) {
    throw new MemError('USAGE', `--since ${options.since}: git knows no such revision here`, {
      hint: 'In CI, fetch the base branch first (e.g. git fetch origin main), then: mem check --since origin/main.',
    });
  }
  const working = readWorkingText(root);
  // A clone with no team memory of its own (CI) checks what the fetched team ref holds.
  const entries =
    working === '' ? ((await readTeamRefEntries(root, 'refs/mem/team')) ?? []) : readRegion(working).entries;
  const check = await checkEntries(root, entries, head);
  let results = check?.entries ?? [];
  if (since !== null) results = await invalidatedSince(root, since, head, results, entries);
  const listed = results.filter(
    (entry) => entry.status === 'stale' || (options.all === true && entry.status === 'changed'),
  );
  const files = options.files === true ? await checkAgentFiles(root, head) : [];
  return {
    commit: head,
    entries: listed,
    files,
    stale: listed.filter((entry) => entry.status === 'stale').length + files.length,
  };
}

/**
 * The stale entries whose stale anchors a commit since `since` touched, each reason naming the
 * newest such commit; the rest are left out (they were stale before, or are not stale).
 */
async function invalidatedSince(
  root: string,
  since: string,
  head: string,
  results: EntryStaleness[],
  entries: readonly Entry[],
): Promise<EntryStaleness[]> {
  const changed = await readChangedPaths(root, since, head);
  if (changed === null) return results;
  const touched = (path: string) => changed.has(path) || [...changed].some((file) => file.startsWith(`${path}/`));
  const out: EntryStaleness[] = [];
  for (const result of results) {
    if (result.status !== 'stale') continue;
    const field = anchorsOf(entries.find((entry) => entry.id === result.id)?.provenance ?? {});
    const reasons: string[] = [];
    for (const [index, anchor] of result.anchors.entries()) {
      const ref = field?.refs[index];
      if (anchor.status !== 'stale' || ref === undefined || !touched(ref.path)) continue;
      const by = await readLastChange(root, since, head, ref.path);
      reasons.push(
        `${result.reasons.find((reason) => reason.includes(`\`${anchor.value}\``)) ?? anchor.value}${by === null ? '' : ` (in ${by.commit} "${by.subject}")`}`,
      );
    }
    if (reasons.length > 0) out.push({ ...result, reasons });
  }
  return out;
}

/** The references of the committed CLAUDE.md / AGENTS.md / GEMINI.md files that no longer resolve and that git saw go (deleted or renamed). */
async function checkAgentFiles(root: string, head: string): Promise<FileFinding[]> {
  let snapshot = await readRepoSnapshot(root, head);
  if (snapshot === null) return [];
  const files = [...snapshot.objects]
    .filter(([path, object]) => object.type === 'blob' && AGENT_FILES.has(path.slice(path.lastIndexOf('/') + 1)))
    .map(([path]) => path);
  const found: Array<{ file: string; line: number; kind: string; value: string }> = [];
  const texts = await Promise.all(files.map((file) => readFileAt(root, head, file)));
  files.forEach((file, index) => {
    (texts[index] ?? '').split('\n').forEach((line, at) => {
      for (const reference of findReferences(line)) found.push({ file, line: at + 1, ...reference });
    });
  });
  snapshot = await withManifests(root, snapshot, found.map((reference) => reference.kind).filter(isManifestKind));
  // Note: a name that never was in the repository (an example, another project's file) is no finding: only what git saw go is.
  const gone = found
    .filter((reference) => reference.kind === 'path' || reference.kind === 'go-package')
    .filter(
      (reference) => resolveReference({ kind: reference.kind as never, value: reference.value }, snapshot) === null,
    )
    .map((reference) => ({ reference, path: reference.value.replace(/^\.?\//, '').replace(/\/+$/, '') }));
  if (gone.length === 0) return [];
  const history = readPathHistory(root, [...new Set(gone.map(({ path }) => path))], [], head);
  const findings: FileFinding[] = [];
  for (const { reference, path } of gone) {
    const removal = history.removed.get(path);
    // A folder git saw drained and refilled (the next release's notes) is empty between two runs of its process.
    if (removal === undefined || removal.drained === true) continue;
    findings.push(removal.renamedTo !== undefined ? { ...reference, renamedTo: removal.renamedTo } : reference);
  }
  return findings;
}
