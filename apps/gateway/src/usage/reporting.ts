import type { GatewayLogger } from '../log';
import type { ServerClient } from '../server-client';
import { UsageJournal } from './journal';
import { UsageReporter, type ReporterOptions } from './reporter';

/** The usage journal is rewritten with only what is unacknowledged once it grows past this. */
const JOURNAL_MAX_BYTES = 16 * 1024 * 1024;

export interface UsageReporting {
  reporter: UsageReporter;
  /** After the last flush: the last checkpoint written, the journal closed. */
  stop(): Promise<void>;
}

/**
 * The usage reporter, journaled when `journal` names a file (usage/journal.ts): what an earlier
 * process on that file left unacknowledged is queued first and sent at once under its own ids, and
 * the usage not yet in a batch is checkpointed every `checkpointMs`.
 */
export async function startUsageReporting(options: {
  client: ServerClient;
  instanceId: string;
  journal: string | undefined;
  checkpointMs: number;
  log: GatewayLogger;
  onAcked: NonNullable<ReporterOptions['onAcked']>;
  onError: NonNullable<ReporterOptions['onError']>;
}): Promise<UsageReporting> {
  const { log } = options;
  const journaled = options.journal ? await UsageJournal.open(options.journal, JOURNAL_MAX_BYTES) : undefined;
  const reporter = new UsageReporter({
    client: options.client,
    instanceId: options.instanceId,
    ...(journaled ? { journal: journaled.journal } : {}),
    onAcked: options.onAcked,
    onError: options.onError,
  });
  if (!journaled) return { reporter, stop: () => Promise.resolve() };

  if (journaled.recovered.length > 0) {
    reporter.recover(journaled.recovered);
    log.warn(
      { batches: journaled.recovered.length },
      'usage an earlier process did not report: sending it now',
    );
    void reporter.flush();
  }
  const checkpoint = () =>
    reporter
      .checkpoint()
      .catch((e: unknown) => log.warn({ err: (e as Error).message }, 'usage journal not written'));
  const timer = setInterval(() => void checkpoint(), options.checkpointMs);
  return {
    reporter,
    stop: async () => {
      clearInterval(timer);
      await checkpoint();
      await journaled.journal.close();
    },
  };
}
