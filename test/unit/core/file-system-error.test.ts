import { describe, expect, it } from 'vitest';
import { describeError, fileSystemError } from '../../../src/core/errors.js';

function fsError(code: string, syscall: string, path: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: ${syscall} '${path}'`), { code, syscall, path });
}

describe('file-system failures are explained, not reported as bugs', () => {
  it('a full disk names the file and says to free space', () => {
    const text = describeError(fsError('ENOSPC', 'write', '/repo/CLAUDE.md'));
    expect(text).toMatch(
      /^cannot write \/repo\/CLAUDE\.md: no space left on the device \(ENOSPC\)\n {2}hint: Free some disk space/,
    );
    expect(text).not.toMatch(/internal error/);
  });

  it('a full disk met by write(), which names no file, is still a full disk, not a bug', () => {
    const text = describeError(
      Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', syscall: 'write' }),
    );
    expect(text).toMatch(
      /^cannot write mem's files: no space left on the device \(ENOSPC\)\n {2}hint: Free some disk space/,
    );
  });

  it('a read-only mount or missing permission names the path and says what to make writable', () => {
    expect(describeError(fsError('EROFS', 'open', '/repo/.memory/state/x.json'))).toMatch(
      /cannot write \/repo\/\.memory\/state\/x\.json: the file system is read-only \(EROFS\)\n {2}hint: Make the repository's \.memory\/ directory/,
    );
    expect(describeError(fsError('EACCES', 'mkdir', '/repo/.memory/state/locks'))).toMatch(
      /cannot create the directory \/repo\/\.memory\/state\/locks: permission denied \(EACCES\)/,
    );
  });

  it('anything else stays an internal error (a bug is still reported as one)', () => {
    expect(fileSystemError(new TypeError('x is undefined'))).toBeNull();
    expect(fileSystemError(Object.assign(new Error('no path'), { code: 'EACCES' }))).toBeNull();
    expect(describeError(new TypeError('x is undefined'))).toMatch(/^internal error/);
  });
});
