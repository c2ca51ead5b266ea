/** Atomic writes: whole files only, and a symlinked CLAUDE.md stays a symlink. */
import { lstatSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeFileAtomic, writeFileAtomicFlushing, writeFileAtomicSync } from '../../../../src/core/files/atomic-write.js';
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

  it('flushing on the thread pool, keeps the old file until the new one is on disk, then has exactly the pieces written', async () => {
    const dir = makeTempDir();
    const file = join(dir, 'team-memory.md');
    writeFileSync(file, 'old\n');
    const pieces = [Buffer.from('head\n'), Buffer.alloc(0), Buffer.from('caf\u00e9 \u2014 body\n'.repeat(5_000)), Buffer.from('tail\n')];
    const writing = writeFileAtomicFlushing(file, pieces);
    // The bytes are in the temp file already; the file itself is still the old one.
    expect(readFileSync(file, 'utf8')).toBe('old\n');
    await writing;
    expect(readFileSync(file)).toEqual(Buffer.concat(pieces));
    expect(readdirSync(dir)).toEqual(['team-memory.md']);
  });

  it('flushing, fails without touching the file or leaving a temp file when the write cannot be done', async () => {
    const dir = makeTempDir();
    const blocked = join(dir, 'not-a-dir');
    writeFileSync(blocked, 'x');
    await expect(writeFileAtomicFlushing(join(blocked, 'team-memory.md'), [Buffer.from('new')])).rejects.toThrow();
    expect(readdirSync(dir)).toEqual(['not-a-dir']);
  });
});
