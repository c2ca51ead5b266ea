/** A stamp record (file stamps, source proofs) as if it had been taken `seconds` later, the files untouched meanwhile. */
export function takenLater<T extends { at: string }>(record: T, seconds: number): T {
  return { ...record, at: `${BigInt(record.at) + BigInt(seconds) * 1_000_000_000n}` };
}
