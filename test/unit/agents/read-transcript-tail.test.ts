/** The incremental transcript reader against generated files: chunk boundaries, caps, cursors. */
import { appendFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { readTranscriptTail, type TranscriptCursor } from '../../../src/agents/read-transcript-tail.js';
import { cleanupTempDirs, makeTempDir } from '../../helpers/temp-repo.js';

afterEach(cleanupTempDirs);

const OPTIONS = { maxLineBytes: 1_000_000, deadline: Number.MAX_SAFE_INTEGER };
const prompt = (text: string, uuid: string) =>
  JSON.stringify({ type: 'user', message: { role: 'user', content: text }, uuid });
/**
 * Characters for generated lines: multi-byte and JSON-escaped ones, but no whitespace, because
 * prompt cleaning collapses whitespace runs and this property is about chunking, not cleaning.
 */
const LINE_CHARACTER = fc.constantFrom(...'abyz09!"\\{}:/é漢😀');
const texts = (events: { kind: string; text?: string }[]) =>
  events.filter((event) => event.kind === 'user-prompt').map((event) => event.text);

describe('readTranscriptTail', () => {
  it('reads lines that straddle the 1 MiB chunk boundary intact', () => {
    const file = join(makeTempDir(), 't.jsonl');
    const padding = 'p'.repeat(1024 * 1024 - 200); // pushes the second line across the boundary
    writeFileSync(
      file,
      `${prompt(padding, 'u1')}\n${prompt('across the boundary', 'u2')}\n${prompt('after it', 'u3')}\n`,
    );
    const read = readTranscriptTail(file, undefined, { ...OPTIONS, maxLineBytes: 2_000_000 });
    expect(texts(read.events)).toEqual([padding, 'across the boundary', 'after it']);
    expect(read.badLines).toBe(0);
  });

  it('skips an over-long line spanning several chunks and keeps the lines around it', () => {
    const file = join(makeTempDir(), 't.jsonl');
    writeFileSync(
      file,
      `${prompt('before', 'u1')}\n${prompt('x'.repeat(3 * 1024 * 1024), 'u2')}\n${prompt('after', 'u3')}\n`,
    );
    const read = readTranscriptTail(file, undefined, OPTIONS);
    expect(texts(read.events)).toEqual(['before', 'after']);
    expect(read.skippedLongLines).toBe(1);
  });

  it('property: reading in any number of appended pieces yields every complete line exactly once', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ minLength: 1, maxLength: 40, unit: LINE_CHARACTER }), { minLength: 1, maxLength: 12 }),
        fc.array(fc.nat(), { maxLength: 6 }),
        (words, cuts) => {
          const file = join(makeTempDir(), 't.jsonl');
          // Cut in bytes, as a writer's partial flush would, possibly inside a multi-byte character.
          const whole = Buffer.from(words.map((word, index) => `${prompt(`w:${word}`, `u${index}`)}\n`).join(''));
          const points = [...new Set(cuts.map((cut) => cut % (whole.length + 1)))].sort((a, b) => a - b);
          writeFileSync(file, '');
          let cursor: TranscriptCursor | undefined;
          const seen: (string | undefined)[] = [];
          let previous = 0;
          for (const point of [...points, whole.length]) {
            appendFileSync(file, whole.subarray(previous, point));
            previous = point;
            const read = readTranscriptTail(file, cursor, OPTIONS);
            cursor = read.cursor;
            seen.push(...texts(read.events));
          }
          expect(seen).toEqual(words.map((word) => `w:${word}`));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('stops at the deadline on a line boundary and resumes where it stopped', () => {
    const file = join(makeTempDir(), 't.jsonl');
    writeFileSync(file, Array.from({ length: 50 }, (_, index) => `${prompt(`line ${index}`, `u${index}`)}\n`).join(''));
    let clock = 0;
    const first = readTranscriptTail(file, undefined, { ...OPTIONS, deadline: 10, now: () => clock++ });
    expect(first.stoppedAtDeadline).toBe(true);
    const rest = readTranscriptTail(file, first.cursor, OPTIONS);
    expect([...texts(first.events), ...texts(rest.events)]).toEqual(
      Array.from({ length: 50 }, (_, index) => `line ${index}`),
    );
  });

  it('drops progress lines without decoding them', () => {
    const file = join(makeTempDir(), 't.jsonl');
    const progress = JSON.stringify({
      type: 'progress',
      data: { type: 'bash_progress', output: 'y'.repeat(5000) },
      uuid: 'p',
    });
    writeFileSync(file, `${progress}\n${prompt('kept', 'u1')}\n`);
    const read = readTranscriptTail(file, undefined, OPTIONS);
    expect(texts(read.events)).toEqual(['kept']);
    expect(read.linesRead).toBe(1);
  });
});
