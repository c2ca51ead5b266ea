import type { HookPayload } from '../agents/claude-code/hook-payload.js';
import type { HookContext } from '../core/hook-context.js';
import { nudgeFor } from '../durable/notice/nudge.js';

/**
 * UserPromptSubmit (Gemini CLI: BeforeAgent): a nudge when the prompt looks like it states
 * something lasting (the agent records it), and the few most relevant memories not already in
 * context; or ''.
 */
export async function handleUserPromptSubmit(context: HookContext, payload: HookPayload): Promise<string> {
  if (!payload.prompt || !payload.prompt.trim()) return '';
  let nudge = nudgeFor(payload.prompt);
  // The nudge quotes the prompt back to the agent and asks it to record it: a credential in it must
  // not be echoed (nor recorded). Loaded only when a nudge fires, as most prompts need none.
  if (nudge !== '') nudge = (await import('../core/safety/scan-secrets.js')).redactSecrets(nudge);
  const { recallForPrompt } = await import('../search/recall.js');
  const recall = await recallForPrompt({
    root: context.root,
    prompt: payload.prompt,
    sessionId: payload.sessionId,
    config: context.config,
    deadlineMs: context.deadline,
    env: context.env,
  });
  return [nudge, recall].filter((part) => part).join('\n\n');
}
