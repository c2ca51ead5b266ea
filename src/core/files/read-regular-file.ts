/**
 * Reading a small file from a folder mem does not own (Claude Code's auto memory): whatever sits
 * there may be a FIFO (opening it for reading would wait for a writer for ever), a device (a
 * symlink to /dev/zero never ends) or a huge file. The file is opened without blocking and
 * checked on the opened descriptor, so what is read is what was checked.
 */
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';

export type RegularFileRead = { ok: true; text: string } | { ok: false; reason: 'not a regular file' | 'too large' };
export type RegularFileBytes = { ok: true; bytes: Buffer } | { ok: false; reason: 'not a regular file' | 'too large' };

/**
 * Returns the file's UTF-8 text when it is a regular file of at most `maxBytes` bytes (a symlink
 * to one counts), else why it was not read; throws on I/O errors (ENOENT, EACCES).
 */
export function readRegularFileSync(path: string, maxBytes: number): RegularFileRead {
  const read = readRegularFileBytesSync(path, maxBytes);
  return read.ok ? { ok: true, text: read.bytes.toString('utf8') } : read;
}

/** Returns the file's bytes under the same conditions as readRegularFileSync; throws as it does. */
export function readRegularFileBytesSync(path: string, maxBytes: number): RegularFileBytes {
  // Note: O_NONBLOCK makes opening a FIFO return at once instead of waiting for a writer.
  const fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) return { ok: false, reason: 'not a regular file' };
    if (stat.size > maxBytes) return { ok: false, reason: 'too large' };
    // Note: one byte more than allowed is asked for, so a file that grew since fstat is still caught.
    let buffer = Buffer.allocUnsafe(stat.size + 1);
    let length = 0;
    for (;;) {
      if (length === buffer.length) {
        const grown = Buffer.allocUnsafe(Math.min(buffer.length * 2, maxBytes + 1));
        buffer.copy(grown, 0, 0, length);
        buffer = grown;
      }
      const read = readSync(fd, buffer, length, buffer.length - length, null);
      if (read === 0) break;
      length += read;
      if (length > maxBytes) return { ok: false, reason: 'too large' };
    }
    return { ok: true, bytes: buffer.subarray(0, length) };
  } finally {
    closeSync(fd);
  }
}
