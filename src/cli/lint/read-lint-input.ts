/**
 * The reading half of `mem lint`: the repository's agent files (found by the search index's
 * discovery walk), their texts on demand, the agents' project settings (`.codex/config.toml`,
 * `.gemini/settings.json`) and mem's config. Nothing is written.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { RENDERED_FILE } from '../../core/shared-memory-stamp.js';
import { jsonValueAt } from '../../core/files/edit-json-settings.js';
import { listFilesUnder, walkMemoryFiles } from '../../search/discover-memory-files.js';
import { classifyAgentFile, type AgentFileKind } from '../../lint/classify-agent-file.js';
import { DEFAULT_AGENT_SETTINGS, type AgentSettings, type LintView } from '../../lint/plan-agent-loads.js';

const MAX_FILE_BYTES = 4 * 1024 * 1024;

export type LintInput = {
  view: LintView & { exists: (path: string) => boolean };
  settings: AgentSettings;
  /** Every agent file and look-alike of the repository, repository-relative. */
  files: { path: string; kind: AgentFileKind }[];
  /** Settings files that could not be read as their agent reads them. */
  warnings: string[];
};

/** Returns what `mem lint` reads of the repository at `root`; never throws on a missing or bad file (a warning says so). */
export function readLintInput(root: string): LintInput {
  const warnings: string[] = [];
  const settings = readAgentSettings(root, warnings);
  const texts = new Map<string, string | null>();
  const read = (path: string): string | null => {
    if (!texts.has(path)) texts.set(path, readText(join(root, path)));
    return texts.get(path) ?? null;
  };
  const exists = (path: string) => texts.get(path) != null || statSync(join(root, path), { throwIfNoEntry: false }) !== undefined;
  const files = walkMemoryFiles(root, classifyAgentFile([...settings.geminiNames, ...settings.codexFallbacks])).map(({ path, kind }) => ({ path, kind }));
  return { view: { read, filesUnder: (dir) => listFilesUnder(root, dir), exists }, settings, files, warnings };
}

function readText(abs: string): string | null {
  try {
    const stat = statSync(abs, { throwIfNoEntry: false });
    if (stat === undefined || !stat.isFile() || stat.size > MAX_FILE_BYTES) return null;
    const text = readFileSync(abs, 'utf8');
    return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  } catch {
    return null;
  }
}

function readAgentSettings(root: string, warnings: string[]): AgentSettings {
  const settings: AgentSettings = { ...DEFAULT_AGENT_SETTINGS, geminiNames: [...DEFAULT_AGENT_SETTINGS.geminiNames], teamFile: RENDERED_FILE };
  const codex = readText(join(root, '.codex', 'config.toml'));
  if (codex !== null) {
    try {
      const parsed = parseToml(codex);
      const max = parsed['project_doc_max_bytes'];
      if (typeof max === 'number' && Number.isInteger(max) && max >= 0) settings.codexMaxBytes = max;
      const fallbacks = parsed['project_doc_fallback_filenames'];
      if (Array.isArray(fallbacks)) settings.codexFallbacks = fallbacks.filter((name): name is string => typeof name === 'string' && name !== '');
    } catch (error) {
      warnings.push(`.codex/config.toml is not valid TOML (${(error as Error).message.split('\n')[0]}): Codex's defaults are assumed`);
    }
  }
  const gemini = readText(join(root, '.gemini', 'settings.json'));
  if (gemini !== null) {
    const names = jsonValueAt(gemini, ['context', 'fileName']);
    for (const name of Array.isArray(names) ? names : [names]) if (typeof name === 'string' && name !== '' && !settings.geminiNames.includes(name)) settings.geminiNames.push(name);
  }
  return settings;
}
