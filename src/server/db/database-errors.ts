// Faults of the database, told apart from bugs: the request gets 503 with Retry-After and a
// reason the client can act on (keep the words on the device and try again), and the log gets
// one line without the SQL. A bug stays a 500.

export type UnavailableReason = 'unreachable' | 'timeout' | 'disk-full' | 'failed';

const MESSAGES: Record<UnavailableReason, string> = {
  unreachable: 'The database cannot be reached right now; please try again shortly',
  timeout: 'The database took too long to answer; please try again shortly',
  'disk-full': "The server's disk is full, so nothing was saved there; please try again later",
  failed: 'The server cannot write safely right now and is restarting; please try again shortly',
};

/** Seconds a client should wait before trying again, per reason. */
const RETRY_AFTER_SECONDS: Record<UnavailableReason, number> = {
  unreachable: 2,
  timeout: 2,
  'disk-full': 30,
  failed: 5,
};

export class DatabaseUnavailableError extends Error {
  readonly reason: UnavailableReason;
  readonly retryAfterSeconds: number;
  constructor(reason: UnavailableReason, options?: { cause?: unknown }) {
    super(MESSAGES[reason], options);
    this.name = 'DatabaseUnavailableError';
    this.reason = reason;
    this.retryAfterSeconds = RETRY_AFTER_SECONDS[reason];
  }
}

type Classifier = (error: unknown) => UnavailableReason | null;
const classifiers: Classifier[] = [];

/** Teaches `databaseUnavailable` one more kind of fault (each dialect registers its own). */
export function recogniseDatabaseFault(classifier: Classifier): void {
  classifiers.push(classifier);
}

/** The fault behind `error` when it is one (checked through `cause`), else null. */
export function databaseUnavailable(error: unknown): DatabaseUnavailableError | null {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (current instanceof DatabaseUnavailableError) return current;
    for (const classify of classifiers) {
      const reason = classify(current);
      if (reason) return new DatabaseUnavailableError(reason, { cause: error });
    }
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** A unique constraint refused a row (two of the same at once): the caller's conflict, not a fault. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : '';
  return code === '23505' || /UNIQUE constraint failed/i.test(message);
}
