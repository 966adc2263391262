import { z } from 'zod';
import { defaultLogFormat, LOG_FORMATS, LOG_LEVELS, type LogFormat, type LogLevel } from './logger';

/**
 * The logging variables the server and the standalone gateway read alike, spread into each one's
 * environment schema: the level, and `pretty` or `json` (unset: JSON under NODE_ENV=production,
 * pretty elsewhere).
 */
export const logEnvFields = {
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  LOG_FORMAT: z.preprocess((v) => (v === '' ? undefined : v), z.enum(LOG_FORMATS).optional()),
};

export interface LogEnv {
  LOG_LEVEL: LogLevel;
  LOG_FORMAT?: LogFormat | undefined;
  NODE_ENV?: string | undefined;
}

/** The logger settings the parsed variables ask for. */
export function logSettingsOf(env: LogEnv): { level: LogLevel; format: LogFormat } {
  return { level: env.LOG_LEVEL, format: env.LOG_FORMAT ?? defaultLogFormat(env.NODE_ENV) };
}
