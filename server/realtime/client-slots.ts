/**
 * Concurrent realtime sockets per client (the rate-limit bucket of client-address.ts), so that one
 * browser, script or runaway tab cannot hold every upstream connection the server's key allows.
 */
export class ClientSlots {
  private readonly held = new Map<string, number>();

  constructor(readonly perClient: number) {}

  /** Takes a slot for `client`; false when it already holds `perClient`. */
  take(client: string): boolean {
    const count = this.held.get(client) ?? 0;
    if (count >= this.perClient) return false;
    this.held.set(client, count + 1);
    return true;
  }

  release(client: string): void {
    const count = this.held.get(client) ?? 0;
    if (count <= 1) this.held.delete(client);
    else this.held.set(client, count - 1);
  }

  /** Sockets `client` holds. */
  count(client: string): number {
    return this.held.get(client) ?? 0;
  }
}
