import type { Db } from '../../server/db/client';
import { notFound } from '../../server/http/app-error';
import type { StorageProvider } from '../../server/providers/storage/types';
import { TEMPLATE_NOT_FOUND } from './schemas';
import { TEMPLATE_CATALOGUE, TEMPLATES_BY_ID, type Template } from '../../shared/templates';
import type { Language } from '../settings/schemas';
import { localizeTemplate } from './i18n';
import { frameSize } from '../../media/layout';
import { serveCachedAsset } from '../files/assets';
import { renderTemplateBackground, renderTemplateThumbnail } from './art';

/** Bump when the art changes so cached images are rendered again (v2: the presenters' flat brows no longer frown). */
const ART_VERSION = 'v2';

/** The catalogue in the user's language (English when not given). */
export function listTemplates(lang: Language = 'en') {
  return { templates: TEMPLATE_CATALOGUE.map((t) => localizeTemplate(t, lang)) };
}

export function getTemplate(id: string, lang: Language = 'en'): Template {
  const t = TEMPLATES_BY_ID.get(id);
  if (!t) throw notFound(TEMPLATE_NOT_FOUND);
  return localizeTemplate(t, lang);
}

export function templateThumbnailResponse(opts: { db: Db; storage: StorageProvider; id: string; request: Request }) {
  const t = getTemplate(opts.id);
  return serveCachedAsset({
    ...opts,
    key: `cache/template-thumb/${ART_VERSION}/${t.id}.png`,
    contentType: 'image/png',
    produce: () => renderTemplateThumbnail(t),
  });
}

/** The template's image background at 1080p of its aspect ratio (the renderer draws its own at the frame size). */
export function templateBackgroundResponse(opts: { db: Db; storage: StorageProvider; id: string; request: Request }) {
  const t = getTemplate(opts.id);
  if (t.background.type !== 'image') throw notFound('This template has a colour background');
  const { width, height } = frameSize('1080p', t.aspectRatio);
  return serveCachedAsset({
    ...opts,
    key: `cache/template-bg/${ART_VERSION}/${t.id}.png`,
    contentType: 'image/png',
    produce: () => renderTemplateBackground(t, width, height),
  });
}
