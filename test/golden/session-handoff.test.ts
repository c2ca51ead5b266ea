/**
 * Golden tests: transcript (and, in git.json, what git said) in, handoff out. One folder per case under fixtures/sessions/;
 * `UPDATE_GOLDEN=1` writes missing or changed expectations for review in the diff.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readTranscriptTail } from '../../src/agents/read-transcript-tail.js';
import { applyEvents, createSessionState, noteLastAssistantMessage } from '../../src/session/session-state.js';
import { renderHandoff } from '../../src/session/render-handoff.js';
import { redactSecrets } from '../../src/core/safety/scan-secrets.js';
import type { WorkTreeGit } from '../../src/core/git/read-work-tree-git.js';
import { PROJECT_ROOT } from '../helpers/temp-repo.js';

const CASES = join(PROJECT_ROOT, 'fixtures', 'sessions');
const NOW = '2026-11-29T12:00:00.000Z';

describe('session handoff golden files', () => {
  for (const name of readdirSync(CASES).sort()) {
    it(name, () => {
      const dir = join(CASES, name);
      const tail = readTranscriptTail(join(dir, 'transcript.jsonl'), undefined, {
        maxLineBytes: 1_000_000,
        deadline: Number.MAX_SAFE_INTEGER,
      });
      let state = applyEvents(createSessionState(`${name}-session`, NOW, null), tail.events, NOW);
      const payloadFile = join(dir, 'payload.json');
      if (existsSync(payloadFile)) {
        const payload = JSON.parse(readFileSync(payloadFile, 'utf8')) as { last_assistant_message?: string };
        if (payload.last_assistant_message)
          state = noteLastAssistantMessage(state, payload.last_assistant_message, NOW);
      }
      // A case with git.json saw that git state at the end of the turn (core/git/read-work-tree-git.ts's shape).
      const gitFile = join(dir, 'git.json');
      const git = existsSync(gitFile) ? (JSON.parse(readFileSync(gitFile, 'utf8')) as WorkTreeGit) : null;
      const actual = renderHandoff(state, {
        root: '/repo',
        contextFiles: 10,
        redact: (text) => redactSecrets(text),
        git,
      });
      const expectedFile = join(dir, 'expected.md');
      if (
        process.env['UPDATE_GOLDEN'] === '1' &&
        (!existsSync(expectedFile) || readFileSync(expectedFile, 'utf8') !== actual)
      ) {
        writeFileSync(expectedFile, actual);
      }
      expect(actual).toBe(readFileSync(expectedFile, 'utf8'));
    });
  }
});
