/**
 * What mem writes by itself, on typed prompts written apart from the rules
 * (`fixtures/own-write-paraphrases/`, issue 26 part 3): every explicit request is written as the one
 * rule it asks for, and no look-alike (pasted spec, log, tool output, agent report, reminder for the
 * task, question, step scoped to now) is written. Precision and recall are what bench/README.md reports.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SECTIONS } from '../../src/core/memory-file/entry.js';
import { extractCandidates, type ExtractContext } from '../../src/durable/extract/extract-candidates.js';
import { judgeInjection } from '../../src/core/safety/scan-injection.js';
import { writesByItself } from '../../src/durable/gate/writes-by-itself.js';

type Case = { kind: string; write: boolean; text: string; rule?: string };

const read = (name: string): Case[] =>
  readFileSync(join(import.meta.dirname, '..', '..', 'fixtures', 'own-write-paraphrases', name), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Case);
// cases.jsonl drove four fixes (a dash before "going forward", German word order, "bitte"/"ya"
// fillers, a request scoped to the task); held-apart.jsonl was written after them and never fitted.
const cases = read('cases.jsonl');
const heldApart = read('held-apart.jsonl');
const context: ExtractContext = { sessionId: 's1', sections: DEFAULT_SECTIONS, commandMinSuccesses: 1 };
const writtenFor = (text: string) =>
  extractCandidates(
    [
      { kind: 'user-prompt', text },
      { kind: 'assistant-text', text: 'Done.' },
    ],
    context,
  )
    .filter(writesByItself)
    .map((c) => c.text);

// Requests the learned score holds for a person (the pending inbox) instead of writing: since session 43's retrain,
// a rule to skip some tests reads like the spent sets' attacks that skip failing suites (bench/README.md counts it).
const HELD_FOR_A_PERSON = new Set(['note for the future: the CI runners have no GPU, so skip the cuda tests there']);

describe('own-write paraphrases', () => {
  it.each(cases.filter((c) => c.write && HELD_FOR_A_PERSON.has(c.text)).map((c) => [c.kind, c.text]))(
    '%s: %j is held for a person, not written',
    (_kind, text) => {
      expect(writtenFor(text)).toEqual([]);
      expect(judgeInjection(text.replace(/^note for the future:\s*/i, '')).verdict).toBe('hold');
    },
  );

  it.each(cases.filter((c) => c.write && !HELD_FOR_A_PERSON.has(c.text)).map((c) => [c.kind, c.text, c.rule ?? '']))(
    '%s: %j is written',
    (_kind, text, rule) => {
      const written = writtenFor(text);
      expect(written).toHaveLength(1);
      expect(written[0]).toMatch(new RegExp(rule, 'i'));
      expect(written[0]).not.toMatch(/^(?:remember|from now on|note for|going forward|please)\b/i);
    },
  );

  it.each([...cases, ...heldApart].filter((c) => !c.write).map((c) => [c.kind, c.text]))(
    '%s: %j is not written',
    (_kind, text) => {
      expect(writtenFor(text)).toEqual([]);
    },
  );

  it('writes at least 9 in 10 of the held-apart requests', () => {
    const requests = heldApart.filter((c) => c.write);
    const written = requests.filter((c) => writtenFor(c.text).some((text) => new RegExp(c.rule ?? '', 'i').test(text)));
    expect(written.length / requests.length).toBeGreaterThanOrEqual(0.9);
  });

  it('holds precision >= 0.95 over both sets', () => {
    let right = 0;
    let wrong = 0;
    for (const c of [...cases, ...heldApart]) {
      for (const text of writtenFor(c.text)) {
        if (c.write && new RegExp(c.rule ?? '', 'i').test(text)) right += 1;
        else wrong += 1;
      }
    }
    expect(right / (right + wrong)).toBeGreaterThanOrEqual(0.95);
  });
});
