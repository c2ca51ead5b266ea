import { MemError } from '../errors.js';
import { configSchema, type Config } from './schema.js';

/**
 * Parses the text of `.memory/config.json`. Throws CONFIG_INVALID naming the file, the place, what
 * was expected and what was found, so a teammate's typo is fixed in one look. Keys this mem does
 * not know are left out, not an error: the file is committed and shared, and a teammate on a newer
 * mem who adds a setting must not switch memory off for every older clone (`mem status` lists them,
 * unknownConfigKeys).
 */
export function parseConfig(text: string, file: string): Config {
  const raw = parseJson(text, file);
  const result = configSchema.safeParse(raw);
  if (result.success) return result.data;
  const unknown = result.error.issues.filter((issue) => issue.code === 'unrecognized_keys');
  if (unknown.length === result.error.issues.length)
    return parseConfig(JSON.stringify(withoutKeys(raw, unknown)), file);
  const problems = result.error.issues.map((issue) => {
    const key = issue.path.length > 0 ? issue.path.join('.') : '(top level)';
    return `  - ${key}: ${describeIssue(issue, raw)}`;
  });
  throw new MemError('CONFIG_INVALID', `${file} has ${problems.length} invalid setting(s):\n${problems.join('\n')}`, {
    hint: `Fix the setting(s) above in ${file}; delete a key to fall back to its default.`,
  });
}

/** Returns the dotted names of the keys in the config text that this mem does not know ([] when none or when the text is not JSON). */
export function unknownConfigKeys(text: string): string[] {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return [];
  }
  const result = configSchema.safeParse(raw);
  if (result.success) return [];
  return result.error.issues.flatMap((issue) =>
    issue.code === 'unrecognized_keys' ? issue.keys.map((key) => [...issue.path, key].join('.')) : [],
  );
}

function parseJson(text: string, file: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const message = (error as Error).message;
    const position = /at position (\d+)/.exec(message);
    const place = position === null ? '' : lineAndColumn(text, Number(position[1]));
    const what = message.replace(/\s*in JSON at position \d+.*$/, '').replace(/\s*\(line \d+ column \d+\)$/, '');
    throw new MemError('CONFIG_INVALID', `${file}${place} is not valid JSON: ${what}`, {
      hint: `Fix the JSON syntax${place === '' ? '' : ` at line ${place.slice(1).replace(':', ', column ')}`} (a missing comma or quote, a trailing comma); the file is an object such as { "version": 1 }.`,
    });
  }
}

/** `:line:column` (1-based) of a character offset. */
function lineAndColumn(text: string, offset: number): string {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return `:${line}:${offset - before.lastIndexOf('\n')}`;
}

type Issue = { path: PropertyKey[]; keys?: string[] };

/** `raw` without the unknown keys the issues name (a copy; the rest untouched). */
function withoutKeys(raw: unknown, issues: readonly Issue[]): unknown {
  const copy = structuredClone(raw) as Record<PropertyKey, unknown>;
  for (const issue of issues) {
    const parent = valueAt(copy, issue.path);
    if (parent === null || typeof parent !== 'object') continue;
    for (const key of issue.keys ?? []) delete (parent as Record<string, unknown>)[key];
  }
  return copy;
}

type IssueLike = {
  code: string;
  path: PropertyKey[];
  expected?: string;
  values?: unknown[];
  keys?: string[];
  minimum?: unknown;
  maximum?: unknown;
  message: string;
};

function describeIssue(issue: IssueLike, raw: unknown): string {
  const found = JSON.stringify(valueAt(raw, issue.path));
  switch (issue.code) {
    case 'invalid_type':
      return `expected ${issue.expected}, found ${found ?? 'nothing'}`;
    case 'invalid_value':
      return `expected one of ${JSON.stringify(issue.values)}, found ${found}`;
    case 'unrecognized_keys':
      return `unknown key(s) ${issue.keys?.map((key) => JSON.stringify(key)).join(', ')} (ignored by this mem)`;
    case 'too_small':
      return `expected at least ${String(issue.minimum)}, found ${found}`;
    case 'too_big':
      return `expected at most ${String(issue.maximum)}, found ${found}`;
    case 'invalid_format':
      return `expected a valid format, found ${found}`;
    default:
      return `${issue.message} (found ${found})`;
  }
}

function valueAt(raw: unknown, path: PropertyKey[]): unknown {
  let current: unknown = raw;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}
