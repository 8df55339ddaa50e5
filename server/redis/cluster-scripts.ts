/**
 * The cluster feed's Lua scripts (leader lock, fencing, registration and liveness, all on Redis's
 * clock) and the encoding of what the leader publishes.
 */
import { RedisScript } from './redis-script.ts';

/**
 * KEYS: leader, token counter. ARGV: instance, ttl, newest token seen. The new token; or, while
 * another instance holds the lock, minus its token (followers learn it before its first frame).
 */
export const ACQUIRE = new RedisScript(`
local holder = redis.call('GET', KEYS[1])
if holder then return -(tonumber(string.match(holder, ':(%d+)$')) or 0) end
local token = redis.call('INCR', KEYS[2])
if token <= tonumber(ARGV[3]) then
  token = tonumber(ARGV[3]) + 1
  redis.call('SET', KEYS[2], token)
end
redis.call('SET', KEYS[1], ARGV[1] .. ':' .. token, 'PX', ARGV[2])
return token
`);

/** KEYS: leader. ARGV: holder (`instance:token`), ttl. 1 while still ours. */
export const RENEW = new RedisScript(`
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('PEXPIRE', KEYS[1], ARGV[2]) return 1 end
return 0
`);

/** KEYS: leader, channel. ARGV: holder, message. Publishes only while the lock names the holder. */
export const FENCED_PUBLISH = new RedisScript(`
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('PUBLISH', KEYS[2], ARGV[2]) return 1 end
return 0
`);

/**
 * KEYS: this instance's subscriptions, instances (sorted set), subs-changed channel. ARGV: instance,
 * subscriptions (JSON), ttl, announce (1/0). Writes the subscriptions and this instance's heartbeat
 * on Redis's clock (TIME: the instances' own clocks may disagree), forgets instances silent for
 * the ttl, and returns how many are alive.
 */
export const REGISTER = new RedisScript(`
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local ttl = tonumber(ARGV[3])
redis.call('SET', KEYS[1], ARGV[2], 'PX', ttl)
redis.call('ZADD', KEYS[2], now, ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now - ttl)
if ARGV[4] == '1' then redis.call('PUBLISH', KEYS[3], ARGV[1]) end
return redis.call('ZCARD', KEYS[2])
`);

/** KEYS: instances. ARGV: ttl. The instances heard from within the ttl, on Redis's clock. */
export const LIVE_INSTANCES = new RedisScript(`
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - tonumber(ARGV[1]))
return redis.call('ZRANGE', KEYS[1], 0, -1)
`);

export const INSTANCE_TTL_MS = 5_000;

/** `token f<frame>` or `token c<code> <reason>`. */
export function encode(token: number, kind: 'f' | 'c', body: string): string {
  return `${token} ${kind}${body}`;
}
