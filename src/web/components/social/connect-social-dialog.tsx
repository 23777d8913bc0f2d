import { useMutation } from '@tanstack/react-query';
import { Check, ExternalLink, KeyRound, Link2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useI18nContext } from '@locales/i18n-react';
import { api, errorMessage } from '../../lib/rest';
import { toast } from '../../lib/toast';
import { Modal } from '@/web/components/modal';
import { useRefetchSocial, type DirectResult, type SocialProfile } from '@/web/lib/social-api';
import { SocialIcon } from './platform-icon';
import { CONNECT_PLATFORMS, platformName } from '@/web/lib/platforms';
import { useConnectFlow } from './use-connect-flow';

const PHONE_MIN = 10;

/** The /connect-platforms link of the OAuth tab: every provider, and back to this page. */
export function connectPlatformsHref(currentUrl: string): string {
  return `/connect-platforms?providers=${CONNECT_PLATFORMS.join(',')}&redirect_uri=${encodeURIComponent(currentUrl)}`;
}

/**
 * Connect Social Account (spec part 2 §2.1, §4): an OAuth tab (authorization link in a 600x600
 * popup) and a Direct Login tab with LinkedIn and WhatsApp sub-tabs.
 */
export function ConnectSocialDialog({ open, onClose, profiles }: { open: boolean; onClose: () => void; profiles: readonly SocialProfile[] }) {
  const { LL } = useI18nContext();
  const D = LL.social.dialog;
  return (
    <Modal open={open} title={D.title()} subtitle={D.subtitle()} onClose={onClose} testId="connect-dialog">
      <ConnectTabs onClose={onClose} profiles={profiles} />
    </Modal>
  );
}

function ConnectTabs({ onClose, profiles }: { onClose: () => void; profiles: readonly SocialProfile[] }) {
  const { LL } = useI18nContext();
  const D = LL.social.dialog;
  const [tab, setTab] = useState<'oauth' | 'direct'>('oauth');
  return (
    <div>
      <div role="tablist" className="tabs tabs-box mb-4 grid grid-cols-2">
        {(['oauth', 'direct'] as const).map((t) => (
          <button
            key={t}
            type="button"
            role="tab"
            aria-selected={tab === t}
            className={`tab gap-1.5 ${tab === t ? 'tab-active' : ''}`}
            onClick={() => setTab(t)}
            data-testid={`connect-tab-${t}`}
          >
            {t === 'oauth' ? <Link2 className="size-4" aria-hidden /> : <KeyRound className="size-4" aria-hidden />}
            {t === 'oauth' ? D.oauthTab() : D.directTab()}
          </button>
        ))}
      </div>
      <div role="tabpanel">{tab === 'oauth' ? <OAuthTab onClose={onClose} profiles={profiles} /> : <DirectTab />}</div>
    </div>
  );
}

function OAuthTab({ onClose, profiles }: { onClose: () => void; profiles: readonly SocialProfile[] }) {
  const { LL } = useI18nContext();
  const D = LL.social.dialog;
  const S = LL.social.profiles;
  const connected = new Set(profiles.filter((p) => p.status === 'active').map((p) => p.platform));
  const flow = useConnectFlow({
    size: { width: 600, height: 600 },
    onClosed: (fresh) => {
      onClose();
      if (fresh.length)
        toast({
          title: D.completed(),
          description: D.completedText({ name: fresh.map((p) => `${p.profileName} (${platformName(LL, p.platform)})`).join(', ') }),
          variant: 'success',
        });
      else toast({ title: S.windowClosed(), description: S.windowClosedText() });
    },
  });
  return (
    <div className="space-y-4">
      <p className="text-sm text-base-content/70">{D.oauthText()}</p>
      <ul className="grid gap-2 sm:grid-cols-2">
        {CONNECT_PLATFORMS.map((p) => (
          <li key={p}>
            <button
              type="button"
              className="btn btn-outline h-auto w-full justify-start gap-3 py-2"
              disabled={!!flow.pending}
              onClick={() => void flow.start(p)}
              data-testid={`oauth-${p}`}
            >
              {flow.pending === p ? (
                <span className="loading loading-spinner loading-sm" aria-hidden />
              ) : (
                <SocialIcon platform={p} className="size-5" decorative />
              )}
              <span className="flex-1 text-left">{platformName(LL, p)}</span>
              {connected.has(p) && <Check className="size-4 text-success" aria-label={LL.social.status.active()} />}
            </button>
          </li>
        ))}
      </ul>
      {flow.link && (
        <p className="flex flex-wrap items-center gap-2 text-sm text-base-content/70" role="status" data-testid="oauth-waiting">
          <span className="loading loading-dots loading-xs" aria-hidden />
          {S.waiting()}
          <a href={flow.link} target="social-connect" className="link link-primary inline-flex items-center gap-1">
            {S.reopen()} <ExternalLink className="size-3" aria-hidden />
          </a>
        </p>
      )}
      <a
        href={connectPlatformsHref(window.location.href)}
        className="link link-primary inline-flex items-center gap-1 text-sm"
        data-testid="connect-platforms-link"
      >
        {D.morePlatforms()} <ExternalLink className="size-3" aria-hidden />
      </a>
    </div>
  );
}

function DirectTab() {
  const { LL } = useI18nContext();
  const D = LL.social.dialog;
  const [sub, setSub] = useState<'linkedin' | 'whatsapp'>('linkedin');
  return (
    <div className="space-y-3">
      <div role="tablist" className="tabs tabs-border">
        {(['linkedin', 'whatsapp'] as const).map((p) => (
          <button
            key={p}
            type="button"
            role="tab"
            aria-selected={sub === p}
            className={`tab gap-1.5 ${sub === p ? 'tab-active' : ''}`}
            onClick={() => setSub(p)}
            data-testid={`direct-tab-${p}`}
          >
            <SocialIcon platform={p} decorative /> {platformName(LL, p)}
          </button>
        ))}
      </div>
      <p className="text-xs text-base-content/60">{D.directText()}</p>
      {sub === 'linkedin' ? <LinkedInDirect /> : <WhatsAppDirect />}
    </div>
  );
}

type Phase = 'idle' | 'connecting' | 'checkpoint' | 'connected';

/** What a direct connection's answer means, and its toasts. */
function useDirectConnect(platform: 'linkedin' | 'whatsapp') {
  const { LL } = useI18nContext();
  const D = LL.social.dialog;
  const refetchSocial = useRefetchSocial();
  const [phase, setPhase] = useState<Phase>('idle');
  const [checkpoint, setCheckpoint] = useState<{ profileId: string; type: string } | null>(null);
  // The dialog sits above the toasts: a failure is also said inside it.
  const [problem, setProblem] = useState<string | null>(null);
  const failure = platform === 'linkedin' ? D.linkedinFailed() : D.whatsappFailed();

  const handle = async (r: DirectResult, name: string) => {
    setProblem(null);
    await refetchSocial();
    if (r.status === 'active') {
      setPhase('connected');
      setCheckpoint(null);
      toast({ title: platform === 'linkedin' ? D.linkedinConnected() : D.whatsappConnected(), description: D.connectedText({ name }), variant: 'success' });
    } else if (r.checkpoint && r.checkpoint.type !== 'QRCODE') {
      setPhase('checkpoint');
      setCheckpoint({ profileId: r.profileId, type: r.checkpoint.type });
    } else {
      setPhase('idle');
      toast({ title: D.pending(), description: D.pendingText() });
    }
  };

  const connect = useMutation({
    mutationFn: (body: Record<string, string>) => api.post<DirectResult>(`/api/social-connections/${platform}/direct`, body),
    onMutate: () => setPhase('connecting'),
    onSuccess: (r, body) => handle(r, body.username ?? body.phoneNumber ?? ''),
    onError: (e) => {
      setPhase('idle');
      setProblem(errorMessage(e) || failure);
      toast({ title: D.connectionFailed(), description: errorMessage(e) || failure, variant: 'destructive' });
    },
  });
  const verify = useMutation({
    mutationFn: (code: string) => api.post<DirectResult>('/api/social-connections/checkpoint', { profileId: checkpoint!.profileId, code }),
    onMutate: () => setPhase('connecting'),
    onSuccess: (r) => handle(r, platformName(LL, platform)),
    onError: (e) => {
      setPhase('checkpoint');
      setProblem(errorMessage(e) || failure);
      toast({ title: D.connectionFailed(), description: errorMessage(e) || failure, variant: 'destructive' });
    },
  });
  const reset = () => {
    setProblem(null);
    if (phase === 'connected') setPhase('idle');
  };
  return { phase, checkpoint, connect, verify, problem, reset };
}

function Problem({ text }: { text: string | null }) {
  const { LL } = useI18nContext();
  if (!text) return null;
  return (
    <p role="alert" className="alert alert-error alert-soft text-sm" data-testid="direct-problem">
      <span>
        <strong>{LL.social.dialog.connectionFailed()}</strong> · {text}
      </span>
    </p>
  );
}

function SubmitButton({ phase, testId, label }: { phase: Phase; testId: string; label?: string }) {
  const { LL } = useI18nContext();
  const D = LL.social.dialog;
  return (
    <button
      type="submit"
      className={`btn w-full ${phase === 'connected' ? 'btn-success' : 'btn-primary'}`}
      disabled={phase === 'connecting' || phase === 'connected'}
      data-testid={testId}
    >
      {phase === 'connecting' && <span className="loading loading-spinner loading-sm" aria-hidden />}
      {phase === 'connected' && <Check className="size-4" aria-hidden />}
      {phase === 'connecting' ? D.connecting() : phase === 'connected' ? D.connected() : (label ?? D.connect())}
    </button>
  );
}

function Field({ label, error, ...input }: React.InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string | null }) {
  const id = useId();
  return (
    <fieldset className="fieldset">
      <label className="fieldset-legend pb-1" htmlFor={id}>
        {label}
      </label>
      <input id={id} className={`input w-full ${error ? 'input-error' : ''}`} aria-invalid={error ? true : undefined} {...input} />
      {error && (
        <p className="label text-error" role="alert" data-testid="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

function CheckpointForm({ type, onSubmit, phase, problem }: { type: string; onSubmit: (code: string) => void; phase: Phase; problem: string | null }) {
  const { LL } = useI18nContext();
  const D = LL.social.dialog;
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      noValidate
      className="space-y-2 rounded-box border border-base-300 p-3"
      onSubmit={(e) => {
        e.preventDefault();
        if (!code.trim()) return setError(D.codeRequired());
        onSubmit(code.trim());
      }}
      data-testid="checkpoint-form"
    >
      <p className="text-sm">{D.codeHint({ type })}</p>
      <Field
        label={D.code()}
        value={code}
        autoComplete="one-time-code"
        inputMode="numeric"
        error={error}
        onChange={(e) => (setCode(e.target.value), setError(null))}
        data-testid="checkpoint-code"
      />
      <Problem text={problem} />
      <SubmitButton phase={phase} testId="checkpoint-submit" label={D.verify()} />
    </form>
  );
}

function LinkedInDirect() {
  const { LL } = useI18nContext();
  const D = LL.social.dialog;
  const { phase, checkpoint, connect, verify, problem, reset } = useDirectConnect('linkedin');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ username?: string; password?: string }>({});
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = { username: username.trim() ? undefined : D.usernameRequired(), password: password ? undefined : D.passwordRequired() };
    setErrors(next);
    if (next.username || next.password) return;
    connect.mutate({ username: username.trim(), password });
  };
  if (phase === 'checkpoint' || (checkpoint && phase === 'connecting'))
    return <CheckpointForm type={checkpoint?.type ?? ''} phase={phase} problem={problem} onSubmit={(c) => verify.mutate(c)} />;
  return (
    <form noValidate onSubmit={submit} className="space-y-2" data-testid="linkedin-direct">
      <Field
        label={D.username()}
        value={username}
        autoComplete="username"
        error={errors.username}
        onChange={(e) => (setUsername(e.target.value), setErrors((x) => ({ ...x, username: undefined })), reset())}
        data-testid="direct-username"
      />
      <Field
        label={D.password()}
        type="password"
        value={password}
        autoComplete="current-password"
        error={errors.password}
        onChange={(e) => (setPassword(e.target.value), setErrors((x) => ({ ...x, password: undefined })), reset())}
        data-testid="direct-password"
      />
      <Problem text={problem} />
      <SubmitButton phase={phase} testId="direct-linkedin-submit" />
    </form>
  );
}

function WhatsAppDirect() {
  const { LL } = useI18nContext();
  const D = LL.social.dialog;
  const { phase, checkpoint, connect, verify, problem, reset } = useDirectConnect('whatsapp');
  const [phoneNumber, setPhone] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (phoneNumber.trim().length < PHONE_MIN) return setError(D.phoneRequired());
    connect.mutate({ phoneNumber: phoneNumber.trim() });
  };
  if (phase === 'checkpoint' || (checkpoint && phase === 'connecting'))
    return <CheckpointForm type={checkpoint?.type ?? ''} phase={phase} problem={problem} onSubmit={(c) => verify.mutate(c)} />;
  return (
    <form noValidate onSubmit={submit} className="space-y-2" data-testid="whatsapp-direct">
      <Field
        label={D.phone()}
        type="tel"
        value={phoneNumber}
        placeholder="+33612345678"
        autoComplete="tel"
        error={error}
        onChange={(e) => (setPhone(e.target.value), setError(null), reset())}
        data-testid="direct-phone"
      />
      <Problem text={problem} />
      <SubmitButton phase={phase} testId="direct-whatsapp-submit" />
    </form>
  );
}
