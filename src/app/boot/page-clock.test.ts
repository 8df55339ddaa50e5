// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { createServerClock } from '../../time/server-clock';
import { applyPageClock, readPageClock } from './page-clock';

function pageWith(content: string | null): ParentNode {
  const head = document.createElement('head');
  head.innerHTML = content === null ? '<meta name="other" content="1">' : `<meta name="chartroom-clock" content="${content}">`;
  return head;
}

describe('the page clock', () => {
  it('reads the stamped milliseconds, and nothing from a missing or bad stamp', () => {
    expect(readPageClock(pageWith('1772463600000'))).toBe(1_772_463_600_000);
    expect(readPageClock(pageWith(null))).toBeUndefined();
    expect(readPageClock(pageWith('soon'))).toBeUndefined();
    expect(readPageClock(pageWith(''))).toBeUndefined();
    expect(readPageClock(pageWith('-5'))).toBeUndefined();
  });

  it("sets the data's clock from the stamp before any API answer", () => {
    const clock = createServerClock();
    expect(applyPageClock(clock, pageWith(null))).toBe(false);
    expect(clock.known()).toBe(false);
    const shifted = Date.parse('2026-03-02T15:00:00Z');
    const browserNow = Date.now();
    expect(applyPageClock(clock, pageWith(String(shifted)), browserNow)).toBe(true);
    expect(clock.known()).toBe(true);
    const elapsed = Date.now() - browserNow;
    expect(clock.now() - shifted).toBeGreaterThanOrEqual(0);
    expect(clock.now() - shifted).toBeLessThanOrEqual(elapsed + 5);
  });
});
