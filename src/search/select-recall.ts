/**
 * Which search results are worth interrupting the agent with, and how they are phrased. Factual,
 * short, each line saying where the memory lives so the agent can open it.
 */
import type { RankedResult } from './rank-results.js';

/** The corpus size (documents) at which `search.recallMinScore` is stated. */
const REFERENCE_DOCUMENTS = 1000;

/**
 * Returns the score a result needs in a corpus of `documents`. BM25 weighs a word by its rarity,
 * about ln(N / df), so the same clear match scores lower in a small corpus: a new user's repository
 * of 20 memories would never reach a threshold set for 1,000. The threshold is scaled by the weight
 * of a word found in one document here against the reference corpus, and never raised above
 * `minScore`, so large corpora keep the stated gate. Never fails.
 */
export function recallScoreThreshold(minScore: number, documents: number): number {
  const rareWordWeight = (n: number) => Math.log(1 + (Math.max(n, 2) - 0.5) / 1.5);
  return minScore * Math.min(1, rareWordWeight(documents) / rareWordWeight(REFERENCE_DOCUMENTS));
}

/** A result matching at least this many prompt words may pass on a strong score alone. */
const STRONG_MATCH_WORDS = 3;
/** How far above the threshold such a result must score. */
const STRONG_MATCH_FACTOR = 8;

/** Returns true when a result matches enough of the prompt, strongly enough, to be worth injecting; never fails. */
export function isClearlyRelevant(result: RankedResult, termCount: number, threshold: number): boolean {
  const matched = Math.round(result.coverage * termCount);
  // Two matched words at least ("ok ship it" shares one word with anything), and a fair share of a longer prompt.
  const required = Math.max(2, Math.min(4, Math.ceil(0.4 * termCount)));
  if (matched >= required) return result.score >= threshold;
  // A long prompt names many things; a memory is short. Three of its words matched, on rare words
  // (a high BM25 score), is about that memory even when most of the prompt is about other things.
  return matched >= STRONG_MATCH_WORDS && result.score >= threshold * STRONG_MATCH_FACTOR;
}

/** How much better than a memory the agent already loaded a recalled one must not be outscored by. */
const LOADED_MEMORY_MARGIN = 1.5;

/**
 * Returns true when memory the agent already has in context (the root CLAUDE.md, unconditional
 * rules) matches the prompt clearly better than `result` (by LOADED_MEMORY_MARGIN): the prompt is
 * about what the agent already knows, and `result` shares words with it only by the way. Never fails.
 */
export function outrankedByLoadedMemory(result: RankedResult, bestLoadedScore: number): boolean {
  return result.score * LOADED_MEMORY_MARGIN < bestLoadedScore;
}

/** Returns the identity under which a result is remembered as injected (its mem id, else file and text); never fails. */
export function recallKey(result: RankedResult): string {
  if (result.id !== undefined) return `id:${result.id}`;
  let hash = 2166136261;
  for (let i = 0; i < result.text.length; i++) hash = Math.imul(hash ^ result.text.charCodeAt(i), 16777619) >>> 0;
  return `${result.file}#${hash.toString(16)}`;
}

/** The heading when every line is a team entry; otherwise lines from files and sessions say "team memory" of nothing (issue 29.17). */
const TEAM_HEADER = 'Relevant team memory (from mem, not in the files loaded at session start):';
const HEADER = 'Relevant memory from mem (not in the files loaded at session start; each line says where it is from):';

/** Returns the additionalContext text for `results` within `maxChars`, and the results it includes; never fails. */
export function formatRecall(
  results: readonly RankedResult[],
  maxChars: number,
  qualify: (result: RankedResult) => string | null = () => null,
): { text: string; used: RankedResult[] } {
  const lines: string[] = [];
  // Note: the budget counts the longer heading; which one is true is known once the lines are.
  let length = HEADER.length;
  const used: RankedResult[] = [];
  for (const result of results) {
    // A line that only leads into what followed it in its file ("…, prefer:") says nothing alone.
    if (/:\s*$/.test(result.text)) continue;
    // A code block flattened to one line is commands without their layout or what they are for:
    // the agent finds it with `mem search`, and is not handed it as a memory (issue 29.17).
    if (result.code) continue;
    // A stale team entry carries its qualifier: the agent is never told a stale thing as fact.
    const qualifier = qualify(result);
    const where = qualifier === null ? whereOf(result) : `${whereOf(result)}; ${qualifier.replace(/^\(|\)$/g, '')}`;
    const room = maxChars - length - where.length - 8;
    if (room < 40) break;
    const text = result.text.length > room ? `${result.text.slice(0, room - 1).trimEnd()}…` : result.text;
    const line = `- ${text} (${where})`;
    lines.push(line);
    length += line.length + 1;
    used.push(result);
  }
  const header = used.every((result) => result.kind === 'team') ? TEAM_HEADER : HEADER;
  return { text: [header, ...lines].join('\n'), used };
}

function whereOf(result: RankedResult): string {
  const section = result.section.split(' > ').at(-1) ?? '';
  const source =
    result.kind === 'team'
      ? 'team memory'
      : result.kind === 'session'
        ? `session ${result.date?.slice(0, 10) ?? result.file}`
        : `${result.file}:${result.line}`;
  return section ? `${source}, ${section}` : source;
}
