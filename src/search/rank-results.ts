/**
 * Final ranking on top of MiniSearch's BM25: filters (kind, section, age), one copy of a team entry
 * that is also local, and small tie-breaking boosts: the query as an exact phrase, how many query
 * words matched, durable kinds over session notes, and recent over old. The boosts are gentle on
 * purpose (≤ ~1.6× together): they reorder near-ties, never bury a clearly better match.
 */
import type { MemoryKind, ParsedDocument } from './memory-document.js';
import type { IndexedSource } from './index-file.js';
import type { SearchHit } from './search-index.js';
import { isVisibleIn, type ScopeView } from '../core/memory-file/entry-scope.js';
import { isContradiction } from '../core/text/find-contradiction.js';

export type RankedResult = {
  file: string;
  line: number;
  section: string;
  text: string;
  score: number;
  kind: MemoryKind;
  date?: string;
  author?: string;
  id?: string;
  /** The entry is in conflict (see ParsedDocument.conflict): shown once, with both versions. */
  conflict?: { ours: string | null; theirs: string | null };
  /** The result is a code block (ParsedDocument.code). */
  code?: true;
  /** Document terms that matched, in index form; the renderer highlights words that normalize to these. */
  terms: string[];
  /** Share of the query's words this result matched, 0–1. */
  coverage: number;
};

/** `view`: whose branch entries are shown (another branch's are left out); absent: all. */
export type ResultFilters = { kinds?: readonly MemoryKind[]; section?: string; sinceMs?: number; view?: ScopeView };

export type ResolvedDocument = { doc: ParsedDocument; source: IndexedSource };

export type RankOptions = {
  query: string;
  /** Number of distinct normalized query terms (for coverage). */
  termCount: number;
  nowMs: number;
  limit: number;
  filters: ResultFilters;
  /** mem ids present in local files: team copies of these are skipped. */
  localMemIds: ReadonlySet<string>;
};

const KIND_BOOST: Record<MemoryKind, number> = {
  durable: 1.1,
  team: 1.1,
  local: 1.08,
  rules: 1.08,
  agents: 1.05,
  session: 1,
};
const DAY_MS = 86_400_000;
/** The most the boosts below can multiply a hit's score by: kind, coverage, phrase, recency. */
const MAX_BOOST = Math.max(...Object.values(KIND_BOOST)) * 1.15 * 1.25 * 1.08;

/**
 * How many of the best hits a query must return for rankResults to find the best `limit` results
 * without filters: the pool it reads, with room for the hits it skips (a team copy of a local
 * entry, a document that cannot be read). A caller getting fewer than `limit` results from a full
 * `top` asks again for all hits.
 */
export function topHitsFor(limit: number): number {
  return Math.max(200, poolFor(limit) * 4);
}

function poolFor(limit: number): number {
  return Math.max(50, limit * 4);
}

/** Returns the best `limit` results, best first; documents the resolver cannot find are skipped, never thrown. */
export function rankResults(
  hits: readonly SearchHit[],
  resolve: (id: number) => ResolvedDocument | undefined,
  options: RankOptions,
): RankedResult[] {
  const pool = poolFor(options.limit);
  const phrase = phraseOf(options.query);
  const sectionFilter = options.filters.section?.toLowerCase();
  const out: RankedResult[] = [];
  // On a branch, its own entry stands in for a team-wide one it contradicts (as in the rendered file).
  const ownScoped: RankedResult[] = [];
  const teamWide = new Set<RankedResult>();
  /** The best final scores so far, best first, at most `limit` of them. */
  const top: number[] = [];
  for (const hit of hits) {
    if (out.length >= pool) break;
    // Hits come best first and the boosts below multiply by at most MAX_BOOST: once even that
    // cannot reach the current top `limit`, no later hit can, and their documents are not read.
    if (top.length >= options.limit && hit.score * MAX_BOOST < top[options.limit - 1]! - 0.001) break;
    const found = resolve(hit.id);
    if (!found) continue;
    const { doc, source } = found;
    if (options.filters.kinds && !options.filters.kinds.includes(source.kind)) continue;
    if (source.kind === 'team' && doc.memId !== undefined && options.localMemIds.has(doc.memId)) continue;
    if (options.filters.view !== undefined && !isVisibleIn(doc.scope, options.filters.view)) continue;
    if (sectionFilter !== undefined && !doc.section.toLowerCase().includes(sectionFilter)) continue;
    const date = displayDate(doc, source);
    const dateMs = date === undefined ? source.mtimeMs || undefined : Date.parse(date);
    if (options.filters.sinceMs !== undefined && (dateMs === undefined || !(dateMs >= options.filters.sinceMs)))
      continue;
    const coverage = options.termCount === 0 ? 0 : Math.min(1, hit.queryTerms.length / options.termCount);
    let score = hit.score * KIND_BOOST[source.kind] * (0.85 + 0.3 * coverage);
    if (phrase !== null && normalizeSpace(doc.text).includes(phrase)) score *= 1.25;
    if (dateMs !== undefined && Number.isFinite(dateMs)) {
      const ageDays = Math.max(0, (options.nowMs - dateMs) / DAY_MS);
      score *= 1 + 0.08 * Math.exp(-ageDays / 60);
    }
    const result: RankedResult = {
      file: source.path,
      line: doc.line,
      section: doc.section,
      text: doc.text,
      score: Math.round(score * 1000) / 1000,
      kind: source.kind,
      terms: hit.terms,
      coverage,
    };
    if (date !== undefined) result.date = date;
    if (doc.author !== undefined) result.author = doc.author;
    if (doc.memId !== undefined) result.id = doc.memId;
    if (doc.conflict !== undefined) result.conflict = doc.conflict;
    if (doc.code) result.code = true;
    if (source.kind === 'team' && doc.scope !== undefined) ownScoped.push(result);
    else if (source.kind === 'team') teamWide.add(result);
    out.push(result);
    insertDescending(top, result.score, options.limit);
  }
  // Note: plain code-unit order, not localeCompare: the first localeCompare loads ICU's collator
  // (~5 ms, a tenth of `node -e 0`), and ISO dates and paths need no locale rules.
  out.sort(
    (a, b) =>
      b.score - a.score || compareText(b.date ?? '', a.date ?? '') || compareText(a.file, b.file) || a.line - b.line,
  );
  const overridden =
    options.filters.view?.kind === 'branch' && ownScoped.length > 0
      ? [...teamWide].filter((team) => ownScoped.some((own) => isContradiction(own.text, team.text)))
      : [];
  return (overridden.length === 0 ? out : out.filter((result) => !overridden.includes(result))).slice(0, options.limit);
}

function insertDescending(top: number[], score: number, limit: number): void {
  let at = top.length;
  while (at > 0 && top[at - 1]! < score) at -= 1;
  if (at >= limit) return;
  top.splice(at, 0, score);
  if (top.length > limit) top.pop();
}

/** Returns the date shown for a document: its own, or a session file's modification time; undefined when unknown. */
function displayDate(doc: ParsedDocument, source: IndexedSource): string | undefined {
  if (doc.date !== undefined && Number.isFinite(Date.parse(doc.date))) return doc.date;
  if (source.kind === 'session' && source.mtimeMs > 0) return new Date(source.mtimeMs).toISOString();
  return undefined;
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function phraseOf(query: string): string | null {
  const phrase = normalizeSpace(query);
  return phrase.split(' ').length >= 2 && phrase.length <= 200 ? phrase : null;
}

function normalizeSpace(text: string): string {
  return text.toLowerCase().replace(/[`*_]/g, '').replace(/\s+/g, ' ').trim();
}
