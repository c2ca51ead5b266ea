/** What `mem init` did in this clone, so that `mem uninstall` reverses exactly that. */
import { readFileSync } from 'node:fs';
import { writeFileAtomicSync } from '../core/files/atomic-write.js';
import type { MemoryPaths } from '../core/layout.js';

export type InstallRecord = {
  version: 1;
  /** Text of the config file when init created it (removed by uninstall only if unchanged). */
  createdConfig?: string;
  /** Set by older versions: init created .claude/settings.json. */
  createdSettingsFile?: boolean;
  /** What init did to .claude/settings.json: whether it created the file, and the keys it created in it. */
  settings?: { createdFile: boolean; created: (string | number)[][] };
  createdClaudeDir?: boolean;
  createdMemoryGitignore?: boolean;
  excludeLines?: string[];
  prePushPath?: string;
  /** Permission bits of husky's pre-push before init made it executable. */
  prePushMode?: number;
  /** The exact text init appended to .git/info/exclude. */
  excludeAppended?: string;
  mergeDriver?: boolean;
  /** How the agent's shell invokes mem (the memory protocol names it). */
  agentCommand?: string;
  /** Claude Code permission allow rules init added (uninstall removes exactly these). */
  allowRules?: string[];
  /** Keys init created in .claude/settings.json for them (permissions, permissions.allow). */
  allowCreated?: (string | number)[][];
  /** What init did to other agents' hook files (`.codex/hooks.json`, `.gemini/settings.json`), by path. */
  agentSettings?: Record<
    string,
    { createdFile: boolean; createdDir: boolean; created: (string | number)[][]; contextFiles?: string[] }
  >;
};

/** Returns the record, or an empty one when absent or unreadable. */
export function readInstallRecord(paths: MemoryPaths): InstallRecord {
  try {
    const record = JSON.parse(readFileSync(paths.installRecord, 'utf8')) as InstallRecord;
    return record.version === 1 ? record : { version: 1 };
  } catch {
    return { version: 1 };
  }
}

/** Saves the record atomically; throws on I/O failure. */
export function writeInstallRecord(paths: MemoryPaths, record: InstallRecord): void {
  writeFileAtomicSync(paths.installRecord, `${JSON.stringify(record, null, 2)}\n`);
}
