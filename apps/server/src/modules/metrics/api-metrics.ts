import { Registry } from 'prom-client';
import { createHttpInstruments, type HttpInstruments } from './http-metrics';
import { JobMetrics } from './job-metrics';

/**
 * The API process's metrics: one registry per app context (tests build several apps in one process,
 * so nothing goes to prom-client's global registry). Request and job figures are recorded here as they
 * happen; process, database and invoice figures are collected only by the listener, at scrape.
 */
export interface ApiMetrics {
  registry: Registry;
  http: HttpInstruments;
  jobs: JobMetrics;
}

export function createApiMetrics(): ApiMetrics {
  const registry = new Registry();
  return { registry, http: createHttpInstruments(registry), jobs: new JobMetrics(registry) };
}
