/**
 * The frames one event-loop turn sends to a browser that reads arrays (it asked with `?batch=1`),
 * sent as one JSON array at the turn's end: a round of pushes (the simulator's second, an upstream
 * chunk) reaches the page as one message, one task of its main thread instead of one per push
 * (a 300-symbol watchlist got 230 frames a second). It costs no latency: the turn is not a timer.
 * A lone frame goes as it is; the AsyncAPI's full-market channels send such arrays too
 * ("arrays of up to 500 messages", tickerBatch), and so many are the most one array carries here.
 */
export const MAX_BATCH_MESSAGES = 500;

export class TurnBatch {
  private texts: string[] = [];

  constructor(private readonly write: (text: string) => void) {}

  add(text: string): void {
    if (this.texts.length === 0) process.nextTick(this.flush);
    this.texts.push(text);
    if (this.texts.length >= MAX_BATCH_MESSAGES) this.flush();
  }

  /** Sends what the turn gathered (before a close frame too: a refusal's reply must precede it). */
  readonly flush = (): void => {
    const texts = this.texts;
    if (texts.length === 0) return;
    this.texts = [];
    this.write(texts.length === 1 ? (texts[0] as string) : `[${texts.join(',')}]`);
  };
}
