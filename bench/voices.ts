/**
 * Which offline voice a listener follows best: `bun bench/voices.ts [--lang en,fr]`.
 * Each installed offline voice (eSpeak, Flite, SVOX Pico) reads an 80–100 word sales script in its
 * language; an offline recogniser (CMU pocketsphinx, Debian's packages, installed here when missing)
 * transcribes it, and the word error rate (substitutions + deletions + insertions over the script's
 * words) says how intelligible the voice is. Per language it prints each voice's WER, the voice it
 * would pick as the default, and whether that matches MEASURED_RANKING in src/media/voice-catalogue.ts (the
 * table the app uses; figures in docs/decisions/215). Debian ships an English model only: the other
 * languages print "no recogniser model". The default English voice must stay ≤ 30 %.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runFfmpeg } from '../src/media/ffmpeg.ts';
import { localSpeech } from '../src/media/tts.ts';
import { installedVoices, MEASURED_RANKING } from '../src/media/voice-catalogue.ts';
import type { VoiceLanguage } from '../src/media/voice-catalogue.ts';

export const BENCH_SCRIPTS: Record<VoiceLanguage, string> = {
  en:
    'Hi Maria, thanks for taking a minute to watch this short video. I run the sales team at a small software company, and we help teams like yours reach more customers with less effort. ' +
    'You write one script, pick a presenter and a voice, and the studio turns it into a personal video for every contact on your list. ' +
    'Each person sees their own name and company, and you can see who watched and who clicked. If that sounds useful, reply to this message and we can find a time to talk next week.',
  fr:
    'Bonjour Marie, merci de prendre une minute pour regarder cette courte vidéo. Je dirige l’équipe commerciale d’une petite société de logiciels, et nous aidons les équipes comme la vôtre à toucher plus de clients avec moins d’efforts. ' +
    'Vous écrivez un seul texte, vous choisissez un présentateur et une voix, et le studio en fait une vidéo personnelle pour chaque contact de votre liste. ' +
    'Chaque personne voit son nom et son entreprise. Si cela vous intéresse, répondez à ce message et nous trouverons un moment pour en parler.',
  es:
    'Hola María, gracias por tomarte un minuto para ver este vídeo corto. Dirijo el equipo de ventas de una pequeña empresa de software, y ayudamos a equipos como el tuyo a llegar a más clientes con menos esfuerzo. ' +
    'Escribes un solo guion, eliges un presentador y una voz, y el estudio lo convierte en un vídeo personal para cada contacto de tu lista. ' +
    'Cada persona ve su nombre y su empresa, y tú ves quién lo miró. Si te parece útil, responde a este mensaje y buscamos un momento para hablar.',
  de:
    'Hallo Maria, danke, dass Sie sich eine Minute für dieses kurze Video nehmen. Ich leite das Vertriebsteam einer kleinen Softwarefirma, und wir helfen Teams wie Ihrem, mit weniger Aufwand mehr Kunden zu erreichen. ' +
    'Sie schreiben einen einzigen Text, wählen einen Sprecher und eine Stimme, und das Studio macht daraus ein persönliches Video für jeden Kontakt auf Ihrer Liste. ' +
    'Jede Person sieht ihren eigenen Namen und ihre Firma. Wenn das nützlich klingt, antworten Sie einfach auf diese Nachricht, und wir finden einen Termin.',
  it:
    'Ciao Maria, grazie per aver dedicato un minuto a questo breve video. Dirigo il team commerciale di una piccola azienda di software, e aiutiamo i team come il tuo a raggiungere più clienti con meno fatica. ' +
    'Scrivi un solo testo, scegli un presentatore e una voce, e lo studio lo trasforma in un video personale per ogni contatto della tua lista. ' +
    'Ogni persona vede il proprio nome e la propria azienda. Se ti sembra utile, rispondi a questo messaggio e troveremo un momento per parlarne.',
  pt:
    'Olá Maria, obrigado por tirar um minuto para ver este vídeo curto. Eu dirijo a equipa comercial de uma pequena empresa de software, e ajudamos equipas como a sua a chegar a mais clientes com menos esforço. ' +
    'Escreve um único texto, escolhe um apresentador e uma voz, e o estúdio transforma-o num vídeo pessoal para cada contacto da sua lista. ' +
    'Cada pessoa vê o seu nome e a sua empresa. Se lhe parecer útil, responda a esta mensagem e encontramos um momento para conversar.',
};

/** Recogniser models by language: Debian packages the US English one. */
const MODELS: Partial<Record<VoiceLanguage, string[]>> = {
  en: [
    '-hmm',
    '/usr/share/pocketsphinx/model/en-us/en-us',
    '-lm',
    '/usr/share/pocketsphinx/model/en-us/en-us.lm.bin',
    '-dict',
    '/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict',
  ],
};

function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[’']/g, "'")
    .replace(/[^\p{L}\p{N}' ]+/gu, ' ')
    .split(/\s+/)
    .filter(Boolean);
}

/** Levenshtein distance over words, divided by the reference's length. */
export function wordErrorRate(reference: string, hypothesis: string): number {
  const r = words(reference);
  const h = words(hypothesis);
  let prev = Array.from({ length: h.length + 1 }, (_, j) => j);
  for (let i = 1; i <= r.length; i++) {
    const cur = [i];
    for (let j = 1; j <= h.length; j++)
      cur[j] = Math.min((prev[j] as number) + 1, (cur[j - 1] as number) + 1, (prev[j - 1] as number) + (r[i - 1] === h[j - 1] ? 0 : 1));
    prev = cur;
  }
  return (prev[h.length] as number) / Math.max(1, r.length);
}

async function ensurePocketsphinx(): Promise<boolean> {
  if (Bun.which('pocketsphinx_continuous')) return true;
  console.log('pocketsphinx is missing: installing Debian’s pocketsphinx and pocketsphinx-en-us …');
  const root = process.getuid?.() === 0;
  const apt = (args: string[]) =>
    Bun.spawnSync([...(root ? [] : ['sudo', '-n']), 'apt-get', ...args], { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } }).exitCode === 0;
  if (!apt(['update', '-qq']) || !apt(['install', '-y', '-qq', 'pocketsphinx', 'pocketsphinx-en-us'])) {
    console.log('could not install pocketsphinx (needs root and Debian’s packages)');
    return false;
  }
  return Bun.which('pocketsphinx_continuous') !== null;
}

async function transcribe(wav: string, model: string[]): Promise<string> {
  const proc = Bun.spawn(['pocketsphinx_continuous', ...model, '-infile', wav, '-logfn', '/dev/null'], { stdout: 'pipe', stderr: 'pipe' });
  const out = await new Response(proc.stdout).text();
  await proc.exited;
  return out.trim().split('\n').join(' ');
}

async function main() {
  const only = process.argv.find((a) => a.startsWith('--lang'))?.split('=')[1] ?? process.argv[process.argv.indexOf('--lang') + 1];
  const languages = (Object.keys(BENCH_SCRIPTS) as VoiceLanguage[]).filter((l) => !only || only.split(',').includes(l));
  const recogniser = await ensurePocketsphinx();
  const dir = await mkdtemp(join(tmpdir(), 'bench-voices-'));
  let failed = false;
  try {
    for (const language of languages) {
      const script = BENCH_SCRIPTS[language];
      const voices = installedVoices().filter((v) => v.language === language);
      const model = recogniser ? MODELS[language] : undefined;
      console.log(
        `\n${language}: ${words(script).length}-word script, ${voices.length} voices${model ? '' : ' — no recogniser model for this language: not measured'}`,
      );
      if (!model) {
        console.log(`  ranking kept in code: ${MEASURED_RANKING[language].join(', ')}`);
        continue;
      }
      const scored: { id: string; wer: number }[] = [];
      for (const voice of voices) {
        const [speech] = await localSpeech.synthesizeMany([{ text: script, voiceId: voice.id, workDir: dir, fileName: `${voice.id}.wav` }]);
        const wav16 = join(dir, `${voice.id}-16k.wav`);
        await runFfmpeg(['-i', speech!.wavPath, '-ar', '16000', '-ac', '1', '-c:a', 'pcm_s16le', wav16], { timeoutMs: 60_000, label: 'bench resample' });
        const wer = wordErrorRate(script, await transcribe(wav16, model));
        scored.push({ id: voice.id, wer });
        console.log(
          `  ${voice.id.padEnd(24)} ${`${voice.engineName} ${voice.name}`.padEnd(18)} ${(wer * 100).toFixed(1).padStart(5)} % WER  ${Math.round((words(script).length / speech!.durationSec) * 60)} wpm`,
        );
      }
      scored.sort((a, b) => a.wer - b.wer);
      const best = scored[0];
      const inCode = MEASURED_RANKING[language].find((id) => voices.some((v) => v.id === id));
      console.log(
        `  default by measurement: ${best?.id} (${((best?.wer ?? 1) * 100).toFixed(1)} %); in code: ${inCode}${best?.id === inCode ? '' : '  ← differs: update MEASURED_RANKING'}`,
      );
      const woman = scored.find((s) => voices.find((v) => v.id === s.id)?.gender === 'female');
      console.log(`  best woman's voice (stock avatars' default): ${woman?.id} (${((woman?.wer ?? 1) * 100).toFixed(1)} %)`);
      if (language === 'en' && Math.max(best?.wer ?? 1, woman?.wer ?? 1) > 0.3) failed = true;
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  if (failed) {
    console.log('\na default English voice is above 30 % WER');
    process.exit(1);
  }
}

if (import.meta.main) await main();
