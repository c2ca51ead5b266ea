import { describe, expect, it } from 'vitest';
import { withoutRequestWords } from '../../../../src/core/text/request-words.js';

describe('withoutRequestWords', () => {
  it.each([
    ['From now on, always run `pnpm lint` before pushing.', 'always run `pnpm lint` before pushing.'],
    ['Ok, also remember: the API runs on port 8080.', 'the API runs on port 8080.'],
    ['Note for the future: staging resets on Sundays.', 'staging resets on Sundays.'],
    ['Use pnpm, never npm; remember that.', 'Use pnpm, never npm'],
    ['Ab jetzt bitte: Tests vor dem Push ausführen.', 'Tests vor dem Push ausführen.'],
    ['以后提交前先运行 pnpm test。', '提交前先运行 pnpm test。'],
  ])('takes the request words off %s', (text, rule) => {
    expect(withoutRequestWords(text)).toBe(rule);
  });

  it.each([
    'Also, please ensure to remind me to check the bank statements.',
    'Run the migrations before the seed script.',
    'From now on',
  ])('leaves a text that asks for nothing to be kept as it is: %s', (text) => {
    expect(withoutRequestWords(text)).toBe(text);
  });
});
