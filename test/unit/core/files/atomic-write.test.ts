/** Atomic writes: whole files only, and a symlinked CLAUDE.md stays a symlink. */
import { lstatSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeFileAtomic, writeFileAtomicSync } from '../../../../src/core/files/atomic-write.js';
import { cleanupTempDirs, makeTempDir } from '../../../helpers/temp-repo.js';

afterEach(cleanupTempDirs);

describe('writeFileAtomicSync', () => {
  it('replaces the content and leaves no temp file behind', async () => {
    const dir = makeTempDir();
    const file = join(dir, 'nested', 'state.json');
    writeFileAtomicSync(file, '{"a":1}\n');
    await writeFileAtomic(file, '{"a":2}\n');
    expect(readFileSync(file, 'utf8')).toBe('{"a":2}\n');
    expect(readdirSync(join(dir, 'nested'))).toEqual(['state.json']);
  });

  it('writes through a symlink (CLAUDE.md → AGENTS.md) instead of replacing the link', () => {
    const dir = makeTempDir();
    writeFileSync(join(dir, 'AGENTS.md'), '# Agents\n');
    symlinkSync('AGENTS.md', join(dir, 'CLAUDE.md'));
    writeFileAtomicSync(join(dir, 'CLAUDE.md'), '# Agents\n\nmore\n');
    expect(lstatSync(join(dir, 'CLAUDE.md')).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(dir, 'AGENTS.md'), 'utf8')).toBe('# Agents\n\nmore\n');
  });
});
