/**
 * What durable memory needs from team sharing. Durable code never imports the team capability:
 * the composers (cli/, turn/) hand it this port, built by team/ (`teamSharedMemory`).
 */
export type SharedMemoryPort = {
  /** Records a change of shared memory on the local team ref; returns warnings, never throws. */
  commitSharedChange: (root: string) => Promise<string[]>;
  /** Records ids as forgotten so no merge brings them back; returns the ids now tombstoned. */
  addLocalTombstones: (root: string, ids: readonly string[]) => string[];
  /** Returns id → the team commit that last added or changed the entry; never throws. */
  readEntryCommits: (root: string, branch: string) => Map<string, string>;
};
