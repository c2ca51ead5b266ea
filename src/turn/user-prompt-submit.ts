import type { HookPayload } from '../agents/claude-code/hook-payload.js';
import type { HookContext } from '../core/hook-context.js';

/** UserPromptSubmit (Gemini CLI: BeforeAgent): the few most relevant memories not already in context, or ''. */
export async function handleUserPromptSubmit(context: HookContext, payload: HookPayload): Promise<string> {
  if (!payload.prompt || !payload.prompt.trim()) return '';
  const { recallForPrompt } = await import('../search/recall.js');
  const additionalContext = await recallForPrompt({
    root: context.root,
    prompt: payload.prompt,
    sessionId: payload.sessionId,
    config: context.config,
    deadlineMs: context.deadline,
    env: context.env,
  });
  return additionalContext || '';
}
