import { describe, expect, it } from 'vitest';
import { findImports } from '../../../src/lint/find-imports.js';

const targets = (text: string) => findImports(text).map((found) => `${found.line}:${found.target}`);

describe('findImports (Claude Code 2.1 reading of @path)', () => {
  it('finds imports at a line start or after white space, with their lines', () => {
    expect(targets('# Project\nSee @docs/style.md for style.\n@./AGENTS.md\n- rules: @~/.claude/mine.md')).toEqual([
      '2:docs/style.md',
      '3:./AGENTS.md',
      '4:~/.claude/mine.md',
    ]);
  });

  it('skips code spans, fenced code and HTML comments, as the client does', () => {
    expect(
      targets(
        'Run `@scripts/x.md` here\n```\n@inside/fence.md\n```\n<!-- @hidden.md -->\n<!--\n@also-hidden.md\n-->\n@after.md',
      ),
    ).toEqual(['9:after.md']);
  });

  it('leaves e-mail addresses, scoped packages and mentions starting with @ alone', () => {
    expect(targets('Mail dev@example.com or @@team; see @#anchor')).toEqual([]);
  });

  it('drops a #fragment and reads an escaped space', () => {
    expect(targets('@docs/a.md#setup and @my\\ notes.md')).toEqual(['1:docs/a.md', '1:my notes.md']);
  });
});
