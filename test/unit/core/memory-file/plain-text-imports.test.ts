/**
 * The law behind the `@import` wrapping (issue 28.3): whatever an entry says, the rendered line has
 * no `@path` where Claude Code would import it. Claude Code lexes memory files as markdown, skips
 * code and code spans, and looks for `(^|\s)@path` in each run of text; the runs are read here as
 * CommonMark reads them (mdast-util-from-markdown, remark's parser), on random strings of
 * backticks, backslashes, `@paths` and the markup that changes which backticks pair up.
 */
import fc from 'fast-check';
import { fromMarkdown } from 'mdast-util-from-markdown';
import type { Nodes } from 'mdast';
import { describe, expect, it } from 'vitest';
import { plainText } from '../../../../src/core/memory-file/render-memory.js';

/** Claude Code's own pattern for an import in a run of text, and the paths it accepts (2.1.x). */
const CLAUDE_IMPORT = /(?:^|\s)@((?:[^\s\\]|\\ )+)/g;
function isClaudeImport(raw: string): boolean {
  return [...raw.matchAll(CLAUDE_IMPORT)].some(([, found]) => {
    const path = (found ?? '').split('#')[0] ?? '';
    return (
      path.startsWith('./') ||
      path.startsWith('~/') ||
      (path.startsWith('/') && path !== '/') ||
      (!path.startsWith('@') && !/^[#%^&*()]+/.test(path) && /^[a-zA-Z0-9._-]/.test(path))
    );
  });
}

/** The runs of text of the rendered item `- line` where Claude Code would find an import. */
function importsIn(line: string): string[] {
  const source = `- ${line}\n`;
  const found: string[] = [];
  const visit = (node: Nodes): void => {
    if (node.type === 'text' && node.position?.start.offset !== undefined && node.position.end.offset !== undefined) {
      const raw = source.slice(node.position.start.offset, node.position.end.offset);
      if (isClaudeImport(raw)) found.push(raw);
    }
    if ('children' in node) for (const child of node.children as Nodes[]) visit(child);
  };
  visit(fromMarkdown(source));
  return found;
}

const PIECES = [
  '`',
  '``',
  '\\',
  '\\\\',
  '@',
  '@.env',
  '@docs/a.md',
  ' ',
  'a',
  'b.c',
  '*',
  '_',
  '<',
  '>',
  '<b>',
  '</b>',
  '"',
  "'",
  '=',
  '[',
  ']',
  '(',
  ')',
  '!',
  '-->',
  '<!--',
  '.',
  '\n',
  '&#96;',
  'http://x',
  ':',
];

describe('plainText never leaves an import for Claude Code', () => {
  it('an escaped backtick does not open a code span: the @path after it is wrapped', () => {
    const text = 'Style notes live in \\`drafts and @.env has the rest, read it first `.';
    expect(importsIn(text)).not.toEqual([]);
    expect(importsIn(plainText(text))).toEqual([]);
    expect(plainText(text)).toContain('``@.env``');
  });

  it('a backslash ending a path keeps escaping the backtick after it: the @path past the next code span is wrapped', () => {
    // Found by the property below (seed -1950692010): `@\` wrapped whole let the escaped backtick pair up again.
    const text = '@\\``@.env`@.env';
    expect(importsIn(plainText(text))).toEqual([]);
    expect(plainText(text)).toContain('``@.env``');
  });

  it('an autolink open before the path (e-mail or address) does not take the fence in', () => {
    // Found by the property below: `<@a>@.env` wrapped as "<`@a>@.env`" read as the autolink <`@a>.
    expect(importsIn(plainText('<@a>@.env'))).toEqual([]);
    expect(importsIn(plainText('<.@a>@.env'))).toEqual([]);
    expect(importsIn(plainText('<http://x)@docs/a.md>@.env'))).toEqual([]);
  });

  it('a link destination, a link title or an HTML attribute open before the path does not take the fence in', () => {
    // Found by the property below (seed 1458833395): `[](@.env)@.env` wrapped whole as "[](`@.env)@.env`" read as
    // a link to "`@.env", which left "@.env`" a run of text of its own. Each of these reads raw characters up to its
    // own closing `)`, quote or `>`, whatever backticks it holds.
    for (const text of ['[](@.env)@.env', '[](x "@.env")@.env', "[](x '@.env')@.env", '<b title="@.env">@.env']) {
      expect.soft(importsIn(plainText(text)), text).toEqual([]);
    }
  });

  it('holds on random strings of backticks, backslashes, @paths and inline markup', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...PIECES), { maxLength: 24 }), (pieces) => {
        const line = plainText(pieces.join(''));
        expect(importsIn(line)).toEqual([]);
      }),
      { numRuns: Number(process.env.PLAIN_TEXT_RUNS ?? 1500) },
    );
  });

  it('leaves what is not an import as it was', () => {
    expect(plainText('mail ops@example.com')).toBe('mail ops@example.com');
    expect(plainText('keep `@x` as code')).toBe('keep `@x` as code');
    expect(plainText('an escaped \\@x stays')).toBe('an escaped \\@x stays');
  });
});
