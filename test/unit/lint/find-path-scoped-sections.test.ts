import { describe, expect, it } from 'vitest';
import { findPathScopedSections } from '../../../src/lint/find-path-scoped-sections.js';
import type { LintDocument } from '../../../src/lint/lint-document.js';

const files = new Set([
  'vscode',
  'vscode/src',
  'vscode/src/client.ts',
  'vscode/src/chatAgent.ts',
  'vscode/src/debugger.ts',
]);
const rules = (section: string): LintDocument[] =>
  [
    'Language server client: `vscode/src/client.ts`',
    'LLM chat agent: `vscode/src/chatAgent.ts`',
    'Debug gem client: `vscode/src/debugger.ts`',
  ].map((text, index) => ({ text, section, line: 10 + index }));
const scopable = (section: string) =>
  findPathScopedSections(
    [{ path: 'CLAUDE.md', team: false, scope: '', documents: rules(section) }],
    (path) => files.has(path),
    (dir) => (dir === 'vscode' ? ['src'] : []),
  ).map((finding) => finding.message.split(':')[0]);

describe('findPathScopedSections', () => {
  it('notes a section whose rules all name files under one folder', () => {
    expect(scopable('VS Code extension > Debugging')).toEqual([
      'all 3 rules of "Debugging" name files under vscode/src/',
    ]);
  });

  it("leaves the repository's map alone, and a section under it: the agent reads it before any of those files", () => {
    expect(scopable('VS Code extension > Architecture')).toEqual([]);
    expect(scopable('VS Code extension > Architecture > Integrations')).toEqual([]);
  });
});
