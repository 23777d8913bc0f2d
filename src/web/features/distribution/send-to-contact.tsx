import { useState } from 'react';
import { useI18nContext } from '@locales/i18n-react';
import { errorMessage } from '../../lib/rest';
import { ConnectSocialDialog } from '@/web/components/social/connect-social-dialog';
import type { Channel } from '@/web/lib/platforms';
import { ChannelsPanel } from './channels-panel';
import { ContactsPanel } from './contacts-panel';
import { CsvImportDialog } from './csv-import-dialog';
import { DistributionProgress } from './distribution-progress';
import { isSelectable, toggle } from './selection';
import { ImportOptions, MessageBox, SendSummary } from './send-sections';
import { SocialContactsPanel } from './social-contacts-panel';
import { useSendForm, type Started } from './use-send-form';
import { LoadMore } from '@/web/components/load-more';
import { ConfirmDialog } from '@/web/components/confirm-dialog';
import { RecipientBrowser } from './recipient-browser';
import { RecipientViewPanel } from './recipient-view';

const STARTED_KEY = (videoId: string) => `distribution:started:${videoId}`;

function readStarted(videoId: string | null): Started | null {
  if (!videoId) return null;
  try {
    const raw = sessionStorage.getItem(STARTED_KEY(videoId));
    return raw ? (JSON.parse(raw) as Started) : null;
  } catch {
    return null;
  }
}

/**
 * Send To Contact (spec part 2 §2.1, the wizard's step 7): import options, contacts, social
 * contacts, channels, message and summary; Send Video starts the distribution, then the final
 * screen follows its real progress.
 */
export function SendToContact({ videoId, onFinished, onCampaigns }: { videoId: string | null; onFinished: () => void; onCampaigns: () => void }) {
  const [started, setStarted] = useState<Started | null>(() => readStarted(videoId));
  const finish = (then: () => void) => {
    if (videoId) sessionStorage.removeItem(STARTED_KEY(videoId));
    then();
  };
  if (started)
    return (
      <DistributionProgress
        videoId={videoId}
        distributionId={started.distributionId}
        skipped={started.skipped}
        onContinue={() => finish(onFinished)}
        onCampaigns={() => finish(onCampaigns)}
      />
    );
  return (
    <SendForm
      videoId={videoId}
      onStarted={(s) => {
        if (videoId) sessionStorage.setItem(STARTED_KEY(videoId), JSON.stringify(s));
        setStarted(s);
      }}
    />
  );
}

function SendForm({ videoId, onStarted }: { videoId: string | null; onStarted: (s: Started) => void }) {
  const { LL } = useI18nContext();
  const T = LL.distribution;
  const [csvOpen, setCsvOpen] = useState(false);
  const [connectOpen, setConnectOpen] = useState(false);
  const form = useSendForm(videoId, onStarted);
  const { video, selection, set, effective } = form;

  if (!videoId)
    return (
      <div role="alert" className="alert alert-error alert-soft" data-testid="no-video">
        {T.noVideo()}
      </div>
    );

  return (
    <div className="space-y-5" data-testid="send-to-contact">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-xl font-semibold">{T.title()}</h2>
          <p className="text-base-content/70">
            {video.data ? T.subtitle({ title: video.data.title }) : video.isError ? errorMessage(video.error) : LL.common.loading()}
          </p>
        </div>
      </header>

      <ImportOptions onCsv={() => setCsvOpen(true)} onConnect={() => setConnectOpen(true)} />

      <div className="grid grid-cols-1 gap-5 lg:grid-cols-2">
        <div className="space-y-5">
          <ContactsPanel
            listsQuery={form.lists}
            listsMore={
              <li>
                <LoadMore pages={form.listPages} testId="contact-lists-more" />
              </li>
            }
            listIds={selection.listIds}
            contactIds={selection.contactIds}
            onToggleList={(id) => set((s) => ({ listIds: toggle(s.listIds, id) }))}
            onToggleContact={(id) => set((s) => ({ contactIds: toggle(s.contactIds, id) }))}
          />
          {form.socialShown && (
            <SocialContactsPanel
              query={form.social}
              platforms={effective.platforms}
              selected={selection.socialContactIds}
              onToggle={(id) => set((s) => ({ socialContactIds: toggle(s.socialContactIds, id) }))}
            />
          )}
        </div>
        <div className="space-y-5">
          <ChannelsPanel
            connected={form.connected}
            sandbox={form.sandboxPlatforms}
            selected={effective.platforms}
            onToggle={(c: Channel) => isSelectable(c, form.connected) && set((s) => ({ platforms: toggle(s.platforms, c) }))}
            onConnect={() => setConnectOpen(true)}
          />
          <RecipientViewPanel
            view={form.recipientView.view}
            onChange={form.recipientView.setView}
            fallback={form.recipientView.settings.data?.fallback}
            showErrors={form.viewTried}
          />
          <MessageBox
            message={form.message}
            onChange={form.setMessage}
            videoTitle={video.data?.title}
            platform={effective.platforms[0] ?? 'linkedin'}
            preview={form.personal.data}
            previewLoading={form.personal.isLoading}
          />
          <RecipientBrowser videoId={videoId} selection={effective} message={form.message} view={form.recipientView.view} />
          <SendSummary
            effective={effective}
            reach={form.reach}
            blocker={form.blocker}
            disabled={!!form.blocker || form.problems > 0 || form.sending}
            sending={form.sending}
            onSend={form.onSend}
          />
        </div>
      </div>

      <ConfirmDialog
        open={form.confirming}
        title={T.confirm.title()}
        confirmLabel={T.confirm.send({ count: form.reach.total })}
        pending={form.sending}
        onConfirm={form.onConfirm}
        onClose={() => form.setConfirming(false)}
      >
        <p data-testid="confirm-count">{T.confirm.text({ count: form.reach.total })}</p>
      </ConfirmDialog>
      <CsvImportDialog
        open={csvOpen}
        onClose={() => setCsvOpen(false)}
        onImported={(id) => set((s) => ({ listIds: s.listIds.includes(id) ? s.listIds : [id, ...s.listIds] }))}
      />
      <ConnectSocialDialog open={connectOpen} onClose={() => setConnectOpen(false)} profiles={form.profiles.data ?? []} />
    </div>
  );
}
