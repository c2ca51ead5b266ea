/** Reading large text files fast: the same string as Node's UTF-8 read, whatever the bytes. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { readTextFileSync } from '../../../../src/core/files/read-text.js';
import { cleanupTempDirs, makeTempDir } from '../../../helpers/temp-repo.js';

afterEach(cleanupTempDirs);

describe('readTextFileSync', () => {
  it('gives what readFileSync(path, "utf8") gives for any bytes, small or past the shared buffer', () => {
    const dir = makeTempDir();
    const path = join(dir, 'text.md');
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.nat({ max: 200_000 }), (bytes, padding) => {
        const content = Buffer.concat([Buffer.from('x'.repeat(padding)), Buffer.from(bytes)]);
        writeFileSync(path, content);
        expect(readTextFileSync(path)).toBe(readFileSync(path, 'utf8'));
      }),
      { numRuns: 60 },
    );
  });

  it('reads ASCII, UTF-8 text, a byte-order mark and an empty file as UTF-8 does', () => {
    const dir = makeTempDir();
    for (const [name, text] of [
      ['ascii.md', `${'- Rule 1: run make check before pushing. <!-- mem:id=m1 -->\n'.repeat(2_000)}`],
      ['utf8.md', `${'- Ship it 🚀 with テスト coverage — a café.\n'.repeat(2_000)}`],
      ['bom.md', '\uFEFF# Team memory\n'],
      ['empty.md', ''],
    ] as const) {
      const path = join(dir, name);
      writeFileSync(path, text);
      expect(readTextFileSync(path), name).toBe(text);
    }
  });

  it('gives each file its own string, though the bytes pass through one buffer', () => {
    const dir = makeTempDir();
    const [a, b] = [join(dir, 'a.md'), join(dir, 'b.md')];
    writeFileSync(a, 'a'.repeat(100_000));
    writeFileSync(b, 'b'.repeat(70_000));
    const first = readTextFileSync(a);
    const second = readTextFileSync(b);
    expect(first).toBe('a'.repeat(100_000));
    expect(second).toBe('b'.repeat(70_000));
  });

  it('throws as readFileSync does for a missing file', () => {
    expect(() => readTextFileSync(join(makeTempDir(), 'missing.md'))).toThrow(/ENOENT/);
  });
});
