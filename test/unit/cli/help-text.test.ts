/**
 * What `--help` and the README show a user: examples a shell runs exactly as written (no backtick
 * or $( … ) outside single quotes, which bash and zsh would execute), descriptions written as
 * paragraphs that oclif wraps to the terminal (no hard line breaks to be re-wrapped raggedly), and
 * JSON shapes in the README reference rather than in --help.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../../src/cli/entry/commands.js';
import { PROJECT_ROOT } from '../../helpers/temp-repo.js';

/** Returns the first piece of `line` that a POSIX shell would run as a command substitution, or null. */
function commandSubstitution(line: string): string | null {
  let quote: "'" | '"' | null = null;
  for (let i = 0; i < line.length; i += 1) {
    const ch = line[i]!;
    if (quote === "'") {
      if (ch === "'") quote = null;
      continue;
    }
    if (ch === '\\') {
      i += 1;
      continue;
    }
    if (quote === null && ch === '#' && (i === 0 || /\s/.test(line[i - 1]!))) return null; // a comment
    if (ch === '`' || (ch === '$' && line[i + 1] === '(')) return line.slice(i, i + 30);
    if (ch === "'" && quote === null) quote = "'";
    else if (ch === '"') quote = quote === '"' ? null : '"';
  }
  return null;
}

type CommandClass = { description?: string; examples?: (string | { command: string })[] };
const commands = Object.entries(COMMANDS as Record<string, CommandClass>);

describe('help text and examples', () => {
  it('finds what a shell would run', () => {
    expect(commandSubstitution('mem remember "Tests need `docker compose up db` first"')).toContain('`docker');
    expect(commandSubstitution("mem remember 'Tests need `docker compose up db` first'")).toBeNull();
    expect(commandSubstitution('mem search "$(cat q)"')).toContain('$(cat');
    expect(commandSubstitution('mem init   # config, `hooks`')).toBeNull();
  });

  for (const [id, command] of commands) {
    it(`mem ${id}: examples run as written, the description is paragraphs, no JSON shape`, () => {
      for (const example of command.examples ?? []) {
        const text = typeof example === 'string' ? example : example.command;
        expect(commandSubstitution(text), text).toBeNull();
      }
      const description = command.description ?? '';
      for (const paragraph of description.split('\n\n')) expect(paragraph, paragraph).not.toContain('\n');
      expect(description).not.toMatch(/^JSON:/m);
    });
  }

  it('the README shell blocks run as written', () => {
    const readme = readFileSync(join(PROJECT_ROOT, 'README.md'), 'utf8');
    const blocks = [...readme.matchAll(/```(?:sh|bash|shell)\n([\s\S]*?)```/g)].map((match) => match[1]!);
    expect(blocks.length).toBeGreaterThan(3);
    for (const line of blocks.flatMap((block) => block.split('\n'))) expect(commandSubstitution(line), line).toBeNull();
  });
});
