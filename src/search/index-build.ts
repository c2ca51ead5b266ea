/** Building index content from markdown: parsing sources (remark only when needed) and a full rebuild. */
import type { MemoryKind, ParsedDocument, ParsedFile } from './memory-document.js';
import { encodeDocuments, type IndexHeader, type IndexedSource } from './index-file.js';
import {
  INDEX_LAYOUT,
  addDocuments,
  createMemoryIndex,
  pathFieldOf,
  type IndexedFields,
  type MemoryIndex,
} from './search-index.js';
import { scanSimpleMarkdown } from './scan-simple-markdown.js';
import { newBuildId, saveMain } from './index-cache-files.js';
import type { CacheFiles } from './cache-files.js';
import { type Scanned } from './index-sources.js';
import { noProgress, type Progress } from '../core/progress.js';
import { makeView, type OpenedIndex } from './index-view.js';

export type Parse = (source: string, kind: MemoryKind) => ParsedFile;

/** Returns the parser of changed sources: the working copy by mem's region reader, other files as markdown (remark only when `withRemark`). */
export async function parserFor(withRemark: boolean): Promise<Parse> {
  const { parseTeamMemory } = await import('./parse-team-memory.js');
  const markdown = await markdownParser(withRemark);
  return (text, kind) => (kind === 'team' ? parseTeamMemory(text) : markdown(text));
}

/**
 * The parser of a markdown file that is not the team memory: mem's line scanner, and remark (loaded only when
 * `withRemark`) for what the scanner leaves to it. Why apart from parserFor: `mem lint` reads no team memory,
 * and the lazy team-memory module is an ES module whose import starts Node's ES module loader (~3 ms a run).
 */
export async function markdownParser(withRemark: boolean): Promise<(text: string) => ParsedFile> {
  if (!withRemark) return (text) => scanSimpleMarkdown(text) ?? { documents: [], conditional: false };
  const { parseMarkdownDocuments } = await import('./parse-markdown-documents.js');
  return (text) => scanSimpleMarkdown(text) ?? parseMarkdownDocuments(text);
}

export function rebuildIndex(
  scanned: Scanned[],
  parse: Parse,
  files: CacheFiles,
  engine: string,
  warnings: string[],
  progress: Progress = noProgress,
): OpenedIndex {
  const index = createMemoryIndex();
  const fresh = new Map<string, ParsedDocument[]>();
  const sources: IndexedSource[] = [];
  let nextDocId = 1;
  for (const [done, s] of scanned.entries()) {
    progress('building the search index: memory files', done, scanned.length);
    const complete = s.text !== undefined || s.skipped !== undefined ? s : { ...s, ...s.load() };
    const { source, documents } = parseSource(complete, nextDocId, parse);
    addSource(index, source, documents);
    nextDocId += documents.length;
    fresh.set(s.path, documents);
    sources.push(source);
  }
  const docsOf = (source: IndexedSource) => fresh.get(source.path) ?? [];
  const header: IndexHeader = { layout: INDEX_LAYOUT, engine, build: newBuildId(), nextDocId, sources };
  saveMain(index, header, (source) => encodeDocuments(docsOf(source)), files, warnings);
  return makeView(index, sources, docsOf, 'rebuilt', warnings);
}

export function parseSource(
  s: Scanned,
  firstId: number,
  parse: Parse,
): { source: IndexedSource; documents: ParsedDocument[] } {
  const parsed: ParsedFile = s.text === undefined ? { documents: [], conditional: false } : parse(s.text, s.kind);
  const source: IndexedSource = {
    path: s.path,
    kind: s.kind,
    mtimeMs: s.mtimeMs,
    ...(s.ctimeMs === undefined ? {} : { ctimeMs: s.ctimeMs }),
    size: s.size,
    hash: s.hash,
    firstId,
    count: parsed.documents.length,
    conditional: parsed.conditional,
    memIds: parsed.documents.flatMap((d) => (d.memId === undefined ? [] : [d.memId])),
  };
  if (s.skipped !== undefined) source.skipped = s.skipped;
  return { source, documents: parsed.documents };
}

export function addSource(index: MemoryIndex, source: IndexedSource, documents: readonly ParsedDocument[]): void {
  addDocuments(index, fieldsOfSource(source, documents));
}

export function fieldsOfSource(source: IndexedSource, documents: readonly ParsedDocument[]): IndexedFields[] {
  return documents.map((doc, i) => fieldsOf(source.firstId + i, doc, source));
}

export function fieldsOf(id: number, doc: ParsedDocument, source: IndexedSource): IndexedFields {
  return { id, text: doc.text, section: doc.section, path: pathFieldOf(source.path, source.kind) };
}
