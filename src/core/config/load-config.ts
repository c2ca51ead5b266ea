import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { parseConfig } from './parse-config.js';
import { defaultConfig, type Config } from './schema.js';
import { memoryPaths } from '../layout.js';

/** Returns the repository's config (defaults when the file is absent); throws CONFIG_INVALID on a bad file. */
export function loadConfig(root: string): Config {
  const { configFile } = memoryPaths(root);
  if (!existsSync(configFile)) return defaultConfig();
  return parseConfig(readFileSync(configFile, 'utf8'), relative(root, configFile) || configFile);
}
