/**
 * The last sync's snapshot (sync-snapshot.ts) is a second name of the working copy it wrote: it
 * keeps those bytes when the working copy is replaced afterwards, as every mem writer does, and
 * is refused, never misread, once the bytes behind it changed.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fileStamp } from '../../../src/core/files/file-stamp.js';
import { BEGIN_MARKER, END_MARKER } from '../../../src/core/memory-file/region-format.js';
import { linkSnapshotText, readSyncSnapshot, saveSyncSnapshot, type SyncSnapshot } from '../../../src/team/sync-snapshot.js';
import { cleanupTempDirs, makeTempDir } from '../../helpers/temp-repo.js';

afterEach(cleanupTempDirs);

const text = (body: string) => `${BEGIN_MARKER}\n${body}${END_MARKER}\n`;
const BODY = '## Conventions\n\n- Run make lint before pushing. <!-- mem:id=mlint -->\n';
const SNAPSHOT: SyncSnapshot = { base: 'a'.repeat(40), body: BODY, pending: ['mlint'], tombstones: 'none', workingHash: 'hash' };

/** A clone root whose working copy holds `text(BODY)`, written as mem writes it. */
function clone(): { root: string; working: string } {
  const root = makeTempDir('mem-snapshot-');
  const state = join(root, '.memory', 'state');
  mkdirSync(state, { recursive: true });
  const working = join(state, 'team-memory.md');
  writeFileSync(`${working}.tmp`, text(BODY));
  renameSync(`${working}.tmp`, working);
  return { root, working };
}

describe('the sync snapshot', () => {
  it('is another name of the working copy written, and keeps its bytes when the working copy is replaced', () => {
    const { root, working } = clone();
    const linked = saveSyncSnapshot(root, SNAPSHOT, text(BODY), { path: working, stamp: fileStamp(working) });
    // The stamp it returns is the working copy's own, as the link left it.
    expect(linked).toBe(fileStamp(working));
    expect(statSync(join(root, '.memory', 'state', 'team-synced.md')).ino).toBe(statSync(working).ino);
    writeFileSync(`${working}.tmp`, text(`${BODY}- A later rule. <!-- mem:id=mlater -->\n`));
    renameSync(`${working}.tmp`, working);
    expect(readSyncSnapshot(root)).toEqual(SNAPSHOT);
  });

  it("linked right after the write, leaves the working copy's stamp as it was then (what the rendering and the no-op check recorded)", () => {
    const { root, working } = clone();
    linkSnapshotText(root, working);
    const stamp = fileStamp(working);
    expect(saveSyncSnapshot(root, SNAPSHOT, text(BODY), { path: working, stamp })).toBeNull();
    expect(fileStamp(working)).toBe(stamp);
    expect(readSyncSnapshot(root)).toEqual(SNAPSHOT);
  });

  it('is a copy when the working copy is no longer the file written, and survives a copy of the clone that keeps times (cp -a)', () => {
    const { root, working } = clone();
    const stamp = fileStamp(working);
    writeFileSync(`${working}.tmp`, text('## Other\n\n- Someone else wrote this. <!-- mem:id=mother -->\n'));
    renameSync(`${working}.tmp`, working);
    expect(saveSyncSnapshot(root, SNAPSHOT, text(BODY), { path: working, stamp })).toBeNull();
    expect(readSyncSnapshot(root)).toEqual(SNAPSHOT);
    const copy = join(makeTempDir('mem-snapshot-copy-'), 'clone');
    execFileSync('cp', ['-a', root, copy]);
    expect(readSyncSnapshot(copy)).toEqual(SNAPSHOT);
  });

  it('is refused once the bytes behind it changed in place', () => {
    const { root, working } = clone();
    saveSyncSnapshot(root, SNAPSHOT, text(BODY), { path: working, stamp: fileStamp(working) });
    // A tool writing the working copy in place writes the snapshot's bytes too.
    writeFileSync(working, readFileSync(working, 'utf8').replace('make lint', 'make check'));
    expect(readSyncSnapshot(root)).toBeNull();
  });
});
