/**
 * WebSocket close codes the relay uses, and how an upstream close is passed on to the browser:
 * only codes a server may send go through as they are, reasons are cut to the 123 bytes a close
 * frame can carry.
 */
export const CLOSE = {
  NORMAL: 1000,
  GOING_AWAY: 1001,
  UNSUPPORTED_DATA: 1003,
  POLICY_VIOLATION: 1008,
  MESSAGE_TOO_BIG: 1009,
  INTERNAL_ERROR: 1011,
  SERVICE_RESTART: 1012,
  TRY_AGAIN_LATER: 1013,
} as const;

/** A close frame's payload is at most 125 bytes, two of which hold the code. */
export const MAX_CLOSE_REASON_BYTES = 123;

const PASSED_THROUGH: ReadonlySet<number> = new Set([
  CLOSE.NORMAL,
  CLOSE.GOING_AWAY,
  CLOSE.POLICY_VIOLATION,
  CLOSE.INTERNAL_ERROR,
  CLOSE.SERVICE_RESTART,
  CLOSE.TRY_AGAIN_LATER,
]);

/**
 * The code the browser sees when the upstream closed with `upstreamCode`: the same when a server
 * may send it (1000, 1001, 1008, 1011-1013, application codes 4000-4999), else 1011. Codes that
 * describe the relay's own link (1005 no status, 1006 abnormal, 1009 too big, ...) are not the
 * browser's business.
 */
export function browserCloseCode(upstreamCode: number): number {
  if (PASSED_THROUGH.has(upstreamCode)) return upstreamCode;
  if (Number.isInteger(upstreamCode) && upstreamCode >= 4000 && upstreamCode <= 4999) return upstreamCode;
  return CLOSE.INTERNAL_ERROR;
}

/** `reason` cut to at most 123 UTF-8 bytes, never inside a character. */
export function closeReason(reason: string): string {
  if (Buffer.byteLength(reason) <= MAX_CLOSE_REASON_BYTES) return reason;
  let cut = '';
  let bytes = 0;
  for (const character of reason) {
    const size = Buffer.byteLength(character);
    if (bytes + size > MAX_CLOSE_REASON_BYTES) break;
    cut += character;
    bytes += size;
  }
  return cut;
}
