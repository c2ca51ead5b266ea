/** The team capability as durable memory sees it (see core/shared-memory-port.ts). */
import type { SharedMemoryPort } from '../core/shared-memory-port.js';
import { commitSharedChange } from './commit-shared-change.js';
import { readEntryCommits } from './entry-commits.js';
import { addLocalTombstones } from './tombstones.js';

export const teamSharedMemory: SharedMemoryPort = { commitSharedChange, addLocalTombstones, readEntryCommits };
