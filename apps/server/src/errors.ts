import type { ResultCodeName } from '@resiport/contract';
import type { MessageParams } from './i18n/translate';

/**
 * A failure the client should see: a catalogue code, placeholders for its localized `msg`, and
 * optional `data`. Services throw it; the error handler is the only place that turns it into a reply.
 */
export class AppError extends Error {
  constructor(
    readonly codeName: Exclude<ResultCodeName, 'Success'>,
    readonly params: MessageParams = {},
    readonly data: unknown = null,
  ) {
    super(codeName);
    this.name = 'AppError';
  }
}
