import type { TranscriptEvent } from '../agents/transcript-event.js';

/**
 * Returns the events with every text that session memory keeps passed through `redact`.
 * Session state quotes prompts, agent replies, commands and failure output: a key pasted in a
 * prompt must not land in .memory/. (The durable step gets the raw events: it must see a secret
 * to refuse it.)
 */
export function redactEvents(events: readonly TranscriptEvent[], redact: (text: string) => string): TranscriptEvent[] {
  return events.map((event) => {
    switch (event.kind) {
      case 'user-prompt':
      case 'memory-input':
      case 'assistant-text':
      case 'tool-result':
        return { ...event, text: redact(event.text) };
      case 'tool-use': {
        const command = event.input['command'];
        return typeof command === 'string' ? { ...event, input: { ...event.input, command: redact(command) } } : event;
      }
      default:
        return event;
    }
  });
}
