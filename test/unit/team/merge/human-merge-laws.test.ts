/**
 * Merge laws for the hand-written part of a file (the git merge driver), property-tested over
 * generated markdown (headings, list items, prose, blank lines) and generated edits on each side
 * (insertions, deletions, rewrites, moved blocks).
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { findTextConflicts } from '../../../../src/core/memory-file/text-conflict.js';
import { mergeMarkdownFile } from '../../../../src/team/merge/merge-markdown-file.js';

const line = fc.oneof(
  fc.constantFrom('# Project', '## Rules', '## Commands', '', '', 'Some prose here.', 'More prose.'),
  fc.constantFrom(
    '- Run `npm test`.',
    '- Keep PRs small.',
    '- Never push to main.',
    '- Use pnpm.',
    '1. First step',
    '   continued',
  ),
);
const doc = fc.array(line, { maxLength: 14 });

type Op = { kind: 'insert' | 'delete' | 'rewrite' | 'move'; at: number; to: number; size: number };
const op = fc.record({
  kind: fc.constantFrom('insert', 'delete', 'rewrite', 'move'),
  at: fc.nat(20),
  to: fc.nat(20),
  size: fc.integer({ min: 1, max: 3 }),
}) as fc.Arbitrary<Op>;

/** Applies ops as one side would; every line it writes is unique to that side, so it can be traced. */
function edit(lines: readonly string[], ops: readonly Op[], side: string): string[] {
  const out = [...lines];
  ops.forEach((o, k) => {
    const at = out.length === 0 ? 0 : o.at % (out.length + 1);
    if (o.kind === 'insert') out.splice(at, 0, ...Array.from({ length: o.size }, (_, j) => `- ${side} rule ${k}.${j}`));
    else if (o.kind === 'delete') out.splice(at, o.size);
    else if (o.kind === 'rewrite' && at < out.length) out[at] = `${out[at] ?? ''} (${side} ${k})`;
    else if (o.kind === 'move') {
      const block = out.splice(at, o.size);
      out.splice(out.length === 0 ? 0 : o.to % (out.length + 1), 0, ...block);
    }
  });
  return out;
}

const text = (lines: readonly string[]): string => (lines.length === 0 ? '' : `${lines.join('\n')}\n`);
const scenario = fc.tuple(doc, fc.array(op, { maxLength: 5 }), fc.array(op, { maxLength: 5 })).map(([base, a, b]) => ({
  base: text(base),
  ours: text(edit(base, a, 'ours')),
  theirs: text(edit(base, b, 'theirs')),
}));
const added = (base: string, side: string): string[] =>
  side.split('\n').filter((l) => /\b(ours|theirs)\b/.test(l) && !base.includes(l));
const crlf = (s: string): string => s.replace(/\n/g, '\r\n');

describe('merge laws of the merge driver on hand-written text', () => {
  test('merge(b, x, x) = x, merge(b, b, x) = x, merge(b, x, b) = x', () => {
    fc.assert(
      fc.property(scenario, ({ base, ours }) => {
        expect(mergeMarkdownFile(base, ours, ours).text).toBe(ours);
        expect(mergeMarkdownFile(base, base, ours).text).toBe(ours);
        expect(mergeMarkdownFile(base, ours, base).text).toBe(ours);
      }),
      { numRuns: 300 },
    );
  });

  test('a clean merge loses no added line and carries no markers; conflicts are counted exactly; same bytes every time', () => {
    fc.assert(
      fc.property(scenario, ({ base, ours, theirs }) => {
        const result = mergeMarkdownFile(base, ours, theirs);
        expect(result.conflicts).toBe(findTextConflicts(result.text).length);
        expect(result.clean).toBe(result.conflicts === 0);
        if (result.clean) {
          expect(result.text).not.toMatch(/^(<{7}|={7}|>{7})/m);
          for (const l of [...added(base, ours), ...added(base, theirs)]) expect(result.text).toContain(l);
        } else {
          // A conflict still shows every line either side added.
          for (const l of [...added(base, ours), ...added(base, theirs)]) expect(result.text).toContain(l);
        }
        expect(mergeMarkdownFile(base, ours, theirs).text).toBe(result.text);
      }),
      { numRuns: 500 },
    );
  });

  test('swapping the sides never changes whether a merge is clean; CRLF inputs give the same merge in CRLF', () => {
    fc.assert(
      fc.property(scenario, ({ base, ours, theirs }) => {
        const result = mergeMarkdownFile(base, ours, theirs);
        expect(mergeMarkdownFile(base, theirs, ours).clean).toBe(result.clean);
        expect(mergeMarkdownFile(crlf(base), crlf(ours), crlf(theirs)).text).toBe(crlf(result.text));
      }),
      { numRuns: 300 },
    );
  });
});
