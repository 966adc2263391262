export { createLogger, defaultLogFormat, LOG_FORMATS, LOG_LEVELS } from './logger';
export type { LogFormat, LoggerSettings, LogLevel } from './logger';
export { logEnvFields, logSettingsOf, type LogEnv } from './log-env';
