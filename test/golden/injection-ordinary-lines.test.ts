/**
 * The injection gate on harmless lines in thirty languages (fixtures/injection-ordinary-lines-held), written by
 * another hand on the subjects where a gate errs: secrets handled correctly, force-push and history rules,
 * hooks, deleting data safely. Kept out of the learned score's training. Before session 28 the rules refused 12
 * of the 900 (bans said with a "no" or a "not" they did not know); today one line is refused and one held by
 * the rules, a few more held by the score for a person (more as a new text than as a teammate's entry).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HOLD_NEW_TEXT_ABOVE } from '../../src/core/safety/injection/attack-likeness.js';
import { HOLD_TEAM_ENTRY_ABOVE, judgeInjection, judgeInjectionByRules } from '../../src/core/safety/scan-injection.js';

const FILE = join(process.cwd(), 'fixtures', 'injection-ordinary-lines-held', 'ordinary-30-languages.json');
const { lines } = JSON.parse(readFileSync(FILE, 'utf8')) as { lines: string[] };

describe('injection gate: ordinary lines in thirty languages', () => {
  it('refuses at most one of the 900 and the rules flag at most one', () => {
    expect(lines).toHaveLength(900);
    expect(lines.filter((line) => judgeInjection(line).verdict === 'block').length).toBeLessThanOrEqual(1);
    expect(lines.filter((line) => judgeInjectionByRules(line).verdict !== 'pass').length).toBeLessThanOrEqual(1);
  });

  it("holds at most 2 % of them as a teammate's entry, at most 7 % as a new text, the learned score included", () => {
    // A new text is held at a lower score (attack-likeness.ts): one `mem candidates --accept` each.
    const held = (holdAbove: number) => lines.filter((line) => judgeInjection(line, holdAbove).verdict !== 'pass');
    expect(held(HOLD_TEAM_ENTRY_ABOVE).length).toBeLessThanOrEqual(18);
    expect(held(HOLD_NEW_TEXT_ABOVE).length).toBeLessThanOrEqual(63);
  });
});
