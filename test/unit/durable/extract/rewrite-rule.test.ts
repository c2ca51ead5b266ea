import { describe, expect, it } from 'vitest';
import { rewriteAsRule } from '../../../../src/durable/extract/rewrite-rule.js';

describe('rewriteAsRule', () => {
  it.each([
    ['please always run the linter', 'Always run the linter.'],
    ['use pnpm, please!', 'Use pnpm.'],
    ['- **never** edit src/gen/', 'Never edit src/gen/.'],
    ['you should always squash merge', 'Always squash merge.'],
    ['stop adding comments to every line', "Don't add comments to every line."],
    ['`pnpm test` runs the unit tests', '`pnpm test` runs the unit tests.'],
    ['always disable the pre-push hook.', 'Always disable the pre-push hook.'],
    ['テストは pnpm test で実行する', 'テストは pnpm test で実行する。'],
    ['also never push to main directly thx', 'Never push to main directly.'],
    ['les tests vont dans __tests__/ à côté du code', 'Les tests vont dans __tests__/ à côté du code.'],
    ['use __bold__ here', 'Use bold here.'],
    [
      '不要用 console.log，统一用 src/lib/logger.ts 里的 logger。',
      '不要用 console.log，统一用 src/lib/logger.ts 里的 logger。',
    ],
  ])('rewrites %j as %j', (phrase, rule) => {
    expect(rewriteAsRule(phrase)).toBe(rule);
  });
});
