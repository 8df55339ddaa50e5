/** A Lua script run by its SHA (EVALSHA), loaded again when Redis does not know it (after a restart). */
import { createHash } from 'node:crypto';
import type { RedisLink } from './redis-link.ts';

export class RedisScript {
  readonly sha: string;

  constructor(readonly lua: string) {
    this.sha = createHash('sha1').update(lua).digest('hex');
  }

  async run(link: RedisLink, keys: readonly string[], args: readonly string[]): Promise<unknown> {
    try {
      return await link.command.evalsha(this.sha, keys.length, ...keys, ...args);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
      return link.command.eval(this.lua, keys.length, ...keys, ...args);
    }
  }
}

/** Deletes a lock key only while it still holds the given value (its holder's id): KEYS[1], ARGV[1]. */
export const UNLOCK = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;
export const UNLOCK_SCRIPT = new RedisScript(UNLOCK);
