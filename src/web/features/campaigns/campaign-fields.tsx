import type { FieldErrors, FieldValues, UseFormReturn } from 'react-hook-form';
import { useI18nContext } from '@locales/i18n-react';
import { FormField, LabelledField } from '../../components/form-field';
import { CAMPAIGN_PLATFORMS, CAMPAIGN_SECTORS, PUBLISH_PLATFORMS, type CampaignPlatform } from '@/domains/campaigns/constants';
import { sectorLabel } from '@/web/lib/campaign-labels';
import { useCampaignMessage } from './messages';
import { PlatformIcon } from './platform-icon';

/** The fields the wizard's details step and the edit dialog share. */
export type CampaignFieldValues = {
  name?: string;
  description?: string | null;
  sector?: unknown;
  startDate?: string | null;
  endDate?: string | null;
  totalBudget?: unknown;
  spentBudget?: unknown;
  platforms?: unknown[];
};

// An empty number box means "not given", not 0 or "".
const emptyAsUndefined = { setValueAs: (v: unknown) => (v === '' || v === null ? undefined : v) };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form whose values include these fields
export function CampaignFields<T extends FieldValues>({ form, withSpent = false }: { form: UseFormReturn<T, any, any>; withSpent?: boolean }) {
  const { LL } = useI18nContext();
  const msg = useCampaignMessage();
  // The form's own type is wider than the fields used here; they share these names.
  const f = form as unknown as UseFormReturn<CampaignFieldValues>;
  const errors = f.formState.errors as FieldErrors<CampaignFieldValues>;
  const start = f.watch('startDate');
  const L = LL.campaigns.form;
  // An amount in the campaign's currency: empty means none.
  const money = (name: 'totalBudget' | 'spentBudget') => ({
    type: 'number',
    min: 0,
    step: '0.01',
    inputMode: 'decimal' as const,
    error: msg(errors[name]?.message),
    ...f.register(name, emptyAsUndefined),
  });
  return (
    <div className="grid gap-x-4 sm:grid-cols-2">
      <FormField
        label={L.name()}
        placeholder={L.namePlaceholder()}
        className="sm:col-span-2"
        error={msg(errors.name?.message)}
        data-testid="campaign-name"
        {...f.register('name')}
      />
      <LabelledField label={L.description()} error={msg(errors.description?.message)} className="sm:col-span-2">
        {(id) => (
          <textarea
            id={id}
            className="textarea w-full"
            rows={3}
            placeholder={L.descriptionPlaceholder()}
            data-testid="campaign-description"
            {...f.register('description')}
          />
        )}
      </LabelledField>
      <LabelledField label={L.sector()} error={msg(errors.sector?.message)} className="sm:col-span-2">
        {(id) => (
          <select id={id} className="select w-full" data-testid="campaign-sector" {...f.register('sector')}>
            <option value="">{L.selectSector()}</option>
            {CAMPAIGN_SECTORS.map((s) => (
              <option key={s} value={s}>
                {sectorLabel(LL, s)}
              </option>
            ))}
          </select>
        )}
      </LabelledField>
      <LabelledField label={L.startDate()} error={msg(errors.startDate?.message)}>
        {(id) => <input id={id} type="date" className="input w-full" data-testid="campaign-start" {...f.register('startDate')} />}
      </LabelledField>
      {/* The picker disables every day before the start date (spec part 1 §2). */}
      <LabelledField label={L.endDate()} error={msg(errors.endDate?.message)}>
        {(id) => <input id={id} type="date" className="input w-full" min={start || undefined} data-testid="campaign-end" {...f.register('endDate')} />}
      </LabelledField>
      <FormField label={L.totalBudget()} data-testid="campaign-budget" {...money('totalBudget')} />
      {withSpent && <FormField label={L.spentBudget()} data-testid="campaign-spent" {...money('spentBudget')} />}
    </div>
  );
}

const isPublish = (p: CampaignPlatform) => (PUBLISH_PLATFORMS as readonly string[]).includes(p);
/** The picker's two groups (docs/decisions/231): platforms a video is published to, then the ways it is sent or shared. */
const PLATFORM_GROUPS = [
  { key: 'publishTo', platforms: CAMPAIGN_PLATFORMS.filter(isPublish) },
  { key: 'sendThrough', platforms: CAMPAIGN_PLATFORMS.filter((p) => !isPublish(p)) },
] as const;

/** Platform checkboxes as tiles with their icons, grouped: "Publish to", then "Send through". */
export function PlatformPicker({ value: raw, onChange, error }: { value: unknown[] | undefined; onChange: (next: string[]) => void; error?: string }) {
  const { LL } = useI18nContext();
  const value = (raw ?? []).filter((p): p is string => typeof p === 'string');
  const msg = useCampaignMessage();
  const toggle = (p: string) => onChange(value.includes(p) ? value.filter((x) => x !== p) : [...value, p]);
  const message = msg(error);
  return (
    <fieldset className="fieldset" aria-invalid={message ? true : undefined}>
      <legend className="fieldset-legend pb-1">{LL.campaigns.form.platforms()}</legend>
      <p className="-mt-1 mb-2 text-sm text-base-content/70">{LL.campaigns.form.platformsHint()}</p>
      {PLATFORM_GROUPS.map((group) => (
        <div key={group.key} role="group" aria-labelledby={`platforms-${group.key}`} data-testid={`platforms-${group.key}`} className="mb-2">
          <p id={`platforms-${group.key}`} className="mb-1 text-xs font-semibold uppercase tracking-wide text-base-content/60">
            {LL.campaigns.form[group.key]()}
          </p>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            {group.platforms.map((p) => {
              const checked = value.includes(p);
              return (
                <label
                  key={p}
                  className={`flex cursor-pointer items-center gap-2 rounded-box border-2 px-3 py-2.5 text-sm transition-colors ${checked ? 'border-primary bg-primary/5' : 'border-base-300 hover:border-base-content/30'}`}
                >
                  <input
                    type="checkbox"
                    className="checkbox checkbox-primary checkbox-sm"
                    checked={checked}
                    onChange={() => toggle(p)}
                    data-testid={`platform-${p}`}
                  />
                  <PlatformIcon platform={p} decorative />
                  <span className="truncate font-medium">{LL.campaigns.platforms[p]()}</span>
                </label>
              );
            })}
          </div>
        </div>
      ))}
      {message && (
        <p className="label text-error" role="alert" data-testid="field-error">
          {message}
        </p>
      )}
    </fieldset>
  );
}
