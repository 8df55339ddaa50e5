/** The sessions a market publishes (§2.10), in its local time. */
import { t } from '../../i18n/t';
import type { TradingSession } from '../../api/reference-schemas';
import { crossesMidnight, formatHhmm, sessionKindLabel } from './session-format';

interface SessionTableProps {
  /** e.g. 'US · New York': names the table for assistive technology. */
  caption: string;
  sessions: readonly TradingSession[];
}

export function SessionTable({ caption, sessions }: SessionTableProps) {
  if (sessions.length === 0) {
    return <p className="text-xs text-slate-500 dark:text-slate-400">{t('No sessions published for this market.')}</p>;
  }
  return (
    <table className="w-full text-xs tabular-nums">
      <caption className="sr-only">{t('Trading sessions, {caption}, local time', { caption })}</caption>
      <thead>
        <tr className="text-left text-slate-500 dark:text-slate-400">
          <th scope="col" className="py-0.5 pr-2 font-medium">
            {t('Session')}
          </th>
          <th scope="col" className="py-0.5 pr-2 font-medium">
            {t('Opens')}
          </th>
          <th scope="col" className="py-0.5 font-medium">
            {t('Closes')}
          </th>
        </tr>
      </thead>
      <tbody>
        {sessions.map((session) => (
          <tr
            key={`${String(session.begin_time)}-${String(session.end_time)}-${String(session.trade_session ?? 0)}`}
            className="border-t border-slate-100 dark:border-slate-800"
          >
            <th scope="row" className="py-0.5 pr-2 text-left font-normal">
              {sessionKindLabel(session)}
            </th>
            <td className="py-0.5 pr-2">{formatHhmm(session.begin_time)}</td>
            <td className="py-0.5">
              {formatHhmm(session.end_time)}
              {crossesMidnight(session) && <span className="text-slate-500 dark:text-slate-400">{t(' next day')}</span>}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
