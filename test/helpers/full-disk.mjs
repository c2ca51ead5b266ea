/**
 * A full disk, for tests, without filling one: preloaded into the mem process under test
 * (NODE_OPTIONS=--import), it makes every write of new bytes to a file under MEM_TEST_FULL_DISK
 * fail as the kernel does (ENOSPC on the write, without a path), while appending to a file that
 * already has room in its last 4 KiB block still succeeds, as on a real full disk. statfs reports
 * no free blocks there. Git, a separate process, is not affected.
 */
import fs from 'node:fs';
import fsPromises from 'node:fs/promises';
import { syncBuiltinESMExports } from 'node:module';
import { resolve, sep } from 'node:path';

const root = process.env.MEM_TEST_FULL_DISK;
if (root) {
  const BLOCK = 4096;
  const under = (path) => typeof path === 'string' && (resolve(path) === root || resolve(path).startsWith(root + sep));
  const noSpace = (syscall) =>
    Object.assign(new Error(`ENOSPC: no space left on device, ${syscall}`), { errno: -28, code: 'ENOSPC', syscall });
  /** fd → path of files under the full disk opened by this process. */
  const open = new Map();
  const length = (data) => (typeof data === 'string' ? Buffer.byteLength(data) : data.byteLength);
  /** Whether `bytes` more fit in the last block of the file behind `fd` (or at `path`). */
  const fits = (bytes, target) => {
    let size;
    try {
      size = typeof target === 'number' ? fs.fstatSync(target).size : fs.statSync(target).size;
    } catch {
      size = 0;
    }
    const room = size === 0 ? 0 : Math.ceil(size / BLOCK) * BLOCK - size;
    return bytes <= room;
  };

  const openSync = fs.openSync;
  fs.openSync = function (path, ...rest) {
    const fd = openSync.call(this, path, ...rest);
    if (under(path)) open.set(fd, path);
    return fd;
  };
  const closeSync = fs.closeSync;
  fs.closeSync = function (fd) {
    open.delete(fd);
    return closeSync.call(this, fd);
  };
  const writeSync = fs.writeSync;
  fs.writeSync = function (fd, data, ...rest) {
    if (open.has(fd) && !fits(length(data), fd)) throw noSpace('write');
    return writeSync.call(this, fd, data, ...rest);
  };
  const writevSync = fs.writevSync;
  fs.writevSync = function (fd, buffers, ...rest) {
    if (
      open.has(fd) &&
      !fits(
        buffers.reduce((sum, b) => sum + b.byteLength, 0),
        fd,
      )
    )
      throw noSpace('write');
    return writevSync.call(this, fd, buffers, ...rest);
  };
  const writeFileSync = fs.writeFileSync;
  fs.writeFileSync = function (path, data, options) {
    const append = typeof options === 'object' && options !== null && String(options.flag ?? '').startsWith('a');
    const full = typeof path === 'number' ? open.has(path) : under(path);
    // Note: Node's appendFileSync is writeFileSync with flag 'a'.
    if (full && (append ? !fits(length(data), path) : length(data) > 0)) throw noSpace('write');
    return writeFileSync.call(this, path, data, options);
  };
  const statfsSync = fs.statfsSync;
  fs.statfsSync = function (path, ...rest) {
    const stats = statfsSync.call(this, path, ...rest);
    return under(path) ? Object.assign(stats, { bfree: 0, bavail: 0 }) : stats;
  };
  const openAsync = fsPromises.open;
  fsPromises.open = async function (path, ...rest) {
    const handle = await openAsync.call(this, path, ...rest);
    if (under(path)) {
      handle.writeFile = async () => {
        throw noSpace('write');
      };
      handle.write = async () => {
        throw noSpace('write');
      };
    }
    return handle;
  };
  syncBuiltinESMExports();
}
