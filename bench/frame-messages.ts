/**
 * The messages of one WebSocket text frame from the Chartroom server: the frame itself, or the
 * array of a turn's messages a browser asking as the app does (`?batch=1`) gets
 * (server/realtime/turn-batch.ts), each as its own JSON text.
 */
export function messagesOf(payload: string): string[] {
  return payload.startsWith('[') ? (JSON.parse(payload) as unknown[]).map((message) => JSON.stringify(message)) : [payload];
}
