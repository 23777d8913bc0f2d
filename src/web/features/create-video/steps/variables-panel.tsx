import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useI18nContext } from '@locales/i18n-react';
import type { VariableField } from '../steps';
import { updateWizard, useWizard } from '../store';
import { useVariables } from '../use-variables';
import { useTrpc } from '@/web/lib/trpc';
import { LabelledField } from '@/web/components/form-field';
import { OccurrenceFallbacks } from './occurrence-fallbacks';

// The template step's variables (issue 10 §1–2): a recipient variable gets a preview value and,
// next to it, its fallback; the template's own words (and avatar, voice) a value.

const humanise = (name: string) => {
  const words = name.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

export function useVariableLabel() {
  const { LL } = useI18nContext();
  const names = LL.createVideo.template.variableNames as Record<string, (() => string) | undefined>;
  // A contact list's own column (`{industry}`, `{background_url}`): its name, readable.
  // (A key the dictionary lacks answers "".)
  return (f: Pick<VariableField, 'name' | 'label'>) => names[f.name.toLowerCase()]?.() || (f.label === f.name ? humanise(f.name) : f.label);
}

export function Variables({ fields }: { fields: VariableField[] }) {
  const { LL } = useI18nContext();
  const T = LL.createVideo.template;
  const { values, fallbacks, missing } = useVariables();
  const avatar = useWizard((s) => s.avatar);
  const voiceId = useWizard((s) => s.voiceId);
  const trpc = useTrpc();
  const voices = useQuery({
    ...trpc.voices.list.queryOptions({ avatarId: avatar?.id }),
    staleTime: 5 * 60 * 1000,
    enabled: fields.some((f) => f.kind === 'voice'),
  });
  const voiceName = voices.data?.voices.find((v) => v.id === voiceId)?.name ?? voiceId;
  const label = useVariableLabel();
  const set = (name: string, value: string) => updateWizard((s) => ({ variables: { ...s.variables, [name]: value } }));
  const setFallback = (name: string, value: string) => updateWizard((s) => ({ fallbacks: { ...s.fallbacks, [name]: value } }));
  const recipient = fields.filter((f) => f.role === 'recipient');
  const content = fields.filter((f) => f.role === 'content');

  return (
    <section aria-labelledby="variables-title" data-testid="template-variables">
      <h3 id="variables-title" className="font-semibold">
        {T.variables()}
      </h3>
      <p className="mb-2 text-sm text-base-content/60">{T.variablesHint()}</p>
      {fields.length === 0 && <p className="text-sm text-base-content/70">{T.noVariables()}</p>}
      {recipient.length > 0 && (
        <div className="mb-3 space-y-2" data-testid="recipient-variables">
          <h4 className="text-sm font-medium text-base-content/80">{T.recipientVariables()}</h4>
          {recipient.map((f) => (
            <RecipientVariable
              key={f.name}
              label={label(f)}
              name={f.name}
              value={values[f.name] ?? ''}
              fallback={fallbacks[f.name] ?? ''}
              invalid={missing.includes(f.name)}
              onChange={(v) => set(f.name, v)}
              onFallback={(v) => setFallback(f.name, v)}
            />
          ))}
        </div>
      )}
      {content.length > 0 && (
        <div className="space-y-1">
          {recipient.length > 0 && <h4 className="text-sm font-medium text-base-content/80">{T.contentVariables()}</h4>}
          {content.map((f) => {
            if (f.kind !== 'text') {
              const name = f.kind === 'avatar' ? avatar?.name : voiceName;
              return (
                <div
                  key={f.name}
                  className="flex items-center justify-between gap-3 rounded-box bg-base-200 px-3 py-2 text-sm"
                  data-testid={`variable-${f.name}`}
                >
                  <span className="font-medium">{label(f)}</span>
                  <span className={name ? 'text-base-content/70' : 'text-error'}>
                    {name ? (f.kind === 'avatar' ? T.fromAvatar({ name }) : T.fromVoice({ name })) : T.notChosen()}
                  </span>
                </div>
              );
            }
            return (
              <VariableInput
                key={f.name}
                label={label(f)}
                name={f.name}
                value={values[f.name] ?? ''}
                invalid={missing.includes(f.name)}
                onChange={(v) => set(f.name, v)}
              />
            );
          })}
        </div>
      )}
    </section>
  );
}

/** A recipient variable: its preview value and, next to it, its fallback (issue 10 §2). */
function RecipientVariable(p: {
  label: string;
  name: string;
  value: string;
  fallback: string;
  invalid: boolean;
  onChange: (v: string) => void;
  onFallback: (v: string) => void;
}) {
  const { LL } = useI18nContext();
  const T = LL.createVideo.template;
  const id = useId();
  return (
    <fieldset className="rounded-box border border-base-300 p-3" data-testid={`variable-${p.name}`}>
      <legend className="px-1 text-sm font-medium">
        {p.label} <span className="font-mono text-xs font-normal text-base-content/50">{`{${p.name}}`}</span>
      </legend>
      <div className="grid gap-2 sm:grid-cols-2">
        <label htmlFor={`${id}-v`} className="flex flex-col gap-1 text-xs text-base-content/70">
          {T.previewValue()}
          <input
            id={`${id}-v`}
            className={`input input-sm w-full ${p.invalid ? 'input-error' : ''}`}
            value={p.value}
            maxLength={300}
            aria-invalid={p.invalid || undefined}
            onChange={(e) => p.onChange(e.target.value)}
            data-testid={`variable-input-${p.name}`}
          />
        </label>
        <label htmlFor={`${id}-f`} className="flex flex-col gap-1 text-xs text-base-content/70">
          {T.fallback()}
          <input
            id={`${id}-f`}
            className="input input-sm w-full"
            value={p.fallback}
            maxLength={300}
            placeholder={T.noFallback()}
            aria-describedby={`${id}-h`}
            onChange={(e) => p.onFallback(e.target.value)}
            data-testid={`variable-fallback-${p.name}`}
          />
        </label>
      </div>
      <p id={`${id}-h`} className="mt-1 text-xs text-base-content/50">
        {T.fallbackHint({ name: p.label.toLowerCase() })}
      </p>
      <OccurrenceFallbacks name={p.name} fallback={p.fallback} />
    </fieldset>
  );
}

function VariableInput({
  label,
  name,
  value,
  invalid,
  onChange,
}: {
  label: string;
  name: string;
  value: string;
  invalid: boolean;
  onChange: (v: string) => void;
}) {
  const id = useId();
  return (
    <LabelledField
      label={
        <>
          {label} <span className="font-mono text-xs font-normal text-base-content/50">{`{${name}}`}</span>
        </>
      }
      htmlFor={id}
      className="py-1"
    >
      <input
        id={id}
        className={`input w-full ${invalid ? 'input-error' : ''}`}
        value={value}
        maxLength={300}
        aria-invalid={invalid || undefined}
        onChange={(e) => onChange(e.target.value)}
        data-testid={`variable-input-${name}`}
      />
    </LabelledField>
  );
}
