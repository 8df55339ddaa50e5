/**
 * A notification's words in the language of the device it goes to (the device's language when it
 * subscribed): the few phrases a trigger needs, in the app's languages. Indicator conditions are
 * written in English in every language for now (their text comes from the shared library).
 */
import type { RecordedTrigger } from './delivery-outbox.ts';
import { conditionText } from './webhook/webhook-message.ts';

type Script = 'en' | 'hans' | 'hant';

const scriptOf = (language: string): Script => (language === 'zh-CN' ? 'hans' : language === 'zh-TW' || language === 'zh-HK' ? 'hant' : 'en');

interface Phrases {
  up: string;
  down: string;
  move: (percent: string, base: string) => string;
  dayUp: string;
  dayDown: string;
  screen: (name: string) => string;
  price: string;
}

const PHRASES: Record<Exclude<Script, 'en'>, Phrases> = {
  hans: {
    up: '向上突破',
    down: '向下跌破',
    move: (percent, base) => `较 ${base} 变动 ${percent}%`,
    dayUp: '日内上涨',
    dayDown: '日内下跌',
    screen: (name) => `进入筛选「${name}」`,
    price: '价格',
  },
  hant: {
    up: '向上突破',
    down: '向下跌破',
    move: (percent, base) => `較 ${base} 變動 ${percent}%`,
    dayUp: '日內上漲',
    dayDown: '日內下跌',
    screen: (name) => `進入篩選「${name}」`,
    price: '價格',
  },
};

/** The title and body of a trigger's notification for a device in `language`. */
export function pushTexts(trigger: RecordedTrigger, language: string): { title: string; body: string } {
  const time = `${new Date(trigger.time).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const price = String(trigger.price);
  const script = scriptOf(language);
  if (script === 'en' || trigger.condition.kind === 'indicator')
    return { title: `${trigger.symbol} ${conditionText(trigger.condition, trigger.crossing)}`, body: `Price ${price} at ${time}` };
  const phrases = PHRASES[script];
  const { condition } = trigger;
  const up = trigger.crossing === 'up';
  const what =
    condition.kind === 'move'
      ? phrases.move(String(condition.percent), String(condition.base))
      : condition.kind === 'dayMove'
        ? `${up ? phrases.dayUp : phrases.dayDown} ${String(condition.percent)}%`
        : condition.kind === 'screen'
          ? phrases.screen(condition.name)
          : `${up ? phrases.up : phrases.down} ${String(condition.level)}`;
  return { title: `${trigger.symbol} ${what}`, body: `${phrases.price} ${price}（${time}）` };
}
