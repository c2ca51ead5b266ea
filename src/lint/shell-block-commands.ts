/**
 * The commands of a fenced shell block, without its comments: the documents' text has a block's
 * lines joined, so where a `# comment` ends is only known from the file as written.
 * "# Install dependencies (pnpm ONLY - enforced)" is a sentence, not the command `pnpm ONLY`.
 */

/** Languages whose `#` starts a comment; "" is a block with no language written. */
const SHELL_LANGUAGES = new Set(['', 'bash', 'sh', 'shell', 'zsh', 'console', 'shell-session', 'shellsession']);

const FENCE = /^ {0,3}(`{3,}|~{3,})\s*([^\s`{]*)/;

// Source code of a program: its words are code, comments and docstrings ("to make assertions about
// the requests"), never a command line. Blocks of configuration (yaml, json, Dockerfile, Makefile)
// and of other shells (powershell) may run commands and are not here.
const PROGRAM_LANGUAGES = new Set(
  (
    'python py python3 javascript js mjs cjs jsx typescript ts tsx go golang rust rs java kotlin kt swift c cpp c++ ' +
    'csharp cs ruby rb php sql html css scss graphql gql elixir ex dart scala lua vue svelte'
  ).split(' '),
);

/** Whether the fenced block opening at 1-based `line` of `fileText` holds a program's source (PROGRAM_LANGUAGES). */
export function isProgramBlock(fileText: string, line: number): boolean {
  const language = FENCE.exec(fileText.split('\n')[line - 1] ?? '')?.[2] ?? '';
  return PROGRAM_LANGUAGES.has(language.toLowerCase());
}

/**
 * Returns the lines of the fenced block opening at 1-based `line` of `fileText`, joined by
 * spaces like a document's text, with each shell comment cut; null when the line opens no fence
 * or the block is of another language (a `#` there may be code: `#include`, a markdown heading).
 */
export function shellBlockCommands(fileText: string, line: number): string | null {
  const lines = fileText.split('\n');
  const fence = FENCE.exec(lines[line - 1] ?? '');
  if (fence === null) return null;
  const [, marks = '', language = ''] = fence;
  if (!SHELL_LANGUAGES.has(language.toLowerCase())) return null;
  const body: string[] = [];
  for (const text of lines.slice(line)) {
    if (text.trim().startsWith(marks) && new RegExp(`^ {0,3}${marks[0]}{${marks.length},}\\s*$`).test(text)) break;
    body.push(withoutComment(text));
  }
  return body.join(' ').replace(/\s+/g, ' ').trim();
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
