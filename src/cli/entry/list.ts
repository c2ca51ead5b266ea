/**
 * Fast path for `mem list` (dispatched by bin/run.js before oclif loads): oclif's start-up alone
 * was ~0.7× `node -e 0` of the 2.5× budget, which a year-old team's 3,000 entries need for reading
 * and layout. It takes the documented flags in their usual shapes (`--json`, `--personal`,
 * `--section X`, `--section=X`, `-s X`); anything else (`--help`, an unknown flag, a stray
 * argument) returns null and bin/run.js hands the same argv to the oclif command, so errors and
 * help read exactly as before. Output and exit codes are the oclif command's.
 */
import { describeError, EXIT, isMemError } from '../../core/errors.js';
import { fileStamp } from '../../core/files/file-stamp.js';
import { requireSetUp } from '../../core/set-up.js';
import { outputWidth } from '../../core/text/output-width.js';
import type { ListRequest } from '../list/list-output.js';
import { listView } from '../list/list-view-cache.js';
import { printListing } from '../list/page-output.js';

/** This build of mem (the bundle's stamp), so a kept listing is never printed by a build that lays it out differently. */
const BUILD = typeof __filename === 'string' ? fileStamp(__filename) : 'source';

type Flags = Omit<ListRequest, 'cwd' | 'width'>;

/** Returns the flags `argv` (after "list") gives, or null when oclif should parse it. */
export function parseListArgv(argv: readonly string[]): Flags | null {
  const flags: Flags = { json: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--json') flags.json = true;
    else if (arg === '--personal') flags.personal = true;
    else if (arg === '--section' || arg === '-s') {
      const value = argv[++i];
      // Note: a missing value or one that looks like a flag is oclif's to explain.
      if (value === undefined || value.startsWith('-') || flags.section !== undefined) return null;
      flags.section = value;
    } else if (arg.startsWith('--section=') && arg.length > '--section='.length && flags.section === undefined) flags.section = arg.slice('--section='.length);
    else return null;
  }
  return flags;
}

/** Runs `mem list <argv>`: its exit code, or null when the oclif command should run it instead; never throws. */
export async function runListCli(argv: string[]): Promise<number | null> {
  const flags = parseListArgv(argv);
  if (flags === null) return null;
  // Note: `mem list | head` closes the pipe early; like oclif (and git), stop quietly, not with a stack trace.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
  });
  try {
    const cwd = process.cwd();
    const width = outputWidth(process.stdout);
    const root = requireSetUp(cwd);
    // An unchanged memory lists from the kept output (cli/list/list-view-cache.ts): no parse, no layout.
    const view = flags.section === undefined && flags.personal !== true ? listView(root, { json: flags.json, width, build: BUILD }) : null;
    const kept = view?.read() ?? null;
    if (kept !== null) {
      await printListing(kept, flags);
      return EXIT.ok;
    }
    const proof = view?.prove();
    // Note: inlined in the bundle and initialised only here, so a kept listing never pays for it.
    const { listOutput } = await import('../list/list-output.js');
    const output = await listOutput({ ...flags, cwd, width });
    for (const warning of output.warnings) process.stderr.write(warning);
    // Note: encoded once, for the kept copy and for stdout (4 MB at 20,000 entries).
    const bytes = Buffer.from(output.stdout);
    if (view !== null && proof !== undefined && output.cacheable) view.save(proof, bytes);
    await printListing(bytes, flags);
    return EXIT.ok;
  } catch (error) {
    process.stderr.write(`mem list: ${describeError(error)}\n`);
    return isMemError(error) ? error.exitCode : EXIT.failure;
  }
}

