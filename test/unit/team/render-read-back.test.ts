import { describe, expect, it } from 'vitest';
import { renderMemory, plainText } from '../../../src/core/memory-file/render-memory.js';
import { readBack } from '../../../src/core/memory-file/read-back.js';
import { editBody } from '../../../src/core/memory-file/edit-body.js';
import { renderEntryItem } from '../../../src/core/memory-file/entry-item.js';
import { renderConflictItem } from '../../../src/core/memory-file/conflict-item.js';

const SECTIONS = ['Conventions', 'Commands', 'Gotchas'];
const reader = { name: 'bob', email: 'bob@example.com' };

function body(): string {
  const item = (id: string, text: string, by = 'alice') =>
    renderEntryItem(
      { id, text, provenance: { author: by, at: '2026-11-28T09:01:00Z', session: 'a11ce000' } },
      { eol: '\n' },
    );
  return `## Conventions\n\n${item('m1', 'Always use pnpm, never npm.')}${item('m2', 'Prefer zod for validation.')}\n## Commands\n\n${item('m3', 'Run the tests with `pnpm test`.')}`;
}

describe('renderMemory', () => {
  it('writes plain markdown: no ids, no provenance, no mem comment', () => {
    const rendering = renderMemory(body(), { target: 'rules-file', sections: SECTIONS, reader });
    expect(rendering.text).not.toMatch(/mem:|m1|alice|a11ce000/);
    expect(rendering.text).toContain(
      '## Conventions\n\n- Always use pnpm, never npm.\n- Prefer zod for validation.\n\n## Commands\n\n- Run the tests with `pnpm test`.\n',
    );
    expect(rendering.items.map((item) => item.id)).toEqual(['m1', 'm2', 'm3']);
  });

  it("shows a conflict from the reader's side: your version and the teammate's, by name", () => {
    const conflict = renderConflictItem(
      {
        id: 'm9',
        ours: {
          id: 'm9',
          section: 'Conventions',
          text: 'Use pnpm 9.',
          provenance: { author: 'bob', at: '2026-12-01T10:00:00Z' },
        },
        theirs: {
          id: 'm9',
          section: 'Conventions',
          text: 'Use yarn.',
          provenance: { author: 'Alice', at: '2026-12-01T09:00:00Z' },
        },
        base: null,
      },
      'Conventions',
      '\n',
    );
    const rendering = renderMemory(`## Conventions\n\n${conflict}`, {
      target: 'rules-file',
      sections: SECTIONS,
      reader,
    });
    expect(rendering.text).toContain('  - Your version (2026-12-01): Use pnpm 9.');
    expect(rendering.text).toContain("  - Alice's version (2026-12-01): Use yarn.");
    expect(rendering.text).not.toContain('mem:');
  });

  it('never lets entry text become a comment, a marker or an import', () => {
    expect(plainText('ok <!-- mem:end --> then')).toBe('ok &lt;!-- mem:end --&gt; then');
    expect(plainText('read @docs/secret.md first')).toBe('read `@docs/secret.md` first');
    expect(plainText('mail ops@example.com')).toBe('mail ops@example.com');
    expect(plainText('two\n## lines')).toBe('two ## lines');
    expect(plainText('keep `@x` as code')).toBe('keep `@x` as code');
  });
});

describe('readBack', () => {
  const last = renderMemory(body(), { target: 'rules-file', sections: SECTIONS, reader });

  it('reads nothing back from an untouched file', () => {
    expect(readBack(last, last.text, 'Conventions').edits).toEqual([]);
  });

  it('reads a rewording as a replacement that keeps the id', () => {
    const edited = last.text.replace('Prefer zod for validation.', 'Prefer zod 4 for validation.');
    expect(readBack(last, edited, 'Conventions').edits).toEqual([
      { op: 'replace', id: 'm2', text: 'Prefer zod 4 for validation.' },
    ]);
  });

  it('reads a deleted line as a removal and a typed line as a new entry in its section', () => {
    const edited = last.text
      .replace('- Always use pnpm, never npm.\n', '')
      .replace('- Run the tests with `pnpm test`.\n', '- Run the tests with `pnpm test`.\n- Lint with `pnpm lint`.\n');
    const { edits, rendering } = readBack(last, edited, 'Conventions');
    expect(edits).toContainEqual({ op: 'remove', id: 'm1' });
    const add = edits.find((edit) => edit.op === 'add');
    expect(add).toMatchObject({ op: 'add', entry: { section: 'Commands', text: 'Lint with `pnpm lint`.' } });
    expect(rendering.items).toHaveLength(3);
    // The file as left becomes the base: the same edit is not read twice.
    expect(readBack(rendering, edited, 'Conventions').edits).toEqual([]);
  });

  it('reads a line moved under another heading as a section change', () => {
    const edited = last.text
      .replace('- Prefer zod for validation.\n', '')
      .replace('## Commands\n\n', '## Commands\n\n- Prefer zod for validation.\n');
    expect(readBack(last, edited, 'Conventions').edits).toEqual([{ op: 'move', id: 'm2', section: 'Commands' }]);
  });

  it("never reads mem's own rendering as a person's edit when the file is newer than its base (a kill between the two writes)", () => {
    const newer = `${body()}- Lint with \`pnpm lint\`. <!-- mem:id=m4 by=alice at=2026-11-28T09:01:00Z -->\n`;
    const own = renderMemory(newer, { target: 'rules-file', sections: SECTIONS, reader });
    const { edits, rendering } = readBack(last, own.text, 'Conventions', own);
    expect(edits).toEqual([]);
    expect(rendering.items.map((item) => item.id)).toEqual(['m1', 'm2', 'm3', 'm4']);
    // A person's own line beside it is still read back.
    const typed = own.text.replace(
      '- Lint with `pnpm lint`.\n',
      '- Lint with `pnpm lint`.\n- Format with `pnpm fmt`.\n',
    );
    expect(readBack(last, typed, 'Conventions', own).edits).toEqual([
      {
        op: 'add',
        entry: {
          id: expect.stringMatching(/^h-/) as string,
          section: 'Commands',
          text: 'Format with `pnpm fmt`.',
          provenance: {},
        },
      },
    ]);
  });

  it('applies to the working copy without touching other entries', () => {
    const edited = last.text.replace('Prefer zod for validation.', 'Prefer zod 4.');
    const next = editBody(body(), readBack(last, edited, 'Conventions').edits, { sections: SECTIONS, eol: '\n' }).body;
    expect(next).toContain('Prefer zod 4. <!-- mem:id=m2 by=alice');
    expect(next).toContain('Always use pnpm, never npm. <!-- mem:id=m1');
  });
});
