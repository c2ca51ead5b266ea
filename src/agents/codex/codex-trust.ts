/**
 * What `mem status` can tell about Codex's two gates, read from `$CODEX_HOME/config.toml`:
 * project hooks load only when the project is trusted (`[projects."<path>"] trust_level`), and
 * each hook runs only once the user trusted it in `/hooks`, recorded as `[hooks.state."<hooks.json
 * path>:<event>:<group>:<handler>"] trusted_hash`. The hash covers the hook's definition, so a
 * changed command needs trusting again; mem cannot check the hash itself (Codex computes it), only
 * that a trust entry exists for each of its handlers.
 */
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'smol-toml';

export type CodexTrust = {
  /** The config file read, or null when there is none. */
  configFile: string | null;
  /** trust_level of the repository (or a parent folder), or null when Codex was never asked. */
  projectTrust: 'trusted' | 'untrusted' | null;
  /** mem handlers in .codex/hooks.json with a trust entry, of all mem handlers there. */
  trustedHooks: number;
  memHooks: number;
  /** Set when config.toml could not be read or parsed. */
  problem?: string;
};

type Located = { nativeEvent: string; group: number; index: number };

/** Returns what Codex's config says about trusting `root` and mem's handlers in `hooksFile`; never throws. */
export function readCodexTrust(root: string, hooksFile: string, memHandlers: readonly Located[], env: NodeJS.ProcessEnv): CodexTrust {
  const codexHome = env['CODEX_HOME'] || join(env['HOME'] || homedir(), '.codex');
  const configFile = join(codexHome, 'config.toml');
  const result: CodexTrust = { configFile: existsSync(configFile) ? configFile : null, projectTrust: null, trustedHooks: 0, memHooks: memHandlers.length };
  if (!result.configFile) return result;
  let config: Record<string, unknown>;
  try {
    config = parse(readFileSync(configFile, 'utf8'));
  } catch (error) {
    return { ...result, problem: `${configFile} could not be read: ${(error as Error).message.split('\n')[0]}` };
  }
  const projects = asRecord(config['projects']);
  // The nearest configured folder at or above the repository decides, as in Codex.
  let best = '';
  for (const [path, value] of Object.entries(projects)) {
    const level = asRecord(value)['trust_level'];
    if ((root === path || root.startsWith(`${path.replace(/\/$/, '')}/`)) && path.length > best.length && (level === 'trusted' || level === 'untrusted')) {
      best = path;
      result.projectTrust = level;
    }
  }
  const state = asRecord(asRecord(config['hooks'])['state']);
  for (const handler of memHandlers) {
    const key = `${hooksFile}:${snake(handler.nativeEvent)}:${handler.group}:${handler.index}`;
    const entry = asRecord(state[key]);
    if (typeof entry['trusted_hash'] === 'string' && entry['enabled'] !== false) result.trustedHooks += 1;
  }
  return result;
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** `SessionStart` → `session_start`, as Codex labels events in trust keys. */
function snake(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
}
