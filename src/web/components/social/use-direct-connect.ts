import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useI18nContext } from '@locales/i18n-react';
import { type ApiBody, api, errorMessage } from '../../lib/rest';
import { toast } from '../../lib/toast';
import { useRefetchSocial, type DirectResult } from '@/web/lib/social-api';
import { channelLabel } from '@/web/lib/platforms';

/** A LinkedIn sign-in or a WhatsApp number: the platform's direct connection. */
type DirectBody = ApiBody<'POST', '/api/social-connections/linkedin/direct'> | ApiBody<'POST', '/api/social-connections/whatsapp/direct'>;

export type Phase = 'idle' | 'connecting' | 'checkpoint' | 'connected';

/** What a direct connection's answer means, and its toasts. */
export function useDirectConnect(platform: 'linkedin' | 'whatsapp') {
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
    mutationFn: (body: DirectBody) =>
      'username' in body ? api.post('/api/social-connections/linkedin/direct', body) : api.post('/api/social-connections/whatsapp/direct', body),
    onMutate: () => setPhase('connecting'),
    onSuccess: (r, body) => handle(r, 'username' in body ? body.username : body.phoneNumber),
    onError: (e) => {
      setPhase('idle');
      setProblem(errorMessage(e) || failure);
      toast({ title: D.connectionFailed(), description: errorMessage(e) || failure, variant: 'destructive' });
    },
  });
  const verify = useMutation({
    mutationFn: (code: string) => api.post('/api/social-connections/checkpoint', { profileId: checkpoint!.profileId, code }),
    onMutate: () => setPhase('connecting'),
    onSuccess: (r) => handle(r, channelLabel(LL, platform)),
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
