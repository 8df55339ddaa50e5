/** What the HK tab says when the key's plan lacks the full-HK feed (1004), instead of an error. */
import { t } from '../../i18n/t';
import { isApiError } from '../../api/api-error';
import { ERROR_CODES } from '#shared/contract.ts';

export const PLAN_MESSAGE = 'The full HK market needs the all-HK or Enterprise plan.';

export function isPlanError(error: unknown): boolean {
  return isApiError(error) && error.code === ERROR_CODES.PERMISSION_DENIED;
}

export function HkPlanNotice({ compact = false }: { compact?: boolean }) {
  return (
    <div
      role="alert"
      data-testid="hk-plan-required"
      className={`rounded border border-sky-500/40 bg-sky-500/10 text-sky-900 dark:text-sky-100 ${compact ? 'm-2 p-2 text-xs' : 'm-3 p-4 text-sm'}`}
    >
      <p className="font-medium">{t(PLAN_MESSAGE)}</p>
      <p className="mt-1 opacity-80">
        {t("The key's current plan does not include the full HK ticker feed. Single HK symbols such as 700.HK still work in the other tabs and in watchlists.")}
      </p>
    </div>
  );
}
