/**
 * Whether a pair of values (the line, what it is against) fires the condition's operator, given the
 * pairs before it. The crossing operators keep crossing.ts's memory (the side the line was last
 * strictly on, and whether touching the other line was already reported): the first pair only
 * tells the side, a jump over counts, touching counts once. The other line may move: the memory
 * holds a side, not a level. `above` / `below` fire when the comparison becomes true (after a
 * false one: the first pair only tells whether it holds), not on every pair that it holds.
 * Pairs with an undefined value (an indicator warming up) are not evaluated: they are not given.
 */
import type { Crossing } from './alert-model.ts';
import { counts, step, type LevelMemory } from './crossing.ts';
import type { ConditionOperator } from './indicator-condition.ts';

const CROSSING_DIRECTION = { 'crosses-above': 'up', 'crosses-below': 'down', crosses: 'either' } as const;

export class ConditionTrigger {
  private memory: LevelMemory | undefined;
  /** above / below: whether the comparison held at the last pair (undefined before the first). */
  private held: boolean | undefined;

  constructor(private readonly operator: ConditionOperator) {}

  /** The crossing this pair makes, if it fires the operator. */
  observe(value: number, against: number): Crossing | undefined {
    const { operator } = this;
    if (operator === 'above' || operator === 'below') return this.becomes(operator, value, against);
    const next = step(this.memory, against, value);
    this.memory = next.memory;
    return next.crossed !== undefined && counts(CROSSING_DIRECTION[operator], next.crossed) ? next.crossed : undefined;
  }

  /** Becoming above is a move up, becoming below a move down. */
  private becomes(operator: 'above' | 'below', value: number, against: number): Crossing | undefined {
    const holds = operator === 'above' ? value > against : value < against;
    const fired = holds && this.held === false;
    this.held = holds;
    if (!fired) return undefined;
    return operator === 'above' ? 'up' : 'down';
  }
}
