/** A product type's name in the active language ('futures', '期货'): the header's, the search's and the type question's. */
import type { ProductType } from '#shared/contract.ts';
import { t, type MessageKey } from '../../i18n/t';

const TYPE_NAMES: Readonly<Record<ProductType, MessageKey>> = { stock: 'stock', crypto: 'crypto', forex: 'forex', indices: 'indices', futures: 'futures' };

export function typeName(type: ProductType): string {
  return t(TYPE_NAMES[type]);
}
