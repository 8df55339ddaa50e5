/**
 * Log lines written in batches. Writing to stdout is synchronous when it is a pipe or a file (as
 * under a process manager), so one write per request line costs a system call on the request
 * path; the lines of a busy moment are instead gathered and written together, at most
 * `maxDelayMs` later (or at once past `maxBufferedChars`). Whoever owns the process calls
 * `flush()` before exiting so that no line is lost.
 */
export interface BufferedLog {
  /** Queues one line (a newline is added). */
  write: (line: string) => void;
  /** Writes every queued line now. */
  flush: () => void;
}

export interface BufferedLogOptions {
  maxDelayMs?: number;
  maxBufferedChars?: number;
}

export function createBufferedLog(sink: (text: string) => void, options: BufferedLogOptions = {}): BufferedLog {
  const maxDelayMs = options.maxDelayMs ?? 50;
  const maxBufferedChars = options.maxBufferedChars ?? 64 * 1024;
  let pending: string[] = [];
  let chars = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const flush = (): void => {
    if (timer !== undefined) {
      clearTimeout(timer);
      timer = undefined;
    }
    if (pending.length === 0) return;
    const text = `${pending.join('\n')}\n`;
    pending = [];
    chars = 0;
    sink(text);
  };

  return {
    write: (line) => {
      pending.push(line);
      chars += line.length + 1;
      if (chars >= maxBufferedChars) {
        flush();
        return;
      }
      if (timer === undefined) {
        timer = setTimeout(flush, maxDelayMs);
        // Queued lines never keep the process alive; exit paths flush them.
        timer.unref();
      }
    },
    flush,
  };
}
