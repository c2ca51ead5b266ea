/**
 * The working copy's diff against the last sync's snapshot, found from their bytes
 * (snapshot-line-diff.ts), is the line diff of the two bodies (diffWorkingLines) whenever it
 * answers, finds the region where locating it would, and answers for what mem's writers do to a
 * plain working copy: entries added, reworded or removed within a section.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { locateRegionSpan } from '../../../src/core/memory-file/locate-region.js';
import { regionBody } from '../../../src/core/memory-file/region-body.js';
import { BEGIN_MARKER, END_MARKER } from '../../../src/core/memory-file/region-format.js';
import { diffFromSnapshot, type SnapshotDiff } from '../../../src/team/snapshot-line-diff.js';
import { knownTextOf, type SavedSnapshot } from '../../../src/team/sync-snapshot.js';
import { diffWorkingLines, readBodyShape, type LineDiff } from '../../../src/team/working-line-diff.js';

const ORDER = ['Conventions', 'Commands', 'Gotchas'];
const entry = (id: string, text: string) => `- ${text} <!-- mem:id=${id} by=alice -->`;
const fileOf = (head: string, body: string, tail: string) => `${head}${BEGIN_MARKER}\n${body}${END_MARKER}\n${tail}`;

type Body = Array<[string, string[]]>;
const render = (parts: Body) => parts.map(([title, lines]) => `## ${title}\n\n${lines.join('\n')}\n`).join('\n');

function snapshotOf(text: string): SavedSnapshot {
  const body = regionBody(text) ?? '';
  const known = knownTextOf(text, body);
  return { base: 'b', pending: [], tombstones: 't', workingHash: 'h', bytes: Buffer.from(text), ...known, body: () => body };
}

/** What of a line diff a merge reads, as plain data. */
function view(diff: LineDiff | null) {
  if (diff === null) return null;
  return {
    beforeLines: diff.beforeLines,
    lines: diff.now.lines,
    sections: diff.now.sections,
    sectionAt: [...diff.now.sectionAt],
    writtenAt: diff.now.lines.map((_, i) => diff.writtenAt(i)),
    added: diff.added.map((added) => ({ line: added.line, id: added.item.id, text: added.item.record.kind === 'entry' ? added.item.record.text : null })),
    removed: diff.removed,
    middle: diff.middle,
  };
}

function check(before: string, after: string): SnapshotDiff | null {
  const fast = diffFromSnapshot(snapshotOf(before), { text: after, bytes: Buffer.from(after) }, ORDER);
  if (fast === null) return null;
  const body = regionBody(after);
  expect(fast.body).toBe(body);
  expect(fast.span).toEqual(locateRegionSpan(after).span);
  expect(view(fast.diff)).toEqual(view(diffWorkingLines(regionBody(before) ?? '', body ?? '', ORDER)));
  expect(fast.known.shape).toEqual(readBodyShape(body ?? ''));
  expect(fast.known.layout).toEqual(knownTextOf(after, body ?? '').layout);
  return fast;
}

const word = fc.oneof(fc.constantFrom('make', 'lint', 'café', 'naïve', '—', 'тест', '日本', 'ok', '🙂'), fc.stringMatching(/^[a-z]{1,6}$/));
const text = fc.array(word, { minLength: 1, maxLength: 5 }).map((words) => words.join(' '));

type Edit =
  | { kind: 'add'; section: number; at: number; text: string }
  | { kind: 'reword'; pick: number; text: string }
  | { kind: 'remove'; pick: number }
  | { kind: 'copy'; pick: number }
  | { kind: 'fence'; pick: number }
  | { kind: 'head' | 'tail'; text: string };

const edit: fc.Arbitrary<Edit> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('add' as const), section: fc.nat(2), at: fc.nat(), text }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('reword' as const), pick: fc.nat(), text }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('copy' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('fence' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constantFrom('head' as const, 'tail' as const), text }) },
);

let ids = 0;

function applyEdit(parts: Body, head: string, tail: string, step: Edit): { parts: Body; head: string; tail: string } {
  const next: Body = parts.map(([title, lines]) => [title, [...lines]]);
  const all = next.flatMap(([, lines], section) => lines.map((_, index) => ({ section, index })));
  const pick = (n: number) => all[n % all.length] as { section: number; index: number };
  if (step.kind === 'head') return { parts: next, head: `${head}${step.text}\n`, tail };
  if (step.kind === 'tail') return { parts: next, head, tail: `${tail}${step.text}\n` };
  if (step.kind === 'add') {
    const lines = (next[step.section] as [string, string[]])[1];
    ids += 1;
    lines.splice(step.at % (lines.length + 1), 0, entry(`mnew${ids}`, step.text));
    return { parts: next, head, tail };
  }
  const at = pick('pick' in step ? step.pick : 0);
  const lines = (next[at.section] as [string, string[]])[1];
  const id = /mem:id=(\S+)/.exec(lines[at.index] as string)?.[1] ?? 'x';
  if (step.kind === 'reword') lines[at.index] = entry(id, step.text);
  else if (step.kind === 'remove') lines.splice(at.index, 1);
  else if (step.kind === 'copy') lines.splice(at.index, 0, lines[at.index] as string);
  else lines[at.index] = entry(id, `run \`\`\`make\`\`\` first`);
  return { parts: next, head, tail };
}

const start: fc.Arbitrary<Body> = fc.tuple(fc.array(text, { minLength: 1, maxLength: 6 }), fc.array(text, { minLength: 1, maxLength: 6 }), fc.array(text, { minLength: 1, maxLength: 6 })).map((sections) =>
  sections.map((texts, section) => [ORDER[section] as string, texts.map((t, i) => entry(`m${section}x${i}`, t))]),
);

describe("the working copy's diff against the snapshot, from their bytes", () => {
  it('is the line diff of the two bodies whenever it answers, and finds the region where locating it does', () => {
    let answered = 0;
    let runs = 0;
    fc.assert(
      fc.property(start, fc.array(edit, { minLength: 0, maxLength: 3 }), fc.constantFrom('', '# Notes\n\n', 'ünïcode head\n'), fc.boolean(), (parts, edits, head, ascii) => {
        runs += 1;
        // Half the files ASCII (characters are bytes), half not.
        const plain = (file: string) => (ascii ? file.replace(/[^\x00-\x7f]/gu, 'x') : file);
        const before = plain(fileOf(head, render(parts), ''));
        let state: { parts: Body; head: string; tail: string } = { parts, head, tail: '' };
        for (const step of edits) state = applyEdit(state.parts, state.head, state.tail, step);
        // A section emptied is not sync's shape: both sides say so (null), nothing to compare.
        if (state.parts.some(([, lines]) => lines.length === 0)) return;
        if (check(before, plain(fileOf(state.head, render(state.parts), state.tail))) !== null) answered += 1;
      }),
      { numRuns: 400 },
    );
    // Most edits are within one section, where it must answer.
    expect(answered / runs).toBeGreaterThan(0.3);
  });

  it('answers for one entry added at the end of a section, the edit `mem remember` makes', () => {
    const parts: Body = [
      ['Conventions', [entry('ma', 'Use pnpm — not npm.'), entry('mb', 'Run make lint.')]],
      ['Commands', [entry('mc', 'make test')]],
    ];
    const before = fileOf('', render(parts), '');
    const after = fileOf('', render([parts[0] as [string, string[]], ['Commands', [entry('mc', 'make test'), entry('md', 'make deploy — staging first')]]]), '');
    const fast = check(before, after);
    expect(fast?.diff.added.map((added) => added.item.id)).toEqual(['md']);
    expect(fast?.known.shape.map((section) => section.entries)).toEqual([2, 2]);
  });

  it('steps aside when the head or tail changed, or a line is no longer plain', () => {
    const parts: Body = [['Conventions', [entry('ma', 'Use pnpm.'), entry('mb', 'Run make lint.')]]];
    const before = fileOf('# Project\n', render(parts), '');
    expect(check(before, fileOf('# Project!\n', render(parts), ''))).toBeNull();
    expect(check(before, fileOf('# Project\n', render(parts), 'after\n'))).toBeNull();
    expect(check(before, fileOf('# Project\n', render([['Conventions', [entry('ma', 'Use ```pnpm```.'), entry('mb', 'Run make lint.')]]]), ''))).toBeNull();
  });
});
