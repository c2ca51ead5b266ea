/**
 * Prompt-time recall for the user-prompt-submit hook: the few memories most relevant to the
 * prompt that Claude Code has NOT already loaded (the root CLAUDE.md, CLAUDE.local.md,
 * .claude/CLAUDE.md and unconditional rules are in context already, and so is the shared memory
 * as rendered into .claude/rules/ at session start), i.e. shared entries written since that
 * rendering (by this session's Stop hook, a sync), session history, nested and conditional
 * files, AGENTS.md. Nothing is added
 * unless a result is clearly relevant and not outscored by loaded memory (then the prompt is about
 * what the agent already knows), and nothing is added twice in one session.
 * Stays on the hook budget: no oclif, and the index as the cache holds it: never built or updated
 * on the prompt path (a stale cache answers from what it holds, a missing one not at all, and a
 * detached process brings it up to date for the next prompt).
 */
import type { Config } from '../core/config/schema.js';
import { queryTerms } from './query-terms.js';
import { CHATTER_WORDS } from './stop-words.js';
import { rankResults, topHitsFor, type RankedResult } from './rank-results.js';
import type { SearchHit } from './search-index.js';
import type { IndexedSource } from './index-file.js';
import {
  formatRecall,
  isClearlyRelevant,
  outrankedByLoadedMemory,
  recallKey,
  recallScoreThreshold,
} from './select-recall.js';
import { openReadyIndex, openSearchIndex } from './index-store.js';
import { backgroundAllowed, startIndexRefresh } from './index-refresh.js';
import { readRecallRecord, recallRecordPath, saidAtStart, writeRecallRecord } from './recall-record.js';
import { renderedMemoryTest } from './rendered-memory.js';
import { readScopeView } from '../core/git/scope-view.js';
import { readQualifiers } from '../core/anchor-status.js';
import { textDigest } from '../core/anchors/anchors-field.js';

export type RecallInput = {
  root: string;
  prompt: string;
  sessionId: string;
  config: Config;
  deadlineMs: number;
  nowMs?: number;
  /**
   * The hook's environment: the index is then never updated inline, a detached process does it
   * (unless MEM_NO_BACKGROUND_SYNC=1). Without it (benchmarks, in-process callers) the index is
   * brought up to date inline, as `mem search` does.
   */
  env?: NodeJS.ProcessEnv;
};

/** Returns the additionalContext text for `prompt`, or null when nothing clearly relevant and new was found; never throws on cache or state problems. */
export async function recallForPrompt(input: RecallInput): Promise<string | null> {
  const terms = queryTerms(input.prompt, { ignore: CHATTER_WORDS });
  if (terms.length === 0) return null;
  let index;
  if (input.env !== undefined && backgroundAllowed(input.env)) {
    const ready = openReadyIndex(input.root, { preload: terms });
    if (!ready.fresh) startIndexRefresh(input.root, input.env);
    if (ready.index === null) return null;
    index = ready.index;
  } else index = await openSearchIndex(input.root, { preload: terms });
  if (Date.now() > input.deadlineMs) return null;
  const limit = 20;
  const top = topHitsFor(limit);
  const rank = (hits: SearchHit[]) =>
    rankResults(hits, (id) => index.resolve(id), {
      query: input.prompt,
      termCount: terms.length,
      nowMs: input.nowMs ?? Date.now(),
      limit,
      filters: { view: readScopeView(input.root, input.config) },
      localMemIds: index.localMemIds,
    });
  // Loaded memory is ranked too: when it answers the prompt clearly better, the agent has the answer.
  const hits = index.query(terms, { strict: true, top });
  let ranked = rank(hits);
  if (hits.length >= top && ranked.length < limit) ranked = rank(index.query(terms, { strict: true }));
  const recordFile = recallRecordPath(input.root, input.sessionId);
  const record = readRecallRecord(recordFile);
  const seen = new Set(record.injected);
  // What SessionStart injected (the handoff) is loaded memory too, though its file is not.
  const loadedFiles = new Set(index.sources.filter(isInContext).map((source) => source.path));
  const isRendered = renderedMemoryTest(input.root);
  const rendered = (r: RankedResult) =>
    r.conflict === undefined
      ? isRendered(r.text)
      : [r.conflict.ours, r.conflict.theirs].some((side) => side !== null && isRendered(side));
  const loaded = (r: RankedResult) =>
    loadedFiles.has(r.file) || saidAtStart(r.text, record) || (r.kind === 'team' && rendered(r));
  const bestLoadedScore = Math.max(0, ...ranked.filter(loaded).map((r) => r.score));
  const documents = index.sources.reduce((sum, source) => sum + source.count, 0);
  const threshold = recallScoreThreshold(input.config.search.recallMinScore, documents);
  const fresh: RankedResult[] = ranked.filter(
    (r) =>
      !loaded(r) &&
      isClearlyRelevant(r, terms.length, threshold) &&
      !outrankedByLoadedMemory(r, bestLoadedScore) &&
      !seen.has(recallKey(r)),
  );
  if (fresh.length === 0) return null;
  const qualifiers = readQualifiers(input.root);
  const qualify = (r: RankedResult) => {
    const known = r.kind === 'team' && r.id !== undefined ? qualifiers.get(r.id) : undefined;
    return known !== undefined && known.text.startsWith(`${textDigest(r.text)}:`) ? known.qualifier : null;
  };
  const { text, used } = formatRecall(
    fresh.slice(0, input.config.search.recallMaxResults),
    input.config.search.recallBudgetTokens * 4,
    qualify,
  );
  if (used.length === 0) return null;
  writeRecallRecord(recordFile, { ...record, injected: [...record.injected, ...used.map(recallKey)] });
  return text;
}

/** Returns true for files Claude Code loads at session start, whose content is already in context. */
function isInContext(source: IndexedSource): boolean {
  if (source.kind === 'durable') return source.path === 'CLAUDE.md' || source.path === '.claude/CLAUDE.md';
  if (source.kind === 'local') return source.path === 'CLAUDE.local.md';
  if (source.kind === 'rules') return !source.conditional;
  return false;
}
