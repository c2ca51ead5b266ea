/**
 * Whether a path an agent file names, missing from the repository, names no file anyone means to
 * be there: the reasons are categories of writing seen in real agent files, each a named test
 * below, so that `missing-path` is left to references a maintainer would fix.
 */
import { posix } from 'node:path';
import type { LintDocument } from './lint-document.js';

/** Stems of made-up file names: `tests/path/to/test.py`, `foo.ts`, `test_name.py`, `new-agent.md`, `EventNameHere`. */
const PLACEHOLDER_WORDS = new Set([
  'path',
  'foo',
  'bar',
  'baz',
  'qux',
  'example',
  'placeholder',
  'your',
  'my',
  'some',
  'specific',
  'xxx',
  'xyz',
  'new',
  'here',
]);

/** Folders of the machine, not of a repository: `>/dev/null`, `/tmp/out`, `/usr/bin/code`, `/Users/me`. */
const SYSTEM_FOLDERS = new Set([
  'dev',
  'tmp',
  'etc',
  'usr',
  'var',
  'proc',
  'sys',
  'opt',
  'home',
  'mnt',
  'private',
  'Users',
  'Library',
  'Applications',
  'Volumes',
  'System',
]);

const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.js', '.jsx', '.mjs', '.cjs', '.py', '.go', '.rs', '.rb', '.java', '.kt'];

/** Where `reference` is written in `text`: each start offset. */
function offsetsOf(reference: string, text: string): number[] {
  const offsets: number[] = [];
  for (let at = text.indexOf(reference); at >= 0; at = text.indexOf(reference, at + 1)) offsets.push(at);
  return offsets;
}

/** Whether the offset `at` of `text` lies inside a code span of its line. */
function inCodeSpan(text: string, at: number): boolean {
  const lineStart = text.lastIndexOf('\n', at - 1) + 1;
  return (text.slice(lineStart, at).match(/`/g)?.length ?? 0) % 2 === 1;
}

/** The words of a path's parts, without extensions: `EventNameHere` is event, name, here; `new-agent.md` new, agent. */
function wordsOf(parts: readonly string[]): string[] {
  return parts.flatMap((part) =>
    part
      .replace(/\.[^.]*$/, '')
      .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
      .toLowerCase()
      .split(/[-_.\s]+/),
  );
}

/**
 * Whether a missing `reference` in the document names no file anyone means to be there:
 * - a placeholder: a made-up stem (`new-agent.md`, `test_name.py`) or a name cut where the text
 *   goes on with a template part (`test_integration_<key>.py`, `logs/{date}.txt`, `out/$NAME`);
 * - a file the sentence says to create ("Create `agents/x.md`");
 * - an example ("e.g.", "directories like"), a negated mention ("ships no `x`");
 * - a folder of the machine written from the root (`>/dev/null`, `/usr/bin/code`);
 * - a branch name, in text or under a heading about branches, or after `git checkout -b`;
 * - a file each user keeps for themselves (`.claude/settings.local.json`, `.env.local`);
 * - two sibling folders as alternatives ("web/worker logs"), a `module.symbol` whose module exists,
 *   an npm scope (`@pnpm/config`), or two words joined by a slash in prose ("HTTP server/client").
 * Never throws.
 */
export function isNoFileMeant(reference: string, doc: LintDocument, exists: (path: string) => boolean): boolean {
  const { text } = doc;
  const parts = reference
    .replace(/^\.?\/+/, '')
    .replace(/\/$/, '')
    .split('/');
  const last = parts.at(-1) ?? '';
  const words = wordsOf(parts);
  // `name` ends a placeholder's stem (`test_name.py`, `module_name/`), elsewhere it is a word of a real name.
  if (
    words.some((word) => PLACEHOLDER_WORDS.has(word)) ||
    words.at(-1) === 'name' ||
    /[-_]file$/i.test(last.replace(/\.[^.]*$/, ''))
  )
    return true;
  // A user's own settings beside the shared ones: never committed, whatever the repository's ignore rules say.
  if (/(?:^|\.)local(?:\.|$)/.test(last)) return true;
  const offsets = offsetsOf(reference, text);
  // The name goes on with a template part: `test_integration_<key>.py` was cut at `<` by the finder.
  if (offsets.some((offset) => /^[<{$%]/.test(text.slice(offset + reference.length)))) return true;
  if (
    SYSTEM_FOLDERS.has(parts[0] ?? '') &&
    offsets.length > 0 &&
    offsets.every((offset) => text[offset - 1] === '/' && !/[\w.-]/.test(text[offset - 2] ?? ''))
  )
    return true;
  if (isBranchName(reference, doc)) return true;
  const at = offsets[0] ?? -1;
  const before = at < 0 ? '' : text.slice(Math.max(0, at - 40), at);
  // "Create `agents/x.md`": a file the sentence asks for is not there yet.
  if (/\b(?:create|creates|creating)\b/i.test(before.split(/[.!?]\s|\n/).at(-1) ?? '')) return true;
  // An example runs to the end of its sentence: a dot inside a code span (`qa/SKILL.md`) ends nothing.
  if (/\b(e\.g\.|eg\.|for example|for instance|such as|\w{3,}s like)(?:[^.;\n]|\.(?!\s))*$/i.test(before)) return true;
  if (/\b(no|without)\s*[`'"*]*$/i.test(before)) return true;
  if (offsets.length > 0 && offsets.every((offset) => text[offset - 1] === '@')) return true;
  if (
    parts.length === 2 &&
    !reference.endsWith('/') &&
    posix.extname(last) === '' &&
    ((exists(parts[0]!) && exists(last)) ||
      (doc.code !== true && offsets.length > 0 && offsets.every((offset) => !inCodeSpan(text, offset))))
  )
    return true;
  const dot = reference.lastIndexOf('.');
  if (dot > reference.lastIndexOf('/')) {
    const module = reference.slice(0, dot);
    if (exists(module) || SOURCE_EXTENSIONS.some((ext) => exists(`${module}${ext}`))) return true;
  }
  return false;
}

/**
 * Whether `reference` is a git branch: named after `git checkout -b`, `git switch -c`, `git branch`
 * or `git push <remote>`, or, with no file extension, in a text or under a heading about branches
 * ("Branch naming": `docs/2677-branch-naming`).
 */
function isBranchName(reference: string, doc: LintDocument): boolean {
  const escaped = reference.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  if (new RegExp(`\\bgit\\s+(?:checkout\\s+-[bB]|switch\\s+-[cC]|branch|push\\s+\\S+)\\s+\`?${escaped}`).test(doc.text))
    return true;
  return posix.extname(reference) === '' && /\bbranch(?:es)?\b/i.test(`${doc.section}\n${doc.text}`);
}
