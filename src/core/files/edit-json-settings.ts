/**
 * Editing a user's JSON settings file (Claude Code's .claude/settings.json and the like) in place.
 * What mem adds is inserted as text where it belongs, in the file's own style (indent unit, line
 * endings, inline or one item per line), and every other byte stays: comments, key order, inline
 * arrays, tabs, CRLF. Removing an added item or created key is the exact inverse of adding it, so
 * `mem uninstall` gives back the original bytes.
 * Note: jsonc-parser parses and locates; the inserted text is rendered here, because its
 * formatter re-formats whole lines around an edit (a one-line file would come back pretty-printed).
 */
import {
  applyEdits,
  findNodeAtLocation,
  parseTree,
  printParseErrorCode,
  type Edit,
  type JSONPath,
  type Node,
  type ParseError,
} from 'jsonc-parser';

export type { JSONPath } from 'jsonc-parser';

const PARSE_OPTIONS = { allowTrailingComma: true, disallowComments: false };

/** Returns why `text` is not a settings object (comments and trailing commas allowed), or null when it is one. */
export function jsonSettingsError(text: string): string | null {
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, PARSE_OPTIONS);
  const first = errors[0];
  if (first !== undefined) {
    const { line, column } = lineColumn(text, first.offset);
    return `${describeParseError(printParseErrorCode(first.error))} at line ${line}, column ${column}`;
  }
  if (root !== undefined && root.type !== 'object') return 'the top level is not an object';
  return null;
}

/** Returns the value at `path` (plain JSON, comments dropped), or undefined when there is none. */
export function jsonValueAt(text: string, path: JSONPath): unknown {
  const node = nodeAt(text, path);
  return node === undefined ? undefined : nodeValue(node);
}

/**
 * Returns `text` with `value` appended to the array at `path`. Missing objects and the array on
 * the way are created; their paths, outermost first, are pushed onto `created` so that a later
 * removal can take exactly those away again. Throws when something on the path is not a container.
 */
export function appendToJsonArray(text: string, path: JSONPath, value: unknown, created: JSONPath[] = []): string {
  const style = detectStyle(text);
  if (parseTree(text, [], PARSE_OPTIONS) === undefined) text = `{}${text.trim() === '' ? style.eol : ''}${text}`;
  const root = parseTree(text, [], PARSE_OPTIONS)!;
  let depth = path.length;
  let container = findNodeAtLocation(root, path);
  while (container === undefined) {
    depth -= 1;
    container = depth === 0 ? root : findNodeAtLocation(root, path.slice(0, depth));
  }
  if (depth === path.length) {
    if (container.type !== 'array') throw new Error(`${describePath(path)} is not a list`);
    return applyEdits(text, [insertionEdit(text, container, undefined, value, style)]);
  }
  const key = path[depth];
  if (container.type !== 'object' || typeof key !== 'string')
    throw new Error(`${describePath(path.slice(0, depth))} is not an object`);
  let wrapped: unknown = [value];
  for (let i = path.length - 1; i > depth; i -= 1) {
    const segment = path[i]!;
    wrapped = typeof segment === 'string' ? { [segment]: wrapped } : [wrapped];
  }
  for (let i = depth + 1; i <= path.length; i += 1) created.push(path.slice(0, i));
  return applyEdits(text, [insertionEdit(text, container, key, wrapped, style)]);
}

/** Returns `text` without the items of the array at `path` that `matches`, and how many went. */
export function removeFromJsonArray(
  text: string,
  path: JSONPath,
  matches: (item: unknown) => boolean,
): { text: string; removed: number } {
  let removed = 0;
  for (;;) {
    const array = nodeAt(text, path);
    if (array?.type !== 'array') return { text, removed };
    const children = array.children ?? [];
    const index = children.findIndex((child) => matches(nodeValue(child)));
    if (index < 0) return { text, removed };
    text = applyEdits(text, [removalEdit(array, index)]);
    removed += 1;
  }
}

/** Returns `text` without the property at `path` when its value is an empty object or list (else unchanged). */
export function removeJsonKeyIfEmpty(text: string, path: JSONPath): string {
  const node = nodeAt(text, path);
  const parent = node?.parent?.parent;
  if (
    node === undefined ||
    parent?.type !== 'object' ||
    (node.type !== 'object' && node.type !== 'array') ||
    (node.children ?? []).length > 0
  )
    return text;
  return applyEdits(text, [removalEdit(parent, parent.children!.indexOf(node.parent!))]);
}

// --- locating ----------------------------------------------------------------------------------

function nodeAt(text: string, path: JSONPath): Node | undefined {
  const root = parseTree(text, [], PARSE_OPTIONS);
  if (root === undefined) return undefined;
  return path.length === 0 ? root : findNodeAtLocation(root, path);
}

function nodeValue(node: Node): unknown {
  if (node.type === 'array') return (node.children ?? []).map(nodeValue);
  if (node.type === 'object') {
    const value: Record<string, unknown> = {};
    for (const property of node.children ?? []) {
      const [key, child] = property.children ?? [];
      if (key !== undefined && child !== undefined) value[String(key.value)] = nodeValue(child);
    }
    return value;
  }
  return node.value;
}

// --- rendering ---------------------------------------------------------------------------------

type Style = { eol: string; unit: string };

/** The file's line ending and indent unit (the first indented line's leading whitespace). */
function detectStyle(text: string): Style {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const lead = /^([ \t]+)\S/m.exec(text)?.[1];
  return { eol, unit: lead === undefined ? '  ' : lead.startsWith('\t') ? '\t' : lead };
}

/** The edit adding `value` (under `key` in an object) as the last member of `container`. */
function insertionEdit(text: string, container: Node, key: string | undefined, value: unknown, style: Style): Edit {
  const children = container.children ?? [];
  const open = container.offset;
  const close = container.offset + container.length - 1;
  const member = (indent: string | null) =>
    `${key === undefined ? '' : `${JSON.stringify(key)}: `}${render(value, indent, style)}`;
  if (children.length === 0) {
    // An empty `{}` or `[]` opens up one member per line unless the whole document is one line.
    if (!spansLines(text, container) && onOneLineDocument(text, container))
      return { offset: open + 1, length: close - open - 1, content: member(null) };
    const indent = lineIndent(text, open);
    const inner = indent + style.unit;
    return {
      offset: open + 1,
      length: close - open - 1,
      content: `${style.eol}${inner}${member(inner)}${style.eol}${indent}`,
    };
  }
  const last = children[children.length - 1]!;
  if (!spansLines(text, container)) {
    const previous = children[children.length - 2];
    const between = previous === undefined ? '' : text.slice(previous.offset + previous.length, last.offset);
    return {
      offset: last.offset + last.length,
      length: 0,
      content: `${/^\s*,\s*$/.test(between) ? between : ', '}${member(null)}`,
    };
  }
  const indent = startsLine(text, last.offset) ? lineIndent(text, last.offset) : lineIndent(text, open) + style.unit;
  return { offset: last.offset + last.length, length: 0, content: `,${style.eol}${indent}${member(indent)}` };
}

/** The edit removing member `index` of `container`: the exact inverse of `insertionEdit`. */
function removalEdit(container: Node, index: number): Edit {
  const children = container.children!;
  const child = children[index]!;
  if (children.length === 1) return { offset: container.offset + 1, length: container.length - 2, content: '' };
  if (index > 0) {
    const previous = children[index - 1]!;
    const start = previous.offset + previous.length;
    return { offset: start, length: child.offset + child.length - start, content: '' };
  }
  return { offset: child.offset, length: children[1]!.offset - child.offset, content: '' };
}

/** `value` pretty-printed with continuation lines at `indent`, or on one line when `indent` is null. */
function render(value: unknown, indent: string | null, style: Style): string {
  if (indent === null) return renderInline(value);
  return JSON.stringify(value, null, style.unit).split('\n').join(`${style.eol}${indent}`);
}

function renderInline(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(renderInline).join(', ')}]`;
  if (typeof value === 'object' && value !== null) {
    return `{${Object.entries(value)
      .map(([key, item]) => `${JSON.stringify(key)}: ${renderInline(item)}`)
      .join(', ')}}`;
  }
  return JSON.stringify(value);
}

function spansLines(text: string, node: Node): boolean {
  return /[\r\n]/.test(text.slice(node.offset, node.offset + node.length));
}

/** True when `node` sits in a document written on one line (`{"a": {}}`), false for `{}` alone or a pretty file. */
function onOneLineDocument(text: string, node: Node): boolean {
  let outer = node;
  while (outer.parent !== undefined) outer = outer.parent;
  return outer !== node && !spansLines(text, outer);
}

function startsLine(text: string, offset: number): boolean {
  return text.slice(text.lastIndexOf('\n', offset - 1) + 1, offset).trim() === '';
}

function lineIndent(text: string, offset: number): string {
  return /^[ \t]*/.exec(text.slice(text.lastIndexOf('\n', offset - 1) + 1))![0];
}

// --- messages ----------------------------------------------------------------------------------

function describeParseError(code: string): string {
  return code.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}

function describePath(path: JSONPath): string {
  return path.length === 0 ? 'the top level' : `"${path.join('.')}"`;
}

function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: before[before.length - 1]!.length + 1 };
}
