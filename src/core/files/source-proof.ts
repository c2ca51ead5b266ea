/**
 * Proof that source files are what they were when a value was derived from them: their stamps
 * (core/files/file-stamp.ts: cheap, but untrusted within a timestamp tick of a write) and a hash of each
 * one's content, read only when a stamp does not settle it. Why both: `mem list` runs right after
 * a sync rewrote the working copy, inside that racy tick, and re-deriving from megabytes of
 * markdown costs ~0.5 s at 20,000 entries where hashing them costs ~5 ms.
 */
import { readFileSync } from 'node:fs';
import { nodeCrypto } from '../lazy-builtins.js';
import { fileStamp, stampIsSettled, takeStamps, type StampSet } from './file-stamp.js';

/** Stamps taken before the reads they vouch for, and the SHA-1 of what was read ('absent' for a missing file). */
export type SourceProof = StampSet & { hashes: Record<string, string> };

/** How a saved proof holds: by stamps alone, or by content (a racy or changed stamp, same bytes). */
export type ProofCheck = 'stamps' | 'content';

function readOrNull(path: string): Buffer | null {
  try {
    return readFileSync(path);
  } catch {
    return null;
  }
}

// Note: node:crypto on first use: a listing whose stamps settle it hashes nothing (loading it was ~3 ms of a 20 ms kept listing).
const hashOf = (bytes: Buffer | null): string =>
  bytes === null ? 'absent' : nodeCrypto().createHash('sha1').update(bytes).digest('hex');

/** Takes the stamps of `paths`, then reads and hashes each file; returns the proof and the bytes read (null: absent). */
export function proveSources(paths: Record<string, string>): {
  proof: SourceProof;
  contents: Record<string, Buffer | null>;
} {
  const stamps = takeStamps(paths);
  const contents: Record<string, Buffer | null> = {};
  const hashes: Record<string, string> = {};
  for (const [name, path] of Object.entries(paths)) {
    contents[name] = readOrNull(path);
    hashes[name] = hashOf(contents[name]);
  }
  return { proof: { ...stamps, hashes }, contents };
}

/**
 * Returns how `saved` still holds for `paths`, or null when a file changed (or `saved` is not a
 * proof). A file is read and hashed only when its stamp differs or is racy. Never throws.
 */
export function checkProof(saved: SourceProof | null | undefined, paths: Record<string, string>): ProofCheck | null {
  if (
    !saved ||
    typeof saved.at !== 'string' ||
    typeof saved.files !== 'object' ||
    saved.files === null ||
    typeof saved.hashes !== 'object' ||
    saved.hashes === null
  )
    return null;
  let check: ProofCheck = 'stamps';
  for (const [name, path] of Object.entries(paths)) {
    const recorded = saved.files[name];
    if (recorded !== undefined && recorded === fileStamp(path) && stampIsSettled(recorded, saved.at)) continue;
    const hash = saved.hashes[name];
    if (hash === undefined || hash !== hashOf(readOrNull(path))) return null;
    check = 'content';
  }
  return check;
}

/** Returns a proof with fresh stamps and `saved`'s hashes (for a proof that held by content), or null while a stamp would still be racy. */
export function restampedProof(saved: SourceProof, paths: Record<string, string>): SourceProof | null {
  const stamps = takeStamps(paths);
  for (const stamp of Object.values(stamps.files)) if (!stampIsSettled(stamp, stamps.at)) return null;
  return { ...stamps, hashes: saved.hashes };
}
