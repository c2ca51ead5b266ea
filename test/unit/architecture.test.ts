/**
 * The shape of the house, enforced: the pure domain folders never perform effects (file system,
 * processes, clock, randomness, oclif), and no module imports itself back through a cycle.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../helpers/temp-repo.js';

const SRC = join(PROJECT_ROOT, 'src');
const PURE_FOLDERS = ['session', 'durable', 'filter', 'markdown', 'merge', 'search', 'hooks', 'transcript', 'config'];
const FORBIDDEN: [RegExp, string][] = [
  [/from ['"]node:(fs|fs\/promises|child_process|os|net|http|https)['"]/, 'an effectful Node module'],
  [/from ['"](fs|child_process)['"]/, 'an effectful Node module'],
  [/from ['"]@oclif\/core['"]/, 'oclif'],
  [/\bprocess\.(env|cwd|exit|argv|stdout|stderr|stdin)\b/, 'process state'],
  [/\bDate\.now\(\)|\bnew Date\(\)/, 'the clock'],
  [/\bMath\.random\(\)|randomBytes|randomUUID/, 'randomness'],
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

/** Code without comments, so a comment that mentions Date.now() is not an offence. */
function codeOf(file: string): string {
  return readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

describe('architecture', () => {
  for (const folder of PURE_FOLDERS) {
    it(`src/${folder} stays pure (no fs, processes, clock, randomness or oclif)`, () => {
      const offences: string[] = [];
      for (const file of sourceFiles(join(SRC, folder))) {
        const code = codeOf(file);
        for (const [pattern, what] of FORBIDDEN) if (pattern.test(code)) offences.push(`${relative(PROJECT_ROOT, file)} uses ${what}`);
      }
      expect(offences).toEqual([]);
    });
  }

  it('the domain never imports oclif, and only commands/ and entry/ do', () => {
    const offenders = sourceFiles(SRC)
      .filter((file) => /from ['"]@oclif\/core['"]/.test(codeOf(file)))
      .map((file) => relative(SRC, file))
      .filter((file) => !file.startsWith('commands/') && !file.startsWith('entry/'));
    expect(offenders).toEqual([]);
  });

  it('has no circular imports', () => {
    const graph = new Map<string, string[]>();
    for (const file of sourceFiles(SRC)) {
      const imports = [...codeOf(file).matchAll(/^\s*import\s+(?!type\b)[^'"]*?from\s+['"](\.{1,2}\/[^'"]+)['"]/gm)]
        .map((match) => resolve(dirname(file), match[1]!.replace(/\.js$/, '.ts')));
      graph.set(file, imports);
    }
    const cycles: string[] = [];
    const state = new Map<string, 'visiting' | 'done'>();
    const visit = (file: string, path: string[]) => {
      if (state.get(file) === 'done') return;
      if (state.get(file) === 'visiting') {
        cycles.push([...path.slice(path.indexOf(file)), file].map((item) => relative(SRC, item)).join(' → '));
        return;
      }
      state.set(file, 'visiting');
      for (const next of graph.get(file) ?? []) visit(next, [...path, file]);
      state.set(file, 'done');
    };
    for (const file of graph.keys()) visit(file, []);
    expect(cycles).toEqual([]);
  });
});
