/**
 * The hook path's way to load `.memory/config.json`. Validation (zod) runs only when the file's
 * text changed since the last validated copy cached in `.memory/cache/`: hooks run every turn and
 * should not pay for evaluating a schema library to re-check an unchanged file.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from './schema.js';
import { writeFileAtomicSync } from '../files/atomic-write.js';
import { memoryPaths } from '../layout.js';

/** Bump when the schema's defaults or shape change, so cached configs are validated again. */
const CACHE_VERSION = 2;

type CachedConfig = { version: number; text: string | null; config: Config };

/** Returns the repository's config like loadConfig; throws CONFIG_INVALID on a bad file. */
export async function loadConfigCached(root: string): Promise<Config> {
  const paths = memoryPaths(root);
  const text = existsSync(paths.configFile) ? readFileSync(paths.configFile, 'utf8') : null;
  const cacheFile = join(paths.cacheDir, 'config.json');
  const cached = readCache(cacheFile);
  if (cached && cached.text === text) return cached.config;
  const { loadConfig } = await import('./load-config.js');
  const config = loadConfig(root);
  try {
    writeFileAtomicSync(cacheFile, JSON.stringify({ version: CACHE_VERSION, text, config } satisfies CachedConfig));
  } catch {
    /* the cache is an optimisation */
  }
  return config;
}

function readCache(file: string): CachedConfig | null {
  try {
    const cached = JSON.parse(readFileSync(file, 'utf8')) as CachedConfig;
    return cached.version === CACHE_VERSION ? cached : null;
  } catch {
    return null;
  }
}
