/**
 * Markdown → search documents with remark. This is the only search module that imports remark:
 * it runs when a memory file changed (index update), never on a warm query, and is loaded lazily.
 * Text is sliced from the source by position rather than re-stringified, so a result shows the
 * entry exactly as written (inline code, links) minus mem's hidden comments.
 */
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkFrontmatter from 'remark-frontmatter';
import type { Nodes, Parents, RootContent, ListItem } from 'mdast';
import type { ParsedDocument, ParsedFile } from './memory-document.js';
import { codeFence, memoryDocumentFrom } from './memory-document-from.js';
import { stripComments } from './strip-comments.js';

type Heading = { depth: number; text: string };
type Walk = { source: string; headings: Heading[]; out: ParsedDocument[]; conditional: boolean; quoteDepth: number };

const processor = unified().use(remarkParse).use(remarkGfm).use(remarkFrontmatter, ['yaml']);

/** Returns one document per list item, paragraph, code block or table row of `source`; never throws on odd markdown. */
export function parseMarkdownDocuments(source: string): ParsedFile {
  const walk: Walk = { source, headings: [], out: [], conditional: false, quoteDepth: 0 };
  let root;
  try {
    root = processor.parse(source);
  } catch {
    // Note: micromark does not throw on any input we know of; if it ever does, index paragraphs by blank lines.
    return { documents: fallbackParagraphs(source), conditional: false };
  }
  visitChildren(root, walk);
  return { documents: walk.out, conditional: walk.conditional };
}

function visitChildren(parent: Parents, walk: Walk): void {
  for (const node of parent.children) visit(node, walk);
}

function visit(node: RootContent, walk: Walk): void {
  switch (node.type) {
    case 'heading': {
      while (walk.headings.length > 0 && (walk.headings.at(-1)?.depth ?? 0) >= node.depth) walk.headings.pop();
      const text = stripComments(plainText(node));
      if (text !== '') walk.headings.push({ depth: node.depth, text });
      return;
    }
    case 'list':
      for (const item of node.children) visitItem(item, walk);
      return;
    case 'paragraph':
      emit(walk, [node], node.position?.start.line);
      return;
    case 'code': {
      // The code itself, not its fences, so `pnpm test` reads the same inline or fenced.
      const start = node.position?.start.offset;
      // mdast gives indented code and a fence with no info string alike (lang null); the source tells them apart.
      const fenced = start !== undefined && walk.quoteDepth === 0 && /^[`~]/.test(walk.source.slice(start, start + 1));
      emitText(
        walk,
        node.value,
        node.value,
        node.position?.start.line,
        fenced ? codeFence(node.lang, node.value) : true,
      );
      return;
    }
    case 'table':
      // Each body row is its own entry; the header row names the columns and is not repeated.
      for (const row of node.children.slice(1)) emit(walk, [row], row.position?.start.line);
      return;
    case 'blockquote':
      walk.quoteDepth += 1;
      visitChildren(node, walk);
      walk.quoteDepth -= 1;
      return;
    case 'footnoteDefinition':
      visitChildren(node, walk);
      return;
    case 'yaml':
      if (/^\s*paths\s*[:=]/m.test(node.value)) walk.conditional = true;
      return;
    default:
      // html (mem's markers, comments), thematic breaks and definitions are not memory.
      return;
  }
}

function visitItem(item: ListItem, walk: Walk): void {
  const own = item.children.filter((child) => child.type !== 'list');
  // Note: remark-gfm leaves a task's "[ ] " inside the paragraph's span when the text starts with markup; it is not the rule's text.
  emit(walk, own, item.position?.start.line, typeof item.checked === 'boolean');
  for (const child of item.children) if (child.type === 'list') visit(child, walk);
}

function emit(walk: Walk, nodes: Nodes[], line: number | undefined, task = false): void {
  let raw = nodes
    .map((node) => {
      const start = node.position?.start.offset;
      const end = node.position?.end.offset;
      return start === undefined || end === undefined ? '' : walk.source.slice(start, end);
    })
    .join(' ');
  if (task) raw = raw.replace(/^\[[ xX]\][ \t]+/, '');
  // Inside a block quote a span's later lines start with the quote's markers, which are not its text.
  if (walk.quoteDepth > 0) raw = raw.replace(new RegExp(`\n[ \t]*(?:>[ \t]?){1,${walk.quoteDepth}}`, 'g'), '\n');
  emitText(walk, raw, raw, line);
}

/** `code`: the piece is a code block (true), a fenced one with its fence (ParsedDocument.fence). */
function emitText(
  walk: Walk,
  raw: string,
  shown: string,
  line: number | undefined,
  code: boolean | ParsedDocument['fence'] = false,
): void {
  const doc = memoryDocumentFrom(raw, walk.headings.map((h) => h.text).join(' > '), line ?? 1, shown);
  if (doc === null) return;
  if (code !== false) doc.code = true;
  if (typeof code === 'object') doc.fence = code;
  walk.out.push(doc);
}

function plainText(node: Nodes): string {
  if ('value' in node && typeof node.value === 'string' && node.type !== 'html') return node.value;
  if ('children' in node) return (node.children as Nodes[]).map(plainText).join('');
  return '';
}

function fallbackParagraphs(source: string): ParsedDocument[] {
  const out: ParsedDocument[] = [];
  let line = 1;
  for (const block of source.split(/\n\s*\n/)) {
    const text = stripComments(block);
    if (text !== '') out.push({ text, section: '', line });
    line += block.split('\n').length + 1;
  }
  return out;
}
