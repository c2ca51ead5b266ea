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
  return {
    async onEvents(events, record, options) {
      const { recordDurable } = await import('../durable/record-durable.js');
      const outcome = await recordDurable(context, events, record, options);
      written += outcome.written;
      lastSession = record.state.sessionId;
      candidates += outcome.candidates;
    },
    async afterTurn() {
      if (written === 0) return;
      const { shareTurnWithTeam } = await import('./share-turn-with-team.js');
      await shareTurnWithTeam(context, lastSession);
    },
    summary: () => (candidates > 0 ? `, ${candidates} candidate(s), ${written} written` : ''),
  };
}
