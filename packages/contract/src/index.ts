export * from './result-codes';
export * from './envelope';
export * from './locale';
export * from './validation-messages';
export * from './rules';
export * from './account';
export * from './health';
export * from './money';
