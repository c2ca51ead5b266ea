/** Team memory written straight onto a remote's team ref (git fast-import), for tests that need thousands of entries. */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { git, testEnv } from './temp-repo.js';

export const BULK_SECTIONS = ['Conventions', 'Commands', 'Gotchas'];

const entryPath = (id: string) => `entries/${createHash('sha1').update(id).digest('hex').slice(0, 2)}/${id}.json`;

/** The text of bulk entry `i`. */
export const bulkText = (i: number) => `Rule ${i}: the service-${i} checks run with make verify-${i} before a release.`;

/** One team commit on `remote`'s team ref that adds `count` entries (bulkText), spread over three sections. */
export function addBulkEntries(remote: string, count: number): void {
  const head = git(remote, ['rev-parse', 'refs/mem/team']);
  const message = `mem: ${count} memory changes\n`;
  const chunks = [
    `commit refs/mem/team\nauthor Erin <erin@example.com> 1750000000 +0000\ncommitter Erin <erin@example.com> 1750000000 +0000\ndata ${Buffer.byteLength(message)}\n${message}from ${head}\n`,
  ];
  for (let i = 0; i < count; i += 1) {
    const content = `${JSON.stringify({ section: BULK_SECTIONS[i % 3], text: bulkText(i) }, null, 2)}\n`;
    chunks.push(
      `M 100644 inline ${entryPath(`mbulk${String(i).padStart(6, '0')}`)}\ndata ${Buffer.byteLength(content)}\n${content}\n`,
    );
  }
  execFileSync('git', ['fast-import', '--quiet', '--date-format=raw'], {
    cwd: remote,
    input: chunks.join(''),
    env: testEnv(),
    stdio: ['pipe', 'ignore', 'pipe'],
  });
}
