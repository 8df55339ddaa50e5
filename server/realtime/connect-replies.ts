/**
 * The connection-level messages the relay sends itself before closing a browser socket, in the
 * protocol's `{cmd: "connect", code, message, data: null}` shape with the contract's texts.
 */
import { ERROR_CODES, ERROR_MESSAGES } from '#shared/contract.ts';
import { CLOSE } from './close-codes.ts';

export interface ConnectRefusal {
  /** The text frame sent first. */
  message: string;
  /** Then the close code and reason. */
  closeCode: number;
  closeReason: string;
}

function refusal(code: 1001 | 5001, closeCode: number): ConnectRefusal {
  const text = ERROR_MESSAGES[code];
  return { message: JSON.stringify({ cmd: 'connect', code, message: text, data: null }), closeCode, closeReason: text };
}

/** The upstream cannot be reached, or its handshake failed: 5001, close 1011. */
export const DATA_SOURCE_UNAVAILABLE: ConnectRefusal = refusal(ERROR_CODES.DATA_SOURCE_UNAVAILABLE, CLOSE.INTERNAL_ERROR);

/** The upstream refused the server's key at the handshake (401/403): 1001, close 1008. */
export const INVALID_SERVER_KEY: ConnectRefusal = refusal(ERROR_CODES.INVALID_KEY, CLOSE.POLICY_VIOLATION);
