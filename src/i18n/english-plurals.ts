/**
 * The singular of the English messages that have one, by their plural (which is the key):
 * '{count} failed requests in a row' → '{count} failed request in a row'. Chinese has no plural.
 */
import type { MessageKey } from './messages';

export const ENGLISH_ONE: Partial<Record<MessageKey, string>> = {
  '{count} minutes': '{count} minute',
  '{count} hours': '{count} hour',
  '{count} days': '{count} day',
  '{count} weeks': '{count} week',
  '{count} months': '{count} month',
  '{count} failed requests in a row': '{count} failed request in a row',
  'Delete “{name}” and its {count} symbols?': 'Delete “{name}” and its {count} symbol?',
  '{count} saved alert entries were unreadable and dropped; the others are kept.': '{count} saved alert entry was unreadable and dropped; the others are kept.',
  'Imported {count} drawings to {symbol}{skipped}.': 'Imported {count} drawing to {symbol}{skipped}.',
  '{count} saved drawings were damaged and dropped; the others are kept.': '{count} saved drawing was damaged and dropped; the others are kept.',
  '{n} shares': '{n} share',
  '{n} securities': '{n} security',
  '{shown} of {n} match': '{shown} of {n} matches',
  '{count} bars': '{count} bar',
  '{n} matches in {instruments}': '{n} match in {instruments}',
  '{count} periods are too many': '{count} period is too many',
  'Imported {count} records.': 'Imported {count} record.',
  'Imported {count} records. Alerts not imported: {refused} (Chartroom keeps at most {max} alerts: delete some, then import the file again for the rest).':
    'Imported {count} record. Alerts not imported: {refused} (Chartroom keeps at most {max} alerts: delete some, then import the file again for the rest).',
  // replay
  '{count} bars/s': '{count} bar/s',
};
