import { AppError } from '../errors';
import { phrase } from '../i18n/phrase';

/**
 * Runs a service call for the command line, where a refusal must read as a sentence: an AppError
 * becomes an Error with the code's English text (what the API would answer in `msg`).
 */
export async function inEnglish<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    throw new Error(phrase('en-us', 'codes', error.messageKey ?? error.codeName, error.params), {
      cause: error,
    });
  }
}
