/**
 * Whether a path an agent file names, missing from the repository, names no file anyone means to
 * be there: the reasons are categories of writing seen in real agent files, each a named test
 * below, so that `missing-path` is left to references a maintainer would fix.
 */
import { posix } from 'node:path';
import { escapeRegExp } from '../core/text/escape-regexp.js';
import { isPersonalFileName } from './is-personal-file-name.js';
import type { LintDocument } from './lint-document.js';
import { isAfterGoneLeadIn, joinWrappedLines } from './said-gone-lead-in.js';
import { offsetsOf } from './text-offsets.js';

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
  // a number left to fill in: `XX-description.sh` (XX = numeric prefix), `2026-01-XX-plan.md`, `NNN_add_users.sql`
  // (not `nn`: `torch/nn/`, a real folder's name)
  'xx',
  'xxxx',
  'nnn',
  'nnnn',
  'new',
  'here',
]);

/** Nouns of the kinds of file a made-up name stands for: `mytest.ts`, `src/module.zig` ("test single module"). */
export const KIND_NOUNS =
  'test|spec|file|app|project|component|module|feature|package|service|plugin|script|page|lib|class|function|func|crate|model|view|widget|node|tool|command|hook|job|task|handler|table';

/**
 * A placeholder written as one word: "my" and what the name stands for (`tests/mytest.ts`, `src/mycomponent.tsx`,
 * `myapp/`). Names of tools that start so (mypy, mysql, myst) go on with no such noun.
 */
const MY_NOUN = new RegExp(`^my(?:${KIND_NOUNS})s?$`);

/** A date or time left to fill in, written as its format: `YYYYMMDDHHMMSS_description.up.sql`, `YYYY-MM-DD-plan.md`. */
const DATE_PATTERN = /^(?=.{4})(?:yyyy|yy|mm|dd|hh|ss)+$/;
/** A content hash as a file's name: eight hex digits or more, a digit and a letter among them (a3f5c9b8d7e2f1a4, not 20240101 nor deadbeef). */
const HASH_NAME = /^(?=[0-9a-f]*[0-9])(?=[0-9a-f]*[a-f])[0-9a-f]{8,}$/;

/**
 * A version left to fill in, written as its parts' letters: `cli/azd/vX.Y.Z` (a module's release tag), `tool-X.Y.Z.tar.gz`,
 * `vN.N`. The last letter is no extension: nothing of the kind is a file of the repository. Or as one capital after a
 * lower-case `v`: `docker/config/common/traces-limits-vV.toml` beside `traces-limits-v5.toml` (set 83's linea, one
 * file per tracer version); real names spell the number (`v5`) or the word (`vendor`), never `v` and a lone capital.
 */
const VERSION_PATTERN = /(?:^|[^A-Za-z0-9])(?:v?(?:X\.Y(?:\.Z)?|x\.y(?:\.z)?|N\.N(?:\.N)?)|v[NVX])(?![A-Za-z0-9])/;

/**
 * A number left to fill in, written as a letter and the step from it: `db/upgrades/vN_vN+1.py` (the upgrade from any
 * version N to the next, beside `v35_v36.py`), `migrations/N-1.sql`. No file's name does arithmetic on a capital letter.
 */
const NUMBER_STEP_PATTERN = /(?:^|[^A-Za-z0-9])v?[NKX][+-]1(?![A-Za-z0-9])/;

/**
 * A number left to fill in after the capital letters that prefix it: `docs/queue/QNNN.md` (one backlog item per file,
 * beside `Q11.md` and `Q169.md`, set 133's github-actions-gateway), `rfcs/RFCXXXX.md`. No name of a file ends in three
 * capital N or X after a capital (`NNN` and `XXX` alone are placeholder words).
 */
const PREFIXED_NUMBER_PATTERN = /(?:^|[^A-Za-z0-9])[A-Z]{1,4}(?:N{3,}|X{3,})(?![A-Za-z0-9])/;

/**
 * A value left to fill in, written as capital words joined by `_` before a lower-case part of the same name:
 * `reproductions/ISSUE_NUMBER_description.surql` (beside `3290_multi_column_unique_index_none.surql`, set 62's
 * surrealdb), `changes/PR_NUMBER_short-title.md`. One capital word (`README_zh.md`) or capitals alone
 * (`CODE_OF_CONDUCT.md`) are real names.
 */
const CAPITALS_PATTERN = /(?:^|[^A-Za-z0-9])[A-Z]{2,}(?:_[A-Z]{2,})+(?=[_-][a-z])/;

/**
 * A number left to fill in, written as a capital letter twice that opens a name's word (`docs/errata/NN_snake_case_topic.md`,
 * `docs/adr/NN-imperative-verb-phrase.md`), where the same text says what the letters stand for: "NN is the spec number
 * the erratum relates to", "To choose NN, list existing files" (set 223's parking-fee-service, its agent file's naming
 * rules). A model's `NN_model.py` is named so too, and is checked unless the text defines `NN` as a value.
 */
function isExplainedLetterNumber(parts: readonly string[], text: string): boolean {
  const letters = parts.flatMap((part) => [...part.matchAll(/(?:^|[^A-Za-z0-9])([NX])\1(?=[_-]?[a-z0-9])/g)]);
  return letters.some((match) => {
    const token = (match[1] ?? '').repeat(2);
    return new RegExp(
      `(?<![\\w/.-])${token}\\s+(?:is|=|stands\\s+for|means)\\b|\\b(?:choose|pick|set|find)\\s+${token}(?![\\w/.-])`,
    ).test(text);
  });
}

/**
 * An address kept for examples (`https://example.atlassian.net`, `you@example.com`, `api.example.com`): a command
 * line carrying one is shown on an example, and a file it is given (`node dist/cli.js docs/page.md --url …`) is the user's.
 */
const EXAMPLE_ADDRESS = /(?:https?:\/\/|@)(?:[\w-]+\.)*example\.[a-z]{2,}|\b[\w-]+\.example\b/i;

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

/**
 * Whether a file named by the kind of file it is (`module.zig`, `test.py`, `component.tsx`) stands for any one of that
 * kind, as its own line says: "| `zig test src/module.zig` | Test single module directly |" (set 113's gamemath, whose
 * modules are `src/root.zig` and `src/math/vec.zig`). A real file so named is not spoken of as "single", "any" or
 * "each" module ("a module" may well describe one).
 */
function isKindStandIn(last: string, line: string): boolean {
  const stem = last.replace(/\.[^.]*$/, '').toLowerCase();
  if (!new RegExp(`^(?:${KIND_NOUNS})$`).test(stem)) return false;
  return new RegExp(`\\b(?:single|one|any|each|individual|given|particular)\\s+${stem}s?\\b`, 'i').test(line);
}

/** The line of `text` holding offset `at`. */
function lineAt(text: string, at: number): string {
  return text.slice(text.lastIndexOf('\n', at - 1) + 1, (text.indexOf('\n', at) + 1 || text.length + 1) - 1);
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
 * What the words just before a path say when it is the user's own file, outside the repository: "check your user-level
 * hooks\n(`.claude/hooks.json`)" (set 92's home-assistant-assistant: a Windows user's own Claude Code hooks, beside the
 * plugin's `hooks/hooks.json`), "the user-wide config at `x`", "your home directory's (`x`)". A comma between
 * ("unlike user-level settings, `.claude/settings.json` is committed") leaves the path the repository's.
 */
const USERS_OWN_BEFORE =
  /\b(?:user[- ](?:level|wide|global|scoped?)|home[- ](?:directory|folder)(?:'s)?)\s+(?:[\w-]+\s+){0,2}(?:\(\s*|(?:at|in|under)\s+)?[`'"*]*$/i;
const USERS_OWN_REACH = 60;

// "Add cover image as `images/cover.jpg`", "Save the export as `data/x.csv`": the name the sentence gives a file its
// reader is to add (set 43's book scaffold, its cover slot empty until the author has one). "such as" gives an example
// (read below), "as well as" names one more file, and a name "the same as" another's compares.
const ADDED_AS =
  /\b(?:add|save|place|put|store|write|export)\b(?:(?!\b(?:same|like)\b)[^`'"])*?(?<!\b(?:such|well)\s)\bas\s*[`'"*]*$/i;

// "e.g.", "for example", "directories like" … with no end of sentence after it (a dot before a space, or `;`); so in
// Japanese, "（例: `x`）", "例えば", and in Chinese, "例如", "比如", up to "。" or "；" (not "例外", an exception, nor "比例").
const EXAMPLE_LEAD =
  /(?:\b(?:e\.g\.|eg\.|for example|for instance|such as|\w{3,}s like)|(?<![\p{L}\p{N}])例\s*[:：]|例えば|たとえば|例如|比如|譬如)(?:[^.;。；]|\.(?!\s))*$/iu;
const EXAMPLE_REACH = 200;

/**
 * Whether a missing `reference` in the document names no file anyone means to be there:
 * - a placeholder: a made-up stem (`new-agent.md`, `test_name.py`) or a name cut where the text
 *   goes on with a template part (`test_integration_<key>.py`, `logs/{date}.txt`, `out/$NAME`), or a date's
 *   format left to fill in (`migrate/YYYYMMDDHHMMSS_description.up.sql`), or a version's (`cli/azd/vX.Y.Z`, a tag, `-vV.toml`),
 *   or a number's as a step from a letter (`db/upgrades/vN_vN+1.py`), or a value's in capitals (`ISSUE_NUMBER_description.surql`);
 * - a file the sentence says to create ("Create `agents/x.md`", "implement `x`") or to add under a name ("Add cover image as `x`"),
 *   or says a tool generates ("`x` is generated by"),
 *   or a command's output (`> out.md`, `-o build/app.js`, `touch x`, `mkdir -p x`, `ln -s a x`, `cp a x`, `mv a x`),
 *   or a file a comment says a step writes, named by its base name ("-symbolfile writes main.sym" over `mv src/main.sym …`),
 *   (and, read by the caller over the whole file, isLeftBehindInFile: what a run leaves behind, by its name),
 *   a call's (`page.screenshot({ path: 'x' })`, `writeFileSync('x'`), or a file a procedure stages (`git add x`);
 * - a good or bad example of a convention (an item starting ✅ or ❌, or a code block's paragraph under a comment so
 *   captioned, and the files labelled after it), a source file named beside its own
 *   test file (`lib/acme/client.rb` → `spec/acme/client_spec.rb`), or a path spelling a class named
 *   beside it (`acme/product.rb` → `Acme::Product`);
 * - an example ("e.g.", "directories like"), a name a pattern is tried on ("`a/x_spec.rb` hits while `b/y.py` does
 *   not"), a negated mention ("ships no `x`", "(not `x`)"), a file given to a command
 *   line that carries an example address (`… docs/page.md --url https://example.atlassian.net`);
 * - a folder of the machine written from the root (`>/dev/null`, `/usr/bin/code`);
 * - a branch name, in text or under a heading about branches, or after `git checkout -b`;
 * - a file of another thing named just before it, no path of the repository ("`web-audio-daw`'s `src/common.js`");
 * - a file each user keeps for themselves (`.claude/settings.local.json`, `.env.local`, `notes.personal.md`), or a
 *   file of the user's own setup the words before it name ("your user-level hooks (`.claude/hooks.json`)");
 * - a path the text says is gone or elsewhere: in a link to a web address (another repository's
 *   `docs/drive/`), or in a clause saying it was removed, decommissioned, retired or moved, or that it
 *   lives in another repository ("the legacy `dev/efps` suite has been decommissioned"), or given in parentheses as an
 *   example of what such a clause speaks of ("dead components (`x`, etc.) have been deleted"), or listed in a clause closed by
 *   a bare participle ("(the `x` crate, `docs/monetization/`, and the billing layers deleted)"), or that
 *   something no longer lives there ("code no longer lives under `core/src/services` or `core/src/layers`"), or listed
 *   under a "**Files Deleted:**" label or after a lead-in saying its list is gone ("Removed in v3.1, do not resurrect: `a`, `b`"),
 *   came from there ("`crates/util/` - was `src/util/`", "split out of `a`") or took its place ("the dashboard, replaces `acme/admin`"), or is the subject of a past habit ("the shape `x` used to expose");
 * - a path the text says may not be there ("`docs/design-system.md` (if exists)", "(future)", "a future `x`", "When present, … under `x`",
 *   "`web/.env.example`, which does not exist today", "IF `x` exists THEN …", "the hook … when it finds `a`, `b`, or `x`");
 * - a path a git command on its line reads from a commit (`git ls-tree -r "$SHA^" -- docs/old`), or one the text says
 *   not to make again ("Do not recreate a `src/lib` source mirror") or at all ("Do not add `lib/acme/README.md`");
 * - a `path:line` its line says a tool displays ("Displays file path and line number (`src/main.gleam:8`)");
 * - two sibling folders or two files of one kind as alternatives ("web/worker logs", `readable.ts/writable.ts`),
 *   two files of the repository as a pair (`go.mod/go.sum`),
 *   one file's name in two places as alternatives, the other place holding it (`CLAUDE.md`/`.claude/CLAUDE.md`),
 *   a `module.symbol` whose module exists, a program the build names after its source (dune's `test/main.exe`),
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
  // `name` ends a placeholder's stem (`test_name.py`, `module_name/`), elsewhere it is a word of a real name; a stem
  // `file` is "a file" written as a name (`npm run test:e2e -- tests/e2e/file.ts`, `my_file.py`), a test suffix after it
  // too (set 109's iznik-nuxt3: "For single test: `npx playwright test tests/e2e/file.spec.js`").
  if (
    words.some((word) => PLACEHOLDER_WORDS.has(word) || MY_NOUN.test(word) || DATE_PATTERN.test(word)) ||
    parts.some(
      (part) =>
        VERSION_PATTERN.test(part) ||
        NUMBER_STEP_PATTERN.test(part) ||
        PREFIXED_NUMBER_PATTERN.test(part) ||
        CAPITALS_PATTERN.test(part),
    ) ||
    isExplainedLetterNumber(parts, text) ||
    words.at(-1) === 'name' ||
    /(?:^|[-_])file(?:name)?(?:[._-](?:spec|test))?$/i.test(last.replace(/\.[^.]*$/, ''))
  )
    return true;
  if (isPersonalFileName(last)) return true;
  // A file named by a content hash (`embeddings/a3f5c9b8d7e2f1a4.npy` in a sample of the metadata a tool writes, beside
  // its `"content_hash": "a3f5c9b8d7e2f1a4"`, set 233's scriptrag): a program names such files as it writes them, so
  // the name stands for whatever file that run makes, not one the repository keeps.
  if (HASH_NAME.test(last.replace(/\.[^.]*$/, ''))) return true;
  const offsets = offsetsOf(reference, text);
  if (
    offsets.length > 0 &&
    offsets.every((offset) => USERS_OWN_BEFORE.test(text.slice(Math.max(0, offset - USERS_OWN_REACH), offset)))
  )
    return true;
  // The name goes on with a template part: `test_integration_<key>.py` was cut at `<` by the finder.
  if (offsets.some((offset) => /^[<{$%]/.test(text.slice(offset + reference.length)))) return true;
  if (
    SYSTEM_FOLDERS.has(parts[0] ?? '') &&
    offsets.length > 0 &&
    offsets.every((offset) => text[offset - 1] === '/' && !/[\w.-]/.test(text[offset - 2] ?? ''))
  )
    return true;
  if (isBranchName(reference, doc)) return true;
  // A file of another thing named just before it ("as `web-audio-daw`'s `src/common.js` does", set 137's three-flatland:
  // a dependency's own source file): a name that is no path of the repository owns the path, which is its, not ours.
  if (offsets.length > 0 && offsets.every((offset) => isOtherThingsFile(text, offset, exists))) return true;
  if (offsets.length > 0 && offsets.every((offset) => EXAMPLE_ADDRESS.test(lineAt(text, offset)))) return true;
  const at = offsets[0] ?? -1;
  const before = at < 0 ? '' : text.slice(Math.max(0, at - 40), at);
  // "Create `agents/x.md`": a file the sentence asks for is not there yet; "`x` is generated by …": a tool makes it.
  if (at >= 0 && saysCreatedAt(text, at)) return true;
  // A file the text makes or stages anywhere is one it means to be made: its other mentions (a link to it) are that file.
  if (isMadeIn(reference, text)) return true;
  if (offsets.some((offset) => REMOVED_BY.test(text.slice(Math.max(0, offset - 80), offset)))) return true;
  const after = at < 0 ? '' : text.slice(at + reference.length, at + reference.length + 80);
  if (/^[^.!?\n]*\b(?:is|are)\s+generated\b/i.test(after)) return true;
  // A good or bad example of a convention ("✅ `src/components/user-profile/`", "❌ `src/components/UserProfile/`").
  if (isExampleItem(doc.text)) return true;
  if (offsets.length > 0 && offsets.every((offset) => isNewThingExample(text, offset))) return true;
  if (isNameForbiddenByHeading(doc.section, last)) return true;
  if (isSampleSection(doc.section, doc.code === true)) return true;
  // A slash command's argument (`/add-allure tests/web-ui/test_cart.py` in a commands table's "Example" column, set
  // 95's ai-pytest-playwright-automation): the file the user hands the command, not one the repository keeps.
  if (
    offsets.length > 0 &&
    offsets.every((offset) => SLASH_COMMAND_BEFORE.test(text.slice(Math.max(0, offset - 80), offset)))
  )
    return true;
  // A source file beside its own test file ("`lib/acme/client.rb` → `spec/acme/client_spec.rb`"): where tests go, shown on an example.
  if (isSourceTestPair(last, doc.text)) return true;
  // A path spelling a class named beside it ("`acme/product.rb` → `Acme::Product`"): the autoloader's naming, on an example.
  if (spellsNamedClass(parts, doc.text)) return true;
  // An example runs to the end of its sentence: a dot inside a code span (`qa/SKILL.md`) ends nothing, nor does a
  // paragraph's line break, and its lead can stand a long way before the path ("For example, if the failed test
  // indicates\n`/home/prow/go/src/sigs.k8s.io/kueue/test/e2e/…`", set 85's kueue). A code block's line is its own.
  const sentence = at < 0 ? '' : text.slice(Math.max(0, at - EXAMPLE_REACH), at);
  if (EXAMPLE_LEAD.test(doc.code === true ? (before.split('\n').at(-1) ?? '') : sentence)) return true;
  if (at >= 0 && isNegatedBefore(text.slice(Math.max(0, at - NEGATED_REACH), at))) return true;
  if (offsets.length > 0 && offsets.every((offset) => isPatternSample(text, offset, reference.length))) return true;
  if (offsets.length > 0 && offsets.every((offset) => text[offset - 1] === '@')) return true;
  // A clause or list wrapped over a paragraph's lines says what it says of every path in it (set 97's WintEHR).
  const prose = doc.code === true ? text : joinWrappedLines(text);
  if (
    offsets.length > 0 &&
    offsets.every(
      (offset) =>
        isInWebLink(text, offset) ||
        saysGone(prose, offset) ||
        isListedAsRemoved(text, offset) ||
        isAfterGoneLeadIn(prose, offset),
    )
  )
    return true;
  if (offsets.length > 0 && offsets.every((offset) => saysMaybe(prose, offset, reference.length))) return true;
  if (offsets.length > 0 && offsets.every((offset) => isReadFromHistory(text, offset))) return true;
  if (offsets.length > 0 && offsets.every((offset) => isPrintedLocation(text, offset, reference.length))) return true;
  if (offsets.length > 0 && offsets.every((offset) => isKindStandIn(last, lineAt(text, offset)))) return true;
  // Two file names of one kind joined by a slash (`readable.ts/writable.ts`): "one or the other", not a folder named like a file.
  if (
    parts.length === 2 &&
    !reference.endsWith('/') &&
    posix.extname(parts[0]!) !== '' &&
    posix.extname(parts[0]!) === posix.extname(last)
  )
    return true;
  // Two files of the repository joined by a slash (`go.mod/go.sum`, `package.json/pnpm-lock.yaml`): the pair, which
  // a file named like a file (`go.mod`) cannot hold as a folder (set 73's kubo: "update go.mod/go.sum").
  if (
    parts.length === 2 &&
    !reference.endsWith('/') &&
    posix.extname(parts[0]!) !== '' &&
    exists(parts[0]!) &&
    exists(last)
  )
    return true;
  if (
    parts.length === 2 &&
    !reference.endsWith('/') &&
    posix.extname(last) === '' &&
    ((exists(parts[0]!) && exists(last)) ||
      (doc.code !== true && offsets.length > 0 && offsets.every((offset) => !inCodeSpan(text, offset))))
  )
    return true;
  if (offsets.length > 0 && offsets.every((offset) => isOtherPlaceOfPresentFile(reference, text, offset, exists)))
    return true;
  if (isBuiltFromSource(reference, exists)) return true;
  if (doc.code === true && offsets.length > 0 && offsets.every((offset) => isPlaceholderCallArgument(text, offset)))
    return true;
  if (isTemplateInstance(reference, text)) return true;
  return false;
}

// A code span joined to the one at hand by a slash or "or", right before it or right after: "`CLAUDE.md`/`.claude/CLAUDE.md`".
const ALTERNATIVE_BEFORE = /`([^`\s]+)`\s*(?:\/|\bor\b)\s*`$/;
const ALTERNATIVE_AFTER = /^`\s*(?:\/|\bor\b)\s*`([^`\s]+)`/;

/**
 * Whether the path at `offset` of `text` is one of two places given for one file's name, code span against code span,
 * whose other place holds the file: "Read existing `CLAUDE.md`/`.claude/CLAUDE.md`" (set 182's apimgr/pastebin, the
 * two places Claude Code reads its file from, the root one there) tells the agent to read whichever is there.
 */
function isOtherPlaceOfPresentFile(
  reference: string,
  text: string,
  offset: number,
  exists: (path: string) => boolean,
): boolean {
  const bare = (path: string): string => path.replace(/^\.?\/+/, '').replace(/\/$/, '');
  const other =
    ALTERNATIVE_BEFORE.exec(text.slice(Math.max(0, offset - 120), offset))?.[1] ??
    ALTERNATIVE_AFTER.exec(text.slice(offset + reference.length, offset + reference.length + 120))?.[1];
  if (other === undefined) return false;
  const there = bare(other);
  return there !== bare(reference) && posix.basename(there) === posix.basename(bare(reference)) && exists(there);
}

// "Do not add `lib/html2rss/README.md` — the pipeline story stays in `lib/html2rss.rb`" (set 146's html2rss): a file
// the project forbids, named right after the verb. "Do not add them to `.yardopts`" names where not to add something,
// a file that is there, and stays checked.
const FORBIDDEN_ADD =
  /\b(?:do\s+not|don'?t|never)\s+(?:add|introduce|reintroduce|commit)\s+(?:(?:a|an|any|another|new|separate)\s+)?[`'"*]*\.?\/?$/i;

/** Words a made-up name of a thing is built on: `my-executable`, `feuerbird-my-library`, `foo_service`, `example-app`. */
const MADE_UP_NAME_WORDS = new Set(['my', 'your', 'foo', 'bar', 'baz', 'example', 'sample']);

/**
 * Whether the path at `offset` of a code block is an argument of a call whose first argument is a made-up name: the files
 * handed to an example target (set 144's exov6: `feuerbird_add_executable(my-executable SOURCES src/main.c src/utils.c
 * …)`, a CMake helper shown on a target of no one's, its sources relative to that target's own folder).
 */
function isPlaceholderCallArgument(text: string, offset: number): boolean {
  let depth = 0;
  for (let at = offset - 1; at >= 0; at--) {
    const char = text[at];
    if (char === ')') depth++;
    else if (char === '(' && depth-- === 0) {
      const words = (/^\(\s*([\w.-]+)/.exec(text.slice(at))?.[1] ?? '').toLowerCase().split(/[-_.]/);
      return words.length > 1 && words.some((word) => MADE_UP_NAME_WORDS.has(word));
    }
  }
  return false;
}

/**
 * Whether `reference` is one instance of a path template the same text writes with `<…>` parts: "src/arch/<platform>/<file>.c"
 * over "src/arch/x86/simd_sse2.c" and "src/arch/aarch64/simd_neon.c" (set 144's exov6, a naming convention shown on
 * examples, its NEON file kept in `src/arch/arm/`). A template has a folder of its own before its first part.
 */
function isTemplateInstance(reference: string, text: string): boolean {
  if (!text.includes('>/') && !text.includes('>.')) return false;
  return text
    .split(/[\s`'"()[\]]+/)
    .filter((token) => /^[\w.-]+\//.test(token) && /<[\w-]+>/.test(token))
    .some((template) => {
      const pattern = template
        .split(/(<[\w-]+>)/)
        .map((part) => (part.startsWith('<') ? '[^/]+' : escapeRegExp(part)))
        .join('');
      return new RegExp(`^(?:\\./)?${pattern}$`).test(reference);
    });
}

/**
 * Where the text tells its reader to put the very file it stands in: "Alternatively, if your project uses a docs/
 * folder, place this file at `docs/YOUTH-TRAINING-HUB.md` and reference it accordingly" (set 237's
 * pilates-class-generator, a spec's integration note). The path is this file's other place, made by moving it there.
 */
const PLACED_SELF =
  /\b(?:place|put|move|copy|save|store|rename)\s+this\s+(?:file|document|doc|page|spec)\s+(?:at|in|into|to|under|as)\s*[`'"*]*\.?\/?$/i;

/**
 * "Implement" with the file as its object: "- **Cloud sync**: implement `src/lib/db/cloudRepository.ts` behind
 * `Repository`" under "## Pointers for future work" (set 245's MusicPracticeAndSmartMetronome): the file the step has
 * the agent write. "Implement retries in `src/lib/db/client.ts`" works in a file that is to be there, and is checked.
 */
const IMPLEMENT_FILE = /\bimplement\s+(?:(?:a|an|the)\s+)?(?:new\s+)?[`'"*]*\.?\/?$/i;

/**
 * Whether the clause just before offset `at` of `text` tells its reader to make the file there: "Create `agents/x.md`",
 * "Create TypeScript interfaces in `src/api.ts`", "Add cover image as `x`" (ADDED_AS), "place this file at `x`"
 * (PLACED_SELF), or forbids making it again: "Do not recreate a `src/lib` source mirror" (set 114's obsidian-livesync),
 * or at all: "Do not add `x`" (FORBIDDEN_ADD), or to write it: "implement `x`" (IMPLEMENT_FILE).
 */
function saysCreatedAt(text: string, at: number): boolean {
  const clause = clauseBefore(text, at, 40);
  return (
    /\b(?:re-?)?(?:create|creates|creating)\b/i.test(clause) ||
    ADDED_AS.test(clause) ||
    PLACED_SELF.test(clause) ||
    FORBIDDEN_ADD.test(clause) ||
    IMPLEMENT_FILE.test(clause)
  );
}

/** The clause of `text` that ends at offset `at`, read back at most `reach` characters (to a sentence's end or a line break). */
function clauseBefore(text: string, at: number, reach: number): string {
  return (
    text
      .slice(Math.max(0, at - reach), at)
      .split(/[.!?]\s|\n/)
      .at(-1) ?? ''
  );
}

/**
 * An imperative to write something out to a file: "Write custom gates to `docs/project/custom_gates.md`", "**Generate
 * pattern snapshot** at `docs/project/pattern_snapshot.md` before proceeding" (set 169's realestatecrm, a framework
 * pack's phases, each making the project docs the next phase reads). The third person ("writes … to") is a program's
 * (RUN_TIME_WRITE); "write a one-line note to `docs/api-changes.md`" adds a piece to a file that is to be there. Read
 * only where git decides (isToldToCreate): the file may be one the agent writes into that is gone.
 */
const WRITTEN_OUT_TO =
  /\b(?:write(?!\s+(?:a|an|one)\b)|generate|save|export|dump|output)\b(?:\s+(?!(?:to|into|at)\b)[^\s.;:!?`'"]+){0,5}\s+(?:to|into|at)\s*[`'"*]*\.?\/?$/i;

/**
 * A line's label naming a step's output, the path right after it: "- Test outputs: `docs/test-report.md`", in Turkish
 * "- Test çıktıları: `docs/test-report.md`" under "## Naming and File Conventions" (set 221's medication-reminder-app,
 * an AGENTS.md of agents in a pipeline, each writing its document; the last step's, the QA report, is not written yet).
 * The path is where that output goes, a file to come. Read only where git decides (isToldToCreate).
 */
const OUTPUT_LABEL =
  /^\s*(?:(?:[-*+]|\d+[.)])\s+)?[*_]{0,2}(?:[\p{L}\p{N}-]+\s+){0,4}(?:outputs?|deliverables?|çıktı(?:sı|ları)?)[*_]{0,2}\s*:\s*[*_]{0,2}[`'"]*$/iu;

/**
 * Whether a whole agent file `text` tells its reader, at any mention of `reference`, to make it (saysCreatedAt, a
 * "(new)" mark after it, a list under "Files to create:") or to write something out to it (WRITTEN_OUT_TO, or a label
 * naming it a step's output, OUTPUT_LABEL): its
 * other mentions name the file to be made. Set 132's jupytercon2025 demo, the JupyterLab extension template's guide:
 * "- API utilities: `src/api.ts` (not `src/utils.ts`)" in a list of how to name files, and further on "Create TypeScript
 * interfaces in `src/api.ts`", "Create typed API wrapper functions in `src/api.ts`" (the workshop's code keeps
 * `src/request.ts`). A mention inside a longer path (`lib/src/api.ts`, `src/api.tsx`) is another file's. Git's word
 * decides, as for a log the agent appends to: one it saw removed since the agent file came in is still reported.
 */
export function isToldToCreate(reference: string, text: string): boolean {
  return offsetsOf(reference, text).some(
    (offset) =>
      !/[\w./-]/.test(text[offset - 1] ?? '') &&
      !/[\w/-]/.test(text[offset + reference.length] ?? '') &&
      (saysCreatedAt(text, offset) ||
        WRITTEN_OUT_TO.test(clauseBefore(text, offset, 60)) ||
        OUTPUT_LABEL.test(clauseBefore(text, offset, 80)) ||
        MARKED_NEW_AFTER.test(text.slice(offset + reference.length, offset + reference.length + 20)) ||
        isListedToCreate(text, offset) ||
        isLabelOverFileBlock(text, offset, reference)),
  );
}

// A line that labels the file a code block below it holds: "**File**: `scripts/test_x.py`", "File: `x`", "**File:** x".
const FILE_LABEL_BEFORE =
  /^[ \t]*(?:[-*+][ \t]+)?(?:\*\*|__)?(?:new[ \t]+)?file(?:\*\*|__)?[ \t]*:[ \t]*(?:\*\*|__)?[ \t]*`?$/i;

/**
 * Whether the mention at `at` is the whole of a "File:" label's line right over a fenced code block (only blank lines
 * between): the block writes out the file's content, as an implementation guide's steps do, "#### Step 1: Test
 * Individual Components", "**File**: `scripts/test_mdcalc_integration.py`" over the script in full (set 216's
 * mdcalc-agent, whose later steps were never written). Read only where git decides (isToldToCreate).
 */
function isLabelOverFileBlock(text: string, at: number, reference: string): boolean {
  const lineStart = text.lastIndexOf('\n', at - 1) + 1;
  const lineEnd = text.indexOf('\n', at);
  if (lineEnd === -1 || !FILE_LABEL_BEFORE.test(text.slice(lineStart, at))) return false;
  if (!/^`?[ \t]*$/.test(text.slice(at + reference.length, lineEnd))) return false;
  return /^(?:[ \t]*\n)*[ \t]*(?:```|~~~)/.test(text.slice(lineEnd + 1, lineEnd + 200));
}

/**
 * The mark a plan's file list puts right after a file it is to add: "- src/ui/formation_editor.py (new)" under "Files
 * to create/modify:" (set 193's KickSync, an AGENTS.md of improvement tasks whose new files were never written).
 */
const MARKED_NEW_AFTER = /^[`'"*]*\s*\((?:new|new\s+file|to\s+(?:be\s+)?(?:create|created|add|added))\)/i;
// What a list's label says when its files are yet to be made: "Files to create:", "New files:", "**Files to add:**".
const TO_CREATE =
  /^(?:(?:new|planned)\s+(?:files?|modules?|paths?)|(?:files?|modules?|paths?)\s+to\s+(?:be\s+)?(?:create|created|add|added|write|written))\s*:?$/i;

/**
 * Whether offset `at` of `text` lies in a list item under a label saying its files are to be made ("Files to create:"
 * over "- src/services/league_service.py", set 193's KickSync), the list unbroken by a blank line from the label on.
 */
function isListedToCreate(text: string, at: number): boolean {
  const before = text.slice(0, at);
  const label = [...before.matchAll(LABEL)].at(-1);
  if (label === undefined || !TO_CREATE.test((label[1] ?? label[2] ?? '').trim())) return false;
  const list = before.slice(label.index + label[0].length);
  return /^[\s:*_]*(?:[-*+]|\d+[.)])\s/.test(list) && !/\n[ \t]*\n/.test(list);
}

/**
 * Whether `reference` names a module the repository has under another extension (`src/cli.js` for `src/cli.ts`, as
 * ESM imports write it): the same module, unless git saw this very file renamed after the agent file came in (set
 * 78's postiz: `apps/frontend/tailwind.config.js`, moved to `tailwind.config.cjs`), which the caller asks of history.
 * So is a module specifier written without its extension whose name holds a dot (`supabase/database.types` for
 * `supabase/database.types.ts` in a table of import aliases, `core/sync/sync.engine` in a list of imports: set 183's
 * habitrack and super-habits): the part after the dot is the name's, not a file type.
 */
export function isOtherFormOfModule(reference: string, exists: (path: string) => boolean): boolean {
  const dot = reference.lastIndexOf('.');
  if (dot <= reference.lastIndexOf('/')) return false;
  const module = reference.slice(0, dot);
  return exists(module) || SOURCE_EXTENSIONS.some((ext) => exists(`${module}${ext}`) || exists(`${reference}${ext}`));
}

// What a build tool names a program after its source beside it: dune's `test/main.exe`, `main.bc` and `main.bc.js`
// for `test/main.ml` (or Reason's `main.re`), which `dune exec test/main.exe` builds and runs.
const BUILT_FROM = /^(.+)\.(?:exe|bc|bc\.js)$/;
const BUILD_SOURCES = ['.ml', '.re'];

/** Whether `reference` is a program the build makes from a source file the repository has (set 52's EchosInTheDark). */
function isBuiltFromSource(reference: string, exists: (path: string) => boolean): boolean {
  const stem = BUILT_FROM.exec(reference.replace(/^\.?\/+/, ''))?.[1];
  return stem !== undefined && BUILD_SOURCES.some((extension) => exists(`${stem}${extension}`));
}

/**
 * A program's own act, in the third person ("writes", "saves", "dumps"), just before a path: the file is its output,
 * made when it runs. So is where a step copies something ("At publish, `prepack` copies them into
 * `packages/cli/skills`", set 67's octocode-mcp; "are copied into `x`"): the copy is made by the step, and the
 * path after "copies" without "to"/"into" is what it copies from. The imperative ("write it to `x`", "copy it into
 * `x`") is the reader's, who may be sent to a file that is there.
 */
const RUN_TIME_WRITE =
  /(?:\b(?:writes|saves|dumps)\b(?:(?:\s+(?!(?:to|into)\b)[^\s.;:!?`]+){0,5}\s+(?:to|into))?|\bcop(?:ies|ied)\b(?:\s+(?!(?:to|into)\b)[^\s.;:!?`]+){0,5}\s+(?:to|into))\s*[`'"]\.?\/?$/i;

/**
 * A command deleting the path (`rm output/processed_chunks.json`, `rm -rf .cache/build`, other files before it): what a
 * run writes (an output, a cache), deleted to start afresh, absent from a checkout by nature (set 230's
 * groot-finance-hackathon: a knowledge-base pipeline's "Clear processed chunks and start fresh", the chunks file its
 * `process.py` writes and `ingest.py` reads). The command sends the agent to nothing it must find.
 */
const REMOVED_BY = /\brm(?:[ \t]+-[a-zA-Z]+)*(?:[ \t]+[^\s`'"|;&<>]+)*[ \t]+[`'"]?\.?\/?$/;

/**
 * The imperative that adds to a file's end ("append a one-line\nsummary to .claude/learnings.md", "Append each finding
 * to `notes/log.md`"): a log the agent keeps, which its first entry makes (set 107's n8n-nodes-defuddle). Git's word
 * decides: a log it saw removed since the agent file came in is a file the text still counts on (find-missing-references).
 */
const APPENDED_TO = /\bappend(?:s|ing)?\b(?:\s+(?!(?:to|into)\b)[^\s.;:!?`]+){0,6}\s+(?:to|into)\s*[`'"*]*\.?\/?$/i;
const APPENDED_REACH = 80;

/**
 * A file of lessons the agent is told to update, and what it is told to update: "After ANY correction from the user:
 * update 'tasks/lessons.md' with the pattern" (set 131's jabber, a widely copied workflow block). Such a file is the
 * agent's log too, which its first lesson makes; a file of any other name it is told to update is counted on.
 */
const LESSONS_LOG = /(?:^|\/)(?:lessons|learnings)(?:[-_]learn(?:ed|t))?\.md$/i;
const UPDATED = /\bupdate\s*[`'"*]*\.?\/?$/i;

/**
 * A file the reader is told to record an exception in when one comes up: "If a checker genuinely runs elsewhere, record
 * it in\n`scripts/checks/chain/runs-elsewhere.json` with a reason. That allowlist is itself checked" (set 157's voyant,
 * whose checker reads it only when it exists). A list of exceptions is made with its first entry, as a log is; the
 * condition, in the same sentence, says there may be none yet.
 */
const RECORDED_IF =
  /\b(?:if|when|whenever)\b[^.;!?]{0,160}\b(?:record|log|note)\s+(?:it|them|this|that|each\s+\w+|the\s+\w+)\s+(?:in|into|to)\s*[`'"*]*\.?\/?$/i;
const RECORDED_REACH = 220;

/**
 * Where the sentence telling the agent to keep its learnings puts them, a place of each scope: "Capture non-obvious
 * learnings in the same PR …, using the scoping rules in `agents-docs/LEARNINGS.md` (project-wide →
 * `agents-docs/LEARNINGS.md`, script → `scripts/AGENTS.md`, skill → …)" (set 235's do-epub-studio, no script learning
 * written yet). The verb and "learnings" (or "lessons", "insights") open the sentence, the path is right after an
 * arrow or "in", "into", "to"; code spans may hold dots, the sentence's own end may not. Such a file is made by its
 * first entry, as a log is.
 */
const LEARNINGS_PLACED =
  /\b(?:capture|record|log|note|write|add|put|place|save|store|keep)\b(?:[^.;!?`\n]|`[^`\n]*`){0,200}?\b(?:learnings?|lessons?|insights?)\b(?:[^.;!?`\n]|`[^`\n]*`){0,240}?(?:→|->|\b(?:in|into|to)\b)\s*[`'"*]*\.?\/?$/i;
const LEARNINGS_REACH = 480;

/**
 * Whether `doc` tells its reader to append to `reference` (see APPENDED_TO), to update it when it is a lessons log
 * (LESSONS_LOG), to record an exception in it (RECORDED_IF) or to keep learnings there (LEARNINGS_PLACED). Never
 * throws.
 */
export function isAppendedTo(reference: string, doc: LintDocument): boolean {
  const { text } = doc;
  const lessons = LESSONS_LOG.test(reference);
  return offsetsOf(reference, text).some((offset) => {
    const before = text.slice(Math.max(0, offset - APPENDED_REACH), offset);
    return (
      APPENDED_TO.test(before) ||
      (lessons && UPDATED.test(before)) ||
      RECORDED_IF.test(text.slice(Math.max(0, offset - RECORDED_REACH), offset)) ||
      LEARNINGS_PLACED.test(text.slice(Math.max(0, offset - LEARNINGS_REACH), offset))
    );
  });
}

/** A markdown link to a web address: `[text](https://…)`. */
const WEB_LINK = /\[[^\]\n]*\]\(https?:\/\/[^)\s]*\)/g;

/** Whether offset `at` of `text` lies in a link to a web address (its text or its address): a path of that site, not of this repository. */
/** Whether `text` makes or stages `reference` anywhere it names it (see isMadeAt). */
export function isMadeIn(reference: string, text: string): boolean {
  if (offsetsOf(reference, text).some((offset) => isMadeAt(text, offset))) return true;
  // A comment naming the file a build step writes by its base name, the path a later command moves it from: "#
  // -symbolfile writes main.sym next to the source file" over `mv src/main.sym build/main.sym` (set 111's
  // c64-assembly-tutorial-claude, Kick Assembler's symbol file).
  const name = posix.basename(reference.replace(/\/$/, ''));
  if (name === reference || !name.includes('.')) return false;
  return offsetsOf(name, text).some(
    (offset) =>
      !/[\w./-]/.test(text[offset - 1] ?? '') &&
      !/[\w/-]/.test(text[offset + name.length] ?? '') &&
      NAME_SAID_WRITTEN.test(text.slice(Math.max(0, offset - 40), offset)),
  );
}

/** What a run leaves behind, right before its name: "Failed tests may leave behind `app.db` files". */
const LEFT_BEHIND = /\b(?:leaves?|left)\s+(?:behind|over)\s+[`'"]?$/i;

/**
 * Whether the file says, anywhere, that a run leaves behind a file of `reference`'s name: "Failed tests may leave
 * behind `app.db` files in test directories (…) These MUST be removed before rerunning tests" over "Example cleanup
 * locations: `internal/services/app.db`, `internal/handlers/app.db`" (set 213's receipt-wrangler-api, each test
 * folder's SQLite leftover): a run's by-product, there or not as the last run went, not a file the repository keeps.
 * `fileText`: the file as written. Never throws.
 */
export function isLeftBehindInFile(reference: string, fileText: string): boolean {
  const name = posix.basename(reference.replace(/\/$/, ''));
  if (!name.includes('.')) return false;
  return offsetsOf(name, fileText).some(
    (offset) =>
      !/[\w./-]/.test(fileText[offset - 1] ?? '') &&
      !/[\w/-]/.test(fileText[offset + name.length] ?? '') &&
      LEFT_BEHIND.test(fileText.slice(Math.max(0, offset - 40), offset)),
  );
}

/** A program's act of writing, in the third person, right before the name of what it writes ("-symbolfile writes main.sym"). */
const NAME_SAID_WRITTEN = /\b(?:writes|saves|dumps|generates|produces|emits|outputs)\s+[`'"]?$/i;

/**
 * Whether the text makes the file written at `at`, or stages it: a command's output (`> docs/out.md`, `-o build/app.js`,
 * `touch src/x.ts`, `mkdir -p src/new`), where `ln -s`, `cp` or `mv` puts its first argument, a call that writes it
 * (`page.screenshot({ path: 'e2e/shots/x.png' })`, `writeFileSync('out.json'`, `savefig('plot.png'`), or `git add x`
 * in a procedure (what a step commits, the steps before it made), or what a program is said to write at run time
 * ("each script … writes a small, diffable YAML to `outputs/results/topic.yml`", "saves `fig.png`"; set 57's agentic-r).
 */
function isMadeAt(text: string, at: number): boolean {
  const before = text.slice(Math.max(0, at - 40), at);
  return (
    RUN_TIME_WRITE.test(before) ||
    /(?:>>?|\s-o|--out(?:put|dir)?[=\s]|\btouch|\bmkdir(?:\s+-p)?)\s*[`'"]?\.?\/?$/.test(before) ||
    /\b(?:ln|cp|mv)(?:\s+-[a-zA-Z]+)*\s+[^\s`'"]+\s+[`'"]?\.?\/?$/.test(before) ||
    /\b(?:screenshot|pdf|writeFile(?:Sync)?|savefig|to_csv|to_parquet)\(\s*(?:\{\s*path\s*:\s*)?[`'"]\.?\/?$/.test(
      before,
    ) ||
    /\bgit\s+add(?:\s+-[a-zA-Z-]+)*(?:\s+[^\s`'"|;&]+)*\s+[`'"]?\.?\/?$/.test(before)
  );
}

function isInWebLink(text: string, at: number): boolean {
  return [...text.matchAll(WEB_LINK)].some((match) => at > match.index && at < match.index + match[0].length);
}

/**
 * What a clause says of its subject when it is gone or kept elsewhere: "has been decommissioned",
 * "was removed", "are both **deleted**", "are being replaced" (set 140's invoice: entities in `src/Invoice/Entity/` on their
 * way out, the folder since gone), "it is **gone**", "moved to", "no longer exists", "lives in the ignite repo", "merged into
 * `b`" (set 185's IntelliFlow-CRM: "`runbooks/notifications.md` merged into `runbooks/notification-service.md`", a
 * consolidation note; "is merged into `b` at startup" says what the file does, and is checked). A clause naming the path
 * as present ("see `src/old.ts`") says none of it.
 */
const GONE =
  /\b(?:(?:has|have|was|were|is|are)\s+(?:(?:now|both|all)\s+)?(?:been\s+|being\s+)?[*_]{0,2}(?:decommissioned|removed|deleted|retired|dropped|replaced|moved|renamed|gone\b)|moved\s+(?:to|into)|(?<!\b(?:is|are|be|gets?|getting)\s+)(?:merged|folded|consolidated|absorbed)\s+into|no\s+longer\s+(?:exists?|there|present|in\s+this\s+repo\w*)|lives?\s+in\s+(?:the\s+|a\s+separate\s+|another\s+)?(?:\S+\s+)?repo(?:sitory)?\b)/i;

/**
 * What a clause says, just before a path and the paths listed with it, of a place something has left:
 * "no longer lives under `a` or `b`", "no longer in `a`", "no longer registered in `a`" (the thing is now set up
 * elsewhere: Laravel's middleware in `bootstrap/app.php`), "moved out of `a`", of where it came from:
 * "- **`crates/util/`** - was `src/util/`", "formerly `a`", "split out of `a`", of what is no longer run ("the gate
 * no longer runs `bench/quick.sh`", set 52's ClojureWasm after the script went), or of what something
 * took the place of: "replaces `a`", "replaces the legacy Rails `a` engine", "successor to `a`", or of what the agent
 * is told not to seek: "docs were pruned (git history retains them) — do not hunt for `docs/archive/`, `docs/plans/`"
 * (set 138's talos-argocd-proxmox, folders a doc overhaul removed). The
 * path is where the thing was, not where it is: "lives under `a`" alone says it is there, and
 * "replaces it with `a`", "replaced by `a`" or "was moved to `a`" names the new place.
 */
const LEFT =
  /\b(?:(?:was|were|formerly|previously|(?:moved|renamed|extracted|split|migrated|carved)(?:\s+out)?\s+(?:from|of))|no\s+longer\s+(?:(?:lives?|lies?|sits?|resides?|is|are)\s+)?(?:(?:kept|located|stored|registered|defined|declared|configured|placed|listed|wired|found)\s+)?(?:in|under|inside|within|at)|moved\s+(?:out\s+of|away\s+from)|no\s+longer\s+(?:runs?|uses?|calls?|invokes?|executes?|needs?|reads?)(?:\s+the)?|(?:replaces|replacing|supersedes|superseding|successor\s+(?:to|of)|in\s+place\s+of)(?:\s+(?!(?:with|by)\b)[\w-]+){0,3}|(?:do\s+not|don['’]t|never)\s+(?:hunt|look|search)\s+for)\s+(?:[`'"*]*[^\s`'"*]+[`'"*]*\s*(?:,|,?\s*(?:or|and|nor))\s+)*[`'"*]*$/i;

/**
 * The path as the subject of a past habit, "matching the shape `electron/preload.ts` used to expose" (set 184's
 * TimeTrackerPro, a Tauri shim standing in for the Electron preload script git removed): what the file did, no more.
 * Right after the path only: "`x`, used to cut a release" and "`x` is used to deploy" say what it is for.
 */
const USED_TO_AFTER = /^[^\s`'"*]+[`'"*]*\s+used\s+to\s+[a-z]/i;

/**
 * The path's own label calling it deprecated, right after it: "- **`src/network/split_edges.py`**: ❌ **DEPRECATED** -
 * Replaced by integrated approach in `split_edges_with_lanes.py`" under "### Deprecated Files" (set 223's
 * sumo-traffic-generator, the file since deleted, as the note's "Safe to delete" asked), "`x` (deprecated)", "`x` is
 * obsolete": the agent is told off the file, and its going is what the note foresaw. "See `x` for the deprecated
 * helpers" says nothing of the file, and is checked.
 */
const DEPRECATED_AFTER =
  /^[^\s`'"*]+[`'"*]*\s*(?:[:,—–-]\s*)?(?:\(\s*)?(?:(?:is|are)\s+(?:now\s+)?)?(?:[^\w\s`'"*]{1,3}\s*)?[*_]{0,2}(?:deprecated|obsolete)\b/i;

/**
 * Whether the clause holding offset `at` of `text` says that the path is gone or lives elsewhere:
 * after it, of the path as subject ("`x` has been decommissioned", not "see `x` for the retired API"),
 * or before it, of a place something left ("no longer lives under `x`"). A clause runs between `;`, a
 * sentence's end and parentheses (a link's `](address)` is no parenthesis).
 */
function saysGone(text: string, at: number): boolean {
  const masked = text.replace(/\]\([^)\s]*\)/g, (link) => ' '.repeat(link.length));
  const bounds = [...masked.matchAll(/[;()\n]|[.!?](?=\s|$)/g)].map((match) => match.index);
  const end = bounds.find((index) => index > at) ?? masked.length;
  const start = (bounds.filter((index) => index < at).at(-1) ?? -1) + 1;
  const after = masked.slice(at, end);
  return (
    GONE.test(after) ||
    GONE_AT_CLAUSE_END.test(after) ||
    USED_TO_AFTER.test(after) ||
    DEPRECATED_AFTER.test(masked.slice(at, at + 120)) ||
    LEFT.test(masked.slice(start, at)) ||
    (RENAMED_BEFORE.test(masked.slice(start, at)) && RENAMED_TO_AFTER.test(after)) ||
    saysGoneOfAsideSubject(masked, at)
  );
}

/**
 * A path given in parentheses as an example of what the clause is about, the clause going on after them: "All
 * previously listed dead monolithic components (`components/AccountingModule.tsx`, etc.) and `services/store.ts` have
 * been deleted" (set 241's Salon-Saas, the components git removed). What the clause says of its subject, gone, it
 * says of the examples. The parentheses hold only paths (an "e.g." before, an "etc." after): "(see `x`)" is a pointer
 * of its own, and checked.
 */
const ASIDE_BEFORE =
  /\(\s*(?:(?:e\.g\.|i\.e\.|such\s+as|like|including)[,:]?\s*)?(?:[`'"*]*[^\s`'"*()]+[`'"*]*\s*(?:,|,?\s*(?:or|and))\s+)*[`'"*]*$/i;
const ASIDE_AFTER =
  /^[^\s`'"*()]+[`'"*]*(?:\s*(?:,|,?\s*(?:or|and))\s+[`'"*]*[^\s`'"*()]+[`'"*]*)*(?:,?\s*(?:etc\.?|…|\.\.\.))?\s*\)/i;

function saysGoneOfAsideSubject(masked: string, at: number): boolean {
  const line = masked.lastIndexOf('\n', at) + 1;
  const aside = ASIDE_AFTER.exec(masked.slice(at));
  if (aside === null || !ASIDE_BEFORE.test(masked.slice(line, at))) return false;
  const rest = masked.slice(at + aside[0].length);
  const clause = rest.slice(0, rest.search(/[;()\n]|[.!?](?=\s|$)|$/));
  return GONE.test(clause) || GONE_AT_CLAUSE_END.test(clause);
}

/**
 * A record of a rename, the old name first: "Renamed `pages/admin/users.vue`→`users/index.vue` (nested-route fix)" (set
 * 167's recruiting-compass-web, a session note), "moved `a` to `b`", or of a merge: "Merged
 * `docs/prompt_structure_overview.md` into `docs/ai_service_configuration.md`" (set 212's plotplay, a documentation
 * cleanup's done-list). Only the past tense: "Rename `a` to `b`", "Merge `a` into `b`" are tasks on a file that should
 * be there.
 */
const RENAMED_BEFORE = /\b(?:renamed|moved|relocated|merged|folded|consolidated|absorbed)\s+[`'"*]*$/i;
/** The old name's end and the arrow or "to" leading to the new one. */
const RENAMED_TO_AFTER = /^[^\s`'"*]+[`'"*]*\s*(?:→|->|⟶|=>|(?:to|into)\s)/i;

/**
 * A bare participle closing the clause that lists the path, saying the list is what a change took away: "all planned
 * monetization is removed (the `x` crate, `docs/monetization/`, and the billing layers deleted)" (set 111's RustyNES,
 * a release note). "`x` must never be deleted", "restore `x` if removed" say no such thing.
 */
const GONE_AT_CLAUSE_END =
  /(?<!\b(?:be|been|being|get|gets|got|getting|not|never|if|once|when|unless|until)\s+)\b[*_]{0,2}(?:deleted|removed|dropped|retired|decommissioned)[*_]{0,2}\s*$/i;

// A label (bold, or a line of its own) over a list: "**Files Deleted:**", "Removed files:", "### Deleted".
const LABEL =
  /(?:\*\*|__)([^*_\n]{1,40}?)(?:\*\*|__)|(?:^|\n)[ \t]*(?:#+[ \t]*)?([A-Za-z][\w \t]{0,40}?)[ \t]*:?[ \t]*(?=\n)/g;
// What such a label says when its list is what a change took away.
const REMOVED = /^(?:(?:files?|paths?)\s+)?(?:deleted|removed)(?:\s+(?:files?|paths?))?\s*:?$/i;

/**
 * Whether offset `at` of `text` lies in a list item under a label saying the list's files were deleted (a changelog's
 * or a diary entry's "**Files Deleted:**", set 52's BudgetBuddy: "- `src/Tests/MathTests.fs` - Tautological tests").
 * A parsed code block's text may have its lines joined: the label is the last one before the path, either way.
 */
function isListedAsRemoved(text: string, at: number): boolean {
  const before = text.slice(0, at);
  const label = [...before.matchAll(LABEL)].at(-1);
  if (label === undefined || !REMOVED.test((label[1] ?? label[2] ?? '').trim())) return false;
  const list = before.slice(label.index + label[0].length);
  return /^[\s:*_]*(?:[-*+]|\d+[.)])\s/.test(list);
}

/**
 * What the words right after a path say of it when it may not be there: "(if exists)", "(if it exists)",
 * "(when present)", "(future)", "(planned)", "(not yet written)", ", which does not exist today — create it". The path
 * may be a Markdown link's text or target, the words after the link: "See [docs/cli.md](docs/cli.md) (planned)." (set
 * 126's ultimate-jekyll-manager, six pages its CLAUDE.md marks as to come). The condition on its existence may stand
 * without parentheses: "`.specs/…/PRD.md` if present, before ingestion …" (set 153's ilude/dotfiles, a spec its
 * workflow files away when done). A table row may say it in the next cell: "| `tests/x/test_x.py` | **the file does not exist** |"
 * (set 167's matcha-recruit, a table of test files and their state).
 */
const MAYBE_AFTER =
  /^[`'"*]*(?:\]\([^)\s]*\)|\))?\s*(?:,?\s*(?:only\s+)?(?:if|when)\s+(?:it\s+|they\s+)?(?:exists?|present|available)\b|\((?:only\s+)?(?:if|when|once|where)\s+(?:it\s+|they\s+|one\s+)?(?:exists?|present|available|created|added|written)\b[^)\n]*\)|\((?:future|planned|not\s+yet\s+(?:written|created|added)|to\s+(?:be\s+)?(?:come|written|created|added))\)|[,(]?\s*(?:which\s+|that\s+)?(?:does\s*n[o']t|do\s*n[o']t)\s+(?:yet\s+)?exist\b|\s*\|\s*[*_]{0,2}(?:(?:the\s+)?(?:file|folder|directory|path)\s+|it\s+)?(?:does\s*n[o']t|do\s*n[o']t)\s+exist\b)/i;
/** What a sentence says before a path when it may not be there: "When present, collections live under `x`", "If it exists, read `x`". */
const MAYBE_BEFORE = /\b(?:when|if|where)\s+(?:present|(?:it|they|one)\s+exists?|available)\b[^.!?\n]*$/i;
/** The words right before a path that is yet to be written: "A future `scripts/check_spec_citation.sh` could gate this". */
const FUTURE_BEFORE = /\b(?:a|an|the)\s+(?:future|planned|proposed)\s+[`'"*]*$/i;
/**
 * A clause between commas saying the thing the path names is yet to come, and then where it will be: "The user-facing
 * glossary, when it ships, is `docs/reference/glossary.md`" (set 130's torchlens). Only the path right after the
 * clause's verb: "When it ships, update `CHANGELOG.md`" sends the agent to a file that is there.
 */
const TO_COME_BEFORE =
  /,\s*(?:when|once|if)\s+(?:it|they)\s+(?:ships?|lands?|exists?|(?:is|are|gets?)\s+(?:written|created|added|published|released))\s*,\s*(?:is|are|will\s+be|goes|go|lives?)\s+(?:in\s+|at\s+|under\s+)?[`'"*]*$/i;
/**
 * The words right after a path saying it is there only once it is made: "(Python + reportlab, see
 * `backend/scripts/render_linkedin_carousel.py` once built)", "`docs/api.md` when written" (set 148's AIFitnessCoach,
 * whose next sentence reads "Until that script lands").
 */
const ONCE_MADE_AFTER =
  /^[`'"*]*\s+(?:once|when|after)\s+(?:it\s+(?:is|'s|has\s+been)\s+|they\s+(?:are|have\s+been)\s+)?(?:built|written|created|added|implemented|landed|shipped)\b/i;
/**
 * A note right after a path saying, in the present, that it is not there: "- `docs/design-docs/index.md` — does not
 * exist" under "Missing docs (noted for awareness):" (set 176's rogue-like-black-jack), "`x`, which does not exist
 * yet". Also after a colon, and as "not present": "- `.cursor/rules/`: not present" under "- Checked for Cursor rules:"
 * (set 249's united-tattoo, the writer's check for other tools' rules, the folder removed months before). Not "does not
 * exist anymore" / "any longer": that tells of a removal, which another mention naming the path as present has missed
 * (set 109's nuxt-crouton).
 */
const SAID_ABSENT_AFTER =
  /^[`'"*]*(?:\]\([^)\s]*\)|\))?\s*(?:[,(:]|[—–]|--?(?=\s))?\s*[*_]{0,2}(?:which\s+|that\s+|it\s+)?(?:(?:does\s*n[o']t|do\s*n[o']t)\s+(?:yet\s+)?exist|(?:(?:is|are)\s+)?not\s+(?:yet\s+)?present)\b(?!\s+(?:any\s*more|any\s+longer)\b)/i;

/**
 * Whether a whole agent file `text` says, at one mention of `reference`, that it does not exist (SAID_ABSENT_AFTER):
 * the writer knows and the agent is told, at every mention. A map of the docs naming `docs/design-docs/index.md` as
 * "Catalog of all design docs" is the layout the file keeps on purpose, its note the gap (set 176's
 * rogue-like-black-jack: the files git removed, the note added two days after). Whatever git says. So of a note in
 * the path's own description saying it is kept out of the repository (OUT_OF_REPOSITORY_NOTE).
 */
export function isSaidAbsentInFile(reference: string, text: string): boolean {
  return offsetsOf(reference, text).some((offset) => {
    if (/[\w./-]/.test(text[offset - 1] ?? '') || /[\w/-]/.test(text[offset + reference.length] ?? '')) return false;
    const after = text.slice(offset + reference.length, offset + reference.length + 60);
    return (
      SAID_ABSENT_AFTER.test(after) || OUT_OF_REPOSITORY_NOTE.test(ownDescription(text, offset + reference.length))
    );
  });
}

/**
 * A note in parentheses saying a file is kept out of the repository: "- `web/settings-custom.php` — Optional overrides
 * (not in repo)" (set 220's xibo-cms, beside `web/settings.php`, "generated on first run" and ignored), "(not
 * committed)", "(not checked in)", "(gitignored)", "(local only)". The writer says the agent's checkout lacks it; the
 * deployment or the user's machine has it. Only a note of the path's own description, read by ownDescription.
 */
const OUT_OF_REPOSITORY_NOTE =
  /\((?:[^()\n]*[,;:]\s*)?(?:not\s+(?:in|part\s+of|under)\s+(?:the\s+|this\s+)?(?:repo|repository|git|source\s+control|version\s+control)|not\s+(?:committed|checked[\s-]+in|tracked|versioned)|never\s+committed|untracked|git-?ignored|(?:kept\s+)?local[\s-]+only)\b[^()\n]*\)/i;

/**
 * The words after a path that describe it: the rest of its line up to the next code span, which starts another
 * path's or name's words ("- `config/app.yml` — main config; `.env` (not in repo)" says nothing of the first).
 */
function ownDescription(text: string, end: number): string {
  const lineEnd = text.indexOf('\n', end);
  const rest = text.slice(end, lineEnd < 0 ? text.length : lineEnd).replace(/^[`'"*]+/, '');
  const nextSpan = rest.indexOf('`');
  return nextSpan < 0 ? rest : rest.slice(0, nextSpan);
}

/**
 * A path the agent is told not to use or make, named right after the verb, with a path of the repository on the same
 * line to use in its place: "- Do NOT use `shared/types.ts` — use `shared/types.d.ts`" (set 192's Wildlife-Sentinel,
 * whose rules file also warns "If you use `shared/types.ts`, TypeScript will …"). The writer sets the wrong form
 * against the right one: at every mention it is the form to avoid, never a file to open.
 */
const FORBIDDEN_USE =
  /\b(?:do\s+not|don'?t|never)\s+(?:use|create|add|introduce|reintroduce)\s+(?:(?:a|an|any|another|new|separate)\s+)?[`'"*]*\.?\/?$/i;

/**
 * A place the agent is told not to read or change files in, named after the verb and the files' words: "- Do not read
 * full corpus files directly from `style-reference/`; use the cached corpus in `.downloads/style-reference/`." (set
 * 235's crusoe, written in the commit that took the corpus out of git into a download cache). With a place to use
 * instead on its line (after "use" or "instead"), the old place is named as the one to avoid, not as where the files are.
 */
const FORBIDDEN_SOURCE =
  /\b(?:do\s+not|don'?t|never)\s+(?:read|open|load|edit|modify|import|copy)\b(?:[^.;!?`\n]|`[^`\n]*`){0,80}?\s(?:from|in|under|inside)\s+[`'"*]*\.?\/?$/i;

/**
 * Whether a whole agent file `text` forbids `reference` at one mention (FORBIDDEN_USE, FORBIDDEN_SOURCE), with a path
 * named beside it to use in its place that the repository has or that git ignores (`ignored`: a download cache, a
 * local build, there on the writer's machine and not in git).
 */
export function isForbiddenInFile(
  reference: string,
  text: string,
  exists: (path: string) => boolean,
  ignored: (path: string) => boolean,
): boolean {
  return offsetsOf(reference, text).some((offset) => {
    const line = lineAt(text, offset);
    const start = text.lastIndexOf('\n', offset - 1) + 1;
    const before = text.slice(start, offset);
    const use = FORBIDDEN_USE.test(before);
    if (!use && !FORBIDDEN_SOURCE.test(before)) return false;
    const rest = line.slice(offset - start + reference.length);
    return [...rest.matchAll(/`(?:\.?\/)?([\w.-]+(?:\/[\w.-]+)+)\/?`/g)].some(
      (match) =>
        (use || /\b(?:use|instead)\b/i.test(rest.slice(0, match.index))) && (exists(match[1]!) || ignored(match[1]!)),
    );
  });
}

/**
 * A path that is the subject of a condition on its own existence, "IF `.agentplane/user-instructions.md` exists THEN
 * LOAD it" (set 99's subaru, agentplane's gateway): the words before it open the condition, the words after it end it.
 */
const CONDITION_BEFORE = /\b(?:if|when|whether|unless)\s+[`'"*]*$/i;
/**
 * A path a program looks for and acts on only when it is there, "The `.husky/pre-push` hook auto-runs the same
 * validation when it finds `PR_BODY_FILE`, `.git/PR_BODY.md`, or `.github/PR_BODY.md`" (set 110's
 * israeli-bank-scrapers): a condition whose subject finds the path, maybe one of a list of places. Only the names of
 * that list may stand between the verb and the path: "if it finds a bug, read `x`" sends the agent to `x`.
 */
const FOUND_BEFORE =
  /\b(?:if|when|whenever|once)\s+(?:[\w`.'/-]+\s+){1,3}?(?:finds|detects|encounters|locates)\s+(?:(?:either|one\s+of|any\s+of)\s+)?(?:(?:`[^`\n]+`|[\w./-]+)(?:\s*,\s*(?:(?:or|and)\s+)?|\s+(?:or|and)\s+))*[`'"*]*$/i;
const EXISTS_AFTER = /^[`'"*]*\s+(?:(?:already\s+)?exists?|is\s+(?:present|there|available))\b/i;

/**
 * Whether the text around offset `at` of `text` (a path of `length` characters) says the path may not be there:
 * the writer knew, and the agent is told ("Design system: `docs/design-system.md` (if exists)", "When present,
 * collections live under `x`"). A file it would be good to write is not a reference gone stale.
 */
/**
 * A place a thing may be put once it is wanted, said as a permission before the path and a need after it: "fixtures can
 * live in `tests/conftest.py` once you need shared sample cards" (set 183's anki-api, a test suite with no conftest yet).
 * Both halves are asked: "Read `docs/api.md` when you need API details" sends the agent to a file that is to be there.
 */
const MAY_LIVE_BEFORE =
  /\b(?:can|could|may|might|should)\s+(?:live|go|sit|be\s+(?:kept|placed|put|added|collected))\s+(?:in|into|under|inside)\s+[`'"*]*$/i;
const ONCE_NEEDED_AFTER =
  /^[`'"*]*\s+(?:once|when|if)\s+(?:(?:you|we)\s+(?:need|want)\b|(?:it\s+is\s+|they\s+are\s+)?needed\b)/i;

function saysMaybe(text: string, at: number, length: number): boolean {
  const sentence =
    text
      .slice(0, at)
      .split(/[.!?]\s|\n/)
      .at(-1) ?? '';
  return (
    MAYBE_AFTER.test(text.slice(at + length, at + length + 60)) ||
    ONCE_MADE_AFTER.test(text.slice(at + length, at + length + 40)) ||
    (MAY_LIVE_BEFORE.test(text.slice(Math.max(0, at - 40), at)) &&
      ONCE_NEEDED_AFTER.test(text.slice(at + length, at + length + 40))) ||
    MAYBE_BEFORE.test(sentence) ||
    FUTURE_BEFORE.test(text.slice(Math.max(0, at - 30), at)) ||
    TO_COME_BEFORE.test(text.slice(Math.max(0, at - 60), at)) ||
    FOUND_BEFORE.test(sentence) ||
    (CONDITION_BEFORE.test(text.slice(Math.max(0, at - 30), at)) &&
      EXISTS_AFTER.test(text.slice(at + length, at + length + 40)))
  );
}

/**
 * A git command that reads what it is given from a commit, up to the path: `git ls-tree -r "$SHA^" -- docs/old`,
 * `git show "$SHA^:docs/old/a.md"`, `git log --all -- docs/old`. No `;`, `|` or `&&` between: the path is its argument.
 */
const HISTORY_READ_BEFORE = /\bgit\s+(?:-C\s+\S+\s+)?(?:log|show|ls-tree|rev-list|whatchanged|cat-file)\b[^\n;|&]*$/;

/**
 * Whether the path at offset `at` of `text` is an argument of a git command reading history on its line: where a
 * retired folder's files are read back from the commit before the one that removed them (set 114's obsidian-journal,
 * "`docs/superpowers/` was retired … Earlier specs remain in git history:"), not a file the agent is sent to.
 */
function isReadFromHistory(text: string, at: number): boolean {
  return HISTORY_READ_BEFORE.test(text.slice(text.lastIndexOf('\n', at - 1) + 1, at));
}

/** What a line says before a `path:line` that a tool prints: "Displays file path and line number (`…`)". */
const PRINTS_LOCATION_BEFORE =
  /\b(?:displays?|shows?|prints?|outputs?|logs?|emits?|reports?)\b[^.!?\n]*\b(?:paths?|locations?|lines?)\b[^.!?\n]*$/i;

/**
 * Whether the path at offset `at` of `text` (of `length` characters) is written with a line number where its line says
 * a tool displays a location: a sample of that output ("`echo` … Displays file path and line number
 * (`src/main.gleam:8`)", set 99's subaru, the line of the usage example above), not a file the agent is sent to.
 */
function isPrintedLocation(text: string, at: number, length: number): boolean {
  return (
    /^:\d+/.test(text.slice(at + length)) &&
    PRINTS_LOCATION_BEFORE.test(text.slice(text.lastIndexOf('\n', at - 1) + 1, at))
  );
}

/** A file's stem without its extensions: `client_spec.rb` is client_spec, `parse.test.ts` parse.test. */
function stemOf(name: string): string {
  return name.replace(/\.[A-Za-z0-9]+$/, '');
}

/** The stems a test file of source stem `stem` has by the usual conventions (RSpec, Go, Jest, pytest, JUnit). */
function testStemsOf(stem: string): string[] {
  return [
    `${stem}_spec`,
    `${stem}_test`,
    `${stem}.test`,
    `${stem}.spec`,
    `test_${stem}`,
    `${stem}Test`,
    `${stem}Spec`,
    `${stem}Tests`,
  ];
}

/**
 * Whether `text` names, besides the file `name`, its test file or its source file (`client.rb` and
 * `client_spec.rb`, `parse.ts` and `parse.test.ts`, `foo.py` and `test_foo.py`): a pair that shows a
 * naming or layout convention on an example, as "Spec files mirror source: `a` → `b`" does.
 */
function isSourceTestPair(name: string, text: string): boolean {
  if (posix.extname(name) === '') return false;
  const stem = stemOf(name);
  const others = [...text.matchAll(/[\w.-]+\.[A-Za-z0-9]+(?![\w/])/g)]
    .map((match) => stemOf(match[0]))
    .filter((other) => other !== stem);
  return others.some((other) => testStemsOf(stem).includes(other) || testStemsOf(other).includes(stem));
}

/** A name's words joined by underscores, as a file is named after its class: `ProductProperty` is product_property, `HTTPClient` http_client. */
function snakeCase(name: string): string {
  return name
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase();
}

/**
 * Whether the path's parts (its last without the extension) spell, part for part, a class the text
 * names by its namespaces: `acme/product.rb` and `Acme::Product` (Ruby's autoloading). Such a path is
 * written from a load root (an engine's `app/models/`), not from the repository's, to show how a file
 * is named after what it defines; a path with any part more (`app/models/acme/product.rb`) is a claim
 * about the repository.
 */
function spellsNamedClass(parts: readonly string[], text: string): boolean {
  const last = parts.at(-1) ?? '';
  if (posix.extname(last) === '') return false;
  const spelled = [...parts.slice(0, -1), stemOf(last)];
  return [...text.matchAll(/(?<![\w:/])[A-Za-z_]\w*(?:::[A-Za-z_]\w*)+/g)].some((match) => {
    const names = match[0].split('::');
    if (names.length !== spelled.length || !names.some((name) => /^[A-Z]/.test(name))) return false;
    return names.every((name, index) => name === spelled[index] || snakeCase(name) === spelled[index]);
  });
}

// How far before a path a "no" may stand: over a list of a few code spans ("no `a/`, `b.tsx`, or `c.tsx`").
const NEGATED_REACH = 160;

/**
 * Whether the text just before a path or a command says there is none of it: "ships no `x`", "without `x`",
 * "There is intentionally no `make check` convention" (set 67's biomcp), or names it as the form not taken, in
 * parentheses or after a comma: "`src/ui.rs` is the module root for `src/ui/` (not `src/ui/mod.rs`)" (set 121's
 * crabigator, a layout the project does not use), "use `pnpm test`, not `npm test`", or says there is none of its kind:
 * "there is no generated\n`src/version.ts`" (set 126's docusaurus-plugin-stentorosaur, a file its monorepo move removed),
 * or none any more: "There is no longer a parallel `src/lib/rag/core/` tree" (set 136's ollama-client, a tree git removed).
 * The "no" runs over a list of code spans: "There are no `app/(tabs)/`, `app/settings.tsx`, or `app/command.tsx` routes"
 * (set 183's super-habits, routes its navigation rework removed) negates each of them.
 * A mention of what is not, not a file the agent is sent to nor a command it is told to run.
 */
export function isNegatedBefore(before: string): boolean {
  // Every form ends where the path starts and spans a few words: the tail is enough, and a caller's whole text
  // before a path (one per path of a document) is not scanned again.
  return /\b(?:no|without)\s*(?:`[^`\n]+`\s*(?:,\s*(?:(?:or|nor)\s+)?|(?:or|nor)\s+))*[`'"*]*$|\bthere\s+(?:is|are)\s+no\s+(?:[a-z]+(?:ed|ing)|longer(?:\s+(?:an?|any))?(?:\s+[a-z-]+)?)\s+[`'"*]*$|[(,]\s*not\s*[`'"*]*$/i.test(
    before.slice(-NEGATED_REACH),
  );
}

/**
 * Whether a heading of `section` ("A > B") says the commands under it are not to be run: "## Forbidden commands",
 * "# Validation commands — DO NOT RUN" (set 78's atomic-crm: a hook blocks them, the list names scripts of the
 * projects the harness came from). A command listed there is one the agent is told not to run: none fails.
 */
export function isForbiddenCommandsSection(section: string): boolean {
  return section
    .split(' > ')
    .some((heading) =>
      /\b(?:forbidden|prohibited|banned|disallowed)\b|\b(?:do\s+not|don'?t|never)\s+run\b/i.test(heading),
    );
}

// A code span's name in the possessive just before a path's code span: "`web-audio-daw`'s `src/common.js`".
const OWNER_BEFORE = /`([^`\s]+)`['’]s\s+`$/;

/** Whether the path at `offset` of `text` follows "`name`'s", a name that is no file or folder of the repository. */
function isOtherThingsFile(text: string, offset: number, exists: (path: string) => boolean): boolean {
  const owner = OWNER_BEFORE.exec(text.slice(Math.max(0, offset - 80), offset))?.[1];
  return owner !== undefined && !exists(owner.replace(/^\.?\/+|\/+$/g, ''));
}

// A code span opening with a slash command and its words up to the path: `/command-name arg … <path>`.
const SLASH_COMMAND_BEFORE = /`\/[a-z][\w:-]*\s+(?:[^`\s]+\s+)*$/;
// A heading over prompts shown for the user to type ("## Example Prompts", "### Example Prompt"), and one over the
// shape of what an agent reads or writes ("### Output Format", "### Input Format"): set 95's playwright-qa-kit, whose
// prompts name the user's requirement files and whose JSON sample names `tests/other.spec.ts` beside
// `tests/example.spec.ts`.
const PROMPT_HEADING = /\b(?:example|sample)\s+prompts?\b|\bprompts?\s+examples?\b/i;
const FORMAT_HEADING =
  /\b(?:input|output|response|request|result|report)\s+(?:format|schema|shape|sample|example)s?\b/i;

/**
 * Whether a reference stands under a heading of example prompts, or in a code block under a heading of a format: the
 * files are the user's or made up for the sample. Only the nearest heading counts, so a section's other parts stay checked.
 */
function isSampleSection(section: string, inCode: boolean): boolean {
  const heading = section.split(' > ').at(-1) ?? '';
  return PROMPT_HEADING.test(heading) || (inCode && FORMAT_HEADING.test(heading));
}

/** Words of a heading that forbids something. */
const FORBIDS = /\b(?:never|not|don'?t|avoid|forbidden|prohibited|banned)\b/i;

/**
 * Whether a heading over the text forbids the name a path ends in: under "A directory named utils is NEVER collected"
 * (set 133's silk-release-action, whose tests moved from `unit/utils/` to `unit/utilities/`), `__test__/unit/utils/` in
 * the collection map and "renaming `unit/utilities/` back to `unit/utils/` turns each red" are the names not to use.
 */
function isNameForbiddenByHeading(section: string, name: string): boolean {
  if (name.length < 3 || !FORBIDS.test(section) || !/^[\w.-]+$/.test(name)) return false;
  const named = new RegExp(`(?<![\\w.-])${name.replace(/[.]/g, '\\.')}(?![\\w-])`, 'i');
  return section.split(' > ').some((heading) => FORBIDS.test(heading) && named.test(heading));
}

// An example's label and a new thing, then the path, with no code span between: "**Example:** A new BOQ chart component
// → `src/features/boq/components/BOQChart.tsx`" (a paragraph's lines are joined, so the label, not a line, opens it).
const NEW_THING_EXAMPLE_BEFORE =
  /(?:^|\s)(?:\*\*|__)?examples?\s*(?::\s*(?:\*\*|__)?|(?:\*\*|__)\s*:)\s*(?:a|an)\s+new\b[^`\n]*[`'"*]*$/i;
const NEW_THING_REACH = 200;

/**
 * Whether the path at `offset` of `text` follows an example's label that speaks of a new thing, "**Example:** A
 * new BOQ chart component → `src/features/boq/components/BOQChart.tsx`" (set 195's NeoBIM_Workflow_Builder, three such
 * lines under its rules for where new files go): the place a file would take, shown on one made up for it. An example
 * line naming a thing of the tree ("**Example:** The date formatter → `src/lib/format-date.ts`") stays checked.
 */
function isNewThingExample(text: string, offset: number): boolean {
  return NEW_THING_EXAMPLE_BEFORE.test(text.slice(Math.max(0, offset - NEW_THING_REACH), offset));
}

/** Whether a list item shows a good or bad example (✅, ❌, "Good:", "Bad:") rather than a fact of the repository. */
export function isExampleItem(text: string): boolean {
  return /^\s*(?:[✅❌✔✗✘✓👍👎]|(?:good|bad|wrong|right|correct|incorrect|avoid|do|don't)\s*:)/iu.test(text);
}

// What a text about a pattern says of the names it tries: "so `spec/models/user_spec.rb` hits while `tests/helpers.py`
// and `src/test/java/Helper.java` do not".
const PATTERN_WORD = /\b(?:regex(?:es|p)?|pattern|glob|matcher)\b/i;
const TRIED_VERB = /\b(?:hits?|misses|matche[sd])\b|\b(?:do|does)\s+not\s*$/i;

/**
 * Whether the mention at `offset` is a name a pattern is tried on: the text speaks of a regex, pattern, glob or matcher,
 * and the clause holding the mention says it hits, matches or does not (set 134's TeaRAGs-MCP, of a test-file regex:
 * "`detectTestFile` … matches `basename(relativePath)` only, so `spec/models/user_spec.rb` hits while `tests/helpers.py`
 * and `src/test/java/Helper.java` do not"). Such names are sample input, not files of the tree.
 */
function isPatternSample(text: string, offset: number, length: number): boolean {
  if (!PATTERN_WORD.test(text)) return false;
  const before =
    text
      .slice(Math.max(0, offset - 160), offset)
      .split(/[;:.!?]\s/)
      .at(-1) ?? '';
  const after = text.slice(offset + length, offset + length + 160).split(/[;:.!?](?:\s|$)/)[0] ?? '';
  return TRIED_VERB.test(`${before} ${after}`.replace(/`[^`]*`/g, ' '));
}

// A comment line opening a code block's paragraph: `// ✅ Good — …`, `# ❌ Bad: …`, `<!-- Good: … -->`.
const COMMENT_LEAD = /^\s*(?:\/\/+|#+|--|<!--)\s*/;
// A comment line that is only a file's name, labelling the code below it: `// src/columns.rs`, `# app/models.py`.
const FILE_LABEL = /^\s*(?:\/\/+|#+|--|<!--)\s*`?[\w.-]+(?:\/[\w.-]+)*\.\w+`?\s*(?:-->)?\s*$/;

// A comment caption that is a verdict and a dash, or the verdict alone: `// CORRECT - relative paths work in
// subdirectory`, `// WRONG — absolute paths break`, `# Bad` (set 202's ChartMaker, over `fetch('library/pd/song.txt')`);
// `// Right-hand side` is no verdict.
const VERDICT_CAPTION = /^(?:good|bad|wrong|right|correct|incorrect)(?:\s+[-–—](?:\s|$)|\s*[–—]|\s*$)/i;
// A comment caption telling the reader to put their own project's commands in place of the block's: `# Update these
// commands for your project` (set 226's roblox-mapper-002, a CLAUDE.md template's `npm run typecheck`), `# Replace with
// your project's scripts`, `# Adjust for your app`. The verb must take the block itself (these commands, the lines) or
// nothing before "for/with/to match your project": `# Update your project's dependencies` says what a command does.
const STAND_IN_CAPTION =
  /^(?:update|replace|change|adjust|adapt|customi[sz]e|edit|modify)\s+(?:(?:these|this|them|the(?:\s+following)?|all)\s+(?:(?:commands?|scripts?|lines?|values?)\s+)?)?(?:for|with|to\s+(?:match|fit|suit))\s+your\s+(?:own\s+)?(?:project|app|application|repo|repository|setup|stack|codebase)(?:'s)?\b/i;
// A comment line that labels what it names an example: `# Example: migrations/202601041200_add_user_preferences.sql`.
const EXAMPLE_COMMENT = /^\s*(?:\/\/+|#+|--|<!--)\s*(?:e\.g\.|for example|examples?\s*:)/i;

/**
 * Whether every line of the fenced code block `doc` that names `reference` lies in a paragraph of the block (lines
 * between blank ones) opened by a comment captioning it as a good or bad example, below that caption: "// ✅ Good —
 * general-purpose UI hook …" over "// web/lib/opal/src/hooks/useClickOutside.ts" (set 134's onyx: where hooks live,
 * shown on files made up for it), or is a comment labelling it an example: "# Example:
 * migrations/202601041200_add_user_preferences.sql" under "# Format: YYYYMMDDHHMMSS_description.sql" (set 158's fider:
 * the name a new migration takes). A verdict and a dash captions too: "// CORRECT - relative paths work in subdirectory"
 * over `fetch('library/pd/song.txt')` (set 202's ChartMaker: the form of a fetch URL, shown on a song made up for it).
 * So does a comment telling the reader to put their own project's in its place: "# Update these commands for your
 * project" over `npm run typecheck` (set 226's roblox-mapper-002, a CLAUDE.md template kept in the repository).
 * The caption's own words speak of the repository and stay checked. A paragraph
 * opened by a file's label after such a paragraph goes on with its example, file by file: set 154's nestjs-trpc CLI
 * shows "// ❌ BAD: Centralized constants file …" over `// src/constants.rs`, then `// src/dialogs.rs` and
 * `// src/columns.rs` each in a paragraph of its own, a layout made up to teach code locality. `fileText`: the file as
 * written (the document flattens the block's lines).
 */
export function isUnderExampleCaption(reference: string, doc: LintDocument, fileText: string): boolean {
  if (doc.fence === undefined) return false;
  const lines = fileText.split('\n').slice(doc.line, doc.line + doc.fence.lines);
  const naming = lines.flatMap((line, index) => (line.includes(reference) ? [index] : []));
  const paragraphStart = (at: number): number => {
    let first = at;
    while (first > 0 && lines[first - 1]!.trim() !== '') first--;
    return first;
  };
  const isCaption = (line: string) =>
    COMMENT_LEAD.test(line) &&
    (isExampleItem(line.replace(COMMENT_LEAD, '')) ||
      VERDICT_CAPTION.test(line.replace(COMMENT_LEAD, '')) ||
      STAND_IN_CAPTION.test(line.replace(COMMENT_LEAD, '')));
  return (
    naming.length > 0 &&
    naming.every((index) => {
      const label = EXAMPLE_COMMENT.exec(lines[index]!);
      if (label !== null && label[0].length <= lines[index]!.indexOf(reference)) return true;
      let first = paragraphStart(index);
      if (first < index && isCaption(lines[first]!)) return true;
      if (!FILE_LABEL.test(lines[first]!)) return false;
      // Back over the example's earlier files (a label's paragraph and the code paragraphs after it) to the caption
      // they follow; a comment of other words opening a paragraph starts something else.
      for (;;) {
        let above = first - 1;
        while (above >= 0 && lines[above]!.trim() === '') above--;
        if (above < 0) return false;
        first = paragraphStart(above);
        if (isCaption(lines[first]!)) return true;
        if (COMMENT_LEAD.test(lines[first]!) && !FILE_LABEL.test(lines[first]!)) return false;
      }
    })
  );
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

/** The option a command line gives a value just before an offset: `--doc` of `… --doc docs/spec.md`, `--out=` of `--out=x`. */
const OPTION_BEFORE = /(?:^|[\s`])(--?[A-Za-z][\w-]*)(?:=|\s+)$/;

/**
 * Whether each place `doc` names `reference` gives it to an option that its section (`documents`) also gives an example
 * address: Backlog.md's command reference shows `--doc https://design-docs.example.com` on one table row and `… --ref
 * src/api.ts --doc docs/spec.md` on the next (set 149's nigel-keeps-your-books, a Rust project with no `docs/spec.md`):
 * the option's values there are the tool's examples, not files of the repository. Asked only of a path missing as written.
 */
export function isExampleOptionValue(
  reference: string,
  doc: LintDocument,
  documents: readonly LintDocument[],
): boolean {
  const offsets = offsetsOf(reference, doc.text);
  const options = offsets.map((at) => OPTION_BEFORE.exec(doc.text.slice(Math.max(0, at - 40), at))?.[1]);
  if (options.length === 0 || options.some((option) => option === undefined)) return false;
  const section = documents
    .filter((other) => other.section === doc.section)
    .map((other) => other.text)
    .join('\n');
  return options.every((option) =>
    [...section.matchAll(new RegExp(`(?:^|[\\s\`])${option}(?:=|\\s+)['"]?([^\\s\`'"]+)`, 'g'))].some((match) =>
      EXAMPLE_ADDRESS.test(match[1] ?? ''),
    ),
  );
}
