import { useMutation, useQuery } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useI18nContext } from '@locales/i18n-react';
import { FormField, LabelledField } from '../../components/form-field';
import { QueryState } from '../../components/query-state';
import { PageHeader } from '../../components/page-header';
import { api, errorMessage } from '../../lib/rest';
import { toast } from '../../lib/toast';
import { readAccounts, useMessagingProvider } from '@/web/lib/social-api';
import { SandboxBadge, SandboxInboxLink, SocialIcon } from '@/web/components/social/platform-icon';
import { RefreshButton } from '@/web/components/refresh-button';
import { PendingButton } from '@/web/components/pending-button';
import { Table } from '@/web/components/table';

/** /unipile-test (spec part 2 §2.7): the connected accounts, and a WhatsApp or LinkedIn test message. */
export function UnipileTestPage() {
  const { LL } = useI18nContext();
  const U = LL.social.unipileTest;
  const provider = useMessagingProvider();
  const accounts = useQuery({ queryKey: ['unipile', 'accounts'], queryFn: readAccounts, staleTime: 0 });

  return (
    <div data-testid="unipile-test">
      <PageHeader
        title={U.title()}
        subtitle={U.subtitle()}
        actions={
          provider.data?.sandbox && (
            <>
              <SandboxBadge />
              <SandboxInboxLink />
            </>
          )
        }
      />
      <section className="card mb-6 border border-base-300 bg-base-100" aria-labelledby="unipile-accounts" data-testid="unipile-accounts">
        <div className="card-body gap-3 p-5">
          <div className="flex items-center justify-between gap-2">
            <h2 id="unipile-accounts" className="card-title text-base">
              {U.accounts()}
            </h2>
            <RefreshButton
              onClick={() => void accounts.refetch()}
              spinning={accounts.isFetching}
              label={LL.social.profiles.refresh()}
              className="btn-ghost btn-sm"
              testId="accounts-reload"
            />
          </div>
          <QueryState
            query={accounts}
            empty={accounts.data?.length === 0}
            loading={<div className="skeleton h-12" />}
            error={{ message: U.loadFailed(), detail: errorMessage(accounts.error), testId: 'accounts-error' }}
            emptyState={<p className="text-base-content/70">{U.noAccounts()}</p>}
          >
            <Table columns={[U.platform(), U.username(), U.status(), U.accountId()]} className="table-sm">
              {accounts.data?.map((a) => (
                <tr key={a.id} data-testid="account-row">
                  <td>
                    <span className="flex items-center gap-2">
                      <SocialIcon platform={a.platform} decorative /> {a.platform_name}
                    </span>
                  </td>
                  <td className="break-all">{a.username}</td>
                  <td>
                    <span className={`badge badge-sm ${a.status === 'active' ? 'badge-success' : 'badge-ghost'}`}>{a.status}</span>
                    {a.sandbox && <SandboxBadge className="ml-1" />}
                  </td>
                  <td className="font-mono text-xs">{a.id}</td>
                </tr>
              ))}
            </Table>
          </QueryState>
        </div>
      </section>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <TestMessageForm platform="whatsapp" />
        <TestMessageForm platform="linkedin" />
      </div>
    </div>
  );
}

function MessageFields({
  message,
  setMessage,
  videoUrl,
  setVideoUrl,
  prefix,
}: {
  message: string;
  setMessage: (v: string) => void;
  videoUrl: string;
  setVideoUrl: (v: string) => void;
  prefix: string;
}) {
  const { LL } = useI18nContext();
  const U = LL.social.unipileTest;
  const id = useId();
  return (
    <>
      <LabelledField label={U.message()} htmlFor={id}>
        <textarea
          id={id}
          className="textarea h-24 w-full"
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          maxLength={8000}
          placeholder={U.messagePlaceholder()}
          data-testid={`${prefix}-message`}
        />
      </LabelledField>
      <FormField
        label={U.videoUrl()}
        type="url"
        value={videoUrl}
        onChange={(e) => setVideoUrl(e.target.value)}
        placeholder="https://…"
        autoComplete="off"
        data-testid={`${prefix}-video-url`}
      />
    </>
  );
}

/** A test message to one WhatsApp number or one LinkedIn member, with an optional video link. */
function TestMessageForm({ platform }: { platform: 'whatsapp' | 'linkedin' }) {
  const { LL } = useI18nContext();
  const U = LL.social.unipileTest;
  const whatsapp = platform === 'whatsapp';
  const [recipient, setRecipient] = useState('');
  const [message, setMessage] = useState('');
  const [videoUrl, setVideoUrl] = useState('');
  const send = useMutation({
    mutationFn: () => {
      const common = { message, videoUrl: videoUrl.trim() || undefined };
      return whatsapp
        ? api.post('/api/unipile/send-whatsapp', { ...common, phoneNumber: recipient.trim() })
        : api.post('/api/unipile/send-linkedin', { ...common, linkedinId: recipient.trim() });
    },
    onSuccess: (r) => toast({ title: U.sent(), description: r.sandbox ? U.sentSandbox() : U.sentText({ id: r.messageId }), variant: 'success' }),
    onError: (e) => toast({ title: whatsapp ? U.whatsappFailed() : U.linkedinFailed(), description: errorMessage(e), variant: 'destructive' }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!recipient.trim()) {
      toast(
        whatsapp
          ? { title: U.phoneRequired(), description: U.phoneRequiredText(), variant: 'destructive' }
          : { title: U.linkedinRequired(), description: U.linkedinRequiredText(), variant: 'destructive' },
      );
      return;
    }
    if (!send.isPending) send.mutate();
  };
  return (
    <form className="card border border-base-300 bg-base-100" onSubmit={submit} data-testid={`${platform}-form`} noValidate>
      <div className="card-body gap-2 p-5">
        <h2 className="card-title text-base">
          <SocialIcon platform={platform} className="size-5" decorative /> {whatsapp ? U.whatsappTitle() : U.linkedinTitle()}
        </h2>
        <FormField
          value={recipient}
          onChange={(e) => setRecipient(e.target.value)}
          autoComplete="off"
          {...(whatsapp
            ? { label: U.phoneNumber(), type: 'tel', placeholder: '+33612345678', 'data-testid': 'whatsapp-phone' }
            : {
                label: U.linkedinId(),
                placeholder: 'https://www.linkedin.com/in/…',
                hint: <p className="label">{U.linkedinIdHint()}</p>,
                'data-testid': 'linkedin-id',
              })}
        />
        <MessageFields message={message} setMessage={setMessage} videoUrl={videoUrl} setVideoUrl={setVideoUrl} prefix={platform} />
        <div className="card-actions mt-2 justify-end">
          <PendingButton pending={send.isPending} icon={<Send className="size-4" aria-hidden />} pendingLabel={U.sending()} testId={`${platform}-send`}>
            {U.send()}
          </PendingButton>
        </div>
      </div>
    </form>
  );
}
