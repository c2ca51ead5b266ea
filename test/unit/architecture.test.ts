/**
 * The shape of the house, enforced: pure planning code never performs effects (file system,
 * processes, clock, randomness, oclif), and dependency-cruiser's rules (.dependency-cruiser.cjs:
 * capabilities never import one another, core/ imports nothing above it, only cli/ loads oclif, no
 * cycles) hold on src/ and really fail on a violation.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isPureCode } from '../../scripts/pure-code.mjs';
import { PROJECT_ROOT } from '../helpers/temp-repo.js';

const SRC = join(PROJECT_ROOT, 'src');
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

/** Runs dependency-cruiser with the project's rules over `paths` (relative to `cwd`). */
function cruise(cwd: string, paths: string[]): { status: number | null; output: string } {
  const bin = join(PROJECT_ROOT, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');
  const result = spawnSync(
    process.execPath,
    [bin, '--config', join(PROJECT_ROOT, '.dependency-cruiser.cjs'), '--output-type', 'err', ...paths],
    { cwd, encoding: 'utf8' },
  );
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('architecture', () => {
  it('pure planning code stays pure (no fs, processes, clock, randomness or oclif)', () => {
    const offences: string[] = [];
    const pure = sourceFiles(SRC).filter((file) => isPureCode(relative(PROJECT_ROOT, file).split('\\').join('/')));
    expect(pure.length).toBeGreaterThan(50);
    for (const file of pure) {
      const code = codeOf(file);
      for (const [pattern, what] of FORBIDDEN)
        if (pattern.test(code)) offences.push(`${relative(PROJECT_ROOT, file)} uses ${what}`);
    }
    expect(offences).toEqual([]);
  });

  it('src/ keeps the dependency rules (dependency-cruiser)', () => {
    const { status, output } = cruise(PROJECT_ROOT, ['src']);
    expect(output).not.toMatch(/error/);
    expect(status).toBe(0);
  });

  it('a capability importing another capability fails the rules', () => {
    // A copy of the house with one forbidden import: durable/ reaching into team/.
    const dir = mkdtempSync(join(tmpdir(), 'mem-depcruise-'));
    try {
      mkdirSync(join(dir, 'src', 'durable'), { recursive: true });
      mkdirSync(join(dir, 'src', 'team'), { recursive: true });
      mkdirSync(join(dir, 'src', 'core'), { recursive: true });
      writeFileSync(join(dir, 'tsconfig.json'), '{"compilerOptions":{"allowJs":true}}\n');
      writeFileSync(join(dir, 'src', 'team', 'sync.js'), 'export const sync = 1;\n');
      writeFileSync(
        join(dir, 'src', 'core', 'errors.js'),
        "import { sync } from '../team/sync.js';\nexport const e = sync;\n",
      );
      writeFileSync(
        join(dir, 'src', 'durable', 'remember.js'),
        "import { sync } from '../team/sync.js';\nexport const r = sync;\n",
      );
      const { status, output } = cruise(dir, ['src']);
      expect(status).not.toBe(0);
      expect(output).toContain('durable-stays-independent');
      expect(output).toContain('core-imports-nothing-above-it');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
