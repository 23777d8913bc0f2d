import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ImageUp, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { useI18nContext } from '@locales/i18n-react';
import { LOGO_MAX_BYTES, LOGO_TYPES } from '@/domains/users/schemas';
import { BRAND_COLOR_MESSAGE, brandColorOrNull, DEFAULT_BRAND_COLOR, textOn } from '@/shared/brand';
import { useTranslateMessage } from '../../lib/validation';
import { api, errorMessage } from '../../lib/rest';
import { toast } from '../../lib/toast';
import { setUser, type User } from '../../lib/user';

/**
 * The landing pages' brand (docs/decisions/106-landing-brand.md): a logo, a colour (campaigns may
 * override it) and the profile picture, with a live preview of the page's header and button.
 */
export function BrandCard({ user }: { user: User }) {
  const { LL } = useI18nContext();
  const B = LL.profile.brand;
  const queryClient = useQueryClient();
  const translate = useTranslateMessage();
  const input = useRef<HTMLInputElement>(null);
  const saved = user.brandColor ?? '';
  const [color, setColor] = useState(saved);
  const valid = color.trim() === '' || brandColorOrNull(color.trim()) !== null;
  const preview = brandColorOrNull(color.trim()) ?? DEFAULT_BRAND_COLOR;
  const self = { params: { id: user.id } };

  const onSaved = (updated: User, title: string) => {
    setUser(queryClient, updated);
    toast({ title, variant: 'success' });
  };
  const failed = (e: unknown) => toast({ title: B.failed(), description: translate(errorMessage(e)), variant: 'destructive' });
  const upload = useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('logo', file);
      return api.post('/api/users/:id/logo', body, self);
    },
    onSuccess: (u) => onSaved(u, B.logoUpdated()),
    onError: failed,
  });
  const removeLogo = useMutation({ mutationFn: () => api.delete('/api/users/:id/logo', self), onSuccess: (u) => onSaved(u, B.logoRemoved()), onError: failed });
  const saveColor = useMutation({
    mutationFn: (brandColor: string) => api.patch('/api/users/:id', { brandColor }, self),
    onSuccess: (u) => {
      setColor(u.brandColor ?? '');
      onSaved(u, B.colorSaved());
    },
    onError: failed,
  });

  const onFile = (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    // The server checks the bytes; these only spare a useless upload.
    if (!(LOGO_TYPES as readonly string[]).includes(file.type))
      return toast({ title: LL.profile.invalidType(), description: B.logoHint(), variant: 'destructive' });
    if (file.size > LOGO_MAX_BYTES) return toast({ title: LL.profile.tooLarge(), description: B.logoHint(), variant: 'destructive' });
    upload.mutate(file);
  };

  return (
    <section className="card border border-base-300 bg-base-100" data-testid="brand-card">
      <div className="card-body gap-4">
        <div>
          <h2 className="card-title">{B.title()}</h2>
          <p className="text-sm text-base-content/70">{B.subtitle()}</p>
        </div>
        <div className="grid gap-6 md:grid-cols-2">
          <div className="space-y-4">
            <div>
              <p className="fieldset-legend pb-1">{B.logo()}</p>
              <div className="flex flex-wrap items-center gap-3">
                <div className="flex h-14 min-w-24 items-center justify-center rounded-box border border-base-300 bg-white p-2">
                  {user.brandLogoUrl ? (
                    <img src={user.brandLogoUrl} alt={B.logo()} className="max-h-10 max-w-40" data-testid="brand-logo-preview" />
                  ) : (
                    <span className="text-xs text-neutral-500">{B.noLogo()}</span>
                  )}
                </div>
                <input
                  ref={input}
                  type="file"
                  accept={LOGO_TYPES.join(',')}
                  className="hidden"
                  onChange={(e) => onFile(e.target.files?.[0])}
                  data-testid="brand-logo-input"
                  aria-label={B.uploadLogo()}
                />
                <button type="button" className="btn btn-outline btn-sm" onClick={() => input.current?.click()} disabled={upload.isPending}>
                  {upload.isPending ? <span className="loading loading-spinner loading-xs" /> : <ImageUp className="size-4" aria-hidden />}
                  {user.brandLogoUrl ? B.replaceLogo() : B.uploadLogo()}
                </button>
                {user.brandLogoUrl && (
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm"
                    onClick={() => removeLogo.mutate()}
                    disabled={removeLogo.isPending}
                    data-testid="brand-logo-remove"
                  >
                    <Trash2 className="size-4" aria-hidden /> {B.removeLogo()}
                  </button>
                )}
              </div>
              <p className="label mt-1 whitespace-normal text-base-content/60">{B.logoHint()}</p>
            </div>
            <form
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                if (valid) saveColor.mutate(color.trim());
              }}
            >
              <label className="fieldset-legend pb-1" htmlFor="brand-color">
                {B.color()}
              </label>
              <div className="flex flex-wrap items-center gap-2">
                <input
                  type="color"
                  className="h-10 w-12 cursor-pointer rounded border border-base-300 bg-base-100 p-1"
                  value={preview}
                  onChange={(e) => setColor(e.target.value)}
                  aria-label={B.colorPicker()}
                />
                <label className={`input w-36 ${valid ? '' : 'input-error'}`}>
                  <input
                    id="brand-color"
                    value={color}
                    onChange={(e) => setColor(e.target.value)}
                    placeholder={DEFAULT_BRAND_COLOR}
                    maxLength={7}
                    spellCheck={false}
                    aria-invalid={!valid || undefined}
                    data-testid="brand-color"
                  />
                </label>
                <button
                  type="submit"
                  className="btn btn-primary btn-sm"
                  disabled={!valid || color.trim() === saved || saveColor.isPending}
                  data-testid="brand-color-save"
                >
                  {saveColor.isPending && <span className="loading loading-spinner loading-xs" />}
                  {B.saveColor()}
                </button>
              </div>
              {!valid && (
                <p className="label text-error" role="alert" data-testid="field-error">
                  {translate(BRAND_COLOR_MESSAGE)}
                </p>
              )}
              <p className="label mt-1 whitespace-normal text-base-content/60">{B.colorHint()}</p>
            </form>
          </div>
          <BrandPreview color={preview} logoUrl={user.brandLogoUrl} photoUrl={user.avatarUrl} name={user.companyName || user.fullName || user.username} />
        </div>
      </div>
    </section>
  );
}

/** The landing page's header and button as recipients will see them (the same contrast rule as the server). */
export function BrandPreview({ color, logoUrl, photoUrl, name }: { color: string; logoUrl: string | null; photoUrl: string | null; name: string }) {
  const { LL } = useI18nContext();
  const on = textOn(color);
  return (
    // A div, not a figure: daisyUI lays out a card's figures as a centred flex row.
    <div className="self-start overflow-hidden rounded-box border border-base-300 bg-[#f3f4f6] text-[#111827]" data-testid="brand-preview">
      <div className="flex min-h-14 items-center px-3 py-2" style={{ background: color, color: on }}>
        {logoUrl ? (
          <span className="inline-flex rounded-lg bg-white px-2 py-1 shadow-sm">
            <img src={logoUrl} alt="" className="max-h-8 max-w-32" />
          </span>
        ) : (
          <span className="truncate font-bold">{name}</span>
        )}
      </div>
      <div className="space-y-3 p-3">
        <div className="aspect-video rounded-lg bg-black/80" aria-hidden />
        <span className="inline-block rounded-lg px-4 py-2 text-sm font-semibold" style={{ background: color, color: on }} data-testid="brand-preview-cta">
          {LL.profile.brand.previewCta()}
        </span>
        <div className="flex items-center gap-2 text-sm text-[#4b5563]">
          {photoUrl && <img src={photoUrl} alt="" className="size-8 rounded-full border-2 object-cover" style={{ borderColor: color }} />}
          <span className="truncate">{LL.profile.brand.previewSender({ name })}</span>
        </div>
      </div>
      <p className="border-t border-base-300 bg-base-100 px-3 py-2 text-xs text-base-content/60">{LL.profile.brand.previewCaption()}</p>
    </div>
  );
}
