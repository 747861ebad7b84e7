import pino from 'pino';
import type { LogLevel } from './config.ts';

export type Logger = pino.Logger;

/**
 * One JSON line per entry: level as a word, ISO time. Lines are buffered and written
 * asynchronously; `flush()` on shutdown writes what is left.
 */
export function createLogger(level: LogLevel, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
  };
  return pino(options, destination ?? pino.destination({ dest: 1, sync: false }));
}

export const silentLogger: Logger = pino({ level: 'silent' });
