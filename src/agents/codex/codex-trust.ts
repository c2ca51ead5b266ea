/**
 * What `mem status` can tell about Codex's two gates, read from `$CODEX_HOME/config.toml`:
 * project hooks load only when the project is trusted (`[projects."<path>"] trust_level`), and
 * each hook runs only once the user trusted it in `/hooks`, recorded as `[hooks.state."<hooks.json
 * path>:<event>:<group>:<handler>"] trusted_hash`. The hash covers the hook's definition, so a
 * changed command needs trusting again; mem cannot check the hash (Codex computes it), only that a
 * trust entry exists for each of its handlers.
 */
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

export type CodexTrust = {
  /** The config file read, or null when there is none. */
  configFile: string | null;
  /** trust_level of the repository (or the nearest configured parent), or null when Codex was never asked. */
  projectTrust: 'trusted' | 'untrusted' | null;
  /** mem handlers in .codex/hooks.json with a trust entry, of all mem handlers there. */
  trustedHooks: number;
  memHooks: number;
};

export type LocatedHandler = { nativeEvent: string; group: number; index: number };

/** Returns what Codex's config says about trusting `root` and mem's handlers in `hooksFile`; never throws. */
export function readCodexTrust(root: string, hooksFile: string, memHandlers: readonly LocatedHandler[], env: NodeJS.ProcessEnv): CodexTrust {
  const codexHome = env['CODEX_HOME'] || join(env['HOME'] || homedir(), '.codex');
  const configFile = join(codexHome, 'config.toml');
  const result: CodexTrust = { configFile: existsSync(configFile) ? configFile : null, projectTrust: null, trustedHooks: 0, memHooks: memHandlers.length };
  if (!result.configFile) return result;
  let tables: Map<string, Map<string, string>>;
  try {
    tables = readTables(readFileSync(configFile, 'utf8'));
  } catch {
    return result;
  }
  // The nearest configured folder at or above the repository decides, as in Codex.
  let best = '';
  for (const [name, values] of tables) {
    const path = quotedKey(name, 'projects');
    const level = values.get('trust_level');
    if (path === null || (level !== 'trusted' && level !== 'untrusted')) continue;
    if ((root === path || root.startsWith(`${path.replace(/\/$/, '')}/`)) && path.length > best.length) {
      best = path;
      result.projectTrust = level;
    }
  }
  for (const handler of memHandlers) {
    const values = tables.get(`hooks.state.${JSON.stringify(`${hooksFile}:${snake(handler.nativeEvent)}:${handler.group}:${handler.index}`)}`);
    if (values?.has('trusted_hash') && values.get('enabled') !== 'false') result.trustedHooks += 1;
  }
  return result;
}

/**
 * The `[table]` headers of a TOML file with their `key = value` lines (strings unquoted), enough for
 * the two tables Codex writes itself. Note: not a TOML parser; anything else in the file is skipped.
 */
function readTables(text: string): Map<string, Map<string, string>> {
  const tables = new Map<string, Map<string, string>>();
  let current = new Map<string, string>();
  tables.set('', current);
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const header = /^\[([^[\]]+)\]$/.exec(line);
    if (header) {
      const name = normaliseName(header[1]!);
      current = tables.get(name) ?? new Map<string, string>();
      tables.set(name, current);
      continue;
    }
    const pair = /^([A-Za-z0-9_-]+)\s*=\s*(.+?)\s*(?:#.*)?$/.exec(line);
    if (pair) current.set(pair[1]!, unquote(pair[2]!));
  }
  return tables;
}

/** `projects . "/a b"` and `projects.'/a b'` both become `projects."/a b"`. */
function normaliseName(name: string): string {
  const parts: string[] = [];
  for (const match of name.matchAll(/\s*(?:"((?:[^"\\]|\\.)*)"|'([^']*)'|([A-Za-z0-9_-]+))\s*(?:\.|$)/g)) {
    if (match[1] !== undefined) parts.push(JSON.stringify(JSON.parse(`"${match[1]}"`) as string));
    else if (match[2] !== undefined) parts.push(JSON.stringify(match[2]));
    else if (match[3] !== undefined) parts.push(match[3]);
  }
  return parts.join('.');
}

function quotedKey(name: string, prefix: string): string | null {
  if (!name.startsWith(`${prefix}."`)) return null;
  try {
    return JSON.parse(name.slice(prefix.length + 1)) as string;
  } catch {
    return null;
  }
}

function unquote(value: string): string {
  if (value.startsWith('"')) {
    try {
      return JSON.parse(value) as string;
    } catch {
      return value.slice(1, -1);
    }
  }
  if (value.startsWith("'")) return value.slice(1, value.lastIndexOf("'"));
  return value;
}

/** `SessionStart` → `session_start`, as Codex labels events in trust keys. */
function snake(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
}
