/**
 * Text better scoped by path: a section of an always-loaded Claude Code file whose every rule names
 * files under one folder. As a `.claude/rules/` file with `paths:` it would load only once the
 * agent reads a file there, and cost nothing at start-up otherwise.
 */
import { posix } from 'node:path';
import { estimateTokens, type LintFinding } from './lint-report.js';
import type { LintSource } from './lint-document.js';
import { findPathReferences } from './find-path-references.js';

const MIN_RULES = 3;

/** Returns the folder every path of `paths` lies under (repository-relative, no trailing "/"), or null; never throws. */
function commonFolder(paths: readonly string[]): string | null {
  const folders = paths.map((path) => (path.endsWith('/') ? path.slice(0, -1) : posix.dirname(path)).replace(/^\.\//, ''));
  if (folders.length === 0 || folders.some((folder) => folder === '.' || folder.startsWith('..'))) return null;
  let common = folders[0]!.split('/');
  for (const folder of folders.slice(1)) {
    const parts = folder.split('/');
    let same = 0;
    while (same < common.length && same < parts.length && common[same] === parts[same]) same += 1;
    common = common.slice(0, same);
  }
  return common.length === 0 ? null : common.join('/');
}

/** Returns a note per section of `sources` (always-loaded files only) whose rules all name paths under one folder; never throws. */
export function findPathScopedSections(sources: readonly LintSource[]): LintFinding[] {
  const out: LintFinding[] = [];
  for (const source of sources) {
    const sections = new Map<string, LintSource['documents'][number][]>();
    for (const doc of source.documents) {
      if (doc.section === '') continue;
      const list = sections.get(doc.section);
      if (list) list.push(doc);
      else sections.set(doc.section, [doc]);
    }
    for (const [section, docs] of sections) {
      if (docs.length < MIN_RULES) continue;
      const references = docs.map((doc) => findPathReferences(doc.text));
      if (references.some((paths) => paths.length === 0)) continue;
      // A list of documents to read (links to .md files) is a reading list, not rules about code there.
      if (references.flat().every((path) => path.endsWith('.md'))) continue;
      const folder = commonFolder(references.flat());
      if (folder === null || folder.startsWith('.')) continue;
      const tokens = estimateTokens(docs.reduce((sum, doc) => sum + Buffer.byteLength(doc.text) + 3, 0));
      out.push({
        code: 'path-scopable-section',
        level: 'info',
        file: source.path,
        line: docs[0]!.line,
        message: `all ${docs.length} rules of "${section.split(' > ').at(-1)}" name files under ${folder}/: as a .claude/rules/ file with paths: ${folder}/** they would load only when the agent reads one (~${tokens.toLocaleString('en-US')} tokens less at start-up)`,
      });
    }
  }
  return out;
}

/**
 * Returns a note per folder under which 2 or more entries of the rendered team memory name all
 * their paths: the tokens a path-scoped rendering of them would save at start-up; never throws.
 */
export function findPathScopedTeamEntries(sources: readonly LintSource[]): LintFinding[] {
  const out: LintFinding[] = [];
  for (const source of sources) {
    const areas = new Map<string, LintSource['documents'][number][]>();
    for (const doc of source.documents) {
      const paths = findPathReferences(doc.text);
      const folder = paths.length === 0 || paths.every((path) => path.endsWith('.md')) ? null : commonFolder(paths);
      if (folder === null || folder.startsWith('.')) continue;
      // The area is the folder's first two levels (packages/api, src/server): one rules file each.
      const area = folder.split('/').slice(0, 2).join('/');
      const list = areas.get(area);
      if (list) list.push(doc);
      else areas.set(area, [doc]);
    }
    for (const [area, docs] of areas) {
      if (docs.length < 2) continue;
      const tokens = estimateTokens(docs.reduce((sum, doc) => sum + Buffer.byteLength(doc.text) + 3, 0));
      out.push({
        code: 'path-scopable-team-entries',
        level: 'info',
        file: source.path,
        line: docs[0]!.line,
        message: `${docs.length} team memory entries name only files under ${area}/: rendered into a rules file with paths: ${area}/** they would load only when the agent reads one (~${tokens.toLocaleString('en-US')} tokens less at start-up)`,
      });
    }
  }
  return out;
}
