import type { ResultCodeName } from '@resiport/contract';
import type { MessageKey } from './i18n/messages';
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
    /** A text other than the code's own (e.g. a wait in seconds rather than minutes). */
    readonly messageKey?: MessageKey,
  ) {
    super(codeName);
    this.name = 'AppError';
  }
}
