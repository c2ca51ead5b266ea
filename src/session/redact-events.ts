import type { TranscriptEvent } from '../agents/transcript-event.js';

/**
 * Returns the events with every text that session memory keeps passed through `redact`.
 * Session state quotes prompts, agent replies, commands and failure output: a key pasted in a
 * prompt must not land in .memory/. (The durable step gets the raw events: it must see a secret
 * to refuse it.) A tool's successful output is never quoted (only a failure's first lines are), so
 * it is not scanned: it is most of a turn's text (file reads, search hits), and scanning it was 9 ms of the ~60 ms
 * a writing Stop works.
 */
export function redactEvents(events: readonly TranscriptEvent[], redact: (text: string) => string): TranscriptEvent[] {
  return events.map((event) => {
    switch (event.kind) {
      case 'user-prompt':
      case 'memory-input':
      case 'assistant-text':
        return { ...event, text: redact(event.text) };
      case 'tool-result':
        return event.isError ? { ...event, text: redact(event.text) } : event;
      case 'tool-use': {
        const command = event.input['command'];
        return typeof command === 'string' ? { ...event, input: { ...event.input, command: redact(command) } } : event;
      }
      default:
        return event;
    }
  });
}
