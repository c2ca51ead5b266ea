/**
 * The same rule in two loaded files: word for word (`duplicate-rule`), reworded
 * (`near-duplicate-rule`: the word sets of core/text/text-similarity.ts, as the quality gate
 * compares a candidate with the memory), or mem's team memory repeating a hand-written line
 * (`team-repeats-file`). Two copies drift apart; one of them can go.
 */
import { posix } from 'node:path';
import { FOLDER_RUNNERS } from '../core/text/folder-runners.js';
import { comparableWords } from '../core/text/text-similarity.js';
import { normalized, sameTextCopies } from './same-text-copies.js';
import { translationCopies } from './translation-copies.js';
import { areCrossingGlobs, areDisjointGlobs } from './disjoint-globs.js';
import { isVendored } from './is-vendored.js';
import { isArchived } from './is-archived.js';
import { blockBound } from './tool-guides.js';
import { generatedProjectFolderOf, templateFolderOf } from './template-folder.js';
import { namesOtherThings } from './names-other-things.js';
import { readFrontMatterPaths } from './read-front-matter-paths.js';
import { isStyleSample } from './style-samples.js';
import { filledInRecipes } from './filled-in-recipes.js';
import type { LintAgent, LintFinding } from './lint-report.js';
import type { LintDocument, LintSource } from './lint-document.js';

// Shorter pieces ("Run tests.", a lone command) repeat by nature and say too little to compare.
const MIN_WORDS = 4;
const MIN_CHARS = 20;
// At 0.6, two different commands of one project ("npm run build …", "npm run test …") already meet.
const NEAR = 0.7;

// Note: the prose patterns below written in lower case (ABOUT_ITS_FILE, BACK_REFERENCE, POINTER, AGENT_FILE_POINTER,
// CONTENTS_HEADING, BRIEFS_REVIEWER, CITING) are asked of the lower-cased text, without the `i` flag: V8 compiles a
// case-insensitive pattern through ICU's case closure of every letter, ~5× the cost (POINTER: 14 M instructions
// against 3 M), paid at every `mem lint` start.
// A line about the file it stands in ("ignore this entire file", "these rules apply to all yaml
// files") says something else in each file that carries it: a banner, not a rule kept twice.
// "Put shared repo operating instructions in `AGENTS.md`, not here." (set 88's mavsdk_drone_show, in its CLAUDE.md and
// GEMINI.md shims) says where the file it stands in ends: "here" is that file. A word for what kind of file it is may
// stand between: "This compatibility file intentionally adds no repository guidance." (set 167's JobSentinel, closing
// the CLAUDE.md shims at the root and in docs/ that its harness contract-tests).
const ABOUT_ITS_FILE =
  /\b(?:this|these)\s+(?:(?:entire|whole|compatibility|shim|pointer|stub|redirect|wrapper|instructions?|guidance|context|memory|agent|generated)\s+)?(?:files?|documents?|pages?|sections?|guides?)\b|\bthese\s+rules\b|,\s+not\s+here\b/;
// A line wholly in bold or italics that marks the section under its heading instead of saying a rule: a lock naming
// nothing it guards ("**PRESERVED - DO NOT EDIT BY CLAUDE**") or a stand-in for text to come ("*Future development
// tasks and visions to be defined by operator/programmer*"). Set 156's curcuma opens the "## Instructions Block" of
// each of its 13 CLAUDE.md files on both: a template's scaffold each file carries for its own block, as ABOUT_ITS_FILE's
// "This section is reserved for …" beside them. A rule in bold names what it guards ("**Do not edit `dist/` by hand**")
// and stays compared. Asked of the lower-cased text (see the note above ABOUT_ITS_FILE).
const SECTION_MARK =
  /^\s*(\*\*|__|\*|_)(?:(?:[^*_\n]*?[-–—:]\s*)?(?:do\s+not|don't|never)\s+(?:edit|modify|change|touch)(?:\s+by\s+[\w ./-]+)?|[^*_\n]*\b(?:to\s+be\s+(?:defined|added|filled\s+in|written|decided|determined)|tbd)\b[^*_\n]*)[.!]?\1\s*$/;
// A page's stamp under its title, bold fields of what the page is and when it was written and nothing more ("> **Version:**
// v1.8.0 | **Last Updated:** 2026-06-07", "> **Applies to:** Desktop app (Windows, Linux, macOS) — v1.6.0+"): set 198's
// moodhaven-journal stamps each of the docs its CLAUDE.md imports so. Like ABOUT_ITS_FILE, each copy speaks of its own
// file, and the pages of one release carry the same one. A list item ("- **Date:** use ISO 8601") is a rule under a
// label, and stays compared. Asked of the lower-cased text (see the note above ABOUT_ITS_FILE).
const STAMP_FIELD = String.raw`(?:\*\*|__)(?:version|last\s+(?:updated|modified|reviewed|verified)|updated|created|date|authors?|owners?|maintainers?|status|applies\s+to|audience)(?::\s*(?:\*\*|__)|(?:\*\*|__)\s*:)\s*[^|\n*_]{1,100}?`;
const PAGE_STAMP = new RegExp(String.raw`^\s*(?:>\s*)?${STAMP_FIELD}(?:\s*[|\u00b7\u2022]\s*${STAMP_FIELD})*\s*$`);
// A list item led by a link, bold or not ("[specs.md](./specs.md) — the shared base", "**[cpp/AGENTS.md](../cpp/AGENTS.md)**
// - C++ implementation context"), points to a file: a see-also list, not a rule.
const LINK_ITEM = /^\s*(?:[-*+]\s+|\d+[.)]\s+)?(?:\*\*|__|[*_])?\[[^\]\n]+\]\([^)\s]+\)/;
// The same item led by an `@` path, the link of Claude Code and Cursor ("- @.cursor/rules/styling.md - Design tokens and
// styling patterns", "- @packages/ui/src/types/Badge/ (Shared types - SOURCE OF TRUTH)", set 106's
// metamask-design-system guides), read on the file's line: a list item (a paragraph opening on an import goes on to say
// more) and a file or a folder (`@types/node`, a package, is neither).
const IMPORT_ITEM_LINE = /^\s*(?:[-*+]|\d+[.)])\s+@(?:[\w.-]+\/)*(?:[\w-][\w.-]*\.[A-Za-z]\w{0,5}|[\w.-]+\/)(?=\s|$)/;
// A list item that is a label and a file's path or link and nothing more ("- Design system: `docs/design-system.md` (if
// exists)", "- **Getting Started:** [README.md](./README.md)", "- Universal LLM entry point: `llms.txt`."): the same
// see-also list, where a relative link names each file's own neighbour.
const PATH_ITEM =
  /^\s*(?:[-*+]\s+|\d+[.)]\s+)?[^`[\n:]{1,60}(?::|\s[-–—])\s*(?:\*\*|__)?\s*(?:`[^`\s]*[./][^`\s]*`|\[[^\]\n]+\]\([^)\s]+\))\s*(?:\([^)\n]*\))?\.?\s*$/;
// A list item or line that is one name and nothing more ("- VERCEL_AI_GATEWAY_URL", "`test_gunship_lab_contract.gd`"):
// its parts joined by "_" only read as four words. Two lists naming the same variable (a setup list of `.env` keys, a
// "never commit" list of secrets, set 211's ai.cycling.workout.planner) say different things of it: one name the two
// files share alone is no rule. Beside another line the pair shares (a list of tests to run copied whole) it is part
// of the copy and is reported.
const ONE_NAME_ITEM = /^\s*(?:[-*+]\s+|\d+[.)]\s+)?(?:\*\*|__)?`?[^\s`*]+`?(?:\*\*|__)?[.,;]?\s*$/;
// A heading over what a document covers ("### Essential Topics in Project CLAUDE.md", "## Contents", "What this guide
// covers"), and a list item as written: its items are the titles of that document's parts, not rules (set 114's
// exocortex: "- Quality metrics (803 unit tests across all packages)" beside AGENTS.md's "- Unit tests (803 tests across
// all packages)", what `npm run test:all` runs). "## Advanced Topics" is a part of rules, not a list of parts.
const CONTENTS_HEADING = /\b(?:table\s+of\s+)?contents\b|\btopics\s+(?:in|of|covered)\b|\bcover(?:s|ed)\b/;
const LIST_ITEM_LINE = /^\s*(?:[-*+]|\d+[.)])\s/;
// A list item that names a document and what to read it for, a word of where before it or not ("- Root `AGENTS.md` for
// general project overview", "- `test/AGENTS.md` for testing conventions", "- Individual `dialect_instructions/<dialect>.md`
// files for dialect-specific guidance"): the same see-also list, written "x for y" (set 62's sqlfluff, in each nested
// file). A verb before it ("Read [x.md](x.md) for …") makes it a pointer among rules, compared as one.
const DOCUMENT_ITEM =
  /^\s*(?:[-*+]\s+|\d+[.)]\s+)?(?:(?:root|parent|top-level|main|nested|individual|each|sibling|local|project)\s+)?(?:`[^`\s]*\.md`|\[[^\]\n]+\]\([^)\s]+\))(?:\s+files?)?\s+(?:for|on|about)\s+[^.!?\n`]{1,80}\.?\s*$/i;
// A list item naming an agent file and what it holds, and nothing more ("2. `CLAUDE.md` — verified repo map and current
// gotchas" in GEMINI.md's list of the instruction files beside AGENTS.md's "- `CLAUDE.md` = verified repo map and current
// gotchas", set 203's Date_Program): each agent reads only its own file name, so the map of which file holds what
// stands in each of them by design, as AGENT_FILE_POINTER's pointer does. Asked of the lower-cased text.
const AGENT_FILE_ITEM =
  /^\s*(?:[-*+]\s+|\d+[.)]\s+)?(?:\*\*|__)?(?:`(?:[\w.-]+\/)*(?:agents|claude|gemini|qwen|copilot-instructions)\.md`|\[[^\]\n]+\]\((?:\.{1,2}\/)*(?:[\w.-]+\/)*(?:agents|claude|gemini|qwen|copilot-instructions)\.md\))(?:\*\*|__)?\s*(?::|=|\s[-–—])\s*[^`\n.!?]{1,80}\.?\s*$/;
// A table row that is a label and where to read about it and nothing more ("| Best practices | [DESIGN.md Section
// 6](DESIGN.md#6-best-practices) |", "| Integration test guide | `integration/README.md` |"): the same see-also list, as a table.
const PATH_ROW =
  /^\s*\|\s*[^`[|\n]{1,60}\|\s*(?:\*\*|__)?\s*(?:`[^`\s]*[./][^`\s]*`|\[[^\]\n]+\]\([^)\s]+\))\s*(?:\*\*|__)?\s*\|?\s*$/;
// A sentence that points back at what goes before it ("If these updates are not made, tell the developer …", "Those
// commands must pass"): it says what its own paragraph says, compared on its own, not by its closing line.
// "It contains essential coding standards, …" after a pointer to AGENTS.md says what that file holds: a subject "it"
// is whatever the line before named.
const BACK_REFERENCE =
  /^\s*(?:[-*+]\s+|\d+[.)]\s+)?(?:(?:(?:if|when|unless|once|until|after)\s+)?(?:these|those|the\s+above)\s+\w|it\s+(?:contains|holds|has|lists|covers|describes|defines|explains|includes)\b)/;
// An entry that says what a named thing is: a list item led by a code span and a dash or colon ("- `MicrophoneTest` - Mic
// testing modal", "- `themes.css` — Theme variables"; the code span in bold or not, "- **`docs/guides/`**: Comprehensive
// guides", set 230's fastapi-streamlit-llm-starter, a root's index of docs/ beside docs/CLAUDE.md's own), or by one word and a dash ("- UserPanel - Bottom panel with user
// info"). A bold label is left out ("**Lint:**" and "**Protocol changes are BREAKING** —" lead rules as often as names),
// and so is a table row: a table is data kept in one place (a schema's tables), and the same row in two files is a copy.
const DEFINITION =
  /^\s*(?:(?:[-*+]|\d+[.)])\s+)?(?:(\*\*|__)?`[^`\n]+`\1\s*(?::|\s[-–—])|[A-Za-z_@./][\w@./<>$-]*\s+[-–—])\s+\S/;
// A table row whose first cell is a folder and nothing more ("| `advanced/` | Private API, Firebase, Tasker |"): what a
// folder holds, as a parent's index of its sub-folders and the sub-folder's own file each say it. A row of data keyed
// by a name (a schema's table, `apiClient` and its classes) stays compared.
const FOLDER_ROW = /^\s*\|\s*`?[\w.-]+(?:\/[\w.-]+)*\/`?\s*\|/;
// A list item that is a label, a measured figure and, after an arrow, its target, and nothing more ("- Emergency
// Detection: 89% → Target 95%", "- **Widget Load Time**: 1.2s → Target <1s", "- Revenue: €1,200/month → €2,000/month"):
// where a thing stands, not a rule. A parent's digest of key figures repeats a nested folder's own ("## 📊 KEY METRICS"
// in the root CLAUDE.md beside widget/CLAUDE.md's "Current Metrics & Targets", set 240's plumber-saas), as an index
// entry repeats a folder's own account (DEFINITION). A bare setting ("- Max upload: 500 KB") is a limit, and compared;
// so is the same figure in two files of one folder.
const FIGURE = String.raw`[<>\u2264\u2265~]?\s?[\u20ac$\u00a3]?\d[\d.,]*(?:\s?(?:%|\u00d7|[a-z]{1,5}))?(?:\s?\/\s?(?:\d[\d.,]*|[a-z]{2,5}))?`;
const FIGURE_ITEM = new RegExp(
  String.raw`^\s*(?:(?:[-*+]|\d+[.)])\s+)?(?:\*\*|__)?[A-Za-z][^:*_\n]{0,58}?(?:\*\*|__)?:(?:\*\*|__)?\s*${FIGURE}\s*(?:\u2192|->|=>)\s*(?:(?:target|goal)\s*:?\s*)?${FIGURE}\s*$`,
  'i',
);
// A list item (its marker dropped or not) led by one bold name and a colon or dash ("- **flyby_perception**: YOLO11 +
// ByteTrack detection/tracking nodes") and a table row keyed by one name ("| `flyby_perception` | YOLO11 + ByteTrack detection/tracking | Complete |"):
// the two forms an index of named things takes. Apart, each leads rules and data as often as entries (see DEFINITION).
const LABELLED_ITEM =
  /^\s*(?:(?:[-*+]|\d+[.)])\s+)?(?:\*\*|__)`?([\w.@/-]+)`?(?::(?:\*\*|__)|(?:\*\*|__)\s*(?::|\s[-–—]))/;
const KEYED_ROW = /^\s*\|\s*(?:\*\*|__)?`?([\w.@/-]+)`?(?:\*\*|__)?\s*\|/;
// A table row keyed by a file's name ("| `e2e_bool.rs` | Boolean type handling |"). In a parent's agent file it indexes a
// sub-folder's files, in the sub-folder's own file it is that folder's table of them (set 93's lak: compiler/AGENTS.md's
// "Tests" and compiler/tests/AGENTS.md's "Module Structure", the child's rows with a test count more): one file described
// at two levels of the hierarchy. Rows keyed by other names (a schema's tables) stay compared.
const FILE_ROW = /^\s*\|\s*`?([\w-][\w.-]*\.[A-Za-z]\w{0,5})`?\s*\|/;
// One sentence that sends the reader to a file ("See [AGENTS.md](./AGENTS.md) for project context, …", "Read
// `docs/testing.md` first.", "Follow @CONTRIBUTING.md for code style, …", "Check the guidelines in [x.md](x.md)").
// A file that says nothing else is a shim: each agent reads its own file name (CLAUDE.md, GEMINI.md), so the same
// pointer in each, written in each agent's own form (an `@` import for Claude Code, a link for the others), is how
// they all reach one file, not a rule kept twice. A pointer among a file's rules stays comparable: a file copied
// whole repeats it with the rest. An adverb before the verb ("Strictly follow the rules in @AGENTS.md", "Always read
// …") leaves it a pointer, and so does a clause saying what the file is read for ("For complete details, see AI.md PART 26",
// set 182's apimgr/pastebin: each of its topic rules files closes on its own part of one spec).
const POINTER =
  /^\s*(?:[-*+]\s+|\d+[.)]\s+)?(?:for\s+(?:[\w-]+\s+){0,3}?[\w-]+,\s+)?(?:(?:please|always|\w+ly)\s+){0,2}(?:see|read|refer\s+to|consult|follow|check|look\s+at)\s+(?:(?:the|our)\s+(?:[\w-]+\s+){0,2}(?:in|at|of|from)\s+)?(?:\[[^\]\n]+\]\([^)\s]+\)|`[^`\n]*[./][^`\n]*`|@?[\w./-]+\.md\b)/;
// A list marker and a bold label before a sentence ("- **Quality checks**: ", "**Complete quality checks:** "), or the
// bold opening a sentence wholly in bold ("**See …**"): what isPointerSentence looks past.
const BOLD_LEAD =
  /^\s*(?:[-*+]\s+|\d+[.)]\s+)?(?:(?:\*\*|__)[^*_\n`]{1,60}?(?:\*\*|__)\s*:?|(?:\*\*|__)[^*_\n`]{1,60}?:(?:\*\*|__))\s*|^\s*(?:\*\*|__)/;
// A label line and the one list item under it, read as one paragraph: an item indented four spaces under a line
// ending in a colon continues that line's paragraph ("FILENAME_CONVENTION:" over "    - See 05-file-naming.md for naming
// files guidance.", set 224's reservoir-simulation rules files, where the others indent the item two): the label is
// what isPointerSentence looks past, the item the sentence.
const LABEL_ITEM_LEAD = /^\s*[^\s:`.!?][^\n:`.!?]{0,59}:\s+(?=[-*+]\s)/;

// A sentence that sends its agent to another agent's file ("Before suggesting code edits, …, you MUST read `AGENTS.md` to
// understand the project's constraints", "Always read [CLAUDE.md](CLAUDE.md) first", "This project uses a shared context
// file (`AGENTS.md`) for common project guidelines. Please refer to it …"): each agent reads only its own file name, so
// the pointer to the shared file stands in each of them by design, wherever in the file it is.
const AGENT_FILE_POINTER =
  /\b(?:read|see|follow|consult|check|refer\s+to|open|load)\s+(?:the\s+)?(?:\[|`|@|\*\*)*(?:\.\/)?(?:agents|claude|gemini)\.md\b|\b(?:agents|claude|gemini)\.md\b[^\n]*?\b(?:read|see|follow|consult|check|refer\s+to|open|load)\s+it\b/;
// One sentence linking another folder's agent file by a label of its own ("See the [project root AGENTS.md](../../../AGENTS.md)
// for repository-wide policies and workflows.", set 70's software-agent-sdk, atop each package's AGENTS.md): each nested
// guide opens by sending its reader up, each with its own relative link, so the line stands in every one by design.
const AGENT_FILE_LINK =
  /^\s*(?:[-*+]\s+|\d+[.)]\s+)?(?:(?:please|always|\w+ly)\s+){0,2}(?:see|read|refer\s+to|consult|follow|check)\s+(?:the\s+)?\[[^\]\n]+\]\((?:\.{1,2}\/)*(?:[\w.-]+\/)*(?:AGENTS|CLAUDE|GEMINI)\.md\)/i;

// A sentence that only leads into what follows ("Each cookbook folder should have the following
// files:") or a bold line that is a step's or a block's title ("**3. Updating TEST_LOG.md**",
// "**Setup:**") is a heading by another name: the same one in two files is a shared outline, not
// a rule kept twice. A rule before the colon ("… may fail. Use the API directly instead:") and a
// rule in bold ("**ONLY commit files YOU changed**") stay. Chinese and Japanese text ends its lead-in on a full-width
// colon ("在 Claude Code 中引用文件时，使用 markdown 链接语法：", set 139's ChineseResearchLaTeX, atop each template
// project's own examples) and its sentences on "。！？". No `i` flag ("Step" and "STEP" written out): V8 would
// compile the case closure of every character in it (see the note above ABOUT_ITS_FILE).
const LEAD_IN =
  /^[^\n]*?[^.!?。！？\n][:：]\s*$|^\s*\*\*(?:(?:[Ss]tep|STEP)\s+)?\d+[.)]\s[^*\n]+\*\*\s*[:：]?\s*$|^\s*\*\*[^*\n]+[:：]\*\*\s*[:：]?\s*$/;
// "cd python && uv run …": the command runs in that folder, whichever file says it.
const CD_FIRST = /^cd\s+([\w.][\w./-]*?)\/?\s*&&\s*/;
// A first command that changes into a folder left to fill in ("cd cli/azd/extensions/<extension-name>", on its own
// line or before `&&`): what follows is a recipe for every folder of that kind.
const CD_TEMPLATE = /^cd\s+((?:[\w.-]*(?:<[^>\s]+>|\{[^}\s]+\})[\w.-]*\/?|[\w.-]+\/)+?)\s*(?:&&|$)/;
// A full stop after a word, not after a list number ("3. Updating …"), or a full-width one, which no space follows.
const SENTENCE_BREAK = /[^\d\s][.!?]\s+\S|[。！？]\s*\S/;
// A sentence saying what the project is ("This is a Jekyll blog hosted on …", "This project is …", "This repository
// contains the docs of …", "Hextra is a Hugo theme …").
const SAYS_WHAT_IT_IS =
  /^\s*(?:[Tt]h(?:is|e)\s+(?:[\w.-]+\s+){0,4}?(?:is|contains|holds|hosts|houses)|(?:\*\*)?[A-Z][\w.-]*(?:\s+[A-Z][\w.-]*)?(?:\*\*)?\s+is\s+(?:a|an|the))\b/;
// An opening saying the file briefs a reviewer ("Instructions for Gemini when reviewing PRs for this provider", "You
// are a thorough PR reviewer"), not an agent that writes the code.
const BRIEFS_REVIEWER =
  /\b(?:when|while|for)\s+reviewing\b|\b(?:pr|pull[- ]requests?|merge[- ]requests?|code)\s+reviewer\b/;

/**
 * Whether two reworded pieces are each its file's introduction: the first sentence of prose (a line about the file
 * itself aside), alone in its paragraph, saying what the project is ("This is a Jekyll blog hosted on GitHub Pages at
 * jemonjam.com." in CLAUDE.md, "This project is a Jekyll blog hosted on GitHub Pages (jemonjam.com)." in AGENTS.md, set
 * 43). Each agent reads its own file, which opens by telling it where it is, in its writer's words: no rule kept
 * twice, and neither line would go. The same sentence word for word is a copy, and reported.
 */
function isEachFilesIntroduction(piece: Piece, other: Piece): boolean {
  const introduces = (p: Piece) => p.opensFile && SAYS_WHAT_IT_IS.test(p.text) && !SENTENCE_BREAK.test(p.text.trim());
  return piece.exact !== other.exact && introduces(piece) && introduces(other);
}

/**
 * Whether two reworded pieces name code and share none of it (`pnpm --filter web run test` and
 * `pnpm --filter worker run test`): two commands or two names of one template, each its own rule.
 * Placeholders and a leading `cd <folder> &&` do not count (`<file>`, `<args>`; where a command runs is
 * folderItRunsIn's), and a path names what its first or last part
 * names (`autopilot/SKILL.md`, `autopilot`).
 */
function namesOtherCode(a: string, b: string): boolean {
  const spans = (text: string) =>
    [...text.matchAll(/`([^`\n]+)`/g)].map((match) =>
      match[1]!
        .replace(CD_FIRST, '')
        .replace(/<[^>]*>|\[[^\]]*\]|\{[^}]*\}/g, ' ')
        .replace(/\s+/g, ' ')
        .trim()
        .toLowerCase(),
    );
  const same = (x: string, y: string) => x === y || x.startsWith(`${y}/`) || x.endsWith(`/${y}`);
  const sa = spans(a).filter((span) => span !== '');
  const sb = spans(b).filter((span) => span !== '');
  return sa.length > 0 && sb.length > 0 && !sa.some((x) => sb.some((y) => same(x, y) || same(y, x)));
}

type Piece = {
  file: string;
  /** Every path its file goes by (LintSource.names): a pointer to any of them points to it. */
  names: readonly string[];
  team: boolean;
  scope: string;
  line: number;
  text: string;
  words: ReadonlySet<string>;
  exact: string;
  /** The folder a command piece runs in (see folderItRunsIn); undefined for any other piece. */
  runsIn: string | undefined;
  /** The folders a piece is the recipe for (see folderTemplateOf); undefined for any other piece. */
  forFolders: RegExp | undefined;
  /** The folder of the package that publishes its file, which must stand alone (LintSource.publishedIn). */
  publishedIn: string | undefined;
  /** The file a generator's mark says this part was copied from, or the tool's block it lies in (see copiedFrom). */
  copiedFrom: string | undefined;
  /** A code block's lines that run something (comments aside), for isOtherScript; undefined for any other piece. */
  codeLines: ReadonlySet<string> | undefined;
  /** Whether it is a code block of variable assignments its file's later commands use (see isSetupPrelude). */
  setsUpFile: boolean;
  /** The folder its agent file stands for (LintSource.home). */
  home: string | undefined;
  /** The agent file whose import brought its document in (LintSource.importedBy). */
  importedBy: string | undefined;
  /** Its file's length in characters, and the Markdown files its text links to or names in a code span (see isDigestOf). */
  fileChars: number;
  pointsTo: ReadonlySet<string>;
  /** The files of pointsTo its file is a digest of, each at least DIGEST_SHARE times its size (see isEachAgentsDigest). */
  digestOf: ReadonlySet<string>;
  /** The names of the Markdown files its section says, before it, it cites (see citedFiles). */
  cites: ReadonlySet<string>;
  /** The Markdown files its own text links to or names in a code span (see pointedFiles). */
  sendsTo: ReadonlySet<string>;
  /** The globs a rules file is written for, `paths:` or `globs:` (read-front-matter-paths.ts); null for any other file. */
  globs: readonly string[] | null;
  /** The agents the file's front matter hides it from (Copilot's `excludeAgent: "code-review"`), sorted; '' for none. */
  hiddenFrom: string;
  /** Whether its text is a file map's entry (a row or item keyed by a file), and whether a table row or file-led item. */
  mapEntry: boolean;
  mapLine: boolean;
  /** Whether its file lies in a vendored tree (is-vendored.ts). */
  vendored: boolean;
  /** The template folder or generated project its file is written for alone (template-folder.ts), or undefined. */
  standalone: string | undefined;
  /** The agents that load its file (LintSource.agents); undefined when not known. */
  agents: readonly LintAgent[] | undefined;
  /** Whether it is its file's first piece of prose, a line about the file itself aside (see isEachFilesIntroduction). */
  opensFile: boolean;
  /** Whether its file opens as a reviewer's brief (see isReviewBriefBesideOtherAgents). */
  inReviewBrief: boolean;
  /** The heading it stands under, the innermost ("" before any heading). */
  heading: string;
  /** The source files its section's headings name ("## Platformer AI (`platformer_ai.rs`)"), from the repository root. */
  headingFiles: readonly string[];
  /** When it is a bare command item, the bare command items under its heading in its file (see isEachScopesCommandList). */
  commandList: ReadonlySet<string> | undefined;
  /** When it is a numbered item, the numbered list under its heading in its file (see isStepOfOtherProcedure). */
  procedure: Procedure | undefined;
  /** When it is a list item, the task list (kind 'checklist') or other list under its heading (see isChecklistRecap). */
  list: Procedure | undefined;
  /** It stands under a heading of what is to come (ROADMAP_HEADING): a plan, not how to work now. */
  planned: boolean;
  /** A list item under a heading naming a source file or a bold label that is a file's name (see isAccountBesideRule). */
  account: boolean;
  /** Whether it is prose, not a code block (isPointerSentence is asked of the prose pieces matched). */
  prose: boolean;
};

// A heading over what is to come ("## Future Architecture Plans", "### Roadmap", "## Upcoming"), below the file's title
// (a "# Tanaka TODOs" title is over the file's principles too).
const ROADMAP_HEADING = /\b(?:future|roadmap|upcoming|planned|vision)\b/i;

/** Whether a heading below the title of `section` (a heading path) is a roadmap's (ROADMAP_HEADING). */
function isPlannedSection(section: string): boolean {
  return section
    .split(' > ')
    .slice(1)
    .some((heading) => ROADMAP_HEADING.test(heading));
}

// A list item that is one code span and nothing else ("- `./run_tests.sh -t tests/unit/commands_dispatch_spec.lua`"; the
// reader hands an item over without its marker).
const BARE_COMMAND_ITEM = /^\s*(?:[-*+]\s+|\d+[.)]\s+)?`[^`\n]+`\s*$/;

/** The bare command items of `source` (BARE_COMMAND_ITEM), as exactKey texts, by the heading path they stand under. */
function commandListsOf(source: LintSource): Map<string, Set<string>> {
  const lists = new Map<string, Set<string>>();
  for (const doc of source.documents) {
    if (doc.code === true || !BARE_COMMAND_ITEM.test(doc.text)) continue;
    const list = lists.get(doc.section) ?? new Set<string>();
    list.add(exactKey(doc.text));
    lists.set(doc.section, list);
  }
  return lists;
}

// A numbered list item as written ("1. Define the channel constant in …"): the documents drop the marker, the line keeps it.
const NUMBERED_ITEM_LINE = /^\s*\d+[.)]\s/;
// An inventory's entry as written: a bullet led by one bold name and what it is ("- **ESLint** for linting (flat config
// format)", "- **Jest** 30.2.0 - Testing framework"), under a heading over what the project uses (INVENTORY_HEADING).
// A bold phrase ("**TypeScript strict mode** with …", "**NEVER** commit …") is no name of a tool. A bold label and a
// colon ("- **Language**: TypeScript 5.0+ (ESM-first, CJS fallback)", "- **Package Manager:** pnpm") is the entry of
// what fills that part of the stack.
const INVENTORY_ENTRY_LINE =
  /^\s*[-*+]\s+(?:\*\*|__)(?:`?[\w.@/+-]+`?(?:\*\*|__)\s|[\w.@/+-]+(?: [\w.@/+-]+){0,2}(?::(?:\*\*|__)|(?:\*\*|__):)\s)/;
const INVENTORY_HEADING =
  /\b(?:dependenc(?:y|ies)|stack|technolog(?:y|ies)|tool(?:s|ing|chain)|librar(?:y|ies)|frameworks|built\s+with)\b/i;

// A list's lead-in ending on what the project is made of: "Tanaka is a Firefox tab synchronization system built with:"
// (set 147's tanaka: CLAUDE.md's overview of "- **Server**: Rust server using axum, tokio, yrs, and SQLite" beside the
// README's "## Built With" list, each its own summary of the stack).
const INVENTORY_LEAD_IN = new RegExp(String.raw`${INVENTORY_HEADING.source}[^.!?:\n]*:\s*$`, 'i');

/**
 * Whether the document at `index` of `source`, whose line as written is `line`, is an inventory's entry
 * (INVENTORY_ENTRY_LINE) under the innermost heading of `section`, or after a lead-in that says what its list holds
 * (INVENTORY_LEAD_IN: the paragraph of its section ending in ":" just before the list's first item). The lead-in is
 * looked for only for such an entry under another heading.
 */
function isInventoryEntry(
  line: string,
  section: string,
  index: number,
  source: LintSource,
  lines: readonly string[],
): boolean {
  if (!INVENTORY_ENTRY_LINE.test(line)) return false;
  if (INVENTORY_HEADING.test(section.split(' > ').at(-1) ?? '')) return true;
  let at = index - 1;
  const isItem = (doc: LintDocument) =>
    doc.section === section && doc.code !== true && LIST_ITEM_LINE.test(lines[doc.line - 1] ?? '');
  while (at >= 0 && isItem(source.documents[at]!)) at--;
  const lead = source.documents[at];
  return lead !== undefined && lead.section === section && lead.code !== true && INVENTORY_LEAD_IN.test(lead.text);
}

// A command reference's entry as written: a bullet led by one code span and then what it does ("- `pnpm lint` - Run
// oxfmt/oxlint/knip linter", "- `make test`: Run the unit tests").
const COMMAND_ENTRY_LINE = /^\s*[-*+]\s+`[^`\n]+`\s*(?:[-–—:]|\()\s*\S/;

/**
 * A list under one heading and what its items are: numbered steps, an inventory's entries, a command reference's
 * entries, a task list's checks or any other list's items; how many items it has and the words of them all.
 */
type Procedure = { kind: 'steps' | 'inventory' | 'commands' | 'checklist' | 'list'; steps: number; words: Set<string> };

// A task list's item as written ("- [ ] Branded types for domain values", "- [x] …"): a check to run at a checkpoint.
const CHECKLIST_ITEM_LINE = /^\s*[-*+]\s+\[[ xX]\]\s/;

/**
 * The items of `source` that `isItem` tells by their line as written (NUMBERED_ITEM_LINE, or an inventory's entries), as
 * lists, by their heading path.
 */
function proceduresOf(
  source: LintSource,
  lines: readonly string[],
  kind: Procedure['kind'],
  isItem: (line: string, section: string, index: number) => boolean,
): Map<string, Procedure> {
  const procedures = new Map<string, Procedure>();
  for (const [index, doc] of source.documents.entries()) {
    if (doc.code === true || !isItem(lines[doc.line - 1] ?? '', doc.section, index)) continue;
    const procedure = procedures.get(doc.section) ?? { kind, steps: 0, words: new Set<string>() };
    procedure.steps += 1;
    for (const word of comparableWords(doc.text)) procedure.words.add(word);
    procedures.set(doc.section, procedure);
  }
  return procedures;
}

// Two procedures sharing under half their words are two tasks; a copy, reworded or grown by a step, shares most.
const OTHER_PROCEDURE = 0.5;

/**
 * Whether two pieces are steps of two different procedures: each is an item of a numbered list of two or more steps,
 * and the two lists, read whole, are mostly other words (set 90's mattermost/desktop: "1. Define the channel constant
 * in `src/common/communication.ts`." opens both the root's "IPC channels" and the preload folder's "Adding a new IPC
 * method"). Two procedures that share a step each need it in its place; dropping one copy leaves a gap in the other.
 * The same procedure in both, reworded or grown by a step or not, is a copy, and reported. So with two inventories'
 * entries for one tool (set 107's n8n-nodes-defuddle: a release checklist's "## Dependencies" and the project
 * context's "## Tech Stack" each list ESLint, its other entries worded apart): each list names it for its own reader;
 * so with a root's and a package's own "## Tech Stack", entries led by a label (set 123's autotel: "- **Language**:
 * TypeScript 5.0+ (ESM-first, CJS fallback)" in each, the package's other entries its own runtime, build and deps).
 * And with a step that runs a command beside a command reference's entry for it (set 112's stackone-ai-node: "3. Run
 * linter: `pnpm lint`" of a "Development Flow" and "- `pnpm lint` - Run oxfmt/oxlint/knip linter" under "Code
 * Quality"): the step puts the command in its task, the entry says what it does. Two command references' entries are
 * not read so: a command described twice is a copy.
 */
function isStepOfOtherProcedure(piece: Piece, other: Piece): boolean {
  const [a, b] = [piece.procedure, other.procedure];
  if (a === undefined || b === undefined || a.steps < 2 || b.steps < 2) return false;
  if ((a.kind === 'commands' || b.kind === 'commands') && (a.kind === 'steps') === (b.kind === 'steps')) return false;
  const shared = [...a.words].filter((word) => b.words.has(word)).length;
  return shared / (a.words.size + b.words.size - shared) < OTHER_PROCEDURE;
}

/**
 * Whether one piece is an item of a task list ("- [ ] …", two items or more) and the other a rule written otherwise,
 * whose list (or line) is mostly other words than the task list (OTHER_PROCEDURE). A checklist recaps at a checkpoint
 * what rules say where they are explained (set 120's saleor/configurator: code-quality.md's "Type Safety Checklist"
 * item "- [ ] Branded types for domain values" beside CLAUDE.md's "Type Safety" rule "- Use branded types for domain
 * values"): dropping the item leaves the checklist short, dropping the rule the rules. A rules list copied whole as
 * a checklist shares most of its words, and two task lists' items are compared as any other lines: both reported.
 */
function isChecklistRecap(piece: Piece, other: Piece): boolean {
  const isCheck = (candidate: Piece) => candidate.list?.kind === 'checklist';
  if (isCheck(piece) === isCheck(other)) return false;
  const [check, rule] = isCheck(piece) ? [piece, other] : [other, piece];
  const checklist = check.list!;
  if (checklist.steps < 2) return false;
  const words = rule.list?.words ?? rule.words;
  const shared = [...checklist.words].filter((word) => words.has(word)).length;
  return shared / (checklist.words.size + words.size - shared) < OTHER_PROCEDURE;
}

/**
 * Whether `block` is a code block running one command and `entry` a labelled entry that says what a named thing is and
 * quotes that command (set 135's formatjs: CLAUDE.md's "Rust Benchmarks Need `-c opt`" block `bazel run -c opt
 * //crates/icu_messageformat_parser:parser_bench -- --bench`, and an imported page's build targets entry "- **Benchmark**
 * — Criterion-based (`bazel run -c opt …`)"). The block runs it where a rule needs it, the entry describes the target
 * among its siblings: dropping either leaves a hole. A label and a command alone ("**Lint:** `make lint`") describe
 * nothing and stay compared, and so do two blocks and two entries.
 */
function isCommandBesideItsEntry(block: Piece, entry: Piece): boolean {
  if (block.codeLines?.size !== 1 || entry.codeLines !== undefined || !LABELLED_ITEM.test(entry.text)) return false;
  const command = [...block.codeLines][0]!;
  const spans = [...entry.text.matchAll(/`([^`\n]+)`/g)].map((match) => match[1]!.trim());
  const described = entry.text.replace(LABELLED_ITEM, ' ').replace(/`[^`\n]*`/g, ' ');
  return spans.includes(command) && comparableWords(described).size > 0;
}

/**
 * Whether two pieces are items of each scope's own list of commands: a parent's and a nested agent file each hold a
 * list of bare commands under one heading, and the two lists differ (set 46's opencode.nvim: `commands/` and
 * `commands/handlers/` each list, under "Minimal Regression Commands", the tests to run for a change there). Which
 * commands cover a scope is that scope's choice; where two scopes' code meets, their lists share commands, and
 * dropping the nested copy would leave its list short. The same list in both is a copy, and reported. Under two
 * headings of their own (set 124's godot_citys: the root's per-area "### Authored scenes / … / gunship encounter" tests
 * and the gunship folder's "## Testing Rules"), the lists are each scope's own when under half their items are shared
 * (OTHER_PROCEDURE); a list copied under a new heading shares most, and is reported.
 */
function isEachScopesCommandList(piece: Piece, other: Piece): boolean {
  const [a, b] = [piece.commandList, other.commandList];
  if (a === undefined || b === undefined || !isNested(piece.scope, other.scope)) return false;
  const shared = [...a].filter((item) => b.has(item)).length;
  if (exactKey(piece.heading) === exactKey(other.heading)) return shared !== a.size || a.size !== b.size;
  return shared / (a.size + b.size - shared) < OTHER_PROCEDURE;
}

/**
 * Whether `path` is a skill's entry file (`<skill>/SKILL.md`, the Agent Skills form). Each skill is read on its own, when
 * its task comes up or by a sub-agent run for it, so what two skills both say (the same report format, the same option
 * of two cluster setups: set 85's kueue, whose index imports every skill) is each one's own copy, written to stand alone.
 */
function isSkill(path: string): boolean {
  return posix.basename(path) === 'SKILL.md';
}

// A sub-agent's profile: a Markdown file under an `agents/` (or `agent/`) folder of an assistant's own dot-folder
// (`.claude/agents/story-analyst.md`, `.gemini/agents/…`, `.github/agents/…`, `.opencode/agent/…`).
const SUBAGENT_PROFILE = /(?:^|\/)\.[^/]+\/agents?\/(?:[^/]+\/)*([^/]+?)(?:\.agent)?\.md$/;

/**
 * Whether two files each stand alone: a skill's entry file (isSkill) or a sub-agent's profile (SUBAGENT_PROFILE), each
 * read on its own by the agent run for it, even where an index imports them all (set 233's seoul-identity: GEMINI.md
 * imports eleven personas and thirteen skills; each persona's "## Tools Available" line, and the checklist item a
 * skill and the persona using it both carry, are each one's own, written to stand alone). One persona's profiles in
 * two assistants' folders (`.claude/agents/scene-writer.md`, `.gemini/agents/scene-writer.md`) are a port kept by
 * hand, and stay compared.
 */
function areStandAlone(a: string, b: string): boolean {
  const profileA = SUBAGENT_PROFILE.exec(a)?.[1];
  const profileB = SUBAGENT_PROFILE.exec(b)?.[1];
  if (profileA !== undefined && profileB !== undefined) return profileA !== profileB;
  return (isSkill(a) || profileA !== undefined) && (isSkill(b) || profileB !== undefined);
}

/** Whether one folder lies below the other: a parent's agent file and a nested one, each loaded for work in the nested folder. */
function isNested(a: string, b: string): boolean {
  const under = (folder: string, parent: string) => parent === '' || folder.startsWith(`${parent}/`);
  return a !== b && (under(a, b) || under(b, a));
}

/**
 * Whether two pieces are a parent file's overview entry and a nested file's own account of one named thing: one of
 * them says what the thing is (DEFINITION) and one file lies below the other ("- `MicrophoneTest` - Mic testing modal"
 * in components/AGENTS.md, "MicrophoneTest - Mic testing modal (from `../voice/`)" in components/channels/AGENTS.md).
 * A hierarchy of agent files indexes what each folder holds in the file above it: the index line and the entry are
 * how such a set is built, not a rule kept twice; so are two tables' rows keyed by one file's name, and a parent's
 * digest of a folder's figures (FIGURE_ITEM). Rules (what to do) stay compared across the levels.
 */
function isIndexAndEntry(piece: Piece, other: Piece): boolean {
  const entry = (text: string) => DEFINITION.test(text) || FOLDER_ROW.test(text) || FIGURE_ITEM.test(text);
  return (
    isNested(piece.scope, other.scope) &&
    (entry(piece.text) ||
      entry(other.text) ||
      isOneNameInTwoForms(piece.text, other.text) ||
      isOneFileInTwoTables(piece.text, other.text) ||
      isOneThingDescribedTwice(piece, other))
  );
}

// A sentence saying what the thing its heading names does: a verb in the third person first, no subject ("Identifies
// emotional tones …", "Extracts thematic elements"), not `-ss` (Process, Address: commands) nor an adverb or a
// conjunction (Always, Unless); a plural noun that leads a rule ("Tests must pass", "Pages that only need buttons …")
// has a verb, a modal, a relative pronoun or a preposition next.
const DESCRIBING_VERB =
  /^\s*(?:(?:[-*+]|\d+[.)])\s+)?([A-Z][a-z]+(?:[^s\W]s|ies|es))\s+(?!(?:must|should|shall|will|can|may|are|is|go|need|run|that|which|who|whose|where|with|in|of|for|from|on|and|or)\b)[a-z]/;
const NOT_VERBS = new Set([
  'Always',
  'Unless',
  'Perhaps',
  'Sometimes',
  'Nevertheless',
  'Besides',
  'Thus',
  'Whereas',
  'This',
  'Its',
  'Yes',
]);

/** A heading's text without its code span or bold marks. */
function bareHeading(heading: string): string {
  return heading.replace(/[`*]{1,2}/g, '').trim();
}

// A heading that is one file's name and nothing more ("### emotions.md", "### `story_function.md`").
const FILE_NAME_HEADING = /^[\w.-]+\.[A-Za-z]\w{0,5}$/;

/** The words a heading names its thing by: a file's name as its stem's parts (`story_function.md`), else its words. */
function headingNameWords(heading: string): string[] {
  const bare = bareHeading(heading);
  return (FILE_NAME_HEADING.test(bare) ? bare.replace(/\.[^.]+$/, '') : bare)
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '');
}

/**
 * Whether two pieces, a parent's agent file's and a nested one's, each say what one thing does, under headings naming
 * that thing: set 233's scriptrag, agents/CLAUDE.md's overview "### Emotions Agent" / "Identifies emotional tones and
 * character emotional states." and agents/builtin/CLAUDE.md's own catalog "### emotions.md" / "Identifies emotional
 * tones, character emotional states, and emotional transitions." Each level's account of the thing, like an index
 * line and its entry (DEFINITION); a rule under such headings (an imperative) stays compared, and so do two sections
 * under one heading (a copy).
 */
function isOneThingDescribedTwice(piece: Piece, other: Piece): boolean {
  const verb = DESCRIBING_VERB.exec(piece.text)?.[1];
  if (verb === undefined || NOT_VERBS.has(verb) || DESCRIBING_VERB.exec(other.text)?.[1] !== verb) return false;
  // One heading is the thing's file (the folder's own catalog), the other the thing's name (the overview's entry): a
  // section copied under its own heading ("## Loading" in both) is a copy, and stays compared.
  const [fileA, fileB] = [
    FILE_NAME_HEADING.test(bareHeading(piece.heading)),
    FILE_NAME_HEADING.test(bareHeading(other.heading)),
  ];
  if (fileA === fileB) return false;
  const [a, b] = [headingNameWords(piece.heading), headingNameWords(other.heading)];
  if (a.length === 0 || b.length === 0) return false;
  const [shorter, longer] = a.length <= b.length ? [a, b] : [b, a];
  return shorter.every((word) => longer.includes(word));
}

// A table row keyed by a file's path ("| `src/utils/debugUtils.ts` | `logDebug()` — use instead of `console.log` |").
const FILE_PATH_ROW = /^\s*\|\s*`?(?:[\w.-]+\/)*[\w-][\w.-]*\.[A-Za-z]\w{0,5}`?\s*\|/;
const TABLE_ROW = /^\s*\|/;
// A file map's entry written as a list item led by the file's bold name (set 163's tunnels: server/CLAUDE.md's
// "- **dhcp.go**: DHCP-style IP assignment for LAN clients", beside the root's "Network Architecture" bullet), its
// marker dropped or not: the same map as a table's FILE_PATH_ROW. Two such entries in two files stay compared.
const FILE_LABELLED_ITEM =
  /^\s*(?:(?:[-*+]|\d+[.)])\s+)?(?:\*\*|__)`?(?:[\w.-]+\/)*[\w-][\w.-]*\.[A-Za-z]\w{0,5}`?(?::(?:\*\*|__)|(?:\*\*|__)\s*(?::|\s[-–—]))/;
// Any list item led by a file's name, bold, in a code span or bare, then a colon or a dash: one file's entry in a list
// of files (set 163's NexoralDNS: "1. **README.md** - Setup, usage, quick start" in CLAUDE.md's list of the docs to
// update and "- `README.md` - Setup, usage, quick start" in AGENTS.md's). Two lists of the same files stay compared.
const FILE_LED_ITEM =
  /^\s*(?:(?:[-*+]|\d+[.)])\s+)?(?:\*\*|__)?`?(?:[\w.-]+\/)*[\w-][\w.-]*\.[A-Za-z]\w{0,5}`?(?:\*\*|__)?\s*(?::|\s[-–—])/;

/**
 * Whether one line is a file map's row (a table keyed by files' paths, saying what each holds) and the other a line of
 * prose in another file (set 95's playwright-smart-table: CLAUDE.md's "Key files" row for `scripts/check-version-bump.mjs`
 * and AGENTS.md's sentence on that pre-commit hook), or a map's list item led by the file's bold name (FILE_LABELLED_ITEM).
 * The entry describes the file where the map lists it; dropping it leaves a hole in the map. Two rows of one table, or
 * two such items, in two files stay compared.
 */
function isFileMapRowBesideProse(piece: Piece, other: Piece): boolean {
  return (piece.mapEntry && !other.mapLine) || (other.mapEntry && !piece.mapLine);
}

/** What a piece's text is in a file map (see isFileMapRowBesideProse), read once per piece, not per pair compared. */
function mapFormOf(text: string): { mapEntry: boolean; mapLine: boolean } {
  return {
    mapEntry: FILE_PATH_ROW.test(text) || FILE_LABELLED_ITEM.test(text),
    mapLine: TABLE_ROW.test(text) || FILE_LED_ITEM.test(text),
  };
}

/**
 * Whether two table rows are keyed by the same file's name in two tables of their own, told apart by their columns: a
 * parent's index of a sub-folder's files and that folder's own table of them (FILE_ROW). A row copied from one table to
 * the other keeps its columns, and stays compared.
 */
function isOneFileInTwoTables(a: string, b: string): boolean {
  const key = FILE_ROW.exec(a)?.[1];
  const cells = (row: string) =>
    row
      .trim()
      .replace(/^\||\|$/g, '')
      .split('|').length;
  return key !== undefined && key === FILE_ROW.exec(b)?.[1] && cells(a) !== cells(b);
}

/**
 * Whether one line is a bold-labelled item and the other a table row, both keyed by the same name: a parent's index
 * and a nested file's own table of the same things (set 88's DroneProjects: the root's "## ROS 2 Packages
 * (ros2_ws/src/)" items and ros2_ws/CLAUDE.md's "Package Index" rows). Each level wrote its own list; a copied list
 * keeps its form, and two rows of one table in two files stay compared.
 */
function isOneNameInTwoForms(a: string, b: string): boolean {
  const item = (text: string) => LABELLED_ITEM.exec(text)?.[1];
  const row = (text: string) => KEYED_ROW.exec(text)?.[1];
  const [itemA, itemB] = [item(a), item(b)];
  return (itemA !== undefined && itemA === row(b)) || (itemB !== undefined && itemB === row(a));
}

/**
 * Whether two pieces stand in the agent files of two sibling folders (`backend/AGENTS.md`, `frontend/AGENTS.md`): an
 * agent working in one folder reads one of them, so what both say ("`/AGENTS.md` remains canonical …", the same
 * hygiene rule) is each folder's own copy, even where a file imports both (`@backend/AGENTS.md @frontend/AGENTS.md`).
 */
function isInSiblingFolders(piece: Piece, other: Piece): boolean {
  return (
    piece.home !== undefined &&
    other.home !== undefined &&
    piece.home !== other.home &&
    !isNested(piece.home, other.home)
  );
}

/**
 * Whether two pieces stand in files of two scopes, one folder below the other, that no agent loads together: the root's
 * CLAUDE.md (Claude Code's only file, the monorepo's style for every package) and `src/everything/AGENTS.md` (Codex's only
 * file there, with no AGENTS.md at the root: the one package's guide), set 39's servers. Each is its agent's one statement
 * of the rule for its own scope, and dropping either line loses it for that agent. The same folder's CLAUDE.md and
 * AGENTS.md kept by hand stay compared: one can be the other's pointer or link.
 */
function isOtherAgentsScope(piece: Piece, other: Piece): boolean {
  return piece.scope !== other.scope && noAgentLoadsBoth(piece, other);
}

/**
 * Whether one piece stands in a reviewer's brief and the other in a file no agent loads with it: GEMINI.md, "Instructions
 * for Gemini when reviewing PRs", sums up under "Project Context" what CLAUDE.md tells the agent writing the code ("VMs
 * with `started = true` need cloud image boot disk", set 51's terraform-provider-proxmox). The reviewer reads only its
 * brief, so its line is what it checks, and neither line would go.
 */
function isReviewBriefBesideOtherAgents(piece: Piece, other: Piece): boolean {
  return (piece.inReviewBrief || other.inReviewBrief) && noAgentLoadsBoth(piece, other);
}

/**
 * Whether two pieces stand in two agents' own digests of one shared file, which no agent loads together: CLAUDE.md and
 * GEMINI.md, each a fifth of AGENTS.md, each opening "See [AGENTS.md](./AGENTS.md) for complete project guidelines" and
 * holding the same pointers and before/after commands with only the agent's name changed (set 146's retrui; set 62's
 * litestream). Each agent reads only its own file, so the line in each is how that agent gets it; the shared file
 * keeps the rules whole, and a copy of one of its lines in a digest is still compared with it (isDigestOf).
 */
function isEachAgentsDigest(piece: Piece, other: Piece): boolean {
  for (const path of piece.digestOf) if (other.digestOf.has(path)) return noAgentLoadsBoth(piece, other);
  return false;
}

/** Whether the agents loading each piece's file are known and none loads both (mem's team memory: always compared). */
function noAgentLoadsBoth(piece: Piece, other: Piece): boolean {
  const [a, b] = [piece.agents, other.agents];
  if (a === undefined || b === undefined || piece.team || other.team) return false;
  return !a.some((agent) => b.includes(agent));
}

/**
 * Whether one piece is in a document an `@` import brings in (`.ai-context.md`, `docs/agents/repo-map.md`, a README) and
 * the other in an agent file other than the one importing it (AGENTS.md beside GEMINI.md's imports): the document
 * serves its own readers and the agent file is read alone by its agent, so neither copy would go. A document
 * repeating the very file that imports it stays compared: that file's copy can go.
 */
function isDocumentBesideAgentFile(piece: Piece, other: Piece): boolean {
  const beside = (doc: Piece, file: Piece) =>
    doc.importedBy !== undefined && file.importedBy === undefined && !file.team && file.file !== doc.importedBy;
  return beside(piece, other) || beside(other, piece);
}

/**
 * The lines of a fenced block that run something, read from the file as written (the documents' text has a block's
 * lines joined): trimmed, blank lines and comments (`#`, `//`, `--`) left out. Undefined for any other piece.
 */
function codeLinesOf(doc: LintDocument, fileText: string | undefined): ReadonlySet<string> | undefined {
  if (doc.fence === undefined || fileText === undefined) return undefined;
  return new Set(
    fileText
      .split('\n')
      .slice(doc.line, doc.line + doc.fence.lines)
      .map((line) => line.trim())
      .filter((line) => line !== '' && !/^(?:#|\/\/|--)/.test(line)),
  );
}

// A shell or PowerShell variable assignment (`$project='E:\dev\game'`, `export GODOT=…`, `ROOT=$(pwd)`): its name.
const ASSIGNMENT_LINE = /^(?:export\s+)?\$?([A-Za-z_]\w*)\s*=\s*\S/;

/**
 * Whether a code block's lines (codeLinesOf) only set variables that its file uses after the block (`$project`,
 * `${GODOT}`): the setup its own command blocks need to run as written. A nested agent file opening its commands on the
 * parent's setup block (set 124's godot_citys: `$project=…` and `$godot=…` above the gunship folder's own Godot
 * commands) keeps it for its blocks, not as a rule kept twice; a setup block its file never uses is compared as any
 * other. Read only for a block of assignments alone.
 */
function isSetupPrelude(codeLines: ReadonlySet<string> | undefined, fileText: string, after: number): boolean {
  if (codeLines === undefined || codeLines.size === 0) return false;
  const names: string[] = [];
  for (const line of codeLines) {
    const name = ASSIGNMENT_LINE.exec(line)?.[1];
    if (name === undefined) return false;
    names.push(name);
  }
  const rest = fileText.split('\n').slice(after).join('\n');
  return names.every((name) => new RegExp(String.raw`\$\{?${name}\b`).test(rest));
}

/**
 * Whether two reworded code blocks are two scripts: each runs a line the other does not. Code is not
 * reworded: two examples built on one preamble (`set -e`, the same `psql … <<-EOSQL`, each its own SQL)
 * are two scripts, while a block that holds every line of the other (one command added) is a copy that drifted.
 */
function isOtherScript(piece: Piece, other: Piece): boolean {
  const [a, b] = [piece.codeLines, other.codeLines];
  if (a === undefined || b === undefined) return false;
  const within = (x: ReadonlySet<string>, y: ReadonlySet<string>) => [...x].every((line) => y.has(line));
  return !within(a, b) && !within(b, a);
}

// A command line led by a tool that runs what the current folder's manifest defines (`mise exec … --` first or not).
const FOLDER_RUNNER = new RegExp(
  String.raw`^(?:mise\s+(?:exec|x)\s+(?:\S+\s+)*?--\s+)?(?:${FOLDER_RUNNERS.map((tool) => tool.replace(/\./g, '\\.')).join('|')})\b`,
);
// Options that name the package or folder to act on: the command means the same from anywhere.
const NAMES_ITS_TARGET =
  /\s(?:--filter|-F|--workspace|-w|-C|--prefix|--dir|--cwd|--manifest-path|-p|--package|--project)\b/;

/**
 * The folder a piece that is a command and little else runs in ("**Lint:** `make lint`", a code
 * block that starts with one): a tool that reads the folder's own manifest and is not told which
 * package to act on, with fewer than MIN_WORDS words around it. It runs in the folder of the agent
 * file that says it (its scope), or where a leading `cd` goes. A nested agent file's commands run in
 * its own folder ("All commands run from `sdk/go/`"), so the same line there and in the root's file
 * names two commands (two Makefiles, two package.json files), not one rule kept twice; the root's
 * `cd python && uv run …` and python/'s `uv run …` are one. A chain is such a command when one of its
 * parts is (`rm -rf node_modules && yarn install`), and words around it that name its own parts do not count.
 * Undefined: not such a command.
 */
function folderItRunsIn(text: string, code: boolean, scope: string): string | undefined {
  let command = code ? text.trimStart() : /`([^`\n]+)`/.exec(text)?.[1]?.trim();
  if (command === undefined) return undefined;
  let folder = scope;
  const cd = CD_FIRST.exec(command);
  if (cd !== null) {
    const target = cd[1]!.replace(/^\.\//, '');
    if (target.split('/').includes('..')) return undefined;
    folder = target === '.' ? scope : scope === '' ? target : `${scope}/${target}`;
    command = command.slice(cd[0].length);
  }
  // A chain runs its parts in one folder: `rm -rf node_modules && yarn install` reinstalls this folder's packages.
  const first = command.split('\n')[0]!;
  const parts = first.split(/\s*(?:&&|;)\s*/);
  if (!parts.some((part) => FOLDER_RUNNER.test(part)) || NAMES_ITS_TARGET.test(first)) return undefined;
  // Words that name the command's own parts describe it ("Clear node_modules and reinstall: `rm -rf node_modules && …`").
  const own = comparableWords(command);
  const around = [...comparableWords(text.replace(/`[^`\n]*`/g, ' '))].filter((word) => !own.has(word));
  if (!code && around.length >= MIN_WORDS) return undefined;
  return folder;
}

/**
 * The folders a piece is the recipe for, when its first command changes into a folder left to fill in (a parent's
 * "To build: `cd cli/azd/extensions/<extension-name>`, then `azd x build`"), as a pattern over folder paths (each
 * placeholder one folder name); undefined for any other piece. A file in one of those folders that repeats the recipe
 * is that folder's own instance of it, written to stand alone: the parent's recipe serves the folders without one.
 */
function folderTemplateOf(text: string, codeLines: ReadonlySet<string> | undefined, scope: string): RegExp | undefined {
  // A block's first line that runs something (its comments say what the commands do), or a code span's command.
  const command = codeLines !== undefined ? [...codeLines][0] : /`([^`\n]+)`/.exec(text)?.[1]?.trim();
  const target =
    command === undefined ? undefined : CD_TEMPLATE.exec(command)?.[1]?.replace(/^\.\//, '').replace(/\/$/, '');
  if (target === undefined || !/[<{]/.test(target) || target.split('/').includes('..')) return undefined;
  const folder = scope === '' ? target : `${scope}/${target}`;
  const pattern = folder
    .split(/(<[^>]+>|\{[^}]+\})/)
    .map((part, index) => (index % 2 === 1 ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${pattern}$`);
}

/** Whether `instance` stands in a folder `recipe` is the template for (see folderTemplateOf). */
function isInstanceOf(instance: Piece, recipe: Piece): boolean {
  return recipe.forFolders !== undefined && recipe.forFolders.test(instance.scope);
}

/** Whether every piece of `source` that says anything is one sentence pointing to a file (see POINTER). */
function isPointerShim(source: LintSource): boolean {
  const said = source.documents.filter((doc) => doc.text.trim() !== '');
  return (
    said.length > 0 &&
    said.every(
      (doc) => doc.code !== true && POINTER.test(doc.text.toLowerCase()) && !SENTENCE_BREAK.test(doc.text.trim()),
    )
  );
}

/** Whether `piece`'s file is published by its package and `other`'s file lies outside that package's folder. */
function isOutsidePackageOf(piece: Piece, other: Piece): boolean {
  const folder = piece.publishedIn;
  return folder !== undefined && folder !== '' && !other.file.startsWith(`${folder}/`);
}

// A generator's mark on the part that follows ("<!-- Source: .ruler/AGENTS.md -->", Ruler's form, or a bare
// "Source: rules/style.md" line): the part is a copy of that file, written again at each run.
const SOURCE_MARK = /^\s*(?:<!--\s*)?Source:\s*([\w.][\w./-]*\.\w+)\s*(?:-->)?\s*$/;

// A generated file's header names where it comes from without a file: set 165's lra-lean opens CLAUDE.md, AGENTS.md and
// GEMINI.md alike with "<!--\nGENERATED POINTER WRAPPER — DO NOT EDIT BY HAND.\n\nSource repo: wsollers/lra-governance\n…
// Regenerate from lra-governance.\n-->", each provider's wrapper written again from that repository. Read only inside an
// HTML comment of the file's header (before its first line of text) that has already called its file generated, so a
// bare "Source: upstream" line of prose, or a comment further down, marks nothing.
const GENERATED_SOURCE_MARK = /^\s*Source(?:[ \t]+repo(?:sitory)?)?:\s*([\w.][\w./-]*)\s*(?:-->)?\s*$/i;
const GENERATED_WORDS = /\bgenerated\b|\bdo not edit\b/i;

// A block a tool writes between a custom element's tags, each alone on its line (Laravel Boost's
// "<laravel-boost-guidelines>" … "</laravel-boost-guidelines>", which `boost:install` and `boost:update` write into
// CLAUDE.md and AGENTS.md alike, set 59's personal-site: 88 rows). The name holds a hyphen, as a custom element's must, so
// HTML's own tags (`<details>`) bound nothing. The block's text is part of its name: copies kept word for word are one
// text written twice; once one of them drifts, they are compared again like any two files.
const TAG_BLOCK = /^\s*<(\/?)([a-z][a-z0-9]*(?:-[a-z0-9]+)+)>\s*$/;

// The mark a generator puts over each package's part of the block it composes ("=== foundation rules ===",
// "=== laravel/core rules ===": Laravel Boost's sections, one per installed package). A block opening on one is the
// tool's text whatever its copies say: Boost writes each agent's file at its own run, with that agent's lines (MCP tools
// or CLI commands, Sail's prefix, the package versions of the day: set 168's genealogy, CLAUDE.md's block against
// AGENTS.md's and GEMINI.md's), and its next run rewrites the block whole, so copies that differ are still no drift a
// maintainer mends by hand. A hand-kept block between custom tags opens on no such mark and keeps its text in its name.
const COMPOSED_SECTION_MARK = /^===[ \t]+[\w@./-]+(?:[ \t]+[\w@./-]+)*[ \t]+===\s*$/;

// A section an installer appends under its tool's own name, with no bound but the next heading ("## graphify", which
// `graphify claude install` and `graphify codex install` write into CLAUDE.md and AGENTS.md alike, "This project has a
// graphify knowledge graph at `graphify-out/`": set 163's NexoralDNS). The heading is the command's name, lowercase and
// alone, and the section runs it (`` `graphify query "<question>"` ``). As with a tag block, the section's text is part
// of its name: copies kept word for word are one text written twice; once one drifts, they are compared again. A copy
// that only adds lines to the other is the installer's template for its own agent (isToolTemplatePair).
const TOOL_HEADING = /^##[ \t]+([a-z][a-z0-9]*(?:-[a-z0-9]+)*)[ \t]*$/;
const NEXT_SECTION = /^#{1,2}\s/;
const FENCE = /^\s*(?:```|~~~)/;

/** The tool sections of `lines` (see TOOL_HEADING): 1-based bounds, exclusive, each named by its heading and text. */
function toolSections(lines: readonly string[]): { from: number; to: number; name: string }[] {
  const sections: { from: number; to: number; name: string }[] = [];
  let fenced = false;
  for (const [index, line] of lines.entries()) {
    if (FENCE.test(line)) fenced = !fenced;
    const tool = fenced ? null : TOOL_HEADING.exec(line);
    if (tool === null) continue;
    let end = index + 1;
    for (let inner = false; end < lines.length; end++) {
      if (FENCE.test(lines[end]!)) inner = !inner;
      else if (!inner && NEXT_SECTION.test(lines[end]!)) break;
    }
    const body = lines.slice(index + 1, end).join('\n');
    if (!new RegExp(`\`${tool[1]!}\\s`).test(body)) continue;
    sections.push({ from: index + 1, to: end + 1, name: `## ${tool[1]!}\n${normalized(body)}` });
  }
  return sections;
}

/**
 * What each line of `text` says it was copied from: the block of a tool it lies inside (`<!-- polylane -->`), else the
 * path of the nearest source mark above it, by line (1-based; undefined before the first mark and outside a block).
 * Two files a tool writes from one source (CLAUDE.md, AGENTS.md and GEMINI.md from `.ruler/`, or one block its
 * installer puts in each: set 30's openstatus) repeat it by design: the copies cannot drift, each run rewrites
 * them, and each agent reads only its own.
 */
function copiedFrom(text: string | undefined): (line: number) => string | undefined {
  const marks: { line: number; path: string }[] = [];
  const blocks: { from: number; to: number; name: string }[] = [];
  const open = new Map<string, number>();
  const lines = (text ?? '').split('\n');
  const openTags = new Map<string, number>();
  // Inside a header comment: undefined outside one, else whether its lines so far called the file generated.
  let commentSaysGenerated: boolean | undefined;
  let inHeader = true;
  for (const [index, line] of lines.entries()) {
    const match = SOURCE_MARK.exec(line);
    if (match !== null) marks.push({ line: index + 1, path: match[1]!.replace(/^\.\//, '') });
    if (inHeader && commentSaysGenerated === undefined && line.trim() !== '') {
      if (line.trimStart().startsWith('<!--')) commentSaysGenerated = false;
      else inHeader = false;
    }
    if (commentSaysGenerated !== undefined) {
      commentSaysGenerated ||= GENERATED_WORDS.test(line);
      const source = commentSaysGenerated && match === null ? GENERATED_SOURCE_MARK.exec(line) : null;
      if (source !== null) marks.push({ line: index + 1, path: source[1]! });
      if (line.includes('-->')) commentSaysGenerated = undefined;
    }
    const tag = TAG_BLOCK.exec(line);
    if (tag !== null && tag[1] === '') openTags.set(tag[2]!, index + 1);
    else if (tag !== null && openTags.has(tag[2]!)) {
      const from = openTags.get(tag[2]!)!;
      const composed = COMPOSED_SECTION_MARK.test(lines[from] ?? '');
      const body = composed ? '' : `\n${normalized(lines.slice(from, index).join('\n'))}`;
      blocks.push({ from, to: index + 1, name: `<${tag[2]!}>${body}` });
      openTags.delete(tag[2]!);
    }
    const bound = blockBound(line);
    if (bound === null) continue;
    const { name } = bound;
    if (!bound.end) open.set(name, index + 1);
    else if (open.has(name)) {
      blocks.push({ from: open.get(name)!, to: index + 1, name: `<!-- ${name} -->` });
      open.delete(name);
    }
  }
  // Only a file holding a lowercase one-word heading of level two is walked for tool sections.
  if (/^##[ \t]+[a-z][a-z0-9-]*[ \t]*$/m.test(text ?? '')) blocks.push(...toolSections(lines));
  return (line) =>
    blocks.find((block) => block.from < line && line < block.to)?.name ??
    marks.findLast((mark) => mark.line < line)?.path;
}

// A Markdown file a text sends its reader to: a relative link's target or a code span, `@` imports aside (an import loads
// the file with it, so what both say is loaded twice).
const POINTED_FILE = /\]\(\s*(?:\.\/)?([^)\s#]+\.md)(?:#[^)\s]*)?\s*\)|(?<![@\w])`(?:\.\/)?([^`\s@]+\.md)`/g;

// A Markdown file named bare after a verb sending the reader to it: "See AGENTS.md for full project rules." (set 113's
// scriptorium, the first line of a CLAUDE.md kept as a digest of AGENTS.md's critical rules).
const SENT_TO_FILE = /\b(?:see|read|refer to|consult)\s+(?:the\s+)?(?:\.\/)?([\w./-]+\.md)\b/gi;

/** The repository paths of the Markdown files `text` (of the file at `path`) links to, names in a code span or sends its reader to. */
function pointedFiles(path: string, text: string | undefined): Set<string> {
  const folder = posix.dirname(path);
  const out = new Set<string>();
  for (const match of (text ?? '').matchAll(POINTED_FILE))
    out.add(posix.normalize(posix.join(folder, match[1] ?? match[2]!)));
  for (const match of (text ?? '').matchAll(SENT_TO_FILE)) out.add(posix.normalize(posix.join(folder, match[1]!)));
  return out;
}

// A sentence that says what follows comes from a file: "Per CLAUDE.md § The only stop:", "The marker mirrors the
// `// PROVISIONAL:` shape from [`provisional_marker.md`](provisional_marker.md):", "(fold of `rules.md`; preserve verbatim.)".
const CITING = /\b(?:per|from|mirrors?|mirroring|quot(?:es?|ed|ing)|verbatim|fold\s+of)\b/;
const MARKDOWN_NAME = /(?:^|[\s`[(/])([\w.-]+\.md)\b/g;

/**
 * For each of `documents`, the names of the Markdown files a citing sentence before it in its section names (set 52's
 * ClojureWasm: a rule quoting CLAUDE.md's stop condition, one restating another rule's marker format for its own
 * marker), or one of its headings does (set 153's yoda.nvim: "## Priority order (from CLAUDE.md)" over the line
 * CLAUDE.md states). A quote kept with its source named is no copy drifting unseen.
 */
function citedFiles(documents: readonly LintDocument[]): ReadonlySet<string>[] {
  const out: ReadonlySet<string>[] = [];
  let section: string | undefined;
  let cited = new Set<string>();
  for (const doc of documents) {
    if (doc.section !== section) [section, cited] = [doc.section, headingCitations(doc.section)];
    out.push(cited);
    if (doc.code !== true && CITING.test(doc.text.toLowerCase()))
      cited = new Set([...cited, ...[...doc.text.matchAll(MARKDOWN_NAME)].map((match) => match[1]!)]);
  }
  return out;
}

/** The Markdown files the headings of `section` (a heading path) say their text quotes, asked once per section. */
function headingCitations(section: string): Set<string> {
  const out = new Set<string>();
  if (!section.includes('.md')) return out;
  for (const heading of section.split(' > '))
    if (CITING.test(heading.toLowerCase())) for (const match of heading.matchAll(MARKDOWN_NAME)) out.add(match[1]!);
  return out;
}

/** Whether `paths` hold a name of `piece`'s file: a symlinked `api/CLAUDE.md` is the `api/AGENTS.md` a line names. */
function isNamed(paths: ReadonlySet<string>, piece: Piece): boolean {
  return piece.names.some((name) => paths.has(name));
}

/** Whether a section of `piece` says it quotes `other`'s file, by any of its names (see citedFiles). */
function citesFileOf(piece: Piece, other: Piece): boolean {
  return other.names.some((name) => piece.cites.has(posix.basename(name)));
}

// A file this much shorter than the one it points to is its digest.
const DIGEST_SHARE = 4;

/**
 * Whether one piece is a reworded line of a digest: a file at most a quarter the size of the other that sends its reader
 * to that other file ("- **[AGENTS.md](./AGENTS.md)** — Full project overview, …" in a 21-line CLAUDE.md beside a
 * 761-line AGENTS.md, set 30). The short file keeps the few rules its agent must not miss without loading the long one,
 * and its maintainer rewords them from it on purpose; a line kept word for word is still a copy, and reported.
 */
function isDigestOf(piece: Piece, other: Piece): boolean {
  const digest = (short: Piece, long: Piece) =>
    short.fileChars * DIGEST_SHARE <= long.fileChars && isNamed(short.pointsTo, long);
  return piece.exact !== other.exact && (digest(piece, other) || digest(other, piece));
}

/**
 * Whether two generated pieces repeat each other only because their sources do: a line two source files of one tool
 * both hold (Ruler's `.ruler/AGENTS.md` and `.ruler/README.md` each showing the same `ruler apply` command, set 37's
 * qwik) stands twice in every file the tool writes, so one output's copy from the first source meets the other
 * output's copy from the second. When the other file also holds the line from the piece's own source, that is the
 * piece's copy (isGeneratedCopy) and this match is the repeat inside one file's sources, which no output can change.
 * `copies` holds sourceKey of every generated piece.
 */
function isRepeatInSources(piece: Piece, other: Piece, copies: ReadonlySet<string>): boolean {
  if (piece.copiedFrom === undefined || other.copiedFrom === undefined) return false;
  return (
    copies.has(sourceKey(other.file, piece.copiedFrom, piece.exact)) ||
    copies.has(sourceKey(piece.file, other.copiedFrom, other.exact))
  );
}

const sourceKey = (file: string, source: string, exact: string) => `${file}\n${source}\n${exact}`;

/** Whether two pieces are copies a tool wrote from one file, or one is marked as copied from the other's file. */
function isGeneratedCopy(piece: Piece, other: Piece): boolean {
  return (
    (piece.copiedFrom !== undefined && (piece.copiedFrom === other.copiedFrom || piece.copiedFrom === other.file)) ||
    (other.copiedFrom !== undefined && other.copiedFrom === piece.file) ||
    isToolTemplatePair(piece.copiedFrom, other.copiedFrom)
  );
}

/**
 * Whether two tool sections (see TOOL_HEADING) are one installer's templates for two agents: the same heading, and
 * every line of one section standing word for word in the other, which only adds lines. graphify's `claude install`
 * writes CLAUDE.md four rules; its `codex install` writes AGENTS.md the same four with a line on `/graphify` and one
 * rule more (set 247's synarava-jewelry): neither is a copy drifted by hand. A line changed in either is drift.
 */
function isToolTemplatePair(one: string | undefined, two: string | undefined): boolean {
  if (one === undefined || two === undefined || !one.startsWith('## ') || !two.startsWith('## ')) return false;
  const linesOf = (name: string) => name.split('\n').filter((line) => line.trim() !== '');
  const [first, second] = [linesOf(one), linesOf(two)];
  if (first[0] !== second[0]) return false;
  const [fewer, more] = first.length <= second.length ? [first, new Set(second)] : [second, new Set(first)];
  return fewer.every((line) => more.has(line));
}

const exactKey = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/**
 * Which of `headings` a script of the repository writes into agent files (see cli/lint/script-written-headings.ts): asked
 * once, of every piece's heading, and only when some rule repeats another.
 */
export type ScriptWrittenHeadings = (headings: readonly string[]) => ReadonlySet<string>;

type Match = { piece: Piece; other: Piece; similarity: number };

/**
 * Returns one finding per rule that repeats one in an earlier file of `sources` (in load order); never throws. A line
 * under a heading a script writes into agent files (set 44's prowler: `sync.sh` fills every scope's "Auto-invoke
 * Skills" table from the skills' metadata, so a skill of two scopes stands in both tables) is that script's output,
 * compared with nothing: it is changed where the script reads from.
 */
export function findDuplicates(
  sources: readonly LintSource[],
  writtenByScript: ScriptWrittenHeadings = () => new Set(),
): LintFinding[] {
  const pieces: Piece[] = [];
  const projects = sources.flatMap((source) => generatedProjectFolderOf(source.path, source.text) ?? []);
  const sizes = new Map(sources.map((source) => [source.path, source.text?.length ?? 0]));
  for (const source of sources) {
    // An archived agent file is kept as its day wrote it (is-archived.ts): no one edits it to drop a copy (set 144's
    // exov6 archived its CLAUDE.md, AGENTS.md and GEMINI.md among 22 superseded documents, each repeating the others).
    if (isPointerShim(source) || isArchived(source.path)) continue;
    const standalone =
      templateFolderOf(source.path) ??
      projects.filter((folder) => source.path.startsWith(folder)).sort((a, b) => b.length - a.length)[0];
    const sourceOf = copiedFrom(source.text);
    const pointsTo = pointedFiles(source.path, source.text);
    const fileChars = source.text?.length ?? 0;
    const digestOf = new Set([...pointsTo].filter((path) => (sizes.get(path) ?? 0) >= fileChars * DIGEST_SHARE));
    // The paths a rules file is written for: Cursor's `globs:` key too (set 82's WynIsBuff2: `.claude/rules/core-files.md`
    // and `module-files.md`, `globs: src/core/**/*.js` and `globs: src/modules/**/*.js`, each with its area's logging
    // rule). Claude Code ignores that key and loads both files always, but what would change is the key, not a line.
    const globs = readFrontMatterPaths(source.text ?? '', ['paths', 'globs']);
    const hiddenFrom =
      globs === null ? '' : (readFrontMatterPaths(source.text ?? '', ['excludeAgent']) ?? []).sort().join(',');
    const vendored = source.vendored ?? isVendored(source.path);
    const opening = source.documents.find((doc) => doc.code !== true && !ABOUT_ITS_FILE.test(doc.text.toLowerCase()));
    const inReviewBrief = opening !== undefined && BRIEFS_REVIEWER.test(opening.text.toLowerCase());
    const commandLists = commandListsOf(source);
    const lines = source.text?.split('\n') ?? [];
    const procedures = proceduresOf(source, lines, 'steps', (line) => NUMBERED_ITEM_LINE.test(line));
    const inventories = proceduresOf(source, lines, 'inventory', (line, section, index) =>
      isInventoryEntry(line, section, index, source, lines),
    );
    const commandReferences = proceduresOf(source, lines, 'commands', (line) => COMMAND_ENTRY_LINE.test(line));
    const checklists = proceduresOf(source, lines, 'checklist', (line) => CHECKLIST_ITEM_LINE.test(line));
    const otherLists = proceduresOf(
      source,
      lines,
      'list',
      (line) => LIST_ITEM_LINE.test(line) && !CHECKLIST_ITEM_LINE.test(line),
    );
    const citesBefore = citedFiles(source.documents);
    const labelled = fileLabelledItems(source, lines);
    // Asked once per heading path, not per line.
    const plannedSections = new Map<string, boolean>();
    const isPlanned = (section: string): boolean => {
      const known = plannedSections.get(section);
      if (known !== undefined) return known;
      const planned = isPlannedSection(section);
      plannedSections.set(section, planned);
      return planned;
    };
    for (const [index, doc] of source.documents.entries()) {
      const lower = doc.text.toLowerCase();
      if (
        doc.text.length < MIN_CHARS ||
        ABOUT_ITS_FILE.test(lower) ||
        SECTION_MARK.test(lower) ||
        (doc.code !== true && PAGE_STAMP.test(lower)) ||
        LINK_ITEM.test(doc.text) ||
        (doc.code !== true && IMPORT_ITEM_LINE.test(lines[doc.line - 1] ?? '')) ||
        PATH_ITEM.test(doc.text) ||
        DOCUMENT_ITEM.test(doc.text) ||
        AGENT_FILE_ITEM.test(lower) ||
        PATH_ROW.test(doc.text) ||
        BACK_REFERENCE.test(lower) ||
        (doc.code !== true && AGENT_FILE_POINTER.test(lower)) ||
        (doc.code !== true && AGENT_FILE_LINK.test(doc.text) && !SENTENCE_BREAK.test(doc.text.trim())) ||
        (doc.code !== true && LEAD_IN.test(doc.text) && !SENTENCE_BREAK.test(doc.text)) ||
        isStyleSample(doc, source.documents[index - 1]) ||
        (doc.code !== true &&
          LIST_ITEM_LINE.test(lines[doc.line - 1] ?? '') &&
          CONTENTS_HEADING.test((doc.section.split(' > ').at(-1) ?? '').toLowerCase()))
      )
        continue;
      const words = comparableWords(doc.text);
      if (words.size < MIN_WORDS) continue;
      const codeLines = codeLinesOf(doc, source.text);
      const setsUpFile = isSetupPrelude(codeLines, source.text ?? '', doc.line + (doc.fence?.lines ?? 0));
      const headingFiles = headingFilesOf(source.path, doc.section);
      pieces.push({
        file: source.path,
        names: source.names ?? [source.path],
        team: source.team,
        scope: source.scope,
        line: doc.line,
        text: doc.text,
        words,
        exact: exactKey(doc.text),
        runsIn: folderItRunsIn(doc.text, doc.code === true, source.scope),
        forFolders: folderTemplateOf(doc.text, codeLines, source.scope),
        publishedIn: source.publishedIn,
        copiedFrom: sourceOf(doc.line),
        codeLines,
        setsUpFile,
        home: source.home,
        importedBy: source.importedBy,
        fileChars,
        pointsTo,
        digestOf,
        cites: citesBefore[index]!,
        sendsTo: pointedFiles(source.path, doc.text),
        globs,
        hiddenFrom,
        ...mapFormOf(doc.text),
        vendored,
        standalone,
        agents: source.agents,
        opensFile: doc === opening,
        inReviewBrief,
        heading: doc.section.split(' > ').at(-1) ?? '',
        headingFiles,
        commandList: doc.code === true || !BARE_COMMAND_ITEM.test(doc.text) ? undefined : commandLists.get(doc.section),
        procedure:
          doc.code === true
            ? undefined
            : NUMBERED_ITEM_LINE.test(lines[doc.line - 1] ?? '')
              ? procedures.get(doc.section)
              : isInventoryEntry(lines[doc.line - 1] ?? '', doc.section, index, source, lines)
                ? inventories.get(doc.section)
                : COMMAND_ENTRY_LINE.test(lines[doc.line - 1] ?? '')
                  ? commandReferences.get(doc.section)
                  : undefined,
        planned: isPlanned(doc.section),
        account:
          labelled.has(index) ||
          (doc.code !== true && headingFiles.length > 0 && LIST_ITEM_LINE.test(lines[doc.line - 1] ?? '')),
        prose: doc.code !== true,
        list:
          doc.code === true
            ? undefined
            : CHECKLIST_ITEM_LINE.test(lines[doc.line - 1] ?? '')
              ? checklists.get(doc.section)
              : LIST_ITEM_LINE.test(lines[doc.line - 1] ?? '')
                ? otherLists.get(doc.section)
                : undefined,
      });
    }
  }
  // One text kept under two names, and still the same, has not drifted; a translation is the source's text too.
  const isKeptCopy = sameTextCopies(sources);
  const isTranslation = translationCopies(sources.map((source) => source.path));
  const isSameTextCopy = (a: string, b: string) => isKeptCopy(a, b) || isTranslation(a, b);
  const isFilledIn = filledInRecipes(sources);
  const first = matchPieces(pieces, isSameTextCopy, isFilledIn, new Set());
  const headings = first.length === 0 ? [] : [...new Set(pieces.map((piece) => piece.heading))];
  const written = headings.length === 0 ? new Set<string>() : writtenByScript(headings);
  const matches = written.size === 0 ? first : matchPieces(pieces, isSameTextCopy, isFilledIn, written);
  // Asked of the matched pieces only, not of every line.
  const pointers = new Set(matches.filter((m) => m.piece.prose && isPointerSentence(m.piece.text)).map((m) => m.piece));
  const sharingRules = new Set(matches.filter((m) => !pointers.has(m.piece)).map((m) => pairKey(m.piece, m.other)));
  const names = new Set(matches.filter((m) => m.piece.prose && ONE_NAME_ITEM.test(m.piece.text)).map((m) => m.piece));
  const sharingMore = new Set(
    matches
      .filter(
        (m) =>
          !names.has(m.piece) ||
          matches.some((n) => n !== m && pairKey(n.piece, n.other) === pairKey(m.piece, m.other)),
      )
      .map((m) => m.piece),
  );
  return matches
    .filter((m) => !pointers.has(m.piece) || sharingRules.has(pairKey(m.piece, m.other)))
    .filter((m) => !names.has(m.piece) || sharingMore.has(m.piece))
    .map((m) => describe(m.piece, m.other, m.similarity));
}

/** Two files' key, in either order. */
function pairKey(piece: Piece, other: Piece): string {
  return piece.file < other.file ? `${piece.file}\0${other.file}` : `${other.file}\0${piece.file}`;
}

/**
 * Whether `text` is one sentence sending the reader to a file (POINTER), bold or led by a bold label ("**Complete
 * testing standards:** See `docs/quality-checks.md`", "**See `docs/quality-checks.md` for testing standards.**"), or
 * the one item under a label line read into its paragraph ("FILENAME_CONVENTION: - See 05-file-naming.md for …"). Two
 * files that share only such sentences each keep their own way to the page (set 164's cronicorn: topic rules files,
 * each closing on the page for its topic), so findDuplicates reports one only beside a rule the two files share: a
 * file copied whole repeats its pointers with the rest.
 */
function isPointerSentence(text: string): boolean {
  if (SENTENCE_BREAK.test(text.trim())) return false;
  const lower = text.toLowerCase();
  return (
    POINTER.test(lower) ||
    POINTER.test(lower.replace(BOLD_LEAD, '')) ||
    POINTER.test(lower.replace(LABEL_ITEM_LEAD, ''))
  );
}

/** Each piece's closest earlier copy in another file, the exceptions aside; `written`: headings a script writes. */
function matchPieces(
  pieces: readonly Piece[],
  isSameTextCopy: (a: string, b: string) => boolean,
  isFilledIn: (instance: Piece, recipe: Piece) => boolean,
  written: ReadonlySet<string>,
): Match[] {
  const copies = new Set(
    pieces.flatMap((piece) =>
      piece.copiedFrom === undefined ? [] : [sourceKey(piece.file, piece.copiedFrom, piece.exact)],
    ),
  );
  // Which earlier pieces share each word: only pieces sharing words are compared.
  const postings = new Map<string, number[]>();
  const out: Match[] = [];
  for (const [index, piece] of pieces.entries()) {
    const shared = new Map<number, number>();
    for (const word of piece.words)
      for (const other of postings.get(word) ?? []) shared.set(other, (shared.get(other) ?? 0) + 1);
    let best: { other: Piece; similarity: number } | undefined;
    for (const [otherIndex, count] of shared) {
      const other = pieces[otherIndex]!;
      if (other.file === piece.file || isSameTextCopy(piece.file, other.file)) continue;
      // The same command line run in two folders is two commands.
      if (piece.runsIn !== undefined && other.runsIn !== undefined && piece.runsIn !== other.runsIn) continue;
      // A parent's recipe for every folder of a kind and one such folder's own copy of it: each stands where it is read.
      if (isInstanceOf(piece, other) || isInstanceOf(other, piece)) continue;
      // So with a parent's recipe leaving a name to fill in and a nested folder's copy of it under its own name.
      if (isFilledIn(piece, other) || isFilledIn(other, piece)) continue;
      // A template's agent file is the one a project made from it starts with, alone: it repeats the repository's own
      // on purpose (set 52's BudgetBuddy: `template/CLAUDE.md`, the app's CLAUDE.md made reusable); so does the one a
      // generator wrote into a project it made (set 137's threejs-to-bevy examples).
      if (piece.standalone !== other.standalone) continue;
      // A section that says it quotes or mirrors a file ("Per CLAUDE.md § The only stop:", "mirrors the shape from
      // `provisional_marker.md`:") repeats that file's words on purpose.
      if (citesFileOf(piece, other) || citesFileOf(other, piece)) continue;
      // A line that sends its reader to the other's file and sums up the rule kept there ("For public REST APIs, read
      // [openhands-agent-server/AGENTS.md](openhands-agent-server/AGENTS.md). REST contract breaks need …", set 70's
      // software-agent-sdk): the summary names its source, where the rule is kept whole.
      if (isNamed(piece.sendsTo, other) || isNamed(other.sendsTo, piece)) continue;
      // A file its package publishes repeats a file outside that package on purpose: its readers get it alone.
      if (isOutsidePackageOf(piece, other) || isOutsidePackageOf(other, piece)) continue;
      if (isGeneratedCopy(piece, other) || isRepeatInSources(piece, other, copies) || isIndexAndEntry(piece, other))
        continue;
      if (isInSiblingFolders(piece, other) || isDocumentBesideAgentFile(piece, other) || isDigestOf(piece, other))
        continue;
      if (isOtherAgentsScope(piece, other) || isEachFilesIntroduction(piece, other) || isEachAgentsDigest(piece, other))
        continue;
      if (isReviewBriefBesideOtherAgents(piece, other) || isFileMapRowBesideProse(piece, other)) continue;
      if (isEachScopesCommandList(piece, other) || isStepOfOtherProcedure(piece, other)) continue;
      if (isChecklistRecap(piece, other) || (piece.setsUpFile && other.setsUpFile)) continue;
      // A roadmap's item and a rule in the same words (set 147's tanaka: "- Repository pattern for data access" under
      // "Future Architecture Plans > v1.0 Enhancements", and under CLAUDE.md's "Clean Architecture" principle): one says
      // what is to be built, the other how to work now. Two roadmaps' items stay compared.
      if (piece.planned !== other.planned) continue;
      if (isCommandBesideItsEntry(piece, other) || isCommandBesideItsEntry(other, piece)) continue;
      // A script's output is edited where the script reads from (a skill's metadata): a finding on it asks for an
      // edit the next run undoes, whichever file holds the other copy.
      if (written.has(piece.heading) || written.has(other.heading)) continue;
      // Two path-scoped rules files no one file loads (one per language, one per part of the tree), or whose scopes
      // meet with neither holding the other (each also loaded alone, for its own files): each scope's own line.
      // So with two scoped files one of which is hidden from an agent the other reaches (set 163's kopia: go-dev's
      // `excludeAgent: "code-review"` beside go-style, Copilot's reviewer reading only the latter, each also a
      // `.claude/rules/` link): each file is some reader's only statement of the line.
      if (
        piece.globs !== null &&
        other.globs !== null &&
        (areDisjointGlobs(piece.globs, other.globs) ||
          areCrossingGlobs(piece.globs, other.globs) ||
          piece.hiddenFrom !== other.hiddenFrom)
      )
        continue;
      // Two files of vendored trees are their upstreams' (a `go mod vendor` copy): this repository edits neither.
      if (piece.vendored && other.vendored) continue;
      if (areStandAlone(piece.file, other.file)) continue;
      const similarity = other.exact === piece.exact ? 1 : count / (piece.words.size + other.words.size - count);
      if (similarity < NEAR || (best !== undefined && !isCloserMatch(piece, other, similarity, best))) continue;
      if (
        other.exact !== piece.exact &&
        (namesOtherCode(piece.text, other.text) ||
          isOtherScript(piece, other) ||
          isAboutOtherModule(piece, other) ||
          isAboutOtherModule(other, piece) ||
          isAccountBesideRule(piece, other) ||
          isAccountBesideRule(other, piece) ||
          namesOtherThings(piece.text, piece.words, other.text, other.words))
      )
        continue;
      best = { other, similarity };
    }
    if (best !== undefined) out.push({ piece, other: best.other, similarity: best.similarity });
    for (const word of piece.words) {
      const list = postings.get(word);
      if (list) list.push(index);
      else postings.set(word, [index]);
    }
  }
  return out;
}

// A source file named in a heading (the section path has its code spans' backticks dropped): a name with a source
// extension. A product's name ("Node.js", "Three.js": one capitalised word) names no file.
const HEADING_FILE =
  /(?<![\w./-])([\w./-]*[\w-]\.(?:rs|py|go|ts|tsx|js|jsx|mjs|cjs|c|cc|cpp|h|hpp|cs|java|kt|swift|rb|php|lua|gd|zig|ex|exs|dart))(?![\w/-])/g;
const PRODUCT_NAME = /^[A-Z][a-z]+\.js$/;

/** The source files `section`'s headings name, resolved from `file`'s folder; never throws. */
function headingFilesOf(file: string, section: string): string[] {
  const folder = posix.dirname(file);
  return [...section.matchAll(HEADING_FILE)]
    .map((match) => match[1]!)
    .filter((name) => !PRODUCT_NAME.test(name))
    .map((name) => posix.normalize(posix.join(folder, name)).replace(/^\.\//, ''));
}

/**
 * Whether `parent` is a line of a parent folder's agent file under a heading naming source files that all lie outside
 * `nested`'s folder, a folder below it: the parent describes that module, the nested file its own folder's code. Set
 * 82's pursue-ai-test: src/ai/AGENTS.md's "## Platformer AI (`platformer_ai.rs`) > Movement Constants" lists
 * `WANDER_MAX_SPEED: f32 = 3.0`, platformer_ai.rs's constant; src/ai/pursue_ai/AGENTS.md's "Wander Constants" shows
 * wander.rs's own constant of that name and value. Two modules' facts, each kept where it is read.
 */
function isAboutOtherModule(parent: Piece, nested: Piece): boolean {
  const [parentFolder, nestedFolder] = [posix.dirname(parent.file), posix.dirname(nested.file)];
  const under = (path: string, folder: string) => folder === '.' || path.startsWith(`${folder}/`);
  return (
    parent.headingFiles.length > 0 &&
    nestedFolder !== parentFolder &&
    under(nestedFolder, parentFolder) &&
    parent.headingFiles.every((file) => !under(file, nestedFolder))
  );
}

// A bold label that is a file's name and nothing more ("**`test_tx_mousewheel_fix.py`**", "**main_app.py:**"): the list
// after it says what that file holds or covers.
const FILE_LABEL = /^\s*(?:\*\*|__)`?(?:[\w.-]+\/)*[\w-][\w.-]*\.[A-Za-z]\w{0,5}`?:?(?:\*\*|__)\s*:?\s*$/;

/** The indexes of `source`'s documents that are list items whose list a bold file-name label leads (FILE_LABEL). */
function fileLabelledItems(source: LintSource, lines: readonly string[]): Set<number> {
  const items = new Set<number>();
  let lead: LintDocument | undefined;
  for (const [index, doc] of source.documents.entries()) {
    if (doc.code === true || !LIST_ITEM_LINE.test(lines[doc.line - 1] ?? '')) lead = doc;
    else if (lead !== undefined && lead.section === doc.section && lead.code !== true && FILE_LABEL.test(lead.text))
      items.add(index);
  }
  return items;
}

/** The comparable form of a text's first word, a list marker, bold and code marks aside ('' for none). */
function firstWordOf(text: string): string {
  const word = /^[\s*+\-\d.)_`]*([\p{L}][\p{L}\p{N}-]*)/u.exec(text)?.[1];
  return word === undefined ? '' : ([...comparableWords(word)][0] ?? '');
}

/**
 * Whether `account` is a nested or parent file's list item saying what a named file does or covers (under a heading
 * naming a source file, "### GUI Framework (`gui/main_app.py`)", or a bold label that is the file's name,
 * "**`test_tx_mousewheel_fix.py`**") and `rule` the same words with a verb put in front, in the other file: set 189's
 * Voltworks-Garage Firmware, GUI/tests/CLAUDE.md's "- Mouse wheel scrolling functionality" (what that test covers)
 * beside GUI/CLAUDE.md's "- Verify mouse wheel scrolling functionality" (a check for GUI changes), and
 * GUI/can_tool/CLAUDE.md's "- Message batching for high-speed CAN traffic" (what main_app.py does) beside "- Use message
 * batching for high-speed CAN traffic processing". The module's account and the rule: neither would go. The same
 * words on both sides, or a rule with no verb of its own, stay compared.
 */
function isAccountBesideRule(account: Piece, rule: Piece): boolean {
  if (!account.account || !rule.prose || !isNested(account.scope, rule.scope)) return false;
  const [verb, subject] = [firstWordOf(rule.text), firstWordOf(account.text)];
  return verb !== '' && subject !== '' && !account.words.has(verb) && rule.words.has(subject);
}

/**
 * Whether `other` is a better partner for `piece` than the best so far. The same words can stand in two lines of
 * one file that punctuation alone tells apart (the title forms "`fix: summary`" and "`[fix] summary`"): the finding
 * names the line written the same way, character for character, as the one it flags.
 */
function isCloserMatch(
  piece: Piece,
  other: Piece,
  similarity: number,
  best: { other: Piece; similarity: number },
): boolean {
  if (similarity !== best.similarity) return similarity > best.similarity;
  return other.text === piece.text && best.other.text !== piece.text;
}

function describe(piece: Piece, first: Piece, similarity: number): LintFinding {
  const related = { file: first.file, line: first.line };
  if (piece.team !== first.team) {
    const [team, hand] = piece.team ? [piece, first] : [first, piece];
    return {
      code: 'team-repeats-file',
      level: 'info',
      file: team.file,
      line: team.line,
      message: `the team memory repeats ${hand.file}:${hand.line}${similarity < 1 ? ' (reworded)' : ''}: one copy is enough`,
      related: { file: hand.file, line: hand.line },
    };
  }
  if (similarity === 1 && piece.exact === first.exact)
    return {
      code: 'duplicate-rule',
      level: 'warning',
      file: piece.file,
      line: piece.line,
      message: 'the same rule is loaded from another file: two copies drift apart',
      related,
    };
  return {
    code: 'near-duplicate-rule',
    level: 'warning',
    file: piece.file,
    line: piece.line,
    message: `a reworded copy of a rule in another loaded file (${Math.round(similarity * 100)}% the same words)`,
    related,
  };
}
