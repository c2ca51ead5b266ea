/**
 * Prompt-time recall for the user-prompt-submit hook: the few memories most relevant to the
 * prompt that Claude Code has NOT already loaded (the root CLAUDE.md, CLAUDE.local.md,
 * .claude/CLAUDE.md and unconditional rules are in context already), i.e. team-branch entries
 * absent locally, session history, nested and conditional files, AGENTS.md. Nothing is added
 * unless a result is clearly relevant and not outscored by loaded memory (then the prompt is about
 * what the agent already knows), and nothing is added twice in one session.
 * Stays on the hook budget: warm index, no oclif, remark only when a memory file changed.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../core/config/schema.js';
import { writeFileAtomicSync } from '../core/files/atomic-write.js';
import { memoryPaths } from '../core/layout.js';
import { queryTerms } from './query-terms.js';
import { CHATTER_WORDS } from './stop-words.js';
import { rankResults, type RankedResult } from './rank-results.js';
import type { IndexedSource } from './index-file.js';
import { formatRecall, isClearlyRelevant, outrankedByLoadedMemory, recallKey, recallScoreThreshold } from './select-recall.js';
import { openSearchIndex } from './index-store.js';

export type RecallInput = { root: string; prompt: string; sessionId: string; config: Config; deadlineMs: number; nowMs?: number };

type RecallRecord = { injected: string[] };

/** Returns the additionalContext text for `prompt`, or null when nothing clearly relevant and new was found; never throws on cache or state problems. */
export async function recallForPrompt(input: RecallInput): Promise<string | null> {
  const terms = queryTerms(input.prompt, { ignore: CHATTER_WORDS });
  if (terms.length === 0) return null;
  const teamBranch = input.config.team.enabled ? input.config.team.branch : null;
  const index = await openSearchIndex(input.root, { teamBranch, preload: terms });
  if (Date.now() > input.deadlineMs) return null;
  const hits = index.query(terms, { strict: true });
  // Loaded memory is ranked too: when it answers the prompt clearly better, the agent has the answer.
  const ranked = rankResults(hits, (id) => index.resolve(id), {
    query: input.prompt,
    termCount: terms.length,
    nowMs: input.nowMs ?? Date.now(),
    limit: 20,
    filters: {},
    localMemIds: index.localMemIds,
  });
  const loadedFiles = new Set(index.sources.filter(isInContext).map((source) => source.path));
  const bestLoadedScore = Math.max(0, ...ranked.filter((r) => loadedFiles.has(r.file)).map((r) => r.score));
  const recordFile = recordPath(input.root, input.sessionId);
  const record = readRecord(recordFile);
  const seen = new Set(record.injected);
  const documents = index.sources.reduce((sum, source) => sum + source.count, 0);
  const threshold = recallScoreThreshold(input.config.search.recallMinScore, documents);
  const fresh: RankedResult[] = ranked.filter(
    (r) => !loadedFiles.has(r.file) && isClearlyRelevant(r, terms.length, threshold) && !outrankedByLoadedMemory(r, bestLoadedScore) && !seen.has(recallKey(r)),
  );
  if (fresh.length === 0) return null;
  const { text, used } = formatRecall(fresh.slice(0, input.config.search.recallMaxResults), input.config.search.recallBudgetTokens * 4);
  if (used.length === 0) return null;
  try {
    writeFileAtomicSync(recordFile, `${JSON.stringify({ injected: [...record.injected, ...used.map(recallKey)].slice(-500) })}\n`);
  } catch {
    // Note: without the record a memory may be offered again later in the session; harmless.
  }
  return text;
}

/** Returns true for files Claude Code loads at session start, whose content is already in context. */
function isInContext(source: IndexedSource): boolean {
  if (source.kind === 'durable') return source.path === 'CLAUDE.md' || source.path === '.claude/CLAUDE.md';
  if (source.kind === 'local') return source.path === 'CLAUDE.local.md';
  if (source.kind === 'rules') return !source.conditional;
  return false;
}

function recordPath(root: string, sessionId: string): string {
  // Note: a session id is untrusted input ("../../x"): anything unusual is hashed into a safe name.
  const safe = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/.test(sessionId)
    ? sessionId
    : `h-${createHash('sha1').update(sessionId).digest('hex').slice(0, 24)}`;
  return join(memoryPaths(root).stateDir, 'recall', `${safe}.json`);
}

function readRecord(file: string): RecallRecord {
  try {
    const value = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    const injected = (value as RecallRecord | null)?.injected;
    return { injected: Array.isArray(injected) ? injected.filter((k): k is string => typeof k === 'string') : [] };
  } catch {
    return { injected: [] };
  }
}
