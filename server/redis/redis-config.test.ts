import { describe, expect, it } from 'vitest';
import { sharingConfigFrom } from '../config.ts';

describe('REDIS_URL', () => {
  it('is off unless set, and taken as given when it is a redis:// or rediss:// URL', () => {
    expect(sharingConfigFrom({}).redisUrl).toBeUndefined();
    expect(sharingConfigFrom({ REDIS_URL: ' ' }).redisUrl).toBeUndefined();
    expect(sharingConfigFrom({ REDIS_URL: 'redis://:secret@cache:6379/2' }).redisUrl).toBe('redis://:secret@cache:6379/2');
    expect(sharingConfigFrom({ REDIS_URL: 'rediss://cache.example:6380' }).redisUrl).toBe('rediss://cache.example:6380');
  });

  it('refuses anything else without repeating the URL (it may hold a password)', () => {
    for (const url of ['http://cache:6379', 'cache:6379', 'not a url :pw@']) {
      expect(() => sharingConfigFrom({ REDIS_URL: url })).toThrow('REDIS_URL must be a redis:// or rediss:// URL');
      try {
        sharingConfigFrom({ REDIS_URL: 'http://user:hunter2@cache' });
      } catch (error) {
        expect(String(error)).not.toContain('hunter2');
      }
    }
  });
});
