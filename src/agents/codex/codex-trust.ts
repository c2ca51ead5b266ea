/**
 * What `mem status` can tell about Codex's two gates, read from `$CODEX_HOME/config.toml`:
 * project hooks load only when the project is trusted (`[projects."<path>"] trust_level`), and
 * each hook runs only once the user trusted it in `/hooks`, recorded as `[hooks.state."<hooks.json
 * path>:<event>:<group>:<handler>"] trusted_hash`. The hash covers the hook's definition, so a
 * changed command needs trusting again; mem cannot check the hash (Codex computes it), only that a
 * trust entry exists for each of its handlers. Read with smol-toml (bundled), not a hand-written
 * reader of the subset Codex writes: the keys are quoted paths, and any other TOML a user adds
 * (inline tables, multi-line strings) must not be misread.
 */
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'smol-toml';

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
export function readCodexTrust(
  root: string,
  hooksFile: string,
  memHandlers: readonly LocatedHandler[],
  env: NodeJS.ProcessEnv,
): CodexTrust {
  const codexHome = env['CODEX_HOME'] || join(env['HOME'] || homedir(), '.codex');
  const configFile = join(codexHome, 'config.toml');
  const result: CodexTrust = {
    configFile: existsSync(configFile) ? configFile : null,
    projectTrust: null,
    trustedHooks: 0,
    memHooks: memHandlers.length,
  };
  if (!result.configFile) return result;
  let config: CodexConfig;
  try {
    config = parse(readFileSync(configFile, 'utf8'));
  } catch {
    // Note: a file that is not TOML is not loaded by Codex either: nothing is trusted.
    return result;
  }
  // The nearest configured folder at or above the repository decides, as in Codex.
  let best = '';
  for (const [path, values] of Object.entries(table(config.projects))) {
    const level = table(values)['trust_level'];
    if (level !== 'trusted' && level !== 'untrusted') continue;
    if ((root === path || root.startsWith(`${path.replace(/\/$/, '')}/`)) && path.length > best.length) {
      best = path;
      result.projectTrust = level;
    }
  }
  const states = table(table(config.hooks)['state']);
  for (const handler of memHandlers) {
    const values = table(states[`${hooksFile}:${snake(handler.nativeEvent)}:${handler.group}:${handler.index}`]);
    if (values['trusted_hash'] !== undefined && values['enabled'] !== false) result.trustedHooks += 1;
  }
  return result;
}

/** The two tables of `$CODEX_HOME/config.toml` mem reads (Codex writes both itself). */
type CodexConfig = { projects?: unknown; hooks?: unknown };

/** `value` when it is a TOML table, else an empty one. */
function table(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** `SessionStart` → `session_start`, as Codex labels events in trust keys. */
function snake(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
}
