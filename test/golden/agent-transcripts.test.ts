/**
 * Golden tests for the other agents' transcripts: a Codex rollout or a Gemini CLI chat log in,
 * the same handoff out as a Claude Code transcript would give. One folder per case under
 * fixtures/agents/ (the name's prefix picks the agent; SOURCE.md says where the lines came from);
 * `UPDATE_GOLDEN=1` writes missing or changed expectations for review in the diff.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readTranscriptTail } from '../../src/agents/read-transcript-tail.js';
import { adapterFor } from '../../src/agents/agent-adapter.js';
import { resolveAgentId } from '../../src/agents/agent-id.js';
import { applyEvents, createSessionState } from '../../src/session/session-state.js';
import { renderHandoff } from '../../src/session/render-handoff.js';
import { redactSecrets } from '../../src/core/safety/scan-secrets.js';
import { PROJECT_ROOT } from '../helpers/temp-repo.js';

const CASES = join(PROJECT_ROOT, 'fixtures', 'agents');
const NOW = '2026-11-29T12:00:00.000Z';

describe('agent transcript golden files', () => {
  for (const name of readdirSync(CASES).sort()) {
    it(name, () => {
      const dir = join(CASES, name);
      expect(existsSync(join(dir, 'SOURCE.md'))).toBe(true);
      const agent = resolveAgentId(name.split('-')[0]);
      expect(agent).not.toBeNull();
      const tail = readTranscriptTail(join(dir, 'transcript.jsonl'), undefined, {
        maxLineBytes: 1_000_000,
        deadline: Number.MAX_SAFE_INTEGER,
        parseLine: adapterFor(agent!).parseLine,
      });
      expect(tail.badLines).toBe(0);
      const state = applyEvents(createSessionState(`${name}-session`, NOW, null), tail.events, NOW);
      const actual = renderHandoff(state, {
        root: '/home/dev/demo',
        contextFiles: 10,
        redact: (text) => redactSecrets(text),
      });
      const expectedFile = join(dir, 'expected.md');
      if (
        process.env['UPDATE_GOLDEN'] === '1' &&
        (!existsSync(expectedFile) || readFileSync(expectedFile, 'utf8') !== actual)
      )
        writeFileSync(expectedFile, actual);
      expect(actual).toBe(readFileSync(expectedFile, 'utf8'));
    });
  }
});
