import { useI18nContext } from '@locales/i18n-react';
import { YEARLY_SAVING_PERCENT, type BillingCycle } from '@/shared/plans';

export function BillingToggle({ value, onChange }: { value: BillingCycle; onChange: (c: BillingCycle) => void }) {
  const { LL } = useI18nContext();
  return (
    <div className="flex items-center justify-center gap-3" data-testid="billing-toggle">
      <span className={value === 'monthly' ? 'font-semibold' : 'opacity-60'}>{LL.pricing.monthly()}</span>
      <input
        type="checkbox"
        className="toggle toggle-primary"
        checked={value === 'yearly'}
        onChange={(e) => onChange(e.target.checked ? 'yearly' : 'monthly')}
        aria-label={`${LL.pricing.monthly()} / ${LL.pricing.yearly()}`}
        data-testid="billing-cycle-toggle"
      />
      <span className={value === 'yearly' ? 'font-semibold' : 'opacity-60'}>{LL.pricing.yearly()}</span>
      <span className="badge badge-success badge-soft">{LL.pricing.save({ percent: YEARLY_SAVING_PERCENT })}</span>
    </div>
  );
}
