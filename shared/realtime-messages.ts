/**
 * The realtime protocol's frames, spoken by the simulator and by the server's own replies to
 * browsers: parsing what a client sends (4001/4002 when it is not a command) and writing replies
 * `{cmd, code, message, data}` with the contract's §7 texts.
 */
import { ERROR_MESSAGES, type ErrorCode } from './contract.ts';

export interface SubscriptionCommand {
  cmd: 'subscribe' | 'unsubscribe';
  /** Unchecked: the session answers 2001 for values outside the protocol. */
  channel: string;
  symbols: string[];
  type: unknown;
}

export type ClientCommand = { cmd: 'ping' } | SubscriptionCommand;

export type Parsed = { command: ClientCommand } | { reply: string };

export function reply(cmd: string, code: number, message: string, data: unknown): string {
  return JSON.stringify({ cmd, code, message, data });
}

/** An error reply: the contract's text, with `: detail` for 2001 as §7 writes it. */
export function errorReply(cmd: string, code: ErrorCode, data: unknown = null, detail?: string): string {
  return reply(cmd, code, detail ? `${ERROR_MESSAGES[code]}: ${detail}` : ERROR_MESSAGES[code], data);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function parseClientMessage(text: string): Parsed {
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return { reply: errorReply('unknown', 4002) };
  }
  if (!isRecord(message) || typeof message.cmd !== 'string') return { reply: errorReply('unknown', 4002) };
  const { cmd, data } = message;
  if (cmd === 'ping') return { command: { cmd } };
  if (cmd !== 'subscribe' && cmd !== 'unsubscribe') return { reply: errorReply(cmd, 4001) };
  if (!isRecord(data) || typeof data.channel !== 'string' || !Array.isArray(data.symbols)) return { reply: errorReply(cmd, 4002) };
  const symbols: unknown[] = data.symbols;
  if (!symbols.every((symbol) => typeof symbol === 'string')) return { reply: errorReply(cmd, 4002) };
  return { command: { cmd, channel: data.channel, symbols, type: data.type } };
}
