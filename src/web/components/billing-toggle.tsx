import { useI18nContext } from '@locales/i18n-react';
import { YEARLY_SAVING_PERCENT, type BillingCycle } from '@/shared/plans';

/** The words are buttons too: a tap on "Monthly" or "Yearly" picks that cycle, the switch flips between them. */
export function BillingToggle({ value, onChange }: { value: BillingCycle; onChange: (c: BillingCycle) => void }) {
  const { LL } = useI18nContext();
  const word = (cycle: BillingCycle, text: string) => (
    <button
      type="button"
      className={`cursor-pointer rounded px-1 ${value === cycle ? 'font-semibold' : 'opacity-60 hover:opacity-100'}`}
      aria-pressed={value === cycle}
      onClick={() => onChange(cycle)}
      data-testid={`billing-cycle-${cycle}`}
    >
      {text}
    </button>
  );
  return (
    <div className="flex items-center justify-center gap-3" data-testid="billing-toggle">
      {word('monthly', LL.pricing.monthly())}
      <input
        type="checkbox"
        role="switch"
        className="toggle toggle-primary"
        checked={value === 'yearly'}
        aria-checked={value === 'yearly'}
        onChange={(e) => onChange(e.target.checked ? 'yearly' : 'monthly')}
        aria-label={LL.pricing.yearly()}
        data-testid="billing-cycle-toggle"
      />
      {word('yearly', LL.pricing.yearly())}
      <span className="badge badge-success badge-soft">{LL.pricing.save({ percent: YEARLY_SAVING_PERCENT })}</span>
    </div>
  );
}
