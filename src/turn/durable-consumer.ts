import type { TranscriptEvent } from '../agents/transcript-event.js';
import type { SessionRecord } from '../session/session-store.js';
import type { HookContext } from '../core/hook-context.js';

export type DurableConsumer = {
  onEvents: (events: TranscriptEvent[], record: SessionRecord, options: { judge: boolean }) => Promise<void>;
  /** Runs once per hook after all sessions were processed (team commit, background sync). */
  afterTurn: () => Promise<void>;
  summary: () => string;
};

/**
 * The durable-memory step as the session updater sees it. Its modules load lazily: a turn with
 * nothing to learn never pays for the filter, the region editor or the team store.
 */
export function durableConsumer(context: HookContext): DurableConsumer {
  let written = 0;
  let candidates = 0;
  let lastSession: string | undefined;
  /** A session whose candidates waited for a busy memory lock: the after-turn step writes them. */
  let deferredSession: string | undefined;
  return {
    async onEvents(events, record, options) {
      const { recordDurable } = await import('../durable/record-durable.js');
      const outcome = await recordDurable(context, events, record, options);
      written += outcome.written;
      lastSession = record.state.sessionId;
      candidates += outcome.candidates;
      if ((outcome.deferred ?? 0) > 0) deferredSession = record.state.sessionId;
    },
    async afterTurn() {
      const share = written > 0 && context.config.team.enabled;
      if (!share && deferredSession === undefined) return;
      const { startAfterTurn } = await import('./start-after-turn.js');
      startAfterTurn(context, deferredSession ?? lastSession);
    },
    summary: () => (candidates > 0 ? `, ${candidates} candidate(s), ${written} written` : ''),
  };
}
