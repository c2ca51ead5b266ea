/** Events already folded in are not counted twice, whichever form the record keeps them in. */
import { describe, expect, it } from 'vitest';
import { applyEvents, createSessionState } from '../../../src/session/session-state.js';
import type { TranscriptEvent } from '../../../src/agents/transcript-event.js';

const prompt = (uuid: string, text: string): TranscriptEvent => ({ kind: 'user-prompt', uuid, text });
const NOW = '2026-12-01T10:00:00Z';

describe('the folded-events list of a session record', () => {
  it('skips an event seen before, and keeps fingerprints, not whole keys', () => {
    const once = applyEvents(
      createSessionState('s1', NOW, 'main'),
      [prompt('uuid-0001-aaaa-bbbb-cccc-dddd', 'First request')],
      NOW,
    );
    const twice = applyEvents(
      once,
      [prompt('uuid-0001-aaaa-bbbb-cccc-dddd', 'First request'), prompt('uuid-0002', 'Second request')],
      NOW,
    );
    expect(twice.promptCount).toBe(2);
    expect(twice.seen.every((key) => /^[0-9a-f]{12}$/.test(key))).toBe(true);
  });

  it('still skips an event a record written before fingerprints named by its whole key', () => {
    const old = { ...createSessionState('s1', NOW, 'main'), promptCount: 1, seen: ['uuid-0001:user-prompt:'] };
    const next = applyEvents(old, [prompt('uuid-0001', 'First request'), prompt('uuid-0002', 'Second request')], NOW);
    expect(next.promptCount).toBe(2);
    expect(next.latestRequest).toBe('Second request');
  });
});
