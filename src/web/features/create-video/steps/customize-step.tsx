import { useQuery } from '@tanstack/react-query';
import { Circle, RotateCcw, ScanFace, UserRound } from 'lucide-react';
import { useEffect, useId } from 'react';
import { placeAvatar } from '@/media/layout';
import { useI18nContext } from '@locales/i18n-react';
import { ToggleRow } from '../../../components/toggle-row';
import { DEFAULT_LOOK, updateWizard, useWizard, type AvatarStyle, type Look } from '../store';
import { AvatarImage } from './avatar-step';
import { OwnVoice } from './own-voice';
import { HearIt, VoiceList } from './voice-list';
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
        <div className="mb-3 space-y-3">
          {voiceId && <HearIt voiceId={voiceId} />}
          {/* The rep's own voice; the chosen voice below then says the sentences with variables (decision 221). */}
          {voices.data && <OwnVoice voiceName={voices.data.voices.find((v) => v.id === voiceId)?.name ?? voiceId ?? ''} />}
        </div>
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
