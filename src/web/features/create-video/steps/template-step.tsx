import { useMutation, useQuery } from '@tanstack/react-query';
import { Ban, Clock, ImageUp, X } from 'lucide-react';
import { useId, useRef } from 'react';
import { useI18nContext } from '@locales/i18n-react';
import { QueryError } from '../../../components/route-error';
import { Spinner } from '../../../components/spinner';
import { api, errorMessage } from '../../../lib/rest';
import { toast } from '../../../lib/toast';
import { useTrpc, type TemplateItem } from '../api';
import type { VariableField } from '../steps';
import { updateWizard, useWizard } from '../store';
import { useVariables } from '../use-variables';

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'];

/** Templates, the chosen one's detail and variables, and an image background (spec part 2 §2.1). */
export function TemplateStep() {
  const { LL } = useI18nContext();
  const T = LL.createVideo.template;
  const templateId = useWizard((s) => s.templateId);
  const { list, detail, fields } = useVariables();

  return (
    <div className="space-y-6">
      <header>
        <h2 className="text-xl font-semibold">{T.title()}</h2>
        <p className="text-base-content/70">{T.hint()}</p>
      </header>

      <section aria-labelledby="templates-title">
        <h3 id="templates-title" className="mb-3 font-semibold">
          {T.templates()}
        </h3>
        {list.isPending && <Spinner className="text-primary" />}
        {list.isError && (
          <div>
            <p className="mb-2 font-medium text-error">{T.loadError()}</p>
            <QueryError error={list.error} onRetry={() => void list.refetch()} />
          </div>
        )}
        {list.data && (
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4" data-testid="template-list">
            <li>
              <button
                type="button"
                aria-pressed={!templateId}
                onClick={() => updateWizard({ templateId: null })}
                className={`flex h-full w-full flex-col overflow-hidden rounded-box border-2 text-left ${!templateId ? 'border-primary shadow-md' : 'border-base-300 hover:border-primary/50'}`}
                data-testid="template-none"
              >
                <div className="flex aspect-video w-full items-center justify-center bg-base-200 text-base-content/40">
                  <Ban className="size-8" aria-hidden />
                </div>
                <div className="p-3">
                  <p className="font-medium">{T.none()}</p>
                  <p className="text-xs text-base-content/60">{T.noneText()}</p>
                </div>
              </button>
            </li>
            {list.data.templates.map((t) => (
              <li key={t.id}>
                <TemplateCard template={t} selected={templateId === t.id} />
              </li>
            ))}
          </ul>
        )}
      </section>

      {templateId && detail.isPending && <Spinner className="text-primary" />}
      {templateId && detail.isError && (
        <div>
          <p className="mb-2 font-medium text-error">{T.detailError()}</p>
          <QueryError error={detail.error} onRetry={() => void detail.refetch()} />
        </div>
      )}

      <div className="grid gap-6 lg:grid-cols-2">
        <Variables fields={fields} />
        <div className="space-y-6">
          {detail.data && templateId && <TemplateScript script={detail.data.script} />}
          <BackgroundUpload />
        </div>
      </div>
    </div>
  );
}

function TemplateCard({ template: t, selected }: { template: TemplateItem; selected: boolean }) {
  const { LL } = useI18nContext();
  const T = LL.createVideo.template;
  return (
    <button
      type="button"
      aria-pressed={selected}
      onClick={() => updateWizard({ templateId: t.id })}
      className={`relative flex h-full w-full flex-col overflow-hidden rounded-box border-2 text-left ${selected ? 'border-primary shadow-md' : 'border-base-300 hover:border-primary/50'}`}
      data-testid="template-card"
      data-template-id={t.id}
    >
      <img src={t.thumbnailUrl} alt="" loading="lazy" className="aspect-video w-full bg-base-200 object-cover" />
      <div className="flex flex-1 flex-col gap-1 p-3">
        <p className="font-medium">{t.name}</p>
        <p className="line-clamp-2 text-xs text-base-content/60">{t.description}</p>
        <div className="mt-auto flex flex-wrap gap-1 pt-1">
          <span className="badge badge-ghost badge-xs border-base-content/20">{T.aspect[t.aspectRatio]()}</span>
          <span className="badge badge-ghost badge-xs gap-1 border-base-content/20">
            <Clock className="size-3" aria-hidden /> {T.seconds({ seconds: t.duration })}
          </span>
        </div>
      </div>
      {selected && <span className="badge badge-primary badge-sm absolute top-2 right-2">{T.selected()}</span>}
    </button>
  );
}

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

function Variables({ fields }: { fields: VariableField[] }) {
  const { LL } = useI18nContext();
  const T = LL.createVideo.template;
  const { values, fallbacks, missing } = useVariables();
  const avatar = useWizard((s) => s.avatar);
  const voiceId = useWizard((s) => s.voiceId);
  const trpc = useTrpc();
  const voices = useQuery({ ...trpc.voices.list.queryOptions({ avatarId: avatar?.id }), staleTime: 5 * 60 * 1000, enabled: fields.some((f) => f.kind === 'voice') });
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
                <div key={f.name} className="flex items-center justify-between gap-3 rounded-box bg-base-200 px-3 py-2 text-sm" data-testid={`variable-${f.name}`}>
                  <span className="font-medium">{label(f)}</span>
                  <span className={name ? 'text-base-content/70' : 'text-error'}>{name ? (f.kind === 'avatar' ? T.fromAvatar({ name }) : T.fromVoice({ name })) : T.notChosen()}</span>
                </div>
              );
            }
            return <VariableInput key={f.name} label={label(f)} name={f.name} value={values[f.name] ?? ''} invalid={missing.includes(f.name)} onChange={(v) => set(f.name, v)} />;
          })}
        </div>
      )}
    </section>
  );
}

/** A recipient variable: its preview value and, next to it, its fallback (issue 10 §2). */
function RecipientVariable(p: { label: string; name: string; value: string; fallback: string; invalid: boolean; onChange: (v: string) => void; onFallback: (v: string) => void }) {
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
    </fieldset>
  );
}

function VariableInput({ label, name, value, invalid, onChange }: { label: string; name: string; value: string; invalid: boolean; onChange: (v: string) => void }) {
  const id = useId();
  return (
    <fieldset className="fieldset py-1">
      <label htmlFor={id} className="fieldset-legend pb-1">
        {label} <span className="font-mono text-xs font-normal text-base-content/50">{`{${name}}`}</span>
      </label>
      <input id={id} className={`input w-full ${invalid ? 'input-error' : ''}`} value={value} maxLength={300} aria-invalid={invalid || undefined} onChange={(e) => onChange(e.target.value)} data-testid={`variable-input-${name}`} />
    </fieldset>
  );
}

function TemplateScript({ script }: { script: string }) {
  const { LL } = useI18nContext();
  const T = LL.createVideo.template;
  const current = useWizard((s) => s.script);
  return (
    <section className="rounded-box bg-base-200 p-4" data-testid="template-script">
      <h3 className="mb-1 font-semibold">{T.templateScript()}</h3>
      <p className="mb-3 text-sm whitespace-pre-wrap text-base-content/80">{script}</p>
      <button
        type="button"
        className="btn btn-outline btn-sm"
        disabled={current === script}
        onClick={() => {
          updateWizard({ script });
          toast({ title: T.scriptReplaced(), variant: 'success' });
        }}
      >
        {T.useScript()}
      </button>
    </section>
  );
}

/** POST /api/backgrounds/upload (multipart field "file"); images only. */
function BackgroundUpload() {
  const { LL } = useI18nContext();
  const T = LL.createVideo.template;
  const background = useWizard((s) => s.background);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const upload = useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return api.post<{ id: string; url: string; name: string }>('/api/backgrounds/upload', body);
    },
    onSuccess: (bg) => updateWizard({ background: { id: bg.id, url: bg.url, name: bg.name } }),
    onError: (e) => toast({ title: T.uploadFailed(), description: errorMessage(e), variant: 'destructive' }),
  });
  const pick = (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    if (!IMAGE_TYPES.includes(file.type)) return toast({ title: T.uploadFailed(), description: T.imagesOnly(), variant: 'destructive' });
    upload.mutate(file);
  };
  return (
    <section aria-labelledby={`${id}-title`} data-testid="background-upload">
      <h3 id={`${id}-title`} className="font-semibold">
        {T.background()}
      </h3>
      <p className="mb-2 text-sm text-base-content/60">{T.backgroundHint()}</p>
      {background ? (
        <div className="relative w-56 overflow-hidden rounded-box border border-base-300">
          <img src={background.url} alt={background.name} className="aspect-video w-full object-cover" data-testid="background-preview" />
          <button type="button" className="btn btn-circle btn-xs absolute top-1 right-1" aria-label={T.removeBackground()} onClick={() => updateWizard({ background: null })}>
            <X className="size-3" aria-hidden />
          </button>
        </div>
      ) : (
        <label htmlFor={id} className={`btn btn-outline btn-sm ${upload.isPending ? 'btn-disabled' : ''}`}>
          {upload.isPending ? <span className="loading loading-spinner loading-sm" /> : <ImageUp className="size-4" aria-hidden />}
          {upload.isPending ? T.uploading() : T.uploadBackground()}
        </label>
      )}
      <input id={id} ref={input} type="file" accept={IMAGE_TYPES.join(',')} className="sr-only" onChange={(e) => pick(e.target.files?.[0])} data-testid="background-file" />
    </section>
  );
}
