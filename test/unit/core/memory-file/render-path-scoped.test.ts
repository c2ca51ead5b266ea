/**
 * The path-scoped rendering (team.renderPathScoped): entries whose paths all lie under one folder
 * go to that folder's rules file with `paths:` front matter; the rest and conflicts stay in the
 * always-loaded file; no entry is in both or in neither.
 */
import { describe, expect, it } from 'vitest';
import { renderMemory, type RenderOptions } from '../../../../src/core/memory-file/render-memory.js';
import {
  renderPathScoped,
  scopedFilePath,
  staysInMainFile,
} from '../../../../src/core/memory-file/render-path-scoped.js';
import { renderEntryItem } from '../../../../src/core/memory-file/entry-item.js';

const line = (id: string, text: string) =>
  renderEntryItem({ id, text, provenance: { author: 'alice', at: '2026-11-28T09:01:00Z' } }, { eol: '\n' });
const options: RenderOptions = {
  target: 'rules-file',
  sections: ['Conventions', 'Gotchas'],
  reader: { name: 'bob', email: null },
  maxChars: 40_000,
};
const RULES = [
  'Feature flags are read through flags.get(), never from process.env directly.',
  'Route handlers in `packages/api/src/routes/` return typed errors, never throw.',
  '`packages/api/src/db.ts` opens one pool per process; tests close it in afterAll.',
  'Components in `packages/ui/src/` take design tokens, never raw colours.',
  'Read `docs/adr/0007-queues.md` before touching the queue.',
];
const body = `## Conventions\n\n${RULES.slice(0, 2)
  .map((text, i) => line(`mc${i}`, text))
  .join('')}\n## Gotchas\n\n${RULES.slice(2)
  .map((text, i) => line(`mg${i}`, text))
  .join('')}`;

describe('renderPathScoped', () => {
  it('renders one rules file per folder with paths: front matter, and keeps every other entry in the main file', () => {
    const files = renderPathScoped(body, options);
    expect(files.map((file) => file.path)).toEqual([
      '.claude/rules/mem-packages-api.md',
      '.claude/rules/mem-packages-ui.md',
    ]);
    expect(files[0]!.text).toMatch(/^---\npaths:\n {2}- "packages\/api\/\*\*"\n---\n<!-- Path-scoped team memory/);
    expect(files[0]!.text).toContain(`- ${RULES[1]}`);
    expect(files[0]!.text).toContain(`- ${RULES[2]}`);
    expect(files[0]!.text).not.toContain('mem:id');
    const main = renderMemory(body, { ...options, include: staysInMainFile }).text;
    for (const [index, rule] of RULES.entries()) {
      const inMain = main.includes(`- ${rule}`);
      const inScoped = files.some((file) => file.text.includes(`- ${rule}`));
      expect(inMain !== inScoped, `rule ${index} in exactly one file`).toBe(true);
    }
    // A document named in a rule is something to read, not a folder the rule is about.
    expect(main).toContain(RULES[4]);
  });

  it('names files after their folder', () => {
    expect(scopedFilePath('src/server')).toBe('.claude/rules/mem-src-server.md');
  });
});
