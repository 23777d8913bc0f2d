import { useMutation } from '@tanstack/react-query';
import { FileUp, MessageSquareText, Send, Share2, Sparkles, Target, type LucideIcon } from 'lucide-react';
import { useId } from 'react';
import { useI18nContext } from '@locales/i18n-react';
import { useFormat } from '../../lib/format';
import { toast } from '../../lib/toast';
import { useTrpc } from '@/web/lib/trpc';
import { PersonalisationPanel, type PersonalPreview } from './personalisation-panel';
import type { Selection } from './selection';
import { channelLabel } from '@/web/lib/platforms';
import { Panel } from '@/web/components/panel';
import { PendingButton } from '@/web/components/pending-button';

/** One way to add recipients: an icon, a title and a sentence, as one button. */
function ImportOption({ icon: Icon, title, text, onClick, testId }: { icon: LucideIcon; title: string; text: string; onClick: () => void; testId: string }) {
  return (
    <button
      type="button"
      className="flex items-start gap-3 rounded-box border border-base-300 bg-base-100 p-3 text-left hover:border-primary"
      onClick={onClick}
      data-testid={testId}
    >
      <Icon className="mt-0.5 size-6 shrink-0 text-primary" aria-hidden />
      <span>
        <span className="block font-medium">{title}</span>
        <span className="block text-sm text-base-content/70">{text}</span>
      </span>
    </button>
  );
}

/** Import options: a CSV file, or the social connector. */
export function ImportOptions({ onCsv, onConnect }: { onCsv: () => void; onConnect: () => void }) {
  const { LL } = useI18nContext();
  const T = LL.distribution.import;
  return (
    <section className="rounded-box border border-base-300 bg-base-200/50 p-4" aria-labelledby="import-options" data-testid="import-options">
      <h3 id="import-options" className="mb-3 font-semibold">
        {T.title()}
      </h3>
      <div className="grid gap-3 sm:grid-cols-2">
        <ImportOption icon={FileUp} title={T.csv()} text={T.csvText()} onClick={onCsv} testId="open-csv" />
        <ImportOption icon={Share2} title={T.social()} text={T.socialText()} onClick={onConnect} testId="open-connector" />
      </div>
    </section>
  );
}

/** The message: free text with variables, Inspire Me, and what each recipient will get. */
export function MessageBox({
  message,
  onChange,
  videoTitle,
  platform,
  preview,
  previewLoading,
}: {
  message: string;
  onChange: (message: string) => void;
  videoTitle: string | undefined;
  platform: string;
  preview: PersonalPreview | undefined;
  previewLoading: boolean;
}) {
  const { LL, locale } = useI18nContext();
  const T = LL.distribution.message;
  const trpc = useTrpc();
  const messageId = useId();
  const inspire = useMutation(
    trpc.scripts.inspireMessage.mutationOptions({
      onSuccess: (r) => onChange(r.message),
      onError: () => toast({ title: T.inspireError(), description: T.inspireErrorText(), variant: 'destructive' }),
    }),
  );
  return (
    <Panel
      title={<label htmlFor={messageId}>{T.title()}</label>}
      icon={MessageSquareText}
      titleId="message-title"
      level={3}
      dense
      testId="message-box"
      action={
        <PendingButton
          type="button"
          className="btn-sm btn-outline btn-secondary"
          pending={inspire.isPending}
          icon={<Sparkles className="size-4" aria-hidden />}
          pendingLabel={T.inspiring()}
          onClick={() => inspire.mutate({ videoTitle: videoTitle || T.defaultTitle(), platform, language: locale })}
          testId="inspire-me"
        >
          {T.inspire()}
        </PendingButton>
      }
    >
      <textarea
        id={messageId}
        className="textarea h-36 w-full"
        value={message}
        maxLength={5000}
        onChange={(e) => onChange(e.target.value)}
        placeholder={T.placeholder()}
        data-testid="message"
      />
      <p className="text-xs text-base-content/60">{T.variablesHint({ example: '{first_name}' })}</p>
      <PersonalisationPanel preview={preview} loading={previewLoading} />
    </Panel>
  );
}

const COUNTS = [
  ['contacts', 'contactIds'],
  ['lists', 'listIds'],
  ['social', 'socialContactIds'],
  ['platforms', 'platforms'],
] as const;

/** The summary: what is selected, the estimated reach, why Send is off if it is, and Send Video. */
export function SendSummary({
  effective,
  reach,
  blocker,
  disabled,
  sending,
  onSend,
}: {
  effective: Selection;
  reach: { total: number; byChannel: Record<string, number> };
  blocker: string | null;
  disabled: boolean;
  sending: boolean;
  onSend: () => void;
}) {
  const { LL } = useI18nContext();
  const T = LL.distribution;
  const f = useFormat();
  return (
    <section className="card border border-primary/30 bg-base-100" aria-labelledby="summary-title" data-testid="summary">
      <div className="card-body gap-3 p-4">
        <h3 id="summary-title" className="card-title text-base">
          <Target className="size-5 text-primary" aria-hidden /> {T.summary.title()}
        </h3>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
          {COUNTS.map(([label, key]) => (
            <div key={key} className="contents">
              <dt className="text-base-content/70">{T.summary[label]()}</dt>
              <dd className="text-right font-medium" data-testid={`summary-${label}`}>
                {f.number(effective[key].length)}
              </dd>
            </div>
          ))}
          <dt className="border-t border-base-300 pt-1 font-semibold">{T.summary.reach()}</dt>
          <dd className="border-t border-base-300 pt-1 text-right text-lg font-bold text-primary" data-testid="summary-reach">
            {f.number(reach.total)}
          </dd>
          {effective.platforms.length > 1 &&
            effective.platforms.map((p) => (
              <div key={p} className="contents text-xs">
                <dt className="pl-2 text-base-content/60">{channelLabel(LL, p)}</dt>
                <dd className="text-right" data-testid={`summary-reach-${p}`}>
                  {f.number(reach.byChannel[p] ?? 0)}
                </dd>
              </div>
            ))}
        </dl>
        <p className="text-xs text-base-content/60">{T.summary.reachHint()}</p>
        {blocker && blocker !== 'missingVideo' && (
          <p className="text-sm text-base-content/70" role="status" data-testid="send-hint">
            {blocker === 'noPlatforms' ? T.hintPlatforms() : T.hintRecipients()}
          </p>
        )}
        <PendingButton
          type="button"
          className="btn-primary btn-block"
          pending={sending}
          disabled={disabled}
          icon={<Send className="size-4" aria-hidden />}
          pendingLabel={T.sending()}
          onClick={onSend}
          testId="send-video"
        >
          {T.send()}
        </PendingButton>
      </div>
    </section>
  );
}
