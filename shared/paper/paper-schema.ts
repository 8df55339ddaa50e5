/**
 * The paper account as data that crosses a trust boundary (local storage, another tab's or
 * device's records): the account's state (cash, positions, orders, settings) and each fill of the
 * log are checked on their own, so a damaged fill costs that line only.
 */
import * as z from '../schema.ts';
import { PRODUCT_TYPES } from '../contract.ts';
import { CURRENCIES, MAX_PAPER_ORDERS, MAX_PAPER_POSITIONS, type Fill, type PaperAccount } from './paper-model.ts';

const finite = z.number();
const positive = z.number().check((value) => (value > 0 ? undefined : 'expected a number above 0'));
const nonNegative = z.number().check(z.minimum(0));
const wholePositive = z.int().check(z.minimum(1));
const symbol = z.string().check(z.minLength(1), z.maxLength(32));
const id = z.string().check(z.minLength(1), z.maxLength(80));
const type = z.optional(z.enum(PRODUCT_TYPES));
const side = z.enum(['buy', 'sell'] as const);
const currency = z.enum(CURRENCIES);

const feeRule = z.object({ rate: nonNegative.check(z.maximum(0.1)), minimum: nonNegative });

export const paperSettingsSchema = z.object({
  startingCash: z.object({ USD: positive, HKD: positive, CNY: positive }),
  fees: z.object({ US: feeRule, HK: feeRule, CN: feeRule, GLOBAL: feeRule }),
});

const workingOrderSchema = z.object({
  id,
  symbol,
  type,
  side,
  kind: z.enum(['market', 'limit', 'stop'] as const),
  quantity: wholePositive,
  lotSize: wholePositive,
  price: positive,
  placedAt: nonNegative,
  opensAt: z.optional(nonNegative),
});

const positionSchema = z.object({
  symbol,
  type,
  currency,
  quantity: z.int().check((value) => (value !== 0 ? undefined : 'an open position is not 0')),
  averagePrice: positive,
  openFees: nonNegative,
});

/** The account without its log (the fills are records of their own). */
export const paperStateSchema = z.object({
  settings: paperSettingsSchema,
  cash: z.object({ USD: finite, HKD: finite, CNY: finite }),
  positions: z.array(positionSchema).check(z.maxLength(MAX_PAPER_POSITIONS)),
  orders: z.array(workingOrderSchema).check(z.maxLength(MAX_PAPER_ORDERS)),
  marks: z.record(z.string(), positive),
  startedAt: nonNegative,
});

export const paperFillSchema = z.object({
  id,
  orderId: id,
  time: nonNegative,
  symbol,
  type,
  currency,
  side,
  kind: z.enum(['market', 'limit', 'stop'] as const),
  quantity: wholePositive,
  price: positive,
  fee: nonNegative,
  closed: z.optional(z.object({ quantity: wholePositive, pnl: finite })),
  positionAfter: z.int(),
  averageAfter: nonNegative,
  cashAfter: finite,
  equityAfter: finite,
});

export type PaperState = Omit<PaperAccount, 'fills'>;

/** The schemas' outputs are the model's types (checked at compile time). */
export const asPaperState = (value: z.infer<typeof paperStateSchema>): PaperState => value;
export const asFill = (value: z.infer<typeof paperFillSchema>): Fill => value;
