/** A closing "thanks" does not replace the task in the handoff. */
import { describe, expect, it } from 'vitest';
import {
  applyEvents,
  createSessionState,
  isAcknowledgement,
  noteLastAssistantMessage,
} from '../../../src/session/session-state.js';

const NOW = '2026-11-29T12:00:00.000Z';

describe('acknowledgements', () => {
  it('recognises short thanks and approvals, not requests', () => {
    for (const text of [
      'thanks',
      'thanks, looks good',
      'Thank you!',
      'ok',
      'lgtm 👍',
      'perfect, thanks',
      'ありがとう',
      'danke',
    ])
      expect(isAcknowledgement(text)).toBe(true);
    for (const text of [
      'ok, now add the tests',
      'thanks, but use pnpm instead',
      'yes please deploy it to staging',
      'Fix the login bug',
    ])
      expect(isAcknowledgement(text)).toBe(false);
  });

  it('recognises closing small talk, not requests that mention stopping or continuing', () => {
    for (const text of [
      "ok thanks, let's stop here for today",
      "thanks, that's all for now",
      "let's call it a day",
      'bye!',
      'great, see you tomorrow',
      "ok let's continue tomorrow",
      'perfect, done for today 👍',
      "merci, on s'arrête là",
      "danke, das war's für heute",
      "That's it for today, thanks",
    ]) {
      expect(isAcknowledgement(text), text).toBe(true);
    }
    for (const text of [
      "let's stop using npm",
      'stop the server',
      "let's continue with the parser",
      "let's continue",
      'thanks, now fix the lint errors',
      "that's all wrong, redo it",
      "let's wrap the call in a try",
      'pause the job',
    ]) {
      expect(isAcknowledgement(text), text).toBe(false);
    }
  });

  it('keeps the latest real request and the agent report that came before the pleasantries', () => {
    let state = createSessionState('s1', NOW, 'main');
    state = applyEvents(
      state,
      [
        { kind: 'user-prompt', text: 'Add rate limiting to the API', uuid: 'u1' },
        { kind: 'assistant-text', text: 'Rate limiting added; tests pass.', uuid: 'a1' },
        { kind: 'user-prompt', text: 'thanks, looks good', uuid: 'u2' },
        { kind: 'assistant-text', text: 'You are welcome.', uuid: 'a2' },
      ],
      NOW,
    );
    state = noteLastAssistantMessage(state, 'You are welcome.', NOW);
    expect(state.latestRequest).toBe('Add rate limiting to the API');
    expect(state.lastAssistantMessage).toBe('Rate limiting added; tests pass.');
    expect(state.promptCount).toBe(2);
    state = applyEvents(
      state,
      [
        { kind: 'user-prompt', text: 'now document it', uuid: 'u3' },
        { kind: 'assistant-text', text: 'Documented in docs/api.md.', uuid: 'a3' },
      ],
      NOW,
    );
    expect(state.latestRequest).toBe('now document it');
    expect(state.lastAssistantMessage).toBe('Documented in docs/api.md.');
  });
});
