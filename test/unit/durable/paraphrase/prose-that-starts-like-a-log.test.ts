/**
 * Prose that starts with a word logs and build tools also start lines with ("Error messages …",
 * "Debug logs …", "Running the tests …") is what the user typed, not output: it is nudged, and
 * an explicit request put that way is written. Real log and build lines (a level in capitals or
 * with a log's separator, a tool's progress word before a name) stay output. Written apart from
 * the rules, as people type them.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_SECTIONS } from '../../../../src/core/memory-file/entry.js';
import { extractCandidates, type ExtractContext } from '../../../../src/durable/extract/extract-candidates.js';
import { isPastedText } from '../../../../src/durable/extract/is-pasted-text.js';
import { writesByItself } from '../../../../src/durable/gate/writes-by-itself.js';
import { nudgeFor } from '../../../../src/durable/notice/nudge.js';

const context: ExtractContext = { sessionId: 's1', sections: DEFAULT_SECTIONS, commandMinSuccesses: 1 };

describe('prose that starts like a log line is prose', () => {
  it.each([
    'Error messages must be in plain English.',
    'Debug logs should stay off in production',
    'Info banners are only shown to admins, never to guests',
    'Running the tests must always happen in docker',
    'Building the images should use buildx, not docker build',
  ])('nudged: %s', (typed) => {
    expect(nudgeFor(typed)).not.toBe('');
    expect(isPastedText(typed)).toBe(false);
  });

  it('an explicit request that starts with "Error" is written by itself', () => {
    const written = extractCandidates(
      [
        { kind: 'user-prompt', text: 'Error responses always use problem+json, remember that.' },
        { kind: 'assistant-text', text: 'Done.' },
      ],
      context,
    ).filter(writesByItself);
    expect(written.map((candidate) => candidate.text)).toEqual(['Error responses always use problem+json.']);
  });
});

describe('log and build lines stay output', () => {
  it.each([
    'ERROR Failed to compile ./src/app.tsx',
    'error: could not compile `app` due to 2 previous errors',
    'error[E0308]: mismatched types',
    'info  - ready started server on 0.0.0.0:3000',
    'warn - the lockfile is out of date, always run install',
    'Compiling serde v1.0.188',
    'Running `target/debug/app --always`',
  ])('%s', (line) => {
    expect(isPastedText(line)).toBe(true);
    expect(nudgeFor(line)).toBe('');
  });
});
