import { describe, expect, it } from 'vitest';
import { findBrokenLinks } from '../../../src/lint/find-broken-links.js';

const noneIgnored = () => new Set<string>();
const nothingExists = () => false;

describe('findBrokenLinks', () => {
  it('reports a dangling link inside the repository, naming the agent that loads nothing', () => {
    const findings = findBrokenLinks(
      [{ path: 'AGENTS.md', target: 'agent-docs/AGENTS.md' }],
      noneIgnored,
      nothingExists,
    );
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ code: 'broken-link', level: 'error', file: 'AGENTS.md', line: 0 });
    expect(findings[0]?.message).toContain('Codex loads nothing from it');
  });

  it('says where a relative target points from the repository root', () => {
    const [finding] = findBrokenLinks(
      [{ path: 'web/CLAUDE.md', target: '../docs/CLAUDE.md' }],
      noneIgnored,
      nothingExists,
    );
    expect(finding?.message).toContain('(docs/CLAUDE.md from the repository root)');
    expect(finding?.message).toContain('Claude Code loads nothing');
  });

  it('names the reader of a file its settings add without naming an agent that is not its', () => {
    const [finding] = findBrokenLinks([{ path: 'CONTEXT.md', target: 'docs/CONTEXT.md' }], noneIgnored, nothingExists);
    expect(finding?.message).toContain('which does not exist: the agent reading it loads nothing from it');
  });

  it('leaves links each machine makes for itself and links git ignores', () => {
    const links = [
      { path: 'GEMINI.md', target: '/opt/notes/GEMINI.md' },
      { path: 'CLAUDE.md', target: '~/CLAUDE.md' },
      { path: 'web/AGENTS.md', target: '../../shared/AGENTS.md' },
      { path: 'AGENTS.override.md', target: 'C:\\notes\\AGENTS.md' },
      { path: 'CLAUDE.local.md', target: 'notes/mine.md' },
    ];
    const asked: string[][] = [];
    const ignored = (paths: readonly string[]) => {
      asked.push([...paths]);
      return new Set(['CLAUDE.local.md']);
    };
    expect(findBrokenLinks(links, ignored, nothingExists)).toEqual([]);
    // Only the link inside the repository is asked of git.
    expect(asked).toEqual([['CLAUDE.local.md']]);
  });

  it('asks git nothing when no link is dangling', () => {
    const ignored = () => {
      throw new Error('git asked');
    };
    expect(findBrokenLinks([], ignored, nothingExists)).toEqual([]);
  });

  it("reports an absolute link into the author's own checkout, with the relative link to use", () => {
    const exists = (path: string) => path === 'docs/AGENTS.md';
    const [finding] = findBrokenLinks(
      [{ path: 'AGENTS.md', target: '/mnt/0f3a/LaTeXify/docs/AGENTS.md' }],
      noneIgnored,
      exists,
    );
    expect(finding?.message).toContain("a path of one machine's checkout");
    expect(finding?.message).toContain('(link to docs/AGENTS.md instead)');
    // An absolute path that ends in nothing of the repository is that machine's own.
    expect(findBrokenLinks([{ path: 'GEMINI.md', target: '/opt/notes/GEMINI.md' }], noneIgnored, exists)).toEqual([]);
  });
});
