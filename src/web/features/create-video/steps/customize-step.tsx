import { useQuery } from '@tanstack/react-query';
import { Circle, Pause, Play, RotateCcw, ScanFace, UserRound, Volume2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { placeAvatar } from '@/media/layout';
import { useI18nContext } from '@locales/i18n-react';
import { ToggleRow } from '../../../components/toggle-row';
import { useFormat } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import type { VoiceItem } from '../api';
import { DEFAULT_LOOK, updateWizard, useWizard, type AvatarStyle, type Look } from '../store';
import { AvatarImage, useGenderLabel } from './avatar-step';
import { useTrpc } from '@/web/lib/trpc';
import { StepHeader, StepQuerySection } from './step-parts';

const STYLES: { id: AvatarStyle; icon: typeof UserRound }[] = [
  { id: 'normal', icon: UserRound },
  { id: 'circle', icon: Circle },
  { id: 'closeUp', icon: ScanFace },
];

/** Voice choice with audio samples, and the voice customization of spec part 2 §3. */
export function CustomizeStep() {
  const { LL } = useI18nContext();
  const C = LL.createVideo.customize;
  const trpc = useTrpc();
  const avatar = useWizard((s) => s.avatar);
  const voiceId = useWizard((s) => s.voiceId);
  const look = useWizard((s) => s.look);
  const voices = useQuery({ ...trpc.voices.list.queryOptions({ avatarId: avatar?.id }), staleTime: 5 * 60 * 1000 });

  // The spec's default voice (§9), as the API names it, until the user picks one.
  useEffect(() => {
    if (!voiceId && voices.data) updateWizard({ voiceId: voices.data.defaultVoiceId });
  }, [voiceId, voices.data]);

  const setLook = (patch: Partial<Look>) => updateWizard((s) => ({ look: { ...s.look, ...patch } }));

  return (
    <div className="space-y-6">
      <StepHeader title={C.title()} hint={C.hint()} />

      <StepQuerySection id="voices-title" title={C.voice()} query={voices} errorText={C.voicesError()}>
        {voiceId && <HearIt voiceId={voiceId} />}
        {voices.data && <VoiceList voices={voices.data.voices} selected={voiceId} onSelect={(id) => updateWizard({ voiceId: id })} />}
      </StepQuerySection>

      <section aria-labelledby="look-title" className="grid gap-6 lg:grid-cols-[1fr_20rem]">
        <div className="space-y-4">
          <h3 id="look-title" className="font-semibold">
            {C.look()}
          </h3>
          <div role="radiogroup" aria-label={C.style()} className="grid grid-cols-3 gap-2">
            {STYLES.map(({ id, icon: Icon }) => (
              <button
                key={id}
                type="button"
                role="radio"
                aria-checked={look.avatarStyle === id}
                className={`btn h-auto flex-col gap-1 py-3 ${look.avatarStyle === id ? 'btn-primary' : 'btn-outline border-base-300'}`}
                onClick={() => setLook({ avatarStyle: id })}
                data-testid={`style-${id}`}
              >
                <Icon className="size-5" aria-hidden />
                <span className="text-xs">{C.styles[id]()}</span>
              </button>
            ))}
          </div>
          <Slider label={C.offsetX()} value={look.offsetX} onChange={(v) => setLook({ offsetX: v })} testId="offset-x" />
          <Slider label={C.offsetY()} value={look.offsetY} onChange={(v) => setLook({ offsetY: v })} testId="offset-y" />
          <button
            type="button"
            className="btn btn-ghost btn-xs"
            onClick={() => setLook({ offsetX: 0, offsetY: 0 })}
            disabled={look.offsetX === 0 && look.offsetY === 0}
          >
            <RotateCcw className="size-3" aria-hidden /> {C.resetPosition()}
          </button>
          <div className="divide-y divide-base-200 rounded-box border border-base-200 px-4">
            <ToggleRow label={C.matting()} hint={C.mattingHint()} checked={look.matting} onChange={(v) => setLook({ matting: v })} testId="matting" />
            <ColourRow value={look.circleBackgroundColor} disabled={look.avatarStyle !== 'circle'} onChange={(v) => setLook({ circleBackgroundColor: v })} />
          </div>
        </div>
        <FramePreview look={look} thumbnail={avatar?.thumbnail ?? ''} kind={avatar?.type === 'custom' ? 'photo' : 'stock'} />
      </section>
    </div>
  );
}

/** "Hear it": the chosen voice says the script's first sentence (POST /api/voices/:id/hear), before any render. */
function HearIt({ voiceId }: { voiceId: string }) {
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
    <div className="mb-3 flex flex-wrap items-center gap-2">
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

function VoiceList({ voices, selected, onSelect }: { voices: VoiceItem[]; selected: string | null; onSelect: (id: string) => void }) {
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

function Slider({ label, value, onChange, testId }: { label: string; value: number; onChange: (v: number) => void; testId: string }) {
  const id = useId();
  const shown = `${value > 0 ? '+' : ''}${value.toFixed(2)}`;
  return (
    <div>
      <div className="mb-1 flex justify-between text-sm">
        <label htmlFor={id}>{label}</label>
        <span className="font-mono text-base-content/70">{shown}</span>
      </div>
      <input
        id={id}
        type="range"
        min={-1}
        max={1}
        step={0.05}
        value={value}
        onChange={(e) => onChange(Number(e.target.value))}
        className="range range-primary range-sm w-full"
        data-testid={testId}
      />
    </div>
  );
}

function ColourRow({ value, disabled, onChange }: { value: string; disabled: boolean; onChange: (v: string) => void }) {
  const { LL } = useI18nContext();
  const C = LL.createVideo.customize;
  const id = useId();
  return (
    <div className={`flex items-center justify-between gap-4 py-3 ${disabled ? 'opacity-60' : ''}`}>
      <label htmlFor={id} className="min-w-0">
        <span className="block font-medium">{C.circleColor()}</span>
        <span className="block text-sm text-base-content/60">{C.circleColorHint()}</span>
      </label>
      <div className="flex items-center gap-2">
        <span className="font-mono text-xs">{value}</span>
        <input
          id={id}
          type="color"
          value={value}
          disabled={disabled}
          onChange={(e) => onChange(e.target.value)}
          className="h-8 w-12 cursor-pointer rounded border border-base-300 bg-transparent"
          data-testid="circle-colour"
        />
        {value !== DEFAULT_LOOK.circleBackgroundColor && !disabled && (
          <button type="button" className="btn btn-ghost btn-xs" onClick={() => onChange(DEFAULT_LOOK.circleBackgroundColor)} aria-label={C.resetPosition()}>
            <RotateCcw className="size-3" aria-hidden />
          </button>
        )}
      </div>
    </div>
  );
}

/** Where the avatar will sit, drawn with the renderer's own placement rules in a 16:9 frame. */
function FramePreview({ look, thumbnail, kind }: { look: Look; thumbnail: string; kind: 'stock' | 'photo' }) {
  const { LL } = useI18nContext();
  const W = 320;
  const H = 180;
  const p = placeAvatar({ width: W, height: H, kind, style: look.avatarStyle, offsetX: look.offsetX, offsetY: look.offsetY });
  const round = look.avatarStyle === 'circle' || kind === 'photo';
  return (
    <figure>
      <figcaption className="mb-2 text-sm font-medium">{LL.createVideo.customize.preview()}</figcaption>
      <div className="relative aspect-video w-full overflow-hidden rounded-box bg-gradient-to-br from-slate-200 to-slate-400" data-testid="frame-preview">
        <div
          className={`absolute overflow-hidden ${round ? 'rounded-full' : ''}`}
          style={{
            left: `${(p.x / W) * 100}%`,
            top: `${(p.y / H) * 100}%`,
            width: `${(p.size / W) * 100}%`,
            height: `${(p.size / H) * 100}%`,
            background: look.avatarStyle === 'circle' ? look.circleBackgroundColor : undefined,
          }}
        >
          <AvatarImage src={thumbnail} className="size-full" />
        </div>
      </div>
    </figure>
  );
}
