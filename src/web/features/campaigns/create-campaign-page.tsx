import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useInfiniteQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { ArrowLeft, ArrowRight, Clapperboard } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Controller, useForm, type FieldErrors } from 'react-hook-form';
import { ZCreateCampaign, type TCreateCampaign, type TCreateCampaignInput } from '@/domains/campaigns/schemas';
import { useI18nContext } from '@locales/i18n-react';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/route-error';
import { LoadingBlock } from '../../components/spinner';
import { EmptyState } from '../../components/query-state';
import { CreateVideoLink } from '../../components/create-video-link';
import { toast } from '../../lib/toast';
import { VideoPicker } from '@/web/components/videos/video-picker';
import { useInvalidateFigures } from '@/web/lib/campaigns-api';
import { CampaignFields, PlatformPicker } from './campaign-fields';
import { sectorLabel } from '@/web/lib/campaign-labels';
import { useDateRange } from './campaign-card';
import { useCampaignFormat } from '@/web/lib/campaign-format';
import { MoveVideosDialog, useWhereNote } from '@/web/components/videos/move-videos';
import { LoadMore } from '@/web/components/load-more';
import { itemsOf, videoPagesOptions } from '@/web/lib/pages';
import { PlatformIcons } from './platform-icon';
import { useTrpc } from '@/web/lib/trpc';
import { FilterTabs } from '@/web/components/filter-tabs';

const STEPS = ['videos', 'details', 'distribution'] as const;
const DETAIL_FIELDS = ['name', 'description', 'sector', 'startDate', 'endDate', 'totalBudget'] as const;

const EMPTY: TCreateCampaignInput = { name: '', description: '', sector: '', startDate: '', endDate: '', platforms: [], videoIds: [] };

/** Three tabs: Select Videos → Campaign Details → Distribution; a later tab opens only once reached (spec part 1 §2, §4). */
export function CreateCampaignPage() {
  const { LL } = useI18nContext();
  const trpc = useTrpc();
  const navigate = useNavigate();
  const invalidate = useInvalidateFigures();
  const W = LL.campaigns.wizard;
  const [step, setStep] = useState(0);
  const [reached, setReached] = useState(0);
  const form = useForm<TCreateCampaignInput, unknown, TCreateCampaign>({ resolver: zodResolver(ZCreateCampaign), defaultValues: EMPTY });
  const videos = useInfiniteQuery({ ...videoPagesOptions(trpc), staleTime: 0 });
  const videoList = itemsOf(videos.data);
  const videoIds = form.watch('videoIds') ?? [];
  const whereNote = useWhereNote(videoList);
  // Chosen videos that are in another campaign: creating asks first, then moves them.
  const [confirmMove, setConfirmMove] = useState<TCreateCampaign | null>(null);
  const name = form.watch('name');
  // The missing-name message goes as soon as a name is typed.
  useEffect(() => {
    if (name?.trim()) form.clearErrors('name');
  }, [name, form]);

  const go = (next: number) => {
    setStep(next);
    setReached((r) => Math.max(r, next));
    window.scrollTo({ top: 0, behavior: 'instant' });
  };

  const create = useMutation(
    trpc.campaigns.create.mutationOptions({
      onSuccess: async (campaign) => {
        void invalidate();
        toast({ title: W.created(), description: W.createdText({ name: campaign.name }), variant: 'success' });
        await navigate({ to: '/campaigns/$id', params: { id: campaign.id } });
      },
      onError: (e) => toast({ title: W.failed(), description: e.message, variant: 'destructive' }),
      onSettled: () => setConfirmMove(null),
    }),
  );
  const moving = (v: TCreateCampaign | null) => (v ? videoList.filter((x) => x.campaignId && v.videoIds?.includes(x.id)) : []);
  const submit = (v: TCreateCampaign) => (moving(v).length ? setConfirmMove(v) : create.mutate(v));

  const missingName = () => {
    form.setError('name', { message: W.missingName() });
    toast({ title: W.missingInfo(), description: W.missingName(), variant: 'destructive' });
  };
  const noVideos = () => toast({ title: W.noVideosSelected(), description: W.noVideosSelectedText(), variant: 'destructive' });

  const next = async () => {
    if (step === 0) {
      if (videoIds.length === 0) return noVideos();
      return go(1);
    }
    if (step === 1) {
      const ok = validateDetails();
      if (!form.getValues('name')?.trim()) return missingName();
      if (ok) go(2);
    }
  };

  // The details alone, against the shared schema: the cross-field rules (end not before start)
  // only run once the whole object parses, so the later steps' fields are stood in for here.
  const validateDetails = () => {
    form.clearErrors([...DETAIL_FIELDS]);
    const r = ZCreateCampaign.safeParse({ ...form.getValues(), platforms: ['email'], videoIds: ['placeholder'] });
    if (r.success) return true;
    let ok = true;
    for (const issue of r.error.issues) {
      const key = issue.path[0] as (typeof DETAIL_FIELDS)[number];
      if (!DETAIL_FIELDS.includes(key) || form.getFieldState(key).error) continue;
      form.setError(key, { message: issue.message });
      ok = false;
    }
    return ok;
  };

  // The server's rules run here too (the shared schema): send the user to the step that needs attention.
  const onInvalid = (errors: FieldErrors<TCreateCampaignInput>) => {
    if (errors.videoIds) {
      setStep(0);
      return noVideos();
    }
    if (errors.name) {
      setStep(1);
      return missingName();
    }
    if (DETAIL_FIELDS.some((k) => errors[k])) return setStep(1);
    if (errors.platforms) toast({ title: W.noPlatforms(), description: W.noPlatformsText(), variant: 'destructive' });
  };

  return (
    <div data-testid="create-campaign">
      <Link to="/campaigns" className="btn btn-ghost btn-sm -ml-3 mb-3 gap-1">
        <ArrowLeft className="size-4" aria-hidden /> {LL.campaigns.detail.back()}
      </Link>
      <PageHeader title={W.title()} subtitle={W.subtitle()} />
      <FilterTabs
        options={STEPS}
        value={STEPS[step]!}
        onChange={(s) => setStep(STEPS.indexOf(s))}
        isDisabled={(s) => STEPS.indexOf(s) > reached}
        label={(s, selected) => (
          <>
            <span
              className={`flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-bold ${selected ? 'bg-primary-content text-primary' : 'bg-base-300 text-base-content'}`}
            >
              {STEPS.indexOf(s) + 1}
            </span>
            <span className="hidden text-left sm:inline">{W.steps[s]()}</span>
          </>
        )}
        ariaLabel={W.title()}
        testId={(s) => `wizard-tab-${s}`}
        className="mb-6 grid grid-cols-3 bg-base-100"
        tabClassName="h-auto min-h-10 gap-2 py-2"
      />
      <p className="mb-4 font-semibold sm:hidden">{W.steps[STEPS[step]]()}</p>

      <MoveVideosDialog
        moving={moving(confirmMove)}
        pending={create.isPending}
        onConfirm={() => confirmMove && create.mutate({ ...confirmMove, moveVideos: true })}
        onClose={() => setConfirmMove(null)}
      />
      <form noValidate onSubmit={form.handleSubmit(submit, onInvalid)} className="rounded-box border border-base-300 bg-base-100 p-4 md:p-6">
        {step === 0 && (
          <section data-testid="wizard-step-videos">
            <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
              <p className="text-base-content/70">{W.videosHint()}</p>
              {videoIds.length > 0 && <span className="badge badge-primary">{W.selected({ count: videoIds.length })}</span>}
            </div>
            {videos.isPending && <LoadingBlock className="py-12" />}
            {videos.isError && <QueryError error={videos.error} onRetry={() => void videos.refetch()} />}
            {videos.isSuccess && videoList.length === 0 && (
              <EmptyState
                icon={Clapperboard}
                title={W.noVideos()}
                text={W.noVideosText()}
                testId="wizard-no-videos"
                action={<CreateVideoLink label={W.createVideo()} />}
              />
            )}
            {videos.isSuccess && videoList.length > 0 && (
              <>
                <Controller
                  control={form.control}
                  name="videoIds"
                  render={({ field }) => <VideoPicker videos={videoList} selected={field.value ?? []} onChange={field.onChange} note={whereNote} />}
                />
                <LoadMore pages={videos} testId="wizard-videos-more" />
              </>
            )}
          </section>
        )}

        {step === 1 && (
          <section data-testid="wizard-step-details">
            <p className="mb-2 text-base-content/70">{W.detailsHint()}</p>
            <CampaignFields form={form} />
          </section>
        )}

        {step === 2 && (
          <section data-testid="wizard-step-distribution" className="space-y-6">
            <p className="text-base-content/70">{W.distributionHint()}</p>
            <Controller
              control={form.control}
              name="platforms"
              render={({ field, fieldState }) => <PlatformPicker value={field.value} onChange={field.onChange} error={fieldState.error?.message} />}
            />
            <Summary values={form.watch()} />
          </section>
        )}

        <div className="mt-6 flex items-center justify-between gap-2 border-t border-base-200 pt-4">
          {step > 0 ? (
            <button type="button" className="btn btn-ghost" onClick={() => setStep(step - 1)} data-testid="wizard-back">
              <ArrowLeft className="size-4" aria-hidden /> {W.back()}
            </button>
          ) : (
            <span />
          )}
          {step < 2 ? (
            // Distinct keys: React must not turn the clicked Next into the submit button mid-click (that would submit).
            <button key="next" type="button" className="btn btn-primary" onClick={() => void next()} data-testid="wizard-next">
              {W.next()} <ArrowRight className="size-4" aria-hidden />
            </button>
          ) : (
            <button key="submit" type="submit" className="btn btn-primary" disabled={create.isPending} data-testid="wizard-submit">
              {create.isPending && <span className="loading loading-spinner loading-sm" />}
              {create.isPending ? W.creating() : W.create()}
            </button>
          )}
        </div>
      </form>
    </div>
  );
}

function Summary({ values: v }: { values: TCreateCampaignInput }) {
  const { LL } = useI18nContext();
  const f = useCampaignFormat();
  const range = useDateRange();
  const L = LL.campaigns.form;
  const budget = v.totalBudget === undefined || v.totalBudget === '' ? null : Number(v.totalBudget);
  const rows = [
    { label: L.name(), value: v.name || '—' },
    { label: LL.campaigns.videos(), value: f.number(v.videoIds?.length ?? 0) },
    { label: L.sector(), value: sectorLabel(LL, typeof v.sector === 'string' ? v.sector : null) },
    { label: `${L.startDate()} – ${L.endDate()}`, value: range(v.startDate || null, v.endDate || null) },
    { label: L.totalBudget(), value: budget === null || Number.isNaN(budget) ? '—' : f.money(budget) },
  ];
  return (
    <div className="rounded-box bg-base-200 p-4" data-testid="wizard-summary">
      <h3 className="mb-2 font-semibold">{LL.campaigns.wizard.summary()}</h3>
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        {rows.map((r) => (
          <div key={r.label} className="flex justify-between gap-3">
            <dt className="text-base-content/70">{r.label}</dt>
            <dd className="text-right font-medium break-words">{r.value}</dd>
          </div>
        ))}
        {(v.platforms?.length ?? 0) > 0 && (
          <div className="flex justify-between gap-3 sm:col-span-2">
            <dt className="text-base-content/70">{L.platforms()}</dt>
            <dd>
              <PlatformIcons platforms={(v.platforms ?? []).map(String)} />
            </dd>
          </div>
        )}
      </dl>
    </div>
  );
}
