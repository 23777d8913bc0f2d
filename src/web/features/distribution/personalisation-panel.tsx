import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CircleAlert, ImageIcon, Mic, UserRound, Users } from 'lucide-react';
import { useI18nContext } from '@locales/i18n-react';
import type { Selection } from './selection';
import { useTrpc } from '@/web/lib/trpc';
import { useDebounced } from '@/web/lib/use-debounced';

/**
 * What the server will send to whom (issue 10 §3): personalised or the same video for everyone,
 * the first recipients' resolved openings, and the variables that would refuse the send.
 */
export function usePersonalPreview(
  videoId: string | null,
  s: Selection,
  message: string,
  view: { subject: string; title: string } = { subject: '', title: '' },
) {
  const trpc = useTrpc();
  const input = useDebounced(
    {
      videoId: videoId ?? '',
      platforms: s.platforms,
      contactIds: s.contactIds,
      listIds: s.listIds,
      socialContactIds: s.socialContactIds,
      ...(message.trim() ? { message } : {}),
      ...(view.subject.trim() ? { subject: view.subject } : {}),
      ...(view.title.trim() ? { title: view.title } : {}),
    },
    350,
  );
  return useQuery({ ...trpc.distribution.preview.queryOptions(input), enabled: !!videoId, placeholderData: keepPreviousData, staleTime: 10_000 });
}

export type PersonalPreview = NonNullable<ReturnType<typeof usePersonalPreview>['data']>;

export function PersonalisationPanel({ preview, loading }: { preview: PersonalPreview | undefined; loading: boolean }) {
  const { LL } = useI18nContext();
  const T = LL.distribution.personal;
  if (!preview) return loading ? <p className="text-sm text-base-content/60">{T.loading()}</p> : null;
  const more = preview.recipients - preview.samples.length;
  return (
    <section
      className="rounded-box border border-base-300 bg-base-200/40 p-3"
      aria-labelledby="personal-title"
      data-testid="personalisation"
      data-personalised={preview.personalised}
    >
      <h4 id="personal-title" className="mb-1 flex items-center gap-2 text-sm font-semibold">
        {preview.personalised ? <UserRound className="size-4 text-primary" aria-hidden /> : <Users className="size-4 text-base-content/60" aria-hidden />}
        {T.title()}
      </h4>
      <p className="text-sm text-base-content/80" data-testid="personalisation-mode">
        {preview.personalised ? T.personalised() : preview.sharedBecause === 'notRendered' ? T.notRendered() : T.shared()}
      </p>
      {preview.personalVoice && (
        // Spoken with the rep's recording: who says the personalised sentences, before anything is sent (decision 221).
        <p className="mt-1 flex items-center gap-2 text-sm text-base-content/80" data-testid="personalisation-voice">
          <Mic className="size-4 text-primary" aria-hidden /> {T.personalVoice({ voice: preview.personalVoice })}
        </p>
      )}
      {preview.problems.length > 0 && (
        <div role="alert" className="alert alert-error alert-soft mt-2 items-start p-2 text-sm" data-testid="personalisation-problems">
          <CircleAlert className="size-4 shrink-0" aria-hidden />
          <div>
            <p className="font-semibold">{T.problems()}</p>
            <ul className="list-disc pl-4">
              {preview.problems.map((p) => (
                <li key={p.variable}>
                  {p.missing === p.of
                    ? T.noneHas({ variable: `{${p.variable}}`, column: p.variable })
                    : T.someLack({
                        variable: `{${p.variable}}`,
                        count: p.missing,
                        of: p.of,
                        names: p.examples.join(', ') + (p.missing > p.examples.length ? ', …' : ''),
                      })}
                </li>
              ))}
            </ul>
          </div>
        </div>
      )}
      {preview.personalised && preview.recipients === 0 && <p className="mt-2 text-xs text-base-content/60">{T.pick()}</p>}
      {preview.personalised && preview.samples.length > 0 && (
        <>
          <p className="mt-2 text-xs font-medium text-base-content/70">{T.openings()}</p>
          <ul className="mt-1 space-y-1.5" data-testid="personalisation-samples">
            {preview.samples.map((x) => (
              <li key={`${x.name}|${x.opening}`} className="rounded-box bg-base-100 px-2.5 py-1.5 text-sm" data-testid="personalisation-sample">
                <span className="font-medium">{x.name}</span>
                <span className="text-base-content/50"> · </span>
                <q className="text-base-content/80">{x.opening}</q>
                {x.greeting && <span className="block text-xs text-base-content/50">{T.greeting({ name: x.greeting })}</span>}
              </li>
            ))}
          </ul>
          {more > 0 && <p className="mt-1 text-xs text-base-content/60">{T.more({ count: more })}</p>}
        </>
      )}
      {preview.merged.length > 0 && (
        <ul className="mt-2 space-y-0.5 text-xs text-base-content/70" data-testid="personalisation-merged">
          {preview.merged.map((m) => (
            <li key={`${m.platform}|${m.address}`}>{T.merged({ address: m.address, names: [m.kept, ...m.merged].join(', ') })}</li>
          ))}
        </ul>
      )}
      {preview.ownBackgrounds > 0 && (
        <p className="mt-2 flex items-center gap-1.5 text-xs text-base-content/70">
          <ImageIcon className="size-3.5" aria-hidden /> {T.backgrounds({ count: preview.ownBackgrounds })}
        </p>
      )}
    </section>
  );
}
