/**
 * The last `mem list` output, kept in `.memory/cache/` with a proof of everything it was made
 * from (the working copy of the team memory, CLAUDE.local.md, the config), so that listing an
 * unchanged memory again costs a `stat` or a hash and one write, not a parse and a layout of
 * every entry (20,000 entries are ~80,000 lines, 4 MB). One file per kind of output: JSON, the
 * 80-column text of a pipe, and the text at the terminal's width; filtered listings (`--section`,
 * `--personal`) and listings with conflicts or damage warnings are not kept (they depend on more
 * than these files, or are small).
 *
 * File format: one line of JSON (version, variant, proof), then the output's bytes as printed.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeCacheFileSync } from '../../core/files/atomic-write.js';
import { checkProof, proveSources, restampedProof, type SourceProof } from '../../core/files/source-proof.js';
import { memoryPaths } from '../../core/layout.js';
import { WORKING_FILE } from '../../core/shared-memory-stamp.js';
import { PERSONAL_FILE } from '../../durable/personal-file.js';

/** Bump when the listing's layout or JSON shape changes without a rebuild telling (the build's stamp is part of the key too). */
const VERSION = 'list-view-1';

/** `bytes`: the output's length, so a cache file cut short by a crash (cache files are not fsynced) is never printed. */
type Header = { version: string; variant: string; proof: SourceProof; bytes: number };

export type ListView = {
  /** The cached output's bytes when its sources are unchanged, else null. */
  read(): Buffer | null;
  /** Proves the sources now: call before the listing reads them. */
  prove(): SourceProof;
  save(proof: SourceProof, output: Buffer | string): void;
};

/** `build` names the code that renders (a listing from another build of mem is never reused). */
export function listView(root: string, options: { json: boolean; width: number; build: string }): ListView {
  const kind = options.json ? 'json' : options.width === 80 ? 'text-80' : 'text-terminal';
  const file = join(memoryPaths(root).cacheDir, `list-view-${kind}.txt`);
  const variant = `${options.build}\u0000${kind}\u0000${options.json ? '' : options.width}`;
  const sources = { working: join(root, WORKING_FILE), personal: join(root, PERSONAL_FILE), config: memoryPaths(root).configFile };
  const write = (proof: SourceProof, output: Buffer | string) => {
    try {
      const body = typeof output === 'string' ? Buffer.from(output) : output;
      const header: Header = { version: VERSION, variant, proof, bytes: body.length };
      writeCacheFileSync(file, Buffer.concat([Buffer.from(`${JSON.stringify(header)}\n`), body]));
    } catch {
      /* best effort: the next listing is only slower */
    }
  };
  return {
    read() {
      let bytes: Buffer;
      try {
        bytes = readFileSync(file);
      } catch {
        return null;
      }
      const newline = bytes.indexOf(10);
      if (newline < 0) return null;
      let header: Header;
      try {
        header = JSON.parse(bytes.subarray(0, newline).toString('utf8')) as Header;
      } catch {
        return null;
      }
      const body = bytes.subarray(newline + 1);
      if (header.version !== VERSION || header.variant !== variant || header.bytes !== body.length) return null;
      const check = checkProof(header.proof, sources);
      if (check === null) return null;
      if (check === 'content') {
        // Same bytes under a racy or new stamp: restamp once the stamps are settled, so the next listing only stats.
        const proof = restampedProof(header.proof, sources);
        if (proof !== null) write(proof, body);
      }
      return body;
    },
    prove: () => proveSources(sources).proof,
    save: write,
  };
}
