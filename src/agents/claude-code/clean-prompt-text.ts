/**
 * Deciding whether a user line is something the human typed, and cleaning it.
 * Claude Code records many things as "user" lines: slash-command wrappers, bash-mode output,
 * system reminders, hook output (including what mem itself injected). None of that is the
 * user speaking, and learning from it would make mem re-learn its own memory.
 */
import { stripHarnessText } from './harness-text.js';

/** Harness lines that are prose, not markup: what remains after the wrappers are stripped. */
const HARNESS_PREFIXES = ['This session is being continued from a previous conversation'];
const MEMORY_INPUT = /^\s*<user-memory-input>([\s\S]*?)<\/user-memory-input>\s*$/;

export type PromptClassification =
  { kind: 'typed'; text: string } | { kind: 'memory-input'; text: string } | { kind: 'harness' };

/** Returns how a user line's text should be treated; never throws. */
export function classifyUserText(raw: string): PromptClassification {
  const memory = MEMORY_INPUT.exec(raw);
  if (memory) {
    const text = tidy(stripHarnessText(memory[1] ?? ''));
    return text ? { kind: 'memory-input', text } : { kind: 'harness' };
  }
  // Wrappers, reminders, IDE context and private spans come off: what remains is what the human typed.
  const text = tidy(stripHarnessText(raw));
  if (!text || HARNESS_PREFIXES.some((prefix) => text.startsWith(prefix))) return { kind: 'harness' };
  return { kind: 'typed', text };
}

/** Stripping leaves blank runs where blocks were; collapse them, keep the user's line breaks. */
function tidy(text: string): string {
  return text
    .replace(/[ \t]{2,}/g, ' ')
    .replace(/[ \t]+\n/g, '\n')
    .trim();
}
