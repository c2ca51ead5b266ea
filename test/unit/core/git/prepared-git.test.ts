/**
 * A git started before its last argument (prepared-git.ts), on a real repository: it runs with
 * that argument and reports as runGit does; cancelled, it runs nothing; the argument is one line
 * passed as it is (never through a shell's parsing); idle, it never keeps Node from exiting.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { buildSync } from 'esbuild';
import { afterEach, describe, expect, it } from 'vitest';
import { prepareGit } from '../../../../src/core/git/prepared-git.js';
import { cleanupTempDirs, git, makeTempDir } from '../../../helpers/temp-repo.js';

afterEach(cleanupTempDirs);

function repository(): { dir: string; head: string } {
  const dir = makeTempDir('mem-prepared-');
  git(dir, ['init', '-q']);
  git(dir, ['-c', 'user.name=a', '-c', 'user.email=a@example.com', 'commit', '-q', '--allow-empty', '-m', 'one']);
  return { dir, head: git(dir, ['rev-parse', 'HEAD']).trim() };
}

describe('a prepared git', () => {
  it('runs with its last argument given later, and reports status and output as runGit does', async () => {
    const { dir, head } = repository();
    const prepared = prepareGit(['-C', dir, 'update-ref'], { cwd: dir });
    const created = await prepareGit(['-C', dir, 'rev-parse', '--verify'], { cwd: dir }).run('HEAD');
    expect(created).toMatchObject({ status: 0, stdout: `${head}\n`, timedOut: false });
    // Note: update-ref needs two arguments; these come as one, spaces and all (a usage error).
    expect((await prepared.run(`refs/heads/x ${head}`)).status).not.toBe(0);
    expect(git(dir, ['for-each-ref', 'refs/heads/x']).trim()).toBe('');
    const failed = await prepareGit(['-C', dir, 'rev-parse', '--verify'], { cwd: dir }).run(
      'no-such-ref; touch hacked',
    );
    expect(failed.status).not.toBe(0);
    expect(failed.stderr).toContain('fatal');
    expect(spawnSync('ls', [dir]).stdout.toString()).not.toContain('hacked');
  });

  it('runs nothing when cancelled', async () => {
    const { dir, head } = repository();
    const prepared = prepareGit(['-C', dir, 'branch', 'made-by-prepared'], { cwd: dir });
    prepared.cancel();
    // Note: once cancelled, a run starts git the usual way, so the branch exists only after it.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(git(dir, ['branch', '--list', 'made-by-prepared']).trim()).toBe('');
    expect(await prepared.run(head)).toMatchObject({ status: 0 });
    expect(git(dir, ['branch', '--list', 'made-by-prepared']).trim()).toBe('made-by-prepared');
  });

  it('is killed at its timeout, counted from the run', async () => {
    const { dir } = repository();
    const prepared = prepareGit(['-C', dir, '-c', 'alias.wait=!f() { sleep 30; }; f', 'wait'], {
      cwd: dir,
      timeoutMs: 300,
    });
    const run = await prepared.run('now');
    expect(run.timedOut).toBe(true);
    expect(run.status).not.toBe(0);
  });

  it('lets Node exit while it waits for an argument that never comes', () => {
    const { dir } = repository();
    const module = join(makeTempDir('mem-prepared-build-'), 'prepared-git.mjs');
    buildSync({
      entryPoints: [join(process.cwd(), 'src', 'core', 'git', 'prepared-git.ts')],
      bundle: true,
      format: 'esm',
      platform: 'node',
      outfile: module,
      logLevel: 'silent',
    });
    const script = `import { prepareGit } from ${JSON.stringify(module)}; prepareGit(['-C', ${JSON.stringify(dir)}, 'rev-parse'], { cwd: ${JSON.stringify(dir)} }); console.log('prepared');`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.error).toBeUndefined();
    expect(run.stdout.trim()).toBe('prepared');
    expect(run.status).toBe(0);
  });
});
