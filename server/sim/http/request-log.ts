/**
 * A bounded log of the simulator's answers, readable through the control path: tests use it to
 * count requests and to prove the dashboard waited out a Retry-After. Keys are recorded only by
 * their demo name, never a real key (a real key never reaches the simulator).
 */
export interface LogEntry {
  at: number;
  key: string | undefined;
  path: string;
  status: number;
  code: number;
}

export class RequestLog {
  private readonly items: LogEntry[] = [];

  constructor(private readonly capacity: number) {}

  add(entry: LogEntry): void {
    this.items.push(entry);
    if (this.items.length > this.capacity) this.items.splice(0, this.items.length - this.capacity);
  }

  entries(path?: string): LogEntry[] {
    return path === undefined ? [...this.items] : this.items.filter((entry) => entry.path === path);
  }
}
