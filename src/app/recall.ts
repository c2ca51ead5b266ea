// Temporary stand-in (foundation) until search's recall lands; the search work replaces this file.
import type { Config } from '../config/schema.js';

export async function recallForPrompt(_input: { root: string; prompt: string; sessionId: string; config: Config; deadlineMs: number }): Promise<string | null> {
  return null;
}
