/**
 * The nudge's bar is one modal sign (issue 26): "must", "should", "don't", "avoid", "only" alone
 * make a sentence worth quoting, so constraints said plainly are nudged. Steps scoped to now,
 * guesses, opinions, questions, status reports, a pointer alone and the items of a pasted checklist
 * stand as far below the bar as before. Written apart from the rules, as people type them.
 */
import { describe, expect, it } from 'vitest';
import { nudgeFor } from '../../../../src/durable/notice/nudge.js';

describe('a constraint said plainly is nudged', () => {
  it.each([
    "don't touch the migrations folder",
    'do not add new dependencies without asking',
    "please don't reformat files you didn't change",
    'stop adding comments to every line',
    'the seed script must stay idempotent',
    'the error messages should be in plain language',
    'only the admin role can delete invoices',
    'avoid inline styles in the components',
    'the public endpoints need to be rate limited',
    'los montos deben guardarse en centavos',
  ])('%s', (typed) => {
    expect(nudgeFor(typed)).not.toBe('');
  });
});

describe('look-alikes stay below the bar', () => {
  it.each([
    ['a guess', 'maybe the cache should be cleared before the build'],
    ['an opinion', "I don't think that's the cause"],
    ['a status report', "it still doesn't work"],
    ['a step of a phased plan', 'continue to step 3 and write the migrations, do not run them'],
    ['progress checked', 'make sure that step 2 is done'],
    ['a one-off fix naming a file', 'Fix the flaky test in src/app.ts.'],
    [
      'a pasted checklist',
      '- [ ] Add the model\n- [ ] Write the migration\n- [ ] Wire the form\n- [ ] Deploy to staging',
    ],
    ['a step scoped to now', "ok let's do the navbar now"],
    ['a step done first', "Let's do the README first."],
    ['a next phase', 'ready for phase 4'],
    ['a question', 'Do we really need to run the full suite every time?'],
  ])('%s', (_kind, typed) => {
    expect(nudgeFor(typed)).toBe('');
  });
});
