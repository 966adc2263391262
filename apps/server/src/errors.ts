import type { ResultCodeName } from '@resiport/contract';
import type { CodeParams, PhraseKey } from './i18n/phrase';

/**
 * A failure the client should see: a catalogue code, placeholders for its localized `msg`, and
 * optional `data`. Services throw it; the error handler is the only place that turns it into a reply.
 */
export class AppError extends Error {
  constructor(
    readonly codeName: Exclude<ResultCodeName, 'Success'>,
    readonly params: CodeParams = {},
    readonly data: unknown = null,
    /** A text other than the code's own (e.g. a wait in seconds rather than minutes). */
    readonly messageKey?: PhraseKey<'codes'>,
  ) {
    super(codeName);
    this.name = 'AppError';
  }
}
