/**
 * `mem search` (dispatched by bin/run.js before oclif loads): oclif alone costs ~0.4× `node -e 0`
 * of the 2× warm-search budget at 1k entries. The oclif command (cli/commands/search.ts) is its
 * help (`--help` goes there) and runs this too.
 */
import { EXIT } from '../../core/errors.js';
import { highlightStyleFor, runSearchRequest } from '../../search/search-cli.js';
import { finishIndexRefresh, REFRESH_INDEX_ARG } from '../../search/index-refresh.js';
import { refreshSearchIndex } from '../../search/search-memory.js';
import { terminalProgress } from '../terminal-progress.js';
import { SEARCH_FLAGS } from '../flags/search-flags.js';
import { parseCommandLine } from '../flags/parse-command-line.js';

/** Runs `mem search` with `argv` (after "search"), writes its output, and returns the exit code; never throws. */
export async function runSearchCli(argv: string[]): Promise<number> {
  if (argv[0] === REFRESH_INDEX_ARG) {
    // Internal: started detached by the prompt hook or SessionStart (search/index-refresh.ts); prints nothing.
    try {
      await refreshSearchIndex(process.cwd());
    } finally {
      finishIndexRefresh(process.env);
    }
    return EXIT.ok;
  }
  const line = parseCommandLine('search', argv, SEARCH_FLAGS, true);
  if ('refusal' in line) {
    process.stderr.write(line.refusal);
    return EXIT.usage;
  }
  const query = line.positionals.join(' ');
  if (query.trim() === '') {
    process.stderr.write(
      'mem search: a query is needed: the words to look for, e.g. mem search "docker db tests"\n  hint: mem search --help lists its flags and arguments.\n',
    );
    return EXIT.usage;
  }
  const { values } = line;
  const parsed = {
    query,
    json: values.json === true,
    limit: Number(values.limit),
    ...(values.section === undefined ? {} : { section: values.section }),
    ...(values.kind === undefined ? {} : { kinds: values.kind }),
    ...(values.since === undefined ? {} : { since: values.since }),
  };
  // Note: a first search (or one after the cache was dropped) builds the index; a terminal sees how far.
  const progress = terminalProgress(process.stderr, 'mem search', process.env);
  let output;
  try {
    output = await runSearchRequest({
      ...parsed,
      cwd: process.cwd(),
      style: parsed.json ? 'plain' : highlightStyleFor(process.stdout.isTTY === true, process.env),
      progress: progress.report,
    });
  } finally {
    progress.stop();
  }
  if (output.stderr) process.stderr.write(output.stderr);
  if (output.stdout) await new Promise<void>((resolve) => process.stdout.write(output.stdout, () => resolve()));
  return output.exitCode;
}
