import { useMutation } from '@tanstack/react-query';
import { TemplateThumb } from '../../../components/template-thumb';
import { Ban, Clock, ImageUp, X } from 'lucide-react';
import { useId, useRef } from 'react';
import { useI18nContext } from '@locales/i18n-react';
import { api, errorMessage } from '../../../lib/rest';
import { useTranslateMessage } from '../../../lib/validation';
import { toast } from '../../../lib/toast';
import type { TemplateItem } from '../api';
import { updateWizard, useWizard } from '../store';
import { useVariables } from '../use-variables';
import { Variables } from './variables-panel';
import { StepHeader, StepQuerySection, StepQueryStatus } from './step-parts';

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'];

/** Templates, the chosen one's detail and variables, and an image background (spec part 2 §2.1). */
export function TemplateStep() {
  const { LL } = useI18nContext();
  const T = LL.createVideo.template;
  const templateId = useWizard((s) => s.templateId);
  const { list, detail, fields } = useVariables();

  return (
    <div className="space-y-6">
      <StepHeader title={T.title()} hint={T.hint()} />

      <StepQuerySection id="templates-title" title={T.templates()} query={list} errorText={T.loadError()}>
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
      </StepQuerySection>

      {templateId && <StepQueryStatus query={detail} errorText={T.detailError()} />}

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
      <TemplateThumb src={t.thumbnailUrl} />
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
  const translate = useTranslateMessage();
  const background = useWizard((s) => s.background);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const upload = useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return api.post('/api/backgrounds/upload', body);
    },
    onSuccess: (bg) => updateWizard({ background: { id: bg.id, url: bg.url, name: bg.name } }),
    onError: (e) => toast({ title: T.uploadFailed(), description: translate(errorMessage(e)), variant: 'destructive' }),
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
          <button
            type="button"
            className="btn btn-circle btn-xs absolute top-1 right-1"
            aria-label={T.removeBackground()}
            onClick={() => updateWizard({ background: null })}
          >
            <X className="size-3" aria-hidden />
          </button>
        </div>
      ) : (
        <label htmlFor={id} className={`btn btn-outline btn-sm ${upload.isPending ? 'btn-disabled' : ''}`}>
          {upload.isPending ? <span className="loading loading-spinner loading-sm" /> : <ImageUp className="size-4" aria-hidden />}
          {upload.isPending ? T.uploading() : T.uploadBackground()}
        </label>
      )}
      <input
        id={id}
        ref={input}
        type="file"
        accept={IMAGE_TYPES.join(',')}
        className="sr-only"
        onChange={(e) => pick(e.target.files?.[0])}
        data-testid="background-file"
      />
    </section>
  );
}
