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
  const nudge = nudgeFor(payload.prompt);
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
