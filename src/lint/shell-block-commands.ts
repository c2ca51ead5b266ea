/**
 * The commands of a fenced shell block, without its comments: the documents' text has a block's
 * lines joined, so where a `# comment` ends is only known from the file as written. The markdown
 * reader says where a fence's body is and its language (LintDocument.fence); this reads no fence.
 * "# Install dependencies (pnpm ONLY - enforced)" is a sentence, not the command `pnpm ONLY`.
 */
import type { LintDocument } from './lint-document.js';

/** Languages whose `#` starts a comment; "" is a block with no language written. */
const SHELL_LANGUAGES = new Set(['', 'bash', 'sh', 'shell', 'zsh', 'console', 'shell-session', 'shellsession']);

// Source code of a program: its words are code, comments and docstrings ("to make assertions about
// the requests"), never a command line. Blocks of configuration (yaml, json, Dockerfile, Makefile)
// and of other shells (powershell) may run commands and are not here.
const PROGRAM_LANGUAGES = new Set(
  (
    'python py python3 javascript js mjs cjs jsx typescript ts tsx go golang rust rs java kotlin kt swift c cpp c++ ' +
    'csharp cs ruby rb php sql html css scss graphql gql elixir ex dart scala lua vue svelte'
  ).split(' '),
);

// A line of a conversation shown as an example (`User: "I just had a great meeting with the client"`, set 70's
// basic-memory): a speaker's label and the words they say, never a command ("User:" is no program), so `just had` in it
// is English.
const SPOKEN_LINE = /^\s*[A-Z][\w ]{0,30}:\s+["“]/;

/** Whether `doc` is a fenced block of a program's source (PROGRAM_LANGUAGES). */
export function isProgramBlock(doc: LintDocument): boolean {
  return doc.fence !== undefined && PROGRAM_LANGUAGES.has(language(doc.fence.lang));
}

/**
 * Returns the commands of the fenced block `doc` of `fileText`, each shell comment cut, one line's
 * command ended by ` ; ` as the shell ends it (a line ending in `\` goes on to the next): in
 * "BUILD_ALL_EXT=1 make" over "DUCKDB_EXTENSIONS='json;icu' make", `make` has no target. Null when
 * `doc` is no fenced block or the block is of another language (a `#` there may be code: `#include`,
 * a markdown heading).
 */
export function shellBlockCommands(doc: LintDocument, fileText: string): string | null {
  if (doc.fence === undefined || !SHELL_LANGUAGES.has(language(doc.fence.lang))) return null;
  const body = fileText.split('\n').slice(doc.line, doc.line + doc.fence.lines);
  return body
    .filter((line) => !SPOKEN_LINE.test(line))
    .map(commandUnlessSaidUnavailable)
    .join('\n')
    .replace(/\\[ \t]*\r?\n/g, ' ')
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '')
    .join(' ; ');
}

// A line's comment saying its command cannot be run now: "pnpm run webapp  # Currently unavailable - will be restored in
// Phase 4" (set 147's tanaka, the webapp mode taken out during a migration), "# not available yet", "# no longer works".
// The writer knows the script is not there, as with "(if available)" (hedged-commands.ts).
const UNAVAILABLE =
  /\b(?:unavailable|not\s+(?:yet\s+|currently\s+)?available(?:\s+yet)?|no\s+longer\s+(?:available|exists?|works?)|(?:currently|temporarily)\s+(?:disabled|removed))\b/i;

/** The shell line up to its comment, or nothing when the comment says the command is not there to run (UNAVAILABLE). */
function commandUnlessSaidUnavailable(line: string): string {
  const command = withoutComment(line);
  return command.length < line.length && UNAVAILABLE.test(line.slice(command.length)) ? '' : command;
}

// A line's comment saying what the command is given is the user's choice: "# custom config", "# your own profile",
// "# alternative settings".
const OWN_CHOICE = /\b(?:custom|your|own|alternative|alternate|different)\b/i;

/**
 * Whether every line of the fenced shell block `doc` of `fileText` that names `reference` gives it to a command whose
 * comment calls it the user's own: `sbatch scripts/run_snakemake.sh config/custom.yaml  # custom config` under the
 * line running the default (set 87's merge-multisample-vcf). The file is one the user brings, not one of the repository.
 */
export function isGivenAsOwnFile(reference: string, doc: LintDocument, fileText: string): boolean {
  if (doc.fence === undefined || !SHELL_LANGUAGES.has(language(doc.fence.lang))) return false;
  const naming = fileText
    .split('\n')
    .slice(doc.line, doc.line + doc.fence.lines)
    .filter((line) => line.includes(reference));
  return (
    naming.length > 0 &&
    naming.every((line) => {
      const command = withoutComment(line);
      return command.includes(reference) && OWN_CHOICE.test(line.slice(command.length));
    })
  );
}

/** The language an info string's first word names: attributes written against it ("js{1,3}", "{bash}") are not. */
function language(lang: string): string {
  return (/^[^{]*/.exec(lang)?.[0] ?? '').toLowerCase();
}

/**
 * A shell line up to its comment: an unquoted `#` at the line's start or after whitespace
 * (`a#b` and `"# x"` are words, `${#list}` and `$#` are expansions).
 */
function withoutComment(line: string): string {
  let quote: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (quote !== null) {
      if (char === '\\' && quote === '"') i++;
      else if (char === quote) quote = null;
    } else if (char === '\\') i++;
    else if (char === "'" || char === '"') quote = char;
    else if (char === '#' && (i === 0 || /\s/.test(line[i - 1] ?? ''))) return line.slice(0, i);
  }
  return line;
}
