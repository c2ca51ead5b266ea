import { describe, expect, test } from 'vitest';
import { findContradictions } from '../../../src/lint/find-contradictions.js';
import type { LintSource } from '../../../src/lint/lint-document.js';

const source = (path: string, section: string, text: string): LintSource => ({
  path,
  team: false,
  scope: '',
  documents: [{ text, section, line: 3 }],
});
const contradicts = (a: [string, string], b: [string, string]) =>
  findContradictions([source('AGENTS.md', ...a), source('CLAUDE.md', ...b)]).length > 0;

describe('findContradictions', () => {
  test('always X against never X, also when each goes on to what to do instead', () => {
    expect(
      contradicts(
        ['Errors', 'Always swallow errors in SSE streams.'],
        ['Errors', 'Never swallow errors in SSE streams.'],
      ),
    ).toBe(true);
    expect(
      contradicts(
        ['Errors', 'Always swallow errors in SSE streams — use abort signals for cleanup.'],
        ['Errors', 'Never swallow errors in SSE streams — use abort signals for cleanup.'],
      ),
    ).toBe(true);
  });

  test('"no X — use Y" and "use Y rather than X" say one thing', () => {
    expect(
      contradicts(
        ['API', 'Use the Cloudflare TypeScript SDK rather than adding direct Cloudflare REST API calls.'],
        ['API', 'No direct Cloudflare REST API calls — use the Cloudflare TypeScript SDK.'],
      ),
    ).toBe(false);
  });

  test('an item under "Do NOT" forbids what it says; under a topic heading it does not', () => {
    const rule = 'Use npm or yarn in TypeScript packages.';
    const other = 'pnpm only. Never npm, never yarn.';
    expect(contradicts(['Do NOT', rule], ['Packages', other])).toBe(false);
    expect(contradicts(['Avoid props drilling with composition', rule], ['Packages', other])).toBe(true);
  });
});
