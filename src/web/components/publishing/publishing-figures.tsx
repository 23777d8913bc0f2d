import { useI18nContext } from '@locales/i18n-react';
import { Panel } from '../panel';
import { useFormat } from '@/web/lib/format';
import { isPublishPlatform, PUBLISH_PLATFORMS, type PublishingFigure, viewsSourceLabel } from './api';
import { PublishIcon } from './platform-icon';

/**
 * A campaign's posts per platform (docs/decisions/229): the views the platform reports, labelled with
 * where they come from, beside the clicks and plays the posts' tracked links brought. Nothing
 * measured shows "—", never a zero that was not counted.
 */
export function PublishingFigures({ figures }: { figures: PublishingFigure[] }) {
  const { LL } = useI18nContext();
  const F = LL.publishing.figures;
  const f = useFormat();
  const byPlatform = new Map(figures.filter((r) => isPublishPlatform(r.platform)).map((r) => [r.platform, r]));
  const dash = '—';
  return (
    <Panel title={F.title()} hint={F.hint()} testId="publishing-figures">
      {byPlatform.size === 0 && <p className="mb-3 text-sm text-base-content/70">{F.none()}</p>}
      <ul className="divide-y divide-base-200">
        {PUBLISH_PLATFORMS.map((platform) => {
          const r = byPlatform.get(platform);
          const cells = [
            { key: 'posts', label: F.posts(), value: r ? f.number(r.posts) : dash },
            {
              key: 'views',
              label: F.views(),
              value: r?.viewsSource ? f.number(r.views) : dash,
              note: r?.viewsSource ? viewsSourceLabel(LL, platform, r.viewsSource) : undefined,
            },
            { key: 'clicks', label: F.clicks(), value: r ? f.number(r.clicks) : dash },
            { key: 'plays', label: F.plays(), value: r ? f.number(r.plays) : dash },
          ];
          return (
            <li key={platform} className="py-3" data-testid="publishing-figure" data-platform={platform}>
              <span className="mb-2 flex items-center gap-2 font-medium">
                <PublishIcon platform={platform} decorative /> {LL.publishing.platforms[platform]()}
              </span>
              <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
                {cells.map((c) => (
                  <div key={c.key} data-testid={`figure-${c.key}`}>
                    <dt className="text-xs text-base-content/60">{c.label}</dt>
                    <dd className="font-semibold tabular-nums">
                      <span data-testid="figure-value">{c.value}</span>
                      {c.note && <span className="block text-xs font-normal text-base-content/60">{c.note}</span>}
                    </dd>
                  </div>
                ))}
              </dl>
            </li>
          );
        })}
      </ul>
    </Panel>
  );
}
