/** The subset of a pino / Fastify logger the live channel uses. */
export interface LiveLogger {
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
  debug(obj: unknown, msg?: string): void;
}

/** A logger that drops everything (handy in tests). */
export const silentLogger: LiveLogger = {
  info() {},
  warn() {},
  error() {},
  debug() {},
};
