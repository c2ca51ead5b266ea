import { MemError } from '../errors.js';
import { configSchema, type Config } from './schema.js';

/**
 * Parses the text of `.memory/config.json`. Throws CONFIG_INVALID naming the file, the key, what
 * was expected and what was found, so a teammate's typo is fixed in one look.
 */
export function parseConfig(text: string, file: string): Config {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new MemError('CONFIG_INVALID', `${file} is not valid JSON: ${(error as Error).message}`, {
      hint: 'Expected a JSON object such as { "version": 1 }.',
    });
  }
  const result = configSchema.safeParse(raw);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const key = issue.path.length > 0 ? issue.path.join('.') : '(top level)';
    return `  - ${key}: ${describeIssue(issue, raw)}`;
  });
  throw new MemError('CONFIG_INVALID', `${file} has ${problems.length} invalid setting(s):\n${problems.join('\n')}`, {
    hint: `Fix the key(s) above in ${file}; delete a key to fall back to its default.`,
  });
}

type IssueLike = { code: string; path: PropertyKey[]; expected?: string; values?: unknown[]; keys?: string[]; minimum?: unknown; maximum?: unknown; message: string };

function describeIssue(issue: IssueLike, raw: unknown): string {
  const found = JSON.stringify(valueAt(raw, issue.path));
  switch (issue.code) {
    case 'invalid_type':
      return `expected ${issue.expected}, found ${found ?? 'nothing'}`;
    case 'invalid_value':
      return `expected one of ${JSON.stringify(issue.values)}, found ${found}`;
    case 'unrecognized_keys':
      return `unknown key(s) ${issue.keys?.map((key) => JSON.stringify(key)).join(', ')}`;
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
