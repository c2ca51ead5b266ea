/**
 * Rules a team shares across its repositories (an organisation's common rules files) speak of the
 * other repositories too: "the site lives in the `Documentation` repo, at `Documentation/web/`",
 * "## The repos and their shape". Their paths and commands are those repositories', not missing here.
 */
import { posix } from 'node:path';
import { escapeRegExp } from '../core/text/escape-regexp.js';
import { offsetsOf } from './text-offsets.js';

// "the `Documentation` repo", "the **Samples** repository", "the ApplicationModel repo's": a repository by name.
const NAMED_REPOSITORY = /\bthe\s+(?:\*\*)?(?:`([^`\n]+)`|([A-Z][\w.-]*))(?:\*\*)?\s+(?:repo|repository)(?![\w-])/g;
// A name that is no other repository: where this one is hosted, or this one.
const NOT_ANOTHER = /^(?:github|gitlab|bitbucket|git|this|same|main|current|monorepo|project|source|upstream|parent)$/i;
// "each product's own repo", "every Cratis repository", "sibling repos", "other repositories": more than this one; so in
// Japanese, "リポジトリ別のルール" (rules by repository), "各リポジトリ" (each repository), and in Chinese, "各仓库".
const MANY_REPOSITORIES =
  /\b(?:each|every|other|another|sibling|separate|all)\s+(?:[\w'’-]+\s+){0,2}(?:repos?|repositor(?:y|ies))\b|\b(?:repos|repositories)\b|リポジトリ(?:別|ごと|毎|間)|(?:各|他の|別の|複数の?|全て?の?)\s*リポジトリ|(?:各|多个?|其他|其它|所有)\s*(?:仓库|倉庫|存储库)/;

/** Returns the names `texts` give other repositories ("the `Documentation` repo" → Documentation); never throws. */
export function findNamedRepositories(texts: readonly string[]): Set<string> {
  const names = new Set<string>();
  for (const text of texts)
    for (const match of text.matchAll(NAMED_REPOSITORY)) {
      const name = (match[1] ?? match[2] ?? '').trim();
      if (name !== '' && !NOT_ANOTHER.test(name)) names.add(name);
    }
  return names;
}

/** Returns true when a heading speaks of several repositories ("The repos and their shape"); never throws. */
function isAboutManyRepositories(heading: string): boolean {
  return MANY_REPOSITORIES.test(heading.toLowerCase());
}

/**
 * Returns true when `section` (a heading path, outermost first) lies in a section about several repositories: its own
 * heading speaks of them, or one above it other than the file's first ("## Appendix: rules by repository" over "### A.
 * profile-portfolio", each subsection one repository's; set 185's helpdesk-hub). The first heading is the file's title
 * ("# Rules for all our repos" over "## Commands", this one's). Never throws.
 */
export function isInManyRepositoriesSection(section: string): boolean {
  const headings = section.split(' > ');
  return headings.some((heading, index) => (index > 0 || headings.length === 1) && isAboutManyRepositories(heading));
}

// A link to a repository on a forge (`https://github.com/EmeraudeEngine/emeraude-base`): its name.
const FORGE_REPOSITORY =
  /https?:\/\/(?:www\.)?(?:github\.com|gitlab\.com|bitbucket\.org|codeberg\.org)\/[\w.-]+\/([\w.-]+?)(?:\.git)?(?=[/)#?\s>\]"'`]|$)/g;

/**
 * Returns true when a subsection's heading names, as written, a repository `text` links on a forge ("## 1a.
 * Foundation: emeraude-base" in a file linking github.com/EmeraudeEngine/emeraude-base): the section is about that
 * repository, and the paths it names (its `cmake/` files) are that one's. The file's title is left out: a file titled
 * with its own repository's name often links it. Never throws.
 */
export function isAboutLinkedRepository(section: string, text: string): boolean {
  const headings = section.split(' > ');
  const heading = headings.length < 2 ? '' : (headings.at(-1) ?? '');
  return (
    heading !== '' &&
    [...text.matchAll(FORGE_REPOSITORY)].some((match) =>
      new RegExp(`(?<![\\w.-])${escapeRegExp(match[1] ?? '')}(?![\\w-])`).test(heading),
    )
  );
}

// What follows a path the text places in another repository: "(see `agent_docs/x.md` in that repo)",
// "`web/` in the `Documentation` repository".
const IN_ANOTHER_REPOSITORY =
  /^[`*'"]*\)?\s+(?:in|from|of)\s+(?:that|the\s+other|the\s+(?:\*\*)?(?:`([^`\n]+)`|([A-Za-z][\w.-]*))(?:\*\*)?)\s+(?:repo|repository)(?![\w-])/i;

// What precedes a path the text gives another repository by name: "Run via Reppora repo's `./scripts/run_ios_client.sh`"
// (set 148's AIFitnessCoach, a Flutter app's CLAUDE.md bridging to its sibling repository), or the command of that
// repository's code span the path is an argument of: "scenarios are downloaded by the yaat-server repo's `python
// tools/validate-all-scenarios.py`" (set 209's yaat, the script moved out of this repository into that one).
const ANOTHER_REPOSITORY_OWNS =
  /(?:^|\s)(?:\*\*)?(?:`([^`\n]+)`|([A-Za-z][\w.-]*))(?:\*\*)?\s+(?:repo|repository)['’]s\s+(?:[`*'"]*|\*{0,2}`[^`\n]*\s)(?:\.{1,2}\/)?$/i;
// A possessive word before "repo's" that is this repository: "the repo's `scripts/x`", "our repository's".
const THIS_OWNER = /^(?:the|our|your|its|their|a|an)$/i;

// A checkout beside this repository that the text names: "the sibling server repo is `..\yaat-server`", "yaat-server
// (`..\yaat-server\`)": one folder up from the repository's root, then one name, ending the mention.
const SIBLING_CHECKOUT = /(?:^|[\s`'"(|])\.\.[\\/]([A-Za-z][\w.-]*[\w])[\\/]?(?=[\s`'"),;:|]|$)/g;

/**
 * Returns the names of the checkouts beside the repository that `text` (the text of agent file `file`) writes as
 * `../name` or `..\name`, each made of two words or more (`yaat-server`, not `api`); a nested file's `../name` is a folder
 * of this repository and names none. Never throws.
 */
export function siblingCheckouts(text: string, file: string): string[] {
  if (posix.dirname(file) !== '.') return [];
  const names = new Set<string>();
  for (const match of text.matchAll(SIBLING_CHECKOUT)) {
    const name = match[1] ?? '';
    if (/[._-]/.test(name)) names.add(name);
  }
  return [...names];
}

/** A name with case and word separators set aside: `Yaat.Server` and `yaat-server` are one. */
const bareName = (name: string) => name.toLowerCase().replace(/[._-]/g, '');

/**
 * Returns true when a folder of `reference` bears, case and word separators aside, the name of a checkout beside the
 * repository (siblingCheckouts): `src/Yaat.Server` where the file says "the sibling server repo is `..\yaat-server`"
 * (set 209's yaat, a client whose server project lives in its own repository) is that repository's project. Never throws.
 */
export function isSiblingCheckoutProject(reference: string, siblings: readonly string[]): boolean {
  if (siblings.length === 0) return false;
  const names = new Set(siblings.map(bareName));
  return reference.split('/').some((part) => part !== '' && names.has(bareName(part)));
}

/** Returns true when every mention of `reference` in `text` is said to be in another repository; never throws. */
export function isInAnotherRepository(text: string, reference: string): boolean {
  const offsets = offsetsOf(reference, text);
  return (
    offsets.length > 0 &&
    offsets.every((at) => {
      const after = IN_ANOTHER_REPOSITORY.exec(text.slice(at + reference.length, at + reference.length + 80));
      if (after !== null) return !NOT_ANOTHER.test(after[1] ?? after[2] ?? 'that');
      const owner = ANOTHER_REPOSITORY_OWNS.exec(text.slice(Math.max(0, at - 60), at));
      const name = owner === null ? '' : (owner[1] ?? owner[2] ?? '');
      return name !== '' && !NOT_ANOTHER.test(name) && !THIS_OWNER.test(name);
    })
  );
}

// A clause placing something in a repository it links on a forge: "lives in [EdgeVector/fold_db_node](https://github.com/…)".
const LIVES_IN_LINKED =
  /\b(?:lives?|lies|sits?|(?:is|are)\s+kept)\s+in\s+\[[^\]\n]*\]\(https?:\/\/(?:www\.)?(?:github\.com|gitlab\.com|bitbucket\.org|codeberg\.org)\/[\w.-]+\/[\w.-]+\/?\)/i;

/**
 * Returns true when every mention of `reference` in `text` stands in a sentence that first says what it speaks of lives
 * in a repository it links ("The canonical URL registry lives in [EdgeVector/fold_db_node](https://github.com/EdgeVector/
 * fold_db_node) at `environments.json` (…; `scripts/lint-no-hardcoded-urls.sh` enforces it).", set 134's fold_db): the
 * path is that repository's. Never throws.
 */
export function isInLinkedRepositorySentence(text: string, reference: string): boolean {
  if (!text.includes('](http')) return false;
  const offsets = offsetsOf(reference, text);
  return (
    offsets.length > 0 &&
    offsets.every((at) =>
      LIVES_IN_LINKED.test(
        text
          .slice(Math.max(0, at - 400), at)
          .split(/[.!?](?:\s|$)/)
          .at(-1) ?? '',
      ),
    )
  );
}

// "Clone the plugin repository", "clone the `acme-plugin` repo": a step that fetches another repository by what it is.
const CLONES_ANOTHER =
  /\bclone\s+(?:the|a|your)\s+(?:\*\*)?(?:`([^`\n]+)`|([\w.-]+))(?:\*\*)?\s+(?:repo|repository)(?![\w-])/i;

/**
 * Returns true when `text` is a step that clones another repository ("1. Clone the plugin repository (e.g.,
 * `acme-plugin-aws`)"): the steps after it in its section run in that clone, and its commands are that repository's.
 * "Clone the repository" is this one's; never throws.
 */
export function clonesAnotherRepository(text: string): boolean {
  const match = CLONES_ANOTHER.exec(text);
  return match !== null && !NOT_ANOTHER.test(match[1] ?? match[2] ?? 'this');
}

/**
 * Returns the folders `.gitmodules` (its text) checks other repositories out into (`path = helio`); never throws.
 * A submodule's files are its own repository's, and a checkout made without `git submodule update` has its folder
 * empty: `./helio/blaze.sh`, the build entry a project's docs use, is there in every working tree that builds.
 */
export function submoduleFolders(gitmodules: string): string[] {
  return [...gitmodules.matchAll(/^\s*path\s*=\s*(.+?)\s*$/gm)].map((match) =>
    match[1]!.replace(/^\.\//, '').replace(/\/+$/, ''),
  );
}

/**
 * Returns true when repository-relative `path` lies in a folder the working tree has empty that git records as a gitlink
 * (`view.gitlinks`, asked only of such a folder): another repository's commit, a submodule with or without a
 * `.gitmodules` entry (set 181's industrial-iot-stack added `Steel_Bonnet/`, a repository of its own, with `git add`), whose
 * files a clone does not have: `Steel_Bonnet/README.md` is that repository's, there in the working copy that holds it. Git
 * checks out no empty folder of its own, so only an empty one is asked; never throws.
 */
export function isInGitlink(
  path: string,
  view: {
    exists: (path: string) => boolean;
    foldersIn?: (dir: string) => readonly string[];
    filesIn?: (dir: string) => readonly string[];
    gitlinks?: (folders: readonly string[]) => ReadonlySet<string>;
  },
): boolean {
  const { foldersIn, filesIn, gitlinks } = view;
  if (foldersIn === undefined || filesIn === undefined || gitlinks === undefined) return false;
  const parts = path.split('/').filter((part) => part !== '' && part !== '.');
  for (let end = 1; end < parts.length; end++) {
    const folder = parts.slice(0, end).join('/');
    if (!view.exists(folder)) return false;
    if (filesIn(folder).length === 0 && foldersIn(folder).length === 0) return gitlinks([folder]).has(folder);
  }
  return false;
}

/** Returns true when repository-relative `path` lies in one of `folders` (submoduleFolders); never throws. */
export function isInSubmodule(path: string, folders: readonly string[]): boolean {
  return folders.some((folder) => folder !== '' && path.startsWith(`${folder}/`));
}
