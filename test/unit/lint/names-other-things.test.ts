import { describe, expect, it } from 'vitest';
import { comparableWords } from '../../../src/core/text/text-similarity.js';
import { namesOtherThings } from '../../../src/lint/names-other-things.js';

const other = (a: string, b: string) => namesOtherThings(a, comparableWords(a), b, comparableWords(b));

describe('namesOtherThings', () => {
  it('tells two things said in the same words apart: a name inside a sentence, an item’s bold label', () => {
    expect(
      other(
        '- **Automatic registration**: Do not manually register Camera/Microphone',
        '- **Observers**: Automatic registration, do not register manually',
      ),
    ).toBe(true);
    expect(
      other('Deploy previews go to Vercel from every branch', 'Deploy previews go to Netlify from every branch'),
    ).toBe(true);
  });

  it('leaves a rule reworded: common words changed, a capital only where a sentence starts', () => {
    expect(
      other(
        'Use **CodeGroup** for the same concept in several languages',
        'prefer **CodeGroup** for the same concept in several languages',
      ),
    ).toBe(false);
    expect(other('Prefer small commits. Rebase before merging', 'Use small commits. Rebase before merging')).toBe(
      false,
    );
    expect(
      other('**Object methods**: use shorthand method syntax', '**Object methods**: prefer shorthand method syntax'),
    ).toBe(false);
    expect(other('Never use commands to send messages', 'Please do not ever prefer commands to send messages')).toBe(
      false,
    );
  });
});
