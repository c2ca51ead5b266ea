/** File stamps: a no-op command trusts them only when they are not racy, and any rewrite breaks them. */
import { utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeFileAtomicSync } from '../../../../src/core/files/atomic-write.js';
import { stampIsSettled, stampsHold, takeStamps } from '../../../../src/core/files/file-stamp.js';
import { cleanupTempDirs, makeTempDir } from '../../../helpers/temp-repo.js';
import { takenLater } from '../../../helpers/stamps-later.js';

afterEach(cleanupTempDirs);

describe('file stamps', () => {
  it('are not trusted right after the last write, and hold once a timestamp tick has passed', () => {
    const dir = makeTempDir();
    const paths = { a: join(dir, 'a.md'), b: join(dir, 'missing.md') };
    writeFileSync(paths.a, 'one\n');
    // Note: the time set ahead keeps "right after" true however slowly a loaded machine runs this.
    const ahead = new Date(Date.now() + 10_000);
    utimesSync(paths.a, ahead, ahead);
    const stamps = takeStamps(paths);
    expect(stampsHold(stamps, paths)).toBe(false);
    expect(stampsHold(takenLater(stamps, 12), paths)).toBe(true);
  });

  it('wait one timestamp tick: 100 ms where the file system keeps sub-second times, a second where it keeps whole seconds', () => {
    const changed = 1_764_000_000_123_456_789n;
    const fine = `10:${changed}:${changed}:7`;
    expect(stampIsSettled(fine, `${changed + 50_000_000n}`)).toBe(false);
    expect(stampIsSettled(fine, `${changed + 150_000_000n}`)).toBe(true);
    const whole = 1_764_000_000_000_000_000n;
    const coarse = `10:${whole}:${whole}:7`;
    expect(stampIsSettled(coarse, `${whole + 500_000_000n}`)).toBe(false);
    expect(stampIsSettled(coarse, `${whole + 1_000_000_000n}`)).toBe(true);
    // A change after the stamp was taken (a clock set back, a write racing the stamp) is never settled.
    expect(stampIsSettled(fine, `${changed - 1n}`)).toBe(false);
  });

  it('break on any rewrite, even one with the same size and an old modification time', () => {
    const dir = makeTempDir();
    const paths = { a: join(dir, 'a.md') };
    writeFileSync(paths.a, 'one\n');
    const old = new Date(Date.now() - 60_000);
    utimesSync(paths.a, old, old);
    const stamps = takenLater(takeStamps(paths), 2);
    expect(stampsHold(stamps, paths)).toBe(true);
    writeFileAtomicSync(paths.a, 'two\n');
    utimesSync(paths.a, old, old);
    expect(stampsHold(stamps, paths)).toBe(false);
  });

  it('break when a missing file appears, and refuse nonsense', () => {
    const dir = makeTempDir();
    const paths = { a: join(dir, 'a.md') };
    const stamps = takenLater(takeStamps(paths), 2);
    expect(stampsHold(stamps, paths)).toBe(true);
    writeFileSync(paths.a, 'now here\n');
    expect(stampsHold(stamps, paths)).toBe(false);
    expect(stampsHold(null, paths)).toBe(false);
    expect(stampsHold({ at: 'x', files: {} }, paths)).toBe(false);
  });
});
