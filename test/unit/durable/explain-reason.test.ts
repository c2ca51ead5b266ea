import { describe, expect, it } from 'vitest';
import { explainReason, explainReasonWith } from '../../../src/durable/explain-reason.js';
import { findForgotten } from '../../../src/durable/forgotten-texts.js';

describe('explainReason', () => {
  it('explains every reason code the filter emits in plain words', () => {
    for (const code of [
      'secret',
      'injection',
      'invisible-unicode',
      'tool-output',
      'question',
      'too-short',
      'too-long',
      'too-vague',
      'ephemeral',
      'contradiction',
      'duplicate',
      'near-duplicate',
      'duplicate-in-batch',
      'forced',
    ]) {
      const text = explainReason(code);
      expect(text).not.toBe(code);
      expect(text.length).toBeGreaterThan(10);
    }
    expect(explainReason('some-future-code')).toBe('some-future-code');
  });

  it('names the credential kind and the injection rule, never a value', () => {
    expect(explainReasonWith('secret', ['aws-access-key-id'])).toBe(
      'looks like an AWS access key id — mem never stores credentials',
    );
    expect(explainReasonWith('secret', ['github-token', 'github-token', 'high-entropy-token'])).toBe(
      'looks like a GitHub token and a random-looking token — mem never stores credentials',
    );
    expect(explainReasonWith('injection', ['ignore-instructions'])).toContain('ignore or set aside its instructions');
    expect(explainReasonWith('invisible-unicode', ['U+202E'])).toContain('U+202E');
    expect(explainReasonWith('too-short', ['x'])).toBe(explainReason('too-short'));
  });
});

describe('findForgotten', () => {
  const forgotten = [{ id: 'm1', text: 'Always use pnpm instead of npm in this repo.', at: '2025-01-01T00:00:00Z' }];
  it('finds the same text said again, and close rewordings', () => {
    expect(findForgotten('always use pnpm instead of npm in this repo', forgotten)?.id).toBe('m1');
    expect(findForgotten('Always use pnpm instead of npm.', forgotten)?.id).toBe('m1');
    expect(findForgotten('Run the tests with `pnpm test`.', forgotten)).toBeUndefined();
  });
});
