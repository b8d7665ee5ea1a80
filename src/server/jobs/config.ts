import type { z } from 'zod';
import { envInt } from '../env-int';

/** The durable jobs' timings (AppConfig.jobs); tests shorten them. */
export interface JobsConfig {
  /** The lease of a running job, renewed while it runs (both engines); a killed process's job waits this long. */
  leaseSeconds: number;
  /** PostgreSQL: how often pg-boss's maintenance expires dead tries and moves jobs on. */
  maintenanceSeconds: number;
}

export const defaultJobsConfig: JobsConfig = { leaseSeconds: 15, maintenanceSeconds: 30 };

/** Merged into config.ts's environment schema. */
export const jobsEnvShape = {
  LECTERN_JOBS_LEASE_SECONDS: envInt(3, 3600).default(defaultJobsConfig.leaseSeconds),
  LECTERN_JOBS_MAINTENANCE_SECONDS: envInt(1, 3600).default(defaultJobsConfig.maintenanceSeconds),
};

type JobsEnv = z.output<z.ZodObject<typeof jobsEnvShape>>;

export const jobsConfigFromEnv = (e: JobsEnv): JobsConfig => ({
  leaseSeconds: e.LECTERN_JOBS_LEASE_SECONDS,
  maintenanceSeconds: e.LECTERN_JOBS_MAINTENANCE_SECONDS,
});
