import { Pause, Play, Volume2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useI18nContext } from '@locales/i18n-react';
import { useFormat } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import type { VoiceItem } from '../api';
import { useWizard } from '../store';
import { useGenderLabel } from './avatar-step';

// The Customize step's voice choice: each voice with its sample, and "Hear it" (the chosen voice
// saying the script's first sentence before anything is rendered).

/** "Hear it": the chosen voice says the script's first sentence (POST /api/voices/:id/hear), before any render. */
export function HearIt({ voiceId }: { voiceId: string }) {
  const { LL } = useI18nContext();
  const C = LL.createVideo.customize;
  const script = useWizard((s) => s.script);
  const [state, setState] = useState<'idle' | 'loading' | 'playing'>('idle');
  const audio = useRef<HTMLAudioElement | null>(null);
  const url = useRef<string | null>(null);
  useEffect(
    () => () => {
      audio.current?.pause();
      if (url.current) URL.revokeObjectURL(url.current);
    },
    [],
  );
  const hear = async () => {
    audio.current?.pause();
    if (state === 'playing') return setState('idle');
    if (!script.trim()) return toast({ title: C.hearNoScript(), variant: 'destructive' });
    setState('loading');
    try {
      const res = await fetch(`/api/voices/${encodeURIComponent(voiceId)}/hear`, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text: script }),
      });
      if (!res.ok) throw new Error(res.status === 400 ? C.hearNoScript() : res.status === 429 ? C.hearTooMany() : C.hearFailed());
      if (url.current) URL.revokeObjectURL(url.current);
      url.current = URL.createObjectURL(await res.blob());
      const a = new Audio(url.current);
      audio.current = a;
      a.onended = () => setState('idle');
      await a.play();
      setState('playing');
    } catch (e) {
      setState('idle');
      toast({ title: e instanceof Error && e.message ? e.message : C.hearFailed(), variant: 'destructive' });
    }
  };
  return (
    <div className="flex flex-wrap items-center gap-2">
      <button type="button" className="btn btn-sm btn-outline" onClick={hear} disabled={state === 'loading'} data-testid="voice-hear">
        {state === 'loading' ? (
          <span className="loading loading-spinner loading-xs" aria-hidden />
        ) : state === 'playing' ? (
          <Pause className="size-4" aria-hidden />
        ) : (
          <Volume2 className="size-4" aria-hidden />
        )}
        {state === 'playing' ? C.stop() : C.hearIt()}
      </button>
      <span className="text-xs text-base-content/60">{C.hearItHint()}</span>
    </div>
  );
}

export function VoiceList({ voices, selected, onSelect }: { voices: VoiceItem[]; selected: string | null; onSelect: (id: string) => void }) {
  const { LL } = useI18nContext();
  const C = LL.createVideo.customize;
  const gender = useGenderLabel();
  const { tag } = useFormat();
  const audio = useRef<HTMLAudioElement | null>(null);
  const [playing, setPlaying] = useState<string | null>(null);
  const names = useRef<Intl.DisplayNames | null>(null);
  try {
    names.current = new Intl.DisplayNames([tag], { type: 'language' });
  } catch {
    names.current = null;
  }
  const language = (v: VoiceItem) => {
    const n = names.current?.of(v.language);
    return n ? n.charAt(0).toLocaleUpperCase(tag) + n.slice(1) : v.languageName;
  };

  useEffect(() => () => audio.current?.pause(), []);

  const toggle = (v: VoiceItem) => {
    audio.current?.pause();
    if (playing === v.id) return setPlaying(null);
    const a = new Audio(v.previewUrl);
    audio.current = a;
    a.onended = () => setPlaying((p) => (p === v.id ? null : p));
    setPlaying(v.id);
    a.play().catch(() => {
      setPlaying(null);
      toast({ title: C.sampleFailed(), variant: 'destructive' });
    });
  };

  return (
    <div role="radiogroup" aria-label={C.voice()} className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3" data-testid="voice-list">
      {voices.map((v) => {
        const isSelected = selected === v.id;
        return (
          <div
            key={v.id}
            className={`flex items-center gap-2 rounded-box border-2 p-2 ${isSelected ? 'border-primary bg-primary/5' : 'border-base-300'}`}
            data-testid="voice-option"
            data-voice-id={v.id}
          >
            <button
              type="button"
              className="btn btn-circle btn-sm btn-ghost shrink-0"
              onClick={() => toggle(v)}
              aria-label={playing === v.id ? C.stop() : C.play({ name: v.name })}
              data-testid="voice-play"
            >
              {playing === v.id ? <Pause className="size-4" aria-hidden /> : <Play className="size-4" aria-hidden />}
            </button>
            <button
              type="button"
              role="radio"
              aria-checked={isSelected}
              className="flex min-w-0 flex-1 flex-col items-start text-left"
              onClick={() => onSelect(v.id)}
            >
              <span className="flex flex-wrap items-center gap-1 font-medium">
                {v.name}
                {(v.default || v.recommended) && <span className="badge badge-primary badge-xs">{C.recommended()}</span>}
                {v.premium && <span className="badge badge-accent badge-xs">{C.premium()}</span>}
              </span>
              <span className="text-xs text-base-content/60">
                {language(v)} · {gender(v.gender)} · <span data-testid="voice-engine">{v.engineName}</span>
              </span>
            </button>
          </div>
        );
      })}
    </div>
  );
}
