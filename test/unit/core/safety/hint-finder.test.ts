/**
 * hintsOf answers exactly as `includes` does, for any text and hints (ASCII, Unicode beyond one
 * byte, hints of one character, the empty hint), one hint at a time or a rule's hints at once, and
 * what it says of a text stays true after another text was marked.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileHints, hintsOf } from '../../../../src/core/safety/hint-finder.js';

// Note: few letters, so hints are often in the text; characters whose low bytes collide with them.
const alphabet = fc.constantFrom('a', 'b', 'n', 'o', ' ', '-', ']', '\u0161', '\u0100', '\u6f61', '\u{1f600}');
const text = fc.array(alphabet, { maxLength: 80 }).map((chars) => chars.join(''));
const hint = fc.array(alphabet, { maxLength: 4 }).map((chars) => chars.join(''));
const rules = fc.array(fc.array(hint, { maxLength: 6 }), { maxLength: 12 });

describe('the hint finder', () => {
  it("says a text holds a hint, or one of a rule's hints, exactly when includes does", () => {
    fc.assert(
      fc.property(text, rules, (lower, hintSets) => {
        const held = hintsOf(lower);
        for (const hints of hintSets) {
          for (const one of hints) expect(held.holds(one)).toBe(lower.includes(one));
          expect(held.holdsAny(compileHints(hints))).toBe(hints.some((one) => lower.includes(one)));
        }
      }),
      { numRuns: 500 },
    );
  });

  it('still answers for its own text after another text was marked', () => {
    fc.assert(
      fc.property(text, text, rules, (first, second, hintSets) => {
        const heldFirst = hintsOf(first);
        const heldSecond = hintsOf(second);
        for (const hints of hintSets) {
          const compiled = compileHints(hints);
          expect(heldFirst.holdsAny(compiled)).toBe(hints.some((one) => first.includes(one)));
          expect(heldSecond.holdsAny(compiled)).toBe(hints.some((one) => second.includes(one)));
          for (const one of hints) expect(heldFirst.holds(one)).toBe(first.includes(one));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('finds the words the gates ask about in a long text, and not the ones it lacks', () => {
    const held = hintsOf(
      'run the api checks with make check-12 before pushing; never ignore the failing test. '.repeat(20),
    );
    expect(['ignore', 'api', 'make', 'pushing;'].map((one) => held.holds(one))).toEqual([true, true, true, true]);
    expect(['disregard', 'jailbreak', 'ghp_', 'aiza', 'pushing,'].map((one) => held.holds(one))).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(held.holdsAny(compileHints(['disregard', 'ghp_', ']']))).toBe(false);
    expect(held.holdsAny(compileHints(['disregard', 'never']))).toBe(true);
  });
});
