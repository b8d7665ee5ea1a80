import { DEFAULT_STORAGE_RESERVE, type DiskFaults, freeBytes } from './disk';

/** The files service: the data folder uploads are written under, and the disk space kept free. */
export class Files {
  /** Uploads that would leave less than this free are refused with 507 (docs/storage.md). */
  readonly reserveBytes: number;

  constructor(
    readonly dataDir: string,
    reserveBytes: number | undefined,
    /** Tests only: writes fail the way a full disk fails (disk.ts). */
    readonly faults?: DiskFaults,
  ) {
    this.reserveBytes = reserveBytes ?? DEFAULT_STORAGE_RESERVE;
  }

  /** Whether `size` more bytes under `dir` keep the reserve free; `free` for the log line. */
  async roomFor(dir: string, size: number): Promise<{ fits: boolean; free: number }> {
    const free = await freeBytes(dir);
    return { fits: free - size >= this.reserveBytes, free };
  }
}
