/**
 * Paraphrases written apart from the rules (issue 26): explicit memory requests in several
 * languages and phrasings that mem must write by itself, cleanly; and look-alikes (task steps
 * scoped to now, the agent's narration, fragments, pasted text, dry runs) that must be neither
 * written, nor left in the inbox, nor nudged. Checked through the same pure functions the hooks
 * run: extraction, the write-by-itself gate, the inbox's rank and the nudge.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_SECTIONS } from '../../../../src/core/memory-file/entry.js';
import { extractCandidates, type ExtractContext } from '../../../../src/durable/extract/extract-candidates.js';
import { writesByItself } from '../../../../src/durable/gate/writes-by-itself.js';
import { inboxRank } from '../../../../src/durable/inbox/inbox-rank.js';
import { nudgeFor } from '../../../../src/durable/notice/nudge.js';
import type { TranscriptEvent } from '../../../../src/agents/transcript-event.js';

const context: ExtractContext = { sessionId: 's1', sections: DEFAULT_SECTIONS, commandMinSuccesses: 1 };
const prompt = (text: string): TranscriptEvent[] => [
  { kind: 'user-prompt', text },
  { kind: 'assistant-text', text: 'Done.' },
];

describe('explicit memory requests are written by themselves, as one clean sentence', () => {
  it.each([
    [
      'From now on we always run `go test ./...` with -race; remember that.',
      'We always run `go test ./...` with -race.',
    ],
    [
      'remember: the staging database is wiped every night, so never keep test data there',
      'The staging database is wiped every night, so never keep test data there.',
    ],
    [
      'Note for the future: migrations in db/migrate are never edited once released.',
      'Migrations in db/migrate are never edited once released.',
    ],
    ['ok, going forward please use pnpm instead of npm in this repo', 'Use pnpm instead of npm in this repo.'],
    [
      'Thanks! Please remember that API handlers return problem+json errors.',
      'API handlers return problem+json errors.',
    ],
    ['Fix the import, and from now on never use default exports in src/.', 'Never use default exports in src/.'],
    ['Always squash feature branches before merging, remember this.', 'Always squash feature branches before merging.'],
    ['# never edit files under src/gen by hand', 'Never edit files under src/gen by hand.'],
    ['Merk dir: Commit-Nachrichten schreiben wir auf Englisch.', 'Commit-Nachrichten schreiben wir auf Englisch.'],
    [
      'Recuerda que los tests de integración necesitan Docker corriendo.',
      'Los tests de integración necesitan Docker corriendo.',
    ],
    ['À partir de maintenant, les messages de commit sont en anglais.', 'Les messages de commit sont en anglais.'],
    ['记住：所有金额都以分为单位存储。', '所有金额都以分为单位存储。'],
    ['Ingat, semua harga ditampilkan dalam format Rupiah.', 'Semua harga ditampilkan dalam format Rupiah.'],
  ])('%j', (typed, rule) => {
    const written = extractCandidates(prompt(typed), context).filter(writesByItself);
    expect(written.map((candidate) => candidate.text)).toEqual([rule]);
    expect(written[0]?.text).not.toMatch(/remember|note for|from now on|please/i);
  });
});

describe('look-alikes are not written, not inboxed and not nudged', () => {
  it.each([
    ['a task step scoped to now', "okay let's do controllers now!"],
    ['a task step done first', "Let's do the Dockerfile first."],
    ['a one-off fix', 'Fix the flaky test in cmd/bd.'],
    ['a fragment', 'Now we need the Makefile and the.'],
    ['a reminder for this task', "Remember to push the branch when you're done."],
    ['a next step', 'next, wire the form to the API and run the linter'],
    [
      'a pasted checklist of a plan',
      '- [ ] Add the Donation model\n- [ ] Write the migration\n- [ ] Wire the form\n- [ ] Deploy to Render',
    ],
    [
      'a pasted log',
      'error[E0425]: cannot find value `total` in this scope\n --> src/main.rs:3:5\n  |\n3 |     total += 1;\n  |     ^^^^^ not found in this scope',
    ],
    ['a diff header', 'diff --git a/src/app.ts b/src/app.ts\n--- a/src/app.ts\n+++ b/src/app.ts\n@@ -1,3 +1,4 @@'],
    [
      "an agent's report pasted back",
      '## Summary\n- Added the Donation model\n- Always validate the amount on the server\n- Tests pass\n## Next steps\n- Deploy',
    ],
  ])('%s', (_kind, typed) => {
    const candidates = extractCandidates(prompt(typed), context);
    expect(candidates.filter(writesByItself)).toEqual([]);
    expect(candidates.filter((candidate) => inboxRank(candidate) !== undefined)).toEqual([]);
    expect(nudgeFor(typed)).toBe('');
  });

  it("the agent's narration and a dry run are no candidates for the inbox", () => {
    const events: TranscriptEvent[] = [
      { kind: 'user-prompt', text: 'why does the build fail?' },
      {
        kind: 'assistant-text',
        text: "Let me check what skill.sh is - it's probably a setup script. Now we need the Makefile and the.",
      },
      { kind: 'tool-use', toolUseId: 't1', name: 'Bash', input: { command: 'make -n test | head -3' } },
      { kind: 'tool-result', toolUseId: 't1', isError: false, text: 'go test ./...' },
      { kind: 'tool-use', toolUseId: 't2', name: 'Bash', input: { command: 'npm run build --dry-run' } },
      { kind: 'tool-result', toolUseId: 't2', isError: false, text: 'ok' },
    ];
    const candidates = extractCandidates(events, context);
    expect(candidates.filter((candidate) => inboxRank(candidate) !== undefined || writesByItself(candidate))).toEqual(
      [],
    );
    expect(candidates.map((candidate) => candidate.text).join(' ')).not.toMatch(/make -n|dry-run|skill\.sh|Makefile/);
  });
});
