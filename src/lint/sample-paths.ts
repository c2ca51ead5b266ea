import type { LintDocument } from './lint-document.js';
import { escapeRegExp } from '../core/text/escape-regexp.js';
import { KIND_NOUNS } from './is-no-file-meant.js';

// Fence languages whose lines are commands run as written: a path there is one the command opens.
const SHELL_LANGS =
  /^(?:|bash|sh|shell|zsh|fish|console|shell-session|sh-session|powershell|ps1|pwsh|cmd|bat|text|txt)$/i;
// A heading over a snippet that shows how to call the code: "## Usage", "### Example", "## Usage examples".
const USAGE_HEADING = /^(?:usage|examples?|usage\s+examples?|example\s+usage)$/i;
// What may open a quoted path that is a call's argument: a name applied to it (`lib.getFile "…"`, `load_config("…"`).
const CALLED_BEFORE = /([A-Za-z_][\w.]*)\s*\(?\s*["']$/;
// Names whose quoted argument is a module or file the code really loads, not the caller's own.
const LOADS = /(?:^|\.)(?:import|require|from|include|source|use|mod|load)$/;

/**
 * Whether every mention of `reference` in a code block under a usage heading ("## Usage", "### Example") is a quoted
 * argument of a call in a program's language (`sops.defaultSopsFile = lib.getFile "secrets/default.yaml";` in a ```nix
 * snippet of set 145's khanelinix `lib/AGENTS.md`): the snippet shows how to call a helper, and the argument is the
 * caller's own file, written as a sample. A shell block's path is one its command opens, and an import's is a module
 * the code loads: both stay paths. The caller asks this only of a path git never had.
 */
export function isSnippetArgument(reference: string, doc: LintDocument): boolean {
  if (doc.fence === undefined || SHELL_LANGS.test(doc.fence.lang)) return false;
  if (!USAGE_HEADING.test((doc.section.split(' > ').at(-1) ?? '').trim())) return false;
  const quoted = new RegExp(`(["'])${escapeRegExp(reference)}\\1`, 'g');
  const mentions = [...doc.text.matchAll(quoted)];
  if (mentions.length === 0 || mentions.length !== doc.text.split(reference).length - 1) return false;
  return mentions.every((match) => {
    const called = CALLED_BEFORE.exec(doc.text.slice(Math.max(0, match.index - 80), match.index + 1));
    return called !== null && !LOADS.test(called[1] ?? '');
  });
}

// The state a test is in when a debugging step names it by that state: "the failing test" written as a name.
const TEST_STATE = /^(?:failing|flaky|broken)[-_]/;

/**
 * Whether `reference` is a file named by its kind in the folder of that kind (`tests/test.json`, `scripts/script.sh`,
 * `components/component.tsx`): "a test in tests/", as set 145's vpittamp/nixos-config writes `sway-test run
 * tests/test.json` (once `tests/test_example.json`) over its `tests/sway-tests/**` cases. So is the kind named by its
 * state (`tests/failing_test.py`): set 157's 6fb-booking debugs "the failing test" with `pytest -vv
 * tests/failing_test.py`. The caller asks this only of a path git never had: a real `tests/test.py`, later removed, is
 * still reported.
 */
export function isKindFolderStandIn(reference: string): boolean {
  const parts = reference.replace(/^\.?\/+/, '').split('/');
  if (parts.length < 2) return false;
  const stem = (parts.at(-1) ?? '')
    .replace(/\.[^.]*$/, '')
    .toLowerCase()
    .replace(TEST_STATE, '');
  const folder = (parts.at(-2) ?? '').toLowerCase();
  if (!new RegExp(`^(?:${KIND_NOUNS})$`).test(stem)) return false;
  return folder === `${stem}s` || folder === `${stem}es`;
}

// A path part the reader names for their own project: `your_integration`, `your-app`, `my_plugin`, or in camel case
// `myService.js`, `YourApp` (set 213's battery-pack guide: `import … from '../services/myService.js'`).
const READER_PART = /^(?:your|my)[-_][\w.-]+$/i;
const READER_CAMEL_PART = /^(?:[Yy]our|[Mm]y)[A-Z][\w.-]*$/;

/**
 * Whether `reference` stands in a code block that also names a folder or file the reader makes for their own project
 * (a part `your_integration`, `my-plugin`, `myService.js` that the repository does not have): the block is a generic recipe, written for
 * any project of its kind, and its other paths are that kind's, not this repository's. Set 172's ha-ev-smart-charger
 * imports a Home Assistant development guide whose "Running tests" block runs `pytest
 * tests/components/your_integration/test_init.py` and `pytest tests/test_core.py`, Home Assistant core's own test file.
 * The caller asks this only of a path git never had: one git saw removed after the agent file came in is still reported.
 */
export function isInReaderProjectBlock(
  reference: string,
  doc: LintDocument,
  exists: (path: string) => boolean,
): boolean {
  if (doc.code !== true || !(/\b(?:your|my)[-_]/i.test(doc.text) || /\b(?:[Yy]our|[Mm]y)[A-Z]/.test(doc.text)))
    return false;
  const own = reference.replace(/^\.?\/+/, '');
  return doc.text.split(/[\s`'"()[\]=,;:]+/).some((token) => {
    const parts = token.replace(/^\.?\/+/, '').split('/');
    if (parts.length < 2 || parts.join('/') === own) return false;
    const at = parts.findIndex((part) => READER_PART.test(part) || READER_CAMEL_PART.test(part));
    return at >= 0 && !exists(parts.slice(0, at + 1).join('/'));
  });
}

// A line of a drawn folder tree: "├── plan.md", "└── step_3_ux_review.md".
const TREE_BRANCH = /[├└]──/;

/**
 * Whether `reference` (a file git never had) is shown beside a made-up entry of its own folder: its section draws, in a
 * code block, a tree of a folder the repository lacks right under the same folder (set 211's gpx_predict: "Plans are
 * kept in `task_tracker/todo/`", then "for a small task, one file:" over `task_tracker/todo/fix_percentile.md`, and
 * "for a large feature, a folder:" over `task_tracker/todo/compare_runners/` drawn file by file). The section shows
 * the shapes a new entry of that folder takes, each on a made-up one; the file is no more there than the folder beside
 * it. A file alone in its section, or beside a drawn folder the repository has, is still checked. Never throws.
 */
export function isBesideDrawnSampleEntry(
  reference: string,
  documents: readonly LintDocument[],
  index: number,
  exists: (path: string) => boolean,
): boolean {
  const path = reference.replace(/^\.?\/+/, '');
  const slash = path.lastIndexOf('/');
  if (slash <= 0) return false;
  const folder = path.slice(0, slash);
  const section = documents[index]?.section;
  if (section === undefined) return false;
  const entry = new RegExp(`(?<![\\w./-])${escapeRegExp(folder)}/([\\w.@-]+)/`, 'g');
  return documents.some(
    (doc) =>
      doc.section === section &&
      doc.code === true &&
      TREE_BRANCH.test(doc.text) &&
      [...doc.text.matchAll(entry)].some((match) => !exists(`${folder}/${match[1] ?? ''}`)),
  );
}
